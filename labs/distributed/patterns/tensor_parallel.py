"""Tensor parallelism (Megatron-style, with DTensor): each block's four projections are split.

Attention is split by heads: the fused `qkv` projection by output rows (ColwiseParallel), so
each rank computes q, k and v for its own heads, and `proj` by input columns (RowwiseParallel),
whose partial products one all-reduce sums. The MLP is split the same way (`fc` by rows, `proj`
by columns). That is one all-reduce after attention and one after the MLP in forward, and two
more in backward (the gradients of the inputs of `qkv` and `fc`).

Two things the plain MiniGPT does not survive, and how this module handles them:

1. A fused qkv weight is [q; k; v], each [head 0; head 1; ...]. A ColwiseParallel shard is a
   contiguous block of rows, which would hand rank 0 all of q and half of k. The rows are
   re-laid as [q, k, v of rank 0's heads; q, k, v of rank 1's heads; ...] before sharding, and
   the attention module is swapped for one that reads its *local* heads. Same weights, same
   math, the loss matches.
2. AdamW's foreach path fails on a mix of DTensor and plain tensors ("mixed torch.Tensor and
   DTensor"): the LayerNorms and embeddings are not split, so they would stay plain. They are
   made DTensors replicated on the mesh (`distribute_module`), with plain tensors in and out,
   so every parameter the optimizer sees is a DTensor. Nothing else changes: their gradients
   are already identical on every rank. (torchtitan reaches the same state with
   SequenceParallel on its norms; `foreach=False` would also run, one tensor at a time.)

The tied embedding and LM head stay one parameter: both are replicated, the tie is restored
after the embedding becomes a DTensor.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.distributed.device_mesh import DeviceMesh, init_device_mesh
from torch.distributed.tensor import DTensor, Replicate, distribute_module
from torch.distributed.tensor.parallel import (
    ColwiseParallel,
    RowwiseParallel,
    parallelize_module,
)

from labs.distributed.patterns import Setup, Trainer, compile_module, make_optimizer

BLOCK_PLAN = {"attn.qkv": ColwiseParallel(), "attn.proj": RowwiseParallel(),
              "mlp.fc": ColwiseParallel(), "mlp.proj": RowwiseParallel()}


class HeadShardedAttention(nn.Module):
    """The MiniGPT's attention on this rank's heads only (the same math, local sizes)."""

    def __init__(self, attention: nn.Module, world: int):
        super().__init__()
        self.qkv, self.proj = attention.qkv, attention.proj
        self.local_heads = attention.n_head // world
        self.register_buffer("causal_mask", attention.causal_mask, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, _ = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)          # each (B, T, local width)
        width = q.shape[-1]
        q, k, v = (t.view(B, T, self.local_heads, width // self.local_heads).transpose(1, 2) for t in (q, k, v))
        scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        y = F.softmax(scores, dim=-1) @ v
        return self.proj(y.transpose(1, 2).contiguous().view(B, T, width))


@torch.no_grad()
def interleave_qkv_by_rank(qkv: nn.Linear, n_head: int, world: int) -> None:
    """Re-lay rows [q; k; v] as [q_0, k_0, v_0; q_1, k_1, v_1; ...], r's heads per block."""
    width = qkv.in_features
    head_dim = width // n_head
    weight = qkv.weight.view(3, world, n_head // world, head_dim, width).transpose(0, 1)
    qkv.weight.copy_(weight.reshape(3 * width, width))
    bias = qkv.bias.view(3, world, n_head // world, head_dim).transpose(0, 1)
    qkv.bias.copy_(bias.reshape(3 * width))


def replicate_on_mesh(module: nn.Module, mesh: DeviceMesh) -> None:
    """Make `module`'s parameters replicated DTensors; it still takes and returns plain tensors."""
    def to_dtensor(_module, inputs, device_mesh):
        return tuple(DTensor.from_local(t, device_mesh, [Replicate()], run_check=False) for t in inputs)

    def to_local(_module, output, _device_mesh):
        return output.to_local()

    distribute_module(module, mesh, input_fn=to_dtensor, output_fn=to_local)


def split_blocks(model: nn.Module, mesh: DeviceMesh, world: int) -> None:
    config = model.config
    if config.n_head % world or (4 * config.n_embd) % world:
        raise ValueError(f"{config.n_head} heads and an MLP of {4 * config.n_embd} do not split over {world} ranks")
    for block in model.blocks:
        interleave_qkv_by_rank(block.attn.qkv, config.n_head, world)
        block.attn = HeadShardedAttention(block.attn, world)
        parallelize_module(block, mesh, BLOCK_PLAN)


def parallelize(model: nn.Module, mesh: DeviceMesh) -> None:
    """Split the blocks over `mesh` and make every other parameter a replicated DTensor on it.
    The 2-D pattern (`two_d`) applies the same plan on its tensor-parallel mesh dimension."""
    if model.config.dropout:
        raise ValueError("the head-sharded attention has no dropout; the lab trains with dropout=0")
    split_blocks(model, mesh, mesh.size())
    for block in model.blocks:
        replicate_on_mesh(block.ln1, mesh)
        replicate_on_mesh(block.ln2, mesh)
    for module in (model.tok_emb, model.pos_emb, model.ln_f):
        replicate_on_mesh(module, mesh)
    model.lm_head.weight = model.tok_emb.weight      # the tie, now between two DTensor uses
    replicate_on_mesh(model.lm_head, mesh)
    plain = [name for name, p in model.named_parameters() if not isinstance(p, DTensor)]
    if plain:
        raise RuntimeError(f"parameters left as plain tensors: {plain}")


def build(model: nn.Module, setup: Setup) -> Trainer:
    model = model.to(setup.device)
    parallelize(model, init_device_mesh(setup.device.type, (setup.world,)))
    runnable = compile_module(model, setup) if setup.compiled else model

    def forward_backward(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        _, loss = runnable(x, y)      # every rank runs the whole batch, on its share of each layer
        loss.backward()
        return loss

    split = sum(p.to_local().numel() for p in model.parameters() if p.placements[0].is_shard())
    facts = {"split_params_local": split, "replicated_params": sum(
        p.numel() for p in model.parameters() if not p.placements[0].is_shard())}
    return Trainer(model, make_optimizer(model.parameters(), setup.settings), forward_backward, facts)


def naive_failure(model: nn.Module, setup: Setup, x: torch.Tensor, y: torch.Tensor) -> str:
    """One step of the plan most people write first: split the blocks, leave the rest plain.

    Returns the optimizer's error ("" if this torch accepts the mix). The model is spent.
    """
    model = model.to(setup.device)
    mesh = init_device_mesh(setup.device.type, (setup.world,))
    split_blocks(model, mesh, setup.world)
    optimizer = make_optimizer(model.parameters(), setup.settings)
    _, loss = model(x, y)
    loss.backward()
    try:
        optimizer.step()
    except (RuntimeError, NotImplementedError, TypeError, ValueError, AssertionError) as error:
        return f"{type(error).__name__}: {str(error).splitlines()[0]}"
    return ""
