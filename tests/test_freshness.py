"""The results store's judgement of a stored result, near misses included: code that changed is
stale (not "another machine"), a preset that differs is stale, a failed run is never current, and
`make site` keeps only same-code results from elsewhere. Pure functions on fake results; the
runner only acts on the verdict (`results.judge`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from course import results, runner
from course.results import FailureRecord, Freshness, load_result, record_failure
from labs.common.fingerprint import source_hash
from tests.manifests import manifest, write_result

KEY, SOURCES = "abcdef0123456789", "fedcba9876543210"     # tests/manifests.py's provenance


@pytest.fixture
def store(tmp_path, monkeypatch):
    # today's code: the fixtures' hash for inductor_kernels only, so a judgement that asks for
    # another lab's hash (or none) sees other code
    monkeypatch.setattr(results.contract, "source_hash",
                        lambda lab: SOURCES if lab == "inductor_kernels" else "0123456789abcdef")
    return tmp_path / "results"


def stored(store, **changes):
    write_result(store, **changes)
    return load_result(store, "inductor_kernels", "cpu")


def provenance(**changes) -> dict:
    return manifest()["provenance"] | changes


@pytest.mark.parametrize("changes, key, preset, expected", [
    ({}, KEY, "full", "current"),
    ({}, "another-machine", "full", "other_machine"),
    ({"provenance": provenance(source_hash="0" * 16)}, "another-machine", "full", "stale"),   # code changed
    ({"provenance": provenance(source_hash="0" * 16)}, KEY, "full", "current"),  # the key says all
    ({}, "another-machine", "smoke", "stale"),                                   # another preset
    ({"status": "failed"}, KEY, "full", "failed"),                               # never current
    ({"status": "failed"}, "another-machine", "full", "failed"),
    ({"status": "skipped"}, KEY, "full", "current"),
])
def test_freshness(store, changes, key, preset, expected):
    assert results.freshness_of(stored(store, **changes), "inductor_kernels", key, preset) == Freshness(expected)


def test_no_result_is_missing(store):
    assert results.freshness_of(None, "inductor_kernels", KEY, "full") is Freshness.MISSING
    assert results.judge(store, "inductor_kernels", "cpu", KEY, "full") == results.Verdict(Freshness.MISSING)


def reuse(store, key, **options) -> str | None:
    """Why the store lets the result stand instead of a run (None: the lab must run)."""
    return results.judge(store, "inductor_kernels", "cpu", key, "full", **options).reuse


def test_make_site_keeps_the_same_code_from_another_machine_and_names_it(store):
    stored(store)
    why = reuse(store, "another-machine", keep_other_machines=True)
    assert why and "AMD EPYC" in why and "2026-11-21" in why and "FORCE=1" in why
    assert reuse(store, "another-machine") is None   # make labs
    assert reuse(store, "another-machine", keep_other_machines=True, force=True) is None


def test_make_site_does_not_keep_a_result_whose_code_changed(store):
    stored(store, provenance=provenance(source_hash="0" * 16))
    assert reuse(store, "another-machine", keep_other_machines=True) is None


def test_a_current_result_is_reused_unless_forced_or_a_failure_is_recorded(store):
    stored(store)
    assert reuse(store, KEY) == "up to date for this machine"
    assert reuse(store, KEY, force=True) is None
    record_failure(store, FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-22T00:00:00Z",
                                        reason="boom", log="x.log", command="make labs", cache_key=KEY), "log")
    verdict = results.judge(store, "inductor_kernels", "cpu", KEY, "full")
    assert verdict.reuse is None and verdict.freshness is Freshness.FAILED


def test_a_failure_record_cut_short_leaves_the_one_before_whole(store, monkeypatch):
    """The record of a failed run is written whole or not at all: a write that dies on the way
    (here at the rename, as a full disk or a kill would) keeps the previous record as it was."""
    def failure(reason: str) -> FailureRecord:
        return FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-22T00:00:00Z", reason=reason,
                             log="x.log", command="make labs", cache_key=KEY)
    record_failure(store, failure("first"), "log one")
    record = next(Path(store).rglob("*.failed.json"))
    before = record.read_text()
    real_replace = os.replace

    def dies_at_the_record(src, dst):
        if str(dst).endswith(".failed.json"):
            raise OSError("no space left on device")
        real_replace(src, dst)
    monkeypatch.setattr(os, "replace", dies_at_the_record)
    with pytest.raises(OSError):
        record_failure(store, failure("second"), "log two")
    assert record.read_text() == before
    assert sorted(p.name for p in record.parent.iterdir() if p.name.endswith(".tmp")) == []


def test_a_damaged_result_is_made_again(store):
    folder = write_result(store)
    (folder / "manifest.json").write_text("{not json")
    verdict = results.judge(store, "inductor_kernels", "cpu", KEY, "full", keep_other_machines=True)
    assert verdict.reuse is None and verdict.freshness is Freshness.DAMAGED


def test_the_rerun_command_names_lab_device_and_preset():
    assert runner.rerun_command("x", "cuda", "smoke") == "make labs LAB=x DEVICE=cuda PRESET=smoke FORCE=1"


def test_a_result_carrying_another_labs_code_is_stale_not_from_another_machine(tmp_path):
    """Each lab's own source hash: the real one, not the fixture's single hash for every lab."""
    assert source_hash("inductor_kernels") != source_hash("inside_compile")
    mine = stored(tmp_path, provenance=provenance(source_hash=source_hash("inductor_kernels")))
    assert results.freshness_of(mine, "inductor_kernels", "another-machine", "full") is Freshness.OTHER_MACHINE
    other = stored(tmp_path, provenance=provenance(source_hash=source_hash("inside_compile")))
    assert results.freshness_of(other, "inductor_kernels", "another-machine", "full") is Freshness.STALE


def test_a_verdict_holds_the_result_it_judged_and_names_its_machine_and_day(store):
    kept = stored(store)
    verdict = results.judge(store, "inductor_kernels", "cpu", "another-machine", "full", keep_other_machines=True)
    assert verdict.result == kept and verdict.freshness is Freshness.OTHER_MACHINE
    assert verdict.reuse == "showing the committed run from AMD EPYC (2026-11-21); FORCE=1 measures this machine instead"
