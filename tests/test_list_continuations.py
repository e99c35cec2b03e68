"""A list item's continuation line that starts with "2016. " is read by Markdown as a new ordered
list: the year vanishes and the item splits in two (a reference list showed "arXiv:…" as an item
of its own). No page's continuation line may start with a year and a full stop."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
# indented, then a number a list would take as its own: a year (or any four digits) and ". "
YEAR_ITEM = re.compile(r"^[ \t]+\d{4}\. ", re.M)
FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1", re.S | re.M)


def year_items(text: str) -> list[str]:
    text = FENCE.sub(lambda found: "\n" * found.group().count("\n"), text)
    return [line.strip() for line in text.splitlines() if YEAR_ITEM.match(line + "\n")]


def test_no_continuation_line_starts_an_ordered_list_with_a_year():
    pages = sorted(DOCS.rglob("*.md"))
    assert len(pages) > 20
    found = {str(p.relative_to(DOCS)): lines for p in pages if (lines := year_items(p.read_text(encoding="utf-8")))}
    assert found == {}, "join the year to the line before it: " + repr(found)


@pytest.mark.parametrize("text, found", [
    ("- Abadi (2016). *TF.* OSDI\n  2016. [arXiv:1605.08695](x)\n", ["2016. [arXiv:1605.08695](x)"]),
    ("- Abadi (2016). *TF.* OSDI 2016.\n  [arXiv:1605.08695](x)\n", []),           # the year kept on its line
    ("1. first\n2. second\n   1. nested\n", []),                                   # a real ordered list
    ("    2016. in an indented block\n", ["2016. in an indented block"]),
    ("```text\n  2016. inside a fence\n```\n", []),                               # code is not Markdown
    ("  2016 was the year.\n", []),                                                # no full stop after it
])
def test_the_detector_on_near_misses(text, found):
    assert year_items(text) == found
