"""The plotly figures a page embeds (course/plots.py), read back from the HTML the page gets:
each trace, the layout and the config compared whole with what was worked out by hand, the
axis titles wrapped at their edges, and result text escaped before plotly reads it."""

from __future__ import annotations

import json

import pytest

from course import plots

TABLE = {"columns": ["batch", "eager_us", "compiled_us", "lo", "hi"],
         "rows": [[2, 11.0, 9.0, 10.5, 11.5], [8, 12.0, 7.0, 11.0, 13.0]]}
# What every axis and every figure shares (plots.AXIS, the legend above the plot, no toolbar).
AXIS = {"automargin": True, "gridcolor": "rgba(128,128,128,0.25)", "exponentformat": "power"}
LEGEND = {"orientation": "h", "yanchor": "bottom", "y": 1.08, "x": 0, "xanchor": "left"}
CONFIG = {"displaylogo": False, "displayModeBar": False, "responsive": True}
FRAME = {"paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)", "font": {"color": "#888"},
         "margin": {"l": 8, "r": 8, "t": 8, "b": 8}, "height": 380, "legend": LEGEND}


def plotted(html: str) -> tuple[str, list[dict], dict, dict]:
    """The arguments of the page's `Plotly.newPlot(div, data, layout, config)` call, the layout
    without plotly's default template."""
    rest = html[html.index("Plotly.newPlot(") + len("Plotly.newPlot("):]
    decoder, values = json.JSONDecoder(), []
    for _ in range(4):
        rest = rest.lstrip().removeprefix(",").lstrip()
        value, end = decoder.raw_decode(rest)
        values.append(value)
        rest = rest[end:]
    assert rest.lstrip().startswith(")")
    div, data, layout, config = values
    layout.pop("template")
    return div, data, layout, config


# -- wrapped: axis titles in lines of about `width` characters --------------------------------

@pytest.mark.parametrize("title, width, expected", [
    ("aaaa bbbb", 9, "aaaa bbbb"),              # exactly the width: one line
    ("aaaa bbbbb", 9, "aaaa<br>bbbbb"),         # one past it: two
    ("aaaa bbbb cc", 12, "aaaa bbbb cc"),
    ("aaaa bbbb ccc", 12, "aaaa bbbb<br>ccc"),
    ("averyverylongword b", 5, "averyverylongword<br>b"),   # a word longer than the width stays whole
    ("  two   spaces  ", 36, "two spaces"),      # runs of spaces are one
    ("", 36, ""),
])
def test_a_title_is_wrapped_at_its_width_never_inside_a_word(title, width, expected):
    assert plots.wrapped(title, width) == expected


def test_a_title_is_wrapped_at_36_characters_unless_told():
    assert plots.wrapped("a" * 17 + " " + "b" * 18) == "a" * 17 + " " + "b" * 18    # 36
    assert plots.wrapped("a" * 18 + " " + "b" * 18) == "a" * 18 + "<br>" + "b" * 18  # 37


def test_a_title_that_is_not_text_is_wrapped_as_its_text():
    assert plots.wrapped(1024) == "1024"


# -- plot_text: result text plotly would read as HTML -------------------------------------------

def test_result_text_is_entity_escaped_quotes_included_and_numbers_are_left_as_numbers():
    assert plots.plot_text("<b>A&B</b> \"q\" 'p'") == "&lt;b&gt;A&amp;B&lt;/b&gt; &quot;q&quot; &#x27;p&#x27;"
    assert plots.plot_text(2.5) == 2.5 and plots.plot_text(8) == 8 and plots.plot_text(None) is None


# -- figure_html: a result table's figure -----------------------------------------------------

def test_a_line_figure_whole_with_error_bars_only_where_both_ends_are_given():
    spec = {"x": "batch", "y": ["eager_us", "compiled_us"], "kind": "line",
            "error_low": {"eager_us": "lo", "compiled_us": "lo"}, "error_high": {"eager_us": "hi"}}
    html = plots.figure_html(TABLE, spec, "en", "fig-1", "Batch", "Latency (µs)")
    div, data, layout, config = plotted(html)
    assert div == "fig-1" and config == CONFIG
    assert data == [
        {"type": "scatter", "mode": "lines+markers", "name": "eager_us", "x": [2, 8], "y": [11.0, 12.0],
         "line": {"color": "#3f51b5"},
         # 11.5 − 11.0 above and 11.0 − 10.5 below; 13.0 − 12.0 above and 12.0 − 11.0 below
         "error_y": {"type": "data", "symmetric": False, "array": [0.5, 1.0], "arrayminus": [0.5, 1.0]}},
        {"type": "scatter", "mode": "lines+markers", "name": "compiled_us", "x": [2, 8], "y": [9.0, 7.0],
         "line": {"color": "#e65100"}},        # a low end without a high end: no error bars
    ]
    assert layout == {**FRAME, "separators": ".,", "autosize": True, "barmode": "group",
                      "xaxis": {**AXIS, "title": {"text": "Batch"}},
                      "yaxis": {**AXIS, "title": {"text": "Latency (µs)"}}}


def test_a_bar_figure_whole_on_log_axes_in_spanish_with_the_pages_names_and_labels():
    table = {"columns": ["stage", "a", "b", "lo", "hi"],
             "rows": [["fx", 4.0, 2.0, 3.0, 7.0], ["<b>kernel</b>", 10.0, 1.0, 9.0, 10.5]]}
    spec = {"x": "stage", "y": ["a", "b"], "kind": "bar", "log_x": True, "log_y": True,
            "error_low": {"a": "lo"}, "error_high": {"a": "hi"}}
    html = plots.figure_html(table, spec, "es", "fig-2", "Etapa", "Tiempo", names=["<i>Eager</i>"],
                             x_labels={"fx": "grafo FX"})
    div, data, layout, config = plotted(html)
    # x: the page's word where it has one, the value where not, escaped either way; the second
    # trace has no name of the page's (one name for two columns): its column's.
    x = ["grafo FX", "&lt;b&gt;kernel&lt;/b&gt;"]
    assert data == [
        {"type": "bar", "name": "&lt;i&gt;Eager&lt;/i&gt;", "x": x, "y": [4.0, 10.0], "marker": {"color": "#3f51b5"},
         "error_y": {"type": "data", "symmetric": False, "array": [3.0, 0.5], "arrayminus": [1.0, 1.0]}},
        {"type": "bar", "name": "b", "x": x, "y": [2.0, 1.0], "marker": {"color": "#e65100"}},
    ]
    assert layout == {**FRAME, "separators": ",\u202f", "autosize": True, "barmode": "group",
                      "xaxis": {**AXIS, "title": {"text": "Etapa"}, "type": "log"},
                      "yaxis": {**AXIS, "title": {"text": "Tiempo"}, "type": "log"}}
    assert (div, config) == ("fig-2", CONFIG)


def test_a_seventh_series_takes_the_first_colour_again():
    table = {"columns": ["x", *"abcdefg"], "rows": [[1, *range(7)]]}
    _, data, _, _ = plotted(plots.figure_html(table, {"x": "x", "y": list("abcdefg")}, "en", "f", "x", "y"))
    assert [trace["line"]["color"] for trace in data] == [*plots.COLORS, plots.COLORS[0]]
    assert [trace["name"] for trace in data] == list("abcdefg")


def test_the_x_title_wraps_at_60_characters_and_the_y_title_at_36():
    title = "a" * 30 + " " + "b" * 29                         # 60: one line on x, two on y
    _, _, layout, _ = plotted(plots.figure_html(TABLE, {"x": "batch", "y": ["lo"]}, "en", "f", title, title))
    assert layout["xaxis"]["title"]["text"] == title
    assert layout["yaxis"]["title"]["text"] == "a" * 30 + "<br>" + "b" * 29
    longer = "a" * 30 + " " + "b" * 30                        # 61: two lines on x
    _, _, layout, _ = plotted(plots.figure_html(TABLE, {"x": "batch", "y": ["lo"]}, "en", "f", longer, "y"))
    assert layout["xaxis"]["title"]["text"] == "a" * 30 + "<br>" + "b" * 30


def test_the_figure_is_one_div_without_plotly_js_and_without_a_blank_line():
    html = plots.figure_html(TABLE, {"x": "batch", "y": ["lo"]}, "en", "fig-9", "x", "y")
    # plotly.js is served by the site: the page's HTML holds only the data and the call
    assert html.startswith("<div") and html.rstrip().endswith("</div>")
    assert "<html" not in html and "<script src" not in html and len(html) < 20_000
    assert 'id="fig-9"' in html and html.count("Plotly.newPlot(") == 1
    assert all(line.strip() for line in html.split("\n"))


# -- distribution_html: a cohort's metric, a box per machine class ------------------------------

BOXES = [{"x": "CPU · EPYC", "q1": 1.0, "median": 2.0, "q3": 3.0, "lowerfence": 0.5, "upperfence": 4.0},
         {"x": "GPU · H100", "q1": 5.0, "median": 6.0, "q3": 7.0, "lowerfence": 4.5, "upperfence": 8.0}]
NAMES = ("Submissions", "Course run", "Runs")


def test_a_distribution_whole_boxes_points_and_the_course_run():
    points = [("CPU · EPYC", 1.5, "#3"), ("GPU · H100", 7.5, "#9")]
    reference = [("CPU · EPYC", 2.5, "course")]
    html = plots.distribution_html(BOXES, points, reference, "en", "dist-1", "Speed-up (×)", NAMES)
    div, data, layout, config = plotted(html)
    assert (div, config) == ("dist-1", CONFIG)
    assert data == [
        {"type": "box", "name": "Submissions", "x": ["CPU · EPYC", "GPU · H100"], "q1": [1.0, 5.0],
         "median": [2.0, 6.0], "q3": [3.0, 7.0], "lowerfence": [0.5, 4.5], "upperfence": [4.0, 8.0],
         "boxpoints": False, "hoverinfo": "y", "line": {"color": "#3f51b5"}, "fillcolor": "rgba(63,81,181,0.12)"},
        {"type": "scatter", "name": "Runs", "x": ["CPU · EPYC", "GPU · H100"], "y": [1.5, 7.5],
         "hovertext": ["#3", "#9"], "hoverinfo": "y+text", "mode": "markers",
         "marker": {"color": "#3f51b5", "size": 7, "opacity": 0.8}},
        {"type": "scatter", "name": "Course run", "x": ["CPU · EPYC"], "y": [2.5], "hovertext": ["course"],
         "hoverinfo": "y+text", "mode": "markers",
         "marker": {"symbol": "star", "size": 16, "color": "#e65100", "line": {"color": "#fff", "width": 1}}},
    ]
    assert layout == {**FRAME, "separators": ".,", "xaxis": {**AXIS, "type": "category"},
                      "yaxis": {**AXIS, "title": {"text": "Speed-up (×)"}}}


def test_a_distribution_without_points_or_course_run_is_its_boxes_on_a_log_axis_in_spanish():
    title = "a" * 11 + " " + "b" * 10                         # 22: one line
    _, data, layout, _ = plotted(plots.distribution_html(BOXES, [], [], "es", "d", title, NAMES, log_y=True))
    assert [trace["type"] for trace in data] == ["box"]
    assert layout["separators"] == ",\u202f"
    assert layout["yaxis"] == {**AXIS, "title": {"text": title}, "type": "log"}
    longer = "a" * 11 + " " + "b" * 11                        # 23: two
    _, _, layout, _ = plotted(plots.distribution_html(BOXES, [], [], "en", "d", longer, NAMES))
    assert layout["yaxis"]["title"]["text"] == "a" * 11 + "<br>" + "b" * 11 and "type" not in layout["yaxis"]


def test_a_distribution_is_one_div_without_plotly_js_and_without_a_blank_line():
    html = plots.distribution_html(BOXES, [], [], "en", "dist-2", "y", NAMES)
    assert html.startswith("<div") and html.rstrip().endswith("</div>") and len(html) < 20_000
    assert 'id="dist-2"' in html and "<html" not in html and "<script src" not in html
    assert all(line.strip() for line in html.split("\n"))
