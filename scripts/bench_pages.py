"""Benchmark: each lab page's rendered height and weight, in both languages.

    python scripts/bench_pages.py SITE_DIR

Serves a built site (`mkdocs build --site-dir SITE_DIR`) on localhost and opens every lab page
in headless Chromium at 1,400 px and 390 px wide. Height is the page's scroll height; weight
is the page's HTML, figures' data included (they are inline), without plotly.js and the
theme's shared assets.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from labs.common.contract import lab_ids
from tests.browser import Browser


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def main() -> None:
    site = Path(sys.argv[1])
    httpd, base = serve(site)
    labs = [lab for lab in lab_ids() if (site / "labs" / lab / "index.html").is_file()]
    print(f"{'page':34} {'1400 px':>9} {'390 px':>9} {'KB':>7}")
    with Browser() as browser:
        for lang in ("", "es/"):
            for lab in labs:
                page_file = site / lang / "labs" / lab / "index.html"
                if not page_file.is_file():
                    continue
                url = f"{base}/{lang}labs/{lab}/"
                wide, narrow = (browser.open(url, width=w).height() for w in (1400, 390))
                print(f"{lang + lab:34} {wide:9,} {narrow:9,} {page_file.stat().st_size / 1000:7,.0f}")
    httpd.shutdown()


if __name__ == "__main__":
    main()
