"""The cohort store's near misses: what is refused in the submissions folder, the fast read
(full=False), a cohort whose lock cannot be taken, the duplicate's "history/" and the batch's
sync. Written against mutmut's survivors on store.py (tests/mutation/REVIEW.md)."""

from __future__ import annotations

import os

import pytest

from course.cohorts import store
from course.cohorts.config import CohortError
from course.cohorts.submission import short_hash, to_text
from tests.helpers_cohorts import add, rehash, run, write


def _stored_name(seq: int, data: dict) -> str:
    return f"{seq:06d}-{short_hash(data)}.json"


def test_an_outcome_line_replaces_each_control_character_by_one_question_mark():
    outcome = store.Outcome("a\nb\x1b.json", "refused", "bad\u2028line")
    assert outcome.line() == "refused a?b?.json: bad?line"


def test_a_duplicate_of_a_replaced_run_names_it_in_history(tmp_path, cohort):
    first = write(tmp_path, "1.json", to_text(run(1)))
    add(cohort, first)
    [current] = add(cohort, write(tmp_path, "2.json", to_text(run(2))), replace=True)
    assert current.verdict == "accepted"
    [again] = add(cohort, first)
    assert again.verdict == "duplicate"
    assert f"the same run as history/{_stored_name(1, run(1))};" in again.message
    # a current run's duplicate is named without history/
    [current_again] = add(cohort, write(tmp_path, "3.json", to_text(run(2))))
    assert f"the same run as {_stored_name(2, run(2))};" in current_again.message


def test_a_duplicate_of_a_run_this_batch_replaces_names_it_in_history(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    outcomes = add(cohort, write(tmp_path, "2.json", to_text(run(2))), write(tmp_path, "1b.json", to_text(run(1))),
                   replace=True)
    assert [o.verdict for o in outcomes] == ["accepted", "duplicate"]
    assert f"history/{_stored_name(1, run(1))}" in outcomes[1].message


def test_a_link_or_a_folder_under_a_stored_name_is_refused(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    [stored] = store.read_submissions(cohort)
    target = write(tmp_path, "elsewhere.json", to_text(run(2)))
    link = cohort.submissions_dir / _stored_name(2, run(2))
    link.symlink_to(target)               # a link to a good file, named as add names it
    with pytest.raises(CohortError, match="not a file `cohort add` wrote"):
        store.read_submissions(cohort)
    link.unlink()
    (cohort.submissions_dir / _stored_name(3, run(3))).mkdir()
    with pytest.raises(CohortError, match="not a file `cohort add` wrote"):
        store.read_submissions(cohort)
    assert stored.name == _stored_name(1, run(1))


def _a_file_only_the_full_checks_refuse(cohort) -> dict:
    """Stored under its right name and hash, but no longer a valid submission (a field no
    version of `course submit` writes): the fast read keeps it, the full read refuses it."""
    data = rehash(dict(run(1), unexpected_field="x"))
    cohort.submissions_dir.mkdir(parents=True)
    write(cohort.submissions_dir, _stored_name(1, data), to_text(data))
    return data


def test_the_fast_read_checks_only_the_hash_and_the_full_read_checks_everything(cohort):
    data = _a_file_only_the_full_checks_refuse(cohort)
    [fast] = store.read_submissions(cohort, full=False)
    assert fast.data == data and fast.seq == 1 and not fast.replaced
    with pytest.raises(CohortError, match=_stored_name(1, data)):
        store.read_submissions(cohort)
    with pytest.raises(CohortError):
        store.read_submissions(cohort, full=True)


def test_the_fast_read_still_refuses_an_edited_file(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    [stored] = store.read_submissions(cohort, full=False)
    path = cohort.submissions_dir / stored.name
    path.write_text(path.read_text(encoding="utf-8").replace('"value": 12.0', '"value": 1.0'), encoding="utf-8")
    assert '"value": 1.0' in path.read_text(encoding="utf-8")    # the alias is outside the hash: a metric
    with pytest.raises(CohortError, match="does not match its content_hash"):
        store.read_submissions(cohort, full=False)


def test_a_cohort_whose_lock_cannot_be_taken_is_still_read_but_not_added_to(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    (cohort.folder / ".lock").unlink()
    (cohort.folder / ".lock").mkdir()     # open(.lock, "w") fails, as on a read-only checkout (even as root)
    assert [s.data for s in store.read_submissions(cohort)] == [run(1)]
    assert [e["name"] for e in store.entries(cohort)] == [_stored_name(1, run(1))]
    with pytest.raises(OSError):
        add(cohort, write(tmp_path, "2.json", to_text(run(2, "Bea"))))


@pytest.mark.parametrize(("files", "fsyncs_of_files", "syncs"), [
    (store.SYNC_EACH_UP_TO, store.SYNC_EACH_UP_TO, 0),      # up to the limit: each file its own fsync
    (store.SYNC_EACH_UP_TO + 1, 0, 1),                      # one over: one sync for the batch
])
def test_a_batch_is_flushed_file_by_file_up_to_the_limit_then_by_one_sync(tmp_path, cohort, monkeypatch, files,
                                                                          fsyncs_of_files, syncs):
    paths = [write(tmp_path, f"{n}.json", to_text(run(n, f"learner {n}"))) for n in range(files)]
    fsyncs, sync_calls = [], []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (fsyncs.append(os.readlink(f"/proc/self/fd/{fd}")), real_fsync(fd)))
    monkeypatch.setattr(os, "sync", lambda: sync_calls.append(1))
    assert [o.verdict for o in add(cohort, *paths)] == ["accepted"] * files
    staged = [f for f in fsyncs if "/.add-staging-" in f and store.STORED_NAME.match(os.path.basename(f))]
    assert len(staged) == fsyncs_of_files
    assert len(sync_calls) == syncs
