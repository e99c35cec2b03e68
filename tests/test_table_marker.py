"""The table marker and a listing's highlighted lines, at their edges: options that name several
columns, empty cells, code columns, refusals naming every column, an older run's missing
column, and `hl_where` values that hold an `=`."""

from __future__ import annotations

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import todays_code, write_result

TABLE = {"columns": ["name", "value", "src"], "rows": [["a", 1.23456, "x|y"], ["", None, "z=1"]], "units": {}}
NOTES = {"columns": ["line", "code"], "rows": [[3, "a=1"], [4, "b"], [9, "a=1"], ["5", "a=1"]]}
SOURCE = ('<p class="course-source">CPU · AMD EPYC · torch 2.13.0+cpu · 2026-11-21 · '
          '<a href="#provenance-inductor_kernels">full provenance</a></p>\n')


@pytest.fixture
def page(tmp_path):
    folder = write_result(tmp_path, provenance=todays_code(), tables={"t": TABLE, "notes": NOTES}, figures={})
    (folder / "kernel.cpp").write_text("".join(f"l{n}\n" for n in range(1, 11)))
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    return lambda text: expand(text, ctx, ResultStore(tmp_path))


def test_per_column_digits_and_code_columns_and_empty_cells(page):
    assert page('{{ table inductor_kernels/cpu:t digits="value:2,name:1" code="src,name" }}').markdown == (
        '<div class="course-table" markdown>\n\n| <code>name</code> | <code>value</code> | <code>src</code> |\n'
        "|---|---|---|\n| <code>a</code> | 1.2 | <code>x&#124;y</code> |\n| — | — | <code>z=1</code> |\n\n</div>\n\n"
        + SOURCE)


def test_a_zero_and_a_false_are_values_and_only_a_missing_cell_is_a_dash(tmp_path):
    # 0 failures, a 0.0 error and a False flag are results a reader must see; an empty string
    # and a null are the cells a lab left empty.
    table = {"columns": ["case", "failures", "error", "fused"],
             "rows": [["a", 0, 0.0, False], ["b", None, "", True]], "units": {}}
    write_result(tmp_path, provenance=todays_code(), tables={"t": table}, figures={})
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    markdown = expand("{{ table inductor_kernels/cpu:t }}", ctx, ResultStore(tmp_path)).markdown
    assert "| a | 0 | 0 | no |\n| b | — | — | yes |\n" in markdown


@pytest.mark.parametrize("options, why", [
    ('columns="value,q,r"', "table t has no column q, r (it has: name, value, src)"),
    ('digits="q:1,r:2"', "digits names q, r, not a shown column"),
    ('code="q,r"', "code names q, r, not a shown column"),
])
def test_a_refusal_names_every_column_it_does_not_know(page, options, why):
    [error] = page(f"{{{{ table inductor_kernels/cpu:t {options} }}}}").errors
    assert error.endswith(f": {why}")


def test_an_older_runs_missing_column_is_said_in_place_naming_its_lab(tmp_path):
    write_result(tmp_path)                                  # BASE's source hash: older code than today's
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    expansion = expand('{{ table inductor_kernels/cpu:latency columns="batch,q" }}', ctx, ResultStore(tmp_path))
    assert expansion.errors == [] and expansion.markdown == (
        "(not in the CPU run: an older version of the lab made it; "
        "`make labs LAB=inductor_kernels DEVICE=cpu FORCE=1` adds this)")


def test_highlighted_lines_come_from_the_rows_whose_value_holds_an_equals_sign(page):
    markdown = page('{{ code inductor_kernels/cpu:kernel lines="2-8" hl_from="notes:line" hl_where="code=a=1" }}').markdown
    assert markdown.startswith('``` cpp linenums="2" title="kernel.cpp" hl_lines="2"\nl2\n')   # line 3; 9 is past 8


@pytest.mark.parametrize("lang, said", [("en", "(no rows in this run)"), ("es", "(ninguna fila en esta ejecución)")])
def test_a_table_without_rows_says_so_instead_of_a_header_over_nothing(tmp_path, lang, said):
    empty = {"columns": ["case", "choice"], "rows": [], "units": {}}
    write_result(tmp_path, provenance=todays_code(), tables={"t": empty, "one": {**empty, "rows": [["a", "b"]]}},
                 figures={})
    ctx = PageContext(page=f"{lang}/labs/x.md", lang=lang, page_dir="labs", site_root="..")
    markdown = expand('{{ table inductor_kernels/cpu:t headers="Case|Choice" }}', ctx, ResultStore(tmp_path)).markdown
    assert markdown.startswith(f"{said}\n") and "|---|" not in markdown and "Case" not in markdown
    one_row = expand('{{ table inductor_kernels/cpu:one headers="Case|Choice" }}', ctx, ResultStore(tmp_path)).markdown
    assert "| a | b |" in one_row and said not in one_row          # one row is a table


def table_rows(tmp_path, table: dict, lang: str = "en", options: str = "") -> list[str]:
    """The rendered rows of one table marker (header and rule left out)."""
    write_result(tmp_path, provenance=todays_code(), tables={"t": table}, figures={})
    ctx = PageContext(page=f"{lang}/labs/x.md", lang=lang, page_dir="labs", site_root="..")
    markdown = expand(f"{{{{ table inductor_kernels/cpu:t {options}}}}}", ctx, ResultStore(tmp_path)).markdown
    return [line for line in markdown.splitlines() if line.startswith("| ")][1:]


@pytest.mark.parametrize("lang, shown", [("en", ["| 1 |", "| 9 |", "| 16 |"]), ("es", ["| 1 |", "| 9 |", "| 16 |"])])
def test_a_count_recorded_as_whole_floats_shows_as_whole_numbers(tmp_path, lang, shown):
    # distributed's calls per collective kind: 1.0, 9.0, 16.0 read "1.00", "9.00", "16.0" before
    calls = {"columns": ["calls"], "rows": [[1.0], [9.0], [16.0]], "units": {}}
    assert table_rows(tmp_path, calls, lang) == shown


@pytest.mark.parametrize("table, shown", [
    ({"columns": ["mean"], "rows": [[1.0], [2.5]], "units": {}}, ["| 1.00 |", "| 2.50 |"]),    # one fraction: not a count
    ({"columns": ["kib"], "rows": [[1.0], [16.0]], "units": {"kib": "KiB"}}, ["| 1.00 |", "| 16.0 |"]),  # a unit: a size
    ({"columns": ["ratio"], "rows": [[1.0], [1.0]], "units": {"ratio": "×"}}, ["| 1.00 |", "| 1.00 |"]),
])
def test_a_column_with_a_fraction_or_a_unit_keeps_its_significant_digits(tmp_path, table, shown):
    assert table_rows(tmp_path, table) == shown


def test_a_marker_that_asks_for_decimals_keeps_them_on_a_count(tmp_path):
    calls = {"columns": ["calls"], "rows": [[1.0], [16.0]], "units": {}}
    assert table_rows(tmp_path, calls, options='decimals="calls:1" ') == ["| 1.0 |", "| 16.0 |"]


@pytest.mark.parametrize("lang, shown", [("en", ["| 0.990 |", "| 1.00 |", "| 1.00 |", "| 10.0 |"]),
                                         ("es", ["| 0,990 |", "| 1,00 |", "| 1,00 |", "| 10,0 |"])])
def test_a_value_that_rounds_up_to_a_power_of_ten_shows_its_columns_digits(tmp_path, lang, shown):
    # 0.99967 read "1.000" beside the 1.00 of its neighbours (distributed's GPU payload ratios)
    ratios = {"columns": ["ratio"], "rows": [[0.98986], [0.99967], [1.0], [9.9996]], "units": {"ratio": "×"}}
    assert table_rows(tmp_path, ratios, lang) == shown


def test_only_a_carry_is_rounded_first_whatever_the_sign(tmp_path):
    # rounding to significant digits first would turn 123,457 into 123,000: only a carry is rounded
    sizes = {"columns": ["n"], "rows": [[123456.7], [0.0012346], [-0.99967]], "units": {"n": "B"}}
    assert table_rows(tmp_path, sizes) == ["| 123,457 |", "| 0.00123 |", "| −1.00 |"]
