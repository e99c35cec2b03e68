"""Resuming by part, on a toy lab (tests/toylabs/toy_resume) whose parts count their own runs.

A lab killed with SIGKILL in the middle of a part, then run again, completes without redoing the
parts that finished, and its result is what an uninterrupted run makes; a failed part runs again;
a record that is half written or whose files changed is not trusted; another code hash, preset or
device redoes everything; parts declared together are restored only together.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ENGINE_PATH
from tests.helpers_parts import part_specs

ROOT = Path(__file__).resolve().parent.parent
TOYS = Path(__file__).resolve().parent / "toylabs"
PARTS = ["first", "shape", "use", "state", "reader", "handle", "last"]
AFTER_USE = ["use", "state", "reader", "handle", "last"]
SECTIONS = ("metrics", "checks", "tables", "figures", "artifacts")


@pytest.fixture
def toys(tmp_path) -> Path:
    """A copy of the toy labs the test may edit (the cache key reads their code)."""
    copy = tmp_path / "toylabs"
    shutil.copytree(TOYS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def harness(toys: Path, out: Path, parts: Path, *, device: str = "cpu", preset: str = "smoke",
            **env: str) -> subprocess.CompletedProcess:
    """The toy lab run alone, as `python -m toylabs.toy_resume --resume PARTS`."""
    environment = dict(os.environ, COURSE_LABS_DIR=str(toys), DEVICE="",
                       PYTHONPATH=os.pathsep.join([ENGINE_PATH, str(toys.parent)]), **env)
    return subprocess.run([sys.executable, "-m", "toylabs.toy_resume", "--device", device, "--preset", preset,
                           "--out", str(out), "--resume", str(parts)],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)


def calls(path: Path) -> list[str]:
    return path.read_text().split() if path.exists() else []


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


def killed_then_resumed(toys: Path, tmp_path: Path, kill: str, **env: str) -> tuple[list[str], list[str], dict]:
    """Kill the lab in `kill`, run it again; the parts each attempt ran, and the final manifest."""
    out, parts = tmp_path / "out", tmp_path / "parts"
    first, second = tmp_path / "calls-1", tmp_path / "calls-2"
    killed = harness(toys, out, parts, TOY_CALLS=str(first), TOY_KILL=kill, **env)
    assert killed.returncode == -9, killed.stdout + killed.stderr
    assert not (out / "manifest.json").exists()
    again = harness(toys, out, parts, TOY_CALLS=str(second), **env)
    assert again.returncode == 0, again.stdout + again.stderr
    return calls(first), calls(second), manifest(out)


def test_a_lab_killed_mid_part_resumes_at_that_part_and_makes_the_same_result(toys, tmp_path):
    before, after, resumed = killed_then_resumed(toys, tmp_path, kill="use")
    assert before == ["first", "shape", "use"] and after == AFTER_USE
    assert [k for k, p in resumed["parts"].items() if p.get("resumed")] == ["first", "shape"]
    assert resumed["provenance"]["resumed_parts"] == 2
    own = sum(p["wall_s"] for p in resumed["parts"].values())   # resumed parts: their first run's time
    assert own <= resumed["provenance"]["wall_s"] < own + 5, "wall time = parts' own + this run's overhead"
    # What `use` needed from `shape` came back from its record: the check saw 2 rows.
    assert resumed["checks"]["rows"]["passed"] and (tmp_path / "out" / "use.txt").read_text() == "rows 2\n"

    plain = tmp_path / "plain"
    assert harness(toys, plain, tmp_path / "plain-parts").returncode == 0
    fresh = manifest(plain)
    for section in SECTIONS:
        assert json.dumps(resumed[section]) == json.dumps(fresh[section]), section
    for artifact in fresh["artifacts"].values():
        assert (tmp_path / "out" / artifact["path"]).read_bytes() == (plain / artifact["path"]).read_bytes()
    assert fresh["provenance"]["resumed_parts"] == 0 and not any("resumed" in p for p in fresh["parts"].values())


def test_parts_declared_together_are_restored_only_together(toys, tmp_path):
    before, after, resumed = killed_then_resumed(toys, tmp_path, kill="reader")
    assert before == ["first", "shape", "use", "state", "reader"]
    assert after == ["state", "reader", "handle", "last"], "state finished, but reader needs what it left in memory"
    assert resumed["metrics"]["reader.ready"]["value"] == "True"


def test_findings_the_lab_keeps_come_back_as_the_finished_parts_left_them(toys, tmp_path):
    before, after, resumed = killed_then_resumed(toys, tmp_path, kill="reader", TOY_KEEP="1")
    assert before == ["first", "shape", "use", "state", "reader"]
    assert after == ["reader", "handle", "last"], "state's record gives its findings back: no need to run it"
    assert resumed["metrics"]["reader.ready"]["value"] == "True"
    assert resumed["metrics"]["reader.best"]["value"] == "b 12 2"


def test_a_part_that_returned_an_object_runs_again_and_so_does_every_part_after_it(toys, tmp_path):
    before, after, resumed = killed_then_resumed(toys, tmp_path, kill="last")
    assert before == PARTS and after == ["handle", "last"]
    assert resumed["provenance"]["resumed_parts"] == 5


def test_a_lab_that_turns_resuming_off_runs_every_part_and_keeps_no_record(toys, tmp_path):
    out, parts, log = tmp_path / "out", tmp_path / "parts", tmp_path / "calls"
    assert harness(toys, out, parts, TOY_KILL="use").returncode == -9
    done = harness(toys, out, parts, TOY_CALLS=str(log), TOY_RESUME_OFF="1")
    assert "does not resume by part: asked to" in done.stdout
    assert calls(log) == PARTS and list(parts.iterdir()) == []
    assert manifest(out)["provenance"]["resumed_parts"] == 0


def test_a_failed_part_runs_again_and_so_does_every_part_after_it(toys, tmp_path):
    out, parts, log = tmp_path / "out", tmp_path / "parts", tmp_path / "calls"
    failed = harness(toys, out, parts, TOY_CALLS=str(log), TOY_FAIL="use")
    assert failed.returncode == 1 and manifest(out)["parts"]["use"]["status"] == "failed"
    assert not (parts / "use").exists()
    assert sorted(p.name for p in parts.iterdir()) == ["first", "handle", "last", "reader", "shape", "state"]
    log.unlink()
    assert harness(toys, out, parts, TOY_CALLS=str(log)).returncode == 0
    assert calls(log) == AFTER_USE
    assert manifest(out)["status"] == "ok"


@pytest.mark.parametrize("damage, redone", [
    (lambda parts: (parts / "shape" / "record.json").write_text('{"cache_key": "'), ["shape", "use"]),
    (lambda parts: (parts / "shape" / "record.json").unlink(), ["shape", "use"]),
    (lambda parts: (parts / "first" / "files" / "first" / "report.md").write_text("# edited\n"),
     ["first", "shape", "use"]),
    (lambda parts: shutil.rmtree(parts / "shape") or (parts / ".shape.partial").mkdir(), ["shape", "use"]),
    (lambda parts: None, ["use"]),                                       # the near miss: nothing damaged
])
def test_a_damaged_or_half_written_record_is_not_trusted(toys, tmp_path, damage, redone):
    out, parts, log = tmp_path / "out", tmp_path / "parts", tmp_path / "calls"
    assert harness(toys, out, parts, TOY_KILL="use").returncode == -9
    damage(parts)
    assert harness(toys, out, parts, TOY_CALLS=str(log)).returncode == 0
    assert calls(log) == [*redone, *AFTER_USE[1:]]
    assert (out / "first" / "report.md").read_text() == "# first\n"


@pytest.mark.parametrize("change", ["code", "preset", "device", "none"])
def test_another_code_preset_or_device_redoes_everything(toys, tmp_path, change):
    out, parts, log = tmp_path / "out", tmp_path / "parts", tmp_path / "calls"
    assert harness(toys, out, parts, TOY_KILL="use").returncode == -9
    options = {"preset": "full"} if change == "preset" else {"device": "cuda"} if change == "device" else {}
    if change == "code":
        lab = toys / "toy_resume" / "lab.py"
        lab.write_text(lab.read_text() + "\n# edited\n")
    harness(toys, out, parts, TOY_CALLS=str(log), **options)
    expected = AFTER_USE if change == "none" else PARTS
    assert calls(log) == expected
    assert manifest(out)["provenance"]["resumed_parts"] == (2 if change == "none" else 0)


def course(toys: Path, tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COURSE_LABS_DIR=str(toys), PYTHONPATH=ENGINE_PATH,
                       COURSE_WORK_ROOT=str(tmp_path / "work"), **env)
    return subprocess.run([sys.executable, "-m", "course", "--results", str(tmp_path / "results"), "run",
                           "--device", "cpu", "--preset", "smoke", "--lab", "toy_resume", *args],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)


def test_the_runner_resumes_says_so_and_force_starts_fresh(toys, tmp_path):
    work, log = tmp_path / "work" / "toy_resume", tmp_path / "calls"
    killed = course(toys, tmp_path, TOY_KILL="use", TOY_CALLS=str(log))
    assert "toy_resume: failed" in killed.stdout
    assert (work / "cpu" / "parts" / "shape" / "record.json").is_file()
    resumed = course(toys, tmp_path, TOY_CALLS=str(log))
    assert resumed.stdout.count("resuming by part") == 1 and "FORCE=1 starts fresh" in resumed.stdout
    assert "toy_resume: ok" in resumed.stdout and "resumed 2 parts" in resumed.stdout
    assert calls(log) == ["first", "shape", "use", *AFTER_USE]
    assert not work.joinpath("cpu").exists(), "a committed run keeps its parts"

    log.unlink()
    assert "toy_resume: failed" in course(toys, tmp_path, "--force", TOY_KILL="use").stdout
    forced = course(toys, tmp_path, "--force", TOY_CALLS=str(log))
    assert "resuming by part" not in forced.stdout and "resumed" not in forced.stdout
    assert calls(log) == PARTS


def test_a_part_whose_acceptance_check_failed_runs_again(toys, tmp_path):
    """Its check failed the lab: restoring it would restore the failure; measuring again may pass."""
    out, parts, log = tmp_path / "out", tmp_path / "parts", tmp_path / "calls"
    failed = harness(toys, out, parts, TOY_CHECK_FAIL="use")
    assert failed.returncode == 1 and not manifest(out)["checks"]["rows"]["passed"]
    assert (parts / "shape").is_dir() and not (parts / "use").exists()
    assert harness(toys, out, parts, TOY_CALLS=str(log)).returncode == 0
    assert calls(log) == AFTER_USE and manifest(out)["checks"]["rows"]["passed"]


def gpu_results(toys: Path, out: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """scripts/gpu-results on the toy lab (it runs anywhere: the toy needs no GPU)."""
    environment = dict(os.environ, COURSE_LABS_DIR=str(toys), PYTHON=sys.executable, COURSE_COMMIT="0" * 40, **env)
    return subprocess.run(["scripts/gpu-results", *args, str(out), "toy_resume"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_gpu_results_resumes_by_part_and_fresh_starts_over(toys, tmp_path):
    out, log = tmp_path / "gpu", tmp_path / "calls"
    killed = gpu_results(toys, out, TOY_KILL="use", TOY_CALLS=str(log))
    assert "end toy_resume: exit 137, no result" in killed.stdout, killed.stdout + killed.stderr
    resumed = gpu_results(toys, out, TOY_CALLS=str(log))
    assert resumed.stdout.count("resuming:") == 1 and "--fresh starts over" in resumed.stdout
    assert "end toy_resume: exit 0, ok, resumed 2 parts" in resumed.stdout
    assert calls(log) == ["first", "shape", "use", *AFTER_USE]
    assert "done already: toy_resume" in gpu_results(toys, out).stdout
    packed = subprocess.run(["tar", "tzf", f"{out}.tar.gz"], capture_output=True, text=True).stdout
    assert "toy_resume/cuda/manifest.json" in packed and ".parts" not in packed

    log.unlink()
    fresh = gpu_results(toys, out, "--fresh", TOY_CALLS=str(log))
    assert "starting fresh" in fresh.stdout and "resumed 0 parts" in fresh.stdout
    assert calls(log) == PARTS


def _calls(tree, method: str) -> list:
    import ast
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == method]


def test_every_part_a_lab_resumes_together_is_a_part_it_runs():
    """A misspelt key in `resume_together` would keep its group from ever resuming, silently."""
    import ast
    declared_somewhere = False
    for source in sorted((ROOT / "labs").glob("*/lab.py")):
        tree = ast.parse(source.read_text())
        parts = {key for key, _fn, _line in part_specs(source.read_text()) if key}  # calls and tables of parts
        for call in _calls(tree, "resume_together"):
            declared_somewhere = True
            keys = {a.value for a in call.args}
            assert keys <= parts, f"{source.parent.name}: no part {sorted(keys - parts)}"
            assert len(keys) > 1, f"{source.parent.name}: a group of one part resumes nothing together"
    assert declared_somewhere
