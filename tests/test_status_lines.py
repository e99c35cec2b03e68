"""`course status`, line by line: each state's words, the indentation of its second lines, and one
bad lab.toml as one line while the other labs still show. Expected lines are written out by hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from course import results, status
from labs.common.contract import LabMetaError
from tests.manifests import todays_code, write_result

LAB = "inductor_kernels"
INDENT = " " * 29          # under the lab and device columns (20 + 1 + 6 + 1 + 1)
WHEN = "2026-11-21T13:06:00Z"


@pytest.fixture
def key_here(monkeypatch):
    """The cache key a run here would have, fixed for inductor_kernels' full preset on the CPU (the
    tests choose whether a result holds it); any other lab, preset or device has another key."""
    monkeypatch.setattr(status, "cache_key", lambda lab, preset, device:
                        "11112222aaaabbbb" if (lab, preset, device) == (LAB, "full", "cpu") else "99990000ffffeeee")


def test_a_result_of_this_machine_and_code_is_current(tmp_path, key_here):
    write_result(tmp_path, provenance=todays_code() | {"cache_key": "11112222aaaabbbb"})
    assert status.describe(tmp_path, LAB, "cpu") == \
        f"current  (this machine, this code) · full · {WHEN} · torch 2.13.0+cpu · AMD EPYC"


def test_todays_code_measured_elsewhere_is_another_machine_not_stale(tmp_path, key_here):
    write_result(tmp_path, provenance=todays_code() | {"preset": "smoke", "cache_key": "33334444ccccdddd"})
    assert status.describe(tmp_path, LAB, "cpu") == \
        (f"other machine  (current code; FORCE=1 measures this one) · smoke · {WHEN} · torch 2.13.0+cpu"
         " · AMD EPYC")


@pytest.mark.parametrize("lab, device", [("lab_b", "cpu"), (LAB, "cuda")])
def test_the_key_is_the_one_of_the_results_lab_and_device(tmp_path, key_here, lab, device):
    """A result holding inductor_kernels' CPU key is not current for another lab or device."""
    write_result(tmp_path, lab=lab, device=device, provenance=todays_code() | {"cache_key": "11112222aaaabbbb"})
    assert status.describe(tmp_path, lab, device).startswith("STALE" if lab != LAB else "other machine")


def test_a_result_of_older_code_is_stale_and_says_how_to_refresh_it(tmp_path, key_here):
    write_result(tmp_path, device="cuda")         # BASE's source hash stands for older code
    assert status.describe(tmp_path, LAB, "cuda") == (
        f"STALE  (the lab's code or preset changed since this run) · full · {WHEN} · torch 2.13.0+cpu"
        " · NVIDIA H100 80GB HBM3\n"
        f"{INDENT}refresh: make labs LAB={LAB} DEVICE=cuda PRESET=full FORCE=1")


def test_the_refresh_line_names_the_results_own_preset(tmp_path, key_here):
    write_result(tmp_path, provenance={**todays_code(), "source_hash": "00000000", "preset": "smoke"})
    assert status.describe(tmp_path, LAB, "cpu").endswith(
        f"\n{INDENT}refresh: make labs LAB={LAB} DEVICE=cpu PRESET=smoke FORCE=1")


def test_no_result_is_one_short_line(tmp_path, key_here):
    assert status.describe(tmp_path, LAB, "cpu") == "(no result)"
    write_result(tmp_path, device="cpu")
    assert status.describe(tmp_path, LAB, "cuda") == "(no result)"     # the other device's result is not this one


def test_a_recorded_failure_comes_before_the_last_good_result(tmp_path, key_here):
    write_result(tmp_path, provenance=todays_code() | {"cache_key": "11112222aaaabbbb"})
    results.record_failure(tmp_path, results.FailureRecord(
        lab=LAB, device="cpu", date_utc="2026-11-24T09:00:00Z", reason="timeout after 60 s",
        log="results/inductor_kernels/cpu.failed.log", command="make labs LAB=inductor_kernels",
        cache_key="k"), "log text")
    assert status.describe(tmp_path, LAB, "cpu") == (
        "FAILED 2026-11-24T09:00:00Z: timeout after 60 s\n"
        f"{INDENT}log: results/inductor_kernels/cpu.failed.log\n"
        f"{INDENT}re-run: make labs LAB=inductor_kernels")


def test_a_damaged_manifest_is_one_line_naming_the_file(tmp_path, key_here):
    folder = write_result(tmp_path)
    (folder / "manifest.json").write_text("{not json")
    said = status.describe(tmp_path, LAB, "cpu")
    assert said.startswith("DAMAGED: ") and "\n" not in said
    assert str(folder / "manifest.json") in said


def test_print_status_shows_each_declared_device_and_one_line_per_bad_lab_toml(tmp_path, monkeypatch, capsys,
                                                                                 key_here):
    write_result(tmp_path, lab="lab_b", device="cuda", provenance=todays_code("inductor_kernels"))
    metas = {"lab_a": LabMetaError("lab_a/lab.toml: field 'order' must be an integer"),
             "lab_b": SimpleNamespace(devices=("cuda",)),
             "lab_c": FileNotFoundError("no lab.toml in lab_c"),
             "lab_d": SimpleNamespace(devices=("cpu", "cuda"))}

    def load(lab):
        meta = metas[lab]
        if isinstance(meta, Exception):
            raise meta
        return meta

    monkeypatch.setattr(status, "lab_ids", lambda: list(metas))
    monkeypatch.setattr(status, "load_lab_meta", load)
    assert status.print_status(tmp_path) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "lab_a                UNREADABLE lab.toml: lab_a/lab.toml: field 'order' must be an integer"
    assert lines[1].startswith("lab_b                cuda   STALE  (the lab's code")   # lab_b's code is not inductor's
    assert lines[2] == f"{INDENT}refresh: make labs LAB=lab_b DEVICE=cuda PRESET=full FORCE=1"
    assert lines[3] == "lab_c                UNREADABLE lab.toml: no lab.toml in lab_c"
    assert lines[4:] == ["lab_d                cpu    (no result)", "lab_d                cuda   (no result)"]
