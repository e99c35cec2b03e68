"""What the runner prints while labs run (course.progress): the exact lines in a log, the rewritten
line on a terminal, and each lab's closing line. Expected text is written out by hand; the clock is
a stand-in so the elapsed seconds are known."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest

from course import progress
from course.outcome import LabOutcome


class Terminal(io.StringIO):
    """A stream that says it is a terminal and counts its flushes."""

    def __init__(self, tty: bool = True):
        super().__init__()
        self.tty, self.flushes = tty, 0

    def isatty(self) -> bool:
        return self.tty

    def flush(self) -> None:
        self.flushes += 1


@pytest.fixture
def clock(monkeypatch):
    now = SimpleNamespace(value=100.0)
    monkeypatch.setattr(progress, "time", SimpleNamespace(perf_counter=lambda: now.value))
    return now


def finished(**fields) -> str:
    stream = io.StringIO()
    progress.Progress(stream).lab_finished(LabOutcome(**fields))
    return stream.getvalue()


def test_in_a_log_every_event_is_its_own_line(clock):
    stream = Terminal(tty=False)
    shown = progress.Progress(stream)
    shown.note("resuming 1 lab")
    clock.value = 103.0
    shown.lab_started("toy_ok", 2, 5, "cpu", "smoke")
    clock.value = 115.34
    shown.event("toy_ok", "A", "Compile match", "step 3 of 4")
    clock.value = 1337.0
    shown.event("toy_ok", None, "setup", "")
    assert stream.getvalue() == ("resuming 1 lab\n"
                                 "[2/5] toy_ok (cpu, smoke)\n"
                                 "       12.3s  part A: Compile match · step 3 of 4\n"
                                 "     1234.0s  part -: setup\n")
    assert stream.flushes == 4


def test_elapsed_time_counts_from_the_progress_until_a_lab_starts(clock):
    stream = io.StringIO()
    shown = progress.Progress(stream)
    clock.value = 102.5
    shown.event("toy_ok", "B", "warm-up", "")
    assert stream.getvalue() == "        2.5s  part B: warm-up\n"


def test_on_a_terminal_a_running_part_is_rewritten_in_place_then_closed(clock):
    stream = Terminal()
    shown = progress.Progress(stream)
    shown.note("start")                                       # nothing open yet: no blank line first
    clock.value = 101.0
    shown.event("toy_ok", "A", "Compile", "step 1")
    clock.value = 102.0
    shown.event("toy_ok", "A", "Compile", "step 2")
    shown.event("toy_ok", "A", "Compile", "")                 # no message: a line of its own
    shown.note("after")
    assert stream.getvalue() == ("start\n"
                                 "\r\033[K        1.0s  part A: Compile · step 1"
                                 "\r\033[K        2.0s  part A: Compile · step 2"
                                 "\n        2.0s  part A: Compile\n"
                                 "after\n")
    assert stream.flushes == 5


def test_without_a_stream_it_prints_to_stdout(capsys):
    progress.Progress().note("hello")
    assert capsys.readouterr().out == "hello\n"


def test_a_measured_lab_shows_its_time_resumed_and_skipped_parts():
    assert finished(lab="toy_ok", status="ok", wall_s=3.26, resumed=["A", "B"],
                    parts={"A": "ok", "D": "skipped", "B": "ok", "E": "skipped"}) == \
        "    ✓ toy_ok: ok (3.3s); resumed 2 parts; skipped parts: D, E\n"


def test_a_reused_lab_shows_why_not_its_time():
    assert finished(lab="toy_ok", status="cached", wall_s=9.0, message="from another machine") == \
        "    = toy_ok: cached (from another machine)\n"
    assert finished(lab="toy_ok", status="cached", wall_s=9.0) == "    = toy_ok: cached (not re-run)\n"


def test_a_failed_lab_shows_its_message_and_log():
    assert finished(lab="toy_bad", status="failed", wall_s=1.0, message="boom", log=Path("logs/toy_bad.log")) == \
        "    ✗ toy_bad: failed (1.0s)\n      boom\n      log: logs/toy_bad.log\n"
    assert finished(lab="toy_bad", status="timeout", wall_s=60.0, log=Path("t.log")) == \
        "    ✗ toy_bad: timeout (60.0s)\n      log: t.log\n"


def test_a_lab_that_succeeded_keeps_its_log_to_itself_and_an_unknown_status_is_a_question_mark():
    assert finished(lab="toy_ok", status="skipped", wall_s=0.0, message="needs cuda", log=Path("x.log")) == \
        "    – toy_ok: skipped (0.0s)\n      needs cuda\n"
    assert finished(lab="toy_ok", status="odd", wall_s=2.0) == "    ? toy_ok: odd (2.0s)\n"


def test_the_summary_counts_what_did_not_succeed_and_adds_the_time():
    stream = io.StringIO()
    progress.Progress(stream).summary([LabOutcome("a", "ok", wall_s=1.25), LabOutcome("b", "cached", wall_s=0.0),
                                       LabOutcome("c", "failed", wall_s=2.0), LabOutcome("d", "timeout", wall_s=0.5),
                                       LabOutcome("e", "skipped", wall_s=0.3)])
    assert stream.getvalue() == "labs: 3 ok, 2 failed, 4.0s running labs\n"
