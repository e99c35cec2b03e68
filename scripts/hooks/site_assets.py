"""MkDocs hook: serve plotly.js from the site itself, and the result files pages link to.

Only files a valid manifest names as artifacts (and the manifests themselves) are copied to
`site/results/`: nothing else that happens to sit in `results/` is published.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import plotly

from course.results import RESULTS_DIR, published_files

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


def on_post_build(config) -> None:
    site = Path(config["site_dir"])
    javascripts = site / "assets" / "javascripts"
    javascripts.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(PLOTLY_JS, javascripts / "plotly.min.js")
    for relative in published_files(RESULTS_DIR):
        target = site / "results" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(RESULTS_DIR / relative, target)
