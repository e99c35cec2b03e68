"""MkDocs hook: expand the result markers of every page (see `course.markers`).

Thin on purpose: the expansion itself is `course.markers.expand`, a pure function.
"""

from __future__ import annotations

import logging
import posixpath
from pathlib import Path

from mkdocs.exceptions import PluginError

from course import build_errors, code_comments
from course.includes import check_includes
from course.markers import PageContext, expand
from course.notebooks import Translator
from course.results import RESULTS_DIR, ResultStore
from labs.common.contract import LANGUAGES

log = logging.getLogger("mkdocs.hooks.course")
_store: ResultStore | None = None
_comments: Translator | None = None   # the Spanish of lab code's comments, read once per build


def on_pre_build(config) -> None:
    global _store, _comments
    _store = ResultStore(RESULTS_DIR)
    _comments = code_comments.translator()


def page_context(src_uri: str, url: str) -> PageContext:
    """The language, folder and way back to the site root of a page, from its paths."""
    parts = src_uri.split("/")
    lang = parts[0] if parts[0] in LANGUAGES else LANGUAGES[0]
    inner = parts[1:] if parts[0] in LANGUAGES else parts
    depth = len([segment for segment in url.split("/") if segment])
    if url and not url.endswith("/"):
        depth -= 1  # .../page.html sits in its parent folder
    return PageContext(page=src_uri, lang=lang, page_dir=posixpath.dirname("/".join(inner)),
                       site_root="/".join([".."] * depth) or ".")


def on_page_markdown(markdown: str, page, config, files) -> str:
    ctx = page_context(page.file.src_uri, page.url)
    markdown, missing = check_includes(markdown, _project_folder(config), page.file.src_uri)
    if ctx.lang == "es":  # the lab code it shows, with its comments in Spanish (course/code_comments.py)
        markdown, untranslated = code_comments.spanish_includes(markdown, _project_folder(config),
                                                                page.file.src_uri, _comments or code_comments.translator())
        missing += untranslated
    for problem in missing:
        log.warning(problem)
    try:
        expansion = expand(markdown, ctx, _store or ResultStore(RESULTS_DIR))
    except Exception as error:  # a bug, not bad input: still one line, unless COURSE_VERBOSE=1
        if build_errors.verbose():
            raise
        raise PluginError(build_errors.one_line(error, page.file.src_uri)) from None
    for error in group_errors(page.file.src_uri, expansion.errors):
        log.warning(error)  # strict builds stop on warnings, after listing them all
    if expansion.uses_plotly:
        page.meta["plotly"] = True
    return expansion.markdown


def _project_folder(config) -> Path:
    """Where pymdownx.snippets reads included files from: the folder of mkdocs.yml."""
    path = config.get("config_file_path") if config is not None else None
    return Path(path).parent if path else Path.cwd()


def group_errors(src_uri: str, errors: list[str]) -> list[str]:
    """One line per cause on a page: thirty markers reading one broken manifest are one line
    that names the first marker and how many more there are."""
    by_cause: dict[str, list[str]] = {}
    for error in errors:
        marker, found, cause = error.partition("}}: ")
        by_cause.setdefault(cause if found else error, []).append(marker + "}}" if found else "")
    lines = []
    for cause, markers in by_cause.items():
        if len(markers) == 1:
            lines.append(f"{markers[0]}: {cause}" if markers[0] else cause)
        else:
            first = markers[0].removeprefix(f"{src_uri}: ")
            lines.append(f"{src_uri}: {first} and {len(markers) - 1} more marker(s): {cause}")
    return lines
