"""What the textbook says each pattern costs, per rank and per step, before anything runs.

Memory is Lab 03's formula (`labs.common.training_memory`): float32 weights and gradients,
AdamW's two moments (16 bytes a parameter in all) and the activations autograd saves, measured
once on the unsplit model at the batch a rank sees. Each pattern divides a different part:

    single            16 P + A(B)
    DDP               16 P + A(B / n)                 every rank holds everything
    FSDP2             16 P / n + A(B / n)             state sharded (ZeRO-3)
    tensor parallel   16 (P_split / n + P_rest) + A(B) / n
    pipeline          16 P_stage + A(B) / n           layers split into n stages

Communication, first as the payload: the bytes the collectives' tensors hold per rank and
step, what the pattern must move before any algorithm multiplies it (G = 4 P, the gradients):

    DDP               an all-reduce of the gradients: G
    FSDP2             an all-gather of the weights in forward and again in backward, and a
                      reduce-scatter of the gradients: 2 G + G
    tensor parallel   4 all-reduces of the activations per layer (2 forward, 2 backward),
                      each B T d floats: 4 L B T d x 4 bytes
    pipeline          each stage boundary carries the activations forward and their
                      gradients back, B T d floats each way, plus one all-reduce of the
                      tied embedding's gradient between the first and last stage

then as the bytes a ring algorithm sends for that payload (`comm.wire_bytes`): 2 (n - 1) / n
of an all-reduce's, (n - 1) / n of an all-gather's or reduce-scatter's, a send's once.
"""

from __future__ import annotations

from dataclasses import dataclass

from torch import nn

from labs.distributed.comm import wire_bytes

FLOAT_BYTES = 4
STATE_BYTES_PER_PARAM = 16   # weight + gradient + AdamW's two moments, float32


@dataclass(frozen=True)
class ModelShape:
    """The numbers of a MiniGPT the predictions need (parameters counted once, tie included)."""
    params: int
    block_params: int          # one transformer block
    root_params: int           # outside the blocks: embeddings (tied LM head), final LayerNorm
    split_params_per_block: int  # what tensor parallelism splits: qkv, fc (weight, bias), the two output weights
    n_layer: int
    n_embd: int
    vocab_size: int
    batch_size: int
    block_size: int

    @classmethod
    def of(cls, model: nn.Module, batch_size: int) -> ModelShape:
        block = model.blocks[0]
        split = (block.attn.qkv.weight.numel() + block.attn.qkv.bias.numel() + block.attn.proj.weight.numel()
                 + block.mlp.fc.weight.numel() + block.mlp.fc.bias.numel() + block.mlp.proj.weight.numel())
        params = sum(p.numel() for p in model.parameters())
        block_params = sum(p.numel() for p in block.parameters())
        config = model.config
        return cls(params=params, block_params=block_params, root_params=params - config.n_layer * block_params,
                   split_params_per_block=split, n_layer=config.n_layer, n_embd=config.n_embd,
                   vocab_size=config.vocab_size, batch_size=batch_size, block_size=config.block_size)

    @property
    def activation_tensor_bytes(self) -> int:
        """One (B, T, d) float32 tensor: what crosses a layer or stage boundary."""
        return self.batch_size * self.block_size * self.n_embd * FLOAT_BYTES

    def stage_params(self, world: int) -> list[int]:
        """Parameters per pipeline stage: blocks split evenly, embeddings on the first stage,
        the final LayerNorm and a copy of the tied LM head on the last."""
        layers = stage_layers(self.n_layer, world)
        head = self.vocab_size * self.n_embd
        embeddings = self.root_params - 2 * self.n_embd        # token + position tables
        counts = [len(r) * self.block_params for r in layers]
        counts[0] += embeddings
        counts[-1] += 2 * self.n_embd + (head if world > 1 else 0)
        return counts


def stage_layers(n_layer: int, world: int) -> list[range]:
    """Consecutive blocks per stage, the first stages taking one more when they do not divide."""
    base, extra = divmod(n_layer, world)
    bounds, start = [], 0
    for stage in range(world):
        size = base + (1 if stage < extra else 0)
        bounds.append(range(start, start + size))
        start += size
    return bounds


def predicted_payload(pattern: str, shape: ModelShape, world: int) -> dict[str, float]:
    """Bytes the collectives' tensors hold per rank and step, by kind (mean over ranks)."""
    grads = shape.params * FLOAT_BYTES
    if pattern == "single" or world < 2:
        return {}
    if pattern == "ddp":
        return {"all_reduce": grads}
    if pattern == "fsdp2":
        return {"all_gather": 2 * grads, "reduce_scatter": grads}
    if pattern == "tensor_parallel":
        return {"all_reduce": 4 * shape.n_layer * shape.activation_tensor_bytes}
    if pattern == "pipeline":
        boundaries = world - 1           # each sends B T d forward and B T d backward
        tied = shape.vocab_size * shape.n_embd * FLOAT_BYTES
        return {"send": 2 * boundaries * shape.activation_tensor_bytes / world,
                "all_reduce": 2 * tied / world}   # first and last rank only
    raise ValueError(f"unknown pattern {pattern!r}")


def predicted_comm(pattern: str, shape: ModelShape, world: int) -> dict[str, float]:
    """Bytes a ring algorithm makes one rank send per step for that payload, by kind."""
    groups = {"all_reduce": 2} if pattern == "pipeline" else {}   # the tie: first and last stage
    return {kind: wire_bytes(kind, payload, groups.get(kind, world))
            for kind, payload in predicted_payload(pattern, shape, world).items()}


def predicted_memory(pattern: str, shape: ModelShape, world: int, activations_full: int,
                     activations_split: int, microbatches: int = 1, schedule: str = "gpipe") -> float:
    """Bytes the busiest rank holds at its peak. activations_full: A(B); activations_split: A(B / n).

    The pipeline's stage holds A(B) / n of activations under GPipe (all m micro-batches in
    flight); under 1F1B the first stage holds at most min(m, p) of the m micro-batches'."""
    state = STATE_BYTES_PER_PARAM
    if pattern == "single":
        return state * shape.params + activations_full
    if pattern == "ddp":
        return state * shape.params + activations_split
    if pattern == "fsdp2":
        return state * shape.params / world + activations_split
    if pattern == "tensor_parallel":
        split = shape.n_layer * shape.split_params_per_block
        return state * (split / world + shape.params - split) + activations_full / world
    if pattern == "pipeline":
        in_flight = min(microbatches, world) / microbatches if schedule == "1f1b" else 1.0
        return state * max(shape.stage_params(world)) + in_flight * activations_full / world
    raise ValueError(f"unknown pattern {pattern!r}")


# -- beyond the four patterns: activation checkpointing, FSDP2 in bf16, 2-D --------------------

BF16_BYTES = 2


def checkpointed_activations(shape: ModelShape, activations_full: int, activations_root: int) -> float:
    """A(B) under activation checkpointing, block by block: what the model keeps outside its
    blocks (A_root, measured on the same model without blocks), each block's input (B T d
    floats), and at the backward's peak one block's activations recomputed, (A(B) - A_root) / L."""
    block = (activations_full - activations_root) / shape.n_layer
    return activations_root + shape.n_layer * shape.activation_tensor_bytes + block


def checkpointed_memory(shape: ModelShape, activations_full: int, activations_root: int) -> float:
    """One process's peak with checkpointing: Lab 03's formula with the activations above."""
    return STATE_BYTES_PER_PARAM * shape.params + checkpointed_activations(shape, activations_full, activations_root)


def recompute_time_ratio(shape: ModelShape) -> float:
    """Step time with checkpointing over without, counted in FLOPs: backward costs about two
    forwards, so a step is three; checkpointing adds the blocks' forward once more.
    A block's forward is 24 d^2 + 4 T d FLOPs per token (its four matrix products, and the
    attention's two), the LM head's 2 d V. The optimizer's time is not counted: it is the
    same with and without, so the measured ratio should come out a little lower."""
    d, t = shape.n_embd, shape.block_size
    blocks = shape.n_layer * (24 * d * d + 4 * t * d)
    forward = blocks + 2 * d * shape.vocab_size
    return 1 + blocks / (3 * forward)


def fsdp2_bf16_memory(shape: ModelShape, world: int, activations_split: int) -> float:
    """FSDP2 with bf16 parameters and float32 reduction: the sharded state stays float32
    (16 P / n), the activations are bf16 (A(B / n) / 2)."""
    return STATE_BYTES_PER_PARAM * shape.params / world + activations_split * BF16_BYTES / FLOAT_BYTES


def fsdp2_bf16_payload(shape: ModelShape) -> dict[str, float]:
    """The all-gathers move bf16 weights (half of float32's); the reduce-scatter float32 gradients."""
    return {"all_gather": 2 * BF16_BYTES * shape.params, "reduce_scatter": FLOAT_BYTES * shape.params}


def two_d_payload(shape: ModelShape, dp: int, tp: int) -> dict[str, float]:
    """FSDP2 over tensor parallelism on a dp x tp mesh, per rank and step.

    Over tp (inside a row): tensor parallelism's 4 all-reduces per layer of the activations of
    the row's batch slice, B / dp. Over dp (down a column): FSDP2 on the rank's tensor-parallel
    shard, P_tp = L (P_split / tp + P_block - P_split) + P_root: each block gathered in forward
    and again in backward, the root group once (it is not freed between them), and every
    gradient reduce-scattered once."""
    block = shape.split_params_per_block / tp + shape.block_params - shape.split_params_per_block
    p_tp = shape.n_layer * block + shape.root_params
    activations = shape.batch_size // dp * shape.block_size * shape.n_embd * FLOAT_BYTES
    return {"all_reduce": 4 * shape.n_layer * activations,
            "all_gather": FLOAT_BYTES * (2 * shape.n_layer * block + shape.root_params),
            "reduce_scatter": FLOAT_BYTES * p_tp}
