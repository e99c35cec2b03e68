"""Loading a model for mlopt: the named factory, then (optionally) a state dict, safely.

See spec.py for what a model argument may be and why weights are read with weights_only=True.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

import torch
from torch import nn

from labs.capstone.mlopt.spec import ModelSpecError, factory_path


class ChainMLP(nn.Module):
    """A small model with element-wise chains of several shapes, for trying passes quickly."""

    def __init__(self, width: int = 64):
        super().__init__()
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)
        self.act = nn.GELU()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.act(self.fc1(x))
        h = torch.sigmoid(torch.add(h, x, alpha=0.5)) * 2.0   # three element-wise ops in a row
        return torch.relu(self.fc2(h) + x)


def chain_mlp(seed: int = 0) -> ChainMLP:
    torch.manual_seed(seed)
    return ChainMLP().eval()


def load_model(spec: str, weights: Path | None = None, phase: Callable[[str], None] = lambda _: None) -> nn.Module:
    """`phase` is told when the factory's module is imported, the factory called and the weights
    loaded (labs.common.learner_code gives each step its time limit)."""
    module_name, _, function = factory_path(spec).partition(":")
    phase("import")
    try:
        factory = getattr(importlib.import_module(module_name), function)
    except (ImportError, AttributeError) as error:
        raise ModelSpecError(f"cannot import {module_name}:{function} ({error}); is it on PYTHONPATH?") from None
    phase("construct")
    model = factory()
    if not isinstance(model, nn.Module):
        raise ModelSpecError(f"{spec} returned a {type(model).__name__}, not a torch.nn.Module")
    if weights is not None:
        phase("weights")
        try:
            state = torch.load(weights, map_location="cpu", weights_only=True)
        except Exception as error:  # a missing file, a pickle with code in it, a corrupt file
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise ModelSpecError(f"cannot read {weights} as a state dict with weights_only=True: {first}") from None
        try:
            model.load_state_dict(state)
        except (RuntimeError, TypeError) as error:
            first = str(error).strip().splitlines()[0]
            raise ModelSpecError(f"{weights} does not fit {spec}: {first}") from None
    return model.eval()
