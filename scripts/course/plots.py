"""Plotly figures from a result's table, as HTML that needs no network.

plotly.js itself is served by the site (see scripts/hooks/site_assets.py), so the HTML here only
holds the data and a `Plotly.newPlot` call. Axis numbers follow the page's language.
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go

SEPARATORS = {"en": ".,", "es": ",\u202f"}   # decimal mark, then thousands separator
COLORS = ["#3f51b5", "#e65100", "#2e7d32", "#8e24aa", "#00838f", "#c62828"]
GRID = "rgba(128,128,128,0.25)"
# What every axis shares: room for its title and tick labels is made as they need it
# (automargin: a fixed margin clipped long titles on phones), and numbers read as numbers,
# 3.8×10⁻⁷, never with SI suffixes (`380n`).
AXIS = dict(automargin=True, gridcolor=GRID, exponentformat="power")
# The legend sits above the plot, left-aligned, far enough above it to clear a tick label at
# the plot's top edge (at y=1.02 it met one on a phone): below, it met the x tick labels. No toolbar:
# on a phone it covered the bars, and zooming a bar chart of a dozen bars teaches nothing.
LEGEND = dict(orientation="h", yanchor="bottom", y=1.08, x=0, xanchor="left")
CONFIG = {"displaylogo": False, "displayModeBar": False, "responsive": True}


def _column(table: dict[str, Any], name: str) -> list[Any]:
    index = table["columns"].index(name)
    return [row[index] for row in table["rows"]]


def wrapped(title: str, width: int = 36) -> str:
    """An axis title in lines of about `width` characters: a figure is 380 px tall, and a long
    y title on one line ran past it (plotly wraps nothing itself; `<br>` is its line break)."""
    lines: list[str] = []
    for word in str(title).split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def plot_text(value: Any) -> Any:
    """Text plotly draws (categories, trace names, hover text): plotly reads a little HTML in
    it (<b>, <a href>), so result text is entity-escaped, which plotly shows as typed."""
    return html.escape(value, quote=True) if isinstance(value, str) else value


def figure_html(table: dict[str, Any], spec: dict[str, Any], lang: str, div_id: str,
                x_title: str, y_title: str, names: list[str] | None = None,
                x_labels: dict[str, str] | None = None) -> str:
    """x_labels: the page's words for categorical x values (a lab's keys, such as a stage)."""
    x = [plot_text((x_labels or {}).get(v, v)) for v in _column(table, spec["x"])]
    figure = go.Figure()
    for index, y_name in enumerate(spec["y"]):
        y = _column(table, y_name)
        error = None
        low, high = spec.get("error_low", {}).get(y_name), spec.get("error_high", {}).get(y_name)
        if low and high:
            error = dict(type="data", symmetric=False,
                         array=[h - v for h, v in zip(_column(table, high), y)],
                         arrayminus=[v - lo for v, lo in zip(y, _column(table, low))])
        label = plot_text(names[index] if names and index < len(names) else y_name)
        color = COLORS[index % len(COLORS)]
        if spec.get("kind") == "bar":
            figure.add_trace(go.Bar(x=x, y=y, name=label, error_y=error, marker_color=color))
        else:
            figure.add_trace(go.Scatter(x=x, y=y, name=label, mode="lines+markers", error_y=error,
                                        line=dict(color=color)))
    figure.update_layout(
        separators=SEPARATORS[lang],
        xaxis=dict(AXIS, title=wrapped(x_title, 60), type="log" if spec.get("log_x") else None),
        yaxis=dict(AXIS, title=wrapped(y_title), type="log" if spec.get("log_y") else None),
        paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)",
        font=dict(color="#888"), margin=dict(l=8, r=8, t=8, b=8), height=380, autosize=True,
        legend=LEGEND, barmode="group",
    )
    html = figure.to_html(full_html=False, include_plotlyjs=False, div_id=div_id, config=CONFIG)
    # Blank lines would end Markdown's raw-HTML block in the middle of the script.
    return "\n".join(line for line in html.splitlines() if line.strip())


BOX_STATS = ("q1", "median", "q3", "lowerfence", "upperfence")


# A cohort plot's x labels are machine names, which a phone turns on their side: they take the
# figure's lower half, and a y title wrapped at the usual width reached up into the legend.
DISTRIBUTION_TITLE_WIDTH = 22


def distribution_html(boxes: list[dict[str, Any]], points: list[tuple[str, float, str]],
                      reference: list[tuple[str, float, str]], lang: str, div_id: str, y_title: str,
                      names: tuple[str, str, str], log_y: bool = False) -> str:
    """A cohort's values of one metric: a box per device class from its precomputed quartiles
    (so the figure's size does not grow with the cohort), some runs drawn as points, and the
    course's own run as a star. Boxes are dicts of x, q1, median, q3, lowerfence, upperfence;
    points and reference are (device class, value, hover text), hover text plain data the
    caller has escaped. names: the boxes', the reference's and the points' legend entries."""
    figure = go.Figure()
    figure.add_trace(go.Box(x=[b["x"] for b in boxes], **{k: [b[k] for b in boxes] for k in BOX_STATS},
                            name=names[0], boxpoints=False, hoverinfo="y",
                            line=dict(color=COLORS[0]), fillcolor="rgba(63,81,181,0.12)"))
    if points:
        figure.add_trace(go.Scatter(x=[p[0] for p in points], y=[p[1] for p in points], name=names[2],
                                    hovertext=[p[2] for p in points], hoverinfo="y+text", mode="markers",
                                    marker=dict(color=COLORS[0], size=7, opacity=0.8)))
    if reference:
        figure.add_trace(go.Scatter(x=[r[0] for r in reference], y=[r[1] for r in reference], name=names[1],
                                    hovertext=[r[2] for r in reference], hoverinfo="y+text", mode="markers",
                                    marker=dict(symbol="star", size=16, color=COLORS[1],
                                                line=dict(color="#fff", width=1))))
    figure.update_layout(
        separators=SEPARATORS[lang],
        xaxis=dict(AXIS, type="category"),
        yaxis=dict(AXIS, title=wrapped(y_title, DISTRIBUTION_TITLE_WIDTH), type="log" if log_y else None),
        paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)",
        font=dict(color="#888"), margin=dict(l=8, r=8, t=8, b=8), height=380,
        legend=LEGEND,
    )
    html = figure.to_html(full_html=False, include_plotlyjs=False, div_id=div_id, config=CONFIG)
    return "\n".join(line for line in html.splitlines() if line.strip())
