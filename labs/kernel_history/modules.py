"""The course's reference modules, built for one release's probe: the same definitions the
other labs compile (TinyHead from Lab 03, the MiniGPT's attention, MLP and training step from
`labs.common.minigpt`), at the preset's shapes.

A `Case` knows how to call its module once, the way the course runs it: inference under
no_grad in eval mode, or one training step (forward, loss, backward) in train mode.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import CodeType

import torch
from torch import nn

from labs.common.minigpt.model import MLP, CausalSelfAttention, GPTConfig, MiniGPT
from labs.inductor_kernels.tinyhead import TinyHead
from labs.kernel_history.settings import SEED, Shapes


@dataclass
class Case:
    name: str
    module: nn.Module
    inputs: tuple[torch.Tensor, ...]
    training: bool

    @property
    def code(self) -> CodeType:
        """The forward Dynamo compiles: its cache entries hold the guards."""
        return type(self.module).forward.__code__

    def call(self, fn: Callable[..., object]) -> Callable[[], object]:
        """One call of `fn` (the module, eager or compiled), as the course runs it."""
        if self.training:
            def step() -> object:
                self.module.zero_grad(set_to_none=True)
                _logits, loss = fn(*self.inputs)
                loss.backward()
                return loss
            return step

        def infer() -> object:
            with torch.no_grad():
                return fn(*self.inputs)
        return infer


def _config(shapes: Shapes) -> GPTConfig:
    return GPTConfig(vocab_size=shapes.vocab, block_size=shapes.seq, n_layer=1,
                     n_head=shapes.n_head, n_embd=shapes.n_embd)


def build(name: str, shapes: Shapes, device: str) -> Case:
    torch.manual_seed(SEED)
    tokens = (shapes.batch, shapes.seq, shapes.n_embd)
    if name == "tinyhead":
        case = Case(name, TinyHead(), (torch.randn(shapes.rows, 64),), training=False)
    elif name == "attention":
        case = Case(name, CausalSelfAttention(_config(shapes)), (torch.randn(*tokens),), training=False)
    elif name == "layernorm":
        case = Case(name, nn.LayerNorm(shapes.n_embd), (torch.randn(shapes.rows, shapes.n_embd),),
                    training=False)
    elif name == "gelu_mlp":
        case = Case(name, MLP(_config(shapes)), (torch.randn(*tokens),), training=False)
    elif name == "train_step":
        idx = torch.randint(0, shapes.vocab, (shapes.batch, shapes.seq))
        targets = torch.randint(0, shapes.vocab, (shapes.batch, shapes.seq))
        case = Case(name, MiniGPT(_config(shapes)), (idx, targets), training=True)
    else:
        raise ValueError(f"unknown module {name!r}")
    case.module.to(device).train(case.training)
    case.inputs = tuple(t.to(device) for t in case.inputs)
    return case
