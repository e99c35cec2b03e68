"""Measured memory: the peak of live tensor bytes a call adds, on a GPU or a CPU.

GPU: the caching allocator's peak of `requested_bytes` after resetting the peak, minus what
was requested before the call: the allocator's own count of the bytes tensors asked for,
without its rounding and unsplit blocks (see `peak_bytes`). Beside it, the peak of the bytes
the allocator *reserved* from the device during the call (`max_memory_reserved`): everything it
holds, weights, free cached blocks and CUDA graphs' private pools included. A replayed CUDA
graph allocates nothing new (its pool was reserved when it was recorded), so its allocated
figure is about 0 while its reserved one shows what the graphs hold.

CPU: torch keeps no such counter, so the call runs once under `torch.profiler` with
`profile_memory=True`, which records every allocation and free of torch's CPU allocator
with its time. The peak of their running sum is the CPU figure: the same quantity, without
the GPU allocator's rounding. The profiler slows the call down, so memory is measured on its
own call, never on a timed one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch

METHODS = {
    "cuda": "peak of the bytes tensors requested from the CUDA caching allocator (requested_bytes), minus "
            "those held before the call, after a warm-up call",
    "cpu": "peak of the running sum of the CPU allocations and frees torch.profiler records",
}


@dataclass(frozen=True)
class MemoryPeak:
    bytes: int       # peak bytes above what was allocated when the call started
    method: str
    bytes_total: int | None = None   # GPU: the allocator's whole peak, weights and caches included
    reserved: int | None = None      # GPU: the peak reserved from the device, graph pools included

    @property
    def mib(self) -> float:
        return self.bytes / 2**20


def peak_bytes(fn: Callable[[], Any], device: str, warm_up: bool = True) -> MemoryPeak:
    """Run `fn` and return the peak of the bytes it allocated beyond its starting point.

    On a GPU `fn` runs once before the measured call (warm_up=False: the caller has just run
    it, as a serving benchmark's warm-up does): what a first call allocates for good
    (cuBLAS's workspace, a kernel's scratch buffer) is then part of the starting point, and
    the peak is what a call allocates in steady state, which is what liveness estimates. The
    count is of bytes the tensors asked for (`requested_bytes`), not of the blocks the caching
    allocator handed out: a block is handed out whole when what would remain is under 1 MiB,
    so a 2 MiB tensor placed in a 2.5 MiB free block counts 2.5 MiB of blocks, depending on
    what earlier calls left free (measured on an H100: 6.5 MiB of blocks for 6 MiB of tensors).
    """
    if device == "cuda":
        if warm_up:
            fn()
        torch.cuda.synchronize()
        before = _requested("current")
        torch.cuda.reset_peak_memory_stats()
        fn()
        torch.cuda.synchronize()
        peak = _requested("peak")
        return MemoryPeak(peak - before, METHODS["cuda"], peak, int(torch.cuda.max_memory_reserved()))
    return MemoryPeak(_cpu_peak(fn), METHODS["cpu"])


def _requested(which: str) -> int:
    """Bytes the live tensors asked the CUDA caching allocator for: now, or at the peak."""
    return int(torch.cuda.memory_stats()[f"requested_bytes.all.{which}"])


def _cpu_peak(fn: Callable[[], Any]) -> int:
    from torch._C._profiler import _EventType
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        fn()
    # Every allocation (+bytes) and free (-bytes) with its time, wherever it happened: inside
    # an operator, inside a compiled region, or when Python dropped a tensor.
    changes: list[tuple[int, int]] = []
    pending = list(prof.profiler.kineto_results.experimental_event_tree())
    while pending:
        event = pending.pop()
        if event.tag == _EventType.Allocation and "cpu" in str(event.extra_fields.device).lower():
            changes.append((event.start_time_ns, event.extra_fields.alloc_size))
        pending.extend(event.children)
    running = peak = 0
    for _, change in sorted(changes):
        running += change
        peak = max(peak, running)
    return peak


def module_bytes(module: torch.nn.Module) -> int:
    """Bytes of a module's parameters and buffers, each tensor counted once."""
    seen, total = set(), 0
    for tensor in list(module.parameters()) + list(module.buffers()):
        if id(tensor) not in seen:
            seen.add(id(tensor))
            total += tensor.numel() * tensor.element_size()
    return total
