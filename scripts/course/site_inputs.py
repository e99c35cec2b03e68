"""Whether `site/` is up to date: a digest of everything the site is built from.

`make site` with nothing changed used to rebuild the whole site (a strict MkDocs build of
both languages, about 10 s here) to produce the same files. The digest covers every file the
build reads: the pages, the results, the benchmark outputs the pages quote, the cohorts, the
engine and its hooks, the labs' metadata and code (pages show both), MkDocs' configuration and
the pinned requirements, plus the variables that point the build elsewhere. After a build the
digest is written into `site/`; the next `make site` rebuilds only when it differs (or with
FORCE=1).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from labs.common.contract import write_text_atomic

INPUT_FOLDERS = ("docs", "results", "benchmarks", "cohorts", "scripts", "labs")
INPUT_FILES = ("mkdocs.yml", "requirements.txt", "constraints.txt")
INPUT_VARIABLES = ("COURSE_RESULTS_DIR",)
STAMP = ".build-inputs"


def _input_files(root: Path) -> list[Path]:
    files = [root / name for name in INPUT_FILES if (root / name).is_file()]
    for folder in INPUT_FOLDERS:
        for path in (root / folder).rglob("*"):
            relative = path.relative_to(root).parts
            # caches, and folders the build never reads (a replaced result's history)
            if any(part.startswith(".") or part == "__pycache__" for part in relative):
                continue
            if path.is_file():
                files.append(path)
    return sorted(files)


def digest(root: Path) -> str:
    """One hash of every input file's path and bytes, and of the variables the build reads."""
    h = hashlib.sha256()
    for path in _input_files(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    for name in INPUT_VARIABLES:
        h.update(f"{name}={os.environ.get(name, '')}\0".encode())
    return h.hexdigest()


def is_current(root: Path, site: Path) -> bool:
    """True when `site` was built from exactly the inputs there are now."""
    stamp = site / STAMP
    return stamp.is_file() and (site / "index.html").is_file() and stamp.read_text(encoding="utf-8").strip() == digest(root)


def record(root: Path, site: Path) -> None:
    """After a successful build: remember what it was built from."""
    write_text_atomic(site / STAMP, digest(root) + "\n")
