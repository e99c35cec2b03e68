"""How the capstone's report writes one figure, and a part that failed, held with values whose
text is written out here.

Added for the survivors of mutmut's first run over labs/capstone/report.py
(tests/mutation/REVIEW.md): `Facts.__call__` formats every number of REPORT.md and REPORT.es.md,
and its thousands separators, units and missing values were not held; nor was the line a failed
part leaves in place of its section.
"""

from __future__ import annotations

import copy

import pytest

from labs.capstone import report
from tests.manifests import committed


def _facts(lang: str) -> report.Facts:
    metrics = {"count": (1024, ""), "params": (124439808, ""), "tiny": (2.92e-07, ""), "ratio": (0.625, "×"), "share": (43.7, "%"), "time": (2.5, "ms"),
               "weights": (44.5736, "MiB"), "verdict": ("faster", ""), "strategy": ("triton_mm", ""),
               "unmeasured": (None, "ms"), "bare": (3, None)}
    entries = {key: {"value": v, "unit": u} if u is not None else {"value": v} for key, (v, u) in metrics.items()}
    return report.Facts({"metrics": entries, "parts": {}, "device": "cpu"}, lang)


@pytest.mark.parametrize("key, digits, en, es", [
    # as the pages write figures: four digits ungrouped in Spanish, longer ones grouped by a narrow
    # no-break space; a no-break space before a unit, and before % in Spanish only
    ("count", 3, "1,024", "1024"),
    ("params", 3, "124,439,808", "124\u202f439\u202f808"),
    ("tiny", 3, "2.92 × 10⁻⁷", "2,92 × 10⁻⁷"),
    ("ratio", 3, "0.625×", "0,625×"),
    ("share", 3, "43.7%", "43,7\u00a0%"),
    ("time", 3, "2.50\u00a0ms", "2,50\u00a0ms"),
    ("weights", 4, "44.57\u00a0MiB", "44,57\u00a0MiB"),
    ("weights", 3, "44.6\u00a0MiB", "44,6\u00a0MiB"),
    ("verdict", 3, "faster than", "más rápido que"),
    ("strategy", 3, "triton_mm", "triton_mm"),              # a word the report has no translation for
    ("unmeasured", 3, "not measured", "no medido"),
    ("absent", 3, "not measured", "no medido"),
    ("bare", 3, "3", "3"),                                  # no unit, no trailing space
])
def test_each_figure_is_written_in_the_reports_language(key, digits, en, es):
    assert _facts("en")(key, digits) == en
    assert _facts("es")(key, digits) == es


@pytest.mark.parametrize("part, section", [("mlopt_resnet18", "Project A"), ("memfuse_backend", "Project B")])
def test_a_failed_part_leaves_its_reason_in_its_section_in_both_languages(part, section):
    manifest = copy.deepcopy(committed("capstone", "cpu").manifest)
    manifest["parts"][part] = {"status": "failed", "reason": "RuntimeError: out of memory"}
    english = report.english(report.Facts(manifest, "en"), "a machine", "full")
    spanish = report.spanish(report.Facts(manifest, "es"), "a machine", "full")
    assert "*This part did not complete on this run: RuntimeError: out of memory*\n" in \
        english.split(f"## {section}")[1].split("\n## ")[0]
    assert "*Esta parte no se completó en esta ejecución: RuntimeError: out of memory*\n" in spanish
    del manifest["parts"][part]["reason"]
    assert "*This part did not complete on this run: *" in report.english(report.Facts(manifest, "en"), "m", "full")


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_the_committed_runs_reports_decide_every_claim_they_state(device):
    manifest = committed("capstone", device).manifest
    english = report.english(report.Facts(manifest, "en"), "a machine", "full")
    spanish = report.spanish(report.Facts(manifest, "es"), "a machine", "full")
    assert "(not decided on this run" not in english and "(no decidido en esta ejecución" not in spanish
    assert all(part["status"] == "ok" for part in manifest["parts"].values())      # a complete run ...
    assert "did not complete" not in english and "no se completó" not in spanish   # ... says no part failed
    # Day 70's three paragraphs open the report, one blank line apart, under the summary's heading
    assert "## In short\n\n**mlopt.** " in english and "\n\n**memfuse.** " in english
    assert "\n\n**llm_bench.** " in english
    assert "## En resumen\n\n**mlopt.** " in spanish


@pytest.mark.parametrize("verdict, en, es", [
    ("not_measured", "torch.compile was not timed in this preset", "torch.compile no se midió en este preajuste"),
    ("slower", "slower than torch.compile (", "más lento que torch.compile ("),
    ("same", "as fast as torch.compile (", "tan rápido como torch.compile ("),
])
def test_the_graph_optimizer_against_torch_compile_is_said_only_when_timed(verdict, en, es):
    manifest = copy.deepcopy(committed("capstone", "cpu").manifest)
    manifest["metrics"]["mlopt.vs_torch_compile.verdict"]["value"] = verdict
    assert en in report.english(report.Facts(manifest, "en"), "a machine", "full")
    assert es in report.spanish(report.Facts(manifest, "es"), "a machine", "full")


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_a_report_calls_no_more_figures_not_measured_than_its_run_left_unmeasured(device):
    """A figure the report reads under a wrong key reads "not measured": on a complete run that
    is a contradiction of its manifest, which holds the figure."""
    manifest = committed("capstone", device).manifest
    unmeasured = sum(entry["value"] in (None, "not_measured") for entry in manifest["metrics"].values())
    english = report.english(report.Facts(manifest, "en"), "a machine", "full")
    spanish = report.spanish(report.Facts(manifest, "es"), "a machine", "full")
    assert english.count("not measured") <= unmeasured
    assert spanish.count("no medido") <= unmeasured
