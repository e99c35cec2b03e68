"""Run the labs on a GPU node for `scripts/gpu-results`: one after another, or side by side.

Standard library and the labs' contract only: it runs on the bare GPU machine (python3 with torch, no venv).

- **Serial** (the default): each lab in the order given, in this process's own environment,
  every core visible to it, and every GPU but for a lab of several GPUs, which sees the ones it
  takes (the distributed lab: the first two, or the ranks COURSE_RANKS asks for).
- **Side by side** (`--side-by-side`, two GPUs or more): one lab per GPU, the longest first (the committed
  results' wall times; a table where there is none). Each lab process sees only its GPU(s)
  through CUDA_VISIBLE_DEVICES, runs on its own share of the CPU cores (the node's cores split
  evenly per GPU, so a GPU's share never depends on what else runs), and has its own work folder
  and with it its own cold Inductor and Triton caches. The distributed lab takes two GPUs, more
  when COURSE_RANKS asks for more.

Both modes share the rest: a lab whose result is already there and ok is skipped; one that was
interrupted or failed resumes from its finished parts (OUT/.parts/<lab>); `fresh` discards both;
one progress line per lab start and end; results in OUT/<lab>/cuda/ for `course import`.

How a lab ran is written into its manifest (`provenance.placement`): serial or side by side,
which GPU(s) of how many, which cores, and the labs that ran beside it. A page can name it,
and the drift benchmark (scripts/bench_side_by_side.py) says whether it moved the figures. On
two and on four H200s (2026-11-27, five runs each, benchmarks/side_by_side/) it moved none of
explain's compile or device times, so side-by-side results of a node the bench has cleared are
publishable. Serial stays the default: it is how the committed GPU results were made, and a node
the bench has not measured may behave otherwise.

The cache key counts the cores a process may use and CUDA_VISIBLE_DEVICES: a side-by-side
result is "another machine" to a serial run on the same node, which is right, since a lab with
a quarter of the cores compiles at another speed. A lab resumed after an interruption is given
back the GPU(s) it had (OUT/.placement/<lab>.json), so its finished parts keep their key.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from labs.common.contract import write_json_atomic

ROOT = Path(__file__).resolve().parent.parent.parent

# Seconds each lab took on one H100 (issue 30, 2026-11), for ordering labs that have no
# committed cuda result; a lab in neither gets DEFAULT_ESTIMATE_S.
ESTIMATES_S = {"capstone": 354, "compile_compare": 340, "distributed": 242, "inductor_kernels": 180,
               "inside_compile": 56, "kernel_history": 50, "explain": 44}
DEFAULT_ESTIMATE_S = 120.0
# GPUs a lab takes side by side when it needs more than one; the variable asks for more
# (labs/distributed/settings.py's RANKS_ENV: one rank per visible GPU).
MULTI_GPU_LABS = {"distributed": 2}
RANKS_VARIABLE = "COURSE_RANKS"
# Tests and instructors: how many of the node's GPUs to use (no nvidia-smi needed).
GPU_COUNT_VARIABLE = "COURSE_GPU_COUNT"
POLL_S = 0.2
# What runs when no lab is named; on two GPUs or more, the distributed lab joins.
DEFAULT_LABS = ("inside_compile", "inductor_kernels", "compile_compare", "explain", "capstone", "kernel_history")

# The lab's command; {lab}, {out} and {resume} are filled in. Tests give their own.
LAB_COMMAND = ("{python}", "-m", "{package}.{lab}", "--device", "cuda", "--preset", "full",
               "--out", "{out}", "--resume", "{resume}")


# ---- the node: GPUs, cores, estimates -------------------------------------------------------

def node_gpus(env: dict[str, str]) -> tuple[str, ...]:
    """The GPU ids this run may hand out, as CUDA_VISIBLE_DEVICES names them: the caller's
    CUDA_VISIBLE_DEVICES if set, else every GPU nvidia-smi lists; COURSE_GPU_COUNT keeps the first n."""
    visible = env.get("CUDA_VISIBLE_DEVICES")
    if visible is not None and visible.strip():
        ids = tuple(v.strip() for v in visible.split(",") if v.strip())
    else:
        ids = tuple(str(i) for i in range(_nvidia_smi_count()))
    wanted = env.get(GPU_COUNT_VARIABLE, "").strip()
    if wanted:
        if not wanted.isdigit():
            raise ValueError(f"{GPU_COUNT_VARIABLE}={wanted!r}: give a whole number of GPUs, or unset it")
        count = int(wanted)
        ids = ids[:count] if ids and len(ids) >= count else tuple(str(i) for i in range(count))
    return ids


def _nvidia_smi_count() -> int:
    if not shutil.which("nvidia-smi"):
        return 0
    try:
        out = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30, check=True).stdout
    except (subprocess.SubprocessError, OSError):
        return 0
    return sum(1 for line in out.splitlines() if line.startswith("GPU "))


def usable_cores() -> tuple[int, ...]:
    try:
        return tuple(sorted(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return tuple(range(os.cpu_count() or 1))


def split_cores(cores: tuple[int, ...], parts: int) -> list[tuple[int, ...]]:
    """`cores` in `parts` contiguous blocks whose sizes differ by at most one; with fewer cores
    than parts, blocks share cores (each gets one) rather than one getting none."""
    if parts < 1 or not cores:
        raise ValueError("need at least one part and one core")
    if len(cores) < parts:
        return [(cores[i % len(cores)],) for i in range(parts)]
    size, extra = divmod(len(cores), parts)
    blocks, start = [], 0
    for index in range(parts):
        end = start + size + (1 if index < extra else 0)
        blocks.append(tuple(cores[start:end]))
        start = end
    return blocks


def cpu_list(cores: tuple[int, ...] | list[int]) -> str:
    """Cores as taskset writes them: 0-15,32-47."""
    spans: list[str] = []
    ordered = sorted(set(cores))
    start = previous = None
    for core in [*ordered, None]:
        if start is not None and core is not None and core == previous + 1:
            previous = core
            continue
        if start is not None:
            spans.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = core
    return ",".join(spans)


def gpus_wanted(lab: str, node: int, env: dict[str, str]) -> int:
    """GPUs a lab takes side by side: one, or the distributed lab's ranks (capped at the node's
    GPUs: a lab that asks for more than there are says so itself)."""
    wanted = MULTI_GPU_LABS.get(lab, 1)
    asked = env.get(RANKS_VARIABLE, "").strip()
    if lab in MULTI_GPU_LABS and asked.isdigit() and int(asked) > wanted:
        wanted = int(asked)
    return max(1, min(wanted, node))


def estimate_s(lab: str, results_dir: Path) -> float:
    """The lab's wall time in its committed cuda result, else the table's."""
    try:
        wall = json.loads((results_dir / lab / "cuda" / "manifest.json").read_text(encoding="utf-8"))["provenance"]["wall_s"]
        if isinstance(wall, (int, float)) and wall > 0:
            return float(wall)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return float(ESTIMATES_S.get(lab, DEFAULT_ESTIMATE_S))


def longest_first(labs: list[str], estimates: dict[str, float]) -> list[str]:
    """Longest expected wall time first; equal ones keep the order given."""
    return sorted(labs, key=lambda lab: -estimates[lab])


# ---- one run over the node -------------------------------------------------------------------

@dataclass(frozen=True)
class NodeRun:
    out: Path
    labs: tuple[str, ...]
    labs_dir: Path
    gpus: tuple[str, ...]                 # ids to hand out (CUDA_VISIBLE_DEVICES values)
    cores: tuple[int, ...]                # cores to split between them
    serial: bool = True                   # False: side by side, where there are two GPUs or more
    fresh: bool = False
    results_dir: Path = ROOT / "results"  # committed results: the wall times that order the labs
    python: str = sys.executable
    command: tuple[str, ...] = LAB_COMMAND
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    clock: Callable[[], str] = field(default=lambda: time.strftime("%H:%M:%S", time.gmtime()))

    @property
    def side_by_side(self) -> bool:
        return not self.serial and len(self.gpus) >= 2


@dataclass
class Running:
    lab: str
    slots: tuple[int, ...]                # indices into NodeRun.gpus
    process: subprocess.Popen
    started: float
    beside: set[str] = field(default_factory=set)
    beside_most: int = 0


class Node:
    """Starts labs as GPUs free up and records how each ran."""

    def __init__(self, run: NodeRun):
        self.run = run
        self.out = Path(run.out)
        self.lanes = split_cores(run.cores, len(run.gpus)) if run.side_by_side else []
        self.running: dict[str, Running] = {}
        self.exit_codes: dict[str, int] = {}
        self.began = time.monotonic()
        self.timeline: dict[str, dict] = {}   # lab -> when it started and ended in this run, and how
        self.done_already: list[str] = []

    # -- paths
    def result(self, lab: str) -> Path:
        return self.out / lab / "cuda"

    def parts(self, lab: str) -> Path:
        return self.out / ".parts" / lab

    def pin_file(self, lab: str) -> Path:
        return self.out / ".placement" / f"{lab}.json"

    def work(self, lab: str) -> Path:
        return self.out / ".work" / lab

    def log(self, message: str) -> None:
        line = f"{self.run.clock()} {message}"
        print(line, flush=True)
        with (self.out / "progress.log").open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")

    # -- the whole run
    def go(self) -> dict[str, int]:
        (self.out / "logs").mkdir(parents=True, exist_ok=True)
        if self.run.fresh:
            for folder in (self.out / ".parts", self.out / ".placement", self.out / ".work"):
                shutil.rmtree(folder, ignore_errors=True)
            for lab in self.run.labs:
                shutil.rmtree(self.result(lab), ignore_errors=True)
            self.log("starting fresh (--fresh): every lab from its first part")
        else:
            self.log("resuming: finished labs are kept, an interrupted lab starts at its first unfinished "
                     "part (--fresh starts over)")
        self.began = time.monotonic()
        todo = []
        for lab in self.run.labs:
            if not (self.run.labs_dir / lab / "lab.toml").is_file():
                self.log(f"skip {lab}: no such lab")
            elif finished_and_placed(self.result(lab)):
                self.done_already.append(lab)
                self.log(f"done already: {lab}")
            else:
                todo.append(lab)
        if self.run.side_by_side:
            self.side_by_side(todo)
        else:
            for lab in todo:
                self.start(lab, self.serial_slots(lab))
                self.wait_for_one()
        self.log(f"all labs: {round(time.monotonic() - self.began)} s")
        self.record_run()
        return self.exit_codes

    def record_run(self, stopped: bool = False) -> None:
        """OUT/node_run.json: the whole run's wall time and each lab's start and end in it, the
        figure a README or benchmark quotes for "the whole course took". It is the course's time
        only when `complete`: every lab ran in this run (none done already) and ended with exit 0.
        A run stopped by a signal is recorded too (`stopped`), its killed labs without an exit."""
        provenances = [manifest_field(self.result(lab), "provenance") or {} for lab in self.timeline]
        gpu_names = {provenance.get("gpu_name") for provenance in provenances}
        write_json_atomic(self.out / "node_run.json", {
            "launch": "side_by_side" if self.run.side_by_side else "serial",
            "node_gpus": len(self.run.gpus), "node_cores": len(self.run.cores),
            "gpu_names": sorted(name for name in gpu_names if name),
            "commit": self.run.env.get("COURSE_COMMIT"),
            "whole_s": round(time.monotonic() - self.began, 1),
            "labs": self.timeline, "done_already": self.done_already, "stopped": stopped,
            "complete": not stopped and bool(self.exit_codes) and not self.done_already
            and all(code == 0 for code in self.exit_codes.values())})

    def side_by_side(self, todo: list[str]) -> None:
        estimates = {lab: estimate_s(lab, self.run.results_dir) for lab in todo}
        queue = longest_first(todo, estimates)
        share = len(self.lanes[0])
        self.log(f"side by side: {len(self.run.gpus)} GPUs, {share} cores each, longest first: "
                 + ", ".join(f"{lab} (~{round(estimates[lab])} s)" for lab in queue))
        need = {lab: gpus_wanted(lab, len(self.run.gpus), self.run.env) for lab in queue}
        pins = {lab: pin for lab in queue if (pin := self.pinned(lab, need[lab])) is not None}
        queue.sort(key=lambda lab: lab not in pins)  # resumed labs first, on the GPUs they had
        while queue or self.running:
            free = set(range(len(self.run.gpus))) - {s for r in self.running.values() for s in r.slots}
            for lab in list(queue):
                slots = pins.get(lab) or tuple(sorted(free)[:need[lab]])
                if len(slots) == need[lab] and set(slots) <= free:
                    queue.remove(lab)
                    free -= set(slots)
                    self.start(lab, slots)
            if self.running:
                self.wait_for_one()

    def serial_slots(self, lab: str) -> tuple[int, ...]:
        """Every GPU, except for a lab of several GPUs: the first ones it takes (one rank per
        visible GPU, so the distributed lab runs on two of a node of four, as side by side)."""
        if lab in MULTI_GPU_LABS and self.run.gpus:
            return tuple(range(gpus_wanted(lab, len(self.run.gpus), self.run.env)))
        return tuple(range(len(self.run.gpus)))

    def pinned(self, lab: str, need: int) -> tuple[int, ...] | None:
        """The GPUs a lab had when it was interrupted, if it left parts and this node still has them."""
        try:
            pin = json.loads(self.pin_file(lab).read_text(encoding="utf-8"))
            slots = tuple(int(s) for s in pin["slots"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        same_node = pin.get("gpus") == list(self.run.gpus) and pin.get("cores") == list(self.run.cores)
        has_parts = self.parts(lab).is_dir() and any(self.parts(lab).iterdir())
        if same_node and has_parts and len(slots) == need and all(0 <= s < len(self.run.gpus) for s in slots):
            return slots
        return None

    # -- one lab
    def start(self, lab: str, slots: tuple[int, ...]) -> None:
        shutil.rmtree(self.result(lab), ignore_errors=True)
        values = {"python": self.run.python, "package": self.run.labs_dir.name, "lab": lab,
                  "out": str(self.result(lab)), "resume": str(self.parts(lab))}
        command = [part.format(**values) for part in self.run.command]
        env, cores = dict(self.run.env), None
        if self.run.side_by_side:
            cores = self.cores_of(slots)
            env.update(self.side_by_side_env(lab, slots))
            write_json_atomic(self.pin_file(lab), {"slots": list(slots), "gpus": list(self.run.gpus),
                                            "cores": list(self.run.cores)})
        elif len(slots) < len(self.run.gpus):   # serial, a lab that takes some of the GPUs
            env["CUDA_VISIBLE_DEVICES"] = ",".join(self.run.gpus[s] for s in slots)
        try:
            process = launch(command, env, self.out / "logs" / f"{lab}.log", cores)
        except OSError as error:  # no such interpreter, say: this lab fails, the others run
            self.exit_codes[lab] = 127
            self.log(f"end {lab}: exit 127, no result, could not start: {error}")
            return
        for other in self.running.values():
            other.beside.add(lab)
        entry = Running(lab, slots, process, time.monotonic(), beside=set(self.running))
        self.running[lab] = entry
        for other in self.running.values():
            other.beside_most = max(other.beside_most, len(self.running) - 1)
        where = f" on GPU {','.join(self.run.gpus[s] for s in slots)}, cores {cpu_list(cores)}" if cores else ""
        self.log(f"start {lab}{where}")

    def cores_of(self, slots: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted({core for slot in slots for core in self.lanes[slot]}))

    def side_by_side_env(self, lab: str, slots: tuple[int, ...]) -> dict[str, str]:
        # CPU kernels' precompiled header: one folder per GPU lane, never two writers at once
        return isolated_env(self.work(lab), ",".join(self.run.gpus[s] for s in slots),
                            self.out / ".work" / f"headers-{slots[0]}")

    def wait_for_one(self) -> None:
        while self.running:
            for lab, entry in list(self.running.items()):
                code = entry.process.poll()
                if code is not None:
                    del self.running[lab]
                    self.finished(entry, 128 - code if code < 0 else code)
                    return
            time.sleep(POLL_S)

    def finished(self, entry: Running, code: int) -> None:
        lab, folder = entry.lab, self.result(entry.lab)
        self.exit_codes[lab] = code
        self.timeline[lab] = self.span(entry, code)
        self.record_placement(entry)
        status = manifest_field(folder, "status") or "no result"
        resumed = (manifest_field(folder, "provenance") or {}).get("resumed_parts", 0)
        beside = f", beside {', '.join(sorted(entry.beside))}" if self.run.side_by_side and entry.beside else ""
        self.log(f"end {lab}: exit {code}, {status}, resumed {resumed} parts, "
                 f"{round(time.monotonic() - entry.started)} s{beside}")
        if code == 0:  # its result holds everything now
            shutil.rmtree(self.parts(lab), ignore_errors=True)
            shutil.rmtree(self.work(lab), ignore_errors=True)
            self.pin_file(lab).unlink(missing_ok=True)

    def span(self, entry: Running, code: int | None) -> dict:
        """When a lab started and ended in this run, its exit (None: killed) and its GPUs."""
        return {"start_s": round(entry.started - self.began, 1), "end_s": round(time.monotonic() - self.began, 1),
                "exit": code, "gpus": [self.run.gpus[s] for s in entry.slots]}

    def record_placement(self, entry: Running) -> None:
        """How the lab ran, into its manifest's provenance (when it wrote one)."""
        path = self.result(entry.lab) / "manifest.json"
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
            provenance = manifest["provenance"]
        except (OSError, ValueError, KeyError, TypeError):
            return
        side = self.run.side_by_side
        cores = self.cores_of(entry.slots) if side else self.run.cores
        provenance["placement"] = {
            "launch": "side_by_side" if side else "serial",
            "gpus": [self.run.gpus[s] for s in entry.slots],
            "node_gpus": len(self.run.gpus),
            "cores": cpu_list(cores),
            "core_count": len(cores),
            "node_cores": len(self.run.cores),
            "beside": sorted(entry.beside),
            "beside_most": entry.beside_most,
        }
        write_json_atomic(path, manifest)

    def stop_all(self) -> None:
        """Kill the running labs and record the run as it stood: the next run resumes their parts."""
        for lab, entry in list(self.running.items()):
            kill_tree(entry.process)
            self.timeline[lab] = self.span(entry, None)
            self.log(f"stopped {lab} after {round(time.monotonic() - entry.started)} s: "
                     "a rerun starts at its first unfinished part")
        self.running.clear()
        self.record_run(stopped=True)


def finished_and_placed(folder: Path) -> bool:
    """A lab this node finished: its manifest is ok and says how it ran. One without the
    placement was written by a lab whose scheduler was stopped before recording it: it runs
    again, restoring every part it recorded, and gets its placement then."""
    return manifest_field(folder, "status") == "ok" and \
        "placement" in (manifest_field(folder, "provenance") or {})


def isolated_env(work: Path, gpus: str, headers: Path) -> dict[str, str]:
    """What a lab beside others gets: its GPU(s), and its own work folder, emptied, so that its
    Inductor and Triton caches start cold (inherited cache folders are overridden)."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    return {"CUDA_VISIBLE_DEVICES": gpus, "COURSE_WORK_DIR": str(work),
            "TORCHINDUCTOR_CACHE_DIR": str(work / "inductor-cache"), "TRITON_CACHE_DIR": str(work / "triton-cache"),
            "COURSE_PRECOMPILED_HEADERS": str(headers)}


def launch(command: list[str], env: dict[str, str], log_path: Path, cores: tuple[int, ...] | None) -> subprocess.Popen:
    """Start a lab process, its output to `log_path`, pinned to `cores` when given. It stays in
    this process group: whatever stops the run (a signal to the group) stops the labs too."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w", encoding="utf-8") as log_handle:
        return subprocess.Popen(command, env=env, stdout=log_handle, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, cwd=ROOT,
                                preexec_fn=(lambda: os.sched_setaffinity(0, cores)) if cores else None)


def kill_tree(process: subprocess.Popen) -> None:
    """Kill a lab and every process under it (compile workers, ranks), children first found."""
    pids, pending = [], [process.pid]
    while pending:
        pid = pending.pop()
        pids.append(pid)
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text(encoding="utf-8").split()]
        except (OSError, ValueError):
            pass
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    process.wait()


def manifest_field(folder: Path, name: str):
    try:
        return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))[name]
    except (OSError, ValueError, KeyError, TypeError):
        return None


# ---- command line (scripts/gpu-results) ------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/gpu-results", description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="discard finished labs and parts; run all anew")
    parser.add_argument("--side-by-side", action="store_true",
                        help="one lab per GPU at once: quicker; publishable where "
                        "scripts/bench_side_by_side.py finds that it moves no figure")
    parser.add_argument("--serial", action="store_true", help="one lab after another: the default")
    parser.add_argument("out", type=Path)
    parser.add_argument("labs", nargs="*", help=f"default: {' '.join(DEFAULT_LABS)} (and distributed "
                        "on two GPUs or more)")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    try:
        gpus = node_gpus(env)
    except ValueError as error:
        print(f"gpu-results: {error}", file=sys.stderr)
        return 2
    labs_dir = Path(env.get("COURSE_LABS_DIR") or ROOT / "labs").resolve()
    if args.side_by_side and args.serial:
        print("gpu-results: --side-by-side and --serial ask for opposite things: give one", file=sys.stderr)
        return 2
    labs = tuple(args.labs) or DEFAULT_LABS + (("distributed",) if len(gpus) >= 2 else ())
    run = NodeRun(out=args.out.resolve(), labs=labs, labs_dir=labs_dir, gpus=gpus,
                  cores=usable_cores(), serial=not args.side_by_side, fresh=args.fresh,
                  python=env.get("PYTHON") or sys.executable, env=env)
    node = Node(run)

    def interrupted(signum, _frame):
        for name in (signal.SIGTERM, signal.SIGINT):   # a second signal (the script passes one on) waits
            signal.signal(name, signal.SIG_IGN)
        node.stop_all()
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    node.go()
    return 0


if __name__ == "__main__":
    sys.exit(main())
