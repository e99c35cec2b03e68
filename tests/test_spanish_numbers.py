"""The Spanish pages write numbers the Spanish way in their own prose: a decimal comma, and
thousands grouped by a narrow no-break space, never a plain one (a browser breaks a line
there: "50" at the end of one line, "000" at the start of the next). Code, markers (the engine
formats what they expand to), links and references (versions, arXiv and DOI numbers) are not
prose."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS_ES = Path(__file__).resolve().parents[1] / "docs" / "es"

NOT_PROSE = [re.compile(pattern, re.S | re.M) for pattern in (
    r"^(```|~~~).*?^\1", r"`[^`\n]*`", r"\{\{.*?\}\}", r"\]\([^)]*\)", r"^--8<--[^\n]*",
    r"<[^>\n]*>", r"\[(?:arXiv|doi):[^\]]*\]")]
# a version is not a decimal: PyTorch 2.0, Python 3.11, torch 2.13.0
VERSION_BEFORE = re.compile(r"(?:PyTorch|Python|torch|Triton|CUDA|MkDocs|versión|version|v)\s*$", re.I)
WRONG = re.compile(r"(?<![\w.,/:-])(?P<number>\d+\.\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+)(?![\w.,/-])")


def english_numbers(text: str) -> list[str]:
    """Numbers in the prose written as English writes them, or grouped with a breaking space.
    What is not prose becomes blank lines, so that a code block's end never joins two numbers."""
    for pattern in NOT_PROSE:
        text = pattern.sub(lambda found: "\n" * found.group().count("\n"), text)
    return [found.group("number") for found in WRONG.finditer(text)
            if not VERSION_BEFORE.search(text[max(0, found.start() - 12):found.start()])]


def test_the_spanish_pages_write_their_numbers_in_spanish():
    pages = sorted(DOCS_ES.rglob("*.md"))
    assert len(pages) > 10
    found = {str(page.relative_to(DOCS_ES)): wrong for page in pages if (wrong := english_numbers(page.read_text(encoding="utf-8")))}
    assert found == {}, "write a decimal comma, and group thousands with U+202F (10\u202f000), in: " + repr(found)


@pytest.mark.parametrize("text, wrong", [
    ("tardó 0.35 s en añadirlo", ["0.35"]),
    ("con 10,000 envíos", ["10,000"]),
    ("con 50 000 envíos", ["50 000"]),                  # a plain space: the line can break inside the number
    ("con 1 250 000 envíos", ["1 250 000"]),
    ("tardó 0,35 s con 10\u202f000 envíos", []),
    ("con PyTorch 2.0 y Python 3.11", []),
    ("con torch 2.13.0 instalado", []),
    ("el `0.35` del código y {{ metric lab:x.y }}", []),
    ("```python\nx = 0.35\n```\n", []),
    ("[arXiv:2307.09288] y [doi:10.1145/3620665.3640366]", []),
    ("el [anuncio](https://pytorch.org/get-started/pytorch-2.0) de 2022", []),
    ("en 2 000 GB", ["2 000"]),
    ("la lista 1, 2, 3", []),
])
def test_near_misses(text, wrong):
    assert english_numbers(text) == wrong
