"""Figures read from the committed benchmark outputs, so that a page quoting one quotes the files.

    {{ benchmark probe_noise:compile_s digits=2 }}          the widest spread, "1.7×"
    {{ benchmark side_by_side:compile_spread.high decimals=0 }}

A benchmark is a script under scripts/ whose outputs are committed in `benchmarks/<name>/`,
one JSON file per run. Each figure below reads every JSON file of its folder: a new run that
widens a spread changes the page at the next build, and a page never restates a number by hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from course.markers.page import Page
from course.markers.parse import Marker, MarkerError
from course.results import ROOT

# The repository's own benchmark outputs, whatever results folder the build reads (the tests
# build the site from a smoke run's results in a folder of their own).
BENCHMARKS_DIR = ROOT / "benchmarks"

Runs = list[dict]


def widest_ratio(figure: str) -> Callable[[Runs], float]:
    """bench_probe_noise.py: the largest max/min of one module's repeated samples, over every run."""
    def read(runs: Runs) -> float:
        return max(max(values) / min(values) for run in runs for values in run["samples"][figure].values())
    return read


def solo_spread(kind: str, end: Callable[..., float]) -> Callable[[Runs], float]:
    """bench_side_by_side.py: the smallest or largest spread of the solo runs (in %), over the
    figures of one class (compile or device) of every run."""
    def read(runs: Runs) -> float:
        return 100 * end(f["solo_spread"] for run in runs for f in run["figures"] if f["class"] == kind)
    return read


def clock_rows(runs: Runs, several: bool) -> list[dict]:
    """bench_clock.py: every row of every run, of calls of one kernel or of several."""
    return [row for run in runs for row in run["rows"] if (row["n"] > 1) == several]


def clock_error(key: str, several: bool) -> Callable[[Runs], float]:
    """The largest error (in %, by its size) of the device clock against the profiler's kernel
    sum ("error") or the calls' span ("span_error"), over every row of every run."""
    def read(runs: Runs) -> float:
        return 100 * max(abs(row[key]) for row in clock_rows(runs, several))
    return read


def clock_before(runs: Runs) -> float:
    """The largest error (in %) of the clock before the floor was subtracted, calls of one kernel."""
    return 100 * max(row["before_us"] / row["kernels_us"] - 1 for row in clock_rows(runs, several=False))


def clock_small_residual(runs: Runs) -> float:
    """The median of device − span (µs) over the calls whose span is under 10 µs: what the clock
    reads beyond the call's kernels and their spacing, where it matters."""
    left = sorted(row["device_us"] - row["span_us"] for run in runs for row in run["rows"] if row["span_us"] < 10)
    middle = len(left) // 2
    return left[middle] if len(left) % 2 else (left[middle - 1] + left[middle]) / 2


# folder -> figure -> (how it is read from the runs, its unit)
FIGURES: dict[str, dict[str, tuple[Callable[[Runs], float], str]]] = {
    "probe_noise": {"compile_s": (widest_ratio("compile_s"), "×"),
                    "compiled_us": (widest_ratio("compiled_us"), "×")},
    "side_by_side": {f"{kind}_spread.{name}": (solo_spread(kind, end), "%")
                     for kind in ("compile", "device") for name, end in (("low", min), ("high", max))},
    "clock": {"one_kernel.error": (clock_error("error", several=False), "%"),
              "one_kernel.before": (clock_before, "%"),
              "several_kernels.error": (clock_error("error", several=True), "%"),
              "several_kernels.span_error": (clock_error("span_error", several=True), "%"),
              "small_calls.residual": (clock_small_residual, "µs")},
}


def render_benchmark(page: Page, marker: Marker) -> str:
    folder, figure = marker.lab, marker.key
    if folder not in FIGURES or figure not in FIGURES[folder]:
        known = ", ".join(f"{f}:{k}" for f, keys in FIGURES.items() for k in keys)
        raise MarkerError(f"no benchmark figure {folder}:{figure}; known: {known}")
    files = sorted((BENCHMARKS_DIR / folder).glob("*.json"))
    if not files:
        raise MarkerError(f"benchmarks/{folder}/ holds no output (*.json): run its script (scripts/bench_{folder}.py) "
                          "and commit what it writes there")
    runs = []
    for path in files:
        try:
            runs.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as error:
            raise MarkerError(f"benchmarks/{folder}/{path.name} cannot be read ({error}): run the bench again") from None
    read, unit = FIGURES[folder][figure]
    try:
        value = read(runs)
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as error:
        raise MarkerError(f"benchmarks/{folder}/ does not hold {figure} in every run ({error!r}): "
                          "a run of another version of the bench?") from None
    return page.number(value, unit, marker, what=f"{folder}:{figure}")
