"""The inputs every part of Lab 03 feeds its models, and the MiniGPT as a logits-only module."""

from __future__ import annotations

import functools

import torch

from labs.common import minigpt
from labs.common.grammar import build_corpus
from labs.inductor_kernels.settings import SEED, TINYHEAD_FEATURES


def tinyhead_input(batch: int, device: str) -> torch.Tensor:
    generator = torch.Generator().manual_seed(SEED + batch)
    return torch.randn(batch, TINYHEAD_FEATURES, generator=generator).to(device)


@functools.cache
def _held_out_tokens() -> torch.Tensor:
    """The encoded validation text, built once: every input below is a window of it."""
    return minigpt.encoded_splits(build_corpus())[1]


def minigpt_input(model: minigpt.MiniGPT, batch: int, device: str) -> torch.Tensor:
    """`batch` windows of held-out text, block_size tokens each: what the model will see."""
    generator = torch.Generator().manual_seed(SEED + batch)
    return minigpt.get_batch(_held_out_tokens(), batch, model.config.block_size, generator, device)[0]


class LogitsOnly(torch.nn.Module):
    """The MiniGPT as an inference module: token ids in, logits out."""

    def __init__(self, model: minigpt.MiniGPT):
        super().__init__()
        self.model = model

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        return self.model(idx)[0]
