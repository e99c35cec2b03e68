"""Benchmark: is the replayed device clock the kernels' time? `measure.device_time` against the
profiler's kernel times for the same calls, from the smallest size to the largest.

    python3 scripts/bench_clock.py [--budget 0.3] [--replays 30]

For a softmax over rows of 1,024 floats, a square matrix product and TinyHead's two kernels
(a linear layer then a softmax), each at sizes from 2 rows to hundreds of MB, it prints:

- calls: how many calls `device_time` captured per graph (K; 1 unless the call is far
  shorter than the clock's floor) and the floor it subtracted (an empty graph, replayed the
  same way);
- before: the method before the floor was taken out (one call per replay, events around it);
- device: `measure.device_time`'s median;
- kernels: torch.profiler's CUDA kernel durations for the same graph (K calls), replayed
  after the same kind of L2 flush, summed and divided by the calls: what the GPU spent in
  the call's kernels, without launch or replay costs;
- error: device against kernels. The target is within 5 % at every size.
- kernels K=1: the same profile with one call per replay, every call on a cold L2: how
  much of a difference the K − 1 warm calls make (see `device_time`'s docstring).

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


def kernel_seconds(fn: Callable[[], Any], calls: int, replays: int) -> float:
    """Profiler kernel time per call: `calls` calls captured in one graph, `replays` replays,
    a 256 MiB write (its own kernel, left out of the sum) flushing L2 before each."""
    graph = measure._captured(fn, calls)
    flush = torch.empty(256 * 2**20 // 4, dtype=torch.int32, device="cuda")
    graph.replay()
    torch.cuda.synchronize()
    activities = [torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=activities) as prof:
        for _ in range(replays):
            flush.bitwise_not_()
            graph.replay()
        torch.cuda.synchronize()
    with tempfile.TemporaryDirectory() as scratch:
        trace = Path(scratch) / "trace.json"
        prof.export_chrome_trace(str(trace))
        events = json.loads(trace.read_text())["traceEvents"]
    kernels = [e for e in events if e.get("cat") == "kernel" and FLUSH_MARK not in e.get("name", "")]
    if not kernels:
        raise SystemExit("the profiler recorded no kernels inside the graph replays")
    return sum(e["dur"] for e in kernels) / 1e6 / (calls * replays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=0.3, help="seconds per device_time")
    parser.add_argument("--replays", type=int, default=30, help="profiled replays per size")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        sys.exit("bench_clock needs a CUDA GPU: on a CPU there is no device clock.")
    print(f"{torch.cuda.get_device_name(0)}, torch {torch.__version__}; times in µs, medians")
    print(f"{'call':9} {'size':18} {'calls':>5} {'floor':>6} {'before':>9} {'device':>9} {'kernels':>9} "
          f"{'error':>7} {'kernels K=1':>11}")
    errors = []
    with torch.no_grad():
        for name, size, fn in cases():
            device = measure.device_time(fn, "cuda", budget_s=args.budget)
            note = measure.device_clock_notes()[-1]
            calls = int(note["calls"])
            kernels = kernel_seconds(fn, calls, args.replays)
            cold = kernels if calls == 1 else kernel_seconds(fn, 1, args.replays)
            error = device.median_s / kernels - 1
            errors.append(abs(error))
            print(f"{name:9} {size:18} {calls:5d} {note['floor_s'] * 1e6:6.2f} {before_floor(fn) * 1e6:9.2f} "
                  f"{device.median_s * 1e6:9.2f} {kernels * 1e6:9.2f} {error:+7.1%} {cold * 1e6:11.2f}")
    verdict = "within" if max(errors) <= 0.05 else "NOT within"
    print(f"largest error {max(errors):.1%} over {len(errors)} sizes: {verdict} the 5 % target")


if __name__ == "__main__":
    main()
