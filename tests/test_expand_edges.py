"""Expanding a page at its edges, each page compared whole: prose before and after a fenced
block, refused options listed, unclosed markers quoted up to 60 characters, and a block marker
inside a list item indented as a whole, its error too."""

from __future__ import annotations

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import todays_code, write_result


@pytest.fixture
def page(tmp_path):
    write_result(tmp_path, provenance=todays_code())
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    return lambda text: expand(text, ctx, ResultStore(tmp_path))


def failure(message: str) -> str:
    return f'\n!!! failure "Marker error"\n\n    {message}\n'


def test_markers_before_and_after_a_fenced_block_are_expanded_and_the_block_is_not(page):
    expansion = page("{{ metric inductor_kernels/cpu:eager_us }}\nline two {{ metric inductor_kernels/cpu:nope }}\n"
                     "```\ncode {{ x }}\n```\nafter {{ metric inductor_kernels/cpu:eager_us }}\n")
    assert expansion.errors == ["en/labs/x.md: marker {{ metric inductor_kernels/cpu:nope }}: metric 'nope' is not "
                                "in inductor_kernels/cpu (known: eager_us, err, rows, verdict)"]
    assert expansion.markdown == (
        "11.8\u00a0µs\nline two " + failure(
            "en/labs/x.md: marker &#123;&#123; metric inductor&#95;kernels/cpu:nope &#125;&#125;: metric &#39;nope&#39; "
            "is not in inductor&#95;kernels/cpu (known: eager&#95;us, err, rows, verdict)")
        + "\n```\ncode {{ x }}\n```\nafter 11.8\u00a0µs\n")


def test_every_unknown_option_is_named_with_the_ones_the_kind_takes(page):
    [error] = page("{{ metric inductor_kernels/cpu:eager_us size=3 colour=red digits=2 }}").errors
    assert error.endswith(": metric takes no option colour, size; it takes: absent, decimals, digits, minus, unit")


def test_an_unclosed_marker_is_quoted_to_the_end_of_its_line_and_at_most_60_characters(page):
    expansion = page("see {{ metric inductor_kernels/cpu:eager_us\nnext {{ " + "x" * 80 + "\n")
    tail = "; close it with }} or write it inside `code` to show the syntax"
    assert expansion.errors == [f"en/labs/x.md: an unclosed marker: '{{{{ metric inductor_kernels/cpu:eager_us'{tail}",
                                f"en/labs/x.md: an unclosed marker: '{{{{ {'x' * 57}'{tail}"]


def test_a_block_marker_in_a_list_item_is_indented_as_a_whole_blank_lines_left_blank(page):
    assert page("- item\n\n    {{ table inductor_kernels/cpu:latency }}\n").markdown == (
        '- item\n\n    <div class="course-table" markdown>\n\n'
        "    | <code>batch</code> | <code>eager&#95;us</code> (µs) | <code>verdict</code> |\n    |---|---|---|\n"
        "    | 2 | 11.8 | slower |\n    | 65,536 | 1,234 | same |\n\n    </div>\n\n"
        '    <p class="course-source">CPU · AMD EPYC · torch 2.13.0+cpu · 2026-11-21 · '
        '<a href="#provenance-inductor_kernels">full provenance</a></p>\n\n')


def test_a_marker_error_in_a_list_item_is_indented_too(page):
    assert page("- item\n\n    {{ table inductor_kernels/cpu:nope }}\n").markdown == (
        '- item\n\n    \n    !!! failure "Marker error"\n\n        en/labs/x.md: marker &#123;&#123; table '
        "inductor&#95;kernels/cpu:nope &#125;&#125;: table &#39;nope&#39; is not in inductor&#95;kernels/cpu "
        "(known: latency)\n\n")


def test_a_marker_in_a_sentence_is_not_indented(page):
    assert page("- item {{ table inductor_kernels/cpu:latency }}\n").markdown.startswith(
        '- item <div class="course-table" markdown>\n\n| <code>batch</code>')


def test_an_option_that_does_not_parse_names_the_marker_as_written(page):
    [error] = page('{{ metric inductor_kernels/cpu:eager_us digits="x }}').errors
    assert error == ('en/labs/x.md: marker {{ metric inductor_kernels/cpu:eager_us digits="x }}: cannot parse its '
                     "options (No closing quotation); quote values that contain spaces")


def test_a_metric_that_starts_an_indented_line_stays_in_its_sentence(page):
    # an inline value is one line: indenting "as a whole" must not break the line after it
    assert page("- item\n\n    {{ metric inductor_kernels/cpu:eager_us }} per call\n").markdown == (
        "- item\n\n    11.8\u00a0µs per call\n")


def test_an_opening_left_before_a_marker_is_quoted_without_the_marker_that_expanded(page):
    # `{{ {{ metric … }}`: the second opening makes a marker, the first is left unclosed; the
    # quote is the line from it, the expanded marker taken out
    expansion = page("see {{ {{ metric inductor_kernels/cpu:eager_us }} here\n")
    assert expansion.markdown == "see {{ 11.8\u00a0µs here\n"
    assert expansion.errors == ["en/labs/x.md: an unclosed marker: '{{  here'; close it with }} "
                                "or write it inside `code` to show the syntax"]
