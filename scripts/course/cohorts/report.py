"""What a cohort page and its download show, computed from the cohort's aggregate entries.

Plain data, no Markdown. Everything here is a summary whose size does not grow with the
cohort (counts per lab, the most used machines, check pass rates, and for each headline metric
its quartiles per kind of machine with the few runs furthest outside them), except `rows`,
which the page shows only in part and the download in full.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from course.cohorts import store as cohort_store
from course.cohorts.config import Cohort
from course.cohorts.headlines import headlines
from course.cohorts.reference import ReferenceRun, reference_runs
from course.results import ResultStore

DEVICE_KIND = {"cpu": "CPU", "cuda": "GPU"}
# A plot gives each CPU (or GPU) model a box up to this many models; beyond, the most used
# models less one keep theirs and the rest share one ("other models"): one box per laptop
# model would be a box per learner.
MAX_CLASSES_PER_KIND = 8
OTHER_MODELS = ""           # the model name of the class the less used models share
# The machines table names the most used machines and counts the rest in one line.
MAX_MACHINES = 12
# A class this small is drawn point by point; a larger one as its box and its outliers.
ALL_POINTS_UP_TO = 30
# Outliers named per headline: the runs furthest outside the box, in IQRs (Tukey's fences).
MAX_OUTLIERS = 5
FENCE_IQR = 1.5


@dataclass(frozen=True)
class Row:
    """One current submission, numbered in the order it was accepted."""
    number: int | None      # None: replaced (in history)
    learner: int            # learner number: first submission of this alias (or of this anonymous run)
    entry: dict[str, Any]   # its aggregate entry (aggregate.entry)

    @property
    def lab(self) -> str:
        return self.entry["lab"]

    @property
    def checks_passed(self) -> int:
        return sum(self.entry["checks"].values())

    @property
    def all_passed(self) -> bool:
        return all(self.entry["checks"].values())

    @property
    def hash(self) -> str:
        return cohort_store.STORED_NAME.match(self.entry["name"]).group("hash")


@dataclass(frozen=True)
class Outlier:
    row: Row
    value: float
    distance: float         # how far outside the box, in IQRs


@dataclass
class Summary:
    """One headline's values on one class of machine."""
    device_class: tuple[str, str]   # (device, model name or OTHER_MODELS)
    values: list[float]     # sorted
    rows: list[Row]         # in the order of `values`

    def quantile(self, q: float) -> float:
        """Linear interpolation between the closest ranks (numpy's default)."""
        position = q * (len(self.values) - 1)
        low = math.floor(position)
        high = min(low + 1, len(self.values) - 1)
        return self.values[low] + (self.values[high] - self.values[low]) * (position - low)

    @property
    def n(self) -> int:
        return len(self.values)

    def box(self) -> dict[str, float]:
        q1, median, q3 = self.quantile(0.25), self.quantile(0.5), self.quantile(0.75)
        iqr = q3 - q1
        inside = [v for v in self.values if q1 - FENCE_IQR * iqr <= v <= q3 + FENCE_IQR * iqr]
        return {"q1": q1, "median": median, "q3": q3, "lowerfence": inside[0], "upperfence": inside[-1],
                "min": self.values[0], "max": self.values[-1]}

    def outliers(self) -> list[Outlier]:
        """Runs outside Tukey's fences, the furthest first (at most MAX_OUTLIERS)."""
        box = self.box()
        iqr = box["q3"] - box["q1"]
        found = []
        for value, row in zip(self.values, self.rows, strict=True):
            below, above = box["q1"] - value, value - box["q3"]
            beyond = max(below, above)
            if beyond > FENCE_IQR * iqr:
                found.append(Outlier(row, value, beyond / iqr if iqr else math.inf))
        return sorted(found, key=lambda o: (-o.distance, o.row.number))[:MAX_OUTLIERS]


@dataclass
class Distribution:
    lab: str
    key: str
    label: dict[str, str]
    log_y: bool
    classes: list[Summary] = field(default_factory=list)
    words: Counter = field(default_factory=Counter)  # values that are words ("never"), counted
    counts: bool = False    # every number recorded whole (an int, such as a guard count): shown whole


@dataclass
class Machine:
    device: str
    device_name: str
    cpu_model: str
    runs: int
    threads: list[int]
    torches: list[str]


@dataclass
class Report:
    cohort: Cohort
    rows: list[Row]
    history: list[Row]                              # replaced submissions, kept
    learners_per_lab: dict[str, set[int]]
    checks: dict[str, dict[str, tuple[int, int]]]   # lab -> check key -> (passed, total)
    distributions: list[Distribution]
    machines: list[Machine]                         # the most used first, at most MAX_MACHINES
    other_machines: tuple[int, int]                 # (machines, runs) not listed
    references: list[ReferenceRun]

    @property
    def learners(self) -> int:
        return len({row.learner for row in self.rows})

    def lab_rows(self, lab: str) -> list[Row]:
        return [row for row in self.rows if row.lab == lab]


def named_models(entries) -> dict[str, set[str]]:
    """Per device, the model names that get a class of their own (see MAX_CLASSES_PER_KIND)."""
    counts: dict[str, Counter] = {device: Counter() for device in DEVICE_KIND}
    for e in entries:
        counts[e["device"]][e["device_name"]] += 1
    return {device: {name for name, _ in found.most_common(
        len(found) if len(found) <= MAX_CLASSES_PER_KIND else MAX_CLASSES_PER_KIND - 1)}
        for device, found in counts.items()}


def device_class(device: str, device_name: str, named: dict[str, set[str]]) -> tuple[str, str]:
    return (device, device_name if device_name in named[device] else OTHER_MODELS)


def number_learners(entries: list[dict[str, Any]]) -> dict[str, int]:
    """Stored name -> learner number, by each learner's first accepted submission (replaced ones
    included, so numbers stay put when a learner replaces a run)."""
    numbers: dict[str, int] = {}
    by_alias: dict[str, int] = {}
    count = 0
    for item in entries:
        key = item["learner_key"]
        if key is None or key not in by_alias:
            count += 1
            if key is not None:
                by_alias[key] = count
        numbers[item["name"]] = by_alias[key] if key is not None else count
    return numbers


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _distribution(lab: str, headline, rows: list[Row], named: dict[str, set[str]]) -> Distribution:
    found = Distribution(lab=lab, key=headline.key, label=headline.label, log_y=headline.log_y)
    by_class: dict[tuple[str, str], list[tuple[float, int, Row]]] = defaultdict(list)
    recorded = []
    for row in rows:
        value = row.entry["headlines"].get(headline.key)
        if value is None:
            continue
        if not _is_number(value):
            found.words[str(value)] += 1
        else:
            e = row.entry
            recorded.append(value)
            by_class[device_class(e["device"], e["device_name"], named)].append((float(value), row.number, row))
    # the float() above is for the quantiles; a lab records a count as an int, and the page shows it whole
    found.counts = bool(recorded) and all(isinstance(value, int) for value in recorded)
    # the named classes, most runs first; the shared one last
    for name in sorted(by_class, key=lambda c: (c[1] == OTHER_MODELS, -len(by_class[c]), c)):
        ordered = sorted(by_class[name], key=lambda item: item[:2])
        found.classes.append(Summary(name, [v for v, _, _ in ordered], [r for _, _, r in ordered]))
    return found


def _machines(rows: list[Row]) -> tuple[list[Machine], tuple[int, int]]:
    groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in rows:
        e = row.entry
        groups[(e["device"], e["device_name"], e["cpu_model"])].append(row)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    machines = [Machine(*key, runs=len(group),
                        threads=sorted({r.entry["threads"] for r in group if r.entry["threads"]}),
                        torches=sorted({r.entry["torch"] or "?" for r in group}))
                for key, group in ordered[:MAX_MACHINES]]
    rest = ordered[MAX_MACHINES:]
    return machines, (len(rest), sum(len(group) for _, group in rest))


def build(cohort: Cohort, store: ResultStore, entries: list[dict[str, Any]] | None = None) -> Report:
    entries = cohort_store.entries(cohort) if entries is None else entries
    numbers = number_learners(entries)
    current = [item for item in entries if not item["replaced"]]
    rows = [Row(number=index, learner=numbers[item["name"]], entry=item) for index, item in enumerate(current, 1)]
    learners: dict[str, set[int]] = {lab: set() for lab in cohort.labs}
    checks: dict[str, dict[str, list[int]]] = {lab: defaultdict(lambda: [0, 0]) for lab in cohort.labs}
    for row in rows:
        learners[row.lab].add(row.learner)
        for key, passed in row.entry["checks"].items():
            tally = checks[row.lab][key]
            tally[0] += passed
            tally[1] += 1
    named = named_models(row.entry for row in rows)
    per_lab = defaultdict(list)
    for row in rows:
        per_lab[row.lab].append(row)
    distributions = [_distribution(lab, headline, per_lab[lab], named)
                     for lab in cohort.labs for headline in headlines(lab)]
    history = [Row(number=None, learner=numbers[item["name"]], entry=item) for item in entries if item["replaced"]]
    machines, others = _machines(rows)
    return Report(cohort=cohort, rows=rows, history=history, learners_per_lab=learners,
                  checks={lab: {k: (v[0], v[1]) for k, v in c.items()} for lab, c in checks.items()},
                  distributions=distributions, machines=machines, other_machines=others,
                  references=reference_runs(cohort.labs, store, named))
