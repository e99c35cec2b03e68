"""A lab run as `python -m labs.<lab>` runs it, that kills itself with SIGKILL inside one part.

    RESUME_KILL_AT=<part> RESUME_CALLS=<file> python -m tests.labs.killed_at_part <lab> --resume DIR ...

The kill comes inside the part's function, after the harness announced the part and before
the part returns: what a kill mid-part leaves (the finished parts' records and nothing of this
one). RESUME_CALLS gets one line per part that really runs (a restored part does not), so a
test can tell what a rerun redid. Without RESUME_KILL_AT the lab runs to its end.
"""

from __future__ import annotations

import os
import signal
import sys

from labs.common import harness

_run_part = harness.Lab._run_part


def _logged(key: str) -> None:
    if os.environ.get("RESUME_CALLS"):
        with open(os.environ["RESUME_CALLS"], "a", encoding="utf-8") as handle:
            handle.write(key + "\n")


def run_part(self, index, key, title, fn, args, requires, after):
    def part(lab, *part_args):
        _logged(key)
        if os.environ.get("RESUME_KILL_AT") == key:
            os.kill(os.getpid(), signal.SIGKILL)
        return fn(lab, *part_args)
    return _run_part(self, index, key, title, part, args, requires, after)


if __name__ == "__main__":
    harness.Lab._run_part = run_part
    if len(sys.argv) < 2:
        sys.exit("usage: python -m tests.labs.killed_at_part LAB [the lab's arguments]")
    sys.exit(harness.run_lab(sys.argv[1], sys.argv[2:]))
