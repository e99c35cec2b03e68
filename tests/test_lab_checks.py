"""Acceptance checks that cannot fail: a lab's `lab.check(key, value, op, threshold)` whose value
is the threshold itself, or a constant, passes whatever the run measured. Read from the labs'
source (no lab runs), and from every committed manifest: a check's verdict must follow from its
own value, operator and threshold."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from labs.common.contract import CHECK_OPERATORS

ROOT = Path(__file__).resolve().parent.parent
LAB_SOURCES = sorted(p for p in (ROOT / "labs").rglob("*.py") if "__pycache__" not in p.parts)


def check_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "check" \
                and len(node.args) >= 4 and isinstance(node.args[2], ast.Constant) \
                and node.args[2].value in CHECK_OPERATORS:
            yield node


def vacuous(call: ast.Call) -> str | None:
    _, value, _, threshold = call.args[:4]
    if ast.dump(value) == ast.dump(threshold):
        return "compares a value with itself"
    if isinstance(value, ast.Constant):
        return "checks a constant"
    names = _operands(value)
    if names and names == _operands(threshold) \
            and not any(isinstance(n, ast.Constant) for n in ast.walk(threshold)) \
            and not any(isinstance(n, ast.Call) for n in ast.walk(threshold)):
        return "compares a value with an expression of nothing else"
    return None


def test_the_scan_finds_the_labs_checks():
    found = sum(len(list(check_calls(ast.parse(p.read_text())))) for p in LAB_SOURCES)
    assert found >= 40, found          # about 55 today: the scan reads the calls it should


@pytest.mark.parametrize("source, why", [
    ('lab.check("x", speedup, ">", speedup)', "itself"),
    ('lab.check("x", a.b["c"], "<", a.b["c"], unit="s")', "itself"),
    ('lab.check("x", 1, "==", 1)', "itself"),
    ('lab.check("x", 3, "<", limit)', "constant"),
    ('lab.check("x", error, "<=", error)', "itself"),
    ('lab.check("x", ratio, "<", ratio * ratio)', "nothing else"),
    ('lab.check("x", v.err, "<", v.err * v.err)', "nothing else"),
])
def test_the_scan_catches_a_check_that_cannot_fail(source, why):
    [call] = check_calls(ast.parse(source))
    assert why in vacuous(call)


@pytest.mark.parametrize("source", ['lab.check("x", error, "<", TOLERANCE)', 'lab.check("x", a, "<=", b * 2)',
                                    'lab.check("x", len(y), "==", 0)', 'lab.check("x", warm.s, "<", first.s)',
                                    'lab.check("x", v.err, "<=", v.tolerance)'])
def test_the_scan_passes_a_real_check(source):
    [call] = check_calls(ast.parse(source))
    assert vacuous(call) is None


@pytest.mark.parametrize("path", LAB_SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_lab_check_is_vacuous(path):
    problems = [f"{path.relative_to(ROOT)}:{call.lineno}: {why}" for call in check_calls(ast.parse(path.read_text()))
                if (why := vacuous(call))]
    assert not problems, problems


MANIFESTS = sorted((ROOT / "results").glob("*/*/manifest.json"))


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: "/".join(p.parts[-3:-1]))
def test_committed_checks_agree_with_their_own_numbers(path):
    checks = json.loads(path.read_text())["checks"]
    wrong = [key for key, c in checks.items() if bool(CHECK_OPERATORS[c["op"]](c["value"], c["threshold"])) != c["passed"]]
    assert not wrong, wrong


def _operands(expression: ast.AST) -> set[str]:
    """The quantities an expression combines: names and whole attribute or item chains
    (`verdict.grad_err` and `verdict.grad_tolerance` are two quantities, not one `verdict`)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
            found.add(ast.unparse(node))
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(expression)
    return found
