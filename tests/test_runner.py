"""The runner, through its command line, on toy labs (tests/toylabs): cache, timeout, failures."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ENGINE_PATH

ROOT = Path(__file__).resolve().parent.parent
TOYS = Path(__file__).resolve().parent / "toylabs"


def course(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHONPATH=ENGINE_PATH,
                       COURSE_WORK_ROOT=str(tmp_path / "work"), **env)   # finished parts stay in the test's
    return subprocess.run([sys.executable, "-m", "course", "--results", str(tmp_path / "results"), *args],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)


def run_toys(tmp_path: Path, *labs: str, force: bool = False, timeout: int | None = None,
             **env: str) -> subprocess.CompletedProcess:
    args = ["run", "--device", "cpu", "--preset", "smoke"] + [a for lab in labs for a in ("--lab", lab)]
    if force:
        args.append("--force")
    if timeout:
        args += ["--timeout", str(timeout)]
    return course(tmp_path, *args, **env)


def manifest(tmp_path: Path, lab: str) -> dict:
    return json.loads((tmp_path / "results" / lab / "cpu" / "manifest.json").read_text())


def test_cache_miss_then_hit_then_force(tmp_path):
    first = run_toys(tmp_path, "toy_ok")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "toy_ok: ok" in first.stdout
    made = manifest(tmp_path, "toy_ok")
    assert made["status"] == "ok" and made["metrics"]["answer"]["value"] == 42.0
    assert made["parts"]["G"] == {"title": "GPU only", "status": "skipped", "requires": "cuda",
                                  "reason": made["parts"]["G"]["reason"], "wall_s": made["parts"]["G"]["wall_s"]}

    second = run_toys(tmp_path, "toy_ok")
    assert "toy_ok: cached" in second.stdout
    assert manifest(tmp_path, "toy_ok")["provenance"]["date_utc"] == made["provenance"]["date_utc"]

    forced = run_toys(tmp_path, "toy_ok", force=True)
    assert "toy_ok: ok" in forced.stdout


def test_progress_names_the_lab_and_part(tmp_path):
    out = run_toys(tmp_path, "toy_ok").stdout
    assert "[1/1] toy_ok (cpu, smoke)" in out
    assert "part A: Measure" in out


def test_one_lab_failing_does_not_stop_the_others(tmp_path):
    done = run_toys(tmp_path, "toy_broken", "toy_ok")
    assert done.returncode == 1
    assert "toy_broken: failed" in done.stdout and "toy_ok: ok" in done.stdout
    failure = json.loads((tmp_path / "results" / "toy_broken" / "cpu.failed.json").read_text())
    assert failure["command"] == "make labs LAB=toy_broken DEVICE=cpu PRESET=smoke FORCE=1"
    assert (tmp_path / "results" / "toy_broken" / "cpu.failed.log").is_file()
    assert not (tmp_path / "results" / "toy_broken" / "cpu" / "manifest.json").exists()
    assert manifest(tmp_path, "toy_ok")["status"] == "ok"


def test_a_failed_rerun_keeps_the_last_good_result(tmp_path):
    assert run_toys(tmp_path, "toy_ok").returncode == 0
    good = (tmp_path / "results" / "toy_ok" / "cpu" / "manifest.json").read_text()
    failed = run_toys(tmp_path, "toy_ok", force=True, TOY_FAIL="1")
    assert failed.returncode == 1 and "toy_ok: failed" in failed.stdout
    assert "part A: RuntimeError: asked to fail" in failed.stdout
    assert (tmp_path / "results" / "toy_ok" / "cpu" / "manifest.json").read_text() == good
    assert (tmp_path / "results" / "toy_ok" / "cpu.failed.json").is_file()
    status = course(tmp_path, "status").stdout
    assert "toy_ok" in status and "FAILED" in status
    # A later good run clears the failure record.
    assert run_toys(tmp_path, "toy_ok").returncode == 0
    assert not (tmp_path / "results" / "toy_ok" / "cpu.failed.json").exists()


def test_unknown_lab_is_a_clear_error(tmp_path):
    done = run_toys(tmp_path, "no_such_lab")
    assert done.returncode != 0
    assert "no lab named 'no_such_lab'" in done.stderr and "known labs: toy_broken" in done.stderr
    assert "Traceback" not in done.stderr


def _cuda_here() -> bool:
    import torch
    return torch.cuda.is_available()


@pytest.mark.skipif(_cuda_here(), reason="this machine has a GPU: DEVICE=cuda is right here")
@pytest.mark.parametrize("how", ["flag", "environment"])
def test_cuda_without_a_gpu_is_refused_in_one_line_before_any_lab_runs(tmp_path, how):
    """Every part would fail on a CPU, and its failure record would then stop the site build."""
    if how == "flag":
        done = course(tmp_path, "run", "--device", "cuda", "--preset", "smoke", "--lab", "toy_ok")
    else:   # make labs DEVICE=cuda: make puts it in the environment; --device stays auto
        done = course(tmp_path, "run", "--preset", "smoke", "--lab", "toy_ok", DEVICE="cuda")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "PyTorch sees no CUDA GPU" in done.stderr and "DEVICE=cpu" in done.stderr
    assert not (tmp_path / "results").exists()
    on_cpu = course(tmp_path, "run", "--device", "cpu", "--preset", "smoke", "--lab", "toy_ok", DEVICE="")
    assert on_cpu.returncode == 0 and "toy_ok: ok" in on_cpu.stdout   # the near miss runs

@pytest.fixture
def lab_tree(tmp_path, monkeypatch):
    """A copy of a lab and labs/common that the test may edit; the fingerprint reads it."""
    from labs.common import fingerprint
    tree = tmp_path / "labs"
    for folder in ("toy_ok",):
        shutil.copytree(TOYS / folder, tree / folder)
    (tree / "common").mkdir()
    (tree / "common" / "helper.py").write_text("VALUE = 1\n")
    monkeypatch.setattr(fingerprint, "LABS_DIR", tree)
    return tree


def test_cache_key_changes_with_everything_that_changes_the_numbers(lab_tree, monkeypatch):
    from labs.common import fingerprint
    key = lambda: fingerprint.cache_key("toy_ok", "smoke", "cpu")
    seen = {key()}

    def changed(why: str) -> None:
        new = key()
        assert new not in seen, f"the key did not change when {why}"
        seen.add(new)

    (lab_tree / "toy_ok" / "lab.py").write_text((lab_tree / "toy_ok" / "lab.py").read_text() + "\n# edited\n")
    changed("the lab's code changed")
    (lab_tree / "common" / "helper.py").write_text("VALUE = 2\n")
    changed("labs/common changed")
    assert fingerprint.cache_key("toy_ok", "full", "cpu") not in seen, "the preset is not in the key"
    monkeypatch.setattr(fingerprint, "package_version", lambda name: {"torch": "9.9.9"}.get(name))
    changed("torch's version changed")
    monkeypatch.setattr(fingerprint, "usable_cores", lambda: 96)
    changed("the core count changed")
    monkeypatch.setattr(fingerprint, "cpu_model", lambda: "Another CPU")
    changed("the CPU model changed")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    changed("the thread setting changed")
    monkeypatch.setattr(fingerprint, "gpus", lambda: ({"name": "NVIDIA H100", "driver": "580", "memory": "80 GB"},))
    gpu_key = fingerprint.cache_key("toy_ok", "smoke", "cuda")
    monkeypatch.setattr(fingerprint, "gpus", lambda: ({"name": "NVIDIA H100", "driver": "590", "memory": "80 GB"},))
    assert fingerprint.cache_key("toy_ok", "smoke", "cuda") != gpu_key, "the driver is not in the GPU key"
    assert key() in seen, "a GPU's details changed the CPU key"


def test_a_result_from_another_machine_is_not_reused_by_make_labs_but_kept_by_make_site(tmp_path):
    assert run_toys(tmp_path, "toy_ok").returncode == 0
    path = tmp_path / "results" / "toy_ok" / "cpu" / "manifest.json"
    data = json.loads(path.read_text())
    data["provenance"]["cache_key"] = "0" * 16          # the same code, measured elsewhere
    data["provenance"]["device_name"] = data["provenance"]["cpu_model"] = "Another CPU"
    path.write_text(json.dumps(data))
    kept = course(tmp_path, "run", "--device", "cpu", "--preset", "smoke", "--lab", "toy_ok",
                  "--keep-other-machines")
    assert "toy_ok: cached" in kept.stdout and "committed run from Another CPU" in kept.stdout
    assert "other machine" in course(tmp_path, "status").stdout
    mine = run_toys(tmp_path, "toy_ok")
    assert "toy_ok: ok" in mine.stdout, "a learner's own run reused another machine's result"
    assert json.loads(path.read_text())["provenance"]["device_name"] != "Another CPU"


def test_a_failed_acceptance_check_fails_the_run_and_names_the_check(tmp_path):
    done = run_toys(tmp_path, "toy_ok", TOY_CHECK_FAIL="1")
    assert done.returncode == 1 and "toy_ok: failed" in done.stdout
    reason = json.loads((tmp_path / "results" / "toy_ok" / "cpu.failed.json").read_text())["reason"]
    assert "small_error" in reason and "0.001 < 1e-06 is false" in reason


def test_allowing_failed_checks_is_said_in_the_result(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "toylabs.toy_ok", "--device", "cpu", "--preset", "smoke",
                           "--out", str(out), "--allow-failed-checks"], cwd=ROOT,
                          env=dict(os.environ, COURSE_LABS_DIR=str(TOYS), TOY_CHECK_FAIL="1",
                                   PYTHONPATH=os.pathsep.join([ENGINE_PATH, str(TOYS.parent)])),
                          capture_output=True, text=True, timeout=120)
    data = json.loads((out / "manifest.json").read_text())
    assert done.returncode == 0 and data["status"] == "ok" and data["failed_checks_allowed"] is True
