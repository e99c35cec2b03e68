"""What one lab's run came to (course.outcome.LabOutcome): which statuses count as done, and what a
fresh outcome holds before the runner fills it."""

from __future__ import annotations

import pytest

from course.outcome import LabOutcome


@pytest.mark.parametrize("status", ["cached", "ok", "skipped"])
def test_a_reused_a_measured_and_a_skipped_lab_succeeded(status):
    assert LabOutcome("toy_ok", status).succeeded is True


@pytest.mark.parametrize("status", ["failed", "timeout", "OK", "ok ", "", "cache", "skip"])
def test_a_failure_a_timeout_and_near_misses_did_not(status):
    assert LabOutcome("toy_ok", status).succeeded is False


def test_a_fresh_outcome_holds_nothing_yet():
    made = LabOutcome("toy_ok", "ok")
    assert (made.lab, made.status, made.wall_s, made.message, made.log) == ("toy_ok", "ok", 0.0, "", None)
    assert (made.parts, made.parts_titles, made.resumed) == ({}, {}, [])


def test_two_outcomes_never_share_their_parts():
    first, second = LabOutcome("a", "ok"), LabOutcome("b", "ok")
    first.parts["A"] = "ok"
    first.parts_titles["A"] = "Compile"
    first.resumed.append("A")
    assert (second.parts, second.parts_titles, second.resumed) == ({}, {}, [])
