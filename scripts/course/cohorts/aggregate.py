"""A cohort's aggregate: what each stored submission contributes to its page, computed once.

A cohort page needs, per submission, a few dozen fields (lab, machine, versions, check
verdicts, headline values), not the 5-30 KiB file. `cohort add` computes that entry when it
accepts a file and keeps every entry in `cohorts/<id>/.aggregate.json`, so a page of 50,000
submissions reads one file instead of 50,000, and adding one more rewrites one file instead
of re-reading the cohort.

The submission files stay the source of truth: the aggregate is a cache of them, git-ignored,
and never trusted blindly. It is used only when its own digest matches its body and its list
of files (name, folder, size) matches the submissions on disk; otherwise it is rebuilt from the
files, each checked again as `add` checked it. `entry()` is the one function both paths use, so
a rebuild equals what the adds built (tested).

    line 1: {"aggregate_version": 1, "sha256": "<digest of line 2>"}
    line 2: [entry, entry, ...]   in the order the submissions were accepted
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from course.cohorts.headlines import headlines
from course.cohorts.submission import alias_key, lab_of

AGGREGATE_VERSION = 2   # bump when an entry's fields change: an older file is then rebuilt
FILE_NAME = ".aggregate.json"
PROVENANCE = ("device", "device_name", "cpu_model", "threads", "torch", "triton", "python", "commit", "date_utc")


class AggregateError(ValueError):
    """The aggregate file cannot be trusted (missing, corrupt, stale); rebuild it from the files."""


def entry(name: str, data: dict[str, Any], size: int, replaced: bool = False) -> dict[str, Any]:
    """What one stored submission contributes to its cohort's page and download; `size` is its
    file's, in bytes (what `matches` compares with the file on disk)."""
    lab = lab_of(data)
    values = {}
    for headline in headlines(lab):
        metric = data["metrics"].get(headline.key)
        if metric is not None:
            values[headline.key] = metric["value"]
    return {"name": name, "replaced": replaced, "bytes": size,
            "alias": data["alias"], "learner_key": alias_key(data["alias"]), "lab": lab, "preset": data["preset"],
            **{key: data["provenance"][key] for key in PROVENANCE},
            "checks": {key: check["passed"] for key, check in data["checks"].items()},
            "headlines": values}


def path(folder: Path) -> Path:
    return folder / FILE_NAME


def dumps(entries: list[dict[str, Any]]) -> bytes:
    body = json.dumps(entries, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    head = json.dumps({"aggregate_version": AGGREGATE_VERSION, "sha256": hashlib.sha256(body).hexdigest()})
    return head.encode() + b"\n" + body + b"\n"


# Decoded bodies by their digest: a site build reads a cohort's aggregate for its page in each
# language and for its downloads; decoding 50,000 entries takes about a second here. Callers
# read the entries and never change them.
_DECODED: dict[str, list[dict[str, Any]]] = {}
_DECODED_KEPT = 4


def loads(raw: bytes) -> list[dict[str, Any]]:
    """The entries of an aggregate file; AggregateError when it is not one this code wrote intact."""
    head, _, body = raw.partition(b"\n")
    body = body.removesuffix(b"\n")
    try:
        header = json.loads(head)
        if not isinstance(header, dict) or header.get("aggregate_version") != AGGREGATE_VERSION:
            raise AggregateError("written by another version of the course")
        digest = hashlib.sha256(body).hexdigest()
        if header.get("sha256") != digest:
            raise AggregateError("its body does not match its digest")
        if digest in _DECODED:
            return _DECODED[digest]
        entries = json.loads(body)
    except AggregateError:   # a ValueError too: said as it is, not as "not readable (…)"
        raise
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        raise AggregateError(f"not readable ({error})") from None
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise AggregateError("not a list of entries")
    if len(_DECODED) >= _DECODED_KEPT:
        _DECODED.pop(next(iter(_DECODED)))
    _DECODED[digest] = entries
    return entries


def on_disk(submissions: Path, history: str, *, sizes: bool = True) -> dict[tuple[str, bool], int | None]:
    """(name, replaced) -> size of every stored submission file (None without `sizes`: a stat a
    file, a tenth of a second for 10,000); dot files are nobody's."""
    found: dict[tuple[str, bool], int | None] = {}
    for folder, replaced in ((submissions, False), (submissions / history, True)):
        if not folder.is_dir():
            continue
        with os.scandir(folder) as listing:
            for item in listing:
                if item.name[0] != "." and item.name != history:
                    found[(item.name, replaced)] = item.stat(follow_symlinks=False).st_size if sizes else None
    return found


def matches(entries: list[dict[str, Any]], files: dict[tuple[str, bool], int | None]) -> bool:
    """True when the entries describe exactly the files there are, at the sizes they were added
    (names only where `files` has no sizes)."""
    if len(entries) != len(files):
        return False
    return all((key := (e.get("name"), e.get("replaced"))) in files and files[key] in (e.get("bytes"), None)
               for e in entries)


def write(folder: Path, entries: list[dict[str, Any]], target: Path | None = None) -> Path:
    """Write the aggregate (to `target`, or into place atomically); returns the path written."""
    final = target or path(folder)
    temporary = final.with_name(final.name + f".tmp-{os.getpid()}")
    with open(temporary, "wb") as handle:
        handle.write(dumps(entries))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, final)
    return final
