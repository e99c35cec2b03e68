"""How busy the machine was with other programs while the lab measured.

Compiled CPU kernels run an OpenMP parallel region over every core for each kernel; when
another program holds a core, each region waits for the thread that was descheduled, and a
compiled step can take many times longer, while eager's small operations, which ATen runs on
one thread, barely notice. The timings are then the machine's, not the compiler's.

`BusyWatch` samples once a second, in a background thread, how many threads of *other*
programs are running or ready to run (Linux's /proc; elsewhere it claims nothing). The lab's
own process and its children (compile workers, the warm-start process) are not counted.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

PROC = Path("/proc")
SAMPLE_EVERY_S = 1.0


def _stat_fields(path: Path) -> list[str] | None:
    """pid, state, ppid... of /proc/<pid>/stat (the command name may hold spaces)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    head, _, tail = text.rpartition(")")
    return [head.split(" (")[0]] + tail.split()


def runnable_threads_by_process() -> tuple[dict[int, int], dict[int, int]]:
    """({pid: threads in state R}, {pid: parent pid}) over every process."""
    running, parents = {}, {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(entry / "stat")
        if not fields:
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[2])
        try:
            tasks = list((entry / "task").iterdir())
        except OSError:
            continue
        running[pid] = sum(1 for task in tasks
                           if (task_fields := _stat_fields(task / "stat")) and task_fields[1] == "R")
    return running, parents


def others_running(root_pid: int) -> int:
    """Runnable threads of processes outside `root_pid`'s tree."""
    running, parents = runnable_threads_by_process()
    ours = {root_pid}
    grew = True
    while grew:  # descendants: any process whose parent is already ours
        added = {pid for pid, parent in parents.items() if parent in ours and pid not in ours}
        ours |= added
        grew = bool(added)
    return sum(count for pid, count in running.items() if pid not in ours)


@dataclass
class BusyWatch:
    cores: int = field(default_factory=lambda: os.cpu_count() or 1)
    samples: list[int] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> BusyWatch:
        if PROC.is_dir():
            self._thread = threading.Thread(target=self._run, name="busy-watch", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        me = os.getpid()
        while not self._stop.wait(SAMPLE_EVERY_S):
            self.samples.append(others_running(me))

    @property
    def mean_others(self) -> float:
        """Other programs' runnable threads, on average: cores they took from the lab."""
        return sum(self.samples) / len(self.samples) if self.samples else 0.0

    @property
    def contended(self) -> bool:
        """Others held a quarter of the cores or more, on average, while the lab measured."""
        return bool(self.samples) and self.mean_others >= 0.25 * self.cores
