"""Reading a lab's parts from its source with `ast`: the key, the function and the line of each
`lab.part(...)` call and of each row of a table of parts (tests of part names and of resume)."""

from __future__ import annotations

import ast


def _name(node: ast.AST) -> str | None:
    """`part_x` for `part_x` and for `module.part_x`; None for a lambda or a call."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def part_specs(source: str) -> list[tuple[str | None, str | None, int]]:
    """(key, function name, line) for every `lab.part(key, title, fn, ...)` call and every
    `(key, title, fn)` tuple of a table of parts; key None when it is computed."""
    specs = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "part"
                and len(node.args) >= 3):
            specs.append((_text(node.args[0]), _name(node.args[2]), node.lineno))
        elif (isinstance(node, ast.Tuple) and len(node.elts) == 3 and _text(node.elts[0]) and _text(node.elts[1])
              and (_name(node.elts[2]) or "").startswith("part_")):
            specs.append((_text(node.elts[0]), _name(node.elts[2]), node.lineno))
    return sorted(specs, key=lambda spec: spec[2])
