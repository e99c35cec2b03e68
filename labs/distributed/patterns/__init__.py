"""The five ways the lab trains one MiniGPT, behind one interface.

Each pattern module has `build(model, setup) -> Trainer`: it takes the freshly initialised
model (the same weights on every rank), places it on the rank's device, wraps, shards or
splits it, compiles it when asked, and returns a `Trainer` whose `forward_backward(x, y)`
takes the step's *global* batch and returns this rank's loss (None on a rank that computes
none). The training loop (`labs.distributed.training`) is the same for all of them.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from labs.distributed.settings import Settings, Variant


@dataclass(frozen=True)
class Setup:
    """What a pattern needs to know besides the model."""
    rank: int
    world: int
    device: torch.device
    settings: Settings
    variant: Variant
    compiled: bool
    schedule: str = "gpipe"     # the pipeline's: "gpipe" (all forwards, then all backwards) or "1f1b"
    bf16: bool = False          # FSDP2's MixedPrecisionPolicy: bfloat16 parameters, float32 reduction
    checkpointed: bool = False  # activation checkpointing: each block keeps its input, recomputes the rest


@dataclass
class Trainer:
    module: nn.Module                       # this rank's module: what holds its parameters
    optimizer: torch.optim.Optimizer
    forward_backward: Callable[[torch.Tensor, torch.Tensor], torch.Tensor | None]
    facts: dict[str, Any] = field(default_factory=dict)   # pattern-specific, for the report


def make_optimizer(params, settings: Settings) -> torch.optim.AdamW:
    """AdamW with foreach=True on every device.

    AdamW picks its multi-tensor (foreach) path by itself only for CUDA tensors; asking for it
    everywhere makes a CPU run take the code path a GPU run takes, so a problem such as
    tensor parallelism's "mixed torch.Tensor and DTensor" shows up on a laptop too.
    """
    return torch.optim.AdamW(params, lr=settings.lr, betas=(0.9, 0.99), foreach=True)


def compile_module(module: nn.Module, setup: Setup) -> nn.Module:
    """torch.compile with the preset's backend; on CPU, compile in the rank's own process
    (no pool of compile workers: two ranks on two cores have no core to give them)."""
    if setup.device.type == "cpu":
        import torch._inductor.config as inductor_config
        inductor_config.compile_threads = 1
    return torch.compile(module, backend=setup.settings.compile_backend)


def checkpoint_blocks(model: nn.Module) -> None:
    """Activation checkpointing, block by block: each block's forward runs under
    `torch.utils.checkpoint` (non-reentrant), which keeps the block's input and recomputes the
    block's activations when backward reaches it. The block's own `forward` is replaced, not the
    block wrapped, so parameter names stay the plain model's and FSDP2's hooks, on the block's
    call, still gather its parameters before the recompute.

    The new forward holds its block weakly: a forward that held the block (a lambda over
    `block.forward`) made a reference cycle, so a spent model waited for the garbage collector
    and was freed inside a later run's measured step, lowering that run's GPU memory reading
    by the spent model's size (memory.MemoryWatch)."""
    for block in model.blocks:
        block.forward = functools.partial(_checkpointed_forward, weakref.ref(block), type(block).forward)


def _checkpointed_forward(block_ref: weakref.ref, forward: Callable, x: torch.Tensor) -> torch.Tensor:
    from torch.utils.checkpoint import checkpoint
    return checkpoint(forward, block_ref(), x, use_reentrant=False)


def local_slice(batch: torch.Tensor, rank: int, world: int) -> torch.Tensor:
    """This rank's share of a global batch (data parallelism): equal, contiguous rows."""
    if batch.shape[0] % world:
        raise ValueError(f"a batch of {batch.shape[0]} does not split evenly over {world} ranks")
    return batch.chunk(world)[rank]


def builder(pattern: str) -> Callable[[nn.Module, Setup], Trainer]:
    from labs.distributed.patterns import ddp, fsdp2, pipeline, single, tensor_parallel, two_d
    return {"single": single.build, "ddp": ddp.build, "fsdp2": fsdp2.build,
            "tensor_parallel": tensor_parallel.build, "pipeline": pipeline.build, "fsdp_tp": two_d.build}[pattern]
