"""A measured ratio reads the same wherever a page shows it, and so does any one metric.

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


def precisions_per_metric(text: str) -> dict[str, set[tuple[str, ...]]]:
    """Each metric a page shows, with every digits=/decimals= choice it is shown with."""
    found: dict[str, set[tuple[str, ...]]] = {}
    for marker in METRIC.finditer(text):
        if "minus=" in marker["options"]:      # a difference, not the metric itself
            continue
        choice = tuple(sorted(re.findall(r"\b(?:digits|decimals)=\S+", marker["options"])))
        found.setdefault(f"{marker['lab']}/{marker['device']}:{marker['key']}", set()).add(choice)
    return found


def test_a_page_shows_each_metric_at_one_precision():
    problems = []
    for page in sorted(ROOT.glob("docs/*/**/*.md")):
        for key, choices in precisions_per_metric(page.read_text()).items():
            if len(choices) > 1:
                problems.append(f"{page.relative_to(ROOT)}: {key} shown as {sorted(choices)}")
    assert problems == []


def test_a_metric_at_two_precisions_is_caught():
    twice = "{{ metric cc/cpu:first_s }} … {{ metric cc/cpu:first_s digits=2 }}"
    assert len(precisions_per_metric(twice)["cc/cpu:first_s"]) == 2
    same = "{{ metric cc/cpu:first_s digits=2 }} … {{ metric cc/cpu:first_s digits=2 }}"
    assert len(precisions_per_metric(same)["cc/cpu:first_s"]) == 1
    other_device = "{{ metric cc/cpu:first_s }} … {{ metric cc/cuda:first_s digits=2 }}"
    assert all(len(c) == 1 for c in precisions_per_metric(other_device).values())
