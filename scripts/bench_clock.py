"""Benchmark: is the replayed device clock the kernels' time? `measure.device_time` against the
profiler's kernel times for the same calls, from the smallest size to the largest.

    python3 scripts/bench_clock.py [--budget 0.3] [--replays 30]

For a softmax over rows of 1,024 floats, a square matrix product and TinyHead's two kernels
(a linear layer then a softmax), each at sizes from 2 rows to hundreds of MB, it prints:

- floor: what `device_time` subtracted (from graphs of tiny kernels, replayed the same way);
- before: the method before the floor was taken out (events around each replay);
- device: `measure.device_time`'s median;
- kernels: torch.profiler's CUDA kernel durations for the same graph, replayed after the
  same kind of L2 flush, summed per call (median over the replays): what the GPU spent in
  the call's kernels, without launch or replay costs, nor the spacing between two kernels;
- n: kernels per call; error: device against kernels (the target is within 5 % at every
  size); spacing: (device − kernels) / n, what is left per kernel.

Needs a CUDA GPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the repository root: labs.common
from labs.common import measure

FLUSH_MARK = "bitwise_not"   # the reference's flush kernel, told apart from the call's kernels by name


def cases() -> list[tuple[str, str, Callable[[], Any]]]:
    found = []
    for rows in (2, 16, 128, 1024, 8192, 65_536, 262_144):
        x = torch.randn(rows, 1024, device="cuda")
        found.append(("softmax", f"{rows:,} × 1,024", lambda x=x: x.softmax(-1)))
    for n in (16, 64, 256, 1024, 4096, 8192):
        a = torch.randn(n, n, device="cuda")
        found.append(("matmul", f"{n:,}²", lambda a=a: a @ a))
    linear = torch.nn.Linear(64, 600).cuda()
    for rows in (2, 512, 65_536):
        x = torch.randn(rows, 64, device="cuda")
        found.append(("TinyHead", f"{rows:,} × 64", lambda x=x: linear(x).softmax(-1)))
    return found


def before_floor(fn: Callable[[], Any], reps: int = 200) -> float:
    """The clock before this change: one call per replay between two events, L2 flushed, no floor."""
    graph = measure._captured(fn)
    flush = torch.empty(256 * 2**20 // 4, dtype=torch.int32, device="cuda")
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(reps)]
    for start, end in events:
        flush.zero_()
        start.record()
        graph.replay()
        end.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in events) / 1e3


def kernel_seconds(fn: Callable[[], Any], replays: int) -> tuple[float, int]:
    """Profiler kernel time of one call, the median over `replays` replays of its graph, a
    256 MiB write (its own kernel, left out of the sum) flushing L2 before each; and how many
    kernels one call runs."""
    graph = measure._captured(fn)
    flush = torch.empty(256 * 2**20 // 4, dtype=torch.int32, device="cuda")
    activities = [torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=activities) as prof:
        for _ in range(replays):
            flush.bitwise_not_()
            graph.replay()
        torch.cuda.synchronize()
    with tempfile.TemporaryDirectory() as scratch:
        trace = Path(scratch) / "trace.json"
        prof.export_chrome_trace(str(trace))
        events = json.loads(trace.read_text(encoding="utf-8"))["traceEvents"]
    kernels = sorted((e for e in events if e.get("cat") == "kernel"), key=lambda e: e["ts"])
    per_replay, current = [], None      # a flush kernel opens each replay's group
    for kernel in kernels:
        if FLUSH_MARK in kernel.get("name", ""):
            current = []
            per_replay.append(current)
        elif current is not None:
            current.append(kernel["dur"])
    sums = [sum(group) for group in per_replay if group]
    if len(sums) < replays // 2:
        raise SystemExit(f"the profiler recorded kernels for {len(sums)} of {replays} replays")
    return statistics.median(sums) / 1e6, round(statistics.median(len(group) for group in per_replay if group))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=0.3, help="seconds per device_time")
    parser.add_argument("--replays", type=int, default=30, help="profiled replays per size")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        sys.exit("bench_clock needs a CUDA GPU: on a CPU there is no device clock.")
    print(f"{torch.cuda.get_device_name(0)}, torch {torch.__version__}; times in µs, medians")
    print(f"{'call':9} {'size':18} {'floor':>6} {'before':>9} {'device':>9} {'kernels':>9} {'n':>3} {'error':>7} {'spacing':>7}")
    errors = []
    with torch.no_grad():
        for name, size, fn in cases():
            device = measure.device_time(fn, "cuda", budget_s=args.budget)
            floor = measure.device_clock_notes()[-1]["floor_s"]
            kernels, count = kernel_seconds(fn, args.replays)
            error = device.median_s / kernels - 1
            errors.append((count, abs(error)))
            print(f"{name:9} {size:18} {floor * 1e6:6.2f} {before_floor(fn) * 1e6:9.2f} "
                  f"{device.median_s * 1e6:9.2f} {kernels * 1e6:9.2f} {count:3d} {error:+7.1%} "
                  f"{(device.median_s - kernels) / count * 1e6:7.2f}")
    for count in sorted({n for n, _ in errors}):
        worst = max(e for n, e in errors if n == count)
        sizes = sum(1 for n, _ in errors if n == count)
        verdict = "within" if worst <= 0.05 else "NOT within"
        print(f"calls of {count} kernel{'s' if count > 1 else ''}: largest error {worst:.1%} over {sizes} sizes, "
              f"{verdict} the 5 % target")


if __name__ == "__main__":
    main()
