"""What one training step holds in memory, part by part: the formula Lab 03 picks a
distributed strategy with, and the distributed lab checks against its runs."""

from __future__ import annotations

from dataclasses import dataclass

import torch

from labs.common.minigpt.model import MiniGPT, param_count


@dataclass(frozen=True)
class TrainingMemory:
    """Bytes one training step holds at its peak, part by part (float32, AdamW)."""
    params: int
    param_bytes: int
    grad_bytes: int
    optimizer_bytes: int       # AdamW keeps two moments per parameter
    activation_bytes: int      # tensors autograd saved for backward, measured at one batch size
    batch_size: int
    block_size: int

    @property
    def total_bytes(self) -> int:
        return self.param_bytes + self.grad_bytes + self.optimizer_bytes + self.activation_bytes


def saved_activation_bytes(model: MiniGPT, batch_size: int, device: str) -> int:
    """Bytes of the tensors autograd keeps for backward during one forward with targets.

    Measured, not modelled: a hook sees every saved tensor; storages are counted once, and
    parameters (saved by reference, already counted) are left out.
    """
    param_storages = {p.untyped_storage().data_ptr() for p in model.parameters()}
    seen: dict[int, int] = {}

    def pack(tensor: torch.Tensor) -> torch.Tensor:
        storage = tensor.untyped_storage()
        if storage.data_ptr() not in param_storages:
            seen[storage.data_ptr()] = storage.nbytes()
        return tensor

    generator = torch.Generator().manual_seed(0)
    block = model.config.block_size
    idx = torch.randint(model.config.vocab_size, (batch_size, block), generator=generator).to(device)
    was_training = model.training
    model.train()
    with torch.enable_grad(), torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        _, loss = model(idx, idx)
    del loss
    model.train(was_training)
    return sum(seen.values())


def training_memory(model: MiniGPT, batch_size: int, device: str = "cpu") -> TrainingMemory:
    params = param_count(model)
    bytes_per = next(model.parameters()).element_size()
    return TrainingMemory(
        params=params, param_bytes=params * bytes_per, grad_bytes=params * bytes_per,
        optimizer_bytes=2 * params * bytes_per,
        activation_bytes=saved_activation_bytes(model, batch_size, device),
        batch_size=batch_size, block_size=model.config.block_size)
