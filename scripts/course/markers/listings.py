"""Markers that lay out a result's data: a table, and an artifact shown as a code listing."""

from __future__ import annotations

import math
import posixpath
import re

from course import code_comments, escape, machine_paths
from course.markers.page import Page, rounded_first
from course.markers.parse import Marker, MarkerError, NotInOlderRun
from course.markers.results import without_result
from course.notebooks import TranslationError
from course.results import LabResult
from course.strings import t, term
from labs.common.contract import format_number


def per_column(marker: Marker, option: str, columns: list[str]) -> dict[str, int]:
    """`digits=2` sets every column; `digits="a:2,b:4"` sets the columns it names."""
    text = marker.options.get(option)
    if not text:
        return {}
    try:
        if ":" not in text:
            return dict.fromkeys(columns, int(text))
        pairs = dict(item.split(":") for item in text.split(","))
        unknown = [name for name in pairs if name not in columns]
        if unknown:
            raise MarkerError(f"{option} names {', '.join(unknown)}, not a shown column")
        return {name: int(n) for name, n in pairs.items()}
    except ValueError:
        raise MarkerError(f'{option}="{text}" is neither a number nor "column:number,…"') from None


def markdown_table(titles: list[str], rows: list[list[str]], align: str = "---") -> str:
    """A Markdown table of cells already formatted, in the block every table marker renders."""
    lines = ["| " + " | ".join(titles) + " |", "|" + f"{align}|" * len(titles)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return '<div class="course-table" markdown>\n\n' + "\n".join(lines) + "\n\n</div>\n"


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_count(values: list, unit: str) -> bool:
    """A column without a unit whose every number is whole (calls, steps, buckets) counts
    things: 16, not 16.0. A ratio or a difference has a fraction somewhere, and a column with a
    unit (1.0 KiB, 1.00×) keeps its significant digits."""
    numbers = [v for v in values if is_number(v)]
    return (not unit and bool(numbers)
            and all(math.isfinite(v) and float(v).is_integer() and abs(v) < 1e7 for v in numbers))


def cell(page: Page, value, digits: int = 3, decimals: int | None = None, as_code: bool = False) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, float) and value != value:
        raise MarkerError("a table cell is NaN; the lab must record a number or leave the cell empty")
    if is_number(value):
        if decimals is None:
            value = rounded_first(value, digits)
        return escape.text(format_number(value, page.lang, digits, decimals))
    if as_code:  # generated source: shown verbatim, whatever characters it holds
        return escape.code(value)
    if isinstance(value, bool):
        return escape.text(format_number(value, page.lang))
    return escape.text(term(page.lang, str(value)), code_spans=True)


def value_names(marker: Marker, held: set[str]) -> dict[str, str]:
    """`values="compiled:compilado|tuned:ajustado"`: what the page calls a value the lab recorded
    (a row's name in the page's language). A value no cell holds is a typo, and an error."""
    names = {}
    for pair in filter(None, marker.options.get("values", "").split("|")):
        value, colon, name = pair.partition(":")
        if not colon or not value or not name:
            raise MarkerError(f'values="{marker.options["values"]}": give value:name pairs separated by |')
        if value not in held:
            raise MarkerError(f"values names {value!r}, which no cell of table {marker.key} holds")
        names[value] = name
    return names


def spanish_comments(page: Page, marker: Marker, code_columns: list[str]):
    """`comments="code"`: on a Spanish page, the Python comments of those code columns in Spanish,
    through the table the listings of lab code use (docs/translations/code_comments.es.toml), so
    that a line a table quotes reads as the listing beside it does. Returns (column, value) -> value."""
    wanted = [c for c in marker.options.get("comments", "").split(",") if c]
    if unknown := [c for c in wanted if c not in code_columns]:
        raise MarkerError(f"comments names {', '.join(unknown)}, not a column shown as code")
    if page.lang != "es" or not wanted:
        return lambda column, value: value
    words = code_comments.translator()

    def translated(column: str, value):
        if column not in wanted or not isinstance(value, str):
            return value
        try:
            return code_comments.comments_in_spanish(value, words)
        except TranslationError as error:
            raise MarkerError(str(error)) from None
    return translated


def render_table(page: Page, marker: Marker) -> str:
    if "absent" in marker.options and not marker.device:
        raise MarkerError(f"absent= on a table names its one device: {marker.lab}/cuda:{marker.key or 'KEY'}")
    if (text := without_result(page, marker)) is not None:   # a one-device table that device has no run of
        return f"{text}\n"

    def strings(device: str) -> set[str]:
        try:
            table = page.entry(page.result(marker.lab, device), "tables", marker.key)
        except MarkerError:      # that device's block says why it has no table
            return set()
        return {v for row in table["rows"] for v in row if isinstance(v, str)}

    # a value named in values= is held by the table of at least one device the marker shows
    # (the CPU run times on latency, the GPU run on device time: one names each)
    held = set().union(*(strings(device) for device in page.devices_for(marker))) if "values" in marker.options else set()

    def one(device: str) -> str:
        result = page.result(marker.lab, device)
        table = page.entry(result, "tables", marker.key)
        wanted = marker.options.get("columns")
        columns = wanted.split(",") if wanted else table["columns"]
        missing = [c for c in columns if c not in table["columns"]]
        headers = marker.options.get("headers")
        if page.older_run(result) and (missing or (headers and len(headers.split("|")) != len(columns))):
            raise NotInOlderRun(marker.lab, device, marker.key)  # the page's columns are today's
        if missing:
            raise MarkerError(f"table {marker.key} has no column {', '.join(missing)} "
                              f"(it has: {', '.join(table['columns'])})")
        units = table.get("units", {})
        titles = headers.split("|") if headers else [
            escape.code(c) + (f" ({escape.text(units[c])})" if units.get(c) else "") for c in columns]
        if len(titles) != len(columns):
            raise MarkerError(f"headers has {len(titles)} titles for {len(columns)} columns")
        indexes = [table["columns"].index(c) for c in columns]
        digits, decimals = per_column(marker, "digits", columns), per_column(marker, "decimals", columns)
        code_columns = [c for c in marker.options.get("code", "").split(",") if c]
        if unknown := [c for c in code_columns if c not in columns]:
            raise MarkerError(f"code names {', '.join(unknown)}, not a shown column")
        names = value_names(marker, held)
        spanish = spanish_comments(page, marker, code_columns)
        if not table["rows"]:   # said in words, not drawn as a header over nothing
            return f"{t(page.lang, 'no_rows')}\n"
        for number, row in enumerate(table["rows"], start=1):
            if len(row) != len(table["columns"]):
                raise MarkerError(f"table {marker.key} row {number} has {len(row)} cells for "
                                  f"{len(table['columns'])} columns; re-run the lab")
        for i, c in zip(indexes, columns):   # a count shows whole, unless the marker asks otherwise
            if c not in digits and c not in decimals and is_count([row[i] for row in table["rows"]], units.get(c, "")):
                decimals[c] = 0
        rows = []
        for row in table["rows"]:
            rows.append([cell(page, names.get(row[i], row[i]) if isinstance(row[i], str) and c not in code_columns
                              else spanish(c, row[i]), digits.get(c, 3), decimals.get(c), c in code_columns)
                         for i, c in zip(indexes, columns)])
        return markdown_table(titles, rows)

    return page.tabs_for(marker, one, sourced=True)


def lines_from_table(page: Page, marker: Marker, result: LabResult, first: int, last: int) -> str:
    """`hl_from="TABLE:COLUMN"` (with `hl_where="COLUMN=VALUE"`): highlight the line numbers
    a table of the same run cites, such as an annotation's, in the listing of lines
    first..last (Pygments counts highlighted lines from the block's first line)."""
    if "hl_from" not in marker.options:
        return ""
    table_key, _, column = marker.options["hl_from"].partition(":")
    table = page.entry(result, "tables", table_key)
    where_column, _, where_value = marker.options.get("hl_where", "").partition("=")
    for name in filter(None, [column, where_column]):
        if name not in table["columns"]:
            raise MarkerError(f"table {table_key} has no column {name} (it has: {', '.join(table['columns'])})")
    index = table["columns"].index(column)
    lines = {row[index] for row in table["rows"] if isinstance(row[index], int)
             and (not where_column or str(row[table["columns"].index(where_column)]) == where_value)}
    return " ".join(str(line - first + 1) for line in sorted(lines) if first <= line <= last)


def line_span(marker: Marker, total: int) -> tuple[int, int]:
    first, last = 1, total
    if "lines" in marker.options:
        try:
            span = marker.options["lines"].split("-")
            first, last = int(span[0]), int(span[-1]) if span[-1] else total
        except ValueError:
            raise MarkerError(f'lines="{marker.options["lines"]}" is not FIRST-LAST') from None
    try:
        limit = int(marker.options.get("max_lines", 400))
    except ValueError:
        raise MarkerError("max_lines= takes a whole number") from None
    return first, min(last, total, first + limit - 1)


def _artifact_lines(page: Page, marker: Marker, device: str) -> tuple[LabResult, dict, list[str]]:
    result = page.result(marker.lab, device)
    artifact = page.entry(result, "artifacts", marker.key)
    path = result.folder / artifact["path"]
    if not path.is_file():
        raise MarkerError(f"artifact {marker.key} of {marker.lab}/{device} is not a file: {path}")
    text = machine_paths.neutral(path.read_text(encoding="utf-8", errors="replace"))
    return result, artifact, text.splitlines()


def render_code(page: Page, marker: Marker) -> str:
    """The artifact's lines, one tab per device; once, without tabs, when every device wrote
    the same file (a lab's own source): two identical listings side by side teach nothing."""
    files = {device: _artifact_lines(page, marker, device) for device in page.devices_for(marker)}

    def one(device: str) -> str:
        result, artifact, lines = files[device]
        first, last = line_span(marker, len(lines))
        shown = lines[first - 1:last]
        fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", "\n".join(shown))), default=0))
        title = marker.options.get("title") or escape.fence_title(posixpath.basename(artifact["path"]))
        language = artifact.get("language", "text")
        highlighted = marker.options.get("hl_lines") or lines_from_table(page, marker, result, first, last)
        hl = f' hl_lines="{highlighted}"' if highlighted else ""
        block = [f'{fence} {language} linenums="{first}" title="{title}"{hl}', *shown, fence]
        note = ""
        if first > 1 or last < len(lines):
            note = t(page.lang, "truncated", first=first, last=last, total=len(lines)) + " "
        href = page.artifact_href(marker.lab, device, artifact)
        block.append(f'\n<small>{note}<a href="{href}">{t(page.lang, "full_file")}</a></small>\n')
        return "\n".join(block) + "\n"

    if len({tuple(lines) for _, _, lines in files.values()}) == 1:
        return one(next(iter(files)))
    return page.device_tabs(marker.lab, list(files), one)
