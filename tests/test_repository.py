"""What the repository itself must never hold."""

from __future__ import annotations

import subprocess

from tests.conftest import ROOT


def tracked(*paths: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def test_no_folder_of_an_interrupted_run_is_tracked_under_results():
    debris = [p for p in tracked("results") if any(part.startswith(".") and (".staging-" in part or ".import-" in part
                                                                              or part.endswith(".prev"))
                                                   for part in p.split("/"))]
    assert not debris, f"folders of interrupted runs are committed: {debris[:5]}"


def test_a_runner_killed_mid_run_leaves_nothing_under_results(tmp_path):
    """The lab writes its run in the work folder; results/ only ever sees a finished one."""
    import os
    import signal
    import sys
    import time

    from tests.conftest import ENGINE_PATH

    pid_file = tmp_path / "pid"
    env = dict(os.environ, COURSE_LABS_DIR=str(ROOT / "tests" / "toylabs"), PYTHONPATH=ENGINE_PATH, TOY_PID_FILE=str(pid_file))
    runner = subprocess.Popen([sys.executable, "-m", "course", "--results", str(tmp_path / "results"),
                               "run", "--device", "cpu", "--preset", "smoke",
                               "--force", "--lab", "toy_slow"],
                              cwd=ROOT, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert pid_file.exists(), "the toy lab never started"
    finally:
        os.killpg(runner.pid, signal.SIGKILL)  # the runner and the lab, as a closed terminal would
        runner.wait()
    left = [p for p in (tmp_path / "results").rglob("*")] if (tmp_path / "results").exists() else []
    assert not left, f"a killed run left {left}"


def test_no_test_module_imports_another():
    """Shared helpers live in conftest.py or a helper module (tests/manifests.py, tests/helpers_*.py):
    importing a test module runs its collection-time code twice and hides what is shared."""
    import ast

    def is_test_module(name: str) -> bool:
        return name.rpartition(".")[2].startswith("test_")

    found = []
    for path in sorted(p for p in (ROOT / "tests").rglob("*.py") if "fixtures" not in p.parts):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
                     if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names
                      if n.startswith("tests.") and is_test_module(n)]
    assert not found, f"move what these take into a helper module: {found}"
