"""Absolute paths of the machine that ran a lab, made neutral where a result's text enters the site.

Inductor and Dynamo write where they ran: `# File: /home/ada/course/labs/x/block.py:24` in a
graph, `/tmp/inside_compile-cuda-k3j/inductor-cache/…` in a trace. On a page that is the
committer's or the learner's file system, not a lesson. `neutral()` rewrites each absolute path:

- inside the repository (a path through `labs/`, `results/`, `.work/`…): repository-relative,
  `labs/x/block.py`; the repository's root alone, once seen in the text, becomes `.`;
- inside a Python installation: from `site-packages/` (or `lib/python3.X/`) on, after `…/`;
- in a temporary folder: `<tmp>/` and what follows the run's own folder;
- in a home folder: `~/` and what follows the user's name.

Other absolute paths (`/usr/bin/g++`, `/dev/shm`) name no person and no checkout: they stay.
A result's text artifacts are rewritten once, when the result is committed to `results/`
(`results.commit_result`, for local runs and imports alike); the site applies it again where
text reaches site/, for results committed before that.
"""

from __future__ import annotations

import re
from pathlib import Path

# Top-level folders of this repository that a run's paths go through.
REPOSITORY_DIRS = frozenset({"labs", "scripts", "results", ".work", ".venv", "experiments", "cohorts", "docs",
                             "tests"})
PACKAGE_DIRS = frozenset({"site-packages", "dist-packages"})
HOME_ROOTS = frozenset({"home", "Users"})
_PYTHON_LIB = re.compile(r"python3\.\d+$")
# An absolute path: not the tail of a URL (`http://h/p`), of a relative path or of a word.
_ABSOLUTE = re.compile(r"(?<![\w.~/:\\-])(?:/[\w.+@~-]+)+/?")
CHECKOUT = Path(__file__).resolve().parents[2]


def _temporary(parts: list[str]) -> int | None:
    """How many leading parts name a temporary folder and the run's folder inside it."""
    if parts[0] == "tmp" or parts[:2] == ["var", "tmp"]:
        return (1 if parts[0] == "tmp" else 2) + 1
    if parts[:2] == ["var", "folders"] or parts[:3] == ["private", "var", "folders"]:  # macOS
        start = 3 if parts[0] == "private" else 2
        return start + 4   # xx/yyyy/T after folders/, then the run's folder
    return None


def _rewrite(path: str, roots: set[str]) -> str:
    trailing = "/" if path.endswith("/") and len(path) > 1 else ""
    parts = path.strip("/").split("/")
    if path.rstrip("/") in roots:
        return "." + trailing
    packages = [index for index, part in enumerate(parts) if part in PACKAGE_DIRS]
    python = [index - 1 for index, part in enumerate(parts) if index and _PYTHON_LIB.match(part) and parts[index - 1] == "lib"]
    if packages or python:
        return "…/" + "/".join(parts[(packages or python)[-1]:]) + trailing
    for index, part in enumerate(parts[1:], start=1):
        if part in REPOSITORY_DIRS:
            return "/".join(parts[index:]) + trailing
    if (skip := _temporary(parts)) is not None:
        rest = parts[skip:]
        return "<tmp>/" + "/".join(rest) + trailing if rest else "<tmp>" + trailing
    if parts[0] in HOME_ROOTS and len(parts) > 1:
        return "~/" + "/".join(parts[2:]) + trailing
    if parts[0] == "root":
        return "~/" + "/".join(parts[1:]) + trailing
    return path


def _roots(text: str) -> set[str]:
    """The repository roots the text's own paths reveal (what precedes `labs/`, `.work/`…),
    and this checkout's: `"/work/main"` alone in a config dump is the same checkout."""
    roots = {str(CHECKOUT)}
    for match in _ABSOLUTE.finditer(text):
        parts = match.group(0).strip("/").split("/")
        for index, part in enumerate(parts[1:], start=1):
            if part in REPOSITORY_DIRS and not PACKAGE_DIRS & set(parts):
                roots.add("/" + "/".join(parts[:index]))
                break
    return roots


def neutral(text: str) -> str:
    """`text` with every absolute path of the machine that wrote it made neutral (see above)."""
    if "/" not in text:
        return text
    roots = _roots(text)
    return _ABSOLUTE.sub(lambda match: _rewrite(match.group(0), roots), text)
