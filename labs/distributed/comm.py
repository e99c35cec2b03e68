"""Bytes each rank communicates in one training step: what the collectives' tensors held, and
what the process actually wrote to its sockets.

Two measurements and one estimate, kept apart:

- payload (measured, every device): `CollectiveCounter` is a TorchDispatchMode. Every
  collective, whoever issues it, passes through the dispatcher as a c10d op (DDP's C++
  reducer, FSDP2's all-gathers and reduce-scatters, the pipeline's sends) or as a functional
  collective (DTensor, hence tensor parallelism), and the mode reads the size of the tensors it
  was handed: the buffer an all-reduce reduces, the output an all-gather fills, the input a
  reduce-scatter reduces, the tensor a send sends. No formula is applied.
- sent (measured, gloo on Linux): `SentBytes` reads the bytes the process wrote through
  write() and writev() (/proc/self/io's wchar) before and after the step. gloo's TCP pairs
  write with writev, so this is what left the rank on the wire, headers included, whatever
  algorithm gloo chose. NCCL moves data over NVLink or PCIe without a system call: on a GPU
  there is no such figure, and the page says so.
- ring estimate (a prediction): the payload times what a ring algorithm sends per byte of it,
  the textbook volume `predict` also uses:

    all-reduce       2 (n - 1) / n x payload    (a reduce-scatter, then an all-gather)
    all-gather       (n - 1) / n x the gathered output
    reduce-scatter   (n - 1) / n x the input
    broadcast        the payload (from the root), send: the payload, recv: nothing

"Send-once" is the naive count "each rank sends its payload once" (DDP "sends its gradients"):
for an all-reduce it is 1 x payload against the ring's 2 (n - 1) / n, the same at 2 ranks and
apart at 4, where the measured bytes decide between them.

Like torch's CommDebugMode, the mode lets DTensor turn its operations into collectives before
counting them. It counts eager steps only: inside a compiled graph collectives can be fused or
reordered, and the volume of a pattern does not change when it is compiled.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import torch
from torch.utils._python_dispatch import TorchDispatchMode

# op name (the overload packet, without its namespace) -> (kind, which argument holds the volume)
# "out" means the first argument's tensors, "in" the second's (for ops written (output, input)).
OPS = {
    "allreduce_": ("all_reduce", "first"),
    "allreduce_coalesced_": ("all_reduce", "first"),
    "all_reduce": ("all_reduce", "first"),                    # functional (DTensor)
    "all_reduce_coalesced": ("all_reduce", "first"),
    "_allgather_base_": ("all_gather", "first"),              # (output, input)
    "allgather_into_tensor_coalesced_": ("all_gather", "first"),
    "allgather_": ("all_gather", "first"),                    # (output lists, inputs)
    "all_gather_into_tensor": ("all_gather", "gathered"),     # functional: input x group size
    "all_gather_into_tensor_coalesced": ("all_gather", "gathered"),
    "_reduce_scatter_base_": ("reduce_scatter", "second"),    # (output, input)
    "reduce_scatter_tensor_coalesced_": ("reduce_scatter", "second"),
    "reduce_scatter_": ("reduce_scatter", "second"),
    "reduce_scatter_tensor": ("reduce_scatter", "first"),     # functional: input first
    "reduce_scatter_tensor_coalesced": ("reduce_scatter", "first"),
    "broadcast_": ("broadcast", "first"),
    "broadcast": ("broadcast", "first"),
    "send": ("send", "first"),
    "recv_": ("recv", "first"),
    "all_to_all_single": ("all_to_all", "first"),
    "alltoall_base_": ("all_to_all", "second"),
}
NAMESPACES = ("c10d", "_c10d_functional", "c10d_functional", "_c10d_functional_autograd")


def tensor_bytes(value) -> int:
    """Bytes of every tensor in a (possibly nested) argument."""
    if isinstance(value, torch.Tensor):
        return value.numel() * value.element_size()
    if isinstance(value, (list, tuple)):
        return sum(tensor_bytes(item) for item in value)
    return 0


def wire_bytes(kind: str, payload: int, group_size: int) -> float:
    """Bytes a ring (or point-to-point) algorithm makes this rank send for one collective of
    `payload` bytes: an estimate, see the module docstring."""
    n = group_size
    if n <= 1:
        return 0.0
    factor = {"all_reduce": 2 * (n - 1) / n, "all_gather": (n - 1) / n, "reduce_scatter": (n - 1) / n,
              "all_to_all": (n - 1) / n, "broadcast": 1.0, "send": 1.0, "recv": 0.0}.get(kind, 1.0)
    return factor * payload


def _group_size(args, default: int) -> int:
    """The size of the group an op runs on: a ProcessGroup argument or a functional group name."""
    for arg in args:
        if isinstance(arg, (torch.Tensor, list, tuple, int, float, bool)) or arg is None:
            continue
        try:
            if isinstance(arg, str):
                from torch.distributed.distributed_c10d import _resolve_process_group
                return _resolve_process_group(arg).size()
            if callable(getattr(arg, "size", None)):
                return int(arg.size())
        except Exception:  # a reduce-op name, or a group this build cannot resolve: keep looking
            continue
    return default


def classify(op_name: str, args: tuple, world: int) -> tuple[str, int, float] | None:
    """(kind, payload bytes, ring-estimate bytes) for a collective op, None for anything else.

    `op_name` is the qualified name of the op's overload packet, e.g. "c10d.allreduce_".
    """
    namespace, _, name = op_name.rpartition(".")
    if namespace not in NAMESPACES or name not in OPS:
        return None
    kind, where = OPS[name]
    group = _group_size(args, world)
    if where == "first":
        payload = tensor_bytes(args[0])
    elif where == "second":
        payload = tensor_bytes(args[1])
    else:  # "gathered": a functional all-gather's input, times the group size
        payload = tensor_bytes(args[0]) * group
    return kind, payload, wire_bytes(kind, payload, group)


# A receive is the other end of a send: counting both would count one transfer twice.
NOT_SENT = ("recv",)


def sent_total(tally: dict[str, dict], key: str) -> float:
    """The sum of `key` ("payload_bytes", "ring_bytes") over the kinds a rank sends."""
    return sum(totals[key] for kind, totals in tally.items() if kind not in NOT_SENT)


@dataclass
class KindTotals:
    calls: int = 0
    payload_bytes: int = 0
    ring_bytes: float = 0.0


@dataclass
class CommTally:
    kinds: dict[str, KindTotals] = field(default_factory=lambda: defaultdict(KindTotals))

    def add(self, kind: str, payload: int, ring: float) -> None:
        totals = self.kinds[kind]
        totals.calls += 1
        totals.payload_bytes += payload
        totals.ring_bytes += ring

    def as_dict(self) -> dict[str, dict]:
        return {kind: vars(t).copy() for kind, t in sorted(self.kinds.items())}


class CollectiveCounter(TorchDispatchMode):
    """Counts every collective dispatched while active: `with CollectiveCounter(world) as c:`."""

    def __init__(self, world: int):
        super().__init__()
        self.world = world
        self.tally = CommTally()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        from torch.distributed.tensor import DTensor
        if isinstance(func, torch._ops.HigherOrderOperator):
            return func(*args, **(kwargs or {}))
        if any(issubclass(t, DTensor) for t in types):
            return NotImplemented   # let DTensor turn this op into collectives, then count those
        found = classify(str(func._overloadpacket), args, self.world)
        if found:
            self.tally.add(*found)
        return func(*args, **(kwargs or {}))


def merge_ranks(per_rank: list[dict[str, dict]]) -> dict[str, dict]:
    """The mean over ranks, kind by kind: what one rank communicates per step, on average."""
    kinds = sorted({kind for tally in per_rank for kind in tally})
    merged = {}
    for kind in kinds:
        rows = [tally.get(kind, {"calls": 0, "payload_bytes": 0, "ring_bytes": 0.0}) for tally in per_rank]
        merged[kind] = {key: sum(row[key] for row in rows) / len(per_rank)
                        for key in ("calls", "payload_bytes", "ring_bytes")}
    return merged


def bytes_written() -> int | None:
    """Bytes this process has written through write()/writev() (Linux's /proc/self/io, every
    thread of the process counted); None where there is no such file."""
    try:
        with open("/proc/self/io", encoding="utf-8") as stats:
            for line in stats:
                if line.startswith("wchar:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class SentBytes:
    """`with SentBytes(device) as sent: step()`, then `sent.bytes`: what the rank wrote to its
    sockets meanwhile (gloo), or None (NCCL, or no /proc)."""

    def __init__(self, device: str):
        self.device = device
        self.bytes: int | None = None
        self._start: int | None = None

    def __enter__(self) -> SentBytes:
        self._start = bytes_written() if self.device == "cpu" else None
        return self

    def __exit__(self, *exc) -> None:
        end = bytes_written() if self._start is not None else None
        self.bytes = end - self._start if end is not None else None
