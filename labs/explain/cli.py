"""`python -m labs.explain PATH.py:ClassName --input 8,64 [--device cuda] [--out DIR] [--lang es]`

Compiles any nn.Module on the inputs given, captures the kernels Inductor generates, and
writes the annotated report (REPORT.md), the structured facts (explain.json) and each
kernel's source into --out. Anything wrong with the module or its input stops with one line
on stderr that says what to do, and exit status 2.

Every argument is checked before any work. The learner's code (importing the file, building
the class, its forward) runs in a child process under a time limit (labs.common.learner_code);
the report is written into a staging folder that replaces --out only when it is whole.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from labs.common import learner_code, whole_output
from labs.common.contract import LANGUAGES
from labs.common.kernel_facts.meaning import PATTERNS
from labs.explain.errors import ExplainError

if TYPE_CHECKING:  # torch is imported where it is needed: arguments are checked without it
    import torch

    from labs.explain.explainer import Explanation

_SHAPE = re.compile(r"^(?P<shape>[0-9]+(?:,[0-9]+)*)(?::(?P<dtype>int64|int32|float32|float16|bfloat16)(?::(?P<high>[0-9]+))?)?$")
EXIT_REFUSED = 2
MAX_BUDGET_S = 600.0  # seconds of timing; more measures nothing a median of fewer rounds does not
MADE_BY = "explain.json"  # a folder holding it was written by explain and may be replaced


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m labs.explain", description=__doc__.split("\n")[2])
    parser.add_argument("module", help="the module to explain, as PATH.py:ClassName")
    parser.add_argument("--input", action="append", default=[], metavar="SHAPE",
                        help="one per forward argument: 8,64 (random float32), or 8:int64:100 (integers below 100)")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--out", type=Path, default=Path("explain-out"), help="folder for the report (default: %(default)s)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of REPORT.md")
    parser.add_argument("--kwargs", default="{}", help='constructor arguments as JSON, e.g. \'{"d_model": 64}\'')
    parser.add_argument("--budget", type=float, default=2.0, help="seconds spent timing eager against compiled")
    parser.add_argument("--allow-graph-breaks", action="store_true", help="explain each graph instead of stopping")
    parser.add_argument("--threads", type=int, default=None,
                        help="CPU threads while timing (default: COURSE_TIMING_THREADS, else torch's default)")
    parser.add_argument("--time-limit", type=float, default=learner_code.LEARNER_LIMIT_S, metavar="SECONDS",
                        help="for each step that runs your code: importing the file, building the class, its "
                             "forward (default: %(default)g); compiling and timing get ten times as long")
    return parser.parse_args(argv)


@dataclasses.dataclass(frozen=True)
class InputSpec:
    shape: tuple[int, ...]
    dtype: str
    high: int


@dataclasses.dataclass(frozen=True)
class Job:
    """Everything the child needs, checked by the parent: plain data, so it pickles."""
    path: Path
    name: str
    kwargs: dict
    inputs: tuple[InputSpec, ...]
    device: str
    out: Path          # where the report ends up (named in messages)
    staging: Path      # where it is written
    lang: str
    budget: float
    allow_graph_breaks: bool
    threads: int | None
    command: str


def parse_module(spec: str) -> tuple[Path, str]:
    path_text, colon, name = spec.rpartition(":")
    if not colon or not path_text.endswith(".py") or not name.isidentifier():
        hint = ""
        if colon and name.isidentifier() and not path_text.endswith(".py"):
            hint = (f" ({path_text!r} names no file: give the file's path with its .py, "
                    f"e.g. {path_text.replace('.', '/')}.py:{name})")
        raise ExplainError(f"{spec!r} is not PATH.py:ClassName{hint}; give the file and the class, e.g. "
                           "labs/explain/examples.py:RMSNorm")
    path = Path(path_text)
    if not path.is_file():
        raise ExplainError(f"no file {path}; give the path of the Python file that defines {name}, as PATH.py:{name}")
    return path.resolve(), name


def load_class(path: Path, name: str) -> type:
    import torch

    module_spec = importlib.util.spec_from_file_location(f"explained_{path.stem}", path)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_spec.name] = module  # dataclasses and pickling look a class's module up there
    sys.path.insert(0, str(path.parent))  # so the file's own imports of its neighbours work
    try:
        module_spec.loader.exec_module(module)
    except Exception as error:
        raise ExplainError(f"{path.name} could not be imported ({learner_code.first_line(error)})") from error
    finally:
        sys.path.pop(0)
    found = getattr(module, name, None)
    modules = sorted(n for n, v in vars(module).items() if isinstance(v, type) and issubclass(v, torch.nn.Module)
                     and v.__module__ == module.__name__)
    if found is None:
        raise ExplainError(f"{path} has no {name}; the nn.Module classes it defines are: {', '.join(modules) or 'none'}")
    if not (isinstance(found, type) and issubclass(found, torch.nn.Module)):
        raise ExplainError(f"{name} in {path} is not a torch.nn.Module subclass; explain compiles modules")
    return found


def parse_kwargs(text: str) -> dict:
    try:
        kwargs = json.loads(text)
    except (json.JSONDecodeError, ValueError) as error:
        raise ExplainError(f"--kwargs is not JSON ({error}); write it like '{{\"d_model\": 64}}'") from None
    if not isinstance(kwargs, dict):
        raise ExplainError("--kwargs must be a JSON object of argument names, like '{\"d_model\": 64}'")
    return kwargs


def build(cls: type, kwargs: dict, where: str = "") -> torch.nn.Module:
    """`where`: the file that defines the class, named in the message."""
    try:
        return cls(**kwargs)
    except Exception as error:
        name = f"{where}:{cls.__name__}" if where else cls.__name__
        raise ExplainError(f"{name}(**{kwargs}) failed ({learner_code.first_line(error)}); give its "
                           "arguments with --kwargs as JSON, or defaults in the class") from error


def parse_inputs(specs: list[str]) -> tuple[InputSpec, ...]:
    if not specs:
        raise ExplainError("no --input; give the shape of each forward argument, e.g. --input 8,64")
    parsed = []
    for spec in specs:
        match = _SHAPE.match(spec.replace(" ", ""))
        if not match:
            raise ExplainError(f"--input {spec} is not a shape; write sizes separated by commas, e.g. --input 8,64 "
                               "(or 8:int64:100 for integer ids below 100)")
        digits = [*match.group("shape").split(","), match.group("high") or "100"]
        if any(len(d.lstrip("0")) > 18 for d in digits):  # beyond any memory (and int() refuses 4,300 digits)
            raise ExplainError(f"--input {spec[:40]}{'...' if len(spec) > 40 else ''} has a number of "
                               f"{max(len(d.lstrip('0')) for d in digits)} digits, beyond any machine's memory; "
                               "give sizes such as 8,64")
        shape = tuple(int(s) for s in match.group("shape").split(","))
        high = int(match.group("high") or 100)
        if 0 in shape or high == 0:
            raise ExplainError(f"--input {spec}: sizes (and the bound of integer ids) must be at least 1")
        parsed.append(InputSpec(shape, match.group("dtype") or "float32", high))
    return tuple(parsed)


def memory_check(inputs: tuple[InputSpec, ...], device: str) -> None:
    """Refuse inputs that cannot be allocated, from their sizes alone."""
    needed = learner_code.input_bytes([(i.shape, i.dtype) for i in inputs])
    if device == "cuda":
        import torch
        free, total = torch.cuda.mem_get_info()
        problem = learner_code.memory_refusal(needed, free, total, "the GPU")
    else:
        problem = learner_code.memory_refusal(needed, *learner_code.available_bytes())
    if problem:
        raise ExplainError(f"--input {' '.join(','.join(map(str, i.shape)) for i in inputs)}: {problem}")


def make_inputs(specs: tuple[InputSpec, ...]) -> list[torch.Tensor]:
    import torch

    generator = torch.Generator().manual_seed(0)
    tensors = []
    for spec in specs:
        dtype = getattr(torch, spec.dtype)
        if dtype.is_floating_point:
            tensors.append(torch.randn(*spec.shape, generator=generator).to(dtype))
        else:
            tensors.append(torch.randint(0, spec.high, spec.shape, generator=generator, dtype=dtype))
    return tensors


def _cuda_available() -> bool:
    import torch
    return torch.cuda.is_available()


def check_options(args: argparse.Namespace) -> None:
    for problem in (learner_code.check_finite("--budget", args.budget, low=0, high=MAX_BUDGET_S, low_inclusive=False),
                    learner_code.check_finite("--time-limit", args.time_limit, low=0, high=24 * 3600,
                                              low_inclusive=False),
                    whole_output.refusal(args.out, "--out", MADE_BY)):
        if problem:
            raise ExplainError(problem)
    if args.threads is not None and not 1 <= args.threads <= 4096:
        raise ExplainError(f"--threads {args.threads} is not a number of CPU threads; give 1 or more")
    if args.device == "cuda" and not _cuda_available():
        raise ExplainError("--device cuda, but torch sees no CUDA GPU; run on a machine with one, or use --device cpu")


def write_outputs(explanation: Explanation, out: Path, lang: str, command: str) -> Path:
    from labs.common import fingerprint
    from labs.explain import report

    kernels = out / "kernels"
    kernels.mkdir(parents=True, exist_ok=True)
    for graph in explanation.graphs:
        for kf in graph.facts.kernels:
            suffix = "cpp" if kf.language == "cpp" else "py"
            (kernels / f"{kf.kernel}.{suffix}").write_text(graph.sources[kf.kernel] + "\n", encoding="utf-8")
    data = {"module": explanation.name, "device": explanation.device, "inputs": explanation.inputs,
            "versions": explanation.versions, "seconds": round(explanation.seconds, 2),
            "timing": dataclasses.asdict(explanation.timing) if explanation.timing else None,
            "graphs": [{"folder": str(g.folder.relative_to(out)), "facts": dataclasses.asdict(g.facts),
                        "checks": g.verdicts} for g in explanation.graphs]}
    (out / "explain.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    path = out / ("REPORT.md" if lang == "en" else f"REPORT.{lang}.md")
    path.write_text(report.render_report(explanation, lang, command, fingerprint.device_name(explanation.device)),
                    encoding="utf-8")
    return path


def prepare(args: argparse.Namespace, command: str) -> Job:
    """Every check that needs no learner code, in the parent, before any work."""
    path, name = parse_module(args.module)
    inputs, kwargs = parse_inputs(args.input), parse_kwargs(args.kwargs)
    check_options(args)
    memory_check(inputs, args.device)
    return Job(path, name, kwargs, inputs, args.device, args.out.absolute(), Path(), args.lang, args.budget,
               args.allow_graph_breaks, args.threads, command)


def work(phase, job: Job) -> learner_code.Outcome:
    """In the child: import, build, explain, write into the staging folder."""
    from labs.explain.explainer import explain

    started = time.perf_counter()
    try:
        phase("import")
        cls = load_class(job.path, job.name)
        phase("construct")
        model = build(cls, job.kwargs, job.path.name)
        inputs = make_inputs(job.inputs)
        with tempfile.TemporaryDirectory(prefix="explain-") as scratch:
            explanation = explain(model, inputs, job.device, Path(scratch), job.staging, job.budget,
                                  job.allow_graph_breaks, cls.__name__, job.threads, phase=phase)
    except ExplainError as error:
        return learner_code.Outcome(EXIT_REFUSED, stderr=str(error), cause=error.__cause__)
    phase("write")
    path = write_outputs(explanation, job.staging, job.lang, job.command)
    kernels = sum(len(g.facts.kernels) for g in explanation.graphs)
    patterns = recognised_kinds(explanation.graphs)
    timing = explanation.timing
    return learner_code.Outcome(0, stdout=(
        f"{explanation.name}: {len(explanation.graphs)} graph(s), {kernels} kernel(s)"
        + (f"; {', '.join(patterns)}" if patterns else "")
        + f"; compiled {timing.compiled.median_s * 1e6:.1f} µs against eager {timing.eager.median_s * 1e6:.1f} µs "
        f"({timing.verdict}); {time.perf_counter() - started:.1f} s. Report: {job.out / path.name}"))


def recognised_kinds(graphs) -> list[str]:
    """"swiglu in cpp_fused_mul_silu_0" for each kernel that computes a kind `meaning.py`
    recognises (softmax, attention softmax, log-softmax, cross-entropy, the norms, GELU, SiLU,
    SwiGLU); a kernel that computes none of them is not named."""
    return [f"{k.pattern} in {k.kernel}" for g in graphs for k in g.facts.kernels if k.pattern in PATTERNS]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    command = "python -m labs.explain " + " ".join(sys.argv[1:] if argv is None else argv)
    try:
        job = prepare(args, command)
    except ExplainError as error:
        print(f"explain: {error}", file=sys.stderr)
        return EXIT_REFUSED
    job = dataclasses.replace(job, staging=whole_output.staging_for(job.out))
    limits = learner_code.Limits(learner_s=args.time_limit,
                                 heavy_s=max(learner_code.HEAVY_LIMIT_S, 10 * args.time_limit) + 4 * args.budget)
    try:
        outcome = learner_code.run(work, job, limits, tool="explain", subject=f"{job.path.name}:{job.name}",
                                   failure_code=EXIT_REFUSED,
                                   on_timeout="; make it return (an endless loop? a wait on input?) or give "
                                              "it longer with --time-limit")
        if outcome.code == 0:
            whole_output.put_in_place(job.staging, job.out)
    finally:
        whole_output.discard(job.staging)
    if outcome.stdout:
        print(outcome.stdout)
    if outcome.stderr:
        print(f"explain: {outcome.stderr}", file=sys.stderr)
    return outcome.code
