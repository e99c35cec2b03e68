"""What the runner prints while labs run: which lab, which part, how long so far.

On a terminal the line for the running part is rewritten in place; in a log (CI, make
piped to a file) every event is its own line, so nothing is lost.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from course.outcome import LabOutcome

SYMBOLS = {"cached": "=", "ok": "✓", "skipped": "–", "failed": "✗", "timeout": "✗"}


class Progress:
    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stdout
        self.live = self.stream.isatty()
        self._lab_started = time.perf_counter()
        self._open_line = False

    def _write(self, text: str, *, replace: bool = False) -> None:
        if self.live and replace:
            self.stream.write("\r\033[K" + text)
            self._open_line = True
        else:
            if self._open_line:
                self.stream.write("\n")
            self.stream.write(text + "\n")
            self._open_line = False
        self.stream.flush()

    def note(self, text: str) -> None:
        """One line about the whole run (e.g. that it resumes)."""
        self._write(text)

    def lab_started(self, lab: str, index: int, total: int, device: str, preset: str) -> None:
        self._lab_started = time.perf_counter()
        self._write(f"[{index}/{total}] {lab} ({device}, {preset})")

    def event(self, lab: str, part: str | None, title: str, message: str) -> None:
        elapsed = time.perf_counter() - self._lab_started
        text = f"    {elapsed:7.1f}s  part {part or '-'}: {title}"
        if message:
            text += f" · {message}"
        self._write(text, replace=bool(message))

    def lab_finished(self, outcome: LabOutcome) -> None:
        symbol = SYMBOLS.get(outcome.status, "?")
        detail = f"{outcome.wall_s:.1f}s" if outcome.status != "cached" else outcome.message or "not re-run"
        line = f"    {symbol} {outcome.lab}: {outcome.status} ({detail})"
        if outcome.resumed:
            line += f"; resumed {len(outcome.resumed)} parts"
        skipped = [k for k, s in outcome.parts.items() if s == "skipped"]
        if skipped:
            line += f"; skipped parts: {', '.join(skipped)}"
        if outcome.message and outcome.status not in ("cached",):
            line += f"\n      {outcome.message}"
        if outcome.log and not outcome.succeeded:
            line += f"\n      log: {outcome.log}"
        self._write(line)

    def summary(self, outcomes: list[LabOutcome]) -> None:
        failed = [o for o in outcomes if not o.succeeded]
        ran = sum(o.wall_s for o in outcomes)
        self._write(f"labs: {len(outcomes) - len(failed)} ok, {len(failed)} failed, "
                    f"{ran:.1f}s running labs")
