"""Marker expansion: Markdown with `{{ kind target options }}` in, Markdown out.

    {{ metric inductor_kernels/cpu:tinyhead.max_abs_err }}
    {{ figure inductor_kernels:tinyhead_latency x_title="Batch size" y_title="µs" }}

`expand()` is a pure function of the page text, its language and the results it reads: no
MkDocs in here, so it is unit-tested directly and would survive a move to another site
generator. Each marker that cannot be expanded (unknown kind or key, missing result, failed
lab) becomes a visible error block and an entry in `Expansion.errors`; the MkDocs hook turns
those into warnings, which stop a strict build. Markers inside fenced code blocks and inline
code spans are left alone, so pages can show the syntax itself.

The modules, one job each: `parse` (the syntax), `expand` (finding markers outside code),
`page` (what every renderer shares), and the renderers by kind of output: `results`,
`listings`, `figures`, `claims`, `benchmarks`, `curriculum_cards`, `cohorts`. RENDERERS below is the whole list of kinds.
"""

from __future__ import annotations

from course.markers import benchmarks, claims, cohorts, curriculum_cards, figures, glossary_table, listings, results
from course.markers.expand import Expansion, Renderer
from course.markers.expand import expand as _expand
from course.markers.page import PageContext
from course.markers.parse import MARKER, MarkerError
from course.results import ResultStore

# Every marker kind and the function that renders it: add a kind here and nowhere else.
RENDERERS: dict[str, Renderer] = {
    # inline: a value in a sentence
    "metric": results.render_metric,
    "check": results.render_check,
    "case": results.render_case,
    "link": results.render_link,
    "claim": claims.render_claim,   # a sentence the run decides (labs/<lab>/claims.py)
    "benchmark": benchmarks.render_benchmark,   # a figure of the committed benchmark outputs
    "benchmark_table": benchmarks.render_benchmark_table,   # a block: one run's figures, a row per size
    # blocks: one per device, side by side as tabs
    "checks": results.render_checks,
    "table": listings.render_table,
    "code": listings.render_code,
    "figure": figures.render_figure,
    "part": results.render_part,
    "provenance": results.render_provenance,
    # the course's map
    "lab_header": curriculum_cards.render_lab_header,
    "lab_nav": curriculum_cards.render_lab_nav,
    "curriculum": curriculum_cards.render_curriculum,
    "glossary": glossary_table.render_glossary,
    # cohorts (scripts/course/cohorts): a cohort's report, and the list of cohorts
    "cohort": cohorts.render_cohort,
    "cohorts": cohorts.render_cohorts,
}
KINDS = sorted(RENDERERS)

# The options each kind takes; any other is an error on the page (a typo would otherwise be
# ignored). `case` takes one option per value the metric can have, so any name.
_INLINE = {"absent"}
_NUMBERS = {"digits", "decimals"}
OPTIONS: dict[str, frozenset[str] | None] = {kind: frozenset(names) for kind, names in {
    "metric": _INLINE | _NUMBERS | {"unit", "minus"},
    "check": _INLINE,
    "link": _INLINE | {"text"},
    "claim": _INLINE,
    "benchmark": _NUMBERS,
    "benchmark_table": _NUMBERS | {"columns", "headers"},
    "checks": set(),
    "table": _NUMBERS | {"columns", "headers", "code", "comments", "absent", "values"},
    "code": {"lines", "max_lines", "hl_from", "hl_where", "hl_lines", "title"},
    "figure": {"x_title", "y_title", "names", "x_labels"},
    "part": set(), "provenance": {"form"},
    "lab_header": set(), "lab_nav": set(), "curriculum": set(), "glossary": set(),
    "cohort": {"id"}, "cohorts": set(),
}.items()} | {"case": None}
assert set(OPTIONS) == set(RENDERERS), "every kind says which options it takes"


def expand(markdown: str, ctx: PageContext, store: ResultStore) -> Expansion:
    return _expand(markdown, ctx, store, RENDERERS, OPTIONS)


__all__ = ["KINDS", "MARKER", "OPTIONS", "RENDERERS", "Expansion", "MarkerError", "PageContext", "expand"]
