"""A cohort's submissions on disk, and `cohort add`: checked one file at a time, stored all at once.

    cohorts/<id>/cohort.toml                         the instructor's settings (config.py)
    cohorts/<id>/submissions/000007-<hash16>.json    accepted submissions, current
    cohorts/<id>/submissions/history/…               submissions a later one replaced (--replace)

A stored file is named by the order it was accepted in and its content hash, never by
anything a learner wrote. It is the submission re-serialised after it passed every check,
not the learner's bytes.

Adding is atomic: the new state of `submissions/` is assembled in a staging folder (the
files already accepted are hard links, so this costs no copies), then put in place with two
renames (old -> .submissions.prev, staging -> submissions). If the process dies before the
second rename, the next reader renames .prev back: the cohort is as it was. A lock file
keeps two `add`s from interleaving.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import stat
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from course.cohorts.config import Cohort, CohortError
from course.cohorts.submission import MAX_BYTES, SubmissionError, lab_of, parse, short_hash, to_text
from labs.common.contract import lab_ids

STORED_NAME = re.compile(r"^(?P<seq>\d{6})-(?P<hash>[0-9a-f]{16})\.json$")
HISTORY = "history"
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


@dataclass(frozen=True)
class Stored:
    seq: int
    name: str
    data: dict[str, Any]
    replaced: bool = False   # in history/: a later submission of the same learner and lab replaced it

    @property
    def hash(self) -> str:
        return short_hash(self.data)


@dataclass
class Outcome:
    """What `add` did with one file: accepted, duplicate or refused, and one line saying why."""
    file: str
    verdict: str
    message: str

    def line(self) -> str:
        """One line, whatever the file's name holds (a newline, a terminal escape)."""
        return f"{self.verdict} {CONTROL.sub('?', self.file)}: {CONTROL.sub('?', self.message)}"


@dataclass
class _Plan:
    """The cohort as it will be once this add is committed, indexed for the two questions each
    file asks: is this run already here (by hash), and has this learner sent this lab before."""
    stored: list[Stored]
    new: list[Stored] = field(default_factory=list)
    to_history: set[str] = field(default_factory=set)
    by_hash: dict[str, Stored] = field(default_factory=dict)
    current: dict[tuple[str, str], Stored] = field(default_factory=dict)   # (alias key, lab) -> current one
    last_seq: int = 0

    def __post_init__(self) -> None:
        for item in self.stored:
            self.index(item)

    def index(self, item: Stored) -> None:
        self.by_hash[item.hash] = item
        self.last_seq = max(self.last_seq, item.seq)
        key = alias_key(item.data["alias"])
        if key and not item.replaced:
            self.current[(key, lab_of(item.data))] = item

    def in_history(self, item: Stored) -> bool:
        return item.replaced or item.name in self.to_history


def alias_key(alias: str | None) -> str | None:
    """Two aliases name the same learner when they read the same: Unicode-normalised, case and
    spacing ignored. No alias: every submission stands for a learner of its own."""
    if not alias:
        return None
    return " ".join(unicodedata.normalize("NFKC", alias).casefold().split())


# -- reading -----------------------------------------------------------------------------------

def _recover(cohort: Cohort) -> None:
    final, previous = cohort.submissions_dir, cohort.folder / ".submissions.prev"
    if not final.exists() and previous.exists():
        previous.rename(final)      # died between the two renames: the old state comes back
    elif previous.exists():
        shutil.rmtree(previous)     # died after them: the new state stands


@lru_cache(maxsize=4096)
def _checked(raw: bytes) -> dict[str, Any]:
    """Every check, once per content per process (the English and Spanish builds share it)."""
    return parse(raw)


def _read_stored(path: Path, replaced: bool, full: bool) -> Stored:
    match = STORED_NAME.match(path.name)
    if not match or path.is_symlink() or not path.is_file():
        raise CohortError(f"{path}: not a file `cohort add` wrote; remove it (add submissions with "
                          "`python -m course cohort add`)")
    try:
        raw = path.read_bytes()
        data = _checked(raw) if full else parse(raw, full=False)  # shared: read, never modified
    except SubmissionError as error:
        raise CohortError(f"{path}: {error}") from None
    if short_hash(data) != match.group("hash"):
        raise CohortError(f"{path}: its name does not match its content hash; it was edited after it was added")
    return Stored(seq=int(match.group("seq")), name=path.name, data=data, replaced=replaced)


def read_submissions(cohort: Cohort, *, full: bool = True) -> list[Stored]:
    """Every submission, current and replaced, in the order they were accepted.

    full: check each file again as `add` did (what a page is built from); without it, only that
    each still matches its hash (what `add` needs to know about the files already there)."""
    _recover(cohort)
    folder = cohort.submissions_dir
    if not folder.is_dir():
        return []
    # Dot files (an editor's or a file manager's) are nobody's submission.
    stored = [_read_stored(p, False, full) for p in folder.iterdir() if p.name != HISTORY and p.name[0] != "."]
    if (folder / HISTORY).is_dir():
        stored += [_read_stored(p, True, full) for p in (folder / HISTORY).iterdir() if p.name[0] != "."]
    return sorted(stored, key=lambda s: s.seq)


# -- adding ------------------------------------------------------------------------------------

def read_candidate(path: Path) -> bytes:
    """A file's bytes, if it is a regular file of a submission's size; never through a link."""
    try:
        info = os.lstat(path)
    except OSError as error:
        raise SubmissionError(f"cannot be read ({error.strerror}); check the path") from None
    if stat.S_ISLNK(info.st_mode):
        raise SubmissionError("is a symbolic link; pass the submission file itself")
    if not stat.S_ISREG(info.st_mode):
        raise SubmissionError("is not a regular file; pass the submission file itself")
    if info.st_size > MAX_BYTES:
        raise SubmissionError(f"is {info.st_size:,} bytes, over the {MAX_BYTES // 1024} KiB limit for a submission "
                              "(a real one is a few KiB); submit the file `course submit` wrote")
    # O_NOFOLLOW: a link swapped in after the check above still fails here.
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        raise SubmissionError(f"cannot be read ({error.strerror}); pass the submission file itself") from None
    with os.fdopen(fd, "rb") as handle:
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise SubmissionError(f"grew over the {MAX_BYTES // 1024} KiB limit while it was read")
    return raw


def _consider(cohort: Cohort, plan: _Plan, path: Path, replace: bool, labs: list[str]) -> Outcome:
    data = parse(read_candidate(path), known_labs=labs)
    if lab_of(data) not in cohort.labs:
        raise SubmissionError(f"lab {data['lab']} is not part of cohort {cohort.id} (it has: "
                              f"{', '.join(cohort.labs)}); only runs of those labs can be added")
    if not cohort.accepts_preset(data["preset"]):
        raise SubmissionError(f"is a {data['preset']} run and cohort {cohort.id} requires {cohort.preset} runs; "
                              f"run the lab with --preset {cohort.preset} and submit again")
    if same := plan.by_hash.get(short_hash(data)):
        where = "history/" if plan.in_history(same) else ""
        return Outcome(str(path), "duplicate", f"the same run as {where}{same.name}; not stored twice")
    key = alias_key(data["alias"])
    earlier = plan.current.get((key, lab_of(data))) if key else None
    if earlier and not replace:
        raise SubmissionError(f"this learner already has a submission for {data['lab']} ({earlier.name}, run "
                              f"{earlier.data['provenance']['date_utc']}); pass --replace to keep the new one "
                              "instead (the earlier one is kept in history)")
    seq = plan.last_seq + 1
    new = Stored(seq=seq, name=f"{seq:06d}-{short_hash(data)}.json", data=data)
    plan.new.append(new)
    plan.index(new)
    if earlier:
        plan.to_history.add(earlier.name)
        return Outcome(str(path), "accepted", f"as {new.name}; replaces {earlier.name}, kept in history/")
    return Outcome(str(path), "accepted", f"as {new.name}")


@contextlib.contextmanager
def _locked(cohort: Cohort) -> Iterator[None]:
    with open(cohort.folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def add(cohort: Cohort, paths: list[Path], *, replace: bool = False) -> list[Outcome]:
    """Check each file; store every accepted one in one atomic step. Refusals change nothing."""
    labs = lab_ids()
    with _locked(cohort):
        plan = _Plan(stored=read_submissions(cohort, full=False))
        outcomes = []
        for path in paths:
            try:
                outcomes.append(_consider(cohort, plan, Path(path), replace, labs))
            except SubmissionError as error:
                outcomes.append(Outcome(str(path), "refused", str(error)))
        if plan.new:
            _commit(cohort, plan)
    return outcomes


def _write(path: Path, text: str) -> None:
    with open(path, "x", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def _commit(cohort: Cohort, plan: _Plan) -> None:
    final, previous = cohort.submissions_dir, cohort.folder / ".submissions.prev"
    for stale in cohort.folder.glob(".submissions.staging-*"):
        shutil.rmtree(stale)        # an add that died before its swap left it; it changed nothing
    staging = cohort.folder / f".submissions.staging-{os.getpid()}"
    (staging / HISTORY).mkdir(parents=True)
    for stored in plan.stored:      # what is there stays, as hard links (a copy where links fail)
        where = HISTORY if plan.in_history(stored) else "."
        source = final / (HISTORY if stored.replaced else ".") / stored.name
        try:
            os.link(source, staging / where / stored.name)
        except OSError:
            shutil.copy2(source, staging / where / stored.name)
    for stored in plan.new:
        _write(staging / (HISTORY if stored.name in plan.to_history else ".") / stored.name, to_text(stored.data))
    if final.exists():
        os.rename(final, previous)
    os.rename(staging, final)
    shutil.rmtree(previous, ignore_errors=True)
