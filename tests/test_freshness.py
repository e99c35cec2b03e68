"""The runner's judgement of a stored result, near misses included: code that changed is stale
(not "another machine"), a preset that differs is stale, a failed run is never current, and
`make site` keeps only same-code results from elsewhere. Pure functions on fake results."""

from __future__ import annotations

import pytest

from course import runner
from course.results import FailureRecord, load_result, record_failure
from tests.manifests import manifest, write_result

KEY, SOURCES = "abcdef0123456789", "fedcba9876543210"     # tests/manifests.py's provenance


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(runner.contract, "source_hash", lambda lab: SOURCES)
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
    assert runner.freshness(stored(store, **changes), "inductor_kernels", key, preset) == expected


def test_no_result_is_missing():
    assert runner.freshness(None, "inductor_kernels", KEY, "full") == "missing"


def request(store, **changes) -> runner.RunRequest:
    return runner.RunRequest(labs=("inductor_kernels",), device="cpu", preset="full", results_dir=store, **changes)


def test_make_site_keeps_the_same_code_from_another_machine_and_names_it(store):
    stored(store)
    why = runner.reusable(request(store, keep_other_machines=True), "inductor_kernels", "another-machine")
    assert why and "AMD EPYC" in why and "2026-11-21" in why and "FORCE=1" in why
    assert runner.reusable(request(store), "inductor_kernels", "another-machine") is None   # make labs


def test_make_site_does_not_keep_a_result_whose_code_changed(store):
    stored(store, provenance=provenance(source_hash="0" * 16))
    assert runner.reusable(request(store, keep_other_machines=True), "inductor_kernels", "another-machine") is None


def test_a_current_result_is_reused_unless_forced_or_a_failure_is_recorded(store):
    stored(store)
    assert runner.reusable(request(store), "inductor_kernels", KEY) == "up to date for this machine"
    assert runner.reusable(request(store, force=True), "inductor_kernels", KEY) is None
    record_failure(store, FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-22T00:00:00Z",
                                        reason="boom", log="x.log", command="make labs", cache_key=KEY), "log")
    assert runner.reusable(request(store), "inductor_kernels", KEY) is None


def test_a_damaged_result_is_made_again(store):
    folder = write_result(store)
    (folder / "manifest.json").write_text("{not json")
    assert runner.reusable(request(store, keep_other_machines=True), "inductor_kernels", KEY) is None


def test_the_rerun_command_names_lab_device_and_preset():
    assert runner.rerun_command("x", "cuda", "smoke") == "make labs LAB=x DEVICE=cuda PRESET=smoke FORCE=1"
