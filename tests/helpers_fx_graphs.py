"""Post-grad graphs written node by node (the JSON form patterns.py and facts.py read), for the
tests of what a graph computes: a node, a graph of nodes, a two-pass softmax."""

from __future__ import annotations

from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph


def node(name: str, target: str, *args, shape=(4, 8)) -> FxNode:
    """A float32 node; a string argument names another node."""
    return FxNode(name, target, [{"node": a} if isinstance(a, str) else a for a in args], {}, list(shape), "float32")


def graph_of(*nodes: FxNode) -> PostGradGraph:
    return PostGradGraph({n.name: n for n in nodes}, "post_grad_graph.json")


def softmax(x: str, suffix: str, sum_dims=(1,)) -> list[FxNode]:
    """softmax(x, dim=1), spelled two-pass: amax, sub, exp, sum (over `sum_dims`), div."""
    return [node(f"amax{suffix}", "aten.amax.default", x, [1], True, shape=(4, 1)),
            node(f"sub{suffix}", "aten.sub.Tensor", x, f"amax{suffix}"),
            node(f"exp{suffix}", "aten.exp.default", f"sub{suffix}"),
            node(f"sum{suffix}", "aten.sum.dim_IntList", f"exp{suffix}", list(sum_dims), True, shape=(4, 1)),
            node(f"div{suffix}", "aten.div.Tensor", f"exp{suffix}", f"sum{suffix}")]
