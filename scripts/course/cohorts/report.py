"""What a cohort page and `cohort export` show, computed once from the stored submissions.

Plain data, no Markdown: rows per submission, learners numbered in the order they first
submitted, counts per lab, machines, check pass rates, and for each headline metric the
values by device class with the course's own reference run beside them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from course.cohorts.config import Cohort
from course.cohorts.headlines import headlines
from course.cohorts.store import Stored, alias_key, read_submissions
from course.cohorts.submission import lab_of
from course.results import ResultStore

DEVICE_KIND = {"cpu": "CPU", "cuda": "GPU"}
# Beyond this many distinct CPU (or GPU) models a plot groups by CPU and GPU only: one box per
# laptop model would be a box per learner.
MAX_CLASSES_PER_KIND = 8


@dataclass(frozen=True)
class Row:
    """One current submission, numbered in the order it was accepted."""
    number: int
    learner: int            # learner number: first submission of this alias (or of this anonymous run)
    stored: Stored

    @property
    def data(self) -> dict[str, Any]:
        return self.stored.data

    @property
    def lab(self) -> str:
        """The lab's id today (a run made before a rename keeps its old id in `data`)."""
        return lab_of(self.stored.data)

    @property
    def provenance(self) -> dict[str, Any]:
        return self.stored.data["provenance"]

    @property
    def checks_passed(self) -> int:
        return sum(check["passed"] for check in self.data["checks"].values())


@dataclass(frozen=True)
class Point:
    device_class: str
    value: float
    row: Row | None         # None: the course's reference run


@dataclass
class Distribution:
    lab: str
    key: str
    label: dict[str, str]
    log_y: bool
    points: list[Point] = field(default_factory=list)
    reference: list[tuple[Point, dict[str, Any]]] = field(default_factory=list)  # with its provenance
    words: Counter = field(default_factory=Counter)  # values that are words ("never"), counted


@dataclass
class Report:
    cohort: Cohort
    rows: list[Row]
    history: list[Row]                              # replaced submissions, kept
    learners_per_lab: dict[str, set[int]]
    checks: dict[str, dict[str, list[bool]]]      # lab -> check key -> verdicts
    distributions: list[Distribution]

    @property
    def learners(self) -> int:
        return len({row.learner for row in self.rows})

    def machines(self) -> list[tuple[tuple[str, str, str], list[Row]]]:
        """Rows grouped by (device, device name, CPU model), the most used machine first."""
        groups: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
        for row in self.rows:
            p = row.provenance
            groups[(p["device"], p["device_name"], p["cpu_model"])].append(row)
        return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def device_class(provenance: dict[str, Any], by_name: bool) -> str:
    kind = DEVICE_KIND[provenance["device"]]
    return f"{kind} · {provenance['device_name']}" if by_name else kind


def _number_learners(stored: list[Stored]) -> dict[str, int]:
    """Stored name -> learner number, by each learner's first accepted submission (replaced ones
    included, so numbers stay put when a learner replaces a run)."""
    numbers: dict[str, int] = {}
    by_alias: dict[str, int] = {}
    for item in stored:
        key = alias_key(item.data["alias"])
        if key is None:
            numbers[item.name] = len(set(numbers.values())) + 1
            continue
        if key not in by_alias:
            by_alias[key] = len(set(numbers.values())) + 1
        numbers[item.name] = by_alias[key]
    return numbers


def _distribution(lab: str, headline, rows: list[Row], store: ResultStore, by_name: dict[str, bool]) -> Distribution:
    found = Distribution(lab=lab, key=headline.key, label=headline.label, log_y=headline.log_y)
    for row in rows:
        metric = row.data["metrics"].get(headline.key)
        if metric is None:
            continue
        value = metric["value"]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            found.words[str(value)] += 1
        else:
            p = row.provenance
            found.points.append(Point(device_class(p, by_name[p["device"]]), float(value), row))
    for device in DEVICE_KIND:
        result = store.get(lab, device)
        if result is None or result.status != "ok":
            continue
        metric = result.manifest["metrics"].get(headline.key)
        if metric and isinstance(metric["value"], (int, float)) and not isinstance(metric["value"], bool):
            p = result.provenance
            found.reference.append((Point(device_class(p, by_name[device]), float(metric["value"]), None), p))
    return found


def build(cohort: Cohort, store: ResultStore, stored: list[Stored] | None = None) -> Report:
    stored = read_submissions(cohort) if stored is None else stored
    numbers = _number_learners(stored)
    current = [item for item in stored if not item.replaced]
    rows = [Row(number=index, learner=numbers[item.name], stored=item) for index, item in enumerate(current, 1)]
    learners: dict[str, set[int]] = {lab: set() for lab in cohort.labs}
    checks: dict[str, dict[str, list[bool]]] = {lab: defaultdict(list) for lab in cohort.labs}
    for row in rows:
        learners[row.lab].add(row.learner)
        for key, check in row.data["checks"].items():
            checks[row.lab][key].append(check["passed"])
    names = {kind: {r.provenance["device_name"] for r in rows if r.provenance["device"] == kind}
             for kind in DEVICE_KIND}
    by_name = {kind: len(found) <= MAX_CLASSES_PER_KIND for kind, found in names.items()}
    distributions = [_distribution(lab, headline, [r for r in rows if r.lab == lab], store, by_name)
                     for lab in cohort.labs for headline in headlines(lab)]
    history = [Row(number=None, learner=numbers[item.name], stored=item) for item in stored if item.replaced]
    return Report(cohort=cohort, rows=rows, history=history, learners_per_lab=learners,
                  checks={lab: dict(c) for lab, c in checks.items()}, distributions=distributions)
