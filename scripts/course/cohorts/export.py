"""`cohort export --csv`: the cohort page's data as one CSV row per submission, for the instructor.

The instructor's copy also has each alias as the learner wrote it (the page may number
learners instead). A text cell that a spreadsheet would run as a formula (= + - @ at its
start) is written with a leading apostrophe, so an alias cannot become one.
"""

from __future__ import annotations

import csv
import io

from course.cohorts.headlines import headlines
from course.cohorts.report import Report, Row
from course.cohorts.words import w

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def columns(report: Report) -> list[str]:
    metric_columns = [f"{lab}:{h.key}" for lab in report.cohort.labs for h in headlines(lab)]
    return ["number", "learner", "alias", "state", "lab", "preset", "device", "device_name", "cpu_model",
            "threads", "torch", "triton", "python", "commit", "date_utc", "checks_passed", "checks_total",
            *metric_columns, "content_hash"]


def _record(report: Report, row: Row) -> dict[str, object]:
    data, p = row.data, row.provenance
    lab = row.lab
    shown = data["alias"] if report.cohort.alias_mode == "shown" and data["alias"] else \
        w("en", "learner", n=row.learner)
    record = {"number": row.number, "learner": shown, "alias": data["alias"],
              "state": "current" if row.number is not None else "replaced", "lab": lab,
              "preset": data["preset"], **{k: p[k] for k in ("device", "device_name", "cpu_model", "threads",
                                                            "torch", "triton", "python", "commit", "date_utc")},
              "checks_passed": row.checks_passed, "checks_total": len(data["checks"]),
              "content_hash": data["content_hash"]}
    for h in headlines(lab):
        metric = data["metrics"].get(h.key)
        record[f"{lab}:{h.key}"] = metric["value"] if metric else None
    return record


def to_csv(report: Report, *, history: bool = False) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns(report), lineterminator="\n")
    writer.writeheader()
    for row in report.rows + (report.history if history else []):
        writer.writerow({key: _cell(value) for key, value in _record(report, row).items()})
    return out.getvalue()
