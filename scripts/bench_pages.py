"""Benchmark: each lab page's rendered height and weight, in both languages.

    python scripts/bench_pages.py SITE_DIR

Serves a built site (`mkdocs build --site-dir SITE_DIR`) on localhost and opens every lab page
in headless Chromium at 1,400 px and 390 px wide. Height is the page's scroll height; weight
is the page's HTML, figures' data included (they are inline), without plotly.js and the
theme's shared assets.
"""

from __future__ import annotations

import sys
from pathlib import Path

from labs.common.contract import lab_ids
from tests.browser import Browser, serving


def main() -> None:
    site = Path(sys.argv[1])
    labs = [lab for lab in lab_ids() if (site / "labs" / lab / "index.html").is_file()]
    print(f"{'page':34} {'1400 px':>9} {'390 px':>9} {'KB':>7}")
    with serving(site) as base, Browser() as browser:
        for lang in ("", "es/"):
            for lab in labs:
                page_file = site / lang / "labs" / lab / "index.html"
                if not page_file.is_file():
                    continue
                url = f"{base}/{lang}labs/{lab}/"
                wide, narrow = (browser.open(url, width=w, encoding="utf-8").height() for w in (1400, 390))
                print(f"{lang + lab:34} {wide:9,} {narrow:9,} {page_file.stat().st_size / 1000:7,.0f}")


if __name__ == "__main__":
    main()
