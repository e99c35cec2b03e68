"""The scenario-break lists (`scripts/mutations.toml`, `tests/mutation/fresh_bugs.toml`) stay
runnable: each break's `find` text occurs exactly once in its file, and the tests it names exist.
A refactor that moves the code a break edits would otherwise leave the break "missed" with no
test ever run, which `make mutation-check` reports but nothing in `make test` does (two breaks
of the runner's freshness sat like that after it moved to results.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LISTS = [ROOT / "scripts" / "mutations.toml", ROOT / "tests" / "mutation" / "fresh_bugs.toml"]
BREAKS = [(path.relative_to(ROOT).as_posix(), entry) for path in LISTS
          for entry in tomllib.loads(path.read_text(encoding="utf-8"))["mutation"]]


def test_both_lists_hold_breaks():
    assert {listed for listed, _ in BREAKS} == {p.relative_to(ROOT).as_posix() for p in LISTS}


@pytest.mark.parametrize("listed, entry", BREAKS, ids=[f"{listed}:{entry['name']}" for listed, entry in BREAKS])
def test_each_break_edits_one_place_that_exists_and_names_tests_that_exist(listed, entry):
    source = (ROOT / entry["file"]).read_text(encoding="utf-8")
    assert source.count(entry["find"]) == 1, f"{entry['file']} holds `find` {source.count(entry['find'])} times"
    assert entry["replace"] != entry["find"]
    files = [t.split("::")[0] for t in entry["tests"] if t.startswith("tests/")]
    assert files and all((ROOT / f).exists() for f in files), f"a named test file is missing: {files}"
