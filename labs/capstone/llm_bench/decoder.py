"""Decoding with a KV cache, two ways, on the MiniGPT architecture (any size of it).

The model's own forward recomputes attention over the whole sequence for every new token.
A decoder keeps each layer's keys and values instead and, per new token, computes only that
token's: one row through every weight matrix.

- `GrowingCacheDecoder` appends to the cache with `torch.cat` (what an eager server, or a
  Hugging Face `DynamicCache`, does): the cache's length, hence every attention shape,
  changes at each step.
- `StaticCacheDecoder` (gpt-fast's approach) allocates the cache for the longest sequence
  once, writes each token's keys and values at its position with `index_copy_`, and attends
  over the whole buffer with a mask. Every decode step then has the same shapes, so it
  compiles to one graph and can be replayed as one CUDA graph.

Both return the next token (greedy argmax) rather than logits, so the compiled step includes
the sampling and only one number crosses to the host per token.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from labs.common.minigpt import MiniGPT
from labs.common.minigpt.model import Block


def _heads(t: torch.Tensor, n_head: int) -> torch.Tensor:
    batch, length, width = t.shape
    return t.view(batch, length, n_head, width // n_head).transpose(1, 2)


def _merge(t: torch.Tensor) -> torch.Tensor:
    batch, heads, length, size = t.shape
    return t.transpose(1, 2).reshape(batch, length, heads * size)


def _qkv(block: Block, x: torch.Tensor, n_head: int) -> tuple[torch.Tensor, ...]:
    q, k, v = block.attn.qkv(block.ln1(x)).split(x.shape[-1], dim=2)
    return _heads(q, n_head), _heads(k, n_head), _heads(v, n_head)


def _finish_block(block: Block, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    x = x + block.attn.proj(_merge(y))
    return x + block.mlp(block.ln2(x))


def _next_token(model: MiniGPT, x: torch.Tensor) -> torch.Tensor:
    logits = model.lm_head(model.ln_f(x[:, -1, :]))
    return logits.argmax(dim=-1, keepdim=True)          # (batch, 1)


class GrowingCacheDecoder(nn.Module):
    def __init__(self, model: MiniGPT):
        super().__init__()
        self.model = model
        self.n_head = model.config.n_head

    def forward(self, ids: torch.Tensor, cache: list[torch.Tensor]) -> tuple[torch.Tensor, list[torch.Tensor]]:
        """ids (batch, T); cache [k0, v0, k1, v1, ...] or [] for the prompt. Prefill (empty
        cache) is causal; a decode step (T = 1) sees every cached position."""
        past = cache[0].shape[2] if cache else 0
        positions = torch.arange(past, past + ids.shape[1], device=ids.device)
        x = self.model.tok_emb(ids) + self.model.pos_emb(positions)
        new_cache = []
        for layer, block in enumerate(self.model.blocks):
            q, k, v = _qkv(block, x, self.n_head)
            if cache:
                k = torch.cat([cache[2 * layer], k], dim=2)
                v = torch.cat([cache[2 * layer + 1], v], dim=2)
            else:  # the layout torch.cat gives later steps: a compiled step then sees one stride pattern
                k, v = k.contiguous(), v.contiguous()
            y = F.scaled_dot_product_attention(q, k, v, is_causal=not cache)
            x = _finish_block(block, x, y)
            new_cache += [k, v]
        return _next_token(self.model, x), new_cache


class StaticCacheDecoder(nn.Module):
    def __init__(self, model: MiniGPT, max_len: int, dtype: torch.dtype):
        super().__init__()
        self.model = model
        config = model.config
        self.n_head = config.n_head
        self.max_len = max_len
        shape = (1, config.n_head, max_len, config.n_embd // config.n_head)
        device = model.tok_emb.weight.device
        for layer in range(config.n_layer):
            self.register_buffer(f"k_{layer}", torch.zeros(shape, dtype=dtype, device=device), persistent=False)
            self.register_buffer(f"v_{layer}", torch.zeros(shape, dtype=dtype, device=device), persistent=False)
        causal = torch.tril(torch.ones(max_len, max_len, dtype=torch.bool, device=device))
        self.register_buffer("causal", causal, persistent=False)

    # --8<-- [start:static]
    def forward(self, ids: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        """ids (1, T) at cache positions `positions` (T,), a tensor so that a decode step's
        shapes never change. Stale entries past the current position are masked out."""
        x = self.model.tok_emb(ids) + self.model.pos_emb(positions)
        mask = self.causal[positions].view(1, 1, ids.shape[1], self.max_len)
        for layer, block in enumerate(self.model.blocks):
            q, k, v = _qkv(block, x, self.n_head)
            keys, values = getattr(self, f"k_{layer}"), getattr(self, f"v_{layer}")
            keys.index_copy_(2, positions, k)
            values.index_copy_(2, positions, v)
            y = F.scaled_dot_product_attention(q, keys, values, attn_mask=mask)
            x = _finish_block(block, x, y)
        return _next_token(self.model, x)
    # --8<-- [end:static]


def prefill(decoder: StaticCacheDecoder, ids: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
    """The prompt through the static decoder. A function of its own, compiled with dynamic
    shapes: prompts differ in length, decode steps do not."""
    return decoder(ids, positions)


def decode_one(decoder: StaticCacheDecoder, ids: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
    """One token through the static decoder: the function gpt-fast compiles with CUDA graphs."""
    return decoder(ids, positions)
