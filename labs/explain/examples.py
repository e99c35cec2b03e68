"""Small modules whose kernels the annotator is tested on, and that `explain`'s page shows.

Each is a common building block written the plain way, so Inductor sees the operations a
learner's model would give it: a causal attention with its scale, mask and softmax; a
softmax over the batch dimension; a log-softmax feeding a loss; LayerNorm; a GELU MLP;
RMSNorm; and a transformer block made of them. `KINDS` names each with an example input.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


class CausalSelfAttention(nn.Module):
    """Multi-head attention written out: product, 1/sqrt(head_dim) scale, causal mask, softmax."""

    def __init__(self, d_model: int = 64, n_head: int = 2, block: int = 64):
        super().__init__()
        self.n_head = n_head
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.register_buffer("causal", torch.tril(torch.ones(block, block, dtype=torch.bool)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, steps, width = x.shape
        head = width // self.n_head
        q, k, v = self.qkv(x).split(width, dim=2)
        q, k, v = (t.view(batch, steps, self.n_head, head).transpose(1, 2) for t in (q, k, v))
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(head)
        scores = scores.masked_fill(~self.causal[:steps, :steps], float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        y = (weights @ v).transpose(1, 2).contiguous().view(batch, steps, width)
        return self.proj(y)


class SoftmaxOverBatch(nn.Module):
    """A linear layer, then a softmax over dim 0: each column normalised across the batch."""

    def __init__(self, d_in: int = 64, d_out: int = 100):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.fc(x), dim=0)


class LogSoftmaxNLL(nn.Module):
    """Classifier logits, log-softmax and the negative log-likelihood loss (its mean)."""

    def __init__(self, d_in: int = 64, classes: int = 100):
        super().__init__()
        self.fc = nn.Linear(d_in, classes)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.nll_loss(F.log_softmax(self.fc(x), dim=-1), target)


class LayerNormOnly(nn.Module):
    def __init__(self, d_model: int = 64):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(x)


class GeluMLP(nn.Module):
    def __init__(self, d_model: int = 64, hidden: int = 256):
        super().__init__()
        self.up = nn.Linear(d_model, hidden)
        self.down = nn.Linear(hidden, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(F.gelu(self.up(x)))


class RMSNorm(nn.Module):
    """x / sqrt(mean(x²) + eps), scaled: LayerNorm without the mean subtraction or bias."""

    def __init__(self, d_model: int = 64, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class TransformerBlock(nn.Module):
    """Pre-norm block: x + attention(LayerNorm(x)), then + MLP(LayerNorm(x))."""

    def __init__(self, d_model: int = 64, n_head: int = 2, block: int = 64):
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attention = CausalSelfAttention(d_model, n_head, block)
        self.norm2 = nn.LayerNorm(d_model)
        self.mlp = GeluMLP(d_model, 4 * d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


@dataclass(frozen=True)
class Kind:
    """A module and the inputs it is compiled and explained with."""
    name: str
    make: Callable[[], nn.Module]
    inputs: Callable[[str], tuple[torch.Tensor, ...]]   # device -> example inputs
    described: str                                       # the inputs, for a README


def _floats(*shape: int) -> Callable[[str], tuple[torch.Tensor, ...]]:
    return lambda device: (torch.randn(*shape, generator=torch.Generator().manual_seed(0)).to(device),)


def _logits_and_targets(device: str) -> tuple[torch.Tensor, ...]:
    generator = torch.Generator().manual_seed(0)
    return (torch.randn(16, 64, generator=generator).to(device),
            torch.randint(0, 100, (16,), generator=generator).to(device))


KINDS = {kind.name: kind for kind in (
    Kind("causal_attention", CausalSelfAttention, _floats(2, 64, 64), "x (2, 64, 64) float32"),
    Kind("softmax_dim0", SoftmaxOverBatch, _floats(32, 64), "x (32, 64) float32"),
    Kind("log_softmax_nll", LogSoftmaxNLL, _logits_and_targets, "x (16, 64) float32, target (16,) int64 in [0, 100)"),
    Kind("layer_norm", LayerNormOnly, _floats(8, 32, 64), "x (8, 32, 64) float32"),
    Kind("gelu_mlp", GeluMLP, _floats(16, 64), "x (16, 64) float32"),
    Kind("rms_norm", RMSNorm, _floats(8, 32, 64), "x (8, 32, 64) float32"),
)}
