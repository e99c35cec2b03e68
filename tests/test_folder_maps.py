"""A map in every folder of the project that holds more than a few modules: a short README.md that
names only modules that exist, and does not leave out the ones a newcomer needs (for a lab: the
modules its parts live in and its settings; for the shared and engine folders: every module).

Read from the text, with the module list from the disk: nothing is imported.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from labs.common.contract import LABS_DIR, lab_ids
from tests.conftest import ROOT

MAX_LINES = 40
LAB_FOLDERS = [LABS_DIR / lab for lab in lab_ids()]
# Folders whose map names every module in them (their own sub-packages have maps or are named).
WHOLE_MAPS = [LABS_DIR / "common", LABS_DIR / "common" / "kernel_facts",
              ROOT / "scripts" / "course", ROOT / "scripts" / "course" / "markers", ROOT / "scripts" / "hooks"]

# A file name ending in .py, not the tail of a longer path with a placeholder (`labs/<lab>/lab.py`).
PY_FILE = re.compile(r"(?<![\w/<>.-])(\w[\w/.-]*\.py)\b")
# A dotted module name of the project (`labs.common.measure`, maybe with an attribute after it).
DOTTED = re.compile(r"(?<![\w.])((?:labs|course)(?:\.\w+)+)")


def named_files(text: str) -> set[str]:
    return set(PY_FILE.findall(text))


def missing_names(folder: Path, text: str) -> list[str]:
    """Names in the map that are no module: a file looked for in the folder and each folder above
    it up to the repository's root; a dotted name of which at most the last part is not a module."""
    wrong = []
    for name in sorted(named_files(text)):
        places = [folder, *[p for p in folder.parents if ROOT in (p, *p.parents)]]
        if not any((place / name).is_file() for place in places):
            wrong.append(name)
    for dotted in sorted(set(DOTTED.findall(text))):
        parts = dotted.split(".")
        if module_parts(parts, ROOT if parts[0] == "labs" else ROOT / "scripts") < len(parts) - 1:
            wrong.append(dotted)
    return wrong


def module_parts(parts: list[str], base: Path) -> int:
    """How many leading parts of a dotted name are a module or package under `base`."""
    for k in range(len(parts), 0, -1):
        path = base.joinpath(*parts[:k])
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
            return k
    return 0


def part_modules(lab_folder: Path) -> set[str]:
    """The lab's modules (relative paths) that define a top-level `part_*` function."""
    found = set()
    for path in lab_folder.rglob("*.py"):
        tree = ast.parse(path.read_text())
        if any(isinstance(node, ast.FunctionDef) and node.name.startswith("part_") for node in tree.body):
            found.add(path.relative_to(lab_folder).as_posix())
    return found


def map_of(folder: Path) -> str:
    path = folder / "README.md"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: write the folder's map"
    return path.read_text()


@pytest.mark.parametrize("folder", LAB_FOLDERS + WHOLE_MAPS, ids=lambda f: f.relative_to(ROOT).as_posix())
def test_a_map_is_short_and_names_only_modules_that_exist(folder):
    text = map_of(folder)
    assert len(text.splitlines()) <= MAX_LINES
    assert missing_names(folder, text) == []


@pytest.mark.parametrize("folder", LAB_FOLDERS, ids=lambda f: f.name)
def test_a_labs_map_names_its_settings_and_every_module_its_parts_live_in(folder):
    wanted = part_modules(folder) | {"lab.py", "settings.py"}
    assert "lab.py" in part_modules(folder) or any(m.startswith("parts_") for m in part_modules(folder))
    assert sorted(wanted - named_files(map_of(folder))) == []


@pytest.mark.parametrize("folder", WHOLE_MAPS, ids=lambda f: f.relative_to(ROOT).as_posix())
def test_a_shared_folders_map_names_every_module(folder):
    modules = {p.name for p in folder.glob("*.py") if p.name != "__init__.py"}
    assert sorted(modules - named_files(map_of(folder))) == []


def test_the_name_reader_on_near_misses(tmp_path):
    folder = ROOT / "labs" / "capstone"
    text = ("`lab.py`, `llm_bench/runner.py`, `labs/common/harness.py`, `labs/<lab>/lab.py`, "
            "labs.common.measure.cpu_threads, `parts_llms.py`, `llm_bench/runners.py`, labs.common.nothing.at_all, "
            "course.markers.expand, course.markers.nothing")
    assert missing_names(folder, text) == ["llm_bench/runners.py", "parts_llms.py", "labs.common.nothing.at_all"]
    assert "lab.py" in named_files("the `lab.py`") and "lab.py" not in named_files("labs/<lab>/lab.py")
    assert part_modules(folder) >= {"parts_llm.py", "parts_mlopt.py", "parts_memfuse.py", "lab.py"}
