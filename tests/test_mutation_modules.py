"""`make mutation`'s list of modules and the fast tests that guard each (tests/mutation/run.py).

run.py drops a listed test file that does not exist without a word (mutmut then runs that
module's mutants without it, and its survivors read as a weak test); a listed module that does
not exist fails only when someone mutates it. Both are held here, in the fast tier.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules(monkeypatch) -> dict[str, list[str]]:
    folder = ROOT / "tests" / "mutation"
    monkeypatch.syspath_prepend(str(folder))      # run.py imports report.py from beside it, as a script
    spec = importlib.util.spec_from_file_location("mutation_run", folder / "run.py")
    run = importlib.util.module_from_spec(spec)
    had_report = "report" in sys.modules
    spec.loader.exec_module(run)
    if not had_report:
        sys.modules.pop("report", None)               # a name this generic stays out of later imports
    return run.MODULES


def test_every_listed_module_and_test_file_exists(monkeypatch):
    modules = _modules(monkeypatch)
    assert len(modules) > 50
    assert [m for m in modules if not (ROOT / m).is_file()] == []
    missing = sorted({t for tests in modules.values() for t in tests if not (ROOT / t).is_file()})
    assert missing == [], f"tests/mutation/run.py lists test files that do not exist: {missing}"


def test_every_listed_test_file_is_a_test_module(monkeypatch):
    named = {Path(t).name for tests in _modules(monkeypatch).values() for t in tests}
    assert all(name.startswith("test_") and name.endswith(".py") for name in named)
