"""The runner, through its command line, on toy labs (tests/toylabs): cache, timeout, failures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ENGINE_PATH

ROOT = Path(__file__).resolve().parent.parent
TOYS = Path(__file__).resolve().parent / "toylabs"


def course(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHONPATH=ENGINE_PATH, **env)
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


def test_timeout_is_a_failure_with_a_log(tmp_path):
    done = run_toys(tmp_path, "toy_slow", timeout=2)
    assert "toy_slow: timeout" in done.stdout, done.stdout
    failure = json.loads((tmp_path / "results" / "toy_slow" / "cpu.failed.json").read_text())
    assert "timed out after 2 s" in failure["reason"]


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


def test_cache_key_covers_preset_device_and_source(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_LABS_DIR", str(TOYS))
    code = ("from labs.common import fingerprint as f;"
            "print(f.cache_key('toy_ok','smoke','cpu'), f.cache_key('toy_ok','full','cpu'),"
            " f.cache_key('toy_ok','smoke','cuda'), f.cache_key('toy_slow','smoke','cpu'))")
    keys = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=ENGINE_PATH)).stdout.split()
    assert len(keys) == 4 and len(set(keys)) == 4
