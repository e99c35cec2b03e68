"""Small modules whose kernels the annotator is tested on, and that `explain`'s page shows.

Each is a common building block written the plain way, so Inductor sees the operations a
learner's model would give it: a causal attention with its scale, mask and softmax; a
softmax over the batch dimension; a log-softmax feeding a loss; LayerNorm; a GELU MLP;
RMSNorm; and a transformer block made of them. Then the same meanings spelled otherwise
(a softmax with a temperature, one written by hand with `max(dim).values`, one with `exp2`
and a log2(e) factor, a row long enough for the online form on a GPU, cross-entropy in one
call, GELU by its tanh approximation), gated activations (SwiGLU; convolution, batch norm and
SiLU), and two look-alikes that are not a softmax (a sum over the wrong dimension; a numerator from another tensor).
`KINDS` names each with an example input.
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
    def __init__(self, d_model: int = 64, hidden: int = 256, approximate: str = "none"):
        super().__init__()
        self.up = nn.Linear(d_model, hidden)
        self.down = nn.Linear(hidden, d_model)
        self.approximate = approximate

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(F.gelu(self.up(x), approximate=self.approximate))


class GeluTanhMLP(GeluMLP):
    """The GELU MLP of GPT-2: GELU by its tanh approximation, ½x(1 + tanh(√(2/π)(x + 0.044715x³)))."""

    def __init__(self, d_model: int = 64, hidden: int = 256):
        super().__init__(d_model, hidden, approximate="tanh")


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


class ScaledSoftmax(nn.Module):
    """softmax(logits / temperature): Inductor folds the scale into a `where`-guarded exponent."""

    def __init__(self, d_in: int = 64, d_out: int = 100, temperature: float = 0.7):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.temperature = temperature

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.fc(x) / self.temperature, dim=-1)


class HandSoftmax(nn.Module):
    """A softmax written by hand, with `max(dim).values` rather than `amax`."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shifted = x - x.max(dim=-1, keepdim=True).values
        e = torch.exp(shifted)
        return e / e.sum(dim=-1, keepdim=True)


class Exp2Softmax(nn.Module):
    """A softmax through exp2: 2^((x − max)·log2(e)) is exp(x − max), as fast kernels write it."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = torch.exp2((x - x.amax(dim=-1, keepdim=True)) * 1.4426950408889634)
        return e / e.sum(dim=-1, keepdim=True)


class WideSoftmax(nn.Module):
    """A softmax over rows of 4,096: too long for one block on a GPU, so Inductor loops (online form)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x * 2.0, dim=-1)


class CrossEntropy(nn.Module):
    """Classifier logits and `F.cross_entropy` (log-softmax and the mean negative log-likelihood)."""

    def __init__(self, d_in: int = 64, classes: int = 100):
        super().__init__()
        self.fc = nn.Linear(d_in, classes)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(self.fc(x), target)


class SwiGLUMLP(nn.Module):
    """down(silu(gate(x)) · up(x)): the gated MLP of LLaMA-style models."""

    def __init__(self, d_model: int = 64, hidden: int = 128):
        super().__init__()
        self.gate = nn.Linear(d_model, hidden, bias=False)
        self.up = nn.Linear(d_model, hidden, bias=False)
        self.down = nn.Linear(hidden, d_model, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(F.silu(self.gate(x)) * self.up(x))


class ConvBNSiLU(nn.Module):
    """Convolution, batch norm (running statistics) and SiLU: the block of many vision models."""

    def __init__(self, channels: int = 8, out: int = 16):
        super().__init__()
        self.conv = nn.Conv2d(channels, out, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(out)
        self.act = nn.SiLU()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.act(self.bn(self.conv(x)))


class WrongDimLookalike(nn.Module):
    """Not a softmax: max, exp and a division like one, but the sum runs over the other dimension."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = torch.exp(x - x.amax(dim=-1, keepdim=True))
        return e / e.sum(dim=0, keepdim=True)


class OtherNumeratorLookalike(nn.Module):
    """Not a softmax: the sum of exp comes from x, the numerator from another tensor."""

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        m = x.amax(dim=-1, keepdim=True)
        return torch.exp(y - m) / torch.exp(x - m).sum(dim=-1, keepdim=True)


@dataclass(frozen=True)
class Kind:
    """A module and the inputs it is compiled and explained with."""
    name: str
    make: Callable[[], nn.Module]
    inputs: Callable[[str], tuple[torch.Tensor, ...]]   # device -> example inputs
    described: str                                       # the inputs, for a README


def _floats(*shape: int) -> Callable[[str], tuple[torch.Tensor, ...]]:
    return lambda device: (torch.randn(*shape, generator=torch.Generator().manual_seed(0)).to(device),)


def _two_floats(*shape: int) -> Callable[[str], tuple[torch.Tensor, ...]]:
    def make(device: str) -> tuple[torch.Tensor, ...]:
        generator = torch.Generator().manual_seed(0)
        return tuple(torch.randn(*shape, generator=generator).to(device) for _ in range(2))
    return make


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
    Kind("gelu_tanh_mlp", GeluTanhMLP, _floats(16, 64), "x (16, 64) float32"),
    Kind("rms_norm", RMSNorm, _floats(8, 32, 64), "x (8, 32, 64) float32"),
    Kind("scaled_softmax", ScaledSoftmax, _floats(16, 64), "x (16, 64) float32"),
    Kind("hand_softmax", HandSoftmax, _floats(16, 100), "x (16, 100) float32"),
    Kind("exp2_softmax", Exp2Softmax, _floats(16, 100), "x (16, 100) float32"),
    Kind("wide_softmax", WideSoftmax, _floats(8, 4096), "x (8, 4096) float32"),
    Kind("cross_entropy", CrossEntropy, _logits_and_targets, "x (16, 64) float32, target (16,) int64 in [0, 100)"),
    Kind("swiglu_mlp", SwiGLUMLP, _floats(16, 64), "x (16, 64) float32"),
    Kind("conv_bn_silu", ConvBNSiLU, _floats(2, 8, 16, 16), "x (2, 8, 16, 16) float32"),
    Kind("wrong_dim_lookalike", WrongDimLookalike, _floats(16, 100), "x (16, 100) float32"),
    Kind("other_numerator_lookalike", OtherNumeratorLookalike, _two_floats(16, 100),
         "x (16, 100) float32, y (16, 100) float32"),
)}
