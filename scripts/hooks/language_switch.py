"""MkDocs hook: point the language switcher at this same page in the other language."""

from __future__ import annotations

import posixpath
import re

from mkdocs.plugins import event_priority

from labs.common.contract import LANGUAGES

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
