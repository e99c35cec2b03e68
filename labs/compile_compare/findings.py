"""What each part measured, kept for the parts after it and for COMPILE_LOG.md. Data only."""

from __future__ import annotations

from dataclasses import dataclass, field

from labs.common import measure
from labs.compile_compare import payoff, recompile_log
from labs.compile_compare.compile_phases import CompilePhases
from labs.compile_compare.graph_breaks import Explained, FullgraphOutcome
from labs.compile_compare.machine import BusyWatch
from labs.compile_compare.shapes import PolicyRun

CLOCKS = ("latency", "device")


@dataclass
class WarmStart:
    first_step_s: float
    phases: CompilePhases
    startup_s: float           # the new process's imports and setup
    toolchain_s: float         # its first compile of anything (a one-line function)
    vector_isa_s: float | None  # before it, on CPU: the vector-instruction search (its test programs kept)
    process_s: float           # the new process from start to its first step's end


@dataclass
class FirstStep:
    eager_trace_s: list[float]         # eager steps 1..N, one by one
    compiled_trace_s: list[float]      # compiled steps 1..N; the first one compiles
    phases: CompilePhases              # the compiled first step's compile, phase by phase
    first_loss_diff: float             # |eager - compiled| loss of step 1 (same weights, batch)
    toolchain_s: float                 # the process's first compile of anything (paid before)
    vector_isa: measure.IsaSearch | None   # on CPU, before that: the vector-instruction search
    built_precompiled_header: bool     # ... which also built Inductor's precompiled C++ header
    warm: WarmStart                    # a new process on the same cache: its first step

    @property
    def eager_s(self) -> float:
        return self.eager_trace_s[0]

    @property
    def compiled_s(self) -> float:
        return self.compiled_trace_s[0]


@dataclass
class AB:
    """Two variants of the training step that differ in one thing, timed interleaved
    (`measure.compare`) on every clock the device has; each first call was made against a
    cold cache and is the variant's cost before its first step is done."""
    baseline: str
    candidate: str
    timing: measure.Comparison
    baseline_first_s: float
    candidate_first_s: float

    @property
    def extra_compile_s(self) -> float:
        """What the candidate's first step costs more than the baseline's."""
        return self.candidate_first_s - self.baseline_first_s

    def clocks(self) -> list[str]:
        return list(CLOCKS) if self.timing.device else ["latency"]

    def pair(self, clock: str) -> tuple[measure.Stats, measure.Stats]:
        pair = self.timing.latency if clock == "latency" else self.timing.device
        if pair is None:
            raise ValueError(f"no {clock} clock on this device")
        return pair

    def speedup(self, clock: str) -> float:
        """Baseline over candidate, on that clock: above 1, the candidate is faster."""
        base, cand = self.pair(clock)
        return base.median_s / cand.median_s

    def verdict(self, clock: str) -> str:
        return measure.verdict(*self.pair(clock))

    def within_noise(self, clock: str) -> bool:
        """Each median inside the other's quartiles: a "same" for that reason, not for the band."""
        base, cand = self.pair(clock)
        return base.within_spread(cand.median_s) and cand.within_spread(base.median_s)

    def summary_rows(self) -> list[tuple[str, str, float, bool]]:
        """(clock, verdict, speedup, within_noise) per clock, as `summaries.clocks` reads them."""
        return [(c, self.verdict(c), self.speedup(c), self.within_noise(c)) for c in self.clocks()]

    def break_even(self, clock: str) -> int | str:
        """Steps after which the candidate's extra first-step cost is paid back, on that clock."""
        base, cand = self.pair(clock)
        return payoff.break_even_steps(self.extra_compile_s, base.median_s, cand.median_s, self.verdict(clock),
                                       payoff.first_steps_apart(self.baseline_first_s, self.candidate_first_s))

    def clocks_agree(self) -> str:
        """"yes"/"no" when the device has two clocks and their verdicts agree or not; "one_clock"."""
        if not self.timing.device:
            return "one_clock"
        return "yes" if self.verdict("latency") == self.verdict("device") else "no"


@dataclass
class ModeComparison:
    ab: AB
    mode: str                          # the candidate's mode, as passed to torch.compile
    bounds: dict[str, object]          # Inductor options that bounded its search
    gemm_autotunes: int                # matrix products whose implementation was benchmarked


@dataclass
class SymbolicCost:
    """Symbolic sizes against constant ones: dynamic=True's graph and dynamic=False's, at one shape."""
    ab: AB
    shape: tuple[int, int]
    static_graph: str                  # idx's shape in each graph, e.g. "[48, 40]", "[s0, s1]"
    dynamic_graph: str
    recompiled_while_timing: int       # graphs compiled during the timing: must be 0


@dataclass
class GraphBreakStudy:
    broken: Explained
    fixed: Explained
    fullgraph_broken: FullgraphOutcome
    fullgraph_fixed: FullgraphOutcome
    loss_diff: float                   # the two variants compute the same loss
    ab: AB                             # the step with breaks against the fixed step
    broken_recompiles: list[recompile_log.Recompile]   # while the step with breaks warmed up
    fixed_recompiles: list[recompile_log.Recompile]

    @property
    def broken_recompile_guard(self) -> str:
        """The guard behind the first recompilation of the broken step ("" if none)."""
        return next((r.reason.guard for r in self.broken_recompiles if r.reason), "")

    def broken_recompiles_by_frame(self) -> list[tuple[str, str, int]]:
        """(function, location, log records) per frame that recompiled, in the order they first
        did. Dynamo counts recompilations, and applies its limit, per frame: each frame resumed
        after a break has its own, so the step's total can pass the limit."""
        counts: dict[tuple[str, str], int] = {}
        for recompile in self.broken_recompiles:
            frame = (recompile.function, recompile.location)
            counts[frame] = counts.get(frame, 0) + 1
        return [(function, location, n) for (function, location), n in counts.items()]


@dataclass
class Findings:
    device: str
    preset: str
    torch_version: str
    first_step: FirstStep | None = None
    steady: AB | None = None
    tokens_per_step: int = 0
    study_layers: int = 0              # blocks of the recompilation and graph-break studies' model
    policies: dict[str, PolicyRun] = field(default_factory=dict)   # by policy name, in run order
    recompile_limit: int | None = None
    length_mark_error: str = ""        # what a hard mark_dynamic on the length raised
    float_restarts: tuple[int, int] | None = None   # dynamic=True restarts: floats symbolic, constant
    symbolic: SymbolicCost | None = None
    autotune: ModeComparison | None = None
    cuda_graphs: ModeComparison | None = None
    breaks: GraphBreakStudy | None = None
    busy: BusyWatch = field(default_factory=BusyWatch)
