"""Does running side by side move a lab's figures? Solo runs against side-by-side runs.

Standard library only (it runs on the bare GPU machine, for scripts/bench_side_by_side.py).
A figure is a timing in a manifest: a metric, or a table cell, whose unit is a time. Each is
classed by what it measures, from its name:

- compile: a cold compile's wall time (`compile_s`, `default_compile_s`), or a first call's,
  which holds its compile (`first_step_s`);
- device: a device-time figure (`device_…`, `…_dev_us`, `…kernels_us`);
- latency: any other time (a synchronised call, host included).

Quartiles (`q1`, `q3`) are a figure's spread, not figures. Side by side moved a figure when
every side-by-side run lies beyond every solo run, on the same side: a difference smaller than
the spread of runs of the same thing is noise (DESIGN.md, Measuring). Runs of one configuration
part that way by chance too, with probability 2 / C(n + m, n) for n solo and m side-by-side runs
(the extreme of a rank test): 10 % with three and three, 0.8 % with five and five. So the verdict
decides only when the chance that any of its figures parts by chance is at most DECIDE_AT; then
side by side is fit to publish from when no compile or device figure moved. (A first version
asked the side-by-side median to lie within the solo runs' range: with three runs each, a
figure of two identical configurations fails that 40 % of the time, so six figures almost
never passed, whatever running side by side did.)
"""

from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass

TIME_UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "us": 1e-6, "ns": 1e-9}
CLASSES = ("compile", "device", "latency")
# The classes a publishing decision rests on: latency moves with the host, and is said to.
DECIDING = ("compile", "device")
# The verdict decides when identical configurations would move any deciding figure this rarely.
DECIDE_AT = 0.10
_SPREAD_COLUMN = re.compile(r"(^|_)(q1|q3|p95|min|max|iqr)(_|$)")


# `compile_s`, `default_compile_s`, `compile_attention`, `first_step_s` (a first call: its compile
# and one run): a compile's time; `compiled_us` is the compiled model's latency.
_COMPILE = re.compile(r"(^|[._])compile(_time)?_(s|ms)$|(^|[._])compile_[a-z]|(^|[._])\w*first(_step|_call)?_s$")
# `device_eager_us`, `eager_dev_us`, `default_kernels_us`: time on the device.
_DEVICE = re.compile(r"(^|[._])(device|dev)_|(^|[._])\w*kernels_us$")


def figure_class(name: str) -> str:
    lowered = name.lower().rsplit(".", 1)[-1]
    if _COMPILE.search(lowered):
        return "compile"
    if _DEVICE.search(lowered):
        return "device"
    return "latency"


def _seconds(value, unit: str) -> float | None:
    if unit not in TIME_UNITS or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) * TIME_UNITS[unit]


def figures(manifest: dict) -> dict[str, float]:
    """Every timing in a manifest, in seconds, by a name that is the same in every run of the lab."""
    found: dict[str, float] = {}
    for name, metric in (manifest.get("metrics") or {}).items():
        if _SPREAD_COLUMN.search(name.rsplit(".", 1)[-1]) or not isinstance(metric, dict):
            continue
        if (seconds := _seconds(metric.get("value"), metric.get("unit", ""))) is not None:
            found[name] = seconds
    for table_name, table in (manifest.get("tables") or {}).items():
        columns, units = table.get("columns") or [], table.get("units") or {}
        timed = [i for i, column in enumerate(columns)
                 if units.get(column) in TIME_UNITS and not _SPREAD_COLUMN.search(column)]
        if not timed:
            continue
        seen: dict[str, int] = {}
        for row in table.get("rows") or []:
            label = str(row[0]) if row else ""
            seen[label] = seen.get(label, 0) + 1
            row_key = label if seen[label] == 1 else f"{label}#{seen[label]}"
            for i in timed:
                if i < len(row) and (seconds := _seconds(row[i], units[columns[i]])) is not None:
                    found[f"{table_name}[{row_key}].{columns[i]}"] = seconds
    return found


@dataclass(frozen=True)
class Drift:
    name: str
    kind: str                 # compile | device | latency
    solo: tuple[float, ...]   # seconds, one per solo run
    beside: tuple[float, ...]  # seconds, one per side-by-side run

    @property
    def solo_median(self) -> float:
        return statistics.median(self.solo)

    @property
    def beside_median(self) -> float:
        return statistics.median(self.beside)

    @property
    def drift(self) -> float:
        """(side by side - solo) / solo, medians."""
        return (self.beside_median - self.solo_median) / self.solo_median if self.solo_median else float("inf")

    @property
    def solo_spread(self) -> float:
        """(max - min) / median of the solo runs."""
        return (max(self.solo) - min(self.solo)) / self.solo_median if self.solo_median else float("inf")

    @property
    def moved(self) -> bool:
        """Every side-by-side run beyond every solo run, on the same side (a tie is not beyond)."""
        return min(self.beside) > max(self.solo) or max(self.beside) < min(self.solo)


def chance_apart(solo_runs: int, beside_runs: int) -> float:
    """The probability that runs of one configuration part as `moved` says, for one figure:
    of the C(n + m, n) equally likely orders of n + m runs, two put one group wholly above the other."""
    return 2 / math.comb(solo_runs + beside_runs, solo_runs)


def chance_any_apart(solo_runs: int, beside_runs: int, figures_count: int) -> float:
    """The same for at least one of `figures_count` figures (taken as independent)."""
    return 1 - (1 - chance_apart(solo_runs, beside_runs)) ** figures_count


def compare(solo_runs: list[dict], beside_runs: list[dict]) -> list[Drift]:
    """One Drift per figure present in every run; needs two solo runs (one has no spread)."""
    if len(solo_runs) < 2 or not beside_runs:
        raise ValueError("need at least two solo runs (their spread is the yardstick) and one side by side")
    solo = [figures(m) for m in solo_runs]
    beside = [figures(m) for m in beside_runs]
    common = set.intersection(*(set(f) for f in solo + beside))
    return [Drift(name, figure_class(name), tuple(f[name] for f in solo), tuple(f[name] for f in beside))
            for name in sorted(common)]


def verdict(drifts: list[Drift]) -> tuple[bool, str]:
    """(publishable, one line): side by side is publishable when no compile or device figure
    moved, with runs enough that identical configurations would rarely say otherwise; latency
    is reported, not decided on."""
    deciding = [d for d in drifts if d.kind in DECIDING]
    if not deciding:
        return False, "no compile or device figure in these runs: nothing decides (choose a lab that times)"
    solo_runs, beside_runs = len(deciding[0].solo), len(deciding[0].beside)
    by_chance = chance_any_apart(solo_runs, beside_runs, len(deciding))
    if by_chance > DECIDE_AT:
        return False, (f"too few runs to decide: with {solo_runs} solo and {beside_runs} side-by-side runs, "
                       f"identical configurations would move one of {len(deciding)} compile/device figures "
                       f"{by_chance:.0%} of the time (at most {DECIDE_AT:.0%} decides): run more of each")
    moved = [d for d in deciding if d.moved]
    odds = f"{by_chance:.1%} by chance alone"
    if moved:
        worst = max(moved, key=lambda d: abs(d.drift))
        return False, (f"side by side moves {len(moved)} of {len(deciding)} compile/device figures beyond every "
                       f"solo run (worst {worst.name}: {worst.drift:+.1%}; {odds}): publish from serial runs")
    return True, (f"side by side moves none of {len(deciding)} compile/device figures beyond the solo runs "
                  f"({odds} would have moved one): publishable")


def report(drifts: list[Drift]) -> list[str]:
    """A table, a line per class and the verdict."""
    lines = [f"{'figure':58} {'class':8} {'solo median':>12} {'solo spread':>11} {'beside':>12} {'drift':>8}  moved"]
    for d in drifts:
        lines.append(f"{d.name[:58]:58} {d.kind:8} {_short(d.solo_median):>12} {d.solo_spread:>11.1%} "
                     f"{_short(d.beside_median):>12} {d.drift:>+8.1%}  {'YES' if d.moved else 'no'}")
    for kind in CLASSES:
        of_kind = [d for d in drifts if d.kind == kind]
        if of_kind:
            moved = sum(d.moved for d in of_kind)
            worst = max(of_kind, key=lambda d: abs(d.drift))
            lines.append(f"{kind}: {moved} of {len(of_kind)} moved beyond every solo run; "
                         f"largest drift {worst.drift:+.1%} ({worst.name})")
    lines.append(verdict(drifts)[1])
    return lines


def _short(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"
