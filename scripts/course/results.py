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

import json
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from labs.common.contract import DEVICES, MANIFEST_SCHEMA_PATH, write_json_atomic, write_text_atomic

ROOT = Path(__file__).resolve().parents[2]
RESULTS_DIR = ROOT / "results"
FAILED_LOG_TAIL = 200_000  # characters of a failed run's log worth keeping


class ManifestError(ValueError):
    """A manifest that is not valid JSON or breaks the schema; names the file and the field."""


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # the engine's dependency, never a lab's
    schema = json.loads(MANIFEST_SCHEMA_PATH.read_text())
    return jsonschema.Draft202012Validator(schema)


def validate_manifest(data: Any, source: str) -> None:
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        field = ".".join(str(p) for p in error.absolute_path) or "(top level)"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise ManifestError(f"{source}: field '{field}': {error.message}{more}")


def read_manifest(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ManifestError(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}): "
                            f"{error.msg}") from None
    validate_manifest(data, str(path))
    return data


@dataclass(frozen=True)
class LabResult:
    lab: str
    device: str
    folder: Path
    manifest: dict[str, Any]

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
    return LabResult(lab=lab, device=device, folder=final, manifest=read_manifest(manifest_path))


def load_failure(results_dir: Path, lab: str, device: str) -> FailureRecord | None:
    record, _ = _failure_paths(results_dir, lab, device)
    if not record.is_file():
        return None
    return FailureRecord(**json.loads(record.read_text(encoding="utf-8")))


def commit_result(results_dir: Path, lab: str, device: str, staging: Path) -> LabResult:
    """Validate the staged run, then make it the lab's result and clear any failure record."""
    manifest = read_manifest(Path(staging) / "manifest.json")
    for key, artifact in manifest["artifacts"].items():
        if not (Path(staging) / artifact["path"]).is_file():
            raise ManifestError(f"{staging}/manifest.json: field 'artifacts.{key}.path': "
                                f"{artifact['path']} does not exist")
    final = device_folder(results_dir, lab, device)
    previous = final.with_name(f".{final.name}.prev")
    _recover_interrupted_swap(final)
    if previous.exists():
        shutil.rmtree(previous)
    if final.exists():
        final.rename(previous)
    Path(staging).rename(final)
    shutil.rmtree(previous, ignore_errors=True)
    for path in _failure_paths(results_dir, lab, device):
        path.unlink(missing_ok=True)
    return LabResult(lab=lab, device=device, folder=final, manifest=manifest)


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
        files.append(manifest_path.relative_to(results_dir))
        for artifact in manifest["artifacts"].values():
            path = folder / artifact["path"]
            if path.is_file() and not path.is_symlink() and path.resolve().is_relative_to(folder.resolve()):
                files.append(path.relative_to(results_dir))
    return files


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
