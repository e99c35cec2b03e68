"""Recompilations: one compiled training step fed a sequence of (batch, length) shapes.

Each policy is a way to tell torch.compile about changing shapes:

    static        dynamic=False: every new shape is a new graph (a recompile each time)
    automatic     dynamic=None, torch.compile's default: the first graph is static; when a
                  size changes, Dynamo recompiles with that dimension symbolic ("automatic
                  dynamic shapes"), so later sizes along it reuse the graph
    dynamic       dynamic=True: symbolic sizes from the first compile
    mark_dynamic  torch._dynamo.mark_dynamic on the batch dimension, maybe_mark_dynamic on
                  the length: symbolic from the first compile where the model allows it

MiniGPT slices its causal mask with `[:T, :T]`. At T == block_size that slice is the whole
buffer, a case Dynamo must tell apart from T < block_size, so a full-block length is
specialized (compiled as the constant): dynamic=True still recompiles once the length
changes, and a hard mark_dynamic on the length raises ConstraintViolationError
(`probe_length_mark` records it). maybe_mark_dynamic is the hint that may be overruled.

Every recompilation is read from the TORCH_LOGS="recompiles" log (with the guard that
failed) and counted again from Dynamo's compilation records, so the two can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import torch
import torch._dynamo
import torch._dynamo.utils

from labs.common import timing
from labs.compile_compare import compiling, recompile_log, training

# What `dynamic=` each policy passes, and whether it marks the inputs' dimensions dynamic.
POLICIES: dict[str, tuple[bool | None, bool]] = {
    "static": (False, False),
    "automatic": (None, False),
    "dynamic": (True, False),
    "mark_dynamic": (None, True),
}
DIM_NAMES = {0: "batch", 1: "length"}   # the dimensions of idx and targets
_IDX_SHAPE = re.compile(r"'l_idx_': \[(?P<dims>[^\]]*)\]")
_SYMBOL = re.compile(r"\bs\d+\b")


@dataclass(frozen=True)
class ShapeCall:
    index: int
    batch: int
    seq_len: int
    first_call_s: float
    recompiled: bool                           # the log recorded a recompilation for this call
    reasons: tuple[str, ...]                   # the guard that failed, per recompilation
    graph_idx_shape: str                       # idx's shape inside the graph compiled now ("" if none)


@dataclass
class PolicyRun:
    policy: str
    calls: list[ShapeCall] = field(default_factory=list)
    log_messages: list[str] = field(default_factory=list)
    recompiles_logged: int = 0                 # from TORCH_LOGS="recompiles"
    recompiles_recorded: int = 0               # forward graphs compiled after the first, from records
    graphs: int = 0                            # forward graphs compiled
    compile_s: float = 0.0                     # sum of the compile phases over the sequence
    steady: timing.Timing | None = None        # the step at the first shape, after the sequence


def graph_idx_shape(records: list[Any]) -> str:
    """idx's shape in the forward graph compiled during a call: "[8, 32]" or "[s0, s1]"."""
    for record in records:
        match = _IDX_SHAPE.search(getattr(record, "graph_node_shapes", None) or "")
        if match:
            dims = [d.strip().strip("'\"") for d in match["dims"].split(",")]
            return "[" + ", ".join(dims) + "]"
    return ""


def graph_dims(shape: str) -> tuple[str, str]:
    """("s95", "32") from "[s95, 32]": idx's batch and length as the graph has them."""
    dims = [d.strip() for d in shape.strip("[]").split(",")] + ["", ""]
    return dims[0], dims[1]


def is_symbolic(shape: str) -> bool:
    """True for a graph shape with a symbolic size ("[s0, 32]"), False for "[8, 32]"."""
    return bool(_SYMBOL.search(shape))


def first_graph(run: PolicyRun) -> str:
    """idx's shape in the graph the run compiled at its first call ("" if none)."""
    return run.calls[0].graph_idx_shape if run.calls else ""


def specialized(run: PolicyRun) -> tuple[bool, bool]:
    """(batch, length): whether the run's first graph compiled each as a constant.

    Under dynamic=True MiniGPT's mask slice specializes a full-block length, and duck sizing
    (equal sizes share one symbol) specializes a batch equal to it along with it.
    """
    batch, length = graph_dims(first_graph(run))
    return batch.isdigit(), length.isdigit()


def went_dynamic(run: PolicyRun) -> bool:
    """Whether any graph the run compiled had a symbolic size (automatic dynamic shapes)."""
    return any(is_symbolic(c.graph_idx_shape) for c in run.calls)


def step_ratio(run: PolicyRun, baseline: PolicyRun) -> float:
    """The run's steady step time over the baseline's (e.g. static's)."""
    return run.steady.median_s / baseline.steady.median_s


def symbolic_cost(static: PolicyRun, dynamic: PolicyRun) -> tuple[float, str]:
    """What symbolic sizes cost per step: dynamic's step time over static's, and its verdict."""
    return step_ratio(dynamic, static), timing.verdict(static.steady, dynamic.steady)


def _mark(batch: training.Batch) -> training.Batch:
    for tensor in batch:
        torch._dynamo.mark_dynamic(tensor, 0)        # batch: nothing in the model fixes it
        torch._dynamo.maybe_mark_dynamic(tensor, 1)  # length: the mask slice may specialize it
    return batch


def probe_length_mark(replica: training.Replica, batch: int, seq_len: int) -> str:
    """Try a hard mark_dynamic on the length; return the error Dynamo raises, or "".

    backend="eager": the error comes from Dynamo's guards, no kernel needs compiling to see it.
    """
    compiling.reset()
    compiled = torch.compile(replica.model, backend="eager")
    idx, targets = training.batches(batch, seq_len, replica.device, count=1)[0]
    for tensor in (idx, targets):
        torch._dynamo.mark_dynamic(tensor, 1)
    try:
        compiled(idx, targets)
    except Exception as error:  # ConstraintViolationError in torch 2.x; any other is reported too
        lines = [line.strip(" -") for line in str(error).splitlines() if line.strip()]
        detail = next((line for line in lines if "specialized" in line or "guard" in line), lines[0] if lines else "")
        return f"{type(error).__name__}: {detail}"
    finally:
        compiling.reset()
    return ""


def run_policy(policy: str, replica: training.Replica, shapes: tuple[tuple[int, int], ...],
               bench_budget_s: float) -> PolicyRun:
    dynamic, mark = POLICIES[policy]
    compiling.reset()
    step = compiling.compiled_step(replica, dynamic=dynamic)
    run = PolicyRun(policy)
    all_records: list[Any] = []
    with recompile_log.Capture() as log:
        for index, (batch, seq_len) in enumerate(shapes):
            data = training.batches(batch, seq_len, replica.device, count=1, seed=index)[0]
            data = _mark(data) if mark else data
            logged_before = len(log.messages)
            call = compiling.timed_first_call(lambda data=data: step(*data), replica.device)
            records = torch._dynamo.utils.get_compilation_metrics()
            all_records += records
            new = [r for message in log.messages[logged_before:] for r in recompile_log.parse(message)]
            reasons = tuple(r.reason.describe(DIM_NAMES) if r.reason else "?" for r in new)
            run.calls.append(ShapeCall(index, batch, seq_len, call.seconds, bool(new), reasons,
                                       graph_idx_shape(records)))
            run.compile_s += call.phases.total_s
        run.log_messages = list(log.messages)
        run.recompiles_logged = len(log.recompiles())
    forward = [r for r in all_records if not getattr(r, "backward_cumulative_compile_time_us", None)
               and not getattr(r, "is_runtime", False)]
    run.graphs = len(forward)
    run.recompiles_recorded = sum(1 for r in forward if getattr(r, "recompile_reason", None))
    first_batch, first_len = shapes[0]
    rotation = training.batches(first_batch, first_len, replica.device)
    rotation = [_mark(b) for b in rotation] if mark else rotation
    run.steady = timing.bench(training.on_rotation(step, rotation), replica.device,
                              budget_s=bench_budget_s)
    return run
