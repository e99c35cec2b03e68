"""The cohort store's near misses: what is refused in the submissions folder, the fast read
(full=False), a cohort whose lock cannot be taken, the duplicate's "history/" and the batch's
sync. Written against mutmut's survivors on store.py (tests/mutation/REVIEW.md)."""

from __future__ import annotations

import os

import pytest

from course.cohorts import aggregate, store
from course.cohorts.config import CohortError
from course.cohorts.submission import MAX_BYTES, short_hash, to_text
from tests.helpers_cohorts import add, rehash, run, write
from tests.helpers_locale import locale_encoding, open_encoding


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
    aggregate_file = aggregate.path(cohort.folder)
    aggregate_file.unlink()
    assert [e["name"] for e in store.entries(cohort)] == [_stored_name(1, run(1))]
    assert not aggregate_file.exists()     # rebuilt, but not written back by a reader without the lock
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


def test_a_second_run_is_refused_unless_replace_is_asked_for(tmp_path, cohort):
    store.add(cohort, [write(tmp_path, "1.json", to_text(run(1)))])
    second = write(tmp_path, "2.json", to_text(run(2)))
    [refused] = store.add(cohort, [second])             # replace is off unless asked for
    assert refused.verdict == "refused" and "pass --replace" in refused.message
    [accepted] = store.add(cohort, [second], replace=True)
    assert accepted.file == str(second)
    assert accepted.message == (f"as {_stored_name(2, run(2))}; replaces {_stored_name(1, run(1))}, "
                                "kept in history/")


def test_a_run_of_a_lab_outside_the_cohort_is_refused_naming_the_cohorts_labs(tmp_path, cohort):
    [outcome] = add(cohort, write(tmp_path, "x.json", to_text(run(1, lab="compile_compare"))))
    assert outcome.message == ("lab compile_compare is not part of cohort test-cohort (it has: inductor_kernels, "
                               "inside_compile); only runs of those labs can be added")


def test_links_and_special_files_are_refused_in_so_many_words(tmp_path, cohort):
    good = write(tmp_path, "good.json", to_text(run(1)))
    link = tmp_path / "link.json"
    link.symlink_to(good)
    [as_link] = add(cohort, link)
    assert as_link.message == "is a symbolic link; pass the submission file itself"
    [as_folder] = add(cohort, tmp_path)
    assert as_folder.message == "is not a regular file; pass the submission file itself"


def test_a_file_of_exactly_the_size_limit_is_read_whole_and_accepted(tmp_path, cohort):
    body = to_text(run(1)).rstrip("\n")    # ends with "}": one byte less is no longer JSON
    exact = tmp_path / "exact.json"
    exact.write_bytes(b" " * (MAX_BYTES - len(body.encode("utf-8"))) + body.encode("utf-8"))
    assert exact.stat().st_size == MAX_BYTES
    assert [o.verdict for o in add(cohort, exact)] == ["accepted"]


def test_a_link_swapped_in_after_the_check_is_not_followed(tmp_path, cohort, monkeypatch):
    good = write(tmp_path, "good.json", to_text(run(1)))
    link = tmp_path / "link.json"
    link.symlink_to(good)
    real_lstat = os.lstat
    # lstat sees the regular file the link replaced; the open that follows must still refuse the link
    monkeypatch.setattr(os, "lstat", lambda p, *a, **k: real_lstat(good) if str(p) == str(link)
                        else real_lstat(p, *a, **k))
    [outcome] = add(cohort, link)
    assert outcome.verdict == "refused"
    assert outcome.message.startswith("cannot be read (") and outcome.message.endswith("pass the submission file itself")
    assert not cohort.submissions_dir.exists()


def test_an_add_first_finishes_the_add_that_died_after_its_commit_point(tmp_path, cohort, monkeypatch):
    first = write(tmp_path, "1.json", to_text(run(1, "Ada")))
    real_apply = store._apply

    def die(cohort, journal):
        raise KeyboardInterrupt            # killed between the journal and its moves
    monkeypatch.setattr(store, "_apply", die)
    with pytest.raises(KeyboardInterrupt):
        add(cohort, first)
    monkeypatch.setattr(store, "_apply", real_apply)
    assert (cohort.folder / store.JOURNAL).exists()
    assert [o.verdict for o in add(cohort, write(tmp_path, "2.json", to_text(run(2, "Bea"))))] == ["accepted"]
    assert [s.data for s in store.read_submissions(cohort)] == [run(1, "Ada"), run(2, "Bea")]
    assert not list(cohort.folder.glob(store.STAGING + "*"))


def test_add_trusts_the_aggregates_sizes_and_reads_no_stored_file(tmp_path, cohort, monkeypatch):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    [stored] = store.read_submissions(cohort)
    with open(cohort.submissions_dir / stored.name, "a", encoding="utf-8") as handle:
        handle.write(" ")                  # its size changes, its content and hash do not
    monkeypatch.setattr(store, "rebuild", lambda cohort: pytest.fail("add re-read the stored files"))
    assert [o.verdict for o in add(cohort, write(tmp_path, "2.json", to_text(run(2, "Bea"))))] == ["accepted"]


def test_the_aggregate_is_rebuilt_with_every_check_current_or_replaced(cohort):
    _a_file_only_the_full_checks_refuse(cohort)
    with pytest.raises(CohortError, match="000001-"):
        store.entries(cohort)                # no aggregate: rebuilt, each file checked as add did
    current = cohort.submissions_dir / next(cohort.submissions_dir.iterdir()).name
    (cohort.submissions_dir / store.HISTORY).mkdir()
    current.rename(cohort.submissions_dir / store.HISTORY / current.name)
    with pytest.raises(CohortError, match="000001-"):
        store.read_submissions(cohort)


def test_dot_files_beside_the_submissions_are_nobodys(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    add(cohort, write(tmp_path, "2.json", to_text(run(2))), replace=True)
    for folder in (cohort.submissions_dir, cohort.submissions_dir / store.HISTORY):
        (folder / ".DS_Store").write_bytes(b"\0")
    assert [(s.seq, s.replaced) for s in store.read_submissions(cohort)] == [(1, True), (2, False)]
    (cohort.submissions_dir / "DS_Store").write_bytes(b"\0")   # without its dot it is refused
    with pytest.raises(CohortError, match="not a file `cohort add` wrote"):
        store.read_submissions(cohort)


def test_a_cohort_that_cannot_keep_its_aggregate_is_only_slower(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    aggregate_file = aggregate.path(cohort.folder)
    aggregate_file.unlink()
    aggregate_file.mkdir()                   # neither readable nor replaceable
    assert [e["name"] for e in store.entries(cohort)] == [_stored_name(1, run(1))]


def test_an_earlier_versions_interrupted_swap_is_finished_by_the_next_reader(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    previous = cohort.folder / ".submissions.prev"
    cohort.submissions_dir.rename(previous)  # died between its two renames: only the previous folder
    assert [s.data for s in store.read_submissions(cohort)] == [run(1)]
    assert not previous.exists()
    previous.mkdir()                         # died after both: the new folder is kept, the old removed
    (previous / "stale.json").write_text("{}", encoding="utf-8")
    assert [s.data for s in store.read_submissions(cohort)] == [run(1)]
    assert not previous.exists()


def test_a_stored_submission_is_utf8_on_a_machine_whose_locale_is_not(tmp_path, cohort, monkeypatch):
    # a Spanish alias and the µs unit: on Windows (cp1252) a file written without an encoding
    # holds b"\xe9" and b"\xb5", which no later read of the cohort accepts as UTF-8
    locale_encoding(monkeypatch)
    open_encoding(monkeypatch, store)
    data = run(1, "José")
    [outcome] = add(cohort, write(tmp_path, "1.json", to_text(data)))
    assert outcome.verdict == "accepted"
    stored = cohort.submissions_dir / _stored_name(1, data)
    assert stored.read_bytes() == to_text(data).encode("utf-8")
    assert b'"alias": "Jos\xc3\xa9"' in stored.read_bytes()
    [entry] = store.read_submissions(cohort)
    assert entry.data == data
