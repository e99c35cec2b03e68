"""2-D parallelism: FSDP2 over tensor parallelism, on a (data-parallel × tensor-parallel) mesh.

Four ranks as a 2 × 2 grid (`TWO_D_MESH`): the ranks of a row share one data-parallel slice
of the batch and split each block's layers between them (tensor parallelism, the plan of
`tensor_parallel`); the ranks of a column hold the same tensor-parallel shard and shard it
again, FSDP2-style, with each other. torchtitan's order, kept here: tensor parallelism first,
then `fully_shard` on the data-parallel dimension of the same mesh, so every parameter ends up
a DTensor placed on both dimensions (Shard(0) over dp, and Shard or Replicate over tp).

Per step a rank then all-gathers each block over dp (FSDP2), runs it with tensor parallelism's
all-reduces over tp, and reduce-scatters the gradients over dp: the tp collectives carry
activations inside a row, the dp ones weights and gradients down a column.
"""

from __future__ import annotations

import logging
import warnings

import torch
from torch import nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard

from labs.distributed.patterns import Setup, Trainer, local_slice, make_optimizer, tensor_parallel
from labs.distributed.settings import TWO_D_MESH


def build(model: nn.Module, setup: Setup) -> Trainer:
    dp, tp = TWO_D_MESH
    if setup.world != dp * tp:
        raise ValueError(f"the 2-D mesh is {dp} × {tp}: it needs {dp * tp} ranks, not {setup.world}")
    # The root returns the logits as a view (tensor parallelism's to_local); FSDP2 warns that an
    # in-place op on it would skip a hook. The lab only calls backward on the loss. And a 2-D
    # parameter gathered whole (the gradient check's full_tensor) takes two all-gathers, which
    # DTensor logs as suboptimal: it is the check's cost, not the training step's.
    warnings.filterwarnings("ignore", message=r"FSDP2-wrapped module .* returned a view tensor")
    logging.getLogger("torch.distributed.tensor._redistribute").setLevel(logging.ERROR)
    model = model.to(setup.device)
    mesh = init_device_mesh(setup.device.type, (dp, tp), mesh_dim_names=("dp", "tp"))
    tensor_parallel.parallelize(model, mesh["tp"])
    for block in model.blocks:
        fully_shard(block, mesh=mesh["dp"])
    fully_shard(model, mesh=mesh["dp"])
    row = mesh["dp"].get_local_rank()       # which data-parallel slice this rank's row trains on

    def forward_backward(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        _, loss = model(local_slice(x, row, dp), local_slice(y, row, dp))
        loss.backward()
        return loss

    facts = {"dp": dp, "tp": tp, "dp_rank": row, "tp_rank": mesh["tp"].get_local_rank()}
    return Trainer(model, make_optimizer(model.parameters(), setup.settings), forward_backward, facts)
