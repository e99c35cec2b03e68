"""MkDocs hook: one search index per language, each searched with its own stemmer.

With mkdocs-static-i18n, Material writes one index for both languages, so an English
search finds Spanish pages. After the build this hook splits it: site/search/ keeps the
English pages (stemmer "en"), site/es/search/ gets the Spanish ones (stemmer "es", their
locations made relative to /es/). Each Spanish page's `base` (where Material's search looks
for its index and resolves results) is pointed at the Spanish root.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from mkdocs.plugins import event_priority

from labs.common.contract import LANGUAGES

DEFAULT, OTHERS = LANGUAGES[0], LANGUAGES[1:]
CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def _language(url: str) -> str:
    first = url.split("/", 1)[0]
    return first if first in OTHERS else DEFAULT


def on_post_page(output: str, page, config) -> str:
    lang = _language(page.url)
    if lang == DEFAULT:
        return output
    here = page.url if page.url.endswith("/") or not page.url else posixpath.dirname(page.url) + "/"

    def rebase(match: re.Match) -> str:
        data = json.loads(match.group(2))
        data["base"] = posixpath.relpath(f"{lang}/", here or ".")
        return match.group(1) + json.dumps(data) + match.group(3)

    return CONFIG.sub(rebase, output, count=1)


@event_priority(-100)  # after the search plugin has written its combined index
def on_post_build(config) -> None:
    site = Path(config["site_dir"])
    combined = site / "search" / "search_index.json"
    if not combined.is_file():
        return
    index = json.loads(combined.read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        prefix = "" if lang == DEFAULT else f"{lang}/"
        docs = [dict(doc, location=doc["location"][len(prefix):]) for doc in index["docs"]
                if _language(doc["location"]) == lang]
        target = site / prefix / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps({**index, "config": {**index["config"], "lang": [lang]}, "docs": docs},
                                     ensure_ascii=False), encoding="utf-8")
