"""Launch ranks as processes, watch them, and fail fast when one dies.

    results = launch(job, world=2, device="cpu", work=lab.work / "ddp", label="ddp", ...)

`job` is a picklable callable `job(ctx) -> dict`; every rank runs it after joining the process
group (gloo on CPU, NCCL on GPUs, with a short collective timeout) and its dict comes back as
JSON through a file in `work`. The parent never joins the group: it only watches.

A rank that exits with an error, a signal or a non-zero code stops the launch at once: the
parent terminates the other ranks (which would otherwise wait in a collective until their
timeout) and raises `RankFailure` naming the rank, how it ended, what it was doing (its last
progress line) and, when it raised, the exception. A launch that outlives `timeout_s` is
stopped the same way.
"""

from __future__ import annotations

import datetime
import json
import multiprocessing.connection
import os
import queue
import signal
import socket
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

POLL_S = 0.1                 # how often the parent looks at its ranks
PROGRESS_EVERY_S = 15.0      # at most one progress line per this long from a launch
TERMINATE_GRACE_S = 3.0      # SIGTERM, then SIGKILL after this


class RankFailure(RuntimeError):
    """A rank died, raised or hung; the message says which, how and while doing what."""

    def __init__(self, message: str, rank: int | None, detected_after_s: float | None = None):
        super().__init__(message)
        self.rank = rank
        self.detected_after_s = detected_after_s   # from the rank's last words to the parent's raise


@dataclass(frozen=True)
class RankContext:
    """What a job sees: its rank, the world, its device, and a way to report progress."""
    rank: int
    world: int
    device: str          # "cpu" or "cuda"
    work: Path
    events: Any          # a multiprocessing queue; use progress()/last_words()

    @property
    def torch_device(self):
        import torch
        return torch.device("cuda", self.rank) if self.device == "cuda" else torch.device("cpu")

    def progress(self, message: str) -> None:
        self.events.put(("progress", self.rank, message, time.time()))

    def last_words(self, message: str) -> None:
        """Said just before a deliberate crash (the failure drill), so the parent can time it.
        Flushed: the process ends right after, and an unflushed queue would lose the words."""
        self.events.put(("dying", self.rank, message, time.time()))
        self.events.close()
        self.events.join_thread()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _rank_main(rank: int, world: int, device: str, init_method: str, timeout_s: int, threads: int,
               job: Callable[[RankContext], dict], work: str, events: Any) -> None:
    """The body of one rank process (forked from the fork server, torch already imported)."""
    import warnings
    # The timeline step's profiler warns about its own settings once per rank and step; the
    # lab's log is for what the lab measured.
    warnings.filterwarnings("ignore", module=r"torch\.profiler")
    import torch
    import torch.distributed as dist
    torch.set_num_threads(threads)
    ctx = RankContext(rank, world, device, Path(work), events)
    try:
        backend = "nccl" if device == "cuda" else "gloo"
        extra = {}
        if device == "cuda":
            torch.cuda.set_device(rank)
            extra["device_id"] = torch.device("cuda", rank)   # bind NCCL to this GPU at once
        dist.init_process_group(backend, init_method=init_method, rank=rank, world_size=world,
                                timeout=datetime.timedelta(seconds=timeout_s), **extra)
        result = job(ctx)
        (Path(work) / f"rank{rank}.json").write_text(json.dumps(result), encoding="utf-8")
        dist.barrier()              # nobody tears the group down while another still needs it
        dist.destroy_process_group()
    except BaseException as error:  # report, then leave without waiting for anyone
        last = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
        where = f" at {Path(last[0].filename).name}:{last[0].lineno}" if last else ""
        events.put(("error", rank, f"{type(error).__name__}: {error}{where}", time.time()))
        events.close()
        events.join_thread()        # the message must reach the pipe before the process ends
        os._exit(1)


# Modules the fork server imports once; every rank of every launch is then forked from it with
# them in memory. Spawned ranks imported torch themselves: 4 to 9 s per launch on a shared
# 2-core machine, most of a small launch, ten launches a run. The server is a plain process
# that has imported modules and touched no device and no thread pool, so forking it is safe
# (CUDA is initialised in the rank, after the fork).
PRELOAD = ["torch", "torch.distributed", "labs.distributed.worker", "labs.distributed.patterns.fsdp2",
           "labs.distributed.patterns.tensor_parallel", "labs.distributed.patterns.pipeline"]


def rank_context():
    """The multiprocessing context ranks start from: a fork server with PRELOAD imported."""
    import torch.multiprocessing as mp
    context = mp.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def stop_fork_server() -> None:
    """Stop the fork server and remove its socket folder now.

    The folder sits in the run's TMPDIR, which the harness deletes as the lab returns; Python's
    exit handler would then try to delete it again and print a traceback. multiprocessing has no
    public way to do either, so this reaches for its private names, and does nothing where a
    Python version lacks them.
    """
    from multiprocessing import forkserver, util
    server = getattr(forkserver, "_forkserver", None)
    if server is not None and hasattr(server, "_stop"):
        server._stop()
    remove = getattr(util, "_remove_temp_dir", None)
    for finalizer in list(getattr(util, "_finalizer_registry", {}).values()):
        if remove is not None and getattr(finalizer, "_callback", None) is remove:
            finalizer()    # runs once, then unregisters itself


def _how_it_ended(code: int | None) -> str:
    if code is None:
        return "no exit code"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


def _stop(processes: list) -> None:
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + TERMINATE_GRACE_S
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(1.0)


def launch(job: Callable[[RankContext], dict], *, world: int, device: str, work: Path, label: str,
           collective_timeout_s: int, timeout_s: float, threads: int,
           on_progress: Callable[[str], None] | None = None) -> list[dict]:
    """Run `job` on `world` ranks; return each rank's dict, rank order. Raises RankFailure."""
    work.mkdir(parents=True, exist_ok=True)
    for stale in work.glob("rank*.json"):
        stale.unlink()
    context = rank_context()
    os.environ.setdefault("KINETO_LOG_LEVEL", "3")   # the ranks' libkineto (profiler): errors only
    events = context.Queue()
    init_method = f"tcp://127.0.0.1:{free_port()}"
    # Not daemonic: a daemonic process may not start children, and Inductor's compile
    # workers are children of the rank that compiles.
    processes = [context.Process(target=_rank_main, name=f"{label}-rank{rank}",
                                 args=(rank, world, device, init_method, collective_timeout_s, threads,
                                       job, str(work), events))
                 for rank in range(world)]
    for process in processes:
        process.start()
    last: dict[int, str] = {}
    errors: dict[int, str] = {}
    said_at: dict[int, float] = {}   # when a rank first reported an error or its last words
    dying: dict[int, float] = {}     # wall clock (time.time) of a rank's last words
    started = time.monotonic()
    shown = [-PROGRESS_EVERY_S]      # when rank 0's progress last reached on_progress

    def drain() -> None:
        while True:
            try:
                kind, rank, message, when = events.get_nowait()
            except queue.Empty:
                return
            if kind == "progress":
                last[rank] = message   # every step's, for a failure's message
                if rank == 0 and on_progress and time.monotonic() - shown[0] >= PROGRESS_EVERY_S:
                    shown[0] = time.monotonic()   # the terminal gets one line now and then
                    on_progress(message)
            elif kind == "error":
                errors.setdefault(rank, message)
                said_at.setdefault(rank, when)
            elif kind == "dying":
                last[rank] = message
                said_at.setdefault(rank, when)
                dying[rank] = when

    def fail(rank: int | None, how: str) -> RankFailure:
        drain()
        _stop(processes)
        drain()
        doing = f" ({last[rank]})" if rank is not None and rank in last else ""
        cause = f": {errors[rank]}" if rank is not None and rank in errors else ""
        others = "; the other ranks were stopped" if world > 1 else ""
        detected = time.time() - dying[rank] if rank in dying else None
        return RankFailure(f"rank {rank} {how} while running {label}{doing}{cause}{others}", rank, detected)

    try:
        pending = {process.sentinel: rank for rank, process in enumerate(processes)}
        while pending:
            ready = multiprocessing.connection.wait(list(pending), timeout=POLL_S)
            drain()
            ended = [pending.pop(sentinel) for sentinel in ready]
            for rank in ended:
                processes[rank].join()
            broken = [rank for rank in ended
                      if processes[rank].exitcode != 0 or not (work / f"rank{rank}.json").is_file()]
            if broken:
                # Ranks that end together: the one that spoke first (or was killed without a
                # word) is the cause; the others failed in a collective because it was gone.
                first = min(broken, key=lambda rank: said_at.get(rank, float("-inf")))
                raise fail(first, f"exited with {_how_it_ended(processes[first].exitcode)}")
            if pending and time.monotonic() - started > timeout_s:
                stuck = min(pending.values())
                state = ", ".join(f"rank {r}: {last.get(r, 'starting')}" for r in sorted(pending.values()))
                _stop(processes)
                raise RankFailure(f"{label} did not finish within {timeout_s:.0f} s ({state})", stuck)
    finally:
        _stop(processes)
        events.close()
    return [json.loads((work / f"rank{rank}.json").read_text(encoding="utf-8")) for rank in range(world)]
