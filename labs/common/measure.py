"""How every lab measures time: one method, written down once, used by every lab.

The method (the reference page "How results are made" says the same in prose):

1. **Capture and timing are separate.** Debug dumps and compile logs slow every call they
   touch (about 35 % on an H200 for TinyHead). Labs capture inside `capture.dumps()` and
   time outside it; every function here calls `ensure_clean()` first and refuses to time
   while TORCH_LOGS, TORCH_COMPILE_DEBUG, TORCH_TRACE, Inductor's trace or a torch logging
   artifact is switched on.
2. **Two clocks on a GPU.** `latency` is one synchronized call per sample: what a single
   request sees, host overhead included. `device_time` is the time the GPU spends on the
   call's kernels: the call is captured once as a CUDA graph and the graph is replayed, one
   launch per sample between two CUDA events, with L2 flushed before each (the method of
   `triton.testing.do_bench_cudagraph`, plus do_bench's flush), and the replay's own floor
   (about 4 µs on an H100, measured every round with graphs of tiny kernels) is subtracted.
   Replaying keeps the host's launch gaps out of the figure, so a launch-bound call has the
   same device time on a fast host and a slow one. A call that cannot be captured (it
   synchronizes with the host, say) falls back to queued calls between events, launch gaps
   included, no floor subtracted; each figure records
   which (`Stats.method`) and the provenance counts both. Latency minus device time is host
   overhead: Python, the framework, kernel launches. On a CPU there is one clock, and
   `device_time` is None.
3. **Spread and count.** Every figure is a `Stats`: median, quartiles, min, max and the
   number of samples. `verdict` says "same" when the difference is inside the noise.
4. **Interleaved A/B.** `compare` times the two sides in alternating rounds, so both see
   the same machine; each round's median is a vote and the median of the votes wins.
5. **Budgets, not counts.** Each measurement stops after a time budget (or `max_reps`),
   with at least `min_reps` samples, and records how many it took. A collective timed on
   every rank asks `device_time` for a fixed count (`reps=`) instead: each rank must make
   the same calls.
6. **Cold compiles.** `compile_seconds` compiles inside a fresh Inductor and Triton cache
   (`torch._inductor.utils.fresh_cache`), so a compile time never depends on what an
   earlier compile left on disk. Parts about the warm cache say so and do not use it. What a
   process pays once before its first compile is paid first, on a one-line function
   (`warm_up_compiler`); on a CPU, Inductor's vector-instruction search comes before that, its
   test programs kept per machine (`search_vector_isa`).
7. **Threads.** On CPU, timing runs with the intra-op thread count `timing_threads` returns,
   and that count is what results report (`cpu_threads`).
8. **Ceilings.** `labs.common.ceilings` measures what the device can do (copy bandwidth,
   matrix-multiply rate, the fixed cost of a compiled call) on these same clocks, and
   labels a timed case bandwidth-, compute- or overhead-bound against them, or neither.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
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
    method: str = ""    # device time only: "graph" (replayed CUDA graph) or "queued" (see device_time)

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
                 reps=sum(r.reps for r in rounds), clock=rounds[0].clock,
                 method=QUEUED if any(r.method == QUEUED for r in rounds) else rounds[0].method)


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


GRAPH, QUEUED = "graph", "queued"   # the two ways `device_time` runs a call

# How many device-time figures this process measured each way, for the provenance line.
_device_methods: dict[str, int] = {}


def device_methods_used() -> dict[str, int]:
    """{"graph": n, "queued": m}: device-time figures measured each way in this process."""
    return dict(_device_methods)


# Each device-time figure's floor (seconds; 0 for a queued one), in order.
_clock_notes: list[dict[str, float]] = []


def device_clock_notes() -> list[dict[str, float]]:
    """[{"floor_s": …}, …]: what each device-time figure of this process subtracted (see
    `device_time`), for scripts/bench_clock.py."""
    return list(_clock_notes)


def device_time(fn: Callable[[], Any], device: str, *, budget_s: float = 1.0,
                graph: bool = True, reps: int | None = None) -> Stats | None:
    """GPU time of one call's kernels, L2 flushed before each sample, the clock's floor taken
    out; None on CPU.

    The call is captured as a CUDA graph and the graph replayed, one call per replay between
    two CUDA events, so the figure is the kernels' time, not the host's speed at launching
    them (a call of 100 small kernels queued back to back would otherwise time the gaps
    between launches). A call that cannot be captured is queued back to back instead, and
    says so (method "queued"); graph=False asks for that directly, to compare the two
    (scripts/bench_device_clock.py).

    The floor. Two events around a replay measure about 4 µs on an H100 beyond the kernels
    inside it: the device's cost of starting the graph and of the events. It is measured the
    same way, with tiny kernels, in every sample round: a graph of one tiny kernel (floor +
    one kernel) and one of `FLOOR_KERNELS` of them (floor + that many kernels, each with the
    GPU's spacing between two kernels); their difference gives one kernel, and one kernel
    taken from the first gives the floor, which is subtracted from every replayed sample.
    What remains is the call's kernels plus the GPU's spacing between consecutive kernels
    (a fraction of a µs each), which the profiler does not count as kernel time:
    scripts/bench_clock.py compares the figure with the profiler's kernel sums, per size.
    A queued sample has no replay to start and keeps no floor to subtract (as before).

    What L2 holds: a 256 MiB write before every timed call (and before each floor graph), so
    every call starts from a cold L2, whatever its size. Calls are never batched several to a
    replay, which would let the later ones find the first one's data in L2.

    reps=N takes exactly N samples and no probe: every process of a collective (an
    all-reduce timed on each rank) then makes the same number of calls, in the same order,
    or NCCL waits forever. Without it the sample count follows `budget_s`.
    """
    if reps is not None and reps < 1:   # refused on every device, so a CPU run finds the mistake too
        raise ValueError(f"reps must be a positive count of samples, not {reps}")
    if device != "cuda":
        return None
    ensure_clean()
    budget_ms = max(budget_s * 1e3, 5.0)
    captured = _captured(fn) if graph else None
    if captured is None:
        stats = _event_time(fn, budget_ms, QUEUED, reps)
    else:
        stats = _event_time(captured.replay, budget_ms, GRAPH, reps)
        del captured   # its memory pool goes back to the allocator
    _device_methods[stats.method] = _device_methods.get(stats.method, 0) + 1
    return stats


FLOOR_KERNELS = 16   # tiny kernels in the longer of the two floor graphs


def replay_floor_s(one_kernel_s: float, many_kernels_s: float) -> float:
    """The replay's floor from the two floor graphs' medians: one = floor + k and
    many = floor + FLOOR_KERNELS × k (k: a tiny kernel with the spacing after it), so the floor
    is one − (many − one) / (FLOOR_KERNELS − 1); never negative (noise can make it so)."""
    return max(one_kernel_s - (many_kernels_s - one_kernel_s) / (FLOOR_KERNELS - 1), 0.0)


def _floor_graphs() -> tuple[Any, Any]:
    """Two CUDA graphs of tiny kernels (one element, plus one): one kernel, and FLOOR_KERNELS."""
    tiny = torch.zeros(1, device="cuda")
    graphs = []
    for count in (1, FLOOR_KERNELS):
        graphs.append(_captured(lambda count=count: [tiny.add_(1) for _ in range(count)]))
    if any(g is None for g in graphs):
        raise RuntimeError("a CUDA graph of tiny kernels could not be captured: the clock's floor is unknown")
    return graphs[0], graphs[1]


def _captured(fn: Callable[[], Any]) -> Any:
    """`fn` recorded as a torch.cuda.CUDAGraph, or None when it cannot be captured.

    Warm-up runs on a side stream first, as capture requires (lazy initialisation, cuBLAS
    workspaces and autotuning must not happen during capture). A call that synchronizes
    with the host, copies from pageable memory or is already a CUDA graph raises during
    capture; that failure is expected, and the caller times the call queued instead.

    A failed capture must leave the process as it found it. torch's capture context exits
    through `capture_end`, which raises on an invalidated capture before it restores the
    current stream or ends the CUDA generator's capture: the generator would then refuse
    every later random op ("Offset increment outside graph capture"). So the current stream
    is put back and the generator gets back a copy of its state from before the capture.
    """
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    stream = torch.cuda.current_stream()
    generator = torch.cuda.default_generators[torch.cuda.current_device()]
    before = generator.clone_state()
    graph = torch.cuda.CUDAGraph()
    try:
        with torch.cuda.graph(graph, capture_error_mode="thread_local"):
            fn()
        graph.replay()
        torch.cuda.synchronize()
    except Exception:  # any capture failure means "time it queued"
        torch.cuda.set_stream(stream)
        generator.graphsafe_set_state(before)
        del graph
        torch.cuda.synchronize()
        return None
    return graph


def _event_time(fn: Callable[[], Any], budget_ms: float, method: str, reps: int | None = None) -> Stats:
    """CUDA events around each call, a 256 MB write flushing L2 before it (do_bench's method).
    Replayed (method "graph"), each round also times the two floor graphs the same way, and
    the floor they give (see `device_time`) is subtracted from every sample."""
    flush = torch.empty(256 * 2**20 // 4, dtype=torch.int32, device="cuda")
    floors = _floor_graphs() if method == GRAPH else ()
    timed = [*(g.replay for g in floors), fn]
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    if reps is None:
        probe_start, probe_end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        probe_start.record()
        for _ in range(5):       # a sample costs its flushes and floor graphs too: the budget counts them
            for call in timed:
                flush.zero_()
                call()
        probe_end.record()
        torch.cuda.synchronize()
        per_sample_ms = max(probe_start.elapsed_time(probe_end) / 5, 1e-3)
        reps = int(max(5, min(10_000, budget_ms / per_sample_ms)))
    events = [[(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in timed]
              for _ in range(reps)]
    for round_events in events:
        for call, (start, end) in zip(timed, round_events):
            flush.zero_()
            start.record()
            call()
            end.record()
    torch.cuda.synchronize()
    by_call = [[s.elapsed_time(e) / 1e3 for s, e in column] for column in zip(*events)]
    floor_s = replay_floor_s(statistics.median(by_call[0]), statistics.median(by_call[1])) if floors else 0.0
    _clock_notes.append({"floor_s": floor_s})
    stats = summarize([max(sample - floor_s, 0.0) for sample in by_call[-1]], "device")
    return dataclasses.replace(stats, method=method)


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
    def device_method(self) -> str | None:
        """How device time was taken: "graph" (replayed) or "queued"; None on CPU."""
        return self.device[1].method if self.device else None

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


def replayable(fn: Callable[[], Any]) -> bool:
    """True when `fn` can be captured as a CUDA graph (see `device_time`)."""
    return _captured(fn) is not None    # the graph itself is dropped here


def compare(baseline: Callable[[], Any], candidate: Callable[[], Any], device: str, *,
            budget_s: float = 2.0, rounds: int = ROUNDS) -> Comparison:
    """Time both sides in alternating rounds on every clock; `budget_s` is for the whole
    comparison, split evenly across clocks, rounds and sides. Both sides' device time uses
    one method: replayed graphs when both can be captured, queued calls otherwise (a side
    that is itself a CUDA graph, say), so the comparison still changes one thing."""
    clocks = 2 if device == "cuda" else 1
    share = budget_s / (clocks * rounds * 2)
    graph = clocks == 2 and replayable(baseline) and replayable(candidate)
    lat: tuple[list[Stats], list[Stats]] = ([], [])
    dev: tuple[list[Stats], list[Stats]] = ([], [])
    for _ in range(rounds):
        for side, fn in enumerate((baseline, candidate)):
            lat[side].append(latency(fn, device, budget_s=share, warmup=1, min_reps=3))
            if clocks == 2:
                dev[side].append(device_time(fn, device, budget_s=share, graph=graph))
    return Comparison(latency=(merge(lat[0]), merge(lat[1])),
                      device=(merge(dev[0]), merge(dev[1])) if clocks == 2 else None)


# -- compile time -----------------------------------------------------------------------------

CACHE_VARIABLES = ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR")


@contextlib.contextmanager
def cache_in(folder: Path) -> Iterator[None]:
    """Inductor's and Triton's on-disk caches in `folder` for the block, with the in-memory
    caches cleared on the way in; the folder stays on disk afterwards. A child process started
    inside the block inherits the variables, and with them the same cache."""
    from torch._inductor.utils import clear_caches
    folder.mkdir(parents=True, exist_ok=True)
    previous = {name: os.environ.get(name) for name in CACHE_VARIABLES}
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(folder)
    os.environ["TRITON_CACHE_DIR"] = str(folder / "triton")
    clear_caches()
    try:
        yield
    finally:
        for name, value in previous.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def cold_caches(reset_dynamo: bool = True, keep_in: Path | None = None) -> Iterator[None]:
    """A fresh Inductor (and Triton) cache folder for the block, and (by default) a reset
    Dynamo: nothing an earlier compile wrote can be reused. The folder is deleted afterwards;
    code already loaded keeps running. reset_dynamo=False keeps functions compiled earlier
    compiled, for an A/B comparison whose two sides must both stay alive.

    keep_in: an empty (or new) folder that holds the cache instead, kept afterwards: an
    untimed compile of the same graphs then loads the kernels from it instead of building them
    again (`kernel_facts.recorder.capturing(kernels_from=...)`)."""
    from torch._inductor.utils import fresh_cache
    if keep_in is not None and keep_in.is_dir() and any(keep_in.iterdir()):
        raise ValueError(f"cold_caches: {keep_in} is not empty, so the compile would not be cold; "
                         "give a new folder")
    if reset_dynamo:
        torch._dynamo.reset()
    with fresh_cache() if keep_in is None else cache_in(keep_in):
        yield


def compile_seconds(first_call: Callable[[], Any], device: str, reset_dynamo: bool = True,
                    keep_in: Path | None = None) -> float:
    """The first call of a freshly compiled function, in a cold cache: its compile time
    (keep_in: where to keep that cache, see cold_caches)."""
    with cold_caches(reset_dynamo, keep_in):
        return first_call_s(first_call, device)


@dataclass(frozen=True)
class IsaSearch:
    """This process's answer to "which vector instruction sets may C++ kernels use"."""
    seconds: float      # loading each test program in a child process, and building those missing
    built: int          # test programs built now (0: an earlier process on this machine built them)
    chosen: str         # the set Inductor's CPU kernels will use ("avx512 avx512_vnni", ...)


_isa_search: IsaSearch | None = None


def search_vector_isa() -> IsaSearch:
    """Ask Inductor which vector instruction sets its C++ kernels may use, once per process,
    with its test programs kept per machine and torch release (environment.shared_vector_isa_dir).

    Inductor builds one test program per set in the cache folder of the moment and remembers
    the answer for the process. Asked first inside a cold cache, every process would build
    them again; asked here, only a machine's first process does, as with Inductor's own
    default cache. The answer does not depend on the folder, and no compile of a graph reads
    anything from it: cold compiles stay cold."""
    global _isa_search
    if _isa_search is None:
        from torch._inductor import cpu_vec_isa
        from torch._inductor.runtime.cache_dir_utils import cache_dir

        from labs.common.environment import shared_vector_isa_dir
        folder = shared_vector_isa_dir(torch.__version__) or Path(cache_dir())   # unwritable: as before
        before = _test_programs(folder)
        started = time.perf_counter()
        with cache_in(folder):
            chosen = str(cpu_vec_isa.pick_vec_isa())
        _isa_search = IsaSearch(time.perf_counter() - started, len(_test_programs(folder) - before), chosen)
    return _isa_search


def _test_programs(folder: Path) -> set[Path]:
    return set(folder.rglob("*.so")) if folder.is_dir() else set()


def warm_up_compiler(device: str) -> float:
    """Compile a one-line function in a throwaway cache and return how long that took.

    The first compilation in a process also pays once-per-process and once-per-machine costs:
    importing Inductor, starting its compile workers, and on CPU building the precompiled C++
    header that every later kernel includes. Paying them here, before any timed compile,
    leaves each cold compile with the cost of its own graphs only, so cold compiles compare.
    On CPU the vector-instruction search comes first and apart (`search_vector_isa`): it is not
    in the returned time."""
    if device == "cpu":
        search_vector_isa()
    x = torch.randn(64, device=device)
    with cold_caches(reset_dynamo=False):
        return first_call_s(lambda: torch.compile(lambda t: (t.sin() + 1).sum())(x), device)
