"""The results contract: schema validation, atomic replacement, failure records."""

from __future__ import annotations

import json

import pytest

from course import results
from tests.manifests import manifest, write_result


def test_a_valid_manifest_passes():
    results.validate_manifest(manifest(), "m.json")


@pytest.mark.parametrize("change, field", [
    ({"status": "done"}, "status"),
    ({"metrics": {"x": {"value": 1.0}}}, "metrics.x"),
    ({"checks": {"c": {"value": 1, "op": "≈", "threshold": 1, "passed": True}}}, "checks.c.op"),
    ({"artifacts": {"k": {"path": "../../etc/passwd"}}}, "artifacts.k.path"),
    ({"lab": "Lab 03"}, "lab"),
])
def test_an_invalid_manifest_names_the_file_and_field(change, field):
    with pytest.raises(results.ManifestError) as error:
        results.validate_manifest(manifest(**change), "results/x/cpu/manifest.json")
    assert "results/x/cpu/manifest.json" in str(error.value)
    assert f"field '{field}'" in str(error.value)


def test_missing_provenance_field_is_named():
    data = manifest()
    del data["provenance"]["torch"]
    with pytest.raises(results.ManifestError, match=r"field 'provenance'.*'torch' is a required property"):
        results.validate_manifest(data, "m.json")


def test_a_manifest_edited_in_place_is_validated_again(tmp_path):
    # `make serve` rebuilds in one process: a manifest that was valid, then edited into an
    # inconsistent one at the same path, must be refused on the next read, not remembered.
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(manifest()))
    assert results.read_manifest(path)["checks"]["fast"]["passed"] is False
    edited = manifest()
    edited["checks"]["fast"]["passed"] = True             # 0.41 > 1.0 is not a pass
    path.write_text(json.dumps(edited))
    with pytest.raises(results.ManifestError, match=r"checks\.fast\.passed"):
        results.read_manifest(path)
    path.write_text(json.dumps(manifest()))               # put back: valid again at the same path
    assert results.read_manifest(path)["checks"]["fast"]["passed"] is False


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "manifest.json"
    path.write_text('{"status": "ok",,}')
    with pytest.raises(results.ManifestError, match=r"not valid JSON \(line 1, column 17\)"):
        results.read_manifest(path)


def test_commit_replaces_the_result_and_clears_a_failure(tmp_path):
    write_result(tmp_path)
    failure = results.FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-21T00:00:00Z",
                                    reason="boom", log="results/inductor_kernels/cpu.failed.log",
                                    command="make labs", cache_key="k")
    results.record_failure(tmp_path, failure, "the log")
    assert results.load_failure(tmp_path, "inductor_kernels", "cpu") == failure
    staging = write_result(tmp_path / "staging", metrics={"err": {"value": 1.0, "unit": ""}})
    results.commit_result(tmp_path, "inductor_kernels", "cpu", staging)
    loaded = results.load_result(tmp_path, "inductor_kernels", "cpu")
    assert loaded.manifest["metrics"] == {"err": {"value": 1.0, "unit": ""}}
    assert results.load_failure(tmp_path, "inductor_kernels", "cpu") is None


def test_an_invalid_staged_run_never_replaces_the_good_one(tmp_path):
    good = write_result(tmp_path)
    before = (good / "manifest.json").read_text()
    staging = write_result(tmp_path / "staging", status="weird")
    with pytest.raises(results.ManifestError):
        results.commit_result(tmp_path, "inductor_kernels", "cpu", staging)
    assert (good / "manifest.json").read_text() == before


def test_a_staged_run_missing_an_artifact_is_refused(tmp_path):
    staging = write_result(tmp_path / "staging")
    (staging / "kernel.cpp").unlink()
    with pytest.raises(results.ManifestError, match=r"artifacts\.kernel\.path"):
        results.commit_result(tmp_path, "inductor_kernels", "cpu", staging)


def test_a_crash_between_the_two_renames_is_recovered(tmp_path):
    folder = write_result(tmp_path)
    folder.rename(folder.with_name(".cpu.prev"))   # the state a crash would leave
    loaded = results.load_result(tmp_path, "inductor_kernels", "cpu")
    assert loaded is not None and loaded.status == "ok"
    assert folder.is_dir()


def test_atomic_write_leaves_no_partial_file(tmp_path, monkeypatch):
    from labs.common import atomic
    target = tmp_path / "manifest.json"
    target.write_text('{"old": true}')

    def explode(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "replace", explode)
    with pytest.raises(OSError):
        atomic.write_json_atomic(target, {"new": True})
    assert json.loads(target.read_text()) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["manifest.json"]


def test_committed_manifests_in_the_repository_are_valid():
    for path in sorted(results.RESULTS_DIR.glob("*/*/manifest.json")):
        results.read_manifest(path)
