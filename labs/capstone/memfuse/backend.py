"""memfuse, a torch.compile backend: estimate memory, find fusion groups, dispatch them.

    torch.compile(model, backend="memfuse")          # registered under that name
    torch.compile(model, backend=MemfuseBackend(fallback="eager"))   # with options

For each graph Dynamo hands it, the backend
1. refuses training graphs (inference only: see `refuse_training`);
2. estimates the graph's peak memory by liveness analysis;
3. replaces each Linear + GELU by the fused operator (a Triton kernel on a GPU);
4. estimates the peak again, finds the remaining element-wise groups, and records it all;
5. returns the rewritten graph compiled by the fallback: Inductor, or eager.

Every compile is recorded (`records`): the shapes it was compiled for, so recompilations
caused by guards on shapes show up as extra records (Dynamo's own compilation metrics say
which guard failed: see pitfalls.recompile_reasons).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import fx

from labs.capstone.memfuse import grouping, liveness

REFUSAL = "memfuse compiles inference graphs only"


class MemfuseError(RuntimeError):
    """A graph memfuse will not compile; the message says what to do instead."""


@dataclass
class CompileRecord:
    index: int
    input_shapes: list[tuple]
    groups: list[grouping.FusionGroup]
    before: liveness.Liveness
    after: liveness.Liveness
    fallback: str
    dispatch: list[str] = field(default_factory=list)

    def summary(self) -> str:
        fused = sum(1 for g in self.groups if g.kind == "linear_gelu")
        groups = f"{len(self.groups)} fusion group{'s' * (len(self.groups) != 1)}"
        return (f"[memfuse] graph {self.index}: {groups}, {fused} sent to "
                f"fused_linear_gelu; estimated peak {self.before.peak_mib:.2f} -> {self.after.peak_mib:.2f} MiB")


def refuse_training(gm: fx.GraphModule, example_inputs: list[Any]) -> None:
    """The fused kernel has no backward: a graph that autograd will differentiate would lose
    its gradients through it. Register an autograd.Function, or compile for inference."""
    needs_grad = [n.name for n in gm.graph.nodes
                  if isinstance(liveness.value_of(n), torch.Tensor) and liveness.value_of(n).requires_grad]
    if torch.is_grad_enabled() and needs_grad:
        raise MemfuseError(
            f"{REFUSAL}, and this graph needs gradients (through "
            f"{needs_grad[0]}): call the model under torch.no_grad() or torch.inference_mode(), "
            "or compile training with backend='inductor'")


def _shapes(example_inputs: list[Any]) -> list[tuple]:
    return [tuple(liveness.concrete(s) for s in t.shape) if isinstance(t, torch.Tensor) else (t,)
            for t in example_inputs]


class MemfuseBackend:
    def __init__(self, fallback: str = "inductor", verbose: bool = False):
        if fallback not in ("inductor", "eager"):
            raise ValueError(f"fallback must be 'inductor' or 'eager', not {fallback!r}")
        self.fallback = fallback
        self.verbose = verbose
        self.records: list[CompileRecord] = []

    # --8<-- [start:call]
    def __call__(self, gm: fx.GraphModule, example_inputs: list[Any]) -> Callable[..., Any]:
        refuse_training(gm, example_inputs)
        before = liveness.estimate_peak_memory(gm)
        groups = grouping.fuse_linear_gelu(gm)
        groups += grouping.elementwise_groups(gm)
        after = liveness.estimate_peak_memory(gm)
        record = CompileRecord(index=len(self.records), input_shapes=_shapes(example_inputs), groups=groups,
                               before=before, after=after, fallback=self.fallback,
                               dispatch=[g.dispatch(self.fallback) for g in groups])
        self.records.append(record)
        if self.verbose:
            print(record.summary(), flush=True)
        if self.fallback == "inductor":
            from torch._inductor.compile_fx import compile_fx
            return compile_fx(gm, example_inputs)
        return gm.forward
    # --8<-- [end:call]


def _register() -> None:
    from torch._dynamo.backends.registry import list_backends, register_backend
    if "memfuse" not in list_backends(exclude_tags=()):
        register_backend(MemfuseBackend(fallback="inductor", verbose=True), name="memfuse")


_register()
