"""What a device can do, measured on `labs.common.measure`'s clocks, and what limits a call.

`copy_bandwidth` (bytes a copy moves per second) and `matmul_peak` (a large matrix product's
flop rate) are the two roofs of the "Making Deep Learning Go Brrrr" view; `call_floor` is the
fixed cost of a compiled call whatever its size. `bound_by` names which of them a timed call
is up against, or none; `kernel_launches` counts the GPU kernels one call launches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from labs.common.measure import Stats, device_time, latency


def _timed(fn: Callable[[], Any], device: str, budget_s: float) -> Stats:
    """Device time on a GPU, latency on a CPU: the clock every ceiling is compared on."""
    return device_time(fn, device, budget_s=budget_s) or latency(fn, device, budget_s=budget_s)

def copy_bandwidth(device: str, nbytes: int | None = None, budget_s: float = 1.0) -> float:
    """Bytes per second a device-to-device copy moves (bytes read plus bytes written).

    The buffer is far larger than any cache: 1 GiB on a GPU, 256 MiB on a CPU.
    """
    nbytes = nbytes or (2**30 if device == "cuda" else 2**28)
    source = torch.empty(nbytes // 4, dtype=torch.float32, device=device).uniform_()
    target = torch.empty_like(source)
    fn = lambda: target.copy_(source)
    # Queued, not replayed: inside a CUDA graph a device-to-device copy becomes a memcpy node
    # that the copy engines run (about 2.4 TB/s on an H100), not the SM kernel (about 3.0 TB/s)
    # that the kernels compared against this ceiling are. One 1 GiB copy has no launch gaps.
    stats = device_time(fn, device, budget_s=budget_s, graph=False) or latency(fn, device, budget_s=budget_s)
    return 2 * nbytes / stats.median_s


def matmul_peak(device: str, dtype: torch.dtype = torch.float32, n: int | None = None,
                budget_s: float = 1.0) -> float:
    """Floating-point operations per second of a large square matrix product."""
    n = n or (8192 if device == "cuda" else 1024)
    a = torch.randn(n, n, device=device, dtype=dtype)
    b = torch.randn(n, n, device=device, dtype=dtype)
    fn = lambda: a @ b
    return 2 * n**3 / _timed(fn, device, budget_s).median_s


def call_floor(device: str, budget_s: float = 1.0) -> float:
    """Seconds a compiled call that does almost nothing takes (one element, plus one), on the
    clock `bound_by` is given: device time on a GPU, latency on a CPU. It is the fixed cost
    every compiled call pays (guards, wrapper, one launch) whatever its size."""
    x = torch.zeros(1, device=device)
    tiny = torch.compile(lambda t: t + 1, dynamic=False)
    tiny(x)
    fn = lambda: tiny(x)
    return _timed(fn, device, budget_s).median_s


def bound_by(seconds: float, bytes_moved: float, flops: float, bandwidth: float, peak_flops: float,
             fixed_cost_s: float, share: float = 0.5) -> str:
    """'bandwidth', 'compute', 'overhead' or 'neither': what limits a call that took `seconds`.

    The two floors are bytes over bandwidth and flops over peak; when the larger one is at
    least `share` of the time, it names the limit. Otherwise the call is overhead-bound only
    if its fixed cost (`fixed_cost_s`: what a call of this kind takes whatever its size,
    measured, e.g. `call_floor`) is at least `share` of the time too. A long call far from
    both floors is 'neither': its kernels are slow for another reason (transcendentals such
    as exp, which the matmul rate does not describe, few threads, a poor tiling), and calling
    that overhead would send the reader after the wrong fix.
    """
    memory_floor, compute_floor = bytes_moved / bandwidth, flops / peak_flops
    if max(memory_floor, compute_floor) >= share * seconds:
        return "bandwidth" if memory_floor >= compute_floor else "compute"
    return "overhead" if fixed_cost_s >= share * seconds else "neither"


# -- kernel launches --------------------------------------------------------------------------

def kernel_launches(fn: Callable[[], Any], device: str) -> int | None:
    """GPU kernels one call launches, counted by torch.profiler; None on CPU, where a
    compiled graph's kernels are plain function calls the profiler does not see."""
    if device != "cuda":
        return None
    from torch.profiler import ProfilerActivity, profile
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    return sum(1 for event in prof.events() if event.device_type == torch.autograd.DeviceType.CUDA)
