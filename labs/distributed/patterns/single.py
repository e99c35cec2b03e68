"""The baseline: one process trains the whole global batch. Every other pattern's losses are
compared with this one's. With `checkpointed`, the same process under activation checkpointing."""

from __future__ import annotations

import torch
from torch import nn

from labs.distributed.patterns import Setup, Trainer, checkpoint_blocks, compile_module, make_optimizer


def build(model: nn.Module, setup: Setup) -> Trainer:
    model = model.to(setup.device)
    if setup.checkpointed:
        checkpoint_blocks(model)
    runnable = compile_module(model, setup) if setup.compiled else model

    def forward_backward(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        _, loss = runnable(x, y)
        loss.backward()
        return loss

    return Trainer(model, make_optimizer(model.parameters(), setup.settings), forward_backward)
