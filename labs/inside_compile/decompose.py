"""The same computation traced to ATen at four levels of decomposition, with make_fx.

Inside torch.compile, AOTAutograd traces the Dynamo graph straight through Inductor's
decomposition table, so the undecomposed ATen graph never exists there. Tracing it here
at each level shows what each table does to the op set:

    aten       no decomposition: the ATen ops the dispatcher reaches (native_layer_norm, gelu)
    core_aten  torch._decomp.core_aten_decompositions(): the core ATen opset (~180 ops)
    inductor   torch._inductor.decomposition.select_decomp_table(): what Inductor traces with
    prims      torch._decomp.decomposition_table: every registered decomposition, which for
               most ops ends in PrimTorch's prims.* (a side road: Inductor does not go there)

In training the traced function also runs autograd, so the graph holds forward and backward.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
from torch.fx.experimental.proxy_tensor import make_fx

from labs.inside_compile.graphs import GraphSnapshot, snapshot

LEVELS = ("aten", "core_aten", "inductor", "prims")


@dataclass(frozen=True)
class Level:
    name: str
    graph: GraphSnapshot | None
    error: str | None = None          # why this level could not be traced

    @property
    def histogram(self) -> Counter[str]:
        return self.graph.op_histogram() if self.graph else Counter()

    @property
    def total(self) -> int:
        return sum(self.histogram.values())

    @property
    def distinct(self) -> int:
        return len(self.histogram)

    def by_namespace(self) -> Counter[str]:
        """aten.* against prims.* ops (the first component of each op name)."""
        counts: Counter[str] = Counter()
        for op, n in self.histogram.items():
            counts[op.split(".", 1)[0]] += n
        return counts


def decomposition_tables() -> dict[str, Callable[[], dict[Any, Any] | None]]:
    """Each level's table, built lazily: a level whose API is missing fails on its own."""

    def core_aten() -> dict[Any, Any]:
        from torch._decomp import core_aten_decompositions
        return dict(core_aten_decompositions())

    def inductor() -> dict[Any, Any]:
        from torch._inductor.decomposition import select_decomp_table
        return dict(select_decomp_table())

    def prims() -> dict[Any, Any]:
        from torch._decomp import decomposition_table
        return dict(decomposition_table)

    return {"aten": lambda: None, "core_aten": core_aten, "inductor": inductor, "prims": prims}


def trace_levels(model: torch.nn.Module, x: torch.Tensor, training: bool) -> list[Level]:
    """make_fx of the block's forward (inference) or forward + backward (training), per level."""
    fn, args = _traced_function(model, x, training)
    levels = []
    for name, table in decomposition_tables().items():
        try:
            with torch.enable_grad() if training else torch.no_grad():
                gm = make_fx(fn, decomposition_table=table())(*args)
            levels.append(Level(name=name, graph=snapshot(gm)))
        except Exception as error:  # one level failing must not hide the others
            levels.append(Level(name=name, graph=None, error=f"{type(error).__name__}: {error}"))
    return levels


def _traced_function(model: torch.nn.Module, x: torch.Tensor,
                     training: bool) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    names = [name for name, _ in model.named_parameters()]
    # Fresh leaves: the traced function takes the weights as inputs, as AOTAutograd does.
    params = [p.detach().clone().requires_grad_(training) for _, p in model.named_parameters()]

    def forward(params: list[torch.Tensor], x: torch.Tensor) -> torch.Tensor:
        return torch.func.functional_call(model, dict(zip(names, params)), (x,))

    if not training:
        return forward, (params, x)

    def forward_and_backward(params: list[torch.Tensor], x: torch.Tensor,
                             grad_out: torch.Tensor) -> tuple[Any, ...]:
        out = forward(params, x)
        return out, torch.autograd.grad(out, params, grad_out)

    return forward_and_backward, (params, x, torch.ones_like(x))
