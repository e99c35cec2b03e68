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

from labs.common import environment
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
        """
        record: dict[str, Any] = {"title": title}
        self.result["parts"][key] = record
        self._progress(part=key, title=title)
        started = time.perf_counter()
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
            return value
        except PartSkipped as skip:
            record["status"] = "skipped"
            record["reason"] = str(skip)
            return None
        except Exception as error:  # a failing part must not hide the others' results
            record["status"] = "failed"
            record["reason"] = f"{type(error).__name__}: {error}"
            traceback.print_exc()
            return None
        finally:
            self._current_part = None
            record["wall_s"] = round(time.perf_counter() - started, 3)

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
        self.result["provenance"] = environment.provenance(self.options, wall_s)
        write_json_atomic(self.out / "manifest.json", self.result)
        return 1 if self.result["status"] == "failed" else 0


def _plain(value: Any) -> Any:
    """Turn numpy/torch scalars into JSON numbers; keep str/bool/None as they are."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if hasattr(value, "item"):
        return value.item()
    return float(value)


def parse_options(lab_id: str, argv: list[str] | None) -> LabOptions:
    meta = load_lab_meta(lab_id)
    parser = argparse.ArgumentParser(prog=f"python -m labs.{lab_id}", description=meta.title["en"])
    parser.add_argument("--device", choices=DEVICES, default=None,
                        help="cuda when a GPU is visible, else cpu")
    parser.add_argument("--preset", choices=PRESETS, default="full",
                        help="smoke: seconds, for tests; full: the numbers the site shows")
    parser.add_argument("--out", type=Path, default=Path(f"experiments/{lab_id}"),
                        help="folder for manifest.json and every deliverable (default: %(default)s)")
    parser.add_argument("--keep-work", action="store_true",
                        help="keep the scratch folder (Inductor's caches and dumps) and say where")
    parser.add_argument("--allow-failed-checks", action="store_true",
                        help="exploring: a failed acceptance check does not fail the run (the page says so)")
    args = parser.parse_args(argv)
    device = args.device or environment.default_device()
    work = os.environ.get("COURSE_WORK_DIR")
    work_dir = Path(work) if work else Path(tempfile.mkdtemp(prefix=f"{lab_id}-{device}-"))
    return LabOptions(lab_id=lab_id, device=device, preset=args.preset, out=args.out.resolve(),
                      work=work_dir.resolve(), keep_work=args.keep_work or bool(work),
                      allow_failed_checks=args.allow_failed_checks)


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
        module.run(lab)
    except Exception as error:  # outside any part: the lab's own wiring broke
        traceback.print_exc()
        lab.result["parts"]["_lab"] = {"title": "lab", "status": "failed",
                                       "reason": f"{type(error).__name__}: {error}"}
    code = lab.finish(time.perf_counter() - started)
    print(f"{lab_id} [{options.device}, {options.preset}]: {lab.result['status']} "
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


def main(lab_id: str) -> None:
    sys.exit(run_lab(lab_id))
