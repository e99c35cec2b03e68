"""`course submit`: turn a lab's manifest into a submission, and say exactly what it shares.

Only the fields a cohort page needs are copied out of the manifest; a metric whose value is
neither a number nor a plain word (a file name, an error message that may quote a path) is
left out, and so is a metric whose name a cohort cannot store (a manifest allows 120
characters, a submission 80); the preview names what was left out. A failed run, a skipped
one and a run whose checks contradict their own numbers are refused: a cohort collects runs
that worked.
"""

from __future__ import annotations

from typing import Any

from course.cohorts.submission import SUBMISSION_VERSION, SubmissionError, content_hash, problems

NEVER_SHARED = ("artifacts (kernels, graphs, logs)", "tables and figures", "file paths",
                "host names", "user names", "the cache key", "wall time")


def _provenance(manifest: dict[str, Any]) -> dict[str, Any]:
    p = manifest["provenance"]
    return {"device": p["device"], "device_name": p["device_name"], "cpu_model": p["cpu_model"],
            "torch": p.get("torch"), "triton": p.get("triton"), "python": p["python"],
            "threads": p.get("cpu_threads"), "commit": p.get("commit"), "date_utc": p["date_utc"]}


def from_manifest(manifest: dict[str, Any], alias: str | None = None) -> tuple[dict[str, Any], list[str]]:
    """(submission, keys of the metrics left out). The manifest must already be schema-valid."""
    if manifest["status"] != "ok":
        reason = manifest.get("reason") or "no reason recorded"
        raise SubmissionError(f"the run's status is {manifest['status']} ({reason}); fix the lab run and "
                              "run it again before submitting")
    alias = (alias or "").strip() or None
    data: dict[str, Any] = {
        "submission_version": SUBMISSION_VERSION, "lab": manifest["lab"],
        "preset": manifest["provenance"]["preset"], "alias": alias,
        "metrics": {key: {"value": m["value"], "unit": m["unit"]} for key, m in manifest["metrics"].items()},
        "checks": {key: {"value": c["value"], "op": c["op"], "threshold": c["threshold"],
                         "passed": c["passed"], "unit": c.get("unit", "")}
                   for key, c in manifest["checks"].items()},
        "provenance": _provenance(manifest),
        "content_hash": "sha256:" + "0" * 64,  # a placeholder of the right shape until the end
    }
    # Metrics that break a rule (a path-like string, a NaN, a name too long) are left out: one odd
    # metric does not cost the learner the run. Anything else that breaks one (a check, the
    # machine's name, the alias, more metrics than a submission holds) refuses the submission.
    found = problems(data)
    left_out = sorted({p.path[1] for p in found if len(p.path) > 1 and p.path[0] == "metrics"})
    for key in left_out:
        del data["metrics"][key]
    if found := problems(data):
        first = found[0]
        raise SubmissionError(f"field '{first.where()}' {first.message}; this run cannot be submitted as it is"
                              + (" (choose another alias)" if first.path[:1] == ("alias",) else ""))
    data["content_hash"] = content_hash(data)
    return data, left_out


def summary(data: dict[str, Any], left_out: list[str], target: str) -> str:
    """A few lines: what the file will hold, and what it never does (`--json` prints the file)."""
    p = data["provenance"]
    machine = p["device_name"] + (f" (host CPU {p['cpu_model']})" if p["device"] == "cuda" else "")
    versions = ", ".join(f"{name} {p[name]}" for name in ("torch", "triton", "python") if p[name])
    metrics, checks = len(data["metrics"]), len(data["checks"])
    passed = sum(c["passed"] for c in data["checks"].values())
    lines = [f"{target} will hold:",
             f"  lab {data['lab']}, preset {data['preset']}, alias {data['alias'] or '(none)'}",
             f"  {metrics} metric{'' if metrics == 1 else 's'} and {checks} acceptance "
             f"check{'' if checks == 1 else 's'} ({passed} passed)",
             f"  machine: {p['device']} {machine}"
             + (f", {p['threads']} thread{'' if p['threads'] == 1 else 's'}" if p["threads"] else "")
             + f"; {versions}",
             f"  commit {p['commit'] or '(unknown)'}, run on {p['date_utc']}, content hash {data['content_hash']}",
             "It never holds: " + ", ".join(NEVER_SHARED) + ". (--json prints the whole file.)"]
    if left_out:
        shown = ", ".join(left_out[:8]) + (f" and {len(left_out) - 8} more" if len(left_out) > 8 else "")
        lines.append(f"Left out (not a number or a plain word, or a name longer than 80 characters): {shown}.")
    if data["alias"]:
        lines.append("Your alias may be shown on the cohort's public page, as you wrote it.")
    return "\n".join(lines)
