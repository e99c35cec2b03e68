"""MkDocs hook: expand the result markers of every page (see `course.markers`).

Thin on purpose: the expansion itself is `course.markers.expand`, a pure function.
"""

from __future__ import annotations

import logging
import posixpath

from course.markers import PageContext, expand
from course.results import RESULTS_DIR, ResultStore
from course.strings import LANGUAGES

log = logging.getLogger("mkdocs.hooks.course")
_store: ResultStore | None = None


def on_pre_build(config) -> None:
    global _store
    _store = ResultStore(RESULTS_DIR)


def page_context(src_uri: str, url: str) -> PageContext:
    """The language, folder and way back to the site root of a page, from its paths."""
    parts = src_uri.split("/")
    lang = parts[0] if parts[0] in LANGUAGES else "en"
    inner = parts[1:] if parts[0] in LANGUAGES else parts
    depth = len([segment for segment in url.split("/") if segment])
    if url and not url.endswith("/"):
        depth -= 1  # .../page.html sits in its parent folder
    return PageContext(page=src_uri, lang=lang, page_dir=posixpath.dirname("/".join(inner)),
                       site_root="/".join([".."] * depth) or ".")


def on_page_markdown(markdown: str, page, config, files) -> str:
    ctx = page_context(page.file.src_uri, page.url)
    expansion = expand(markdown, ctx, _store or ResultStore(RESULTS_DIR))
    for error in expansion.errors:
        log.warning(error)  # strict builds stop on warnings, after listing them all
    if expansion.uses_plotly:
        page.meta["plotly"] = True
    return expansion.markdown
