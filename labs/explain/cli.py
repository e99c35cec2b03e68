"""`python -m labs.explain PATH.py:ClassName --input 8,64 [--device cuda] [--out DIR] [--lang es]`

Compiles any nn.Module on the inputs given, captures the kernels Inductor generates, and
writes the annotated report (REPORT.md), the structured facts (explain.json) and each
kernel's source into --out. Anything wrong with the module or its input stops with one line
on stderr that says what to do, and exit status 2.
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

import torch

from labs.common import fingerprint
from labs.explain import report
from labs.explain.explainer import ExplainError, Explanation, explain

_SHAPE = re.compile(r"^(?P<shape>\d+(?:,\d+)*)(?::(?P<dtype>int64|int32|float32|float16|bfloat16)(?::(?P<high>\d+))?)?$")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m labs.explain", description=__doc__.split("\n")[2])
    parser.add_argument("module", help="the module to explain, as PATH.py:ClassName")
    parser.add_argument("--input", action="append", default=[], metavar="SHAPE",
                        help="one per forward argument: 8,64 (random float32), or 8:int64:100 (integers below 100)")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--out", type=Path, default=Path("explain-out"), help="folder for the report (default: %(default)s)")
    parser.add_argument("--lang", choices=("en", "es"), default="en", help="language of REPORT.md")
    parser.add_argument("--kwargs", default="{}", help='constructor arguments as JSON, e.g. \'{"d_model": 64}\'')
    parser.add_argument("--budget", type=float, default=2.0, help="seconds spent timing eager against compiled")
    parser.add_argument("--allow-graph-breaks", action="store_true", help="explain each graph instead of stopping")
    parser.add_argument("--threads", type=int, default=None,
                        help="CPU threads while timing (default: COURSE_TIMING_THREADS, else torch's default)")
    return parser.parse_args(argv)


def load_class(spec: str) -> type:
    path_text, colon, name = spec.rpartition(":")
    if not colon or not path_text.endswith(".py") or not name.isidentifier():
        raise ExplainError(f"{spec!r} is not PATH.py:ClassName; give the file and the class, e.g. "
                           "labs/explain/examples.py:RMSNorm")
    path = Path(path_text)
    if not path.is_file():
        raise ExplainError(f"no file {path}; give the path of the Python file that defines {name}, as PATH.py:{name}")
    module_spec = importlib.util.spec_from_file_location(f"explained_{path.stem}", path)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_spec.name] = module  # dataclasses and pickling look a class's module up there
    sys.path.insert(0, str(path.resolve().parent))  # so the file's own imports of its neighbours work
    try:
        module_spec.loader.exec_module(module)
    except Exception as error:
        raise ExplainError(f"{path} could not be imported ({type(error).__name__}: {error}); "
                           f"run `python {path}` to see the whole error") from None
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


def build(cls: type, kwargs_json: str) -> torch.nn.Module:
    try:
        kwargs = json.loads(kwargs_json)
    except json.JSONDecodeError as error:
        raise ExplainError(f"--kwargs is not JSON ({error}); write it like '{{\"d_model\": 64}}'") from None
    try:
        return cls(**kwargs)
    except Exception as error:
        raise ExplainError(f"{cls.__name__}(**{kwargs}) failed ({type(error).__name__}: {error}); give its arguments "
                           "with --kwargs as JSON, or defaults in the class") from None


def make_inputs(specs: list[str]) -> list[torch.Tensor]:
    if not specs:
        raise ExplainError("no --input; give the shape of each forward argument, e.g. --input 8,64")
    generator = torch.Generator().manual_seed(0)
    tensors = []
    for spec in specs:
        match = _SHAPE.match(spec.replace(" ", ""))
        if not match:
            raise ExplainError(f"--input {spec} is not a shape; write sizes separated by commas, e.g. --input 8,64 "
                               "(or 8:int64:100 for integer ids below 100)")
        shape = [int(s) for s in match.group("shape").split(",")]
        dtype = getattr(torch, match.group("dtype") or "float32")
        if dtype.is_floating_point:
            tensors.append(torch.randn(*shape, generator=generator).to(dtype))
        else:
            tensors.append(torch.randint(0, int(match.group("high") or 100), shape, generator=generator, dtype=dtype))
    return tensors


def write_outputs(explanation: Explanation, out: Path, lang: str, command: str) -> Path:
    kernels = out / "kernels"
    kernels.mkdir(parents=True, exist_ok=True)
    for graph in explanation.graphs:
        for kf in graph.facts.kernels:
            suffix = "cpp" if kf.language == "cpp" else "py"
            (kernels / f"{kf.kernel}.{suffix}").write_text(graph.sources[kf.kernel] + "\n")
    data = {"module": explanation.name, "device": explanation.device, "inputs": explanation.inputs,
            "versions": explanation.versions, "seconds": round(explanation.seconds, 2),
            "timing": dataclasses.asdict(explanation.timing) if explanation.timing else None,
            "graphs": [{"folder": str(g.folder.relative_to(out)), "facts": dataclasses.asdict(g.facts),
                        "checks": g.verdicts} for g in explanation.graphs]}
    (out / "explain.json").write_text(json.dumps(data, indent=1) + "\n")
    path = out / ("REPORT.md" if lang == "en" else f"REPORT.{lang}.md")
    path.write_text(report.render_report(explanation, lang, command, fingerprint.device_name(explanation.device)))
    return path


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    try:
        if args.device == "cuda" and not torch.cuda.is_available():
            raise ExplainError("--device cuda, but torch sees no CUDA GPU; run on a machine with one, or use --device cpu")
        cls = load_class(args.module)
        model, inputs = build(cls, args.kwargs), make_inputs(args.input)
        out = args.out.resolve()
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="explain-") as work:
            explanation = explain(model, inputs, args.device, Path(work), out, args.budget, args.allow_graph_breaks,
                                  cls.__name__, args.threads)
    except ExplainError as error:
        print(f"explain: {error}", file=sys.stderr)
        return 2
    command = "python -m labs.explain " + " ".join(sys.argv[1:] if argv is None else argv)
    path = write_outputs(explanation, out, args.lang, command)
    kernels = sum(len(g.facts.kernels) for g in explanation.graphs)
    patterns = [f"{k.pattern} in {k.kernel}" for g in explanation.graphs for k in g.facts.kernels
                if k.pattern in ("softmax", "log_softmax")]
    timing = explanation.timing
    print(f"{explanation.name}: {len(explanation.graphs)} graph(s), {kernels} kernel(s)"
          + (f"; {', '.join(patterns)}" if patterns else "")
          + f"; compiled {timing.compiled.median_s * 1e6:.1f} µs against eager {timing.eager.median_s * 1e6:.1f} µs "
          f"({timing.verdict}); {time.perf_counter() - started:.1f} s. Report: {path}")
    return 0
