"""Run labs: one subprocess each, with a fresh work folder, a timeout and a cache key.

A lab runs as `python -m labs.<lab> --device D --preset P --out <work>/out` in its own
process, so TORCH_LOGS, TORCH_COMPILE_DEBUG and Inductor's cache folder are set before torch
is imported, and one lab crashing cannot take the others down. Its work folder (Inductor's
cache and debug dumps, and the lab's output until it is committed) is wiped first, so generated
kernels are always written anew, and a run that is killed leaves nothing under results/.

Whether a stored result may stand instead of a run is the results store's call (`results.judge`);
the runner only orchestrates: a lab it must run runs, FORCE re-runs it.
A failure is recorded next to the last good result, never over it.

A lab runs with `--resume <work>/parts`: its finished parts are recorded there, and an attempt
after an interruption, a timeout or a failure starts at the first unfinished part (the harness
checks the cache key). The rest of the work folder is emptied before each attempt; FORCE empties
the parts too. A committed run removes the whole work folder.
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
from dataclasses import dataclass
from pathlib import Path

from course import results
from course.outcome import LabOutcome
from course.progress import Progress
from labs.common import contract
from labs.common.contract import LABS_DIR, PROGRESS_PREFIX, LabMetaError, lab_ids, load_lab_meta

ROOT = results.ROOT


@dataclass(frozen=True)
class RunRequest:
    labs: tuple[str, ...]
    device: str
    preset: str = "full"
    force: bool = False
    results_dir: Path = results.RESULTS_DIR
    work_root: Path = Path(os.environ.get("COURSE_WORK_ROOT") or ROOT / ".work")  # tests: their own
    checkpoint_dir: Path = ROOT / ".cache" / "checkpoints"
    timeout_s: int | None = None          # overrides every lab's own timeout (tests use it)
    keep_other_machines: bool = False     # keep current-code results measured elsewhere (make site)


def rerun_command(lab: str, device: str, preset: str) -> str:
    return f"make labs LAB={lab} DEVICE={device} PRESET={preset} FORCE=1"


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
        COURSE_PROGRESS="json",  # progress as JSON lines, which the runner turns into its display
    )
    return env


def _progress_event(line: str) -> dict | None:
    """The event in a progress line, or None for any line that is not one (even valid JSON)."""
    if not line.startswith(PROGRESS_PREFIX):
        return None
    try:
        event = json.loads(line[len(PROGRESS_PREFIX):])
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


def _stream(stdout, log_handle, lab: str, progress: Progress, parts: dict[str, str]) -> None:
    """Copy the lab's output to its log and turn its progress lines into progress events."""
    for line in stdout:
        log_handle.write(line)
        event = _progress_event(line)
        if event is None:
            continue
        part, title = str(event.get("part") or ""), str(event.get("title") or "")
        if title:
            parts[part] = title
        progress.event(lab, part or None, title or parts.get(part, ""), str(event.get("message") or ""))


# After a timeout kills the lab's process group, how long to wait for its output to end:
# a helper that left the group may hold the pipe open forever, and the runner must not.
DRAIN_S = 5.0


def _run_process(command: list[str], env: dict[str, str], log_path: Path, timeout: float,
                 lab: str, progress: Progress, parts: dict[str, str]) -> tuple[int | None, bool]:
    """Run the lab, streaming its output; return (exit code or None, timed out). The timeout
    bounds the whole wait: the process group is killed and the output abandoned after DRAIN_S."""
    with log_path.open("w", encoding="utf-8") as log_handle:
        log_handle.write("$ " + " ".join(command) + "\n")
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, errors="replace",
                                   start_new_session=True)
        reader = threading.Thread(target=_stream, args=(process.stdout, log_handle, lab, progress, parts),
                                  daemon=True)
        reader.start()
        timed_out = False
        try:
            code: int | None = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            _stop_group(process)
            code = None
        except KeyboardInterrupt:
            # Ctrl-C reaches the runner, not the lab (its own session): without this the lab
            # would run on, unread, until its timeout.
            _stop_group(process)
            raise
        reader.join(timeout=DRAIN_S)
        if reader.is_alive():
            log_handle.write("\n[runner] output still open after the lab ended; stopped reading it\n")
    return code, timed_out


def _stop_group(process: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, 9)  # the whole group: compile workers too
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=DRAIN_S)


def run_one(request: RunRequest, lab: str, progress: Progress) -> LabOutcome:
    try:
        meta = load_lab_meta(lab)
    except (FileNotFoundError, LabMetaError) as error:
        return LabOutcome(lab=lab, status="failed", message=str(error))
    key = contract.cache_key(lab, request.preset, request.device)
    verdict = results.judge(request.results_dir, lab, request.device, key, request.preset,
                            force=request.force, keep_other_machines=request.keep_other_machines)
    if verdict.reuse:
        return LabOutcome(lab=lab, status="cached", message=verdict.reuse)

    work = Path(request.work_root) / lab / request.device
    log_path = Path(request.work_root) / "logs" / f"{lab}-{request.device}.log"
    staging = work / "out"  # outside results/: only `commit_result` moves it there
    parts = work / PARTS    # finished parts of an interrupted or failed attempt (the harness keys them)
    outcome = LabOutcome(lab=lab, status="failed", log=log_path)
    started = time.perf_counter()
    try:
        clear_work(work, keep_parts=not request.force)
        log_path.parent.mkdir(parents=True, exist_ok=True)
        staging.mkdir(parents=True)
        timeout = request.timeout_s or meta.timeout_s[request.preset]
        command = [sys.executable, "-m", f"{LABS_DIR.name}.{lab}", "--device", request.device,
                   "--preset", request.preset, "--out", str(staging), "--resume", str(parts)]
        code, timed_out = _run_process(command, lab_environment(work, request.checkpoint_dir), log_path,
                                       timeout, lab, progress, outcome.parts_titles)
        outcome.wall_s = time.perf_counter() - started
        if timed_out:
            outcome.status = "timeout"
            raise RuntimeError(f"timed out after {timeout} s; the lab's process group was killed")
        if code != 0:
            raise RuntimeError(_failure_summary(staging) or f"exited with code {code}")
        committed = results.commit_result(request.results_dir, lab, request.device, staging)
        outcome.status = committed.status
        outcome.parts = {k: p["status"] for k, p in committed.manifest["parts"].items()}
        outcome.resumed = [k for k, p in committed.manifest["parts"].items() if p.get("resumed")]
        # The scratch (Inductor's caches and dumps: 150 MB for inside_compile) served its run;
        # a failed run keeps it beside its log for whoever reads the failure.
        shutil.rmtree(work, ignore_errors=True)
    except (RuntimeError, OSError, results.ManifestError) as error:
        outcome.wall_s = outcome.wall_s or time.perf_counter() - started
        outcome.message = str(error)
        _record(request, lab, key, outcome, log_path)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return outcome


# The folder of finished parts inside a lab's work folder: kept between attempts, unless forced.
PARTS = "parts"
RESUME_NOTE = ("resuming by part: a lab interrupted or failed earlier starts at its first unfinished part "
               "(FORCE=1 starts fresh)")


def clear_work(work: Path, *, keep_parts: bool) -> None:
    """Empty a lab's work folder for a new attempt: every scratch (Inductor's caches, dumps, the
    staged output) goes, so a re-run part compiles cold as in a first run; the finished parts stay
    for the harness to resume from, unless the run is forced."""
    work.mkdir(parents=True, exist_ok=True)
    for child in work.iterdir():
        if keep_parts and child.name == PARTS:
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


def _failure_summary(staging: Path) -> str | None:
    """The lab's own account of what failed, when it got as far as writing a manifest."""
    try:
        manifest = json.loads((staging / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    failed = {k: p.get("reason", "") for k, p in manifest.get("parts", {}).items()
              if p.get("status") == "failed"}
    return "; ".join(f"part {k}: {why}" for k, why in failed.items()) or manifest.get("reason")


def _record(request: RunRequest, lab: str, key: str, outcome: LabOutcome, log_path: Path) -> None:
    """Keep the failure next to the last good result; if even that cannot be written (a full or
    read-only results/), say so in the outcome instead of stopping the other labs."""
    try:
        _write_failure(request, lab, key, outcome, log_path)
    except OSError as error:
        outcome.message += f" (and its failure record could not be written: {error})"


def _write_failure(request: RunRequest, lab: str, key: str, outcome: LabOutcome, log_path: Path) -> None:
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
    log_text = log_path.read_text(errors="replace", encoding="utf-8") if log_path.is_file() else ""
    results.record_failure(request.results_dir, failure, log_text)
    outcome.log = kept_log


def run_all(request: RunRequest, progress: Progress | None = None) -> list[LabOutcome]:
    progress = progress or Progress()
    if not request.force:
        progress.note(RESUME_NOTE)
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
