"""FSDP2 (`fully_shard`): every rank stores 1/n of each parameter, gradient and optimizer state.
Each block is its own group, gathered just before it runs and freed after, in forward and again
in backward; its gradients are reduce-scattered so each rank keeps only its shard. The root
group (embeddings, tied LM head, final LayerNorm) is gathered once: FSDP2 keeps the root's
weights after forward, since backward needs them first.

The mesh is explicit (`init_device_mesh(device_type, (n,))`): on a host that has GPUs, a CPU
run would otherwise be placed on them. Compiled as `torch.compile(model)` after sharding:
Dynamo leaves FSDP2's hooks to run eagerly around the compiled graphs.
"""

from __future__ import annotations

import torch
from torch import nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard

from labs.distributed.patterns import (
    Setup,
    Trainer,
    compile_module,
    local_slice,
    make_optimizer,
)


def build(model: nn.Module, setup: Setup) -> Trainer:
    model = model.to(setup.device)
    mesh = init_device_mesh(setup.device.type, (setup.world,))
    # bf16: each block's parameters are gathered, and its forward and backward computed, in
    # bfloat16; the gradients are cast to float32 before the reduce-scatter, and the sharded
    # parameters, gradients and AdamW's moments stay float32 (torchtitan's default policy).
    policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32) if setup.bf16 \
        else MixedPrecisionPolicy()
    for block in model.blocks:
        fully_shard(block, mesh=mesh, mp_policy=policy)
    fully_shard(model, mesh=mesh, mp_policy=policy)   # the root: the tied embedding is one parameter, in one group
    runnable = compile_module(model, setup) if setup.compiled else model

    def forward_backward(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        _, loss = runnable(local_slice(x, setup.rank, setup.world), local_slice(y, setup.rank, setup.world))
        loss.backward()
        return loss

    facts = {"groups": len(model.blocks) + 1}
    return Trainer(model, make_optimizer(model.parameters(), setup.settings), forward_backward, facts)
