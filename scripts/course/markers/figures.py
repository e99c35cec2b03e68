"""The figure marker: a plotly chart of a result's table, drawn offline."""

from __future__ import annotations

from course import plots
from course.markers.page import Page
from course.markers.parse import Marker, MarkerError


def render_figure(page: Page, marker: Marker) -> str:
    def one(device: str) -> str:
        result = page.result(marker.lab, device)
        spec = page.entry(result, "figures", marker.key)
        table = page.entry(result, "tables", spec["table"])
        wanted = [spec["x"], *spec["y"], *spec.get("error_low", {}).values(), *spec.get("error_high", {}).values()]
        if missing := [c for c in wanted if c not in table["columns"]]:
            raise MarkerError(f"figure {marker.key} plots column {', '.join(missing)}, which table "
                              f"{spec['table']} does not have; re-run the lab")
        page.figure_count += 1
        div_id = f"fig-{marker.lab}-{marker.key}-{device}-{page.figure_count}".replace(".", "-")
        names = marker.options.get("names")
        html = plots.figure_html(table, spec, page.lang, div_id,
                                 x_title=marker.options.get("x_title", spec["x"]),
                                 y_title=marker.options.get("y_title", ", ".join(spec["y"])),
                                 names=names.split("|") if names else None)
        page.uses_plotly = True
        return f'<div class="course-figure">\n{html}\n</div>\n'

    return page.tabs_for(marker, one, sourced=True)
