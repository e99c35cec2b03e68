"""Benchmark: is the replayed device clock the kernels' time? `measure.device_time` against the
profiler's kernel times for the same calls, from the smallest size to the largest.

    python3 scripts/bench_clock.py [--budget 0.3] [--replays 30] [--out DIR]

For a softmax over rows of 1,024 floats, a square matrix product and TinyHead's two kernels
(a linear layer then a softmax), each at sizes from 2 rows to hundreds of MB, it prints:

- floor: what `device_time` subtracted (from graphs of tiny kernels, replayed the same way);
- before: the method before the floor was taken out (events around each replay);
- device: `measure.device_time`'s median;
- kernels: torch.profiler's CUDA kernel durations for the same graph, replayed after the
  same kind of L2 flush, summed per call (median over the replays): what the GPU spent in
  the call's kernels, without launch or replay costs, nor the spacing between two kernels;
- span: from the start of the call's first kernel to the end of its last, in the same trace
  (median over the replays): the kernels and the spacing between them, still without launch or
  replay costs; the same as kernels for a call of one kernel;
- n: kernels per call; error: device against kernels (the target is within 5 % at every
  size); vs span: device against span; spacing: (device − kernels) / n, what is left per kernel.

OUT/clock.json keeps every row with the GPU, the torch version and the commit: the reference
page reads its figures from the copy committed in benchmarks/clock/.

Needs a CUDA GPU.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the repository root: labs.common
from labs.common import environment, measure

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


def per_replay(kernels: list[dict]) -> list[list[dict]]:
    """The trace's kernels (dicts with name, ts, dur in µs) grouped by replay: a flush kernel
    opens each group and is left out of it; kernels before the first flush belong to none."""
    groups, current = [], None
    for kernel in sorted(kernels, key=lambda k: k["ts"]):
        if FLUSH_MARK in kernel.get("name", ""):
            current = []
            groups.append(current)
        elif current is not None:
            current.append(kernel)
    return [group for group in groups if group]


def sum_and_span(group: list[dict]) -> tuple[float, float]:
    """(kernel time summed, first start to last end), in µs, of one replay's kernels."""
    return (sum(k["dur"] for k in group),
            max(k["ts"] + k["dur"] for k in group) - min(k["ts"] for k in group))


def kernel_seconds(fn: Callable[[], Any], replays: int) -> tuple[float, float, int]:
    """Profiler kernel time of one call and its span, medians over `replays` replays of its
    graph, a 256 MiB write (its own kernel, left out) flushing L2 before each; and how many
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
    groups = per_replay([e for e in events if e.get("cat") == "kernel"])
    if len(groups) < replays // 2:
        raise SystemExit(f"the profiler recorded kernels for {len(groups)} of {replays} replays")
    sums, spans = zip(*(sum_and_span(group) for group in groups))
    return (statistics.median(sums) / 1e6, statistics.median(spans) / 1e6,
            round(statistics.median(len(group) for group in groups)))


def verdicts(rows: list[dict]) -> list[str]:
    """One line per kernel count: the largest error against the kernels' sum and against the span."""
    lines = []
    for count in sorted({row["n"] for row in rows}):
        same = [row for row in rows if row["n"] == count]
        for reference, key in (("kernels", "error"), ("span", "span_error")):
            worst = max(abs(row[key]) for row in same)
            verdict = "within" if worst <= 0.05 else "NOT within"
            lines.append(f"calls of {count} kernel{'s' if count > 1 else ''}: largest error against {reference} "
                         f"{worst:.1%} over {len(same)} sizes, {verdict} the 5 % target")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=0.3, help="seconds per device_time")
    parser.add_argument("--replays", type=int, default=30, help="profiled replays per size")
    parser.add_argument("--out", type=Path, default=Path("/tmp/bench-clock"), help="where clock.json goes")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        sys.exit("bench_clock needs a CUDA GPU: on a CPU there is no device clock.")
    print(f"{torch.cuda.get_device_name(0)}, torch {torch.__version__}; times in µs, medians")
    print(f"{'call':9} {'size':18} {'floor':>6} {'before':>9} {'device':>9} {'kernels':>9} {'span':>9} "
          f"{'n':>3} {'error':>7} {'vs span':>7} {'spacing':>7}")
    rows = []
    with torch.no_grad():
        for name, size, fn in cases():
            device = measure.device_time(fn, "cuda", budget_s=args.budget)
            floor = measure.device_clock_notes()[-1]["floor_s"]
            kernels, span, count = kernel_seconds(fn, args.replays)
            row = {"call": name, "size": size, "floor_us": floor * 1e6, "before_us": before_floor(fn) * 1e6,
                   "device_us": device.median_s * 1e6, "kernels_us": kernels * 1e6, "span_us": span * 1e6,
                   "n": count, "error": device.median_s / kernels - 1, "span_error": device.median_s / span - 1,
                   "spacing_us": (device.median_s - kernels) / count * 1e6}
            rows.append(row)
            print(f"{name:9} {size:18} {row['floor_us']:6.2f} {row['before_us']:9.2f} {row['device_us']:9.2f} "
                  f"{row['kernels_us']:9.2f} {row['span_us']:9.2f} {count:3d} {row['error']:+7.1%} "
                  f"{row['span_error']:+7.1%} {row['spacing_us']:7.2f}")
    for line in verdicts(rows):
        print(line)
    record = {"gpu": torch.cuda.get_device_name(0), "torch": torch.__version__, "commit": environment.git_commit()[0] or "unknown",
              "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
              "budget_s": args.budget, "replays": args.replays, "rows": rows}
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = args.out / "clock.json.tmp"
    scratch.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    scratch.replace(args.out / "clock.json")      # whole or not at all
    print(f"written: {args.out / 'clock.json'}")


if __name__ == "__main__":
    main()
