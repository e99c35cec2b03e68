"""The tables of every line an annotation cites (Lab 03's TinyHead kernel, explain's two kernels):
their `file` and `topic` cells are the annotator's identifiers (`kernel`, `step:max`, `load_back`),
shown as code on both pages, never as plain English words in a Spanish table. Rendered from the
committed runs with the pages' own markers."""

from __future__ import annotations

import re

import pytest

from course.markers import PageContext, expand
from course.results import RESULTS_DIR, ResultStore
from tests.manifests import ROOT

TABLES = [("inductor_kernels", "{{ table inductor_kernels:kernel_annotation "),
          ("explain", "{{ table explain:block_annotation "), ("explain", "{{ table explain:rmsnorm_annotation ")]


def marker(lang: str, page: str, start: str) -> str:
    text = (ROOT / "docs" / lang / "labs" / f"{page}.md").read_text(encoding="utf-8")
    [line] = [line.strip() for line in text.splitlines() if line.strip().startswith(start)]
    return line


def rendered(lang: str, page: str, text: str) -> str:
    ctx = PageContext(page=f"{lang}/labs/{page}.md", lang=lang, page_dir="labs", site_root="../..")
    expansion = expand(text, ctx, ResultStore(RESULTS_DIR))
    assert expansion.errors == []
    return expansion.markdown


def plain_identifier_cells(markdown: str) -> list[str]:
    """Cells of the first and third columns (file, topic) that are not code: what a reader sees as
    a bare word ("load", "step:max")."""
    rows = [line.strip() for line in markdown.splitlines() if line.strip().startswith("| ")
            and not line.strip().startswith("|---")]
    cells = [row.strip("|").split(" | ") for row in rows[1:] if not row.startswith("| File") and
             not row.startswith("| Archivo")]
    return [cell.strip() for row in cells for cell in (row[0], row[2]) if not cell.strip().startswith("<code>")]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("page", "start"), TABLES)
def test_the_cited_lines_tables_show_file_and_fact_as_code(lang, page, start):
    shown = rendered(lang, page, marker(lang, page, start))
    assert "<code>step:max</code>" in shown or "<code>reduction</code>" in shown
    assert plain_identifier_cells(shown) == []


def test_a_fact_column_left_as_plain_text_is_caught():
    start = TABLES[0][1]
    plain = re.sub(r' code="[^"]*"', ' code="code"', marker("es", "inductor_kernels", start))
    assert {"load", "step:max", "kernel"} <= set(plain_identifier_cells(rendered("es", "inductor_kernels", plain)))
