"""The figure marker: what it asks the plot for (columns, titles, names, the page's words for
x values, one div id per figure of the page) and the x labels it refuses, at the edges. (A
figure whose columns its table lacks never reaches it: the manifest is refused first.)"""

from __future__ import annotations

import pytest

from course import plots
from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import todays_code, write_result

TABLE = {"columns": ["batch", "eager_us", "compiled_us", "lo", "hi"],
         "rows": [[2, 11.0, 9.0, 10.5, 11.5], [8, 12.0, 7.0, 11.0, 13.0]], "units": {}}
SPEC = {"table": "lat", "x": "batch", "y": ["eager_us", "compiled_us"], "kind": "line",
        "error_low": {"eager_us": "lo"}, "error_high": {"eager_us": "hi"}, "log_x": False, "log_y": False}


@pytest.fixture
def drawn(tmp_path, monkeypatch):
    """Expand a page of figure markers; returns (the plot calls' arguments, the expansion)."""
    write_result(tmp_path, provenance=todays_code(), tables={"lat": TABLE}, figures={"lat.v2": SPEC})
    calls = []

    def figure_html(table, spec, lang, div_id, **options):
        calls.append(dict(table=table, columns=spec["y"], lang=lang, div_id=div_id, **options))
        return "<div>plot</div>"

    monkeypatch.setattr(plots, "figure_html", figure_html)
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="..")
    return calls, lambda text: expand(text, ctx, ResultStore(tmp_path))


def test_each_figure_gets_its_own_div_and_its_titles_default_to_its_columns(drawn):
    calls, page = drawn
    expansion = page("{{ figure inductor_kernels/cpu:lat.v2 }}\n\n"
                     '{{ figure inductor_kernels/cpu:lat.v2 x_title="Lote" y_title="µs" names="Eager|Compilado" '
                     'x_labels="2=dos|8=ocho" }}\n')
    assert expansion.errors == [] and expansion.uses_plotly
    assert [c["div_id"] for c in calls] == ["fig-inductor_kernels-lat-v2-cpu-1", "fig-inductor_kernels-lat-v2-cpu-2"]
    assert calls[0] == dict(table=TABLE, columns=["eager_us", "compiled_us"], lang="en",
                            div_id="fig-inductor_kernels-lat-v2-cpu-1", x_title="batch",
                            y_title="eager_us, compiled_us", names=None, x_labels=None)
    assert (calls[1]["x_title"], calls[1]["y_title"], calls[1]["names"], calls[1]["x_labels"]) == (
        "Lote", "µs", ["Eager", "Compilado"], {"2": "dos", "8": "ocho"})


@pytest.mark.parametrize("labels, why", [
    ("2=dos", "x_labels has no label for 8"),
    ("2=dos|8=ocho|16=dieciséis", "x_labels names 16, not a value of column batch"),
    ("2=dos|8", 'x_labels takes "key=label|key=label"'),
    ("2=dos|8=", 'x_labels takes "key=label|key=label"'),
    # an empty key is the same misuse, named as such, not as a value without its label
    ("2=dos|8=ocho|=nada", 'x_labels takes "key=label|key=label"'),
    # every value that lacks a label and every key that is no value is named, in order
    ("16=dieciséis|32=treinta y dos", "x_labels has no label for 2, 8"),
    ("2=dos|8=ocho|16=dieciséis|32=treinta y dos", "x_labels names 16, 32, not a value of column batch"),
])
def test_x_labels_name_every_value_of_the_column_and_nothing_else(drawn, labels, why):
    _, page = drawn
    [error] = page(f'{{{{ figure inductor_kernels/cpu:lat.v2 x_labels="{labels}" }}}}').errors
    assert error.endswith(why)


def test_a_label_may_hold_an_equals_sign_which_the_key_before_it_may_not(drawn):
    # the key ends at the first `=`: "2=x=2" labels the value 2 "x=2"
    calls, page = drawn
    assert page('{{ figure inductor_kernels/cpu:lat.v2 x_labels="2=x=2|8=ocho" }}').errors == []
    assert calls[0]["x_labels"] == {"2": "x=2", "8": "ocho"}
