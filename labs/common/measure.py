"""How every lab measures time: one method, written down once, used by every lab.

The method (the reference page "How results are made" says the same in prose):

1. **Capture and timing are separate.** Debug dumps and compile logs slow every call they
   touch (about 35 % on an H200 for TinyHead). Labs capture inside `capture.dumps()` and
   time outside it; every function here calls `ensure_clean()` first and refuses to time
   while TORCH_LOGS, TORCH_COMPILE_DEBUG, TORCH_TRACE, Inductor's trace or a torch logging
   artifact is switched on.
2. **Two clocks on a GPU.** `latency` is one synchronized call per sample: what a single
   request sees, host overhead included. `device_time` is the time the GPU spends, from CUDA
   events (through `triton.testing.do_bench`, which flushes L2 before each call, asked for
   every sample rather than its default mean). Their difference is host overhead: Python,
   the framework, kernel launches. On a CPU there is one clock, and `device_time` is None.
3. **Spread and count.** Every figure is a `Stats`: median, quartiles, min, max and the
   number of samples. `verdict` says "same" when the difference is inside the noise.
4. **Interleaved A/B.** `compare` times the two sides in alternating rounds, so both see
   the same machine; each round's median is a vote and the median of the votes wins.
5. **Budgets, not counts.** Each measurement stops after a time budget (or `max_reps`),
   with at least `min_reps` samples, and records how many it took.
6. **Cold compiles.** `compile_seconds` compiles inside a fresh Inductor and Triton cache
   (`torch._inductor.utils.fresh_cache`), so a compile time never depends on what an
   earlier compile left on disk. Parts about the warm cache say so and do not use it.
7. **Threads.** On CPU, timing runs with the intra-op thread count `timing_threads` returns,
   and that count is what results report (`cpu_threads`).
8. **Ceilings.** `copy_bandwidth` measures the device's copy bandwidth and `matmul_peak`
   its matrix-multiply rate, `call_floor` the fixed cost of a compiled call; `bound_by`
   labels a timed case bandwidth-, compute- or overhead-bound against them, or neither.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

import torch

# Environment variables that switch compile logging or dumps on for the whole process.
POLLUTING_ENV = ("TORCH_LOGS", "TORCH_COMPILE_DEBUG", "TORCH_TRACE", "INDUCTOR_PROVENANCE")


class TimingPolluted(RuntimeError):
    """Raised when a timing would run with compile logging or debug dumps switched on."""


# -- the environment a timing runs in --------------------------------------------------------

def pollution() -> list[str]:
    """What would slow a timing down right now: set variables, Inductor's trace, log artifacts."""
    found = [f"{name}={os.environ[name]}" for name in POLLUTING_ENV if os.environ.get(name)]
    from torch._inductor import config as inductor_config
    if inductor_config.trace.enabled:
        found.append("torch._inductor.config.trace.enabled")
    if inductor_config.trace.provenance_tracking_level:
        found.append("torch._inductor.config.trace.provenance_tracking_level")
    from torch._logging import _internal as logging_internal
    enabled = sorted(logging_internal.log_state.artifact_names)
    if enabled:
        found.append("torch._logging artifacts: " + ", ".join(enabled))
    # torch always attaches a lazy trace handler; it writes only once given a folder
    writing = [h for h in logging_internal.trace_log.handlers
               if isinstance(h, logging_internal.LazyTraceHandler) and (h.root_dir or h.stream)]
    if writing:
        found.append("the structured trace (TORCH_TRACE) is being written")
    return found


def ensure_clean() -> None:
    found = pollution()
    if found:
        raise TimingPolluted("refusing to time with compile logging or dumps on: " + "; ".join(found)
                             + ". Capture inside labs.common.capture.dumps() and time outside it.")


# Intra-op thread counts CPU timings ran with, for the provenance line (see `cpu_threads`).
_timing_threads: set[int] = set()


def threads_used() -> list[int]:
    """The thread counts CPU timings used in this process, or [] when none was timed."""
    return sorted(_timing_threads)


@contextlib.contextmanager
def cpu_threads(count: int | None, device: str, timing: bool = True) -> Iterator[None]:
    """Run the block with `count` intra-op threads on CPU (None: leave torch's default).

    A small model gains little from a second thread and loses a lot on shared cores: every
    one of its many small ops ends in an OpenMP barrier that waits for a thread the OS may
    have descheduled (measured on this project's 2-core machine: 1.1 s a training step with
    2 threads while the machine was busy, 0.15 s with 1). timing=True (the default) records
    the count for the provenance line; training and other untimed work pass False.
    """
    previous = torch.get_num_threads()
    if device == "cpu" and count:
        torch.set_num_threads(count)
    if device == "cpu" and timing:
        _timing_threads.add(torch.get_num_threads())
    try:
        yield
    finally:
        torch.set_num_threads(previous)


def timing_threads(device: str) -> int | None:
    """The intra-op thread count timings use on CPU: COURSE_TIMING_THREADS, else torch's
    default (one per core). None on a GPU, where the host thread count is not the point."""
    if device != "cpu":
        return None
    wanted = os.environ.get("COURSE_TIMING_THREADS", "").strip()
    return int(wanted) if wanted.isdigit() and int(wanted) > 0 else torch.get_num_threads()


# -- statistics -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stats:
    """A timing: median and spread of `reps` samples, on one clock ("latency" or "device")."""
    median_s: float
    q1_s: float
    q3_s: float
    min_s: float
    max_s: float
    reps: int
    clock: str

    @property
    def iqr_s(self) -> float:
        return self.q3_s - self.q1_s

    def within_spread(self, seconds: float) -> bool:
        return self.q1_s <= seconds <= self.q3_s

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def us(self) -> dict[str, float]:
        """The figures in microseconds, for tables: median, q1, q3, min, max."""
        return {name: getattr(self, f"{name}_s") * 1e6 for name in ("median", "q1", "q3", "min", "max")}


def _quantile(ordered: list[float], q: float) -> float:
    """Linear interpolation between the two closest ranks (numpy's default)."""
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(samples: list[float], clock: str) -> Stats:
    if not samples:
        raise ValueError("no samples to summarize")
    ordered = sorted(samples)
    return Stats(median_s=statistics.median(ordered), q1_s=_quantile(ordered, 0.25),
                 q3_s=_quantile(ordered, 0.75), min_s=ordered[0], max_s=ordered[-1],
                 reps=len(ordered), clock=clock)


def merge(rounds: list[Stats]) -> Stats:
    """One Stats from interleaved rounds: the median of their medians, the spread of them all."""
    return Stats(median_s=statistics.median(r.median_s for r in rounds),
                 q1_s=statistics.median(r.q1_s for r in rounds),
                 q3_s=statistics.median(r.q3_s for r in rounds),
                 min_s=min(r.min_s for r in rounds), max_s=max(r.max_s for r in rounds),
                 reps=sum(r.reps for r in rounds), clock=rounds[0].clock)


def verdict(baseline: Stats, candidate: Stats, margin: float = 0.05) -> str:
    """'faster', 'slower' or 'same' for candidate against baseline, noise-aware.

    'same' when the medians differ by less than `margin`, or when each median lies inside
    the other's interquartile range: the difference is then smaller than the noise.
    """
    ratio = candidate.median_s / baseline.median_s
    within_noise = baseline.within_spread(candidate.median_s) and candidate.within_spread(baseline.median_s)
    if within_noise or abs(ratio - 1.0) < margin:
        return "same"
    return "faster" if ratio < 1.0 else "slower"


# -- the two clocks ---------------------------------------------------------------------------

def _synchronize(device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def first_call_s(fn: Callable[[], Any], device: str) -> float:
    """Wall time of one synchronized call: for a freshly compiled function, its compile time."""
    _synchronize(device)
    start = time.perf_counter()
    fn()
    _synchronize(device)
    return time.perf_counter() - start


def latency(fn: Callable[[], Any], device: str, *, budget_s: float = 1.0, warmup: int = 3,
            min_reps: int = 5, max_reps: int = 10_000) -> Stats:
    """One synchronized call per sample, until `budget_s` is spent (at least `min_reps`)."""
    ensure_clean()
    for _ in range(warmup):
        fn()
    _synchronize(device)
    samples: list[float] = []
    began = time.perf_counter()
    while len(samples) < max_reps:
        start = time.perf_counter()
        fn()
        _synchronize(device)
        samples.append(time.perf_counter() - start)
        if len(samples) >= min_reps and time.perf_counter() - began > budget_s:
            break
    return summarize(samples, "latency")


def device_time(fn: Callable[[], Any], device: str, *, budget_s: float = 1.0) -> Stats | None:
    """GPU time per call from CUDA events, L2 flushed before each call; None on CPU.

    Calls are queued back to back (no host synchronization between them), so a call whose
    kernels are shorter than their launches still shows the gaps the launches leave.
    """
    if device != "cuda":
        return None
    ensure_clean()
    budget_ms = max(budget_s * 1e3, 5.0)
    try:
        from triton.testing import do_bench
    except ImportError:
        return _event_time(fn, budget_ms)
    samples_ms = do_bench(fn, warmup=max(budget_ms / 4, 1.0), rep=budget_ms, return_mode="all")
    return summarize([ms / 1e3 for ms in samples_ms], "device")


def _event_time(fn: Callable[[], Any], budget_ms: float) -> Stats:
    """do_bench's method without Triton: a 256 MB write flushes L2 before each timed call."""
    flush = torch.empty(256 * 2**20 // 4, dtype=torch.int32, device="cuda")
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    probe_start, probe_end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    probe_start.record()
    fn()
    probe_end.record()
    torch.cuda.synchronize()
    reps = int(max(5, min(10_000, budget_ms / max(probe_start.elapsed_time(probe_end), 1e-3))))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for start, end in zip(starts, ends):
        flush.zero_()
        start.record()
        fn()
        end.record()
    torch.cuda.synchronize()
    return summarize([s.elapsed_time(e) / 1e3 for s, e in zip(starts, ends)], "device")


# -- A/B comparisons --------------------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    """Baseline against candidate on each clock the device has."""
    latency: tuple[Stats, Stats]
    device: tuple[Stats, Stats] | None = None

    @property
    def speedup(self) -> float:
        """Baseline over candidate latency: above 1 the candidate is faster."""
        return self.latency[0].median_s / self.latency[1].median_s

    @property
    def verdict(self) -> str:
        return verdict(*self.latency)

    @property
    def device_speedup(self) -> float | None:
        return self.device[0].median_s / self.device[1].median_s if self.device else None

    @property
    def device_verdict(self) -> str | None:
        return verdict(*self.device) if self.device else None

    def overhead_s(self) -> tuple[float | None, float | None] | None:
        """Latency minus device time, baseline and candidate: the host's share of a call.

        None for a side whose two medians (sampled separately) lie within each other's spread:
        the host kept up with the device and no overhead is measurable (the call is
        device-bound). A negative difference is that case too, never a negative overhead.
        """
        if not self.device:
            return None
        return tuple(host_overhead_s(lat, dev) for lat, dev in zip(self.latency, self.device))


def host_overhead_s(latency: Stats, device: Stats) -> float | None:
    """Latency minus device time of one call, or None when it is inside the two clocks' noise."""
    gap = latency.median_s - device.median_s
    noise = max(latency.iqr_s, device.iqr_s) / 2
    return gap if gap > noise else None


ROUNDS = 4  # alternating rounds per clock and comparison


def compare(baseline: Callable[[], Any], candidate: Callable[[], Any], device: str, *,
            budget_s: float = 2.0, rounds: int = ROUNDS) -> Comparison:
    """Time both sides in alternating rounds on every clock; `budget_s` is for the whole
    comparison, split evenly across clocks, rounds and sides."""
    clocks = 2 if device == "cuda" else 1
    share = budget_s / (clocks * rounds * 2)
    lat: tuple[list[Stats], list[Stats]] = ([], [])
    dev: tuple[list[Stats], list[Stats]] = ([], [])
    for _ in range(rounds):
        for side, fn in enumerate((baseline, candidate)):
            lat[side].append(latency(fn, device, budget_s=share, warmup=1, min_reps=3))
            if clocks == 2:
                dev[side].append(device_time(fn, device, budget_s=share))
    return Comparison(latency=(merge(lat[0]), merge(lat[1])),
                      device=(merge(dev[0]), merge(dev[1])) if clocks == 2 else None)


# -- compile time -----------------------------------------------------------------------------

@contextlib.contextmanager
def cold_caches(reset_dynamo: bool = True) -> Iterator[None]:
    """A fresh Inductor (and Triton) cache folder for the block, and (by default) a reset
    Dynamo: nothing an earlier compile wrote can be reused. The folder is deleted afterwards;
    code already loaded keeps running. reset_dynamo=False keeps functions compiled earlier
    compiled, for an A/B comparison whose two sides must both stay alive."""
    from torch._inductor.utils import fresh_cache
    if reset_dynamo:
        torch._dynamo.reset()
    with fresh_cache():
        yield


def compile_seconds(first_call: Callable[[], Any], device: str, reset_dynamo: bool = True) -> float:
    """The first call of a freshly compiled function, in a cold cache: its compile time."""
    with cold_caches(reset_dynamo):
        return first_call_s(first_call, device)


# -- ceilings ---------------------------------------------------------------------------------

def copy_bandwidth(device: str, nbytes: int | None = None, budget_s: float = 1.0) -> float:
    """Bytes per second a device-to-device copy moves (bytes read plus bytes written).

    The buffer is far larger than any cache: 1 GiB on a GPU, 256 MiB on a CPU.
    """
    nbytes = nbytes or (2**30 if device == "cuda" else 2**28)
    source = torch.empty(nbytes // 4, dtype=torch.float32, device=device).uniform_()
    target = torch.empty_like(source)
    fn = lambda: target.copy_(source)
    stats = device_time(fn, device, budget_s=budget_s) or latency(fn, device, budget_s=budget_s)
    return 2 * nbytes / stats.median_s


def matmul_peak(device: str, dtype: torch.dtype = torch.float32, n: int | None = None,
                budget_s: float = 1.0) -> float:
    """Floating-point operations per second of a large square matrix product."""
    n = n or (8192 if device == "cuda" else 1024)
    a = torch.randn(n, n, device=device, dtype=dtype)
    b = torch.randn(n, n, device=device, dtype=dtype)
    fn = lambda: a @ b
    stats = device_time(fn, device, budget_s=budget_s) or latency(fn, device, budget_s=budget_s)
    return 2 * n**3 / stats.median_s


def call_floor(device: str, budget_s: float = 1.0) -> float:
    """Seconds a compiled call that does almost nothing takes (one element, plus one), on the
    clock `bound_by` is given: device time on a GPU, latency on a CPU. It is the fixed cost
    every compiled call pays (guards, wrapper, one launch) whatever its size."""
    x = torch.zeros(1, device=device)
    tiny = torch.compile(lambda t: t + 1, dynamic=False)
    tiny(x)
    fn = lambda: tiny(x)
    return (device_time(fn, device, budget_s=budget_s) or latency(fn, device, budget_s=budget_s)).median_s


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
