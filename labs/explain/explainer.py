"""Compile a module, capture its kernels, annotate each one, and time it: one explanation.

    explanation = explain(model, inputs, device="cpu", work=Path("scratch"))

Capture and timing are separate phases (labs.common.measure): the compile that writes the
dumps runs inside `recorder.capturing` with Inductor's trace on; the timing compiles again,
cold, outside it, and times eager against compiled in alternating rounds.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import torch

from labs.common import inductor_output, measure
from labs.common.kernel_facts import checks, facts, recorder
from labs.common.kernel_facts.records import GraphFacts
from labs.explain.errors import ExplainError

# Files of a graph's debug folder worth keeping beside the report.
__all__ = ["ExplainError", "Explanation", "explain"]
KEPT = ("output_code.py", "ir_post_fusion.txt", inductor_output.PROVENANCE_FILE, "post_grad_graph.json")


@dataclass
class Graph:
    folder: Path                       # its debug folder, copied under the output folder
    facts: GraphFacts
    sources: dict[str, str]            # kernel -> source
    externs: list[str]                 # library calls: extern_kernels.addmm, ...
    verdicts: dict[str, dict]          # kernel -> checks of meaning


@dataclass
class Timing:
    eager: measure.Stats
    compiled: measure.Stats
    compile_s: float
    verdict: str
    device_eager: measure.Stats | None = None
    device_compiled: measure.Stats | None = None
    threads: int | None = None

    @property
    def speedup(self) -> float:
        return self.eager.median_s / self.compiled.median_s


@dataclass
class Explanation:
    name: str
    device: str
    inputs: list[str]
    graphs: list[Graph] = field(default_factory=list)
    timing: Timing | None = None
    seconds: float = 0.0               # wall time of the whole explanation
    versions: str = ""


def describe(tensor: torch.Tensor) -> str:
    return f"{tuple(tensor.shape)} {str(tensor.dtype).removeprefix('torch.')}"


def graph_breaks(model: torch.nn.Module, inputs: Sequence[torch.Tensor]) -> list[str]:
    """Each graph break Dynamo would take, as "reason (file:line)"."""
    torch._dynamo.reset()
    report = torch._dynamo.explain(model)(*inputs)
    found = []
    for reason in report.break_reasons:
        where = next(iter(reversed(reason.user_stack)), None)
        place = f" ({Path(where.filename).name}:{where.lineno})" if where else ""
        found.append(f"{reason.reason.splitlines()[0]}{place}")
    torch._dynamo.reset()
    return found


def capture(model: torch.nn.Module, inputs: Sequence[torch.Tensor], work: Path, out: Path,
            kernels_from: Path | None = None) -> list[Graph]:
    """Compile under Inductor's trace; keep each graph's files under `out/dumps/` with its facts.
    kernels_from: the cache of the timed cold compile of the same model, whose kernels it loads."""
    with recorder.capturing(work / "debug", kernels_from=kernels_from) as captured:
        torch.compile(model, dynamic=False)(*inputs)
    graphs = []
    for number, source in enumerate(captured.folders):
        folder = out / "dumps" / f"graph_{number}"
        folder.mkdir(parents=True, exist_ok=True)
        for name in KEPT:
            if (source / name).is_file():
                shutil.copy(source / name, folder / name)
        found = facts.analyze(folder)
        facts.write(found, folder)  # the structured facts, saved at compile time beside the dump
        text = (folder / "output_code.py").read_text(encoding="utf-8")
        graphs.append(Graph(folder, found, {k.name: k.source for k in inductor_output.parse_kernels(text)},
                            inductor_output.extern_kernel_calls(inductor_output.wrapper_call(text)),
                            checks.verify(found, folder)))
    return graphs


def time_it(model: torch.nn.Module, inputs: Sequence[torch.Tensor], device: str, budget_s: float,
            threads: int | None = None, keep_cache_in: Path | None = None) -> Timing:
    """A cold compile, then eager against compiled on the warm path, interleaved. The process's
    one-time compile costs are paid first, on a one-line function, so the compile time is the
    model's own; keep_cache_in: where the cold compile's cache stays, for the capture after."""
    try:
        measure.ensure_clean()
    except measure.TimingPolluted as error:
        raise ExplainError(f"{error}; unset those variables and run again") from None
    threads = threads or measure.timing_threads(device)
    measure.warm_up_compiler(device)
    with measure.cpu_threads(threads, device):
        compiled = torch.compile(model, dynamic=False)
        compile_s = measure.compile_seconds(lambda: compiled(*inputs), device, keep_in=keep_cache_in)
        result = measure.compare(lambda: model(*inputs), lambda: compiled(*inputs), device, budget_s=budget_s)
    device_eager, device_compiled = result.device or (None, None)
    return Timing(result.latency[0], result.latency[1], compile_s, result.verdict, device_eager, device_compiled,
                  threads)


def explain(model: torch.nn.Module, inputs: Sequence[torch.Tensor], device: str, work: Path, out: Path,
            budget_s: float = 2.0, allow_breaks: bool = False, name: str | None = None,
            threads: int | None = None, phase: Callable[[str], None] = lambda _: None) -> Explanation:
    """`threads`: CPU threads while timing (None: labs.common.measure's choice); `phase` is told
    when the learner's forward runs and when compiling starts (labs.common.learner_code's limits)."""
    started = time.perf_counter()
    name = name or type(model).__name__
    model = model.to(device).eval()
    inputs = [t.to(device) for t in inputs]
    with torch.no_grad():
        phase("forward")
        try:
            model(*inputs)
        except Exception as error:  # the learner's forward, on the learner's input
            shapes = ", ".join(describe(t) for t in inputs)
            raise ExplainError(f"{name} failed on inputs {shapes}: {type(error).__name__}: "
                               f"{str(error).splitlines()[0] if str(error) else ''}; pass --input with the shape "
                               "its forward expects (one --input per argument)") from error
        phase("compile")
        try:
            breaks = graph_breaks(model, inputs)
        except Exception as error:
            raise ExplainError(f"Dynamo could not trace {name}: {type(error).__name__}: "
                               f"{str(error).splitlines()[0] if str(error) else ''}; "
                               "try torch.compile on it directly to see the whole error") from error
        if breaks and not allow_breaks:
            raise ExplainError(f"{name}'s forward has {len(breaks)} graph break(s): {'; '.join(breaks)}; remove them "
                               "or pass --allow-graph-breaks to explain each graph")
        # Timed first, in a cold cache kept on disk; the capture then lowers the same graphs
        # again with the trace on and loads their kernels from that cache instead of building them.
        work.mkdir(parents=True, exist_ok=True)
        kernels = Path(tempfile.mkdtemp(prefix="kernel-cache-", dir=work))  # new, so the compile is cold
        timing = time_it(model, inputs, device, budget_s, threads, keep_cache_in=kernels)
        graphs = capture(model, inputs, work, out, kernels_from=kernels)
    triton = getattr(__import__("sys").modules.get("triton"), "__version__", None)
    versions = f"torch {torch.__version__}" + (f", triton {triton}" if triton else "")
    return Explanation(name, device, [describe(t) for t in inputs], graphs, timing,
                       time.perf_counter() - started, versions)
