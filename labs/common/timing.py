"""Timing the warm path, budgeted by time rather than by a fixed count of calls.

A fixed loop of 1000 calls of a 150 ms function is 15 minutes; `bench` instead stops after
`max_reps` or once `budget_s` is spent (whichever comes first, with at least `min_reps`),
and says how many repetitions it took. On CUDA every sample is bracketed by synchronize().
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Timing:
    median_s: float
    min_s: float
    max_s: float
    p95_s: float
    reps: int
    budget_s: float

    def contains(self, seconds: float) -> bool:
        """True when `seconds` lies within this timing's [min, p95] spread."""
        return self.min_s <= seconds <= self.p95_s


def _synchronizer(device: str) -> Callable[[], None]:
    if device == "cuda":
        import torch
        return torch.cuda.synchronize
    return lambda: None


def first_call_s(fn: Callable[[], Any], device: str = "cpu") -> float:
    """Wall time of one call, synchronized: for a compiled function, the compile time."""
    sync = _synchronizer(device)
    sync()
    start = time.perf_counter()
    fn()
    sync()
    return time.perf_counter() - start


def bench(fn: Callable[[], Any], device: str = "cpu", *, warmup: int = 3, min_reps: int = 5,
          max_reps: int = 200, budget_s: float = 2.0) -> Timing:
    """Median, min, max and p95 of `fn()` after `warmup` calls, within a time budget."""
    sync = _synchronizer(device)
    for _ in range(warmup):
        fn()
    sync()
    samples: list[float] = []
    spent_start = time.perf_counter()
    while len(samples) < max_reps:
        start = time.perf_counter()
        fn()
        sync()
        samples.append(time.perf_counter() - start)
        if len(samples) >= min_reps and time.perf_counter() - spent_start > budget_s:
            break
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Timing(median_s=statistics.median(ordered), min_s=ordered[0], max_s=ordered[-1],
                  p95_s=p95, reps=len(ordered), budget_s=budget_s)


def verdict(baseline: Timing, candidate: Timing, margin: float = 0.05) -> str:
    """'faster', 'slower' or 'same' for candidate against baseline, noise-aware.

    'same' when the medians differ by less than `margin`, or when each median lies inside
    the other's spread: then the difference is smaller than the noise of the measurement.
    """
    ratio = candidate.median_s / baseline.median_s
    within_noise = baseline.contains(candidate.median_s) and candidate.contains(baseline.median_s)
    if within_noise or abs(ratio - 1.0) < margin:
        return "same"
    return "faster" if ratio < 1.0 else "slower"
