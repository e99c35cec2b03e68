"""A lab's process environment (runner.lab_environment): the course's own code first on the path,
torch's folders inside the run's work folder, whatever the caller's shell had set."""

from __future__ import annotations

import os
from pathlib import Path

from course import runner


def test_the_course_comes_before_the_callers_pythonpath_and_torchs_folders_are_the_runs(monkeypatch, tmp_path):
    elsewhere = str(tmp_path / "elsewhere")   # a folder with its own `labs` would shadow the course's
    monkeypatch.setenv("PYTHONPATH", elsewhere)
    for name in ("TORCHINDUCTOR_CACHE_DIR", "TORCH_COMPILE_DEBUG_DIR", "TRITON_CACHE_DIR", "TMPDIR"):
        monkeypatch.setenv(name, f"/caller/{name}")
    monkeypatch.setenv("COURSE_TEST_KEPT", "yes")
    monkeypatch.setenv("PYTHONUNBUFFERED", "")      # the runner's own value, whatever the caller had
    env = runner.lab_environment(tmp_path / "work", tmp_path / "checkpoints")
    path = env["PYTHONPATH"].split(os.pathsep)
    # the engine's root and the labs' parent first (the same folder in a checkout), the caller's last
    assert path == [str(runner.ROOT), str(runner.LABS_DIR.parent), elsewhere]
    assert (Path(path[0]) / "labs").is_dir() and Path(path[1], "labs").is_dir()
    assert not {"TORCHINDUCTOR_CACHE_DIR", "TORCH_COMPILE_DEBUG_DIR", "TRITON_CACHE_DIR", "TMPDIR"} & set(env)
    assert env["COURSE_WORK_DIR"] == str(tmp_path / "work")
    assert env["COURSE_CHECKPOINT_DIR"] == str(tmp_path / "checkpoints")
    assert env["COURSE_PROGRESS"] == "json" and env["PYTHONUNBUFFERED"] == "1" and env["COURSE_TEST_KEPT"] == "yes"


def test_no_pythonpath_from_the_caller_leaves_no_empty_entry(monkeypatch, tmp_path):
    monkeypatch.delenv("PYTHONPATH", raising=False)
    path = runner.lab_environment(tmp_path, tmp_path)["PYTHONPATH"].split(os.pathsep)
    assert path == [str(runner.ROOT), str(runner.LABS_DIR.parent)]
