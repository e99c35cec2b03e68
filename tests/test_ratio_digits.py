"""A measured ratio reads the same wherever a page shows it.

Claims and summaries write ratios to three significant digits (1.46×). A table cell that asked
for two (1.5×) showed the same speedup a second way on the same page (compile_compare, "At a
glance" against its steady-state table). So a metric whose unit is × takes the page's default
digits: this test reads the pages' sources and the committed manifests, not the marker code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
METRIC = re.compile(r"\{\{ metric (?P<lab>\w+)/(?P<device>\w+):(?P<key>\S+)(?P<options>[^}]*)\}\}")
# Ratios that are settings, not measurements: no sentence repeats them at other digits.
SETTINGS = {("capstone", "bench.target")}


def units() -> dict[tuple[str, str, str], str]:
    found = {}
    for path in ROOT.glob("results/*/*/manifest.json"):
        lab, device = path.parent.parent.name, path.parent.name
        for key, metric in json.loads(path.read_text())["metrics"].items():
            found[(lab, device, key)] = metric.get("unit", "")
    return found


def rounded_ratios(text: str, where: str, unit_of: dict) -> list[str]:
    """Each ratio marker of `text` that asks for its own digits or decimals."""
    problems = []
    for marker in METRIC.finditer(text):
        lab, device, key = marker["lab"], marker["device"], marker["key"]
        if unit_of.get((lab, device, key)) != "×" or (lab, key) in SETTINGS:
            continue
        if re.search(r"\b(digits|decimals)=", marker["options"]):
            problems.append(f"{where}: {marker.group(0)}")
    return problems


def test_no_page_rounds_a_measured_ratio_its_own_way():
    unit_of = units()
    problems = []
    for page in sorted(ROOT.glob("docs/*/**/*.md")):
        problems += rounded_ratios(page.read_text(), str(page.relative_to(ROOT)), unit_of)
    assert problems == [], "show these ratios with the default digits, as claims do:\n" + "\n".join(problems)


def test_near_misses():
    unit_of = {("cc", "cpu", "steady.speedup"): "×", ("cc", "cpu", "steady.ms"): "ms",
               ("capstone", "cpu", "bench.target"): "×"}
    assert rounded_ratios("{{ metric cc/cpu:steady.speedup digits=2 }}", "p", unit_of)
    assert rounded_ratios("({{ metric cc/cpu:steady.speedup decimals=1 }})", "p", unit_of)
    assert not rounded_ratios("{{ metric cc/cpu:steady.speedup }}", "p", unit_of)
    assert not rounded_ratios("{{ metric cc/cpu:steady.ms digits=2 }}", "p", unit_of)
    assert not rounded_ratios("{{ metric capstone/cpu:bench.target digits=1 }}", "p", unit_of)
