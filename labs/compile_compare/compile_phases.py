"""Where a compiled first step's time goes, read from Dynamo's own compilation records.

Every frame Dynamo compiles leaves one record (`torch._dynamo.utils.get_compilation_metrics()`),
and so does the backward graph, which AOTAutograd compiles lazily at the first `backward()`.
Their cumulative timers (the `dynamo_timed` phases) nest inside one another:

    forward record:   dynamo ⊃ aot_autograd ⊃ inductor ⊃ triton_compile_time
    backward record:  backward ⊃ inductor ⊃ triton_compile_time

`triton_compile_time` is Inductor waiting for its compile workers: Triton on a GPU, g++ on a
CPU (the name predates the C++ backend). Each phase below is one timer minus the timer nested
inside it, so the phases add up to the compile time and none is counted twice.

Pure functions of the records, so they are tested on hand-made ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

# (key, what the phase does); the keys name the page's table rows and COMPILE_LOG's.
PHASES = (
    ("dynamo", "Dynamo: Python bytecode to an FX graph, plus guards"),
    ("aot_autograd", "AOTAutograd: joint forward-backward graph, partition (or a cache load)"),
    ("inductor", "Inductor: lowering, fusion, scheduling, code generation"),
    ("kernel_compile", "waiting for the kernel compiler (g++ on CPU, Triton on GPU)"),
)


@dataclass(frozen=True)
class CompilePhases:
    dynamo_s: float = 0.0
    aot_autograd_s: float = 0.0
    inductor_s: float = 0.0
    kernel_compile_s: float = 0.0
    records: int = 0                 # forward frames and backward graphs compiled
    fx_cache_hits: int = 0           # Inductor's FX-graph cache, on local disk
    fx_cache_misses: int = 0
    aot_cache_hits: int = 0          # AOTAutograd's cache (a hit skips Inductor entirely)
    aot_cache_misses: int = 0

    @property
    def total_s(self) -> float:
        return self.dynamo_s + self.aot_autograd_s + self.inductor_s + self.kernel_compile_s

    def seconds(self, phase: str) -> float:
        return getattr(self, f"{phase}_s")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _seconds(record: Any, field: str) -> float:
    return (getattr(record, field, None) or 0) / 1e6


def _count(record: Any, field: str) -> int:
    return int(getattr(record, field, None) or 0)


def phases_from_records(records: Iterable[Any]) -> CompilePhases:
    """Sum the phases over compilation records (CompilationMetrics or look-alikes)."""
    totals = dict.fromkeys(("dynamo_s", "aot_autograd_s", "inductor_s", "kernel_compile_s"), 0.0)
    counts = dict.fromkeys(("records", "fx_cache_hits", "fx_cache_misses", "aot_cache_hits",
                            "aot_cache_misses"), 0)
    for record in records:
        if getattr(record, "is_runtime", False):
            continue  # runtime bookkeeping (e.g. autotuning on first run), not a compilation
        backward = _seconds(record, "backward_cumulative_compile_time_us")
        if backward:
            outer, aot = backward, backward  # the whole lazy backward compile is AOTAutograd's
        else:
            outer = _seconds(record, "dynamo_cumulative_compile_time_us")
            aot = _seconds(record, "aot_autograd_cumulative_compile_time_us")
        inductor = _seconds(record, "inductor_cumulative_compile_time_us")
        waiting = _seconds(record, "triton_compile_time_us")
        totals["dynamo_s"] += max(0.0, outer - aot)
        # On a cache hit Inductor does not run, and the wait for compiled code (if any)
        # happens inside AOTAutograd's cache load: take it from whichever timer holds it.
        totals["aot_autograd_s"] += max(0.0, aot - inductor - max(0.0, waiting - inductor))
        totals["inductor_s"] += max(0.0, inductor - waiting)
        totals["kernel_compile_s"] += waiting
        counts["records"] += 1
        counts["fx_cache_hits"] += _count(record, "inductor_fx_local_cache_hit_count")
        counts["fx_cache_misses"] += _count(record, "inductor_fx_local_cache_miss_count")
        counts["aot_cache_hits"] += _count(record, "aotautograd_local_cache_hit_count")
        counts["aot_cache_misses"] += _count(record, "aotautograd_local_cache_miss_count")
    return CompilePhases(**totals, **counts)


def split_rows(phases: CompilePhases, first_step_s: float) -> list[list[Any]]:
    """Rows (phase, seconds, share of the first step); "rest" is running the step and all else."""
    rows = [[key, phases.seconds(key), phases.seconds(key) / first_step_s] for key, _ in PHASES]
    rest = max(0.0, first_step_s - phases.total_s)
    rows.append(["rest", rest, rest / first_step_s])
    return rows
