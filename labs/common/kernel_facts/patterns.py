"""Softmax and log-softmax, recognised by their dataflow, in a post-grad graph or in a kernel.

    softmax      div(exp(sub(x, max(x))), sum(exp(sub(x, max(x)))))       sum over max's dim
    log-softmax  sub(sub(x, max(x)), log(sum(exp(sub(x, max(x))))))

`max(x)` is `amax(x)` or item 0 of `prepare_softmax_online(x)` (the online form, which yields
the max and the sum of exp in one reduction); the sum is `sum(...)` or item 1 of it. The
same matcher runs on two graphs through a `View`: the post-grad FX graph (nodes by name; this
decides what a kernel computes) and a kernel's dataflow (values by line; this decides which
line computes each step). Nothing here looks at names of kernels or at operator spellings
beyond the op of each node. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from labs.common.kernel_facts.dataflow import REDUCTIONS, KernelGraph
from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph

STEPS = {"softmax": ("max", "sub", "exp", "sum", "div"),
         "log_softmax": ("max", "sub", "exp", "sum", "log", "sub_log")}


@dataclass
class Match:
    pattern: str                 # "softmax" or "log_softmax"
    form: str                    # "two_pass" (amax, then sum) or "online" (prepare_softmax_online)
    output: Any
    input: Any
    steps: dict[str, list] = field(default_factory=dict)   # step -> nodes or values, without repeats

    def add(self, step: str, *items: Any) -> None:
        bucket = self.steps.setdefault(step, [])
        for item in items:
            if all(item is not b for b in bucket):
                bucket.append(item)


class View:
    """What the matcher needs from a graph."""
    external: frozenset[str] = frozenset()
    resolve: Callable[[Any], Any]
    op: Callable[[Any], str]
    inputs: Callable[[Any], list]
    index: Callable[[Any], Any]
    key: Callable[[Any], Any]
    dims: Callable[[Any], Any]


class FxView(View):
    def __init__(self, graph: PostGradGraph):
        self.graph = graph
        self.resolve = lambda n: n
        self.op = lambda n: n.op
        self.inputs = lambda n: [graph.nodes[i] for i in n.inputs if i in graph.nodes]
        self.index = lambda n: n.args[1] if n.op == "getitem" and len(n.args) > 1 else None
        self.key = lambda n: n.name
        self.dims = _fx_dims


class KernelView(View):
    """A kernel's values, with `exp2(y · log2(e))` read as `exp(y)`: the kernel's exp2 is a
    step `exp`, and a multiplication by a constant in front of it is looked through (`unscaled`)."""

    def __init__(self, graph: KernelGraph, external: frozenset[str] = frozenset()):
        self.graph = graph
        self.external = external  # steps the graph runs in another kernel: here they are inputs
        self.resolve = lambda v: unscaled(graph, v)
        self.op = lambda v: "exp" if v.op == "exp2" else v.op
        self.inputs = lambda v: graph.leaves(v) if v.op in REDUCTIONS else v.inputs
        self.index = lambda v: v.attrs.get("index")
        self.key = graph.key
        self.dims = lambda v: None   # a kernel reduces along its reduction axis


def unscaled(graph: KernelGraph, value):
    """Through copies, memory and multiplications by a constant (a log2(e) factor before exp2),
    and through a guarded choice `where(c, a, b)` one of whose branches is x − max(x) (how
    Inductor writes softmax(x / t): both branches are the shifted x, computed two ways)."""
    value = graph.resolve(value)
    while True:
        if value.op == "mul" and len(value.inputs) == 2:
            a, b = (graph.resolve(i) for i in value.inputs)
            if b.op == "const":
                value = a
                continue
            if a.op == "const":
                value = b
                continue
        if value.op == "where" and len(value.inputs) == 3:
            shifted = [b for b in (graph.resolve(i) for i in value.inputs[1:]) if _is_shift(graph, b)]
            if shifted:
                value = shifted[-1]
                continue
        return value


def _is_shift(graph: KernelGraph, value) -> bool:
    if value.op != "sub" or len(value.inputs) != 2:
        return False
    x, top = (graph.resolve(i) for i in value.inputs)
    return top.op == "amax" and any(graph.key(leaf) == graph.key(x) for leaf in graph.leaves(top))


def _fx_dims(node: FxNode):
    if node.op in ("amax", "sum") and len(node.args) > 1:
        dims = node.args[1]
        return tuple(dims) if isinstance(dims, list) else (dims,)
    if node.op == "prepare_softmax_online" and len(node.args) > 1:
        return (node.args[1],)
    return None


def fx_matches(graph: PostGradGraph) -> list[Match]:
    view = FxView(graph)
    return _unique(view, [m for node in graph.nodes.values() if (m := match(view, node))])


def kernel_matches(graph: KernelGraph, external: frozenset[str] = frozenset()) -> list[Match]:
    """Matches in a kernel; the vectorized body and its tail (same structure) merge into one.
    A step in `external` (max, sum or log computed by another kernel) is accepted as a value
    the kernel loads from its inputs: the graph, not this kernel, says what it is."""
    view = KernelView(graph, external)
    return _unique(view, [m for v in graph.values if v.op in ("div", "sub") and (m := match(view, v))])


def _unique(view: View, matches: list[Match]) -> list[Match]:
    merged: dict[Any, Match] = {}
    for m in matches:
        key = (m.pattern, view.key(m.output))
        if key not in merged:
            merged[key] = m
        else:
            for step, items in m.steps.items():
                merged[key].add(step, *items)
    return list(merged.values())


def match(view: View, node: Any) -> Match | None:
    node = view.resolve(node)
    if view.op(node) == "div":
        return _softmax(view, node)
    if view.op(node) == "sub":
        return _log_softmax(view, node)
    return None


def _same(view: View, a: Any, b: Any) -> bool:
    return view.key(view.resolve(a)) == view.key(view.resolve(b))


def _loaded(view: View, node: Any, step: str) -> bool:
    """An input of the kernel standing for a step another kernel computed."""
    return step in view.external and view.op(node) == "load" and not view.inputs(node)


@dataclass
class _Shift:
    sub: Any
    x: Any
    max: Any
    form: str


def _shift(view: View, node: Any) -> _Shift | None:
    """sub(x, max(x))."""
    node = view.resolve(node)
    if view.op(node) != "sub" or len(view.inputs(node)) < 2:
        return None
    x, m = view.inputs(node)[:2]
    m = view.resolve(m)
    if view.op(m) == "amax" and any(_same(view, i, x) for i in view.inputs(m)):
        return _Shift(node, x, m, "two_pass")
    if view.op(m) == "getitem" and view.index(m) == 0:
        online = view.resolve(view.inputs(m)[0])
        if view.op(online) == "prepare_softmax_online" and any(_same(view, i, x) for i in view.inputs(online)):
            return _Shift(node, x, online, "online")
    if _loaded(view, m, "max"):
        return _Shift(node, x, m, "external")
    return None


@dataclass
class _Sum:
    sum: Any
    exps: list
    shifts: list


def _sum_of_exp(view: View, node: Any, x: Any, max_node: Any) -> _Sum | None:
    """sum(exp(sub(x, max(x)))), or item 1 of prepare_softmax_online(x)."""
    node = view.resolve(node)
    if view.op(node) == "sum":
        exps = [view.resolve(i) for i in view.inputs(node)]
        shifts = [_shift(view, view.inputs(e)[0]) if view.op(e) == "exp" and view.inputs(e) else None for e in exps]
        if exps and all(s and _same(view, s.x, x) and _same(view, s.max, max_node) for s in shifts):
            return _Sum(node, exps, shifts)
    if view.op(node) == "getitem" and view.index(node) == 1:
        online = view.resolve(view.inputs(node)[0])
        if view.op(online) == "prepare_softmax_online" and any(_same(view, i, x) for i in view.inputs(online)):
            return _Sum(online, [], [])
    if _loaded(view, node, "sum"):
        return _Sum(node, [], [])
    return None


def _same_dims(view: View, a: Any, b: Any) -> bool:
    return view.dims(a) == view.dims(b)


def _softmax(view: View, out: Any) -> Match | None:
    inputs = view.inputs(out)
    if len(inputs) < 2:
        return None
    numerator = view.resolve(inputs[0])
    if view.op(numerator) != "exp" or not view.inputs(numerator):
        return None
    shift = _shift(view, view.inputs(numerator)[0])
    total = shift and _sum_of_exp(view, inputs[1], shift.x, shift.max)
    if not shift or not total or not _same_dims(view, shift.max, total.sum):
        return None
    found = Match("softmax", shift.form if shift.form != "external" else "two_pass", out, shift.x)
    found.add("max", shift.max)
    found.add("sub", shift.sub, *(s.sub for s in total.shifts))
    found.add("exp", numerator, *total.exps)
    found.add("sum", total.sum)
    found.add("div", out)
    return found


def _log_softmax(view: View, out: Any) -> Match | None:
    inputs = view.inputs(out)
    if len(inputs) < 2:
        return None
    shift = _shift(view, inputs[0])
    log = view.resolve(inputs[1])
    if not shift:
        return None
    if _loaded(view, log, "log"):  # log(sum) computed by another kernel
        total = _Sum(log, [], [])
    elif view.op(log) == "log" and view.inputs(log):
        total = _sum_of_exp(view, view.inputs(log)[0], shift.x, shift.max)
    else:
        return None
    if not total or not _same_dims(view, shift.max, total.sum):
        return None
    found = Match("log_softmax", shift.form if shift.form != "external" else "two_pass", out, shift.x)
    found.add("max", shift.max)
    found.add("sub", shift.sub, *(s.sub for s in total.shifts))
    found.add("exp", *total.exps)
    found.add("sum", total.sum)
    found.add("log", log)
    found.add("sub_log", out)
    return found
