"""What each part measured, kept for the parts after it and for COMPILE_LOG.md. Data only."""

from __future__ import annotations

from dataclasses import dataclass, field

from labs.common import timing
from labs.common.timing import Timing
from labs.compile_compare import recompile_log
from labs.compile_compare.compile_phases import CompilePhases
from labs.compile_compare.graph_breaks import Explained, FullgraphOutcome
from labs.compile_compare.machine import BusyWatch
from labs.compile_compare.shapes import PolicyRun


@dataclass
class WarmStart:
    first_step_s: float
    phases: CompilePhases
    startup_s: float           # the new process's imports and setup
    toolchain_s: float         # its first compile of anything (a one-line function)
    process_s: float           # the new process from start to its first step's end


@dataclass
class FirstStep:
    eager_trace_s: list[float]         # eager steps 1..N, one by one
    compiled_trace_s: list[float]      # compiled steps 1..N; the first one compiles
    phases: CompilePhases              # the compiled first step's compile, phase by phase
    first_loss_diff: float             # |eager - compiled| loss of step 1 (same weights, batch)
    toolchain_s: float                 # the process's first compile of anything (paid before)
    built_precompiled_header: bool     # ... which also built Inductor's precompiled C++ header
    warm: WarmStart                    # a new process on the same cache: its first step

    @property
    def eager_s(self) -> float:
        return self.eager_trace_s[0]

    @property
    def compiled_s(self) -> float:
        return self.compiled_trace_s[0]


@dataclass
class SteadyState:
    eager: Timing
    compiled: Timing
    verdict: str                       # compiled against eager: faster, slower or same
    break_even_steps: int | str        # steps until compiling has paid for itself, or "never"
    tokens_per_step: int


@dataclass
class ModeRun:
    mode: str
    first_step_s: float
    phases: CompilePhases
    steady: Timing


@dataclass
class ModeComparison:
    baseline: ModeRun
    candidate: ModeRun
    verdict: str                       # candidate's steps against baseline's
    break_even_steps: int | str

    @property
    def extra_compile_s(self) -> float:
        return self.candidate.first_step_s - self.baseline.first_step_s


@dataclass
class VariantRun:
    first_step_s: float
    steady: Timing
    recompiles: list[recompile_log.Recompile]   # while it warmed up


@dataclass
class GraphBreakStudy:
    broken: Explained
    fixed: Explained
    fullgraph_broken: FullgraphOutcome
    fullgraph_fixed: FullgraphOutcome
    loss_diff: float                   # the two variants compute the same loss
    broken_run: VariantRun             # the step with breaks, timed
    fixed_run: VariantRun              # the fixed step, timed

    @property
    def broken_first_step_s(self) -> float:
        return self.broken_run.first_step_s

    @property
    def fixed_first_step_s(self) -> float:
        return self.fixed_run.first_step_s

    @property
    def broken_step(self) -> Timing:
        return self.broken_run.steady

    @property
    def fixed_step(self) -> Timing:
        return self.fixed_run.steady

    @property
    def verdict(self) -> str:
        """The fixed step against the broken one: faster, slower or same."""
        return timing.verdict(self.broken_run.steady, self.fixed_run.steady)

    @property
    def broken_recompiles(self) -> int:
        return len(self.broken_run.recompiles)

    @property
    def broken_recompile_guard(self) -> str:
        """The guard behind the first recompilation of the broken step ("" if none)."""
        return next((r.reason.guard for r in self.broken_run.recompiles if r.reason), "")

    @property
    def fixed_recompiles(self) -> int:
        return len(self.fixed_run.recompiles)


@dataclass
class Findings:
    device: str
    preset: str
    torch_version: str
    first_step: FirstStep | None = None
    steady: SteadyState | None = None
    policies: dict[str, PolicyRun] = field(default_factory=dict)   # by policy name, in run order
    recompile_limit: int | None = None
    length_mark_error: str = ""        # what a hard mark_dynamic on the length raised
    default_mode: ModeRun | None = None   # the baseline of both mode comparisons
    autotune: ModeComparison | None = None
    cuda_graphs: ModeComparison | None = None
    breaks: GraphBreakStudy | None = None
    busy: BusyWatch = field(default_factory=BusyWatch)
