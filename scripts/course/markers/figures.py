"""The figure marker: a plotly chart of a result's table, drawn offline."""

from __future__ import annotations

from course import plots
from course.markers.page import Page
from course.markers.parse import Marker, MarkerError, NotInOlderRun


def render_figure(page: Page, marker: Marker) -> str:
    def one(device: str) -> str:
        result = page.result(marker.lab, device)
        spec = page.entry(result, "figures", marker.key)
        table = page.entry(result, "tables", spec["table"])
        wanted = [spec["x"], *spec["y"], *spec.get("error_low", {}).values(), *spec.get("error_high", {}).values()]
        if missing := [c for c in wanted if c not in table["columns"]]:
            if page.older_run(result):
                raise NotInOlderRun(marker.lab, device, marker.key)
            raise MarkerError(f"figure {marker.key} plots column {', '.join(missing)}, which table "
                              f"{spec['table']} does not have; re-run the lab")
        page.figure_count += 1
        div_id = f"fig-{marker.lab}-{marker.key}-{device}-{page.figure_count}".replace(".", "-")
        names = marker.options.get("names")
        x_labels = _x_labels(marker, table, spec["x"])
        html = plots.figure_html(table, spec, page.lang, div_id,
                                 x_title=marker.options.get("x_title", spec["x"]),
                                 y_title=marker.options.get("y_title", ", ".join(spec["y"])),
                                 names=names.split("|") if names else None, x_labels=x_labels)
        page.uses_plotly = True
        return f'<div class="course-figure">\n{html}\n</div>\n'

    return page.tabs_for(marker, one, sourced=True)


def _x_labels(marker: Marker, table: dict, x: str) -> dict[str, str] | None:
    """`x_labels="key=label|key=label"`: the page's words for a lab's categorical x values.
    Every value gets one, so a value a new run adds is an error, not a raw key on the page."""
    text = marker.options.get("x_labels")
    if not text:
        return None
    pairs = [item.partition("=") for item in text.split("|")]
    if any(not key or not sep or not label for key, sep, label in pairs):
        raise MarkerError('x_labels takes "key=label|key=label"')
    labels = {key.strip(): label.strip() for key, _, label in pairs}
    values = [str(row[table["columns"].index(x)]) for row in table["rows"]]
    if missing := [v for v in values if v not in labels]:
        raise MarkerError(f"x_labels has no label for {', '.join(missing)}")
    if unknown := [key for key in labels if key not in values]:
        raise MarkerError(f"x_labels names {', '.join(unknown)}, not a value of column {x}")
    return labels
