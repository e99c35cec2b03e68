"""MkDocs hook: a lab's old address still leads to its page after the lab was renamed.

For each id in `FORMER_LAB_IDS`, `labs/<old id>/` (and its Spanish twin) is a small page that
sends the browser to the lab's page under its id today: links and bookmarks made before the
rename keep working.
"""

from __future__ import annotations

import html
from pathlib import Path

from course.strings import t
from labs.common.contract import FORMER_LAB_IDS, LANGUAGES

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<link rel="canonical" href="{target}"><meta http-equiv="refresh" content="0; url={target}">
</head><body><p>{moved} <a href="{target}">{target}</a></p></body></html>
"""


def on_post_build(config) -> None:
    site = Path(config["site_dir"])
    for old, new in FORMER_LAB_IDS.items():
        for lang in LANGUAGES:
            prefix = "" if lang == LANGUAGES[0] else f"{lang}/"   # the first language is at the root
            target = f"../{new}/"   # from labs/<old>/ to its sibling labs/<new>/
            page = site / prefix / "labs" / old / "index.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(PAGE.format(title=html.escape(new), moved=html.escape(t(lang, "moved")),
                                        target=html.escape(target)), encoding="utf-8")
