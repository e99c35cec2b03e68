"""MkDocs hook: serve plotly.js from the site itself, and the result files pages link to.

Only files a valid manifest names as artifacts (and the manifests themselves) are copied to
`site/results/`: nothing else that happens to sit in `results/` is published. Text files are
published with the absolute paths of the machine that ran the lab made neutral
(course/machine_paths.py); results/ itself keeps them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import plotly

from course import machine_paths
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
        publish(RESULTS_DIR / relative, target)


def publish(source: Path, target: Path) -> None:
    data = source.read_bytes()
    try:
        text = data.decode()     # bytes.decode and str.encode are UTF-8 whatever the machine's locale
    except UnicodeDecodeError:   # a binary artifact (an image, an archive): as it is
        target.write_bytes(data)
        return
    target.write_bytes(machine_paths.neutral(text).encode())
