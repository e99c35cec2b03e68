"""Every text file the course reads or writes names its codec.

Without `encoding=`, Python uses the machine's locale codec: on a machine whose locale is not
UTF-8 (cp1252 on Windows, C/POSIX in some containers) a dump with a "×" or a Spanish report
fails to read or write, or reads as mojibake. The rule is checked on the source, call by call:
`Path.read_text`, `Path.write_text`, `Path.open` and `open` in a text mode.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("labs", "scripts")


def _mode(call: ast.Call, position: int) -> str:
    """The mode given to an open call ("r" when none is given or it is not a literal)."""
    for keyword in call.keywords:
        if keyword.arg == "mode" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    if len(call.args) > position and isinstance(call.args[position], ast.Constant):
        return str(call.args[position].value)
    return "r"


def codec_less_calls(source: str) -> list[int]:
    """Line numbers of text reads and writes that do not name their codec."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or any(k.arg == "encoding" for k in node.keywords):
            continue
        function = node.func
        if isinstance(function, ast.Attribute) and function.attr in ("read_text", "write_text"):
            limit = 0 if function.attr == "read_text" else 1   # read_text(encoding), write_text(data, encoding)
            if len(node.args) <= limit:
                found.append(node.lineno)
        elif isinstance(function, ast.Attribute) and function.attr == "open" and \
                not (isinstance(function.value, ast.Name) and function.value.id in ("os", "tarfile", "zipfile")):
            if "b" not in _mode(node, 0) and len(node.args) < 3:
                found.append(node.lineno)
        elif isinstance(function, ast.Name) and function.id == "open" and \
                "b" not in _mode(node, 1) and len(node.args) < 4:
            found.append(node.lineno)
    return found


def python_files() -> list[Path]:
    return sorted(p for folder in CHECKED for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_text_reads_and_writes_name_their_codec(path):
    lines = codec_less_calls(path.read_text(encoding="utf-8"))
    assert not lines, f"{path.relative_to(ROOT)}: lines {lines} read or write text without encoding=\"utf-8\""


@pytest.mark.parametrize("source", [
    'p.read_text()', 'p.write_text(s)', 'p.open()', 'p.open("w")', 'p.open(mode="a")', 'open(f)', 'open(f, "w")',
    'open(f, mode="r")', 'Path("x").read_text(errors="replace")',
])
def test_each_codec_less_spelling_is_found(source):
    assert codec_less_calls(source) == [1]


@pytest.mark.parametrize("source", [
    'p.read_text(encoding="utf-8")', 'p.read_text("utf-8")', 'p.write_text(s, encoding="utf-8")',
    'p.write_text(s, "utf-8")', 'p.open("rb")', 'p.open(mode="wb")', 'open(f, "rb")', 'open(f, "w", -1, "utf-8")',
    'open(f, encoding="utf-8")', 'p.read_bytes()', 'os.open(f, os.O_RDONLY)', 'tarfile.open(f)',
])
def test_a_named_codec_or_a_binary_mode_passes(source):
    assert codec_less_calls(source) == []
