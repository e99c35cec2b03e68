"""What the post-grad graph computes, recognised by meaning rather than by spelling.

Each node gets a canonical expression, built bottom-up with rules that map equivalent forms
to one: casts and copies vanish; `mul(x, c)`, `div(x, c)` and nested scales fold into one
positive factor; `max(dim)` item 0 and item 0 of `prepare_softmax_online` are `max`, item 1
of the latter the sum of exp; `x − max(x)` (x scaled or not: a positive scale commutes with
max) is a *shift* with its scale; `exp2(y)` is `exp(y · ln 2)`, so `exp2(shift · log2(e))`
is `exp(shift)`; `where(c, a, b)` whose two branches canonicalise alike is that branch (how
Inductor guards `softmax(x / t)` against non-finite rows). Then

    softmax       exp(shift(x, d, s)) / sum_d exp(shift(x, d, s))
    log_softmax   shift(x, d, s) − log(sum_d exp(shift(x, d, s)))
    cross_entropy sum(where(·, −gather(log_softmax(x)), 0)) / count
    layer_norm    (x − mean_d x) · rsqrt(var_d x + eps)    [· weight] [+ bias]
    rms_norm      x · rsqrt(mean_d x² + eps)                [· weight]
    gelu          (x · ½) · (1 + erf(x / √2))
                  or, approximated, (x · ½) · (1 + tanh(√(2/π) · (x + 0.044715 · x³)))
    silu          x / (1 + exp(−x))   or   x · sigmoid(x)
    swiglu        silu(a) · b

A softmax whose input comes from a batched matrix product (q·kᵀ) is an attention-score
softmax. `recognise(graph)` gives every such node; nothing here looks at kernels. Standard
library only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph

PATTERNS = ("softmax", "attention_softmax", "log_softmax", "cross_entropy", "layer_norm", "rms_norm",
            "gelu", "silu", "swiglu")
# Patterns whose kernel-level steps (max, sub, exp, sum, div / log) the annotator can cite.
STEP_PATTERN = {"softmax": "softmax", "attention_softmax": "softmax", "log_softmax": "log_softmax",
                "cross_entropy": "log_softmax"}
# A pattern that is a kind of another.
FAMILY = {"attention_softmax": "softmax"}
_TRANSPARENT = {"convert_element_type", "clone", "alias", "_to_copy", "contiguous", "squeeze", "unsqueeze"}
_MATMULS = {"bmm", "baddbmm"}
_GELU_CUBIC = 0.044715
_PASS_THROUGH = {"div", "mul", "where", "reshape", "view", "clone", "expand", "_unsafe_view", "convert_element_type",
                 "masked_fill", "add"}


@dataclass
class Recognised:
    pattern: str
    output: str                  # the node whose value is the pattern's result
    inputs: list[str]            # the nodes it is a function of (None-free)
    detail: dict = field(default_factory=dict)   # dim, scale, eps, weight, bias


def _scale_key(value: float) -> float:
    return float(f"{value:.7g}")  # log2(e) · ln(2) is 1 to float32's precision, not to double's


class _Canon:
    def __init__(self, graph: PostGradGraph):
        self.graph = graph
        self.memo: dict[str, tuple] = {}
        self.found: list[Recognised] = []
        self.owner: dict[tuple, str] = {}   # canonical expression -> the first node that has it

    def arg(self, node: FxNode, i: int):
        return node.args[i] if len(node.args) > i else None

    def of(self, value) -> tuple:
        if isinstance(value, dict) and "node" in value:
            return self.node(value["node"])
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return ("const", _scale_key(float(value)))
        return ("lit", repr(value))

    def dims(self, node: FxNode, i: int) -> tuple:
        source = self.graph.nodes.get(node.inputs[0]) if node.inputs else None
        rank = len(source.shape) if source and source.shape is not None else None
        raw = self.arg(node, i)
        raw = raw if isinstance(raw, list) else [raw] if raw is not None else []
        if rank is None:
            return tuple(raw)
        return tuple(sorted(d % rank if isinstance(d, int) and rank else d for d in raw))

    def node(self, name: str) -> tuple:
        if name in self.memo:
            return self.memo[name]
        node = self.graph.nodes.get(name)
        self.memo[name] = ("node", name)  # a cycle (none in an FX graph) stays an atom
        result = self._rule(node) if node is not None else None
        result = result or ("node", name)
        self.memo[name] = result
        self.owner.setdefault(result, name)
        if result[0] == "pattern":
            self._record(name, result)
        return result

    # -- helpers building canonical forms ---------------------------------------------------

    @staticmethod
    def scale(expr: tuple, factor: float) -> tuple:
        if factor == 1:
            return expr
        if expr[0] == "scale":
            return _Canon.scale(expr[1], expr[2] * factor)
        if expr[0] == "shift" and factor > 0:
            return ("shift", expr[1], expr[2], _scale_key(expr[3] * factor))
        return ("scale", expr, _scale_key(factor))

    @staticmethod
    def unscaled(expr: tuple) -> tuple[tuple, float]:
        return (expr[1], expr[2]) if expr[0] == "scale" else (expr, 1.0)

    def _rule(self, node: FxNode) -> tuple | None:
        op, a = node.op, [self.of(x) for x in node.args]
        if op in _TRANSPARENT and a:
            return a[0]
        if op in ("full", "scalar_tensor") and a:  # a 0-d constant tensor: its value
            value = node.args[1] if op == "full" and len(node.args) > 1 else node.args[0]
            return self.of(value)
        if op in ("mul", "div") and len(a) == 2:
            return self._mul_div(op, a)
        if op == "amax":
            return ("max", a[0], self.dims(node, 1))
        if op == "max" and len(node.args) > 1:  # max.dim: a (values, indices) pair
            return ("max_pair", a[0], self.dims(node, 1))
        if op == "prepare_softmax_online":
            return ("online", a[0], self.dims(node, 1))
        if op == "var_mean":
            return ("var_mean", a[0], self.dims(node, 1))
        if op == "getitem":
            return self._item(a[0], node.args[1] if len(node.args) > 1 else None)
        if op == "sub" and len(a) == 2:
            return self._sub(a[0], a[1])
        if op == "where" and len(a) == 3:
            if a[1] == a[2]:
                return a[1]
            if a[2] == ("const", 0.0) or a[2] == ("const", 0):
                return ("masked", a[1])
            return ("where", *a)
        if op == "exp":
            return ("exp", a[0])
        if op == "exp2":
            return ("exp", self.scale(a[0], math.log(2)))
        if op == "sum" and len(node.args) > 1:
            return ("sum", a[0], self.dims(node, 1))
        if op == "sum":
            return ("sum_all", a[0])
        if op == "mean":
            return ("mean", a[0], self.dims(node, 1))
        if op == "pow" and len(a) == 2 and a[1] in (("const", 2.0), ("const", 3.0)):
            return ("sq" if a[1] == ("const", 2.0) else "cube", a[0])
        if op == "add" and len(a) == 2:
            return self._add(a[0], a[1])
        if op == "log":
            return ("log", a[0])
        if op == "neg":
            return ("neg", a[0])
        if op == "gather":
            return ("gather", a[0])
        if op in ("rsqrt", "erf", "sigmoid", "tanh", "sqrt", "reciprocal"):
            return (op, a[0])
        return None

    def _item(self, base: tuple, index) -> tuple | None:
        if base[0] == "max_pair" and index == 0:
            return ("max", base[1], base[2])
        if base[0] == "online" and index == 0:
            return ("max", base[1], base[2])
        if base[0] == "online" and index == 1:
            x, s = self.unscaled(base[1])
            return ("sum", ("exp", ("shift", x, base[2], _scale_key(s))), base[2])
        if base[0] == "var_mean":
            return ("var" if index == 0 else "mean", base[1], base[2])
        return None

    def _sub(self, a: tuple, b: tuple) -> tuple:
        if b[0] == "max" and b[1] == a:
            x, s = self.unscaled(a)
            if s > 0:
                return ("shift", x, b[2], _scale_key(s))
        if b[0] == "mean" and b[1] == a:
            return ("center", a, b[2])
        if a[0] == "shift" and b == ("log", ("sum", ("exp", a), a[2])):
            return ("pattern", "log_softmax", a[1], (("dim", a[2]), ("scale", a[3])))
        return ("sub", a, b)

    def _add(self, a: tuple, b: tuple) -> tuple:
        if b[0] == "const":
            if a[0] == "exp" and a[1][0] == "neg" and b[1] == 1.0:
                return ("one_plus_exp_neg", a[1][1])
            if a[0] in ("erf", "tanh") and b[1] == 1.0:
                return ("one_plus_" + a[0], a[1])
            return ("add_const", a, b[1])
        for p, q in ((a, b), (b, a)):  # x + 0.044715·x³, inside the tanh of GELU's approximation
            if q[0] == "scale" and q[1] == ("cube", p) and abs(q[2] - _GELU_CUBIC) < 1e-6:
                return ("gelu_tanh_inner", p)
        if a[0] == "pattern" and a[1] in ("layer_norm", "rms_norm") and dict(a[3]).get("bias") is None:
            params = dict(a[3]) | {"bias": b}
            return ("pattern", a[1], a[2], tuple(sorted(params.items(), key=lambda kv: kv[0])))
        return ("add", a, b)

    def _mul_div(self, op: str, a: list[tuple]) -> tuple:
        x, y = a
        if y[0] == "const":
            return self.scale(x, y[1] if op == "mul" else 1.0 / y[1])
        if op == "mul" and x[0] == "const":
            return self.scale(y, x[1])
        if op == "div":
            if x[0] == "exp" and x[1][0] == "shift" and y == ("sum", x, x[1][2]):
                shift = x[1]
                return ("pattern", "softmax", shift[1], (("dim", shift[2]), ("scale", shift[3])))
            if y == ("one_plus_exp_neg", x):
                return ("pattern", "silu", x, ())
            if x[0] == "sum_all" and _reaches_loss(x[1]):
                return ("pattern", "cross_entropy", _loss_input(x[1]), ())
            return ("div", x, y)
        if x == y:
            return ("sq", x)
        for p, q in ((x, y), (y, x)):
            if p[0] == "sq" and p[1] == q:
                return ("cube", q)
            gelu = self._gelu(p, q)
            if gelu:
                return gelu
            norm = self._norm(p, q)
            if norm:
                return norm
            if p[0] == "pattern" and p[1] == "silu" and q[0] != "const":
                return ("pattern", "swiglu", p[2], (("up", q),))
            if p[0] == "sigmoid" and p[1] == q:
                return ("pattern", "silu", q, ())
            if p[0] == "pattern" and p[1] in ("layer_norm", "rms_norm") and dict(p[3]).get("weight") is None \
                    and dict(p[3]).get("bias") is None:
                params = dict(p[3]) | {"weight": q}
                return ("pattern", p[1], p[2], tuple(sorted(params.items(), key=lambda kv: kv[0])))
        return ("mul", *sorted((x, y), key=repr))

    def _gelu(self, p: tuple, q: tuple) -> tuple | None:
        """(x · ½) · (1 + erf(x / √2)), or with 1 + tanh(√(2/π) · (x + 0.044715 · x³))."""
        if p[0] != "scale" or abs(p[2] - 0.5) > 1e-9:
            return None
        x = p[1]
        if q == ("one_plus_erf", self.scale(x, 1 / math.sqrt(2))):
            return ("pattern", "gelu", x, ())
        if q == ("one_plus_tanh", self.scale(("gelu_tanh_inner", x), math.sqrt(2 / math.pi))):
            return ("pattern", "gelu", x, (("approximate", "tanh"),))
        return None

    def _norm(self, p: tuple, q: tuple) -> tuple | None:
        if q[0] != "rsqrt" or q[1][0] != "add_const":
            return None
        stat, eps = q[1][1], q[1][2]
        if p[0] == "center" and stat[0] == "var" and stat[1] == p[1] and stat[2] == p[2]:
            return ("pattern", "layer_norm", p[1], (("dim", p[2]), ("eps", eps)))
        if stat[0] == "mean" and stat[1] == ("sq", p):
            return ("pattern", "rms_norm", p, (("dim", stat[2]), ("eps", eps)))
        return None

    def _record(self, name: str, canon: tuple) -> None:
        _, pattern, x, params = canon
        detail = dict(params)
        inputs = [self._name(x)]
        if pattern == "swiglu":
            inputs.append(self._name(detail.pop("up")))
        for key in ("weight", "bias"):
            if key in detail and detail[key] is not None:
                detail[key] = self._name(detail[key])
        if pattern == "softmax" and self._from_matmul(inputs[0]):
            pattern = "attention_softmax"
        self.found.append(Recognised(pattern, name, [i for i in inputs if i], detail))

    def _name(self, expr: tuple) -> str | None:
        if expr[0] == "node":
            return expr[1]
        return self.owner.get(expr)

    def _from_matmul(self, name: str | None) -> bool:
        """Whether the scores come from a batched matrix product through scale, mask and views."""
        stack, seen = [name], set()
        while stack:
            current = stack.pop()
            node = self.graph.nodes.get(current) if current else None
            if node is None or current in seen:
                continue
            seen.add(current)
            if node.op in _MATMULS:
                return True
            if node.op in _PASS_THROUGH:
                stack.extend(node.inputs)
        return False


def _reaches_loss(expr: tuple) -> bool:
    """where(·, −(gather of a log-softmax), 0): the per-sample negative log-likelihood."""
    return _loss_input(expr) is not None


def _loss_input(expr: tuple):
    while expr[0] in ("masked", "neg"):
        expr = expr[1]
    if expr[0] == "gather" and expr[1][0] == "pattern" and expr[1][1] == "log_softmax":
        return expr[1][2]
    return None


def recognise(graph: PostGradGraph) -> list[Recognised]:
    """Every node of the graph that is one of `PATTERNS`' outputs, in graph order."""
    canon = _Canon(graph)
    for name in graph.nodes:
        canon.node(name)
    order = list(graph.nodes)
    return sorted(canon.found, key=lambda r: order.index(r.output))


def for_kernel(found: list[Recognised], graph: PostGradGraph, kernel_nodes: list[str]) -> list[Recognised]:
    """The patterns whose output node the kernel runs, the outermost first: a cross-entropy
    before the log-softmax inside it, SwiGLU before its SiLU."""
    mine = [r for r in found if r.output in kernel_nodes]
    inside = {r.output for r in mine if any(r.output in _feeds(graph, other.output) for other in mine if other is not r)}
    return [r for r in mine if r.output not in inside] + [r for r in mine if r.output in inside]


def _feeds(graph: PostGradGraph, name: str) -> set[str]:
    seen, stack = set(), list(graph.nodes[name].inputs) if name in graph.nodes else []
    while stack:
        current = stack.pop()
        if current not in seen and current in graph.nodes:
            seen.add(current)
            stack.extend(graph.nodes[current].inputs)
    return seen
