"""No import circles among the project's modules: data shapes sit below the modules that use them.

The graph is read from the source with `ast`, not by importing anything. Every import counts,
wherever it stands: at the top, under `if TYPE_CHECKING:`, or inside a function. A deferred or
type-only import still makes the two modules need each other (a reader must hold both at once,
and a move of the shape breaks both); moving the import into a function only hides the circle
from Python's import machinery, so the test does not let it hide there either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

# Where each top-level package of the project lives: `labs` at the root, the engine `course`
# and the MkDocs hooks in scripts/.
PACKAGE_ROOTS = {"labs": ROOT, "course": ROOT / "scripts", "hooks": ROOT / "scripts"}


def module_files() -> dict[str, Path]:
    """Every project module by dotted name (a package by its `__init__`)."""
    found = {}
    for package, base in PACKAGE_ROOTS.items():
        for path in sorted((base / package).rglob("*.py")):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_names(path: Path, module: str, is_package: bool) -> set[str]:
    """Dotted names this file imports, anywhere in it; relative imports resolved."""
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names.add(stem)
            # `from pkg import mod` imports the submodule when there is one
            names.update(f"{stem}.{alias.name}" for alias in node.names)
    return names


def import_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    graph = {}
    for module, path in files.items():
        targets = set()
        for name in imported_names(path, module, path.name == "__init__.py"):
            # the longest project module the name starts with (`a.b.C` is a name in module `a.b`)
            while name and name not in files:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        graph[module] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def without_packages(graph: dict[str, set[str]], files: dict[str, Path]) -> dict[str, set[str]]:
    """A package's `__init__` importing its own modules (which import the package to reach a
    sibling) is how Python packages work, not a circle between two concerns: drop the edge from
    a module up to the package that contains it."""
    return {m: {t for t in targets if not m.startswith(t + ".") or files[t].name != "__init__.py"}
            for m, targets in graph.items()}


def project_circles() -> list[list[str]]:
    files = module_files()
    return circles(without_packages(import_graph(files), files))


def test_the_project_has_no_import_circle():
    found = project_circles()
    assert not found, "import circles (move the shared shape to a module that imports none of its users): " + \
        "; ".join(" <-> ".join(c) for c in found)


def test_the_project_modules_are_found():
    files = module_files()
    assert {"labs.common.harness", "labs.common.contract", "course.runner", "hooks.markers"} <= set(files)
    assert "labs.common.kernel_facts" in files and files["labs.common.kernel_facts"].name == "__init__.py"


# -- the check on small, written trees: circles it must find and ones it must not -------------

def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    found = {}
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        parts = list(Path(name).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _circles(tmp_path: Path, files: dict[str, str]) -> list[list[str]]:
    tree = _tree(tmp_path, files)
    return circles(without_packages(import_graph(tree), tree))


@pytest.mark.parametrize("a_imports", [
    "from p.b import Shape\n",                                           # at the top
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.b import Shape\n",  # for types only
    "def f():\n    from p.b import Shape\n    return Shape\n",           # inside a function
    "from p import b\n",                                                 # a module through its package
    "from . import b\n",                                                 # relative
    "import p.b\n",                                                      # plain import
])
def test_a_circle_is_found_however_the_import_is_written(tmp_path, a_imports):
    found = _circles(tmp_path, {"p/__init__.py": "", "p/a.py": a_imports,
                                "p/b.py": "from p.a import thing\nclass Shape: ...\n"})
    assert found == [["p.a", "p.b"]]


def test_a_three_module_circle_is_one_circle(tmp_path):
    found = _circles(tmp_path, {"p/__init__.py": "", "p/a.py": "from p.b import x\n",
                                "p/b.py": "from p.c import y\n", "p/c.py": "from p.a import z\n"})
    assert found == [["p.a", "p.b", "p.c"]]


def test_a_chain_a_package_init_and_a_name_alike_are_no_circle(tmp_path):
    found = _circles(tmp_path, {
        "p/__init__.py": "from p.a import x\n",         # a package gathering its modules
        "p/a.py": "from p import b\n",                  # a module reaching a sibling through it
        "p/b.py": "from p.c import y\n",
        "p/c.py": "import pa\nfrom q import a\n",       # other packages that only share a name
    })
    assert found == []
