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


def _undecorate():
    spec = importlib.util.spec_from_file_location("mutation_undecorate", ROOT / "tests" / "mutation" / "undecorate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.undecorate_registrations


SAMPLE = '''
from labs.common.claims import Registry, Said

CLAIMS = Registry("sample")


@CLAIMS.claim("first", condition="always", subjects=("a", "b"))
def first(run, subject):
    return Said("yes", f"{subject} en", f"{subject} es")


@staticmethod
def left_alone():
    return 1


@CLAIMS.claim("second", condition="never", devices=("cuda",))
def second(run, _):
    return Said("no", "en", "es", decided=False)
'''


def _registry(source: str):
    scope: dict = {}
    exec(compile(source, "<sample>", "exec"), scope)
    return scope["CLAIMS"]


def test_claims_registered_by_a_decorator_are_registered_the_same_after_the_rewrite():
    rewritten = _undecorate()(SAMPLE)
    assert "@CLAIMS.claim" not in rewritten and "@staticmethod" in rewritten      # other decorators stay
    assert 'first = CLAIMS.claim("first", condition="always", subjects=("a", "b"))(first)' in rewritten
    before, after = _registry(SAMPLE), _registry(rewritten)
    assert list(after) == list(before) == ["first", "second"]
    for name in before:
        old, new = before[name], after[name]
        assert (new.condition, new.subjects, new.devices) == (old.condition, old.subjects, old.devices)
        assert new.decide(None, "a") == old.decide(None, "a")


def test_every_listed_claims_module_registers_the_same_claims_once_rewritten(monkeypatch):
    """The rewrite on the labs' own claim modules: same claim names, conditions and subjects, and no
    decorated claim left for mutmut to skip."""
    import importlib
    rewrite = _undecorate()
    modules = [m for m in _modules(monkeypatch) if m.endswith("claims.py") and "CLAIMS = Registry(" in
               (ROOT / m).read_text(encoding="utf-8")]
    assert len(modules) == 4                       # capstone, compile_compare, inductor_kernels, inside_compile
    for module in modules:
        source = (ROOT / module).read_text(encoding="utf-8")
        rewritten = rewrite(source)
        assert ".claim(" not in "".join(line for line in rewritten.splitlines() if line.lstrip().startswith("@"))
        original = importlib.import_module(module.removesuffix(".py").replace("/", ".")).CLAIMS
        scope = {"__name__": "rewritten_" + module.replace("/", "_")}
        exec(compile(rewritten, module, "exec"), scope)
        assert [(name, c.condition, c.subjects, c.devices) for name, c in scope["CLAIMS"].items()] == \
            [(name, c.condition, c.subjects, c.devices) for name, c in original.items()], module
