"""A cohort's data as files: the instructor's export and the site's download.

    `cohort export --csv`   every metric of every submission, read from the submission files
                            (the source of truth), aliases as the learners wrote them;
    the site's download     the page's table in full (CSV and JSON, written into the built
                            site by hooks/cohorts.py), from the aggregate: machine, versions,
                            checks and headline values, learners named as the page names them.

A text cell that a spreadsheet would run as a formula (= + - @ at its start) is written with a
leading apostrophe, so an alias cannot become one.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from course.cohorts.config import Cohort
from course.cohorts.headlines import headlines
from course.cohorts.report import Report, Row, number_learners
from course.cohorts.store import Stored
from course.cohorts.submission import alias_key, lab_of
from course.cohorts.words import w

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MACHINE = ("device", "device_name", "cpu_model", "threads", "torch", "triton", "python", "commit", "date_utc")


def _cell(value) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def _csv(columns: list[str], records: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for record in records:
        writer.writerow({key: _cell(record.get(key)) for key in columns})
    return out.getvalue()


def shown_learner(cohort: Cohort, alias: str | None, learner: int) -> str:
    """The learner as the page names them: the alias when the cohort shows aliases, else a number."""
    return alias if cohort.alias_mode == "shown" and alias else w("en", "learner", n=learner)


# -- the instructor's export: every metric, from the files ---------------------------------------

def to_csv(cohort: Cohort, stored: list[Stored], *, history: bool = False) -> str:
    """One row per submission (replaced ones too with `history`), one column per metric of any
    submission (`lab:key`, sorted), after the machine's columns."""
    numbers = number_learners([{"name": s.name, "learner_key": alias_key(s.data["alias"])} for s in stored])
    chosen = [s for s in stored if not s.replaced] + ([s for s in stored if s.replaced] if history else [])
    metric_columns = sorted({f"{lab_of(s.data)}:{key}" for s in chosen for key in s.data["metrics"]})
    records, number = [], 0
    for item in chosen:
        data = item.data
        number += not item.replaced
        record = {"number": None if item.replaced else number,
                  "learner": shown_learner(cohort, data["alias"], numbers[item.name]), "alias": data["alias"],
                  "state": "replaced" if item.replaced else "current", "lab": lab_of(data), "preset": data["preset"],
                  **{key: data["provenance"][key] for key in MACHINE},
                  "checks_passed": sum(c["passed"] for c in data["checks"].values()),
                  "checks_total": len(data["checks"]), "content_hash": data["content_hash"]}
        record.update({f"{lab_of(data)}:{key}": m["value"] for key, m in data["metrics"].items()})
        records.append(record)
    columns = ["number", "learner", "alias", "state", "lab", "preset", *MACHINE, "checks_passed", "checks_total",
               *metric_columns, "content_hash"]
    return _csv(columns, records)


# -- the site's download: the page's table in full, from the aggregate ---------------------------

def download_name(cohort: Cohort, extension: str) -> str:
    return f"{cohort.id}-submissions.{extension}"


def _download_record(report: Report, row: Row) -> dict[str, Any]:
    e = row.entry
    record = {"number": row.number, "learner": shown_learner(report.cohort, e["alias"], row.learner),
              "lab": row.lab, "preset": e["preset"], **{key: e[key] for key in MACHINE},
              "checks_passed": row.checks_passed, "checks_total": len(e["checks"])}
    record.update({f"{row.lab}:{key}": value for key, value in e["headlines"].items()})
    record["submission"] = row.hash
    return record


def download_csv(report: Report) -> str:
    headline_columns = [f"{lab}:{h.key}" for lab in report.cohort.labs for h in headlines(lab)]
    columns = ["number", "learner", "lab", "preset", *MACHINE, "checks_passed", "checks_total",
               *headline_columns, "submission"]
    return _csv(columns, [_download_record(report, row) for row in report.rows])


def download_json(report: Report) -> str:
    return json.dumps({"cohort": report.cohort.id, "submissions": [_download_record(report, row)
                                                                   for row in report.rows]},
                      ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
