"""A timing made by hand: what the course's verdicts read, without timing anything."""

from __future__ import annotations

from labs.common import measure


def tight(median_s: float, clock: str = "latency") -> measure.Stats:
    """20 repetitions, quartiles 1 % either side of the median, extremes 2 %: two such timings
    more than 5 % apart are "faster" or "slower" by the course's rule, closer ones "same"."""
    return measure.Stats(median_s=median_s, q1_s=median_s * 0.99, q3_s=median_s * 1.01,
                         min_s=median_s * 0.98, max_s=median_s * 1.02, reps=20, clock=clock)
