"""A failed run's record (runner._write_failure, called directly): its date is UTC whatever the
machine's time zone, since the record says `Z` and pages and `course status` show it as UTC."""

from __future__ import annotations

import datetime
import time

import pytest

from course import results, runner
from course.outcome import LabOutcome


@pytest.fixture
def zone(monkeypatch):
    """Set the process's local time zone (POSIX TZ, no tz database needed); put it back after."""
    def use(tz: str) -> None:
        monkeypatch.setenv("TZ", tz)
        time.tzset()
    yield use
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("tz", ["IST-05:30", "PST+08:00"])   # east and west of UTC
def test_a_failure_is_dated_in_utc_whatever_the_local_zone(tmp_path, zone, tz):
    zone(tz)
    request = runner.RunRequest(labs=("toy_broken",), device="cpu", preset="smoke", results_dir=tmp_path)
    outcome = LabOutcome(lab="toy_broken", status="failed", message="exited with code 1")
    before = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    runner._write_failure(request, "toy_broken", "k" * 16, outcome, tmp_path / "no.log")
    after = datetime.datetime.now(datetime.UTC)
    recorded = results.load_failure(tmp_path, "toy_broken", "cpu").date_utc
    assert recorded.endswith("Z")
    when = datetime.datetime.strptime(recorded, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.UTC)
    assert before <= when <= after, f"{recorded} is not the UTC time of the failure ({before:%H:%M:%S} UTC)"
