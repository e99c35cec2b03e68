"""Figures read from the committed benchmark outputs, so that a page quoting one quotes the files.

    {{ benchmark probe_noise:compile_s digits=2 }}          the widest spread, "1.7×"
    {{ benchmark side_by_side:compile_spread.high decimals=0 }}
    {{ benchmark cohort:2026-11-28-2core-EPYC-e35f307.10000.one_more_s digits=2 }}
    {{ benchmark_table cohort:2026-11-28-2core-EPYC-e35f307 columns="n,add_s" headers="Submissions|Add (s)" }}

A benchmark is a script under scripts/ whose outputs are committed in `benchmarks/<name>/`,
one JSON file per run. Each figure of FIGURES reads every JSON file of its folder: a new run that
widens a spread changes the page at the next build, and a page never restates a number by hand.
A figure of RUN_FIGURES is one run's, the run named by its file (`RUN.FIGURE`, or
`RUN.N.FIGURE` for the run's size N): a page that quotes a measured table quotes one run of it,
and says which; `benchmark_table` lays out the figures of every size of one run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from course import escape
from course.markers.listings import cell, markdown_table, per_column
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


def _mib_from_kib(key: str) -> Callable[[dict], float]:
    return lambda size: size[key] / 1024


# folder -> figure of one run -> (how it is read, its unit): `RUN.FIGURE` reads the run's record,
# `RUN.N.FIGURE` the entry of size N in its "sizes" (a figure named in SIZES below)
RUN_FIGURES: dict[str, dict[str, tuple[Callable[[dict], object], str]]] = {
    # bench_cohort.py: the machine, its 1-minute load average, the code, the date, the whole run
    "cohort": {"cores": (lambda run: run["machine"]["cores"], ""),
               "cpu_model": (lambda run: run["machine"]["cpu_model"], ""),
               "load_start": (lambda run: run["load_start"][0], ""),
               "load_end": (lambda run: run["load_end"][0], ""),
               "commit": (lambda run: run["commit"][:7], ""),
               "date": (lambda run: run["date"][:16].replace("T", " ") + " UTC", ""),
               "wall_s": (lambda run: run["wall_s"], "s")},
}
SIZES: dict[str, dict[str, tuple[Callable[[dict], object], str]]] = {
    # bench_cohort.py, per cohort size: times in s, the page's Markdown, its HTML (--site) and
    # the downloads in KiB (also in MiB); `load` is the 1-minute average before the size's add
    "cohort": {name: ((lambda size, name=name: size[name]), unit) for name, unit in (
        ("n", ""), ("load", ""), ("add_s", "s"), ("one_more_s", "s"), ("page_en_s", "s"), ("page_es_s", "s"),
        ("page_en_kib", "KiB"), ("page_es_kib", "KiB"), ("page_en_gz_kib", "KiB"), ("page_es_gz_kib", "KiB"),
        ("downloads_s", "s"), ("csv_kib", "KiB"), ("json_kib", "KiB"), ("site_s", "s"),
        ("html_en_kib", "KiB"), ("html_es_kib", "KiB"), ("html_en_gz_kib", "KiB"), ("html_es_gz_kib", "KiB"))}
              | {"csv_mib": (_mib_from_kib("csv_kib"), "MiB"), "json_mib": (_mib_from_kib("json_kib"), "MiB")},
}


def _runs(folder: str) -> list[Path]:
    files = sorted((BENCHMARKS_DIR / folder).glob("*.json"))
    if not files:
        raise MarkerError(f"benchmarks/{folder}/ holds no output (*.json): run its script (scripts/bench_{folder}.py) "
                          "and commit what it writes there")
    return files


def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise MarkerError(f"benchmarks/{path.parent.name}/{path.name} cannot be read ({error}): "
                          "run the bench again") from None


def _run(folder: str, name: str) -> dict:
    """The run of benchmarks/<folder>/<name>.json, the one the page names and no other."""
    files = {path.stem: path for path in _runs(folder)}
    if name not in files:
        raise MarkerError(f"benchmarks/{folder}/ holds no run {name!r}; its runs: {', '.join(files)}")
    return _read(files[name])


def _size(run: dict, folder: str, name: str, n: str) -> dict:
    found = [size for size in run.get("sizes", []) if str(size.get("n")) == n]
    if not found:
        measured = ", ".join(str(size.get("n")) for size in run.get("sizes", [])) or "none"
        raise MarkerError(f"run {name} of benchmarks/{folder}/ measured no size {n} (its sizes: {measured})")
    return found[0]


def _value(read: Callable, record: dict, folder: str, name: str, figure: str):
    try:
        value = read(record)
    except (KeyError, IndexError, TypeError) as error:
        raise MarkerError(f"run {name} of benchmarks/{folder}/ does not hold {figure} ({error!r}): "
                          "a run of another version of the bench, or without the option that measures it?") from None
    return value


def _known(folder: str) -> str:
    return ", ".join([f"{folder}:RUN.{k}" for k in RUN_FIGURES[folder]] + [f"{folder}:RUN.N.{k}" for k in SIZES[folder]])


def render_run_figure(page: Page, marker: Marker) -> str:
    """`{{ benchmark FOLDER:RUN.FIGURE }}` or `{{ benchmark FOLDER:RUN.N.FIGURE }}`."""
    folder = marker.lab
    name, _, rest = (marker.key or "").partition(".")
    n, _, figure = rest.rpartition(".")
    figures = SIZES[folder] if n else RUN_FIGURES[folder]
    if not name or figure not in figures:
        raise MarkerError(f"no benchmark figure {folder}:{marker.key}; known: {_known(folder)}")
    run = _run(folder, name)
    read, unit = figures[figure]
    record = _size(run, folder, name, n) if n else run
    value = _value(read, record, folder, name, figure)
    if isinstance(value, str):
        return escape.text(value)
    return page.number(value, unit, marker, what=f"{folder}:{marker.key}")


def render_benchmark(page: Page, marker: Marker) -> str:
    folder, figure = marker.lab, marker.key
    if folder in RUN_FIGURES:
        return render_run_figure(page, marker)
    if folder not in FIGURES or figure not in FIGURES[folder]:
        known = ", ".join([f"{f}:{k}" for f, keys in FIGURES.items() for k in keys] + [_known(f) for f in RUN_FIGURES])
        raise MarkerError(f"no benchmark figure {folder}:{figure}; known: {known}")
    runs = [_read(path) for path in _runs(folder)]
    read, unit = FIGURES[folder][figure]
    try:
        value = read(runs)
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as error:
        raise MarkerError(f"benchmarks/{folder}/ does not hold {figure} in every run ({error!r}): "
                          "a run of another version of the bench?") from None
    return page.number(value, unit, marker, what=f"{folder}:{figure}")


def render_benchmark_table(page: Page, marker: Marker) -> str:
    """`{{ benchmark_table FOLDER:RUN columns="n,add_s,…" headers="…|…" }}`: a row per size of
    the run named, a column per figure of SIZES, numbers in the page's language; a figure the
    run did not measure at one size is a dash, a figure it measured at none is an error."""
    folder, name = marker.lab, marker.key
    if folder not in SIZES or not name:
        raise MarkerError(f"benchmark_table needs FOLDER:RUN, FOLDER one of {', '.join(SIZES)}; "
                          f"got {marker.lab}:{marker.key or ''}")
    if "." in name:
        raise MarkerError(f"benchmark_table names a run, not a figure: {folder}:{name.partition('.')[0]}")
    wanted = marker.options.get("columns")
    if not wanted:
        raise MarkerError(f'benchmark_table needs columns="…", of: {", ".join(SIZES[folder])}')
    columns = wanted.split(",")
    if unknown := [c for c in columns if c not in SIZES[folder]]:
        raise MarkerError(f"no figure {', '.join(unknown)} in a size of {folder} (known: {', '.join(SIZES[folder])})")
    sizes = _run(folder, name).get("sizes") or []
    if not sizes:
        raise MarkerError(f"run {name} of benchmarks/{folder}/ measured no size")
    headers = marker.options.get("headers")
    titles = headers.split("|") if headers else [
        escape.code(c) + (f" ({SIZES[folder][c][1]})" if SIZES[folder][c][1] else "") for c in columns]
    if len(titles) != len(columns):
        raise MarkerError(f"headers has {len(titles)} titles for {len(columns)} columns")

    def value(size: dict, column: str):
        try:
            return SIZES[folder][column][0](size)
        except KeyError:
            return None                 # not measured at this size (an engine without downloads)
    if unmeasured := [c for c in columns if all(value(size, c) is None for size in sizes)]:
        raise MarkerError(f"run {name} of benchmarks/{folder}/ measured {', '.join(unmeasured)} at no size: "
                          "a run of another version of the bench, or without the option that measures it?")
    digits, decimals = per_column(marker, "digits", columns), per_column(marker, "decimals", columns)
    rows = [[cell(page, value(size, c), digits.get(c, 3), decimals.get(c)) for c in columns] for size in sizes]
    return markdown_table(titles, rows, align="---:")
