"""The one module this lab follows through the compiler: LayerNorm -> Linear -> GELU -> Linear.

Small enough that every graph fits on a page, yet it has what makes Inductor interesting:
a reduction (LayerNorm's mean and variance), two matrix multiplies (library calls) and a
pointwise activation between them (a fusion candidate).
"""

from __future__ import annotations

import torch
from torch import nn


# --8<-- [start:block]
class Block(nn.Module):
    def __init__(self, d_model: int, d_hidden: int):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.up = nn.Linear(d_model, d_hidden)
        self.act = nn.GELU()
        self.down = nn.Linear(d_hidden, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(self.act(self.up(self.norm(x))))
# --8<-- [end:block]


def make_block(d_model: int, d_hidden: int, device: str, seed: int) -> Block:
    torch.manual_seed(seed)
    return Block(d_model, d_hidden).to(device)


def make_input(shape: tuple[int, ...], device: str, seed: int) -> torch.Tensor:
    generator = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, generator=generator).to(device)
