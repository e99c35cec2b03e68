"""Peak memory of one rank during one training step.

GPU: the caching allocator's own counters. `torch.cuda.max_memory_allocated()` after
resetting the peak just before the step: every tensor the rank held, at the step's worst
moment (parameters, gradients, optimizer state, activations, communication buffers), less
what was allocated before the watch started (the batches, or another run's model, and the
cuBLAS workspaces, made to exist first: `warm_up_cuda_libraries`).

CPU: there is no allocator counter to read, so the lab asks the profiler. With
`profile_memory=True` every allocation and free of the CPU allocator is an event carrying its
size; the profiler is started *before the model is built*, so the running sum of those events
is every byte this rank allocated for training and still holds (model, DDP's buckets, FSDP's
shards, optimizer state, activations). The peak of that sum inside the marked step is the CPU
figure. It counts tensors only: not Python objects, not the libraries' own buffers (gloo's),
not allocator slack, so it sits below the process's resident memory, and it is comparable
across patterns, which is what the lab needs.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from dataclasses import dataclass

import torch

STEP_MARK = "memory_measured_step"
METHOD = {"cpu": "tensor bytes from the profiler's allocation events (CPU allocator)",
          "cuda": "torch.cuda.max_memory_allocated (caching allocator)"}


@dataclass(frozen=True)
class MemoryReading:
    peak_bytes: int        # the most the rank held during the step
    held_bytes: int        # what it held when the step began (model, optimizer state, buffers)
    reserved_bytes: int | None = None   # GPU: the most the caching allocator held from the device

    def as_dict(self) -> dict[str, int | None]:
        return {"peak_bytes": self.peak_bytes, "held_bytes": self.held_bytes, "reserved_bytes": self.reserved_bytes}


def peak_from_events(events: list[tuple[int, int]], start_ns: int, end_ns: int) -> MemoryReading:
    """(time_ns, +/- bytes) allocation events -> peak and held bytes for [start_ns, end_ns]."""
    total = held = 0
    peak = None
    for when, nbytes in sorted(events):
        if when > end_ns:
            break
        if when < start_ns:
            total += nbytes
            held = total
            continue
        total += nbytes
        peak = total if peak is None else max(peak, total)
    return MemoryReading(peak_bytes=max(held, peak or 0), held_bytes=held)


def warm_up_cuda_libraries() -> None:
    """Make cuBLAS and cuBLASLt allocate their workspaces now, before the baseline is read.

    A process's first matrix products allocate these workspaces (tens of MiB) through the
    caching allocator and keep them; counted in a step, they made a small model's measured
    peak tens of times its formula. They are the library's, not the training state's.
    """
    x = torch.randn(16, 16, device="cuda", requires_grad=True)
    weight = torch.randn(16, 16, device="cuda", requires_grad=True)
    bias = torch.randn(16, device="cuda", requires_grad=True)
    torch.nn.functional.linear(x, weight, bias).sum().backward()
    (x.detach() @ weight.detach()).sum().item()
    torch.cuda.synchronize()


class MemoryWatch:
    """Start it before building the model; run the measured step inside `step()`; then `stop()`."""

    def __init__(self, device: str):
        self.device = device
        self._profiler = None
        self._gpu: MemoryReading | None = None
        self._baseline = 0

    def start(self) -> MemoryWatch:
        # Garbage an earlier run left in a reference cycle is freed now, not by a collection
        # inside the measured step, where the GPU reading would subtract it from this run's peak.
        gc.collect()
        if self.device == "cuda":
            warm_up_cuda_libraries()
            self._baseline = torch.cuda.memory_allocated()
        else:
            from torch.profiler import ProfilerActivity, profile
            self._profiler = profile(activities=[ProfilerActivity.CPU], profile_memory=True)
            self._profiler.__enter__()
        return self

    @contextlib.contextmanager
    def step(self) -> Iterator[None]:
        if self.device == "cuda":
            torch.cuda.synchronize()
            held = torch.cuda.memory_allocated()
            torch.cuda.reset_peak_memory_stats()
            yield
            torch.cuda.synchronize()
            # Reserved is the whole pool, baseline included: what the device lends this process,
            # cached blocks and fragmentation with it, beside what its tensors occupy.
            self._gpu = MemoryReading(peak_bytes=torch.cuda.max_memory_allocated() - self._baseline,
                                      held_bytes=held - self._baseline,
                                      reserved_bytes=torch.cuda.max_memory_reserved())
            return
        with torch.profiler.record_function(STEP_MARK):
            yield

    def stop(self) -> MemoryReading:
        if self.device == "cuda":
            if self._gpu is None:
                raise RuntimeError("MemoryWatch.stop() before a step was measured")
            return self._gpu
        profiler, self._profiler = self._profiler, None
        profiler.__exit__(None, None, None)
        raw = profiler.profiler.kineto_results.events()
        allocations = [(event.start_ns(), event.nbytes()) for event in raw if event.name() == "[memory]"]
        marks = [event for event in raw if event.name() == STEP_MARK]
        if not marks:
            raise RuntimeError("the measured step left no mark in the profile")
        return peak_from_events(allocations, marks[0].start_ns(), marks[0].end_ns())
