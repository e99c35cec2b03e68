"""Peak memory of an FX graph by liveness analysis.

Walk the nodes in order. A node that creates a tensor adds its bytes when it runs; a tensor
is freed after the last node that reads it, or any view of it, and graph outputs are never
freed. The largest sum on the way is the peak. Inputs (parameters, the batch) belong to the
caller and are reported apart: the peak is what running the graph adds on top of them.

Aliasing is the trap. A view (`x.view(...)`, `x[:1]`, `split`) and an in-place op
(`x.add_(1)`, `relu(x, inplace=True)`) return a tensor that shares its input's storage: it
allocates nothing, and it keeps that storage alive for as long as it lives. An analysis that
treats every node as a new buffer counts in-place results twice and frees a base while a view
of it is still in use. Here every node's value is mapped to the node that owns its storage,
read from the graph's example values (fake tensors in a Dynamo graph, real ones after
`propagate`), so both cases come out right; `alias_aware=False` gives the naive answer for
comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import torch
from torch import fx
from torch.multiprocessing.reductions import StorageWeakRef

VALUE_KEYS = ("example_value", "val")


@dataclass
class Liveness:
    peak_bytes: int                  # what the graph adds on top of its inputs, at its worst
    peak_node: str                   # the node at which the peak is reached
    input_bytes: int                 # placeholders and attributes: the caller's
    alias_aware: bool
    timeline: list[tuple[str, int]] = field(default_factory=list)  # live bytes after each node

    @property
    def peak_mib(self) -> float:
        return self.peak_bytes / 2**20


def value_of(node: fx.Node) -> Any:
    for key in VALUE_KEYS:
        if key in node.meta:
            return node.meta[key]
    return None


def tensors_in(value: Any) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for item in value for t in tensors_in(item)]
    return []


def concrete(size: int | torch.SymInt) -> int:
    """A size as a number: symbolic sizes (dynamic shapes) by the value they were traced with."""
    if isinstance(size, int):
        return size
    from torch.fx.experimental import symbolic_shapes
    for name in ("optimization_hint", "hint_int"):  # torch 2.13's name, then earlier releases'
        hint = getattr(symbolic_shapes, name, None)
        if hint is not None:
            return int(hint(size))
    return int(size.node.shape_env.size_hint(size.node.expr))


def nbytes(tensor: torch.Tensor) -> int:
    return concrete(tensor.numel()) * tensor.element_size()


def _storage(tensor: torch.Tensor) -> StorageWeakRef:
    return StorageWeakRef(tensor.untyped_storage())


def propagate(gm: fx.GraphModule, *inputs: Any) -> None:
    """Run the graph once and keep every node's real value in `node.meta["val"]`, for graphs
    built by hand or traced without example values (Dynamo's graphs already have them)."""
    class Recorder(fx.Interpreter):
        def run_node(self, node: fx.Node) -> Any:
            result = super().run_node(node)
            node.meta["val"] = result
            return result

    with torch.no_grad():
        Recorder(gm).run(*inputs)


def owners(gm: fx.GraphModule, alias_aware: bool = True) -> dict[fx.Node, fx.Node]:
    """Each node -> the node whose allocation holds its value (itself if it allocated)."""
    owner: dict[fx.Node, fx.Node] = {}
    by_storage: dict[StorageWeakRef, fx.Node] = {}
    for node in gm.graph.nodes:
        owner[node] = node
        tensors = tensors_in(value_of(node))
        if alias_aware and node.op not in ("placeholder", "get_attr", "output"):
            for tensor in tensors:
                earlier = by_storage.get(_storage(tensor))
                if earlier is not None:  # shares a storage made before: a view or an in-place result
                    owner[node] = owner[earlier]
                    break
        for tensor in tensors:
            by_storage.setdefault(_storage(tensor), node)
    return owner


def estimate_peak_memory(gm: fx.GraphModule, alias_aware: bool = True) -> Liveness:
    nodes = list(gm.graph.nodes)
    if any(node.op not in ("placeholder", "output") and value_of(node) is None for node in nodes):
        raise ValueError("the graph has nodes without example values; call propagate(gm, *inputs) first")
    owner = owners(gm, alias_aware)
    caller_owned = {n for n in nodes if n.op in ("placeholder", "get_attr")}
    size = {n: sum(nbytes(t) for t in tensors_in(value_of(n))) for n in nodes}
    last_use: dict[fx.Node, int] = {}
    for position, node in enumerate(nodes):
        for used in node.all_input_nodes:
            if node.op == "output":
                last_use[owner[used]] = len(nodes)  # returned: alive after the graph ends
            else:
                last_use[owner[used]] = max(last_use.get(owner[used], -1), position)
    live = peak = 0
    peak_node = ""
    timeline = []
    freed_at: dict[int, list[fx.Node]] = {}
    for node, position in last_use.items():
        freed_at.setdefault(position, []).append(node)
    for position, node in enumerate(nodes):
        allocates = owner[node] is node and node not in caller_owned and node.op != "output"
        if allocates:
            live += size[node]
            if node not in last_use:  # an unused result exists for an instant: freed right after
                freed_at.setdefault(position, []).append(node)
        if live > peak:
            peak, peak_node = live, node.name
        for done in freed_at.get(position, []):
            if done not in caller_owned and owner[done] is done:
                live -= size[done]
        if node.op != "output":
            timeline.append((node.name, live))
    return Liveness(peak_bytes=peak, peak_node=peak_node,
                    input_bytes=sum(size[n] for n in caller_owned), alias_aware=alias_aware,
                    timeline=timeline)
