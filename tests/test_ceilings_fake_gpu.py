"""`labs.common.ceilings` asked for "cuda" on a machine without one: torch's tensor makers, the
compiler, the profiler and both clocks replaced by fakes that record what they were asked for
(the tensors themselves are made tiny, on the CPU). What a GPU run relies on and the CPU tests
cannot see: the GPU's sizes (a 1 GiB copy, an 8192² product), tensors made on the device that is
timed, the device clock with the timed function itself, only the profiled call's CUDA kernels
counted; and a copy that moves the bytes asked whatever torch's default dtype."""

from __future__ import annotations

import types
from typing import ClassVar

import pytest
import torch

from labs.common import ceilings, measure


def stats(median: float) -> measure.Stats:
    return measure.Stats(median, median, median, median, median, 5, "device")


class FakeGpu:
    """torch as ceilings.py sees it: each tensor asked for is recorded (maker, size, device, dtype)
    and made with at most 2 elements a dimension, on the CPU; each timing is recorded (clock, device, keyword arguments), with what one
    call of the timed function returned. Everything else is torch's."""

    def __init__(self, monkeypatch):
        self.made: list[tuple] = []
        self.timed: list[tuple] = []
        self.returned = None
        monkeypatch.setattr(ceilings, "torch", self)
        monkeypatch.setattr(ceilings, "device_time", self.clock("device_time", 0.01))
        monkeypatch.setattr(ceilings, "latency", self.clock("latency", 0.5))

    def __getattr__(self, name):
        if name in ("empty", "randn", "zeros"):
            def make(*size, dtype=None, device=None):
                self.made.append((name, size, device, dtype))
                return getattr(torch, name)(*(min(d, 2) for d in size), dtype=dtype)
            return make
        return getattr(torch, name)

    def compile(self, fn, **kw):
        self.timed.append(("compile", kw))
        return fn

    def clock(self, name: str, median: float):
        def timing(fn, device, **kw):
            self.timed.append((name, device, kw))
            self.returned = fn()
            return stats(median)
        return timing


@pytest.fixture
def gpu(monkeypatch) -> FakeGpu:
    return FakeGpu(monkeypatch)


def test_a_gpu_copy_moves_1_gib_made_on_the_gpu_timed_on_the_device_clock_queued(gpu):
    assert ceilings.copy_bandwidth("cuda") == pytest.approx(2 * 2**30 / 0.01)   # read + written over 10 ms
    assert gpu.made == [("empty", (2**28,), "cuda", torch.float32)]
    assert gpu.timed == [("device_time", "cuda", {"budget_s": 1.0, "graph": False})]
    assert gpu.returned.dtype == torch.float32   # the timed call is the copy


def test_a_gpu_matmul_peak_multiplies_two_8192_squares_made_on_the_gpu_on_the_device_clock(gpu):
    assert ceilings.matmul_peak("cuda", dtype=torch.bfloat16) == pytest.approx(2 * 8192**3 / 0.01)
    assert gpu.made == [("randn", (8192, 8192), "cuda", torch.bfloat16)] * 2
    assert gpu.timed == [("device_time", "cuda", {"budget_s": 1.0})]
    assert gpu.returned.dtype == torch.bfloat16   # the timed call is a @ b


def test_a_gpu_call_floor_times_the_tiny_compiled_call_on_a_tensor_made_on_the_gpu(gpu):
    assert ceilings.call_floor("cuda", budget_s=0.3) == 0.01
    assert gpu.made == [("zeros", (1,), "cuda", None)]
    assert gpu.timed == [("compile", {"dynamic": False}), ("device_time", "cuda", {"budget_s": 0.3})]
    assert torch.equal(gpu.returned, torch.ones(1))   # the timed call is the compiled t + 1


def test_a_copy_moves_the_bytes_asked_whatever_torchs_default_dtype(monkeypatch):
    # a lab that works in float64 sets it; the buffer stays float32, nbytes / 4 of them
    copied = []
    monkeypatch.setattr(ceilings, "device_time", lambda fn, device, **kw: None)
    monkeypatch.setattr(ceilings, "latency", lambda fn, device, **kw: copied.append(fn()) or stats(2e-3))
    before = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        assert ceilings.copy_bandwidth("cpu", nbytes=4096, budget_s=0.1) == pytest.approx(2 * 4096 / 2e-3)
    finally:
        torch.set_default_dtype(before)
    assert copied[0].dtype == torch.float32 and copied[0].nbytes == 4096


class FakeProfile:
    """torch.profiler.profile: the events are those launched while it is open."""
    launched: ClassVar[list] = []

    def __init__(self, activities):
        self.activities, self.start = activities, None

    def __enter__(self):
        self.start = len(FakeProfile.launched)
        return self

    def __exit__(self, *exc):
        self.end = len(FakeProfile.launched)
        return False

    def events(self):
        return FakeProfile.launched[self.start:self.end]


def test_kernel_launches_counts_the_cuda_kernels_of_one_profiled_call_after_a_warm_up(monkeypatch):
    cuda, cpu = torch.autograd.DeviceType.CUDA, torch.autograd.DeviceType.CPU
    synchronized = []
    FakeProfile.launched = []
    monkeypatch.setattr(torch.profiler, "profile", FakeProfile)
    monkeypatch.setattr(ceilings, "torch", types.SimpleNamespace(
        autograd=torch.autograd, cuda=types.SimpleNamespace(synchronize=lambda: synchronized.append(len(FakeProfile.launched)))))

    def call():   # one call: three kernels and the host's own event
        FakeProfile.launched += [types.SimpleNamespace(device_type=d) for d in (cpu, cuda, cuda, cuda)]
    assert ceilings.kernel_launches(call, "cuda") == 3       # not 6: the warm-up call is not profiled
    assert synchronized == [4, 8]                            # after the warm-up, and after the profiled call
