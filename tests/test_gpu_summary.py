"""The GPU tests ran against the measuring code as it is now: `make test-gpu` on a GPU machine
wrote tests/gpu/SUMMARY.json, it names this code's hash, every GPU test passed, and it covers
every GPU test the suite has today. Fails (on purpose) until that summary is committed."""

from __future__ import annotations

import ast
import json

from tests.gpu import run as gpu_run

COMMAND = ("on a GPU machine: `make test-gpu` (or `python3 tests/gpu/run.py`), then commit "
           "tests/gpu/SUMMARY.json")


def gpu_tests() -> set[str]:
    """Every GPU test function, read from the source: decorated with gpu, needs_gpu or pytest.mark.gpu."""
    found = set()
    for path in gpu_run.gpu_test_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_") and any(
                    ast.unparse(d).split("(")[0] in ("gpu", "needs_gpu", "pytest.mark.gpu") for d in node.decorator_list):
                found.add(f"{path.relative_to(gpu_run.ROOT)}::{node.name}")
    return found


def load_summary() -> dict:
    assert gpu_run.SUMMARY.is_file(), f"no GPU test summary: {COMMAND}"
    return json.loads(gpu_run.SUMMARY.read_text())


def test_the_summary_is_for_the_current_measuring_code():
    summary = load_summary()
    assert summary["measuring_code_hash"] == gpu_run.measuring_code_hash(), \
        f"the measuring code changed since the GPU tests last ran ({summary['commit'][:10]}): {COMMAND}"


def test_every_gpu_test_passed_on_a_named_gpu():
    summary = load_summary()
    failed = [name for name, o in summary["tests"].items() if o["outcome"] == "failed"]
    assert not failed and summary["passed"] > 0, f"GPU tests failed on {summary['gpu']}: {failed}"
    assert summary["gpu"] and summary["date_utc"] and summary["commit"]


def test_the_summary_covers_every_gpu_test():
    summary = load_summary()
    ran = {name.split("[")[0] for name, o in summary["tests"].items() if o["outcome"] == "passed"}
    missing = sorted(gpu_tests() - ran)
    assert not missing, f"GPU tests the summary does not show passing: {missing}; {COMMAND}"


def test_the_gpu_tests_are_found():
    assert len(gpu_tests()) >= 5     # measure's graph capture, queued calls, one method; the Triton kernel


def test_the_hash_follows_the_measuring_code(tmp_path):
    for name in gpu_run.MEASURING_CODE:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    before = gpu_run.measuring_code_hash(tmp_path)
    (tmp_path / gpu_run.MEASURING_CODE[-1]).write_text("x = 2\n")
    assert gpu_run.measuring_code_hash(tmp_path) != before
