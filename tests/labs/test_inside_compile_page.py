"""The inside_compile page's tables say the lab's recorded words in the page's language: the
funnel table names each stage as the funnel figure above it does (not by its metric key), and
the Spanish tables of modes and graphs say inferencia, entrenamiento and conjunto.

Rendered from the committed runs with the page's own markers, as the build renders them."""

from __future__ import annotations

import re

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import ROOT


def page_text(lang: str) -> str:
    return (ROOT / "docs" / lang / "labs" / "inside_compile.md").read_text(encoding="utf-8")


def marker(lang: str, start: str) -> str:
    """The page's one marker line that starts with `start`."""
    [line] = [line for line in page_text(lang).splitlines() if line.startswith(start)]
    return line


def rendered(lang: str, text: str) -> str:
    ctx = PageContext(page=f"{lang}/labs/inside_compile.md", lang=lang, page_dir="labs", site_root="..")
    expansion = expand(text, ctx, ResultStore(ROOT / "results"))
    assert expansion.errors == []
    return expansion.markdown


def first_cells(markdown: str) -> list[str]:
    """The first cell of every body row of the rendered tables (headers and rules left out)."""
    rows = [line.strip() for line in markdown.splitlines() if line.strip().startswith("| ")]
    return [row.split(" | ")[0].removeprefix("| ") for row in rows if not row.startswith("|---")]


def pairs(option: str, text: str, sep: str) -> dict[str, str]:
    found = re.search(rf'{option}="([^"]*)"', text)
    assert found, f"the marker has no {option}=: {text}"
    return dict(item.split(sep, 1) for item in found.group(1).split("|"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_funnel_table_names_each_stage_as_the_figure_does(lang):
    figure = pairs("x_labels", marker(lang, "{{ figure inside_compile:funnel"), "=")
    table = pairs("values", marker(lang, "{{ table inside_compile:funnel"), ":")
    assert table == figure


@pytest.mark.parametrize("lang, readable, raw", [("en", "FX graph", "fx_graph_ops"), ("es", "grafo FX", "fx_graph_ops"),
                                                 ("es", "búferes", "buffers_allocated")])
def test_the_rendered_funnel_table_shows_no_metric_key(lang, readable, raw):
    shown = first_cells(rendered(lang, marker(lang, "{{ table inside_compile:funnel")))
    assert readable in shown and raw not in shown
    assert not [cell for cell in shown if re.fullmatch(r"[a-z]+(?:_[a-z]+)+", cell)], shown


SPANISH_TABLES = ["{{ table inside_compile/cpu:decomposition_levels", "{{ table inside_compile/cpu:aot_graphs",
                  "{{ table inside_compile:kernels"]


@pytest.mark.parametrize("start", SPANISH_TABLES)
def test_the_spanish_tables_say_their_modes_and_graphs_in_spanish(start):
    shown = set(first_cells(rendered("es", marker("es", start))))
    assert "inferencia" in shown and not shown & {"inference", "training", "joint"}


@pytest.mark.parametrize("start", SPANISH_TABLES)
def test_the_english_tables_keep_the_labs_words(start):
    # the near miss: a mapping leaking into the English page would show Spanish there
    shown = set(first_cells(rendered("en", marker("en", start))))
    assert "inference" in shown and not shown & {"inferencia", "entrenamiento", "conjunto"}


# Words of the English stage names that the Spanish names may keep: names of things, not English.
KEPT_IN_SPANISH = {"bytecode", "FX", "ATen", "core", "AOT", "IR", "post-grad", "kernels"}


def english_words_left(english: dict[str, str], spanish: dict[str, str]) -> dict[str, set[str]]:
    """Per stage, the words its Spanish name shares with its English one beyond the kept names."""
    return {stage: left for stage, name in spanish.items()
            if (left := (set(name.split()) & set(english[stage].split())) - KEPT_IN_SPANISH)}


def test_the_spanish_funnel_names_each_stage_in_spanish():
    english = pairs("x_labels", marker("en", "{{ figure inside_compile:funnel"), "=")
    spanish = pairs("x_labels", marker("es", "{{ figure inside_compile:funnel"), "=")
    assert english_words_left(english, spanish) == {}
    # near miss: the label an audit found, "llamadas extern", keeps an English word
    assert english_words_left({"extern_calls": "extern calls"}, {"extern_calls": "llamadas extern"}) == {
        "extern_calls": {"extern"}}


def test_the_spanish_summary_says_buffers_are_allocated():
    row = next(line for line in page_text("es").splitlines() if "inference.total_buffers" in line)
    assert row.startswith("| búferes asignados:")
