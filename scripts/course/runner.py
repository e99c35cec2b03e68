"""Run labs: one subprocess each, with a fresh work folder, a timeout and a cache key.

A lab runs as `python -m labs.<lab> --device D --preset P --out <staging>` in its own
process, so TORCH_LOGS, TORCH_COMPILE_DEBUG and Inductor's cache folder are set before torch
is imported, and one lab crashing cannot take the others down. Its work folder (Inductor's
cache and debug dumps) is wiped first, so generated kernels are always written anew.

A lab whose result already carries the current cache key is not re-run (FORCE re-runs it).
A failure is recorded next to the last good result, never over it.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from course import results
from course.progress import Progress
from labs.common import contract
from labs.common.contract import LABS_DIR, PROGRESS_PREFIX, lab_ids, load_lab_meta

ROOT = results.ROOT


@dataclass(frozen=True)
class RunRequest:
    labs: tuple[str, ...]
    device: str
    preset: str = "full"
    force: bool = False
    results_dir: Path = results.RESULTS_DIR
    work_root: Path = ROOT / ".work"
    checkpoint_dir: Path = ROOT / ".cache" / "checkpoints"
    timeout_s: int | None = None          # overrides every lab's own timeout (tests use it)


@dataclass
class LabOutcome:
    lab: str
    status: str                            # cached | ok | skipped | failed | timeout
    wall_s: float = 0.0
    message: str = ""
    log: Path | None = None
    parts: dict[str, str] = field(default_factory=dict)

    @property
    def succeeded(self) -> bool:
        return self.status in ("cached", "ok", "skipped")


def rerun_command(lab: str, device: str, preset: str) -> str:
    return f"make labs LAB={lab} DEVICE={device} PRESET={preset} FORCE=1"


def is_up_to_date(request: RunRequest, lab: str, key: str) -> bool:
    if request.force or results.load_failure(request.results_dir, lab, request.device):
        return False
    try:
        current = results.load_result(request.results_dir, lab, request.device)
    except results.ManifestError:
        return False  # a damaged result is re-made, not trusted
    return (current is not None and current.status != "failed"
            and current.provenance.get("cache_key") == key)


def lab_environment(work: Path, checkpoint_dir: Path) -> dict[str, str]:
    """The environment of a lab's process: this one's, with torch's folders moved into `work`."""
    env = dict(os.environ)
    # Folders inside the run's work folder win over anything inherited from the caller.
    for name in ("TORCHINDUCTOR_CACHE_DIR", "TORCH_COMPILE_DEBUG_DIR", "TRITON_CACHE_DIR", "TMPDIR"):
        env.pop(name, None)
    env.update(
        COURSE_WORK_DIR=str(work),
        COURSE_CHECKPOINT_DIR=str(checkpoint_dir),
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), str(LABS_DIR.parent), env.get("PYTHONPATH", "")])),
        PYTHONUNBUFFERED="1",
    )
    return env


def _stream(process: subprocess.Popen, log_handle, lab: str, progress: Progress,
            parts: dict[str, str]) -> None:
    """Copy the lab's output to its log and turn its progress lines into progress events."""
    assert process.stdout is not None
    for line in process.stdout:
        log_handle.write(line)
        if line.startswith(PROGRESS_PREFIX):
            try:
                event = json.loads(line[len(PROGRESS_PREFIX):])
            except json.JSONDecodeError:
                continue
            if event.get("title"):
                parts[event["part"]] = event["title"]
            progress.event(lab, event.get("part"), event.get("title") or parts.get(event.get("part"), ""),
                           event.get("message", ""))


def run_one(request: RunRequest, lab: str, progress: Progress) -> LabOutcome:
    meta = load_lab_meta(lab)
    key = contract.cache_key(lab, request.preset, request.device)
    if is_up_to_date(request, lab, key):
        return LabOutcome(lab=lab, status="cached", message="up to date")

    work = Path(request.work_root) / lab / request.device
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    log_path = Path(request.work_root) / "logs" / f"{lab}-{request.device}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(request.results_dir) / lab / f".{request.device}.staging-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)

    timeout = request.timeout_s or meta.timeout_s.get(request.preset, 1800)
    command = [sys.executable, "-m", f"{LABS_DIR.name}.{lab}", "--device", request.device,
               "--preset", request.preset, "--out", str(staging)]
    started = time.perf_counter()
    timed_out = threading.Event()
    parts: dict[str, str] = {}
    with log_path.open("w", encoding="utf-8") as log_handle:
        log_handle.write("$ " + " ".join(command) + "\n")
        process = subprocess.Popen(command, cwd=ROOT, env=lab_environment(work, request.checkpoint_dir),
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   errors="replace", start_new_session=True)

        def kill_on_timeout() -> None:
            timed_out.set()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, 9)  # the whole group: compile workers too

        watchdog = threading.Timer(timeout, kill_on_timeout)
        watchdog.start()
        try:
            _stream(process, log_handle, lab, progress, parts)
            code = process.wait()
        finally:
            watchdog.cancel()
    wall = time.perf_counter() - started

    outcome = LabOutcome(lab=lab, status="ok", wall_s=wall, log=log_path)
    try:
        if timed_out.is_set():
            raise RuntimeError(f"timed out after {timeout} s")
        if code != 0:
            reason = _failure_summary(staging) or f"exited with code {code}"
            raise RuntimeError(reason)
        committed = results.commit_result(request.results_dir, lab, request.device, staging)
        outcome.status = committed.status
        outcome.parts = {k: p["status"] for k, p in committed.manifest["parts"].items()}
    except (RuntimeError, results.ManifestError) as error:
        outcome.status = "timeout" if timed_out.is_set() else "failed"
        outcome.message = str(error)
        _record(request, lab, key, outcome, log_path)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return outcome


def _failure_summary(staging: Path) -> str | None:
    """The lab's own account of what failed, when it got as far as writing a manifest."""
    try:
        manifest = json.loads((staging / "manifest.json").read_text())
    except (OSError, json.JSONDecodeError):
        return None
    failed = {k: p.get("reason", "") for k, p in manifest.get("parts", {}).items()
              if p.get("status") == "failed"}
    return "; ".join(f"part {k}: {why}" for k, why in failed.items()) or manifest.get("reason")


def _record(request: RunRequest, lab: str, key: str, outcome: LabOutcome, log_path: Path) -> None:
    kept_log = Path(request.results_dir) / lab / f"{request.device}.failed.log"
    try:
        shown_log = kept_log.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        shown_log = str(kept_log)
    failure = results.FailureRecord(
        lab=lab, device=request.device,
        date_utc=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        reason=outcome.message, log=shown_log,
        command=rerun_command(lab, request.device, request.preset), cache_key=key)
    results.record_failure(request.results_dir, failure, log_path.read_text(errors="replace"))
    outcome.log = kept_log


def run_all(request: RunRequest, progress: Progress | None = None) -> list[LabOutcome]:
    progress = progress or Progress()
    outcomes = []
    for index, lab in enumerate(request.labs, start=1):
        progress.lab_started(lab, index, len(request.labs), request.device, request.preset)
        outcome = run_one(request, lab, progress)
        progress.lab_finished(outcome)
        outcomes.append(outcome)
    progress.summary(outcomes)
    return outcomes


def all_labs() -> tuple[str, ...]:
    return tuple(lab_ids())
