"""When does paying more compile time up front pay off? The break-even step count.

A variant that compiles `extra_compile_s` longer than a baseline but saves `saved_s` per
step has caught up after ceil(extra_compile_s / saved_s) steps. It never catches up when
it is not faster: `verdict` (labs.common.measure.verdict, noise-aware) decides that, so a
difference inside the measurement's noise does not produce a made-up break-even point.
The same holds for the compile side: when the two first steps lie within the noise of one
cold compile of the same code (labs.common.claims.COMPILE_NOISE), the extra compile time is
not established, and neither is any step count computed from it.
"""

from __future__ import annotations

import math

from labs.common.claims import COMPILE_NOISE

NEVER = "never"
UNPLACED = "unplaced"   # faster per step, but the two first steps lie within compile noise


def first_steps_apart(baseline_first_s: float, candidate_first_s: float) -> bool:
    """Whether two first steps lie further apart than one cold compile of the same code varies
    (beyond COMPILE_NOISE either way)."""
    ratio = candidate_first_s / baseline_first_s
    return not 1 / COMPILE_NOISE <= ratio <= COMPILE_NOISE


def break_even_steps(extra_compile_s: float, baseline_step_s: float, candidate_step_s: float,
                     verdict: str, first_steps_differ: bool = True) -> int | str:
    """Steps after which the candidate has paid back its extra compile time, "never", or
    "unplaced" (faster, but `first_steps_differ` is False: the extra compile time is noise)."""
    saved_s = baseline_step_s - candidate_step_s
    if verdict != "faster" or saved_s <= 0:
        return NEVER
    if not first_steps_differ:
        return UNPLACED
    if extra_compile_s <= 0:
        return 0  # cheaper to compile and faster to run: it pays from the first step
    return math.ceil(extra_compile_s / saved_s)


def payoff_case(steps: int | str) -> str:
    """A category the page can branch on: "never", "unplaced", "immediately" or "after"."""
    if steps in (NEVER, UNPLACED):
        return str(steps)
    return "immediately" if steps == 0 else "after"
