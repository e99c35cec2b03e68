"""MkDocs hooks of the course: expand result markers, serve plotly.js and the raw results.

Thin on purpose: the expansion itself is `course.markers.expand`, a pure function.
"""

from __future__ import annotations

import logging
import posixpath
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `mkdocs` run by hand, outside the Makefile
    sys.path.insert(0, str(ROOT))

import plotly  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402

from course.markers import PageContext, expand  # noqa: E402
from course.results import RESULTS_DIR, ResultStore  # noqa: E402
from course.strings import LANGUAGES  # noqa: E402

log = logging.getLogger("mkdocs.hooks.course")
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
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


def on_post_build(config) -> None:
    """Serve plotly.js from the site itself, and the raw results the pages link to."""
    site = Path(config["site_dir"])
    javascripts = site / "assets" / "javascripts"
    javascripts.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(PLOTLY_JS, javascripts / "plotly.min.js")
    if RESULTS_DIR.is_dir():
        shutil.copytree(RESULTS_DIR, site / "results", dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".*"))



SWITCHER_LINK = re.compile(r'href="[^"]*"(?= hreflang="(?P<lang>[a-z]+)" class="md-select__link")')


@event_priority(-300)
def on_post_page(output: str, page, config) -> str:
    """Point the language switcher at this same page in the other language.

    mkdocs-static-i18n leaves absolute links ('/', '/es/') on home pages and notebook pages,
    which break under file:// or a sub-path, and loses the page. The two trees mirror each
    other (a test enforces it), so the other page is this page's path under the other
    language's prefix; the link is written relative to the page. Runs last, on the HTML.
    """
    inner = page.url
    for lang in LANGUAGES:
        if inner.startswith(f"{lang}/"):
            inner = inner[len(lang) + 1:]
    here = page.url if page.url.endswith("/") or not page.url else posixpath.dirname(page.url) + "/"

    def relative(match: re.Match) -> str:
        lang = match.group("lang")
        target = inner if lang == LANGUAGES[0] else f"{lang}/{inner}"
        link = posixpath.relpath(target or ".", here or ".")
        return f'href="{link}/"' if link != "." else 'href="./"'

    return SWITCHER_LINK.sub(relative, output)
