"""Shared fixtures and helpers: run a lab once per test session in its smoke preset, on CPU;
read its tables as records; the import path the engine's own processes need.

Tiers. `make test-fast` runs `pytest -m "not slow"`, `make test` runs that first and then
`-m slow`. Nobody has to remember to mark a test: a test is slow when it uses (directly or
through another fixture) one of SLOW_FIXTURES (a lab's smoke run, a strict site build, the
browser, Triton's interpreter), or carries `@pytest.mark.slow` (a test that compiles a model
or runs MkDocs itself). Everything else is fast, and a fast test that takes longer than
FAST_TEST_LIMIT_S fails with a line saying how to move it, so the fast tier stays fast."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from course.cohorts import config as cohort_config
from course.runner import lab_environment

try:     # the GPU machine has pytest at most (make test-gpu): no hypothesis there
    from hypothesis import settings
except ImportError:
    settings = None
if settings:
    # Property tests draw the same examples on every run (a red run is reproducible, and
    # mutation testing compares like with like); HYPOTHESIS_PROFILE=explore draws fresh ones.
    settings.register_profile("course", derandomize=True, database=None, deadline=None)
    settings.register_profile("explore", deadline=None, max_examples=2000)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "course"))

# Fixtures that run a lab, build the site or drive Chromium: any test that needs one is slow.
SLOW_FIXTURES = frozenset({"lab_smoke", "site", "server", "browser", "interpreted"})
FAST_TEST_LIMIT_S = 60.0

ROOT = Path(__file__).resolve().parent.parent
# `labs` at the root and the engine `course` in scripts/: what a child process needs to import.
ENGINE_PATH = os.pathsep.join([str(ROOT), str(ROOT / "scripts")])


def records(table: dict) -> list[dict]:
    """A result table's rows as dicts keyed by column name."""
    return [dict(zip(table["columns"], row)) for row in table["rows"]]


@dataclass
class SmokeRun:
    out: Path
    manifest: dict
    log: str

    def metric(self, key: str):
        return self.manifest["metrics"][key]["value"]

    def table(self, key: str) -> list[dict]:
        return records(self.manifest["tables"][key])


@pytest.fixture(scope="session")
def checkpoint_dir(tmp_path_factory) -> Path:
    """One checkpoint cache for the whole session, so labs reuse the smoke MiniGPT."""
    return tmp_path_factory.mktemp("checkpoints")


@pytest.fixture(scope="session")
def lab_smoke(tmp_path_factory, checkpoint_dir):
    """lab_smoke("inductor_kernels") -> SmokeRun; each lab runs at most once per session."""
    runs: dict[str, SmokeRun] = {}

    def run(lab_id: str) -> SmokeRun:
        if lab_id not in runs:
            out = tmp_path_factory.mktemp(f"{lab_id}-out")
            env = lab_environment(out.parent / f"{lab_id}-work", checkpoint_dir)  # as `make labs` runs it
            proc = subprocess.run(
                [sys.executable, "-m", f"labs.{lab_id}", "--device", "cpu", "--preset", "smoke",
                 "--out", str(out), "--resume", str(out.parent / f"{lab_id}-work" / "parts")],
                cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
            log = proc.stdout + proc.stderr
            manifest_path = out / "manifest.json"
            assert manifest_path.is_file(), f"{lab_id} wrote no manifest (exit {proc.returncode}):\n{log[-4000:]}"
            manifest = json.loads(manifest_path.read_text())
            assert proc.returncode == 0 and manifest["status"] == "ok", \
                f"{lab_id} smoke run: exit {proc.returncode}, status {manifest['status']}\n{log[-4000:]}"
            runs[lab_id] = SmokeRun(out=out, manifest=manifest, log=log)
        return runs[lab_id]

    return run


@pytest.fixture(scope="module")
def run(request, lab_smoke) -> SmokeRun:
    """The smoke run of the lab a test module names in its module-level LAB."""
    return lab_smoke(request.module.LAB)


# -- tiers ------------------------------------------------------------------------------------


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: runs a lab, builds the site, opens the browser or compiles "
                                       "a model (the tier after `make test-fast`)")
    config.addinivalue_line("markers", "gpu: needs a CUDA device (skipped here; `make test-gpu` runs them)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    gpu_tests = [item for item in items if item.get_closest_marker("gpu")]
    if gpu_tests:
        import torch
        if not torch.cuda.is_available():
            for item in gpu_tests:
                item.add_marker(pytest.mark.skip(reason="needs a CUDA GPU: `make test-gpu` on a GPU machine runs it"))


def _runs_the_fast_tier(config) -> bool:
    return (config.getoption("markexpr") or "").replace(" ", "") == "notslow"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if (report.when == "call" and report.passed and report.duration > FAST_TEST_LIMIT_S
            and _runs_the_fast_tier(item.config)):
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} took {report.duration:.0f} s in the fast tier (limit {FAST_TEST_LIMIT_S:.0f} s): "
                           "give it a slow fixture or @pytest.mark.slow, or make it faster")


# -- cohorts: a folder of the test's own, and one cohort in it ------------------------------------

@pytest.fixture
def cohorts_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cohorts"
    monkeypatch.setattr(cohort_config, "COHORTS_DIR", folder)
    return folder


@pytest.fixture
def cohort(cohorts_dir):
    from tests.helpers_cohorts import make_cohort  # here: it needs plotly, which a bare GPU machine lacks
    return make_cohort(cohorts_dir)
