"""The two models llm_bench serves; nothing is downloaded.

- "minigpt": the course's grammar MiniGPT, trained (or loaded from the checkpoint cache) by
  `labs.common.minigpt`, with its character tokenizer: real prompts, checkable answers.
- "gpt2_small_shaped": GPT-2 small's shape (12 layers, 12 heads, width 768, 1024 positions,
  a 50,257-token vocabulary, tied embeddings: 124 M parameters) built from the same MiniGPT
  code with random weights. It has no tokenizer and says nothing meaningful: it is there for
  timing, where only shapes matter. (Its MLP uses the exact GELU, GPT-2 the tanh one: the
  same cost.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import torch

from labs.common import grammar, minigpt

GPT2_VOCAB, GPT2_POSITIONS = 50257, 1024


@dataclass
class LoadedModel:
    name: str
    model: minigpt.MiniGPT
    dtype: torch.dtype
    tokenizer: grammar.CharTokenizer | None = None

    @property
    def max_len(self) -> int:
        return self.model.config.block_size

    def encode(self, prompt: str | Sequence[int]) -> list[int]:
        if not isinstance(prompt, str):
            return list(prompt)
        if self.tokenizer is None:
            raise ValueError(f"{self.name} has no tokenizer: give the prompt as token ids")
        return self.tokenizer.encode(prompt)

    def decode(self, ids: Sequence[int]) -> str:
        return self.tokenizer.decode(ids) if self.tokenizer else " ".join(str(i) for i in ids)

    def weight_bytes(self) -> int:
        """Bytes one decode step reads from the weights: every matrix once (the tied embedding
        as the LM head), minus the position table, of which it reads one row."""
        total = sum(p.numel() * p.element_size() for p in self.model.parameters())
        positions = self.model.pos_emb.weight
        return total - positions.numel() * positions.element_size() + positions.shape[1] * positions.element_size()

    def kv_bytes_per_position(self) -> int:
        config = self.model.config
        return 2 * config.n_layer * config.n_embd * torch.finfo(self.dtype).bits // 8


def gpt2_small_shaped(device: str, dtype: torch.dtype, n_layer: int = 12, n_embd: int = 768,
                      n_head: int = 12) -> LoadedModel:
    torch.manual_seed(0)
    config = minigpt.GPTConfig(vocab_size=GPT2_VOCAB, block_size=GPT2_POSITIONS, n_layer=n_layer,
                               n_head=n_head, n_embd=n_embd)
    model = minigpt.MiniGPT(config, use_sdpa=True).to(device=device, dtype=dtype).eval()
    return LoadedModel("gpt2_small_shaped", model, dtype)


def grammar_minigpt(preset: str, device: str, progress=None) -> tuple[LoadedModel, minigpt.TrainInfo]:
    model, info = minigpt.trained_minigpt(preset, device, progress=progress)
    return LoadedModel("minigpt", model.eval(), torch.float32, grammar.build_corpus().tokenizer), info
