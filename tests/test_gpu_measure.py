"""GPU-only checks of the two clocks' synchronisation (skipped without CUDA; `make test-gpu`
runs them): a timed call's latency and first call wait for the GPU's work, so a 4096² matrix
product (milliseconds of kernel time) cannot look like its microsecond launch."""

from __future__ import annotations

import pytest
import torch

from labs.common import measure

gpu = pytest.mark.gpu


@gpu
def test_latency_and_first_call_wait_for_the_kernels():
    x = torch.randn(4096, 4096, device="cuda")
    product = lambda: x @ x
    device = measure.device_time(product, "cuda", budget_s=0.2)
    assert device is not None and device.median_s > 1e-4        # real kernel time
    assert measure.latency(product, "cuda", budget_s=0.2).median_s >= 0.5 * device.median_s
    assert measure.first_call_s(product, "cuda") >= 0.5 * device.median_s


@gpu
def test_compare_on_a_gpu_has_both_clocks_and_the_baseline_first():
    small, large = torch.randn(256, 256, device="cuda"), torch.randn(4096, 4096, device="cuda")
    result = measure.compare(lambda: large @ large, lambda: small @ small, "cuda", budget_s=0.4)
    assert result.device is not None and result.device_method in (measure.GRAPH, measure.QUEUED)
    assert result.speedup > 1 and result.device_speedup > 1          # the small product is the faster side
