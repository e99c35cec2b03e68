"""Compile and Compare's training step on the replayed clock: with a capturable AdamW the whole
step (zero_grad, forward, backward, clip, optimizer step) is captured as a CUDA graph; with the
default AdamW (step count on the host) it is not, and falls back to queued steps. On a CPU the
optimizer is left exactly as it was."""

from __future__ import annotations

import pytest
import torch

from labs.common import measure
from labs.compile_compare import training

needs_gpu = pytest.mark.gpu   # skipped without CUDA (tests/conftest.py); `make test-gpu` runs it


def replica(device: str, capturable: bool) -> training.Replica:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.GELU(), torch.nn.Linear(64, 32)).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    return training.Replica(model, training.graph_safe(optimizer, device) if capturable else optimizer, device)


def squared_error(model, idx, targets):
    return (model(idx) - targets).pow(2).mean()


def test_on_a_cpu_graph_safe_changes_nothing():
    optimizer = replica("cpu", capturable=True).optimizer
    assert all(not group["capturable"] for group in optimizer.param_groups)


@needs_gpu
def test_a_capturable_training_step_is_replayed_and_still_trains():
    rotation = [(torch.randn(16, 32, device="cuda"), torch.randn(16, 32, device="cuda")) for _ in range(3)]
    graphed = replica("cuda", capturable=True)
    assert all(group["capturable"] for group in graphed.optimizer.param_groups)
    before = [p.detach().clone() for p in graphed.model.parameters()]
    step = training.on_rotation(training.make_step(graphed, graphed.model, squared_error), rotation)
    assert measure.device_time(step, "cuda", budget_s=0.05).method == measure.GRAPH
    assert any(not torch.equal(a, b) for a, b in zip(before, graphed.model.parameters()))   # replays trained it
    host_step = replica("cuda", capturable=False)
    step = training.on_rotation(training.make_step(host_step, host_step.model, squared_error), rotation)
    assert measure.device_time(step, "cuda", budget_s=0.05).method == measure.QUEUED
    torch.randn(8, device="cuda")        # and the failed capture left the generator usable
