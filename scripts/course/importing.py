"""`python -m course import FOLDER`: place results made on another machine (a GPU, a cloud VM).

FOLDER holds `<lab>/<device>/manifest.json` with its artifacts, as `python -m labs.<lab>
--out FOLDER/<lab>/<device>` writes them. Each result is checked before anything is copied:

- the lab is one of the course's and the device one it runs on; the manifest says the same
  lab and device as its folder, and validates against the schema;
- only the manifest and the regular files it names as artifacts are copied: a symbolic
  link, a special file, a path leading outside the folder, is refused; files it does not
  name stay behind;
- it may not silently replace a better result: a failed or skipped run over one that passed,
  a smoke run over a full one, or an older run over a newer one, is refused unless --force. What it replaces is kept in
  results/.history/ and the line says where.

One line per result: imported, or refused with the reason and what to do. Nothing is
half-copied: each result is staged, validated, then swapped in whole.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from course import results
from labs.common.contract import DEVICES, LabMetaError, lab_ids, load_lab_meta


@dataclass(frozen=True)
class Outcome:
    lab: str
    device: str
    imported: bool
    message: str

    def line(self) -> str:
        return f"{'imported' if self.imported else 'refused'} {self.lab}/{self.device}: {self.message}"


def worse_than_current(new: dict, current: results.LabResult | None) -> str | None:
    """Why `new` should not replace the current result without --force, or None."""
    if current is None:
        return None
    if new["status"] != "ok" and current.status == "ok":
        return f"it is a {new['status']} run and would replace one that passed"
    old, fresh = current.provenance, new["provenance"]
    if fresh["preset"] == "smoke" and old["preset"] == "full":
        return "it is a smoke run and would replace a full one"
    if fresh["date_utc"] < old["date_utc"]:
        return f"it is older ({fresh['date_utc']}) than the current result ({old['date_utc']})"
    return None


def current_result(results_dir: Path, lab: str, device: str) -> results.LabResult | None:
    """The result an import would replace. A damaged one (its manifest unreadable) stands in the
    way of nothing: the import replaces it, and `commit_result` keeps it in the history."""
    try:
        return results.load_result(results_dir, lab, device)
    except results.ManifestError:
        return None


def linked_folder(source: Path, lab: str, device: str) -> str | None:
    """Why `source/lab/device` cannot be imported from: a symbolic link anywhere below `source`
    (the lab's folder as much as the device's) would copy files from outside what was handed in."""
    for folder in (source / lab, source / lab / device):
        if folder.is_symlink():
            return f"{folder} is a symbolic link; copy the folder itself into {source} (links are refused, as files are)"
        if not folder.is_dir():
            return f"{folder} is not a folder"
    return None


def import_one(source: Path, results_dir: Path, lab: str, device: str, force: bool) -> Outcome:
    def refuse(why: str) -> Outcome:
        return Outcome(lab, device, False, why)

    if lab not in lab_ids():
        return refuse(f"no lab named {lab!r} in this course (known: {', '.join(lab_ids())})")
    try:
        meta = load_lab_meta(lab)
    except LabMetaError as error:
        return refuse(str(error))
    if device not in DEVICES or device not in meta.devices:
        return refuse(f"{lab} runs on {', '.join(meta.devices)}, not {device!r}")
    folder = source / lab / device
    if why := linked_folder(source, lab, device):
        return refuse(why)
    manifest_path = folder / "manifest.json"
    try:
        if manifest_path.is_symlink():
            raise results.ManifestError(f"{manifest_path} is a symbolic link")
        manifest = results.read_manifest(manifest_path)
        if (manifest["lab"], manifest["device"]) != (lab, device):
            raise results.ManifestError(f"{manifest_path} is a result of {manifest['lab']}/{manifest['device']}, "
                                        f"but sits in {lab}/{device}; move it to the right folder")
        files = results.referenced_files(folder, manifest, str(manifest_path))
    except results.ManifestError as error:
        return refuse(f"{error}")
    current = current_result(results_dir, lab, device)
    if (why := worse_than_current(manifest, current)) and not force:
        return refuse(f"{why}; add --force to replace it (the current one is then kept in results/.history/)")
    staging = Path(results_dir) / lab / f".{device}.import-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for path in [manifest_path, *files]:
            target = staging / path.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target, follow_symlinks=False)
        committed = results.commit_result(results_dir, lab, device, staging)
    except (OSError, results.ManifestError) as error:
        return refuse(f"could not be placed: {error}")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    p = manifest["provenance"]
    message = f"{p['preset']} run of {p['date_utc']} on {p['device_name']}, {len(files)} artifact(s)"
    if committed.replaced:
        message += f"; the result it replaced is kept in {committed.replaced}"
    return Outcome(lab, device, True, message)


def import_folder(source: Path, results_dir: Path, force: bool = False) -> list[Outcome]:
    found = sorted(p for p in Path(source).glob("*/*/manifest.json") if not p.parent.name.startswith("."))
    return [import_one(Path(source), Path(results_dir), p.parent.parent.name, p.parent.name, force)
            for p in found]
