"""The committed mutation report (tests/mutation/) says what its runs found: each module's row
in REPORT.md holds the counts of its record in results/, every survivor a record names has its
diff in survivors/, and every module with survivors is reviewed in REVIEW.md. Read here with
its own parsing, not with report.py's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

MUTATION = Path(__file__).resolve().parent / "mutation"
ROOT = MUTATION.parent.parent
RECORDS = sorted((MUTATION / "results").glob("*.json"))


def table_rows() -> dict[str, list[str]]:
    rows = {}
    for line in (MUTATION / "REPORT.md").read_text(encoding="utf-8").splitlines():
        if match := re.match(r"\| `([^`]+)` \|(.*)\|$", line):
            rows[match[1]] = [cell.strip() for cell in match[2].split("|")]
    return rows


def test_there_are_records_and_each_has_one_row():
    assert len(RECORDS) > 10
    assert sorted(table_rows()) == sorted(json.loads(p.read_text())["module"] for p in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_a_modules_row_holds_its_records_counts_and_its_survivors_their_diffs(record):
    data = json.loads(record.read_text())
    assert (ROOT / data["module"]).is_file(), f"{data['module']} is gone: remove {record.name} and its diff"
    counts = data["counts"]
    cells = table_rows()[data["module"]]
    mutants, killed, survived, timeouts = (int(c) for c in cells[:4])
    assert mutants == sum(counts.values()) and killed == counts.get("killed", 0)
    assert survived == counts.get("survived", 0) == len(data["survivors"]) and timeouts == counts.get("timeout", 0)
    tried = mutants - counts.get("not run", 0) - counts.get("no tests", 0)
    assert cells[7] == (f"{round(100 * killed / tried)} %" if tried else "—")
    assert cells[8].startswith(f"{data['commit']}, {data['date']}, {data['run_minutes']}")
    diffs = (MUTATION / "survivors" / f"{record.stem}.diff").read_text(encoding="utf-8")
    assert re.findall(r"^# (\S+)$", diffs, flags=re.M) == data["survivors"]


def test_every_module_with_survivors_is_reviewed():
    review = (MUTATION / "REVIEW.md").read_text(encoding="utf-8")
    unreviewed = [data["module"] for data in map(json.loads, (p.read_text() for p in RECORDS))
                  if data["survivors"] and data["module"] not in review
                  and Path(data["module"]).name not in review]
    assert not unreviewed, f"survivors not reviewed in tests/mutation/REVIEW.md: {unreviewed}"
