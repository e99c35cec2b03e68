"""The seed's stand-in model: one linear layer and a softmax over a 600-word vocabulary."""

import torch
from torch import nn


class TinyHead(nn.Module):
    def __init__(self, d: int = 64, vocab: int = 600):
        super().__init__()
        self.fc = nn.Linear(d, vocab)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.fc(x), dim=-1)
