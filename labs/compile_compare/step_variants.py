"""Two versions of the compiled region of a training step: one with graph breaks, one without.

Both compute the same loss: the model's cross-entropy, an entropy bonus when the predictions
collapse (low entropy) and a small z-loss that keeps the logits' log-normaliser near zero.
`loss_with_breaks` is how such code often looks the first time it is written, with a debug
print, a scalar pulled out for logging, a Python `if` on a tensor and a timer. Each of those
stops Dynamo's trace: a graph break. `loss_without_breaks` is the same computation, fixed:

    print(...)                    -> gone from the compiled region; log outside it
    tensor.item() for a log line  -> log from the returned loss outside, every N steps
    if entropy < FLOOR: ...       -> torch.where(entropy < FLOOR, ...), one graph for both branches
    time.perf_counter()           -> time the step from the training loop, around the call

The lab records this file as an artifact, so the line numbers of explain's report match it.
"""

from __future__ import annotations

import time

import torch
from torch import nn

ENTROPY_FLOOR = 0.5      # nats: below this the model is collapsing onto few characters
ENTROPY_BONUS = 0.01     # weight of the entropy bonus when it applies
Z_LOSS = 1e-4            # weight of the z-loss (PaLM's stabiliser: log Z pushed toward 0)


def loss_with_breaks(model: nn.Module, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    logits, loss = model(idx, targets)
    print(f"loss computed for a batch of {tuple(idx.shape)}")           # break: print
    log_probs = logits.log_softmax(dim=-1)
    confidence = log_probs.max(dim=-1).values.exp().mean().item()       # break: .item()
    entropy = -(log_probs.exp() * log_probs).sum(dim=-1).mean()
    if entropy < ENTROPY_FLOOR:                                         # break: if on a tensor
        loss = loss - ENTROPY_BONUS * entropy
    z_loss = torch.logsumexp(logits, dim=-1).pow(2).mean()
    finished_at = time.perf_counter()                                   # break: untraceable call
    del confidence, finished_at  # a real loop would log them; here they only cost their breaks
    return loss + Z_LOSS * z_loss


def loss_without_breaks(model: nn.Module, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    logits, loss = model(idx, targets)
    log_probs = logits.log_softmax(dim=-1)
    entropy = -(log_probs.exp() * log_probs).sum(dim=-1).mean()
    loss = torch.where(entropy < ENTROPY_FLOOR, loss - ENTROPY_BONUS * entropy, loss)
    z_loss = torch.logsumexp(logits, dim=-1).pow(2).mean()
    return loss + Z_LOSS * z_loss
