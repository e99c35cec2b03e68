"""When does paying more compile time up front pay off? The break-even step count.

A variant that compiles `extra_compile_s` longer than a baseline but saves `saved_s` per
step has caught up after ceil(extra_compile_s / saved_s) steps. It never catches up when
it is not faster: `verdict` (labs.common.measure.verdict, noise-aware) decides that, so a
difference inside the measurement's noise does not produce a made-up break-even point.
"""

from __future__ import annotations

import math

NEVER = "never"


def break_even_steps(extra_compile_s: float, baseline_step_s: float, candidate_step_s: float,
                     verdict: str) -> int | str:
    """Steps after which the candidate has paid back its extra compile time, or "never"."""
    saved_s = baseline_step_s - candidate_step_s
    if verdict != "faster" or saved_s <= 0:
        return NEVER
    if extra_compile_s <= 0:
        return 0  # cheaper to compile and faster to run: it pays from the first step
    return math.ceil(extra_compile_s / saved_s)


def payoff_case(steps: int | str) -> str:
    """A category the page can branch on: "never", "immediately" or "after"."""
    if steps == NEVER:
        return "never"
    return "immediately" if steps == 0 else "after"
