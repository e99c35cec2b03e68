"""The honest training loop of the grammar MiniGPT, one step at a time, ready to be compiled.

A step is what `labs.common.minigpt.train` does per iteration: zero the gradients, forward,
cross-entropy on the next character, backward, clip, AdamW step. It does not wait for the
GPU: the measuring functions (`labs.common.measure`) synchronize around each timed call for
latency, and time the GPU's own work with CUDA events for device time.

What gets compiled is the forward-and-loss (`model = torch.compile(model)`, the seed's one
line): AOTAutograd then compiles the matching backward; the optimizer stays eager.

On a GPU the AdamW step is capturable: its step count lives on the device, not the host,
and nothing in the step waits for the host (the clip's total norm stays a device tensor),
so a whole step can be captured as a CUDA graph and its device time replayed like every
other figure. The same loop queued back to back between two events, without a replay,
is the step time of an unsynchronised loop.
"""

from __future__ import annotations

import copy
import functools
import itertools
import types
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


# --8<-- [start:model_loss]
def model_loss(model: nn.Module, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return model(idx, targets)[1]
# --8<-- [end:model_loss]


def own_copy(fn: LossFn, name: str) -> LossFn:
    """`fn` with a code object of its own, named `name`.

    Dynamo keeps its compiled graphs, its guards and its recompile count on the code object
    of the function it compiles. Two copies of one function therefore have separate caches:
    each shape policy of part "recompiles" compiles its own copy, so one policy's graphs are
    never another's recompilations, and all of them can stay compiled side by side.
    """
    code = fn.__code__.replace(co_name=name, co_qualname=name)
    return types.FunctionType(code, fn.__globals__, name, fn.__defaults__, fn.__closure__)


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
    return [Replica(m, graph_safe(minigpt.make_optimizer(m, shape), device), device) for m in models]


def graph_safe(optimizer: torch.optim.Optimizer, device: str) -> torch.optim.Optimizer:
    """The optimizer with `capturable` on for CUDA (before its first step, which creates its
    state): AdamW then keeps its step count on the device and a step can be graph-captured.
    Same update, same hyperparameters; on a CPU nothing changes."""
    if device == "cuda":
        for group in optimizer.param_groups:
            group["capturable"] = True
    return optimizer


# --8<-- [start:make_step]
def make_step(replica: Replica, forward: nn.Module | Callable, loss_fn: LossFn = model_loss
              ) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """The training step: `forward` is the replica's model, or its compiled version."""
    model, optimizer = replica.model, replica.optimizer

    def step(idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(forward, idx, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), minigpt.CLIP_NORM)
        optimizer.step()
        return loss

    return step
# --8<-- [end:make_step]


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
    """A no-argument call for `labs.common.measure`: each call trains on the next batch of the rotation."""
    cycle: Iterator[Batch] = itertools.cycle(rotation)
    return lambda: step(*next(cycle))
