"""The one place where text that came from a run becomes part of a page.

Metric values and units, table cells and column names, check labels, skip reasons, device
names, provenance fields, artifact names, learners' aliases: all of it is data. It reaches
a page only through `text()` (prose, table cells, attribute values) or `href()` (links),
which make it inert in Markdown and in HTML alike: HTML's special characters become
entities, and so do the characters Markdown would read as syntax (links, emphasis, code,
tables, line breaks) and the braces of our own markers.
"""

from __future__ import annotations

import html
import re
import urllib.parse

# One pass, character by character: HTML's own characters as named entities, and those that
# start Markdown syntax or our markers as numeric entities, so both show as they are typed.
_MARKDOWN = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
                          | {c: f"&#{ord(c)};" for c in "\\`*_{}[]#!|~"})
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]")
# What Markdown reads inside a `code` span verbatim; everything else is escaped as above.
_CODE_SPAN = re.compile(r"(`[^`\n]+`)")
_SURROGATE = re.compile("[\ud800-\udfff]")


def text(value: object, *, code_spans: bool = False) -> str:
    """`value` as inert inline text: one line, no markup, shown exactly as written.

    code_spans=True keeps `backtick` spans that a lab wrote on purpose (Markdown prints a
    code span's content literally and escapes its HTML), and escapes everything around them.
    """
    raw = _CONTROL.sub(" ", str(value)).replace("\n", " ")   # \r is one of _CONTROL
    if not code_spans:
        return raw.translate(_MARKDOWN)
    # A code span is left whole: Markdown's tables do not split a row at a `|` inside one, and
    # a backslash there would be shown as typed (`a\|b` on the page).
    pieces = _CODE_SPAN.split(raw)
    return "".join(piece if index % 2 else piece.translate(_MARKDOWN) for index, piece in enumerate(pieces))


def code(value: object) -> str:
    """`value` as inline code that Markdown cannot reinterpret: an HTML <code> element whose
    content is escaped, Markdown's characters included (`[](x)` stays text, not a link)."""
    return "<code>" + text(value) + "</code>"


def fence_title(value: object) -> str:
    """`value` as the title="…" of a fenced code block: Pygments escapes the title's HTML
    itself and Markdown never reads a fence's header, so entities here would show as typed
    (`&#95;`); only what ends the option (a double quote) and control characters are replaced."""
    return _CONTROL.sub(" ", str(value)).replace("\r", " ").replace("\n", " ").replace('"', "″")


def href(path: str) -> str:
    """A relative link to a file the site serves: each path segment percent-encoded, so no
    scheme (`javascript:`), host or query can come from the data. Safe inside an attribute."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", path) or path.startswith("//"):
        raise ValueError(f"refusing a link with a scheme or host: {path!r}")
    # A lone surrogate (JSON can carry one) has no UTF-8 bytes, so no file the site serves
    # can have it in its name: refused in one line rather than quote()'s UnicodeEncodeError.
    surrogate = _SURROGATE.search(path)
    if surrogate:
        raise ValueError(f"refusing a link with a lone surrogate (U+{ord(surrogate.group()):04X}) "
                         f"at character {surrogate.start()}, which no file name can hold: {path!r}")
    return html.escape(urllib.parse.quote(path, safe="/.-_~"), quote=True)
