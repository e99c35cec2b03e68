"""Expanding a page: find every marker outside code, render it, collect what went wrong."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from course import escape
from course.build_errors import ENGINE_ERRORS
from course.markers.page import Page, PageContext
from course.markers.parse import MARKER, UNCLOSED, Marker, MarkerError, NotInOlderRun, parse_marker
from course.results import ResultStore

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
Renderer = Callable[[Page, Marker], str]
# kind -> the options its markers take (None: any name, as `case` takes one per value)
Options = dict[str, "frozenset[str] | None"]


@dataclass
class Expansion:
    markdown: str
    errors: list[str] = field(default_factory=list)
    uses_plotly: bool = False


def _indent_of(match: re.Match) -> str:
    """The whitespace before a marker that starts its line (inside `???`, `===` or a list),
    or "" for a marker in the middle of a sentence."""
    line_start = match.string.rfind("\n", 0, match.start()) + 1
    before = match.string[line_start:match.start()]
    return before if before.strip() == "" else ""


def _check_options(marker: Marker, options: Options) -> None:
    """A misspelt or invented option would be ignored without a word: refuse it."""
    allowed = options.get(marker.kind)
    unknown = sorted(set(marker.options) - allowed) if allowed is not None else []
    if unknown:
        raise MarkerError(f"{marker.kind} takes no option {', '.join(unknown)}; "
                          f"it takes: {', '.join(sorted(allowed)) or 'none'}")


def _unknown_kind(kind: str, renderers: dict[str, Renderer]) -> str:
    """What to write instead of a kind no renderer has: the lower-case kind, or the nearest one."""
    if kind.lower() in renderers:
        return f"unknown marker kind {kind!r}; kinds are lower case: write {kind.lower()!r}"
    near = difflib.get_close_matches(kind.lower(), renderers, n=1, cutoff=0.75)
    hint = f"did you mean {near[0]!r}? " if near else ""
    return f"unknown marker kind {kind!r}; {hint}known: {', '.join(sorted(renderers))}"


def _render(match: re.Match, page: Page, renderers: dict[str, Renderer], options: Options, errors: list[str]) -> str:
    """The marker's Markdown; a block marker indented on its line is indented as a whole, so
    it can sit inside a collapsible block, a content tab or a list item."""
    try:
        renderer = renderers.get(match.group("kind"))
        if renderer is None:  # before its body: an unknown kind is what to fix first
            raise MarkerError(_unknown_kind(match.group("kind"), renderers))
        marker = parse_marker(match.group("kind"), match.group("body"), match.group(0))
        _check_options(marker, options)
        rendered = renderer(page, marker)
    except NotInOlderRun as gap:  # a stale run of one device: said in place, not an error
        rendered = page.older_run_note(gap)
    except (MarkerError, *ENGINE_ERRORS) as error:  # a manifest or cohort.toml the marker read is wrong
        message = f"{page.ctx.page}: marker {match.group(0)}: {error}"
        errors.append(message)
        rendered = f'\n!!! failure "Marker error"\n\n    {escape.text(message)}\n'
    indent = _indent_of(match)
    if indent and "\n" in rendered:
        lines = rendered.split("\n")
        rendered = lines[0] + "\n" + "\n".join(indent + line if line.strip() else line for line in lines[1:])
    return rendered


def _expand_prose(text: str, page: Page, renderers: dict[str, Renderer], options: Options, errors: list[str]) -> str:
    """Expand markers in prose, leaving inline code spans untouched; report unclosed `{{`."""
    pieces, last = [], 0
    for code in [*INLINE_CODE.finditer(text), None]:
        end = code.start() if code else len(text)
        chunk = MARKER.sub(lambda m: _render(m, page, renderers, options, errors), text[last:end])
        for unclosed in UNCLOSED.finditer(MARKER.sub("", text[last:end])):
            line = unclosed.string[unclosed.start():].split("\n", 1)[0][:60]
            errors.append(f"{page.ctx.page}: an unclosed marker: {line!r}; close it with }}}} "
                          "or write it inside `code` to show the syntax")
        pieces.append(chunk)
        if code:
            pieces.append(code.group(0))
            last = code.end()
    return "".join(pieces)


def expand(markdown: str, ctx: PageContext, store: ResultStore, renderers: dict[str, Renderer],
           options: Options | None = None) -> Expansion:
    """Expand every marker outside fenced code blocks (which may show the syntax itself)."""
    page = Page(ctx, store)
    options = options or {}
    errors: list[str] = []
    out, prose = [], []
    fence: str | None = None
    for line in markdown.splitlines(keepends=True):
        match = FENCE.match(line)
        if fence is None and match:
            out.append(_expand_prose("".join(prose), page, renderers, options, errors))
            prose = []
            fence = match.group("fence")
            out.append(line)
        elif fence is not None:
            out.append(line)
            if match and match.group("fence").startswith(fence) and line.strip() == match.group("fence"):
                fence = None
        else:
            prose.append(line)
    out.append(_expand_prose("".join(prose), page, renderers, options, errors))
    return Expansion(markdown="".join(out), errors=errors, uses_plotly=page.uses_plotly)
