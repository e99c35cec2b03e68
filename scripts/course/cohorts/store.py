"""A cohort's submissions on disk, and `cohort add`: checked one file at a time, stored all at once.

    cohorts/<id>/cohort.toml                         the instructor's settings (config.py)
    cohorts/<id>/submissions/000007-<hash16>.json    accepted submissions, current
    cohorts/<id>/submissions/history/…               submissions a later one replaced (--replace)
    cohorts/<id>/.aggregate.json                     what each contributes to the page (aggregate.py)

A stored file is named by the order it was accepted in and its content hash, never by
anything a learner wrote. It is the submission re-serialised after it passed every check,
not the learner's bytes.

`add` decides from the aggregate (names carry the hashes, entries the aliases and labs), so
its cost grows with the files added, not with the cohort. It is atomic: the new files and the
new aggregate are written to a staging folder, then a journal naming every move is written
(one rename: the commit point), then the moves are done. A process that dies before the
journal leaves the cohort as it was (the next reader removes the staging folder); one that
dies after it is finished by the next reader, who replays the journal (each move is
idempotent). A lock file keeps two `add`s, or an `add` and a reader, from interleaving.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from course.cohorts import aggregate
from course.cohorts.config import Cohort, CohortError
from course.cohorts.submission import MAX_BYTES, SubmissionError, alias_key, lab_of, parse, short_hash, to_text
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
    entries: list[dict[str, Any]]
    new: list[tuple[dict[str, Any], str]] = field(default_factory=list)   # (entry, the file's text)
    to_history: set[str] = field(default_factory=set)
    by_hash: dict[str, dict[str, Any]] = field(default_factory=dict)
    current: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)   # (alias key, lab) -> entry
    last_seq: int = 0

    def __post_init__(self) -> None:
        for item in self.entries:
            self.index(item)

    def index(self, item: dict[str, Any]) -> None:
        name = item["name"]          # NNNNNN-<hash16>.json: every name was matched against STORED_NAME
        self.by_hash[name[7:23]] = item
        self.last_seq = max(self.last_seq, int(name[:6]))
        key = item["learner_key"]
        if key and not item["replaced"]:
            self.current[(key, item["lab"])] = item

    def in_history(self, item: dict[str, Any]) -> bool:
        return item["replaced"] or item["name"] in self.to_history

    def final_entries(self) -> list[dict[str, Any]]:
        return [dict(e, replaced=True) if e["name"] in self.to_history else e
                for e in self.entries + [entry for entry, _ in self.new]]


# -- reading -----------------------------------------------------------------------------------

JOURNAL = ".add-journal.json"
STAGING = ".add-staging-"


def _apply(cohort: Cohort, journal: dict[str, Any]) -> None:
    """Do the moves a committed add named; each one is skipped when it is already done."""
    final, staging = cohort.submissions_dir, cohort.folder / journal["staging"]
    (final / HISTORY).mkdir(parents=True, exist_ok=True)
    for name in journal["new"]:
        if (staging / name).exists():
            os.replace(staging / name, final / name)
    for name in journal["to_history"]:
        if (final / name).exists():
            os.replace(final / name, final / HISTORY / name)
    if (staging / aggregate.FILE_NAME).exists():
        os.replace(staging / aggregate.FILE_NAME, aggregate.path(cohort.folder))
    (cohort.folder / JOURNAL).unlink()
    shutil.rmtree(staging, ignore_errors=True)


def _recover(cohort: Cohort) -> None:
    """Finish a committed add, or clear what an uncommitted one left (call with the lock held)."""
    journal = cohort.folder / JOURNAL
    if journal.exists():
        _apply(cohort, json.loads(journal.read_text(encoding="utf-8")))
    for stale in cohort.folder.glob(STAGING + "*"):
        shutil.rmtree(stale)        # an add that died before its journal: it changed nothing
    # The swap of earlier versions: died between its two renames, or after them.
    final, previous = cohort.submissions_dir, cohort.folder / ".submissions.prev"
    if not final.exists() and previous.exists():
        previous.rename(final)
    elif previous.exists():
        shutil.rmtree(previous)


@contextlib.contextmanager
def _locked(cohort: Cohort, *, required: bool = True) -> Iterator[bool]:
    """Hold the cohort's lock; a reader of a cohort it cannot write (a read-only checkout) reads
    without it, since nobody can be adding there either. Yields whether the lock is held."""
    try:
        lock = open(cohort.folder / ".lock", "w", encoding="utf-8")  # noqa: SIM115 (closed by the `with` below)
    except OSError:
        if required:
            raise
        yield False
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield True


@lru_cache(maxsize=4096)
def _checked(raw: bytes) -> dict[str, Any]:
    """Every check, once per content per process."""
    return parse(raw)


def _read_stored(path: Path, replaced: bool, full: bool) -> Stored:
    match = STORED_NAME.match(path.name)
    if not match or path.is_symlink() or not path.is_file():
        raise CohortError(f"{path}: not a file `cohort add` wrote; remove it (add submissions with "
                          "`.venv/bin/python -m course cohort add`)")
    try:
        raw = path.read_bytes()
        data = _checked(raw) if full else parse(raw, full=False)  # shared: read, never modified
    except SubmissionError as error:
        raise CohortError(f"{path}: {error}") from None
    if short_hash(data) != match.group("hash"):
        raise CohortError(f"{path}: its name does not match its content hash; it was edited after it was added")
    return Stored(seq=int(match.group("seq")), name=path.name, data=data, replaced=replaced)


def read_submissions(cohort: Cohort, *, full: bool = True) -> list[Stored]:
    """Every submission, current and replaced, in the order they were accepted, read from the
    files (the source of truth; `entries` is the fast path a page uses).

    full: check each file again as `add` did; without it, only that each still matches its hash."""
    with _locked(cohort, required=False) as held:
        if held:
            _recover(cohort)
        return _read_files(cohort, full)


def _read_files(cohort: Cohort, full: bool) -> list[Stored]:
    folder = cohort.submissions_dir
    if not folder.is_dir():
        return []
    # Dot files (an editor's or a file manager's) are nobody's submission.
    stored = [_read_stored(p, False, full) for p in folder.iterdir() if p.name != HISTORY and p.name[0] != "."]
    if (folder / HISTORY).is_dir():
        stored += [_read_stored(p, True, full) for p in (folder / HISTORY).iterdir() if p.name[0] != "."]
    return sorted(stored, key=lambda s: s.seq)


def rebuild(cohort: Cohort) -> list[dict[str, Any]]:
    """The aggregate computed from the submission files alone, each checked as `add` did
    (call with the lock held, or on a cohort nobody writes)."""
    sizes = aggregate.on_disk(cohort.submissions_dir, HISTORY)
    return [aggregate.entry(s.name, s.data, sizes[(s.name, s.replaced)], s.replaced)
            for s in _read_files(cohort, full=True)]


def _entries(cohort: Cohort, held: bool, *, sizes: bool = True) -> list[dict[str, Any]]:
    """sizes=False: trust the files' sizes (what `add` may do: it reads no stored file, and the
    next page build compares them); the names are always compared."""
    if held:
        _recover(cohort)
    files = aggregate.on_disk(cohort.submissions_dir, HISTORY, sizes=sizes)
    try:
        found = aggregate.loads(aggregate.path(cohort.folder).read_bytes())
        if aggregate.matches(found, files) and all(STORED_NAME.match(name) for name, _ in files):
            return found
    except (OSError, aggregate.AggregateError):
        pass                         # missing or corrupt: rebuilt below, never trusted
    found = rebuild(cohort)
    if held and (found or files):
        with contextlib.suppress(OSError):   # a cache: a cohort that cannot keep one is only slower
            aggregate.write(cohort.folder, found)
    return found


def entries(cohort: Cohort) -> list[dict[str, Any]]:
    """Every stored submission's aggregate entry, in the order accepted: from the aggregate file
    when it matches the files on disk, else rebuilt from them (and written back)."""
    with _locked(cohort, required=False) as held:
        return _entries(cohort, held)


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
        return Outcome(str(path), "duplicate", f"the same run as {where}{same['name']}; not stored twice")
    key = alias_key(data["alias"])
    earlier = plan.current.get((key, lab_of(data))) if key else None
    if earlier and not replace:
        raise SubmissionError(f"this learner already has a submission for {data['lab']} ({earlier['name']}, run "
                              f"{earlier['date_utc']}); pass --replace to keep the new one "
                              "instead (the earlier one is kept in history)")
    seq = plan.last_seq + 1
    text = to_text(data)
    new = aggregate.entry(f"{seq:06d}-{short_hash(data)}.json", data, len(text.encode("utf-8")))
    plan.new.append((new, text))
    plan.index(new)
    if earlier:
        plan.to_history.add(earlier["name"])
        return Outcome(str(path), "accepted", f"as {new['name']}; replaces {earlier['name']}, kept in history/")
    return Outcome(str(path), "accepted", f"as {new['name']}")


# Anything a file can make the checks raise is that file's refusal, never the batch's end: a
# SubmissionError says what is wrong; the others are reported with their type.
UNEXPECTED = (ValueError, TypeError, KeyError, OverflowError, RecursionError, MemoryError)


def add(cohort: Cohort, paths: list[Path], *, replace: bool = False) -> list[Outcome]:
    """Check each file; store every accepted one in one atomic step. Refusals change nothing."""
    labs = lab_ids()
    cohort.folder.mkdir(parents=True, exist_ok=True)
    with _locked(cohort):
        plan = _Plan(entries=_entries(cohort, held=True, sizes=False))
        outcomes = []
        for path in paths:
            try:
                outcomes.append(_consider(cohort, plan, Path(path), replace, labs))
            except SubmissionError as error:
                outcomes.append(Outcome(str(path), "refused", str(error)))
            except UNEXPECTED as error:
                outcomes.append(Outcome(str(path), "refused", f"could not be read as a submission "
                                        f"({type(error).__name__}: {str(error)[:120]}); submit the file "
                                        "`course submit` wrote"))
        if plan.new:
            _commit(cohort, plan)
    return outcomes


# A batch's files are flushed to disk by one sync before the journal commits them: an fsync a
# file took about 5 ms here, as long as checking it.
SYNC_EACH_UP_TO = 8


def _write(path: Path, text: str, sync: bool = True) -> None:
    with open(path, "x", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        if sync:
            os.fsync(handle.fileno())


def _commit(cohort: Cohort, plan: _Plan) -> None:
    staging = cohort.folder / f"{STAGING}{os.getpid()}"
    staging.mkdir()
    each = len(plan.new) <= SYNC_EACH_UP_TO
    for new, text in plan.new:
        _write(staging / new["name"], text, sync=each)
    if not each:
        os.sync()
    aggregate.write(cohort.folder, plan.final_entries(), target=staging / aggregate.FILE_NAME)
    journal = {"staging": staging.name, "new": [new["name"] for new, _ in plan.new],
               "to_history": sorted(plan.to_history)}
    temporary = cohort.folder / f"{JOURNAL}.tmp"
    _write_replacing(temporary, json.dumps(journal))
    os.replace(temporary, cohort.folder / JOURNAL)   # the commit point
    _apply(cohort, journal)


def _write_replacing(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
