"""The honest training loop of the grammar MiniGPT, one step at a time, ready to be compiled.

A step is what `labs.common.minigpt.train` does per iteration: zero the gradients, forward,
cross-entropy on the next character, backward, clip, AdamW step; on CUDA it also waits for
the GPU, so a step's wall time is the work's time and not the time to queue it.

What gets compiled is the forward-and-loss (`model = torch.compile(model)`, the seed's one
line): AOTAutograd then compiles the matching backward; the optimizer stays eager.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import torch
from torch import nn

from labs.common import grammar, minigpt

SEED = 0
BATCHES_IN_ROTATION = 8  # distinct batches cycled through, so no step reuses the last one's data

Batch = tuple[torch.Tensor, torch.Tensor]
# (model, idx, targets) -> scalar loss: the region that torch.compile sees.
LossFn = Callable[[nn.Module, torch.Tensor, torch.Tensor], torch.Tensor]


def model_loss(model: nn.Module, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return model(idx, targets)[1]


@dataclass
class Replica:
    """One copy of the model with its own optimizer: eager and compiled train side by side."""
    model: minigpt.MiniGPT
    optimizer: torch.optim.Optimizer
    device: str


def new_replicas(shape: minigpt.TrainSettings, device: str, count: int) -> list[Replica]:
    """`count` MiniGPTs with the same fresh weights, shaped and optimized as `shape` says."""
    config = minigpt.config_for(shape, grammar.build_corpus())
    torch.manual_seed(SEED)
    first = minigpt.MiniGPT(config).to(device).train()
    models = [first] + [copy.deepcopy(first) for _ in range(count - 1)]
    return [Replica(m, minigpt.make_optimizer(m, shape), device) for m in models]


def make_step(replica: Replica, forward: nn.Module | Callable, loss_fn: LossFn = model_loss
              ) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """The training step: `forward` is the replica's model, or its compiled version."""
    model, optimizer = replica.model, replica.optimizer
    synchronize = torch.cuda.synchronize if replica.device == "cuda" else (lambda: None)

    def step(idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(forward, idx, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), minigpt.CLIP_NORM)
        optimizer.step()
        synchronize()
        return loss

    return step


@functools.cache
def train_tokens() -> torch.Tensor:
    """The grammar corpus's training text, encoded once per process (read-only: only sliced)."""
    return minigpt.encoded_splits(grammar.build_corpus())[0]


def batches(batch_size: int, seq_len: int, device: str, count: int = BATCHES_IN_ROTATION,
            seed: int = SEED) -> list[Batch]:
    """`count` random windows of the grammar corpus's training text, (batch_size, seq_len)."""
    train_data = train_tokens()
    generator = torch.Generator().manual_seed(seed)
    return [minigpt.get_batch(train_data, batch_size, seq_len, generator, device) for _ in range(count)]


def on_rotation(step: Callable[[torch.Tensor, torch.Tensor], torch.Tensor],
                rotation: list[Batch]) -> Callable[[], torch.Tensor]:
    """A no-argument call for `timing.bench`: each call trains on the next batch of the rotation."""
    cycle: Iterator[Batch] = itertools.cycle(rotation)
    return lambda: step(*next(cycle))
