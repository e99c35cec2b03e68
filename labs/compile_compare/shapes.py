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

Dynamo's records also count restarts: a frame traced, thrown away and traced again inside one
compilation. Under dynamic=True Python floats stay symbolic too, and a float the graph cannot
turn into tensor arithmetic restarts the trace with that float as a constant
(TensorifyScalarRestartAnalysis). `probe_float_restart` asks whether the floats are the cause:
the same compile with torch._dynamo.config.specialize_float=True; `module_floats` lists the
floats the model's modules hold (Dropout.p, LayerNorm.eps, Embedding.norm_type, MiniGPT's own).

Each policy compiles its own copy of the loss function (`training.own_copy`) in a cold cache:
its graphs, guards and recompile count are its own, its compile time owes nothing to what
another policy left on disk, and every policy's step stays compiled for the comparison of
symbolic and constant sizes. Every recompilation is read from Dynamo's "recompiles" log
(with the guard that failed) and counted again from Dynamo's compilation records.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
import torch._dynamo
import torch._dynamo.utils

from labs.common import measure
from labs.compile_compare import compiling, recompile_log, training

# What `dynamic=` each policy passes, and whether it marks the inputs' dimensions dynamic.
POLICIES: dict[str, tuple[bool | None, bool]] = {
    "static": (False, False),
    "automatic": (None, False),
    "dynamic": (True, False),
    "mark_dynamic": (None, True),
}
DIM_NAMES = {"en": {0: "batch", 1: "length"}, "es": {0: "lote", 1: "longitud"}}
_IDX_SHAPE = re.compile(r"'l_idx_': \[(?P<dims>[^\]]*)\]")
_SYMBOL = re.compile(r"\bs\d+\b")
Shape = tuple[int, int]
Step = Callable[[torch.Tensor, torch.Tensor], torch.Tensor]


@dataclass(frozen=True)
class ShapeCall:
    index: int
    batch: int
    seq_len: int
    first_call_s: float
    recompiled: bool                           # the log recorded a recompilation for this call
    reasons: tuple[recompile_log.GuardFailure | None, ...]   # the guard that failed, per recompilation
    graph_idx_shape: str                       # idx's shape inside the graph compiled now ("" if none)

    @property
    def shape(self) -> Shape:
        return (self.batch, self.seq_len)


@dataclass
class PolicyRun:
    policy: str
    calls: list[ShapeCall] = field(default_factory=list)
    log_messages: list[str] = field(default_factory=list)
    recompiles_logged: int = 0                 # from the "recompiles" log
    recompiles_recorded: int = 0               # forward graphs compiled after the first, from records
    graphs: int = 0                            # forward graphs compiled
    compile_s: float = 0.0                     # the compile phases, summed over the sequence
    restarts: int = 0                          # forward compilations Dynamo restarted, from records
    restart_s: float = 0.0                     # Dynamo's time spent before those restarts
    restart_reasons: tuple[str, ...] = ()      # why, by exception name
    predicted: int = 0                         # recompilations `expected_recompiles` predicts
    replica: training.Replica | None = None    # the model it trained, and
    step: Step | None = None                   # its compiled step, still compiled

    def graph_at(self, shape: Shape) -> str:
        """idx's shape in the graph that ran `shape`: the last one compiled at or before it."""
        current = ""
        for call in self.calls:
            current = call.graph_idx_shape or current
            if call.shape == shape:
                return current
        return ""


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


# -- what each policy should do -------------------------------------------------------------

def constant_dims_at_start(policy: str, first: Shape, block_size: int) -> set[int]:
    """The dimensions the policy's first graph compiles as constants.

    static and automatic start fully static. dynamic=True and the marks start symbolic, except
    where the model specializes: a length equal to the block size (the mask slice), and, under
    dynamic=True, a batch equal to that length (duck sizing gives equal sizes one symbol).
    """
    batch, length = first
    if policy in ("static", "automatic"):
        return {0, 1}
    full_block = length == block_size
    constant = {1} if full_block else set()
    if policy == "dynamic" and full_block and batch == length:
        constant.add(0)
    return constant


def expected_recompiles(policy: str, shapes: tuple[Shape, ...], block_size: int) -> int:
    """Recompilations the policy should need over `shapes`.

    static: one per distinct shape after the first. The others: one at each call that changes
    a dimension still compiled as a constant; the recompiled graph makes it symbolic, so later
    changes along it are absorbed.
    """
    if policy == "static":
        return len(set(shapes)) - 1
    constant = constant_dims_at_start(policy, shapes[0], block_size)
    compiled_for, count = shapes[0], 0
    for shape in shapes[1:]:
        changed = {d for d in constant if shape[d] != compiled_for[d]}
        if changed:
            count += 1
            constant -= changed
            compiled_for = shape
    return count


# -- running a policy -------------------------------------------------------------------------

def _mark(batch: training.Batch) -> training.Batch:
    for tensor in batch:
        torch._dynamo.mark_dynamic(tensor, 0)        # batch: nothing in the model fixes it
        torch._dynamo.maybe_mark_dynamic(tensor, 1)  # length: the mask slice may specialize it
    return batch


def probe_length_mark(replica: training.Replica, batch: int, seq_len: int) -> str:
    """Try a hard mark_dynamic on the length; return the error Dynamo raises, or "".

    backend="eager": the error comes from Dynamo's guards, no kernel needs compiling to see it.
    """
    compiled = torch.compile(training.own_copy(training.model_loss, "loss_probe"), backend="eager")
    idx, targets = training.batches(batch, seq_len, replica.device, count=1)[0]
    for tensor in (idx, targets):
        torch._dynamo.mark_dynamic(tensor, 1)
    try:
        compiled(replica.model, idx, targets)
    except Exception as error:  # ConstraintViolationError in torch 2.x; any other is reported too
        lines = [line.strip(" -") for line in str(error).splitlines() if line.strip()]
        detail = next((line for line in lines if "specialized" in line or "guard" in line), lines[0] if lines else "")
        return f"{type(error).__name__}: {detail}"
    return ""


def run_policy(policy: str, replica: training.Replica, shapes: tuple[Shape, ...], backend: str = "inductor"
               ) -> PolicyRun:
    """Feed `shapes` to the policy's own compiled step, in a cold cache, with the log on."""
    dynamic, mark = POLICIES[policy]
    compiled_loss = torch.compile(training.own_copy(training.model_loss, f"loss_{policy}"), dynamic=dynamic,
                                  backend=backend)
    step = training.make_step(replica, replica.model, compiled_loss)
    run = PolicyRun(policy, replica=replica, step=step,
                    predicted=expected_recompiles(policy, shapes, replica.model.config.block_size))
    all_records: list[Any] = []
    with measure.cold_caches(reset_dynamo=False), recompile_log.logged() as log:
        for index, (batch, seq_len) in enumerate(shapes):
            data = training.batches(batch, seq_len, replica.device, count=1, seed=index)[0]
            data = _mark(data) if mark else data
            logged_before = len(log.messages)
            call = compiling.timed_first_call(lambda data=data: step(*data), replica.device)
            records = torch._dynamo.utils.get_compilation_metrics()
            all_records += records
            new = [r for message in log.messages[logged_before:] for r in recompile_log.parse(message)]
            run.calls.append(ShapeCall(index, batch, seq_len, call.seconds, bool(new),
                                       tuple(r.reason for r in new), graph_idx_shape(records)))
            run.compile_s += call.phases.total_s
        run.log_messages = list(log.messages)
        run.recompiles_logged = len(log.recompiles())
    forward = [r for r in all_records if not getattr(r, "backward_cumulative_compile_time_us", None)
               and not getattr(r, "is_runtime", False)]
    run.graphs = len(forward)
    run.recompiles_recorded = sum(1 for r in forward if getattr(r, "recompile_reason", None))
    run.restarts, run.restart_s, run.restart_reasons = restarts_in(forward)
    return run


_EXCEPTION_CLASS = re.compile(r"<class '(?:[\w.]+\.)?(\w+)'>")


def restart_reason_name(reason: str) -> str:
    """"TensorifyScalarRestartAnalysis" from "<class 'torch._dynamo.exc.TensorifyScalarRestartAnalysis'>";
    a reason Dynamo wrote in words stays as it is."""
    match = _EXCEPTION_CLASS.fullmatch(reason.strip())
    return match[1] if match else reason.strip()


def restarts_in(records: list[Any]) -> tuple[int, float, tuple[str, ...]]:
    """(compilations restarted, seconds before their restarts, the reasons' names) in `records`."""
    restarted = [r for r in records if getattr(r, "restart_reasons", None)]
    seconds = sum(getattr(r, "dynamo_time_before_restart_s", None) or 0.0 for r in restarted)
    reasons = sorted({restart_reason_name(reason) for r in restarted for reason in r.restart_reasons})
    return len(restarted), seconds, tuple(reasons)


def module_floats(model: torch.nn.Module) -> dict[str, int]:
    """The Python floats the model's modules hold as attributes, counted by class and name
    ({"Dropout.p": 4, "LayerNorm.eps": 3, "Embedding.norm_type": 2}), most first: under
    dynamic=True Dynamo reads each one as a symbol, not as a constant."""
    counts: dict[str, int] = {}
    for module in model.modules():
        for name, value in vars(module).items():
            if type(value) is float and not name.startswith("_"):
                key = f"{type(module).__name__}.{name}"
                counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def probe_float_restart(replica: training.Replica, batch: int, seq_len: int) -> tuple[int, int]:
    """Restarts of a cold dynamic=True compile of the loss: (as torch.compile does it, with
    torch._dynamo.config.specialize_float=True, which reads every Python float as a constant).

    One change between the two, each compiled from a code object of its own; backend="aot_eager",
    since the restart comes from AOTAutograd's pass over the graph before any kernel is written.
    Dynamo remembers, for the rest of the process, each float a restart made constant (by where
    it came from, `L['model']..._modules['ln1'].eps`), so each compile starts from
    torch._dynamo.reset(), which forgets every compiled frame: run it before compiling what must
    stay compiled.
    """
    counts = []
    idx, targets = training.batches(batch, seq_len, replica.device, count=1)[0]   # one batch: one change
    for specialize in (False, True):
        compiled = torch.compile(training.own_copy(training.model_loss, f"loss_floats_{specialize}"), dynamic=True,
                                 backend="aot_eager")
        torch._dynamo.reset()
        torch._dynamo.utils.clear_compilation_metrics()
        with torch._dynamo.config.patch(specialize_float=specialize), torch.no_grad():
            compiled(replica.model, idx, targets)
        counts.append(restarts_in(torch._dynamo.utils.get_compilation_metrics())[0])
    torch._dynamo.reset()    # what the restart taught Dynamo stays out of later compiles
    return counts[0], counts[1]


def graphs_compiled() -> int:
    """Graphs Dynamo has compiled in this process so far (its own counter)."""
    return int(torch._dynamo.utils.counters["stats"]["unique_graphs"])


def compare_symbolic(static: PolicyRun, dynamic: PolicyRun, shape: Shape, budget_s: float
                     ) -> tuple[measure.Comparison, int]:
    """The static policy's graph against dynamic=True's at one shape, interleaved; both were
    compiled by their sequences already. Returns the timing and the graphs compiled meanwhile
    (none, if both really reused their graphs)."""
    def on_rotation(run: PolicyRun):
        return training.on_rotation(run.step, training.batches(*shape, run.replica.device))
    before = graphs_compiled()
    timing = measure.compare(on_rotation(static), on_rotation(dynamic), static.replica.device, budget_s=budget_s)
    return timing, graphs_compiled() - before
