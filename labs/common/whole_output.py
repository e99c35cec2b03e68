"""A tool's output folder is whole or absent: the tool writes into a hidden staging folder beside
it and swaps it into place only when everything was written.

    problem = whole_output.refusal(out, "--out", made_by="explain.json")   # before any work
    staging = whole_output.staging_for(out)
    ...write into staging...
    whole_output.put_in_place(staging, out)        # or whole_output.discard(staging)

A folder that exists is replaced only when it is empty or was written by the same tool (it holds
`made_by`): `--out .` must never replace a learner's working folder.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def refusal(path: Path, option: str, made_by: str) -> str | None:
    """Why `path` cannot take the tool's output folder, or None."""
    if path.is_symlink() or (path.exists() and not path.is_dir()):
        return f"{option} {path} is a file; give a folder (it is created if missing)"
    if path.is_dir() and any(path.iterdir()) and not (path / made_by).is_file():
        return (f"{option} {path} already holds files this tool did not write; give a new or empty folder "
                "(a folder it wrote before is replaced whole)")
    parent = _existing_ancestor(path.parent)
    if parent is None or not parent.is_dir():
        return f"{option} {path} cannot be made: {parent} is not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{option} {path} cannot be made: {parent} is not writable; give a folder you can write to"
    return None


def file_refusal(path: Path, option: str) -> str | None:
    """Why `path` cannot take an output file (an existing file is replaced), or None."""
    if path.is_dir():
        return f"{option} {path} is a folder; give the path of a file, e.g. {path / 'report.json'}"
    parent = _existing_ancestor(path.parent)
    if parent is None or not parent.is_dir():
        return f"{option} {path} cannot be written: {parent} is not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{option} {path} cannot be written: {parent} is not writable"
    return None


def _existing_ancestor(path: Path) -> Path | None:
    path = path.absolute()
    for candidate in (path, *path.parents):
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return None


def staging_for(path: Path) -> Path:
    path = path.absolute()
    path.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{path.name}.partial-", dir=path.parent))


def put_in_place(staging: Path, path: Path) -> None:
    """Swap the finished staging folder in; the folder it replaces goes only after the swap."""
    path = path.absolute()
    old = None
    if path.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{path.name}.old-", dir=path.parent))
        os.replace(path, old / "previous")
    os.replace(staging, path)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def discard(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)
