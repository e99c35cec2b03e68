"""The results contract: reading, validating and replacing `results/<lab>/<device>/`.

Layout of one lab's results:

    results/<lab>/<device>/manifest.json   the last good run (validated against the schema)
    results/<lab>/<device>/...              its artifacts, by the paths the manifest names
    results/<lab>/<device>.failed.json      present when the latest attempt failed
    results/<lab>/<device>.failed.log       that attempt's log

A good run replaces the device folder in two renames (old -> .prev, staging -> final); if a
crash falls between them, the next reader puts .prev back. A failed run never touches the
device folder: it only writes the .failed records, which pages report.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import stat
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from course import machine_paths
from labs.common import contract
from labs.common.contract import CHECK_OPERATORS, DEVICES, MANIFEST_SCHEMA_PATH, write_json_atomic, write_text_atomic

ROOT = Path(__file__).resolve().parents[2]
# The committed results; COURSE_RESULTS_DIR points the engine (and the site build) elsewhere.
RESULTS_DIR = Path(os.environ.get("COURSE_RESULTS_DIR") or ROOT / "results")
FAILED_LOG_TAIL = 200_000  # characters of a failed run's log worth keeping


class ManifestError(ValueError):
    """A manifest that is not valid JSON or breaks the schema; names the file and the field."""


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # the engine's dependency, never a lab's
    schema = json.loads(MANIFEST_SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def validate_manifest(data: Any, source: str) -> None:
    """The schema, then what a schema cannot say: rows as long as their columns, figures that
    plot existing columns, checks whose verdict their own numbers give."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        field = ".".join(str(p) for p in error.absolute_path) or "(top level)"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise ManifestError(f"{source}: field '{field}': {_short(error.message)}{more}; {_remedy(data)}")
    for problem in _inconsistencies(data):
        raise ManifestError(f"{source}: {problem}; the result is inconsistent: re-run the lab")


def _remedy(data: Any) -> str:
    """What to do about a manifest that does not validate: make it again."""
    lab = data.get("lab") if isinstance(data, dict) else None
    device = data.get("device") if isinstance(data, dict) else None
    if isinstance(lab, str) and lab.isidentifier() and device in ("cpu", "cuda"):
        return f"re-run the lab (make labs LAB={lab} DEVICE={device} FORCE=1) or restore the file"
    return "re-run the lab that wrote it, or restore the file"


def _short(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[:limit] + "…"


def _device_inconsistencies(data: dict[str, Any]):
    """The device a manifest records, against the machine its provenance describes: a CPU run
    relabelled as cuda has no GPU in its provenance, and is shown as a GPU run nowhere."""
    device, provenance = data["device"], data["provenance"]
    if provenance["device"] != device:
        yield f"field 'provenance.device': {provenance['device']!r}, but the result is of device {device!r}"
    elif device == "cuda" and (not provenance.get("gpu_name") or provenance.get("gpu_count", 0) < 1
                               or provenance["device_name"] != provenance["gpu_name"]):
        yield (f"field 'provenance.gpu_name': a cuda result whose provenance names no GPU it ran on "
               f"(device_name {provenance['device_name']!r}, gpu_name {provenance.get('gpu_name')!r})")
    elif device == "cpu" and provenance["device_name"] != provenance["cpu_model"]:
        yield (f"field 'provenance.device_name': a cpu result run on {provenance['device_name']!r}, "
               f"not on its CPU {provenance['cpu_model']!r}")


def _inconsistencies(data: dict[str, Any]):
    yield from _device_inconsistencies(data)
    for key, table in data["tables"].items():
        for number, row in enumerate(table["rows"], start=1):
            if len(row) != len(table["columns"]):
                yield f"field 'tables.{key}.rows.{number - 1}': {len(row)} cells for {len(table['columns'])} columns"
    for key, figure in data["figures"].items():
        table = data["tables"].get(figure["table"])
        if table is None:
            yield f"field 'figures.{key}.table': no table {figure['table']!r}"
            continue
        wanted = [figure["x"], *figure["y"], *figure.get("error_low", {}).values(),
                  *figure.get("error_high", {}).values()]
        if missing := [c for c in wanted if c not in table["columns"]]:
            yield f"field 'figures.{key}': table {figure['table']!r} has no column {', '.join(missing)}"
    for key, check in data["checks"].items():
        try:
            passed = bool(CHECK_OPERATORS[check["op"]](check["value"], check["threshold"]))
        except TypeError:
            yield f"field 'checks.{key}': {check['value']!r} {check['op']} {check['threshold']!r} cannot be compared"
            continue
        if passed != check["passed"]:
            yield (f"field 'checks.{key}.passed': recorded {check['passed']}, but {check['value']!r} "
                   f"{check['op']} {check['threshold']!r} is {passed}")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} does not fit a float")
    return value


def _no_constants(name: str) -> float:
    raise ValueError(f"{name} is not a number a result may hold")


def parse_json(text: str) -> Any:
    """JSON as results allow it: no NaN or Infinity, no number too large for a float."""
    return json.loads(text, parse_float=_finite, parse_constant=_no_constants)


# Contents already validated in this process: a site build reads each manifest once per
# language and per command, and validating the larger ones against the schema costs more
# than everything else a build does with them. Keyed by the text itself, so an edit re-validates.
_VALIDATED: set[str] = set()


def read_manifest(path: Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
        data = parse_json(text)
    except json.JSONDecodeError as error:
        raise ManifestError(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}): "
                            f"{error.msg}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise ManifestError(f"{path}: not a valid result ({error})") from None
    except OSError as error:
        raise ManifestError(f"{path}: cannot be read ({error.strerror})") from None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if digest not in _VALIDATED:
        validate_manifest(data, str(path))
        _VALIDATED.add(digest)
    return data


@dataclass(frozen=True)
class LabResult:
    lab: str
    device: str
    folder: Path
    manifest: dict[str, Any]
    replaced: Path | None = None      # after a commit: where the result it replaced was kept

    @property
    def status(self) -> str:
        return self.manifest["status"]

    @property
    def provenance(self) -> dict[str, Any]:
        return self.manifest["provenance"]

    def artifact_path(self, key: str) -> Path:
        return self.folder / self.manifest["artifacts"][key]["path"]


@dataclass(frozen=True)
class FailureRecord:
    lab: str
    device: str
    date_utc: str
    reason: str
    log: str          # path relative to the repository root
    command: str
    cache_key: str


def device_folder(results_dir: Path, lab: str, device: str) -> Path:
    return Path(results_dir) / lab / device


def _failure_paths(results_dir: Path, lab: str, device: str) -> tuple[Path, Path]:
    base = Path(results_dir) / lab
    return base / f"{device}.failed.json", base / f"{device}.failed.log"


def _recover_interrupted_swap(final: Path) -> None:
    previous = final.with_name(f".{final.name}.prev")
    if not final.exists() and previous.exists():
        previous.rename(final)


def load_result(results_dir: Path, lab: str, device: str) -> LabResult | None:
    final = device_folder(results_dir, lab, device)
    _recover_interrupted_swap(final)
    manifest_path = final / "manifest.json"
    if not manifest_path.is_file():
        return None
    manifest = read_manifest(manifest_path)
    check_filed_under(manifest, lab, device, manifest_path)
    return LabResult(lab=lab, device=device, folder=final, manifest=manifest)


def check_filed_under(manifest: dict[str, Any], lab: str, device: str, source: Path | str) -> None:
    """A manifest says which lab and device it is a result of; the folder it sits in must agree,
    or a CPU run copied under cuda/ would be shown as a GPU result."""
    for field, recorded, folder in (("lab", manifest["lab"], lab), ("device", manifest["device"], device)):
        if recorded != folder:
            raise ManifestError(f"{source}: field '{field}': the result is of {field} {recorded!r} but is filed "
                                f"under results/{lab}/{device}/; move it to results/{manifest['lab']}/"
                                f"{manifest['device']}/ or re-run the lab on {device}")


def load_failure(results_dir: Path, lab: str, device: str) -> FailureRecord | None:
    record, _ = _failure_paths(results_dir, lab, device)
    if not record.is_file():
        return None
    try:
        return FailureRecord(**json.loads(record.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError) as error:  # damaged: still a failure, said plainly
        return FailureRecord(lab=lab, device=device, date_utc="?", log=str(record), cache_key="",
                             reason=f"its failure record {record} is unreadable ({error}); delete it and re-run",
                             command=f"make labs LAB={lab} DEVICE={device} FORCE=1")


def referenced_files(folder: Path, manifest: dict[str, Any], source: str) -> list[Path]:
    """The files a manifest names as artifacts, each a regular file inside `folder`.

    A symbolic link, a folder, a device or a path that leads outside is refused, naming the
    artifact: only what the lab wrote there can become part of a result.
    """
    root = Path(folder).resolve()
    files = []
    for key, artifact in manifest["artifacts"].items():
        path = Path(folder) / artifact["path"]
        where = f"{source}: field 'artifacts.{key}.path' ({artifact['path']})"
        chain = [path, *[p for p in path.parents if p != Path(folder) and Path(folder) in p.parents]]
        if any(p.is_symlink() for p in chain):
            raise ManifestError(f"{where} is or passes through a symbolic link; results keep regular files only")
        try:
            mode = path.lstat().st_mode
        except OSError:
            raise ManifestError(f"{where} does not exist") from None
        if not stat.S_ISREG(mode):
            raise ManifestError(f"{where} is not a regular file")
        if not path.resolve().is_relative_to(root):
            raise ManifestError(f"{where} leads outside the result's folder")
        files.append(path)
    return files


def history_folder(results_dir: Path, lab: str, device: str, manifest: dict[str, Any]) -> Path:
    """Where a replaced result is kept: results/.history/<lab>/<device>-<its date>/ (not published)."""
    stamp = manifest["provenance"]["date_utc"].replace(":", "").replace("-", "")
    return Path(results_dir) / ".history" / lab / f"{device}-{stamp}"


def neutralise_machine_paths(files) -> None:
    """Rewrite the absolute paths of the machine that ran the lab in each text artifact (Inductor's
    `# File: /home/ada/...`, `/tmp/<run>/inductor-cache/...`): a result is read by others, and the
    committer's file system is not part of it. Binary files are left as they are."""
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rewritten = machine_paths.neutral(text)
        if rewritten != text:
            write_text_atomic(path, rewritten)


def commit_result(results_dir: Path, lab: str, device: str, staging: Path) -> LabResult:
    """Validate the staged run, then make it the lab's result and clear any failure record.

    Only the manifest and the regular files it references are kept; the result it replaces
    moves to `history_folder`, so nothing is lost. Returns the new result; `.replaced` on the
    returned object is where the old one went (None when there was none).
    """
    staging = Path(staging)
    manifest = read_manifest(staging / "manifest.json")
    if (manifest["lab"], manifest["device"]) != (lab, device):
        raise ManifestError(f"{staging}/manifest.json: it is a result of {manifest['lab']}/{manifest['device']}, "
                            f"not of {lab}/{device}")
    keep = {p.resolve() for p in referenced_files(staging, manifest, f"{staging}/manifest.json")}
    keep.add((staging / "manifest.json").resolve())
    for path in sorted(staging.rglob("*"), reverse=True):  # children before their folders
        if path.is_symlink() or (path.is_file() and path.resolve() not in keep):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    neutralise_machine_paths(keep - {(staging / "manifest.json").resolve()})
    final = device_folder(results_dir, lab, device)
    previous = final.with_name(f".{final.name}.prev")
    _recover_interrupted_swap(final)
    staging = _beside(staging, final)
    if previous.exists():
        shutil.rmtree(previous)
    replaced = None
    if final.exists():
        replaced = _kept_as(results_dir, lab, device)
        final.rename(previous)
    staging.rename(final)
    if replaced is not None:
        replaced.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(replaced, ignore_errors=True)
        previous.rename(replaced)
    shutil.rmtree(previous, ignore_errors=True)
    for path in _failure_paths(results_dir, lab, device):
        path.unlink(missing_ok=True)
    return LabResult(lab=lab, device=device, folder=final, manifest=manifest, replaced=replaced)


def _kept_as(results_dir: Path, lab: str, device: str) -> Path | None:
    """Where the result a commit replaces goes: the history folder of its date; a damaged one
    (its manifest unreadable, which `judge` has re-made) `<device>-damaged` there, so that a
    re-run is not refused for it nor loses it; a folder with no manifest, nowhere."""
    if not (device_folder(results_dir, lab, device) / "manifest.json").is_file():
        return None
    try:
        old = load_result(results_dir, lab, device)
    except ManifestError:
        return Path(results_dir) / ".history" / lab / f"{device}-damaged"
    return history_folder(results_dir, lab, device, old.manifest) if old else None


def _beside(staging: Path, final: Path) -> Path:
    """The staged run moved next to its final folder, so the swap is two renames on one
    filesystem. A lab writes its run outside results/ (a killed run leaves nothing there); the
    move is a rename, or a copy when results/ is on another filesystem. Folders that an earlier,
    killed move left behind are removed first."""
    final.parent.mkdir(parents=True, exist_ok=True)
    for leftover in final.parent.glob(f".{final.name}.staging-*"):
        shutil.rmtree(leftover, ignore_errors=True)
    if staging.parent == final.parent:
        return staging
    beside = final.with_name(f".{final.name}.staging-{os.getpid()}")
    try:
        staging.rename(beside)
    except OSError:  # another filesystem: copy, then drop the original
        shutil.copytree(staging, beside, symlinks=True)
        shutil.rmtree(staging, ignore_errors=True)
    return beside


def record_failure(results_dir: Path, failure: FailureRecord, log_text: str) -> None:
    """Keep the failed attempt's reason and log; the last good result stays as it was."""
    record, log = _failure_paths(results_dir, failure.lab, failure.device)
    write_text_atomic(log, log_text[-FAILED_LOG_TAIL:])
    write_json_atomic(record, failure.__dict__)


def published_files(results_dir: Path) -> list[Path]:
    """Paths (relative to `results_dir`) the site serves: each valid manifest and the regular
    files it names as artifacts, inside its own folder. Anything else stays unpublished."""
    files: list[Path] = []
    for manifest_path in sorted(Path(results_dir).glob("*/*/manifest.json")):
        folder = manifest_path.parent
        try:
            manifest = read_manifest(manifest_path)
        except ManifestError:
            continue  # the build reports it where a page uses it
        try:
            artifacts = referenced_files(folder, manifest, str(manifest_path))
        except ManifestError:
            continue
        files.append(manifest_path.relative_to(results_dir))
        files += [path.relative_to(results_dir) for path in artifacts]
    return files


class Freshness(StrEnum):
    """How a stored result relates to what a run here would measure."""
    MISSING = "missing"              # no result
    DAMAGED = "damaged"              # a manifest that does not validate: re-made, never trusted
    FAILED = "failed"                # the result, or the latest attempt, records a failed run
    CURRENT = "current"              # same code, preset, software and machine
    OTHER_MACHINE = "other_machine"  # same code and preset, measured on another machine (or torch)
    STALE = "stale"                  # the lab's code changed, or the preset differs


@dataclass(frozen=True)
class Verdict:
    """The store's judgement of one lab's result for one run request: its freshness, and why
    it may stand instead of a run (None: the lab must run)."""
    freshness: Freshness
    reuse: str | None = None
    result: LabResult | None = None


def freshness_of(result: LabResult | None, lab: str, key: str, preset: str) -> Freshness:
    """A loaded result against the cache key and preset a run here would have."""
    if result is None:
        return Freshness.MISSING
    if result.status == "failed":
        return Freshness.FAILED
    provenance = result.provenance
    if provenance.get("cache_key") == key:
        return Freshness.CURRENT
    if provenance.get("source_hash") == contract.source_hash(lab) and provenance.get("preset") == preset:
        return Freshness.OTHER_MACHINE
    return Freshness.STALE


def judge(results_dir: Path, lab: str, device: str, key: str, preset: str, *,
          force: bool = False, keep_other_machines: bool = False) -> Verdict:
    """Whether the stored result of `lab` on `device` can stand instead of a run.

    A learner's `make labs` measures their own machine: only a current result is reused.
    `make site` (keep_other_machines) also keeps a result of the same code measured on a named
    machine, the committed ones, and says so. FORCE re-runs whatever is stored; a recorded
    failure of the latest attempt is never reused; a damaged result is re-made.
    """
    if load_failure(results_dir, lab, device):
        return Verdict(Freshness.FAILED)
    try:
        result = load_result(results_dir, lab, device)
    except ManifestError:
        return Verdict(Freshness.DAMAGED)
    state = freshness_of(result, lab, key, preset)
    reuse = None
    if force:
        pass
    elif state is Freshness.CURRENT:
        reuse = "up to date for this machine"
    elif state is Freshness.OTHER_MACHINE and keep_other_machines:
        reuse = (f"showing the committed run from {result.provenance['device_name']} "
                 f"({result.provenance['date_utc'][:10]}); FORCE=1 measures this machine instead")
    return Verdict(state, reuse, result)


class ResultStore:
    """Cached read access for the site build: one load per (lab, device) per build."""

    def __init__(self, results_dir: Path = RESULTS_DIR):
        self.results_dir = Path(results_dir)
        self._results: dict[tuple[str, str], LabResult | None] = {}

    def get(self, lab: str, device: str) -> LabResult | None:
        if (lab, device) not in self._results:
            self._results[(lab, device)] = load_result(self.results_dir, lab, device)
        return self._results[(lab, device)]

    def failure(self, lab: str, device: str) -> FailureRecord | None:
        return load_failure(self.results_dir, lab, device)

    def devices(self, lab: str) -> list[str]:
        """Devices with a result or a failure record for `lab`, CPU first."""
        return [d for d in DEVICES if self.get(lab, d) is not None or self.failure(lab, d) is not None]
