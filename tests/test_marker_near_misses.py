"""Markers next to the cases test_markers.py had in mind: highlighted kernel lines checked on
the rendered listing (not on the option the marker wrote), a failed manifest under every marker
kind, and a Spanish page that would take the English text."""

from __future__ import annotations

import html
import re

import markdown
import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import todays_code, write_result

HIGHLIGHT = ["pymdownx.superfences", "pymdownx.highlight"]


def page(lang="en"):
    return PageContext(page=f"{lang}/labs/inductor_kernels.md", lang=lang, page_dir="labs", site_root="../..")


def ok(text, store, lang="en"):
    result = expand(text, page(lang), store)
    assert result.errors == [], result.errors
    return result.markdown


def errors(text, store, lang="en"):
    return expand(text, page(lang), store).errors


def highlighted_lines(md: str) -> list[str]:
    """The text of the lines Pygments highlighted, read from the rendered HTML."""
    rendered = markdown.markdown(md, extensions=HIGHLIGHT, extension_configs={"pymdownx.highlight": {
        "anchor_linenums": True, "line_spans": "__span"}})
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
            for m in re.findall(r'<span class="hll">(.*?)</span>\s*(?=<span id=|</code>)', rendered, re.S)]


@pytest.fixture
def cited(tmp_path):
    rows = [[4, "kernel"], [5, "kernel"], [9, "kernel"], [10, "kernel"], [11, "kernel"], [7, "wrapper"],
            [True, "kernel"], ["8", "kernel"]]
    write_result(tmp_path, tables={"notes": {"columns": ["line", "file"], "rows": rows}}, figures={})
    return ResultStore(tmp_path)


def test_the_highlighted_lines_are_the_cited_ones_on_the_page(cited):
    md = ok('{{ code inductor_kernels/cpu:kernel lines="5-10" hl_from="notes:line" hl_where="file=kernel" }}', cited)
    assert highlighted_lines(md) == ["line 5 of the kernel", "line 9 of the kernel", "line 10 of the kernel"]


def test_highlights_follow_the_window_from_its_first_line(cited):
    md = ok('{{ code inductor_kernels/cpu:kernel lines="9-12" hl_from="notes:line" }}', cited)
    assert highlighted_lines(md) == [f"line {n} of the kernel" for n in (9, 10, 11)]
    md = ok('{{ code inductor_kernels/cpu:kernel hl_from="notes:line" hl_where="file=wrapper" }}', cited)
    assert highlighted_lines(md) == ["line 7 of the kernel"]


def test_max_lines_cuts_the_highlights_with_the_listing(cited):
    md = ok('{{ code inductor_kernels/cpu:kernel lines="5-" max_lines=5 hl_from="notes:line" hl_where="file=kernel" }}',
            cited)
    assert 'linenums="5"' in md and "line 10 of the kernel" not in md
    assert highlighted_lines(md) == ["line 5 of the kernel", "line 9 of the kernel"]


def test_hl_lines_written_on_the_marker_wins(cited):
    md = ok('{{ code inductor_kernels/cpu:kernel lines="1-3" hl_lines="2" hl_from="notes:line" }}', cited)
    assert highlighted_lines(md) == ["line 2 of the kernel"]


def test_hl_where_naming_no_column_is_an_error(cited):
    [message] = errors('{{ code inductor_kernels/cpu:kernel hl_from="notes:line" hl_where="nope=1" }}', cited)
    assert "has no column nope" in message


# -- a failed manifest is never shown as current --------------------------------------------------

@pytest.fixture
def failed(tmp_path):
    write_result(tmp_path, device="cpu", status="failed", reason="part A: RuntimeError: boom")
    return ResultStore(tmp_path)


@pytest.mark.parametrize("marker", [
    "{{ metric inductor_kernels/cpu:eager_us }}", "{{ check inductor_kernels/cpu:match }}",
    '{{ case inductor_kernels/cpu:verdict faster="F" slower="S" same="=" }}',
    "{{ table inductor_kernels/cpu:latency }}", "{{ table inductor_kernels:latency }}",
    "{{ code inductor_kernels:kernel }}", "{{ code inductor_kernels/cpu:kernel }}",
    "{{ checks inductor_kernels }}", "{{ provenance inductor_kernels }}",
    "{{ figure inductor_kernels:latency }}",
])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_failed_manifest_stops_every_marker_kind(failed, marker, lang):
    found = errors(marker, failed, lang)
    assert len(found) == 1 and "failed" in found[0] and "boom" in found[0], found


# -- a Spanish page takes the Spanish text, or says why not -----------------------------------------

def test_a_spanish_page_takes_the_spanish_sentence_and_the_english_page_the_english(tmp_path):
    metrics = {"summary.en": {"value": "Compiled is faster.", "unit": ""},
               "summary.es": {"value": "Lo compilado es más rápido.", "unit": ""}}
    write_result(tmp_path, metrics=metrics)
    store = ResultStore(tmp_path)
    assert ok("{{ metric inductor_kernels/cpu:summary }}", store, "es") == "Lo compilado es más rápido."
    assert ok("{{ metric inductor_kernels/cpu:summary }}", store, "en") == "Compiled is faster."


def test_a_sentence_written_only_in_english_is_not_shown_on_a_spanish_page(tmp_path):
    write_result(tmp_path, metrics={"summary.en": {"value": "Compiled is faster.", "unit": ""}}, provenance=todays_code())
    store = ResultStore(tmp_path)
    assert ok("{{ metric inductor_kernels/cpu:summary }}", store, "en") == "Compiled is faster."
    assert errors("{{ metric inductor_kernels/cpu:summary }}", store, "es")


def test_a_spanish_report_artifact_wins_on_a_spanish_page(tmp_path):
    folder = write_result(tmp_path, artifacts={"report": {"path": "REPORT.md", "language": "markdown"},
                                               "report.es": {"path": "REPORT.es.md", "language": "markdown"}})
    (folder / "REPORT.md").write_text("The English report\n")
    (folder / "REPORT.es.md").write_text("El informe en español\n")
    store = ResultStore(tmp_path)
    assert "El informe en español" in ok("{{ code inductor_kernels/cpu:report }}", store, "es")
    assert "The English report" not in ok("{{ code inductor_kernels/cpu:report }}", store, "es")
    assert "The English report" in ok("{{ code inductor_kernels/cpu:report }}", store, "en")


# -- markers shown as syntax: inside code, by CommonMark's rules, and just outside it ---------------

BROKEN = "{{ metric nope/cpu:x }}"   # expanded, it would be an error: left alone, none


@pytest.mark.parametrize("text", [
    f"```\n~~~\n{BROKEN}\n```\n",                 # a fence of the other character does not close it
    f"~~~\n```\n{BROKEN}\n~~~\n",
    f"````\n```\n{BROKEN}\n```\n````\n",          # nor does a shorter one
    f"```\n``` python\n{BROKEN}\n```\n",           # nor one with an info string
    f"  ```\n{BROKEN}\n  ```\n",                   # an indented fence
    f"``{BROKEN}``",                              # code spans of two backticks, one inside
    f"`` a ` {BROKEN} ``",
    f"```{BROKEN}```",
])
def test_a_marker_inside_any_code_block_or_span_is_left_alone(tmp_path, text):
    assert ok(text, ResultStore(tmp_path)) == text


@pytest.mark.parametrize("text", [
    f"```\nx\n```\n{BROKEN}\n",                   # after the block closes
    f"~~~\nx\n~~~~\n{BROKEN}\n",                   # a longer closing fence closes it too
    f"`a` {BROKEN} `b`",                          # between two code spans
    f"``a`` {BROKEN} ``b``",
])
def test_a_marker_just_outside_code_is_expanded(tmp_path, text):
    assert any("no lab named 'nope'" in e for e in errors(text, ResultStore(tmp_path)))


@pytest.mark.parametrize("kind, hint", [
    ("metrc", "did you mean 'metric'? "), ("tabel", "did you mean 'table'? "), ("figures", "did you mean 'figure'? "),
    ("mtx", None), ("chart", None), ("Metric", "kinds are lower case: write 'metric'"),
])
def test_an_unknown_kind_is_given_the_nearest_kind_only_when_it_is_near(tmp_path, kind, hint):
    [error] = errors("{{ " + kind + " inductor_kernels }}", ResultStore(tmp_path))
    assert f"unknown marker kind {kind!r}" in error
    if hint is None:
        assert "did you mean" not in error and "known: " in error and "case" in error.split("known: ")[1]
    else:
        assert hint in error


# -- whole messages and fallbacks of case, unknown kinds and older runs -----------------------------

@pytest.fixture
def today_store(tmp_path):
    write_result(tmp_path, device="cpu", provenance=todays_code())
    return ResultStore(tmp_path)


@pytest.mark.parametrize("options, has", [('faster="won" same="tie"', "faster, same"), ("", "none")])
def test_a_case_with_no_text_for_the_value_names_every_option_it_has(today_store, options, has):
    [message] = errors("{{ case inductor_kernels/cpu:verdict " + options + " }}", today_store)
    assert message.endswith(f"verdict is 'slower' on this run, and the marker has no text for it (it has: {has}); "
                            'add slower="…" or else="…"')


def test_a_case_with_absent_shows_it_when_the_device_has_no_result(tmp_path):
    assert ok('{{ case inductor_kernels/cpu:verdict absent="not yet" slower="S" }}', ResultStore(tmp_path)) == \
        "not yet"


def test_an_unknown_kind_lists_every_kind_there_is(tmp_path):
    from course.markers import RENDERERS
    [message] = errors("{{ qqqqq inductor_kernels }}", ResultStore(tmp_path))
    assert message.endswith(f"unknown marker kind 'qqqqq'; known: {', '.join(sorted(RENDERERS))}")


def test_a_key_an_older_run_lacks_is_named_with_its_run():
    from course.markers.parse import NotInOlderRun
    gap = NotInOlderRun("inductor_kernels", "cuda", "tinyhead.x")
    assert str(gap) == "'tinyhead.x' is not in the cuda run of inductor_kernels, made by older code of the lab"
    assert (gap.lab, gap.device, gap.key) == ("inductor_kernels", "cuda", "tinyhead.x")
