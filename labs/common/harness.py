"""The harness every lab runs under: arguments, environment, parts, and the result it writes.

A lab is a module `labs/<lab>/lab.py` with one function, `run(lab: Lab)`, that calls
`lab.part(...)` once per part of the lab. The harness owns everything around it:

    python -m labs.<lab> --device cpu --preset full --out DIR

1. parses the arguments and prepares the environment *before torch is imported*
   (Inductor's cache and debug folders, TMPDIR, the lab's own variables such as TORCH_LOGS);
2. imports the lab module and calls `run(lab)`; each part reports progress, may be skipped
   (a CUDA-only part on CPU) or may fail without stopping the parts that do not need it;
3. writes `DIR/manifest.json` (status, metrics, checks, tables, figures, artifacts,
   provenance) atomically, and exits 1 if a part failed.

With `--resume PARTS` each finished part is recorded under PARTS (`labs/common/resume.py`), and a
rerun with the same cache key starts at the first unfinished part: the finished ones before it
are restored byte for byte (what they recorded, the files they wrote, what they returned when
JSON holds it) instead of run. Parts that share in-memory state (an object one returns and
another takes, or a folder of scratch they both use) are declared with `lab.resume_together`:
they are restored only when all of them finished, else all of them run again.

Only the standard library is imported here: labs must run on a bare GPU machine.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from labs.common import environment, fingerprint, plain, resume
from labs.common.contract import (
    CHECK_OPERATORS,
    DEVICES,
    LABS_DIR,
    PRESETS,
    PROGRESS_PREFIX,
    SCHEMA_VERSION,
    load_lab_meta,
    write_json_atomic,
    write_text_atomic,
)
from labs.common.options import LabOptions


class PartSkipped(Exception):
    """Raised inside a part to record it as skipped, with the reason the page will show."""


class Lab:
    """What a lab's `run()` receives: the options, and the methods that record results."""

    def __init__(self, options: LabOptions):
        self.options = options
        self.device = options.device
        self.preset = options.preset
        self.out = options.out
        self.work = options.work
        self._current_part: str | None = None
        self._started = time.perf_counter()
        self._index = 0                                 # the next part's place in the run
        self._in_parts_s = 0.0                          # this process's time inside part()
        self._together: list[frozenset[str]] = []
        self._kept: tuple[Any, tuple[str, ...]] | None = None   # (findings, fields not kept)
        self._resuming = options.parts_dir is not None  # until the first part that runs
        self._parts = (resume.PartStore(options.parts_dir, fingerprint.cache_key(
            options.lab_id, options.preset, options.device)) if options.parts_dir else None)
        self.resumed: list[str] = []
        self.result: dict[str, Any] = {
            "schema_version": SCHEMA_VERSION,
            "lab": options.lab_id,
            "device": options.device,
            "status": "ok",
            "parts": {},
            "metrics": {},
            "checks": {},
            "tables": {},
            "figures": {},
            "artifacts": {},
        }

    # -- parts -------------------------------------------------------------------------

    def part(self, key: str, title: str, fn: Callable[..., Any], *args: Any,
             requires: str | None = None, after: tuple[str, ...] = ()) -> Any:
        """Run one part; return what `fn` returns, or None if it was skipped or failed.

        requires: "cuda" for a part that only means something on a GPU.
        after: parts whose success this one needs; if one did not succeed, this is skipped.
        A part an earlier attempt finished (same cache key, `--resume`) is restored instead.
        """
        index, entered = self._index, time.perf_counter()
        self._index += 1
        try:
            record = self._finished_record(index, key)
            if record is not None:
                return self._restore(record)
            if self._resuming and self._parts is not None:
                self._parts.discard_from(index)  # from here on every part runs again
            self._resuming = False
            return self._run_part(index, key, title, fn, args, requires, after)
        finally:
            self._in_parts_s += time.perf_counter() - entered

    def resume_together(self, *keys: str) -> None:
        """Parts that share in-memory state: restored only when every one of them finished.

        Call it in `run()` before the first of them, naming only parts this run calls.
        """
        if ran := [k for k in keys if k in self.result["parts"]]:
            raise ValueError(f"resume_together: declare before the parts run ({', '.join(ran)} already did)")
        self._together.append(frozenset(keys))

    def keep(self, findings: Any, skip: tuple[str, ...] = ()) -> None:
        """A dataclass of plain data that the parts fill for the parts after them: each part's
        record keeps it as that part left it, and a resumed run gets it back before the first
        part that runs (`labs/common/plain.py`). `skip` names fields that are no data (a thread).
        Call it in `run()` before the parts."""
        self._kept = (findings, skip)

    def resume_off(self, reason: str) -> None:
        """This lab's parts share state that no record holds (one object every part fills, a
        process started before them): every run starts at its first part. Call it first in `run()`."""
        if self._parts is not None:
            self._parts.discard_all()
            self._progress(part=None, message=f"does not resume by part: {reason}")
        self._parts, self._resuming = None, False

    def _finished_record(self, index: int, key: str) -> resume.PartRecord | None:
        """The record of this part that may stand for it, or None: it runs."""
        if not self._resuming or self._parts is None:
            return None
        record = self._parts.records.get(key)
        if record is None or record.index != index:
            return None
        groups = [g for g in self._together if key in g]
        if record.returns_object and not groups:
            return None  # what it returned is gone with its process, and nobody said who needs it
        if any(k not in self._parts.records for g in groups for k in g):
            return None
        return record

    def _restore(self, record: resume.PartRecord) -> Any:
        assert self._parts is not None
        self._parts.restore_files(record, self.out)
        self.result["parts"][record.key] = {**record.entry, "resumed": True}
        for section in resume.SECTIONS:
            self.result[section].update(record.recorded.get(section, {}))
        resume.give_back_measured(record.measured)
        if self._kept is not None and record.kept is not None:
            plain.restore_fields(self._kept[0], record.kept, self._kept[1])
        self.resumed.append(record.key)
        self._progress(part=record.key, title=record.entry["title"])
        self._progress(part=record.key, message=f"resumed: finished earlier in {record.entry.get('wall_s', 0):.1f} s")
        return record.returned

    def _run_part(self, index: int, key: str, title: str, fn: Callable[..., Any], args: tuple,
                  requires: str | None, after: tuple[str, ...]) -> Any:
        record: dict[str, Any] = {"title": title}
        self.result["parts"][key] = record
        self._progress(part=key, title=title)
        before = self._snapshot() if self._parts is not None else None
        started = time.perf_counter()
        value = None
        try:
            if requires and requires != self.device:
                record["requires"] = requires
                raise PartSkipped(f"needs a {requires.upper()} device; this run used {self.device}")
            for needed in after:
                status = self.result["parts"].get(needed, {}).get("status")
                if status != "ok":
                    raise PartSkipped(f"needs part {needed}, which is {status or 'missing'}")
            self._current_part = key
            value = fn(self, *args)
            record["status"] = "ok"
        except PartSkipped as skip:
            record["status"] = "skipped"
            record["reason"] = str(skip)
        except Exception as error:  # a failing part must not hide the others' results
            record["status"] = "failed"
            record["reason"] = f"{type(error).__name__}: {error}"
            traceback.print_exc()
        finally:
            self._current_part = None
            record["wall_s"] = round(time.perf_counter() - started, 3)
        if before is not None and record["status"] != "failed" and not self._failed_check_since(before):
            self._record_part(index, key, value, before)
        return value if record["status"] == "ok" else None

    def _snapshot(self) -> dict[str, Any]:
        threads, methods = resume.measured_so_far()
        return {"sections": {s: dict(self.result[s]) for s in resume.SECTIONS},
                "files": resume.file_state(self.out, resume.IGNORED_FILES), "threads": threads, "methods": methods}

    def _failed_check_since(self, before: dict[str, Any]) -> bool:
        """Whether the part recorded an acceptance check that failed: such a part is not finished
        (a rerun measures again, instead of restoring the same failure)."""
        return any(not c["passed"] for k, c in self.result["checks"].items()
                   if before["sections"]["checks"].get(k) is not c)

    def _kept_now(self) -> Any:
        if self._kept is None:
            return None
        findings, skip = self._kept
        return {k: v for k, v in plain.to_plain(findings).items() if k not in skip}

    def _record_part(self, index: int, key: str, value: Any, before: dict[str, Any]) -> None:
        """Record what the part added: entries new or replaced, files new or changed, clocks used."""
        assert self._parts is not None
        recorded = {s: {k: v for k, v in self.result[s].items() if before["sections"][s].get(k) is not v}
                    for s in resume.SECTIONS}
        files = resume.file_state(self.out, resume.IGNORED_FILES)
        changed = {path: "" for path, state in files.items() if before["files"].get(path) != state}
        threads, methods = resume.measured_so_far()
        measured = {"timing_threads": threads,
                    "device_methods": {m: n - before["methods"].get(m, 0) for m, n in methods.items()
                                       if n != before["methods"].get(m, 0)}}
        holds, returned = resume.json_value(value)
        try:
            self._parts.save(resume.PartRecord(
                key=key, index=index, entry=dict(self.result["parts"][key]), recorded=recorded,
                returned=returned if holds else None, returns_object=value is not None and not holds,
                files=changed, measured=measured, kept=self._kept_now()), self.out)
        except OSError as error:  # the run goes on; only a later resume loses this part
            print(f"  part {key} could not be recorded for resuming: {error}", flush=True)

    def skip(self, reason: str) -> PartSkipped:
        """`raise lab.skip("why")` inside a part."""
        return PartSkipped(reason)

    def progress(self, message: str) -> None:
        """A short line the runner shows next to the part name (e.g. "batch 512")."""
        self._progress(part=self._current_part, message=message)

    # -- results -----------------------------------------------------------------------

    def metric(self, key: str, value: float | int | str | bool, unit: str = "",
               label: dict[str, str] | None = None) -> None:
        """A number (or a categorical value such as "faster") the pages can quote."""
        entry: dict[str, Any] = {"value": _plain(value), "unit": unit}
        if self._current_part:
            entry["part"] = self._current_part
        if label:
            entry["label"] = label
        self.result["metrics"][key] = entry

    def check(self, key: str, value: float | int, op: str, threshold: float | int,
              label: dict[str, str] | None = None, unit: str = "") -> bool:
        """An acceptance check: passes when `value op threshold` holds."""
        if op not in CHECK_OPERATORS:
            raise ValueError(f"unknown check operator {op!r}; use one of {list(CHECK_OPERATORS)}")
        passed = bool(CHECK_OPERATORS[op](value, threshold))
        entry: dict[str, Any] = {"value": _plain(value), "op": op, "threshold": _plain(threshold),
                                 "passed": passed, "unit": unit}
        if self._current_part:
            entry["part"] = self._current_part
        if label:
            entry["label"] = label
        self.result["checks"][key] = entry
        return passed

    def table(self, key: str, columns: list[str], rows: list[list[Any]],
              units: dict[str, str] | None = None) -> None:
        """A table: column names (code-like identifiers) and rows of values."""
        for row in rows:
            if len(row) != len(columns):
                raise ValueError(f"table {key}: row {row!r} has {len(row)} cells, expected {len(columns)}")
        self.result["tables"][key] = {
            "columns": columns,
            "rows": [[_plain(cell) for cell in row] for row in rows],
            "units": units or {},
        }

    def figure(self, key: str, table: str, x: str, y: list[str], *,
               error_low: dict[str, str] | None = None, error_high: dict[str, str] | None = None,
               log_x: bool = False, log_y: bool = False, kind: str = "line") -> None:
        """A plot of a table's columns; the page gives the axis titles in its language.

        error_low/error_high map a y column to the columns holding its lower/upper bound.
        """
        if table not in self.result["tables"]:
            raise ValueError(f"figure {key}: record table {table!r} first")
        self.result["figures"][key] = {
            "table": table, "x": x, "y": y, "kind": kind,
            "error_low": error_low or {}, "error_high": error_high or {},
            "log_x": log_x, "log_y": log_y,
        }

    def write_artifact(self, key: str, relpath: str, text: str, language: str = "text") -> Path:
        """Write a text artifact under the output folder and record it."""
        path = self.out / relpath
        write_text_atomic(path, text)
        self.add_artifact(key, relpath, language)
        return path

    def add_artifact(self, key: str, relpath: str, language: str = "text") -> None:
        """Record a file the lab already wrote under its output folder."""
        if not (self.out / relpath).is_file():
            raise FileNotFoundError(f"artifact {key}: {self.out / relpath} does not exist")
        self.result["artifacts"][key] = {"path": relpath, "language": language}

    # -- internals ---------------------------------------------------------------------

    def _progress(self, **event: Any) -> None:
        """A progress event: a JSON line for the runner, a readable line for a person."""
        if os.environ.get("COURSE_PROGRESS") == "json":
            print(PROGRESS_PREFIX + json.dumps(event), flush=True)
            return
        elapsed = time.perf_counter() - self._started
        if event.get("title"):
            print(f"{elapsed:7.1f}s  {event['part']}: {event['title']}", flush=True)
        elif event.get("message"):
            print(f"{elapsed:7.1f}s    {event['message']}", flush=True)

    def finish(self, wall_s: float) -> int:
        """Decide the run's status and write its manifest. `wall_s` is this process's time; the
        manifest's is every part's own time (a resumed part's from its run) plus this run's overhead."""
        parts = self.result["parts"].values()
        statuses = {part.get("status") for part in parts}
        failed_checks = [f"{k} ({c['value']} {c['op']} {c['threshold']} is false)"
                         for k, c in self.result["checks"].items() if not c["passed"]]
        if "failed" in statuses:
            self.result["status"] = "failed"
            failed = [k for k, p in self.result["parts"].items() if p.get("status") == "failed"]
            self.result["reason"] = "part(s) failed: " + ", ".join(failed)
        elif failed_checks and not self.options.allow_failed_checks:
            self.result["status"] = "failed"
            self.result["reason"] = "acceptance check(s) failed: " + "; ".join(failed_checks)
        elif statuses == {"skipped"}:
            self.result["status"] = "skipped"
            self.result["reason"] = "; ".join(p["reason"] for p in parts)
        if failed_checks and self.options.allow_failed_checks:
            self.result["failed_checks_allowed"] = True  # an exploration run: pages say so
        own_s = sum(p.get("wall_s", 0.0) for p in parts)
        provenance = environment.provenance(self.options, own_s + max(0.0, wall_s - self._in_parts_s))
        if self.options.parts_dir is not None:
            provenance["resumed_parts"] = len(self.resumed)
        self.result["provenance"] = provenance
        write_json_atomic(self.out / "manifest.json", self.result)
        return 1 if self.result["status"] == "failed" else 0


def _plain(value: Any) -> Any:
    """Turn numpy/torch scalars into JSON numbers; keep str/bool/None as they are."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if hasattr(value, "item"):
        return value.item()
    return float(value)


def lab_options(lab_id: str) -> dict[str, dict[str, Any]]:
    """Every option of a lab's command line, as argparse's keywords: the one definition. The parser
    is built from it, and explain's entry point, which also answers a learner's own command line,
    reads it (through `option_values`) to tell the runner's options from the learner's."""
    return {
        "--device": dict(choices=DEVICES, default=None, help="cuda when a GPU is visible, else cpu"),
        "--preset": dict(choices=PRESETS, default="full",
                         help="smoke: seconds, for tests; full: the numbers the site shows"),
        "--out": dict(type=Path, default=Path(f"experiments/{lab_id}"),
                      help="folder for manifest.json and every deliverable (default: %(default)s)"),
        "--keep-work": dict(action="store_true",
                            help="keep the scratch folder (Inductor's caches and dumps) and say where"),
        "--allow-failed-checks": dict(action="store_true",
                                      help="exploring: a failed acceptance check does not fail the run "
                                           "(the page says so)"),
        "--resume": dict(type=Path, default=None, metavar="PARTS",
                         help="record finished parts in PARTS; a rerun with the same code, machine and preset "
                              "starts at the first unfinished part"),
    }


def option_values(lab_id: str) -> dict[str, int]:
    """How many values each option of `lab_options` takes: 0 for a switch, else 1."""
    return {name: 0 if spec.get("action") == "store_true" else 1 for name, spec in lab_options(lab_id).items()}


def parse_options(lab_id: str, argv: list[str] | None) -> LabOptions:
    meta = load_lab_meta(lab_id)
    parser = argparse.ArgumentParser(prog=f"python -m labs.{lab_id}", description=meta.title["en"])
    for name, spec in lab_options(lab_id).items():
        parser.add_argument(name, **spec)
    args = parser.parse_args(argv)
    device = args.device or environment.default_device()
    work = os.environ.get("COURSE_WORK_DIR")
    work_dir = Path(work) if work else Path(tempfile.mkdtemp(prefix=f"{lab_id}-{device}-"))
    return LabOptions(lab_id=lab_id, device=device, preset=args.preset, out=args.out.resolve(),
                      work=work_dir.resolve(), keep_work=args.keep_work or bool(work),
                      allow_failed_checks=args.allow_failed_checks,
                      parts_dir=args.resume.resolve() if args.resume else None)


def run_lab(lab_id: str, argv: list[str] | None = None) -> int:
    """Entry point of `python -m labs.<lab_id>`."""
    options = parse_options(lab_id, argv)
    options.out.mkdir(parents=True, exist_ok=True)
    environment.prepare(options, load_lab_meta(lab_id).env)
    started = time.perf_counter()
    lab = Lab(options)
    try:
        module = importlib.import_module(f"{LABS_DIR.name}.{lab_id}.lab")  # torch is imported from here on
        quiet_torch_logs(options.out / TORCH_LOG)
        if options.device == "cpu" and "torch" in sys.modules:
            # before any compile, so that no cold cache builds Inductor's test programs again
            from labs.common.measure import search_vector_isa
            search_vector_isa()
        module.run(lab)
    except Exception as error:  # outside any part: the lab's own wiring broke
        traceback.print_exc()
        lab.result["parts"]["_lab"] = {"title": "lab", "status": "failed",
                                       "reason": f"{type(error).__name__}: {error}"}
    code = lab.finish(time.perf_counter() - started)
    resumed = f", resumed {len(lab.resumed)} parts" if lab.resumed else ""
    print(f"{lab_id} [{options.device}, {options.preset}]: {lab.result['status']}{resumed} "
          f"-> {options.out / 'manifest.json'}", flush=True)
    if lab.result.get("reason"):
        print(f"  {lab.result['reason']}", flush=True)
    if not options.keep_work:
        shutil.rmtree(options.work, ignore_errors=True)
    elif not os.environ.get("COURSE_WORK_DIR"):
        print(f"  scratch folder kept: {options.work}", flush=True)
    return code


# Where torch's own log lines go: beside the manifest, not on the terminal.
TORCH_LOG = "torch.log"


def quiet_torch_logs(path: Path) -> None:
    """Send torch's log records and Python warnings to `path` instead of the terminal.

    torch attaches stream handlers to its loggers when it is imported; each is swapped for
    one file handler, so a lab prints its progress and nothing else, and the file keeps every
    warning. The structured-trace logger is left alone: a handler there would switch
    TORCH_TRACE-style tracing on, and slow every compile down.
    """
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logging.captureWarnings(True)
    logging.getLogger("py.warnings").addHandler(handler)
    names = ["torch"] + [n for n in logging.root.manager.loggerDict if n.startswith("torch.")]
    for name in names:
        logger = logging.getLogger(name)
        streams = [h for h in logger.handlers
                   if isinstance(h, logging.StreamHandler) and not isinstance(h, logging.FileHandler)]
        for old in streams:
            logger.removeHandler(old)
        if streams and "__trace" not in name:
            logger.addHandler(handler)


def main(lab_id: str, argv: list[str] | None = None) -> None:
    try:
        sys.exit(run_lab(lab_id, argv))
    except KeyboardInterrupt:   # Ctrl-C in a terminal: the learner stopped it, nothing broke
        print(f"\n{lab_id}: interrupted; no manifest was written (a rerun with --resume keeps the "
              "parts that had finished)", file=sys.stderr, flush=True)
        sys.exit(130)
