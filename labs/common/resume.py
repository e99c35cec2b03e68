"""Finished parts on disk, so that a rerun of an interrupted lab starts at its first unfinished part.

One folder per finished part, keyed by the part's key, under the run's parts folder
(`.work/<lab>/<device>/parts/` under the runner):

    parts/<key>/record.json     what the part recorded (its entry, metrics, checks, tables,
                                figures, artifacts, what it returned) and the files it wrote
    parts/<key>/files/...       those files, byte for byte

A record carries the cache key of its run (code hash, machine, preset, device): records of
another key are discarded whole. The files are written first and `record.json` last, into a
hidden folder renamed into place, so a part killed half-way leaves nothing that looks finished;
a record that does not parse, or whose files are missing or differ from their hashes, is not
trusted. Only parts that ended ok or skipped are recorded: a failed part runs again.

Standard library only, like the harness.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from labs.common.atomic import write_json_atomic

RECORD = "record.json"
FILES = "files"
# What a part adds to the manifest, section by section.
SECTIONS = ("metrics", "checks", "tables", "figures", "artifacts")


@dataclass(frozen=True)
class PartRecord:
    key: str
    index: int                      # the part's place in the run (0: the first part called)
    entry: dict[str, Any]           # the manifest's parts[key]: title, status, wall_s, ...
    recorded: dict[str, dict]       # section -> the entries this part added or replaced
    returned: Any                   # what the part returned, when JSON holds it
    returns_object: bool            # it returned something JSON cannot hold: not restorable alone
    files: dict[str, str]           # path under the output folder -> sha256
    measured: dict[str, Any]        # what labs.common.measure counted while the part ran
    kept: Any = None                # the lab's kept findings as the part left them (`Lab.keep`)


def json_value(value: Any) -> tuple[bool, Any]:
    """(True, value) when JSON gives the value back unchanged (a tuple comes back a list: no)."""
    try:
        return json.loads(json.dumps(value)) == value, value
    except (TypeError, ValueError):
        return False, None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_state(out: Path, ignore: frozenset[str]) -> dict[str, tuple[int, int]]:
    """Every regular file under `out` (relative path -> (size, mtime_ns)), except `ignore`."""
    state = {}
    for path in out.rglob("*"):
        relative = path.relative_to(out).as_posix()
        if relative in ignore or path.is_symlink() or not path.is_file():
            continue
        stat = path.stat()
        state[relative] = (stat.st_size, stat.st_mtime_ns)
    return state


class PartStore:
    """The finished parts of earlier attempts at this run, and the recording of new ones."""

    def __init__(self, folder: Path, cache_key: str):
        self.folder = Path(folder)
        self.cache_key = cache_key
        self.records: dict[str, PartRecord] = {}
        self.folder.mkdir(parents=True, exist_ok=True)
        for child in sorted(self.folder.iterdir()):
            if child.name.startswith("."):  # a part killed while it was being recorded
                shutil.rmtree(child, ignore_errors=True)
                continue
            record = self._load(child)
            if record == "other key":
                self.discard_all()
                return
            if record is not None:
                self.records[record.key] = record

    def _load(self, folder: Path) -> PartRecord | str | None:
        try:
            data = json.loads((folder / RECORD).read_text(encoding="utf-8"))
            if data["cache_key"] != self.cache_key:
                return "other key"
            record = PartRecord(key=data["key"], index=int(data["index"]), entry=data["entry"],
                                recorded=data["recorded"], returned=data.get("returned"),
                                returns_object=bool(data["returns_object"]), files=data["files"],
                                measured=data.get("measured", {}), kept=data.get("kept"))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # half-written or damaged: the part runs again
        if record.key != folder.name or record.entry.get("status") not in ("ok", "skipped"):
            return None
        for relative, digest in record.files.items():
            path = folder / FILES / relative
            if not path.is_file() or _sha256(path) != digest:
                return None
        return record

    def discard_all(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.records = {}

    def discard_from(self, index: int) -> None:
        """Forget the records of parts at `index` and later: once a part runs again, the parts
        after it run again too, and a failure among them must not leave an older record behind."""
        for key in [k for k, r in self.records.items() if r.index >= index]:
            shutil.rmtree(self.folder / key, ignore_errors=True)
            del self.records[key]

    def save(self, record: PartRecord, out: Path) -> None:
        """Copy the part's files, then write its record, then move the folder into place."""
        staging = self.folder / f".{record.key}.partial"
        shutil.rmtree(staging, ignore_errors=True)
        files = {}
        for relative in record.files:
            target = staging / FILES / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(out / relative, target)
            files[relative] = _sha256(target)
        data = {"cache_key": self.cache_key, "key": record.key, "index": record.index,
                "entry": record.entry, "recorded": record.recorded, "returned": record.returned,
                "returns_object": record.returns_object, "files": files, "measured": record.measured, "kept": record.kept}
        write_json_atomic(staging / RECORD, data)
        final = self.folder / record.key
        shutil.rmtree(final, ignore_errors=True)
        os.replace(staging, final)
        self.records[record.key] = PartRecord(**{**record.__dict__, "files": files})

    def restore_files(self, record: PartRecord, out: Path) -> None:
        for relative in record.files:
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(self.folder / record.key / FILES / relative, target)


# Files under the output folder that are not a part's output: the log of the whole process.
IGNORED_FILES = frozenset({"manifest.json", "torch.log"})


def measured_so_far() -> tuple[list[int], dict[str, int]]:
    """What labs.common.measure has counted so far in this process (nothing before it is imported)."""
    measure = sys.modules.get("labs.common.measure")
    if measure is None:
        return [], {}
    return measure.threads_used(), measure.device_methods_used()


def give_back_measured(measured: dict[str, Any]) -> None:
    """Give labs.common.measure back what a restored part had counted (thread counts, device-time
    methods), so the provenance, and a later part that reads them (a report), see the whole run.
    Its module state is written directly: measure.py is hashed into the GPU tests' summary, and a
    new function there would make that summary stale for a change that does not measure."""
    threads, methods = measured.get("timing_threads") or [], measured.get("device_methods") or {}
    if not threads and not methods:
        return
    measure = importlib.import_module("labs.common.measure")
    measure._timing_threads.update(int(t) for t in threads)
    for method, count in methods.items():
        measure._device_methods[method] = measure._device_methods.get(method, 0) + int(count)
