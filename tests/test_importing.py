"""`course import`'s near misses: what may replace what, and which devices a lab takes.

Companion to test_hardening.py's import section (symbolic links, paths outside, the folder
naming the wrong lab): these are the cases next to the ones that section had in mind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from course.importing import import_folder
from tests.manifests import manifest, write_result

NEWER = "2026-11-22T10:00:00Z"          # one day after manifests.BASE's run


def provenance(**changes) -> dict:
    return manifest()["provenance"] | {"device": "cuda"} | changes


def stored(store: Path, lab: str = "inductor_kernels", device: str = "cuda") -> dict:
    return json.loads((store / lab / device / "manifest.json").read_text())


@pytest.mark.parametrize("status", ["failed", "skipped"])
def test_a_newer_run_that_did_not_pass_does_not_replace_a_good_result(tmp_path, status):
    store = tmp_path / "results"
    write_result(store, device="cuda")                                     # ok, full, 2026-11-21
    write_result(tmp_path / "in", device="cuda", status=status, provenance=provenance(date_utc=NEWER))
    outcome = import_folder(tmp_path / "in", store)[0]
    assert not outcome.imported, outcome.line()
    assert f"{status} run" in outcome.message and "--force" in outcome.message
    assert stored(store)["status"] == "ok"                                 # nothing changed
    assert not (store / ".history").exists()


def test_force_still_places_a_failed_run_and_keeps_the_good_one(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda")
    write_result(tmp_path / "in", device="cuda", status="failed", provenance=provenance(date_utc=NEWER))
    outcome = import_folder(tmp_path / "in", store, force=True)[0]
    assert outcome.imported and "kept in" in outcome.message
    assert stored(store)["status"] == "failed"
    [kept] = (store / ".history" / "inductor_kernels").glob("cuda-*/manifest.json")
    assert json.loads(kept.read_text())["status"] == "ok"


@pytest.mark.parametrize("current_status", ["failed", "skipped"])
def test_a_good_run_replaces_one_that_did_not_pass(tmp_path, current_status):
    store = tmp_path / "results"
    write_result(store, device="cuda", status=current_status)
    write_result(tmp_path / "in", device="cuda", provenance=provenance(date_utc=NEWER))
    outcome = import_folder(tmp_path / "in", store)[0]
    assert outcome.imported, outcome.line()
    assert stored(store)["status"] == "ok"


def test_a_failed_run_may_replace_an_older_failed_one(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda", status="failed")
    write_result(tmp_path / "in", device="cuda", status="failed", provenance=provenance(date_utc=NEWER))
    assert import_folder(tmp_path / "in", store)[0].imported


def test_a_full_run_replaces_a_smoke_one_and_a_same_date_run_is_not_older(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda", provenance=provenance(preset="smoke"))
    write_result(tmp_path / "in", device="cuda")                          # full, same date
    assert import_folder(tmp_path / "in", store)[0].imported
    assert stored(store)["provenance"]["preset"] == "full"


def test_a_smoke_run_replaces_a_smoke_one(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda", provenance=provenance(preset="smoke"))
    write_result(tmp_path / "in", device="cuda", provenance=provenance(preset="smoke", date_utc=NEWER))
    assert import_folder(tmp_path / "in", store)[0].imported


def test_a_device_the_lab_does_not_declare_is_refused(tmp_path):
    # background_numbers runs on cpu only: "cuda" is a course device, but not one of this lab's.
    write_result(tmp_path / "in", lab="background_numbers", device="cuda")
    outcome = import_folder(tmp_path / "in", tmp_path / "results")[0]
    assert not outcome.imported and "runs on cpu, not 'cuda'" in outcome.message, outcome.line()
    assert not (tmp_path / "results" / "background_numbers").exists()


def test_a_refused_import_leaves_no_staging_behind(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda")
    write_result(tmp_path / "in", device="cuda", status="failed", provenance=provenance(date_utc=NEWER))
    import_folder(tmp_path / "in", store)
    assert sorted(p.name for p in (store / "inductor_kernels").iterdir()) == ["cuda"]


def test_a_hidden_folder_in_the_source_is_not_a_device(tmp_path):
    # a half-copied staging or swap folder (.cuda.import-123, .cuda.prev) left in a results tree
    good = write_result(tmp_path / "in", device="cuda")
    hidden = tmp_path / "in" / "inductor_kernels" / ".cuda.import-123"
    hidden.mkdir()
    for name in ("manifest.json", "kernel.cpp"):
        (hidden / name).write_bytes((good / name).read_bytes())
    outcomes = import_folder(tmp_path / "in", tmp_path / "results")
    assert [(o.lab, o.device, o.imported) for o in outcomes] == [("inductor_kernels", "cuda", True)]
    assert sorted(p.name for p in (tmp_path / "results" / "inductor_kernels").iterdir()) == ["cuda"]


# -- what each line says (a learner acts on it) ----------------------------------------------------

def test_each_refusal_names_what_to_do(tmp_path, monkeypatch):
    from course import importing
    from labs.common.contract import LabMetaError, lab_ids
    write_result(tmp_path / "in", lab="no_such_lab", device="cpu")
    [outcome] = import_folder(tmp_path / "in", tmp_path / "results")
    assert (outcome.lab, outcome.device, outcome.imported) == ("no_such_lab", "cpu", False)
    assert outcome.message == f"no lab named 'no_such_lab' in this course (known: {', '.join(lab_ids())})"
    assert outcome.line() == f"refused no_such_lab/cpu: {outcome.message}"

    def broken(lab):
        raise LabMetaError("labs/inductor_kernels/lab.toml: field 'devices' is not a list")
    monkeypatch.setattr(importing, "load_lab_meta", broken)
    write_result(tmp_path / "in2", device="cuda")
    [outcome] = import_folder(tmp_path / "in2", tmp_path / "results")
    assert outcome.message == "labs/inductor_kernels/lab.toml: field 'devices' is not a list"


def test_a_device_the_lab_lists_is_named_in_full(tmp_path):
    folder = write_result(tmp_path / "in", device="cuda")
    folder.rename(folder.with_name("tpu"))
    [outcome] = import_folder(tmp_path / "in", tmp_path / "results")
    assert outcome.message == "inductor_kernels runs on cpu, cuda, not 'tpu'" and outcome.device == "tpu"


def test_a_symlinked_device_folder_or_manifest_is_refused(tmp_path):
    real = write_result(tmp_path / "elsewhere", device="cuda")
    (tmp_path / "in" / "inductor_kernels").mkdir(parents=True)
    (tmp_path / "in" / "inductor_kernels" / "cuda").symlink_to(real)
    [outcome] = import_folder(tmp_path / "in", tmp_path / "results")
    assert not outcome.imported and outcome.message.startswith(f"{tmp_path / 'in' / 'inductor_kernels' / 'cuda'} is a symbolic link")
    assert not (tmp_path / "results" / "inductor_kernels" / "cuda").exists()
    folder = write_result(tmp_path / "in2", device="cuda")
    (folder / "manifest.json").rename(tmp_path / "m.json")
    (folder / "manifest.json").symlink_to(tmp_path / "m.json")
    [outcome] = import_folder(tmp_path / "in2", tmp_path / "results")
    assert not outcome.imported and outcome.message == f"{folder / 'manifest.json'} is a symbolic link"


def test_a_bad_artifact_is_refused_naming_its_manifest(tmp_path):
    folder = write_result(tmp_path / "in", device="cuda")
    (folder / "kernel.cpp").unlink()
    [outcome] = import_folder(tmp_path / "in", tmp_path / "results")
    assert not outcome.imported and str(folder / "manifest.json") in outcome.message and "kernel" in outcome.message


def test_an_imported_line_says_which_run_and_what_it_replaced(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda")
    write_result(tmp_path / "in", device="cuda", provenance=provenance(date_utc=NEWER))
    [outcome] = import_folder(tmp_path / "in", store)
    assert (outcome.lab, outcome.device, outcome.imported) == ("inductor_kernels", "cuda", True)
    assert outcome.message.startswith(f"full run of {NEWER} on NVIDIA H100 80GB HBM3, 1 artifact(s); "
                                      "the result it replaced is kept in ")
    assert outcome.line().startswith("imported inductor_kernels/cuda: full run of")


@pytest.mark.parametrize("damage", ["{not json", '{"lab": "inductor_kernels"}'])
def test_a_run_imported_over_a_damaged_result_replaces_it_and_keeps_it_as_damaged(tmp_path, damage):
    store = tmp_path / "results"
    (write_result(store, device="cuda") / "manifest.json").write_text(damage)
    write_result(tmp_path / "in", device="cuda", provenance=provenance(date_utc=NEWER))
    [outcome] = import_folder(tmp_path / "in", store)
    assert outcome.imported, outcome.line()
    kept = store / ".history" / "inductor_kernels" / "cuda-damaged"
    assert outcome.message.endswith(f"the result it replaced is kept in {kept}")
    assert (kept / "manifest.json").read_text() == damage and stored(store)["provenance"]["date_utc"] == NEWER


def test_a_staging_folder_left_by_an_earlier_import_is_cleared_first(tmp_path):
    import os
    store = tmp_path / "results"
    leftover = store / "inductor_kernels" / f".cuda.import-{os.getpid()}"
    leftover.mkdir(parents=True)
    (leftover / "junk.txt").write_text("from a crashed import")
    write_result(tmp_path / "in", device="cuda")
    assert import_folder(tmp_path / "in", store)[0].imported
    assert sorted(p.name for p in (store / "inductor_kernels" / "cuda").iterdir()) == ["kernel.cpp", "manifest.json"]
    assert sorted(p.name for p in (store / "inductor_kernels").iterdir()) == ["cuda"]


def test_a_result_that_cannot_be_placed_is_one_line_and_leaves_no_staging(tmp_path, monkeypatch):
    from course import results

    def full_disk(*args, **kwargs):
        raise OSError("No space left on device")
    monkeypatch.setattr(results, "commit_result", full_disk)
    write_result(tmp_path / "in", device="cuda")
    [outcome] = import_folder(tmp_path / "in", tmp_path / "results")
    assert not outcome.imported and outcome.message == "could not be placed: No space left on device"
    assert list((tmp_path / "results" / "inductor_kernels").iterdir()) == []


def test_the_refusal_reasons_read_as_sentences(tmp_path):
    store = tmp_path / "results"
    write_result(store, device="cuda")
    write_result(tmp_path / "in", device="cuda", provenance=provenance(preset="smoke", date_utc=NEWER))
    [outcome] = import_folder(tmp_path / "in", store)
    assert outcome.message == ("it is a smoke run and would replace a full one; add --force to replace it "
                               "(the current one is then kept in results/.history/)")
    write_result(tmp_path / "in2", device="cuda", status="failed", provenance=provenance(date_utc=NEWER))
    assert import_folder(tmp_path / "in2", store)[0].message.startswith("it is a failed run and would replace one "
                                                                         "that passed; add --force")
    write_result(tmp_path / "in3", device="cuda", provenance=provenance(date_utc="2025-01-01T00:00:00Z"))
    assert import_folder(tmp_path / "in3", store)[0].message.startswith(
        "it is older (2025-01-01T00:00:00Z) than the current result (2026-11-21T13:06:00Z); add --force")


@pytest.mark.parametrize("given", ["missing", "archive", "empty"])
def test_import_of_the_wrong_thing_says_what_to_pass_in_one_line(tmp_path, given):
    """The archive itself, a folder not unpacked yet, or one level too high: what a person types."""
    import os
    import subprocess
    import sys

    from tests.conftest import ENGINE_PATH
    target = {"missing": tmp_path / "gpu", "archive": tmp_path / "course-gpu.tar.gz", "empty": tmp_path / "gpu"}[given]
    if given == "archive":
        target.write_bytes(b"\x1f\x8b not really")
    if given == "empty":
        (target / "course-gpu" / "x").mkdir(parents=True)
    done = subprocess.run([sys.executable, "-m", "course", "--results", str(tmp_path / "results"), "import",
                           str(target)], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=ENGINE_PATH))
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert {"missing": "does not exist", "archive": f"unpack it first: mkdir -p /tmp/gpu && tar xzf {target}",
            "empty": "pass the folder that holds the labs' folders"}[given] in done.stderr
    assert not (tmp_path / "results").exists()
