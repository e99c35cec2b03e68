"""The language pair is defined once, in the contract; everything else reads it from there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from course.strings import STRINGS, VALUE_TERMS
from labs.common.contract import LANGUAGES
from tests.conftest import ROOT

# The one definition (labs.common.contract re-exports it from the module at the bottom).
DEFINED_IN = ROOT / "labs" / "common" / "labmeta.py"


def spelled_pairs(path: Path) -> list[int]:
    """Lines where a tuple, list or set of string literals spells the whole language set."""
    wanted = set(LANGUAGES)
    return [node.lineno for node in ast.walk(ast.parse(path.read_text(), filename=str(path)))
            if isinstance(node, ast.Tuple | ast.List | ast.Set) and len(node.elts) == len(wanted)
            and all(isinstance(e, ast.Constant) for e in node.elts) and {e.value for e in node.elts} == wanted]


def test_no_module_spells_the_language_pair_but_its_definition():
    found = [f"{path.relative_to(ROOT)}:{line}"
             for base in ("labs", "scripts") for path in sorted((ROOT / base).rglob("*.py"))
             if path != DEFINED_IN for line in spelled_pairs(path)]
    assert not found, f"read LANGUAGES from labs.common.contract instead of spelling it: {found}"
    assert spelled_pairs(DEFINED_IN), "the definition moved: point DEFINED_IN at it"


def test_the_scan_sees_every_spelling_of_the_pair(tmp_path):
    path = tmp_path / "m.py"
    path.write_text('A = ("en", "es")\nB = ["es", "en"]\nfor x in {"en", "es"}: pass\n'
                    'C = ("en",)\nD = ("en", "es", "fr")\nE = {"en": 1, "es": 2}\nF = "en", "de"\n')
    assert spelled_pairs(path) == [1, 2, 3]


def test_the_engine_site_and_docs_have_exactly_the_contract_languages():
    assert set(STRINGS) == set(LANGUAGES) and set(VALUE_TERMS) == set(LANGUAGES)
    locales = re.findall(r"^\s*- locale: (\w+)", (ROOT / "mkdocs.yml").read_text(), flags=re.M)
    assert locales == list(LANGUAGES), "mkdocs.yml's i18n languages, first the default, are the contract's"
    assert all((ROOT / "docs" / lang).is_dir() for lang in LANGUAGES)
