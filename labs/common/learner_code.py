"""Run a learner's code (their module's import, its constructor or factory, its forward) in a
child process that a time limit can end, and size its inputs before anything is allocated.

    outcome = learner_code.run(work, options, Limits(learner_s=60, heavy_s=600), tool="explain",
                               subject="model.py:Net", failure_code=2)

A learner's module may never return (an import that waits on a socket, a forward in an endless
loop). A thread cannot be stopped; a process can. `work(phase, options)` runs in a child started
with `spawn` (no copy of the parent's threads or CUDA state), in its own process group so that a
kill also ends Inductor's compile workers. It calls `phase("import")`, `phase("forward")`, ...
as it goes; each phase has its own limit, and the parent kills the group when one runs out.
What the child would print comes back as text and the parent prints it, so output stays one
line per failure whoever fails. An exception nobody expected is one line naming the subject and
the phase; its traceback goes to a log file that the line names.

Standard library only (torch is imported by the work, in the child).
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Why 60 s per phase of learner code: importing a module, building it and one forward on the
# course's examples take well under a second each on a 2-core laptop; a minute is sixty times
# that, room for a large model on a slow machine, and still an answer a learner waits for at
# the terminal. Compiling and timing are the course's code on the learner's graph: a cold
# compile took 9-34 s in our measurements, so they get ten minutes plus the timing budget.
LEARNER_LIMIT_S = 60.0
HEAVY_LIMIT_S = 600.0
# Starting the child (a fresh interpreter importing torch) is not learner code, but bounded too.
START_LIMIT_S = 120.0

PHASE_WORDS = {"start": "starting", "import": "importing it", "construct": "building it",
               "weights": "loading its weights", "forward": "running its forward",
               "compile": "compiling and timing it", "optimize": "capturing, optimizing and timing it",
               "write": "writing the output"}
LEARNER_PHASES = frozenset({"import", "construct", "forward"})


@dataclass(frozen=True)
class Limits:
    learner_s: float = LEARNER_LIMIT_S   # each phase that runs the learner's own code
    heavy_s: float = HEAVY_LIMIT_S       # compiling, optimizing, timing: the course's code on theirs

    def of(self, phase: str) -> float:
        if phase == "start":
            return START_LIMIT_S
        return self.learner_s if phase in LEARNER_PHASES else self.heavy_s


@dataclass
class Outcome:
    """What the work ended with: an exit status, text for stdout, one line for stderr, and the
    exception behind a refusal (its traceback is logged, not printed)."""
    code: int
    stdout: str = ""
    stderr: str = ""
    cause: BaseException | None = None


def new_log_path(tool: str) -> Path:
    """Where a traceback goes: the system's temporary folder, one file per run."""
    return Path(tempfile.gettempdir()) / f"{tool}-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"


def first_line(error: BaseException) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text.splitlines()[0]}" if text else type(error).__name__


def _write_log(log: Path, error: BaseException) -> str:
    try:
        log.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
    except OSError as failure:
        return f"(the traceback could not be written to {log}: {failure.strerror})"
    return f"the full traceback is in {log}"


def _child(conn, work: Callable, options: Any, subject: str, failure_code: int, log: Path) -> None:
    if hasattr(os, "setsid"):  # its own process group: the parent's kill reaches compile workers too
        os.setsid()
    current = ["start"]

    def phase(name: str) -> None:
        current[0] = name
        conn.send(("phase", name))

    try:
        outcome = work(phase, options)
        stderr = outcome.stderr
        if outcome.cause is not None:
            stderr += f"; {_write_log(log, outcome.cause)}"
        conn.send(("done", outcome.code, outcome.stdout, stderr))
    except BaseException as error:  # whatever the learner's code raised: one line
        where = PHASE_WORDS.get(current[0], current[0])
        conn.send(("done", failure_code, "", f"{subject} raised {first_line(error)} while {where}; "
                                               f"{_write_log(log, error)}"))
    finally:
        conn.close()


def _kill_group(process) -> None:
    if hasattr(os, "killpg"):  # not on Windows: there the child alone is ended
        with contextlib.suppress(OSError):  # already gone, or not ours to signal
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    process.join(10)


def run(work: Callable, options: Any, limits: Limits, *, tool: str, subject: str, failure_code: int,
        on_timeout: str = "") -> Outcome:
    """Run `work(phase, options)` in a child under `limits`; an Outcome whatever happens.

    `subject` names the learner's code in messages ("model.py:Net"); `failure_code` is the exit
    status for a timeout, a crash or an exception the work did not expect; `on_timeout` is what
    a learner can do about a timeout (appended to the line)."""
    log = new_log_path(tool)
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, work, options, subject, failure_code, log),
                              name=f"{tool}-learner-code")
    process.start()
    sender.close()
    phase, deadline = "start", time.monotonic() + limits.of("start")
    try:
        while True:
            if not receiver.poll(max(0.0, deadline - time.monotonic())):
                _kill_group(process)
                limit = limits.of(phase)
                return Outcome(failure_code, stderr=f"{subject} did not finish {PHASE_WORDS.get(phase, phase)} "
                                                    f"within {limit:g} s and was stopped{on_timeout}")
            try:
                message = receiver.recv()
            except EOFError:  # the child died without a word: a signal, the out-of-memory killer
                process.join(10)
                return Outcome(failure_code, stderr=_death(subject, phase, process.exitcode))
            if message[0] == "phase":
                phase, deadline = message[1], time.monotonic() + limits.of(message[1])
            else:
                process.join(30)
                return Outcome(message[1], message[2], " ".join(message[3].splitlines()))  # one line, always
    finally:
        if process.is_alive():
            _kill_group(process)
        receiver.close()


def _death(subject: str, phase: str, exitcode: int | None) -> str:
    where = PHASE_WORDS.get(phase, phase)
    if phase == "start" and exitcode is not None and exitcode > 0:
        return f"the process that runs {subject} could not start (exit status {exitcode}); its error is above"
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        hint = " (the system ends a process this way when memory runs out)" if name == "SIGKILL" else ""
        return f"{subject} was ended by {name} while {where}{hint}"
    return f"{subject} ended the process (exit status {exitcode}) while {where}; a module must not call exit()"


# -- sizes before allocation -----------------------------------------------------------------

ITEM_BYTES = {"float32": 4, "float16": 2, "bfloat16": 2, "int64": 8, "int32": 4}
# The inputs may take at most this share of the memory available: the forward makes tensors of
# its own, and eager and compiled runs hold their outputs side by side.
INPUT_SHARE = 0.5


def input_bytes(shapes: Sequence[tuple[Sequence[int], str]]) -> int:
    """Bytes of the tensors `(shape, dtype)` before any is made (Python integers: no overflow)."""
    return sum(math.prod(shape) * ITEM_BYTES[dtype] for shape, dtype in shapes)


def available_bytes() -> tuple[int | None, int | None]:
    """(available, total) memory of this machine in bytes, or None where it cannot be read."""
    try:
        fields = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines() if ":" in line)
        return int(fields["MemAvailable"].split()[0]) * 1024, int(fields["MemTotal"].split()[0]) * 1024
    except (OSError, KeyError, ValueError):
        pass
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        return total, total
    except (ValueError, OSError, AttributeError):
        return None, None


def size_text(n: int) -> str:
    if n >= 10**21:  # sizes a learner typed by the thousand digits: no float can hold them
        return f"about 10^{len(str(int(n))) - 1} B"
    for unit in ("B", "KB", "MB", "GB", "TB", "PB", "EB", "ZB"):
        if n < 1000 or unit == "ZB":
            return f"{n:.3g} {unit}"
        n /= 1000
    raise AssertionError("unreachable")


def memory_refusal(needed: int, available: int | None, total: int | None, where: str = "this machine") -> str | None:
    """A sentence refusing inputs of `needed` bytes, or None when they fit."""
    if available is None or needed <= available * INPUT_SHARE:
        return None
    return (f"the inputs alone take {size_text(needed)}, and {where} has {size_text(available)} available "
            f"(of {size_text(total or available)}); inputs may use at most half of it, because the forward "
            "needs memory of its own: give smaller sizes")


def check_finite(name: str, value: float, *, low: float, high: float, low_inclusive: bool) -> str | None:
    """A sentence refusing `value` for option `name`, or None when low (<= or <) value <= high."""
    above = value >= low if low_inclusive else value > low
    if math.isfinite(value) and above and value <= high:
        return None
    sign = ">=" if low_inclusive else ">"
    return f"{name} {value:g} is not a number {sign} {low:g} and <= {high:g}"
