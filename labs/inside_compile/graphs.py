"""Freezing an FX graph into plain data: its printed code and one row per node.

Every stage of the compiler hands the next one a `torch.fx.GraphModule` and then keeps
rewriting it in place (compile_fx "takes ownership" of the graph it gets). So a stage's
graph is captured the moment it is handed over, as text and rows, never as a live object.
"""

from __future__ import annotations

import operator
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.fx

ARG_TEXT_LIMIT = 90  # characters of a node's arguments kept in a table cell
NODE_COLUMNS = ["name", "op", "target", "args", "shape", "dtype"]  # the columns of node_table()


@dataclass(frozen=True)
class NodeRow:
    name: str
    op: str             # placeholder, call_function, call_module, call_method, get_attr, output
    target: str         # e.g. aten.addmm.default, torch.nn.functional.layer_norm
    args: str
    shape: str          # "[4, 16, 64]"; tuples of tensors are joined with "; "
    dtype: str
    nbytes: int | None  # bytes of the tensor value, when there is one


@dataclass(frozen=True)
class GraphSnapshot:
    code: str
    rows: tuple[NodeRow, ...]
    output_names: tuple[str, ...] = field(default=())

    @property
    def placeholders(self) -> list[NodeRow]:
        return [row for row in self.rows if row.op == "placeholder"]

    @property
    def operations(self) -> list[NodeRow]:
        """Nodes that compute something: calls, minus tuple projections (getitem)."""
        return [row for row in self.rows
                if row.op.startswith("call_") and row.target != "getitem"]

    def op_histogram(self) -> Counter[str]:
        return Counter(row.target for row in self.operations)

    def row(self, name: str) -> NodeRow | None:
        return next((row for row in self.rows if row.name == name), None)

    def node_table(self) -> list[list[object]]:
        """One table row per node, in NODE_COLUMNS order."""
        return [[row.name, row.op, row.target, row.args, row.shape, row.dtype] for row in self.rows]


def snapshot(gm: torch.fx.GraphModule) -> GraphSnapshot:
    """The graph's readable code (with shapes) and a row per node, as they are right now."""
    rows = tuple(_node_row(node) for node in gm.graph.nodes)
    outputs: tuple[str, ...] = ()
    for node in gm.graph.nodes:
        if node.op == "output":
            flat, _ = torch.utils._pytree.tree_flatten(node.args[0])
            outputs = tuple(arg.name if isinstance(arg, torch.fx.Node) else repr(arg) for arg in flat)
    return GraphSnapshot(code=readable_code(gm), rows=rows, output_names=outputs)


def snapshot_graph(graph: torch.fx.Graph) -> GraphSnapshot:
    """Same as `snapshot`, for a bare Graph handed to a custom pass."""
    owner = graph.owning_module
    if owner is None:
        owner = torch.fx.GraphModule(torch.nn.Module(), graph)
    return snapshot(owner)


def readable_code(gm: torch.fx.GraphModule) -> str:
    text = gm.print_readable(print_output=False)
    return text.rstrip() + "\n"


def _node_row(node: torch.fx.Node) -> NodeRow:
    value = node.meta.get("val", node.meta.get("example_value"))
    shape, dtype, nbytes = _describe_value(value)
    args = torch.fx.node.map_arg((node.args, node.kwargs), lambda arg: _Name(arg.name))
    arg_text = _format_args(*args)
    return NodeRow(name=node.name, op=node.op, target=target_name(node), args=arg_text,
                   shape=shape, dtype=dtype, nbytes=nbytes)


def target_name(node: torch.fx.Node) -> str:
    target = node.target
    if node.op in ("placeholder", "output", "get_attr", "call_module", "call_method"):
        return str(target)
    if target is operator.getitem:
        return "getitem"
    if isinstance(target, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
        return str(target)
    return torch.fx.node._get_qualified_name(target)


class _Name(str):
    """A node name that prints without quotes inside an argument list."""

    def __repr__(self) -> str:
        return str(self)


def _format_args(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    parts = [repr(arg) for arg in args] + [f"{key}={value!r}" for key, value in kwargs.items()]
    text = ", ".join(parts)
    return text if len(text) <= ARG_TEXT_LIMIT else text[: ARG_TEXT_LIMIT - 1] + "…"


def _describe_value(value: Any) -> tuple[str, str, int | None]:
    if isinstance(value, torch.Tensor):
        return (str(list(value.shape)), str(value.dtype).removeprefix("torch."),
                value.numel() * value.element_size())
    if isinstance(value, (tuple, list)) and any(isinstance(v, torch.Tensor) for v in value):
        described = [_describe_value(v) for v in value]
        return ("; ".join(d[0] for d in described), "; ".join(d[1] for d in described),
                sum(d[2] or 0 for d in described))
    if isinstance(value, (int, float, bool, torch.SymInt)):
        return "", type(value).__name__, None
    return "", "", None
