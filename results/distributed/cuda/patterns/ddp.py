"""DistributedDataParallel: every rank holds the whole model and trains on its slice of the
batch; backward all-reduces the gradients bucket by bucket, so the replicas stay identical.

Compiled as `DDP(torch.compile(model))`. Dynamo sees that it runs inside DDP and hands the
graph to DDPOptimizer, which splits it at the gradient buckets' boundaries so that each
bucket's all-reduce can still start while the rest of backward runs: one graph per bucket.
(`torch.compile(DDP(model))` also works, but Dynamo then graph-breaks inside DDP's own forward.)
"""

from __future__ import annotations

import inspect

import torch
from torch import nn
from torch.nn.parallel import DistributedDataParallel

from labs.distributed.patterns import (
    Setup,
    Trainer,
    compile_module,
    local_slice,
    make_optimizer,
)


def no_buffer_sync() -> dict[str, bool]:
    """The causal masks are constant buffers: re-broadcasting them from rank 0 before every
    forward (DDP's default) would be traffic that teaches nothing. torch 2.13 renamed the
    option (`forward_sync_buffers`); older versions, the GPU run's included, know the old one."""
    if "forward_sync_buffers" in inspect.signature(DistributedDataParallel.__init__).parameters:
        return {"forward_sync_buffers": False}
    return {"broadcast_buffers": False}


def build(model: nn.Module, setup: Setup) -> Trainer:
    model = model.to(setup.device)
    inner = compile_module(model, setup) if setup.compiled else model
    wrapped = DistributedDataParallel(
        inner, device_ids=[setup.rank] if setup.device.type == "cuda" else None,
        bucket_cap_mb=setup.settings.ddp_bucket_cap_mb,
        **no_buffer_sync(),
        # Gradients live inside the all-reduce buckets instead of beside them: DDP's memory
        # is then the formula's, weights + gradients + optimizer state, with no second copy.
        gradient_as_bucket_view=True)

    def forward_backward(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        _, loss = wrapped(local_slice(x, setup.rank, setup.world), local_slice(y, setup.rank, setup.world))
        loss.backward()
        return loss

    param_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    facts = {"bucket_cap_mb": setup.settings.ddp_bucket_cap_mb, "param_bytes": param_bytes}
    return Trainer(model, make_optimizer(wrapped.parameters(), setup.settings), forward_backward, facts)
