"""What a kernel computes, found by running the graph: the numeric oracle for a pattern claim.

    values = evaluate(graph)                       # every post-grad node's value on random inputs
    found = computed(graph, values, kernel_nodes)  # [Finding("softmax", "div_1", "where", ...), ...]

`evaluate` runs the post-grad graph node by node with `torch.ops` (each node's own ATen op,
on inputs drawn from a fixed seed: inputs of rank ≥ 2 standard normal, vectors, like
weights and running variances, in [0.5, 1.5], integer inputs in [0, the smallest float
dimension)). `computed` then asks, for each node the kernel runs and each node that feeds
it, whether the node's value *is* a reference op of the input's value: `torch.softmax`
(along any dimension, with the input scaled by 1 or by a number written in the graph),
`log_softmax`, `F.layer_norm` and an RMS norm (with or without a per-feature weight and
bias taken from the graph's vectors), `F.gelu`, `F.silu`, SwiGLU (`silu(a) · b`) and
`F.cross_entropy`. It never looks at how the graph spells the computation, only at the
numbers, so it is a check of a recogniser that does look at the spelling (`meaning.py`).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph

RTOL, ATOL = 1e-4, 1e-5
_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16, "float64": torch.float64,
           "int64": torch.int64, "int32": torch.int32, "bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8}
# How a pattern that contains another reads: a cross-entropy contains a log-softmax, SwiGLU a SiLU.
CONTAINS = {"cross_entropy": {"log_softmax"}, "swiglu": {"silu"}}


@dataclass
class Finding:
    pattern: str                    # softmax, log_softmax, layer_norm, rms_norm, gelu, silu, swiglu, cross_entropy
    output: str                     # the node whose value it is
    inputs: list[str]               # the nodes it is a function of (x; for SwiGLU the gate and the up; for a loss the target)
    detail: dict = field(default_factory=dict)   # dim, scale, eps, weight...


@contextlib.contextmanager
def _one_thread() -> Iterator[None]:
    """Tensors here are tiny: a pool of threads only waits for a busy machine's cores."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        with torch.no_grad():
            yield
    finally:
        torch.set_num_threads(before)


class NotEvaluable(Exception):
    """A node this evaluator cannot run (an op it cannot call, an argument it cannot rebuild)."""


def evaluate(graph: PostGradGraph, seed: int = 0) -> dict[str, object]:
    with _one_thread():
        return _evaluate(graph, seed)


# Above this many input elements the graph is not run (a learner's large model): claims about
# it are then unverifiable (None), not wrong.
MAX_ELEMENTS = 1 << 24


def _evaluate(graph: PostGradGraph, seed: int) -> dict[str, object]:
    inputs = [n for n in graph.nodes.values() if n.target == "placeholder"]
    if sum(math.prod(d if isinstance(d, int) else 2 for d in (n.shape or [])) for n in inputs) > MAX_ELEMENTS:
        return {name: None for name in graph.nodes}
    generator = torch.Generator().manual_seed(seed)
    smallest = min((d for n in graph.nodes.values() if n.target == "placeholder" and _is_float(n)
                    for d in (n.shape or []) if isinstance(d, int) and d > 1), default=2)
    values: dict[str, object] = {}
    for node in graph.nodes.values():
        if node.target == "placeholder":
            values[node.name] = _draw(node, generator, smallest)
            continue
        try:
            values[node.name] = _run(node, values)
        except NotEvaluable:
            values[node.name] = None
        except (RuntimeError, TypeError, ValueError, IndexError):
            values[node.name] = None
    return values


def _is_float(node: FxNode) -> bool:
    return (node.dtype or "float32").startswith(("float", "bfloat"))


def _draw(node: FxNode, generator: torch.Generator, smallest: int):
    shape = [d if isinstance(d, int) else 2 for d in (node.shape or [])]
    dtype = _DTYPES.get(node.dtype or "float32", torch.float32)
    if dtype == torch.bool:
        return torch.rand(shape, generator=generator) > 0.2
    if not dtype.is_floating_point:
        return torch.randint(0, smallest, shape, generator=generator, dtype=dtype)
    if len(shape) <= 1:  # weights, biases, running statistics: positive, near one
        return (0.5 + torch.rand(shape, generator=generator)).to(dtype)
    return torch.randn(shape, generator=generator).to(dtype)


def _run(node: FxNode, values: dict[str, object]):
    if node.op == "getitem":
        base = values.get(node.inputs[0]) if node.inputs else None
        if base is None:
            raise NotEvaluable(node.name)
        return base[node.args[1]]
    parts = node.target.split(".")
    if len(parts) != 3 or parts[0] not in ("aten", "prims"):
        raise NotEvaluable(node.target)
    args = [_rebuild(a, values) for a in node.args]
    if parts[1] == "prepare_softmax_online":  # a prim only some builds register: (max, sum of exp(x − max))
        x, dim = args[0], args[1]
        top = x.amax(dim, keepdim=True)
        return top, torch.exp(x - top).sum(dim, keepdim=True)
    try:
        op = getattr(getattr(getattr(torch.ops, parts[0]), parts[1]), parts[2])
    except AttributeError:
        raise NotEvaluable(node.target) from None
    kwargs = {k: _rebuild(v, values) for k, v in node.kwargs.items()}
    if "device" in kwargs:
        kwargs["device"] = torch.device("cpu")  # a GPU graph is run here on the CPU
    return op(*args, **kwargs)


def _rebuild(value, values: dict[str, object]):
    if isinstance(value, dict) and "node" in value:
        found = values.get(value["node"])
        if found is None:
            raise NotEvaluable(value["node"])
        return found
    if isinstance(value, (list, tuple)):
        return [_rebuild(v, values) for v in value]
    if isinstance(value, str):
        if value.startswith("torch."):
            attr = getattr(torch, value.removeprefix("torch."), None)
            if attr is None:
                raise NotEvaluable(value)
            return attr
        if value.startswith(("cpu", "cuda", "device(")):
            return torch.device("cpu")
        if value in ("inf", "-inf", "nan"):
            return float(value)
    return value


# -- what a node is, numerically ---------------------------------------------------------------

def _close(a, b) -> bool:
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != b.shape:
        return False
    if not a.is_floating_point():
        return False
    head_a, head_b = a.reshape(-1)[:64].double(), b.reshape(-1)[:64].double()  # most candidates differ at once
    if not torch.allclose(head_a, head_b, rtol=RTOL, atol=ATOL, equal_nan=False):
        return False
    if torch.isnan(b).any() or torch.isnan(a).any():
        return False
    return bool(torch.allclose(a.double(), b.double(), rtol=RTOL, atol=ATOL))


def _ancestors(graph: PostGradGraph, name: str) -> list[str]:
    seen, stack = [], list(graph.nodes[name].inputs)
    while stack:
        current = stack.pop()
        if current in seen or current not in graph.nodes:
            continue
        seen.append(current)
        stack.extend(graph.nodes[current].inputs)
    return seen


_REDUCING = {"amax", "amin", "max", "min", "sum", "mean", "var_mean", "var", "prepare_softmax_online", "any", "all",
             "logsumexp"}


def _literals(graph: PostGradGraph) -> list[float]:
    """Numbers written in the graph's arguments (a scale, an epsilon), and their reciprocals."""
    found: set[float] = set()

    def walk(value) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, (int, float)) and math.isfinite(value) and value not in (0, 1, -1):
            found.update({float(value), 1.0 / value})
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
    for node in graph.nodes.values():
        if node.op in ("mul", "div", "add", "sub", "where", "full", "scalar_tensor"):
            walk(node.args)
    return sorted(found)


def computed(graph: PostGradGraph, values: dict[str, object], kernel_nodes: list[str]) -> list[Finding]:
    """Every pattern some node of the kernel equals, as a function of a node that feeds it."""
    with _one_thread():
        return _computed(graph, values, kernel_nodes)


def _computed(graph: PostGradGraph, values: dict[str, object], kernel_nodes: list[str]) -> list[Finding]:
    scales = [1.0, *(s for s in _literals(graph) if s > 0)]
    epsilons = sorted({1e-5, 1e-6, *(s for s in _literals(graph) if 0 < s < 1e-2)})
    references: dict[str, list] = {}   # input node -> [(pattern, detail, value)], computed once
    silu: dict[str, torch.Tensor] = {}
    ancestors = {name: _ancestors(graph, name) for name in kernel_nodes if name in graph.nodes}
    # The kernel's nodes and what it reads from other kernels: a row max computed by the kernel
    # before (a GPU splits x − max(x) so) is as much a reduction as one computed here.
    local = set(kernel_nodes) | {i for name in kernel_nodes if name in graph.nodes for i in graph.nodes[name].inputs}
    reduced = {name for name in kernel_nodes if name in graph.nodes and
               any(graph.nodes[a].op in _REDUCING for a in [name, *ancestors[name]] if a in local)}
    found: list[Finding] = []
    for out in kernel_nodes:
        o = values.get(out)
        if out not in graph.nodes or not isinstance(o, torch.Tensor) or not o.is_floating_point():
            continue
        before = [a for a in ancestors[out] if a not in reduced]
        tensors = {a: values[a] for a in before if isinstance(values.get(a), torch.Tensor)}
        floats = {a: t for a, t in tensors.items() if t.is_floating_point()}
        vectors = {a: t for a, t in floats.items() if t.dim() == 1}
        for a, x in floats.items():
            if x.shape == o.shape:
                if a not in references:
                    references[a] = _references(x, scales)  # a pattern's input is what the kernel reads, or an
                    # elementwise function of it (a scale, a mask): never `x − max(x)`, computed after a reduction
                found += [Finding(pattern, out, [a], detail) for pattern, detail, function in references[a]
                          if _matches(o, x, detail, function)]
                found += _norms(out, o, a, x, epsilons, vectors)
                if a not in silu:
                    silu[a] = F.silu(x.double())
                found += [Finding("swiglu", out, [a, b]) for b, y in floats.items()
                          if b != a and y.shape == o.shape and _close(o, silu[a] * y.double())]
            elif o.dim() == 0 and x.dim() == 2:
                for t, target in tensors.items():
                    if target.dtype == torch.int64 and target.shape == x.shape[:1] and \
                            _close(o, F.cross_entropy(x.double(), target.clamp(0, x.shape[1] - 1)).to(o.dtype)):
                        found.append(Finding("cross_entropy", out, [a, t]))
    return found


def _references(x: torch.Tensor, scales: list[float]) -> list:
    """(pattern, detail, function of a tensor) for each reference op: applied to a corner of x
    first (every row kept whole along the reduced dimension), and to all of x only when the
    corner agrees."""
    out = []
    for dim in range(x.dim()):
        if x.shape[dim] < 2:
            continue
        for scale in scales:
            out.append(("softmax", {"dim": dim, "scale": scale}, lambda t, d=dim, k=scale: torch.softmax(t * k, d)))
            out.append(("log_softmax", {"dim": dim, "scale": scale},
                        lambda t, d=dim, k=scale: torch.log_softmax(t * k, d)))
    out.append(("gelu", {}, F.gelu))
    out.append(("gelu", {"approximate": "tanh"}, lambda t: F.gelu(t, approximate="tanh")))
    out.append(("silu", {}, F.silu))
    return out


def _matches(o: torch.Tensor, x: torch.Tensor, detail: dict, function) -> bool:
    dim = detail.get("dim")
    corner = tuple(slice(None) if i == dim else slice(0, 2) for i in range(x.dim()))
    if not _close(o[corner], function(x[corner].double()).to(o.dtype)):
        return False
    return _close(o, function(x.double()).to(o.dtype))


def _norms(out: str, o: torch.Tensor, a: str, x: torch.Tensor, epsilons: list[float],
           vectors: dict[str, torch.Tensor]) -> list[Finding]:
    """Layer and RMS norm over the last dimension, each feature then scaled and shifted by the
    least-squares weight and bias (a norm without them fits weight 1, bias 0)."""
    if x.dim() < 2 or x.shape[-1] < 2:
        return []
    xd, od, width = x.double(), o.double().reshape(-1, x.shape[-1]), x.shape[-1]
    found = []
    for eps in epsilons:
        for pattern, n in (("layer_norm", F.layer_norm(xd, (width,), eps=eps)),
                           ("rms_norm", xd * torch.rsqrt(xd.pow(2).mean(-1, keepdim=True) + eps))):
            flat = n.reshape(-1, width)
            weight, bias = _fit(flat, od)
            if weight is None:
                continue
            # fitted on an output rounded to bfloat16 or half, weight and bias carry that rounding:
            # the graph's own vectors, where they lie that close, give the reference the kernel computed
            weight, bias = _snapped(weight, vectors, 1.0, o.dtype), _snapped(bias, vectors, 0.0, o.dtype)
            if not _close(o, (n * weight + bias).to(o.dtype)):
                continue
            detail = {"eps": eps, "weight": _named(weight, vectors, 1.0), "bias": _named(bias, vectors, 0.0)}
            found.append(Finding(pattern, out, [a], detail))
        if found:
            return found
    return found


def _fit(n: torch.Tensor, o: torch.Tensor):
    if n.shape[0] < 3:
        return None, None
    nc, oc = n - n.mean(0), o - o.mean(0)
    denominator = (nc * nc).sum(0)
    if bool((denominator == 0).any()):
        return None, None
    weight = (nc * oc).sum(0) / denominator
    return weight, o.mean(0) - weight * n.mean(0)


def _snapped(fitted: torch.Tensor, vectors: dict[str, torch.Tensor], identity: float,
             dtype: torch.dtype) -> torch.Tensor:
    """The identity or the graph vector nearest the fitted one, when within a few rounding steps of
    the output's dtype; the fitted vector itself otherwise (and always for float32 or wider)."""
    if torch.finfo(dtype).bits > 16:
        return fitted
    scale = 4 * torch.finfo(dtype).eps * max(1.0, float(fitted.abs().max()))
    candidates = [torch.full_like(fitted, identity)] + [v.double() for v in vectors.values() if v.shape == fitted.shape]
    distance, nearest = min(((float((c - fitted).abs().max()), i) for i, c in enumerate(candidates)))
    return candidates[nearest] if distance <= scale else fitted


def _named(fitted: torch.Tensor, vectors: dict[str, torch.Tensor], identity: float) -> str | None:
    """The graph vector the fitted weight (or bias) is; None when it is the identity; "fitted" else."""
    if torch.allclose(fitted, torch.full_like(fitted, identity), atol=1e-6):
        return None
    return next((name for name, v in vectors.items() if v.shape == fitted.shape
                 and torch.allclose(v.double(), fitted, rtol=1e-4, atol=1e-5)), "fitted")


def headline(found: list[Finding], graph: PostGradGraph) -> list[Finding]:
    """The findings a kernel is named by: those whose output no other finding builds on, and
    not the part of a larger pattern on the same output (a SiLU inside SwiGLU)."""
    outputs = {f.output for f in found}
    last = {o for o in outputs if not any(o in _ancestors(graph, other) for other in outputs if other != o)}
    top = [f for f in found if f.output in last]
    inner = {p for f in top for p in CONTAINS.get(f.pattern, ())}
    return [f for f in top if f.pattern not in inner]
