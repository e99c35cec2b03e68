"""The explain page's per-device summary: both modules' timings on every clock the device has,
and each module's checks of meaning as passed and failed (labs/explain/summary.py), shown by
the page's table markers as one tab per device, in both languages.

The audit found the page quoting the CPU block's latency alone (no RMSNorm, no GPU run) and
the checks of meaning as "0 == 0", the count of failures, where the run had passed 33 + 5."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from labs.explain import summary
from tests.manifests import ROOT, todays_code, write_result

EXAMPLES = [("block", "TransformerBlock"), ("rmsnorm", "RMSNorm")]


def metrics(**values) -> dict:
    return {key.replace("__", "."): {"value": value, "unit": ""} for key, value in values.items()}


CPU = metrics(block__eager_us=400.0, block__compiled_us=300.0, block__verdict="faster",
              block__kernels=7, block__compile_s=3.9, block__explain_s=12.6,
              block__checks_passed=33, block__checks_failed=0,
              rmsnorm__eager_us=21.0, rmsnorm__compiled_us=28.0, rmsnorm__verdict="slower",
              rmsnorm__kernels=1, rmsnorm__compile_s=0.7, rmsnorm__explain_s=3.5,
              rmsnorm__checks_passed=5, rmsnorm__checks_failed=0)
GPU = CPU | metrics(block__device_eager_us=88.4, block__device_compiled_us=44.2, block__device_verdict="faster",
                    rmsnorm__device_eager_us=10.6, rmsnorm__device_compiled_us=1.97, rmsnorm__device_verdict="faster",
                    block__checks_passed=51, rmsnorm__checks_passed=6)


def test_a_cpu_run_has_one_latency_row_per_module_the_slower_one_included():
    assert summary.timing_rows(CPU, EXAMPLES, "en") == [
        ["TransformerBlock", "latency", 400.0, 300.0, 400.0 / 300.0, "faster"],
        ["RMSNorm", "latency", 21.0, 28.0, 21.0 / 28.0, "slower"]]


def test_a_gpu_run_adds_each_modules_device_time_with_its_own_verdict():
    rows = summary.timing_rows(GPU, EXAMPLES, "es")
    assert [row[:2] for row in rows] == [["TransformerBlock", "latencia"], ["TransformerBlock", "tiempo de dispositivo"],
                                         ["RMSNorm", "latencia"], ["RMSNorm", "tiempo de dispositivo"]]
    assert rows[1][2:] == [88.4, 44.2, pytest.approx(2.0), "faster"]


def test_a_clock_or_a_part_without_figures_has_no_row():
    half = {k: v for k, v in GPU.items() if k != "block.device_eager_us" and not k.startswith("rmsnorm.")}
    assert [row[:2] for row in summary.timing_rows(half, EXAMPLES, "en")] == [["TransformerBlock", "latency"]]
    assert [row[0] for row in summary.example_rows(half, EXAMPLES)] == ["TransformerBlock"]


def test_each_module_says_how_many_checks_passed_and_how_many_failed():
    assert summary.example_rows(GPU, EXAMPLES) == [["TransformerBlock", 7, 3.9, 12.6, 51, 0],
                                                   ["RMSNorm", 1, 0.7, 3.5, 6, 0]]


@pytest.mark.parametrize("device, clocks", [("cpu", 2), ("cuda", 4)])
def test_the_committed_runs_hold_every_figure_the_timing_rows_need(device, clocks):
    recorded = json.loads((ROOT / "results" / "explain" / device / "manifest.json").read_text(encoding="utf-8"))
    assert len(summary.timing_rows(recorded["metrics"], EXAMPLES, "en")) == clocks
    assert len(summary.example_rows(recorded["metrics"], EXAMPLES)) == 2


def page_markers(lang: str) -> list[str]:
    """The page's own markers of the two summary tables, as written: timings, then checks."""
    text = (ROOT / "docs" / lang / "labs" / "explain.md").read_text(encoding="utf-8")
    found = re.findall(r"^\{\{ table explain:(?:timings|examples)\b.*\}\}$", text, re.M)
    assert len(found) == 2, f"docs/{lang}/labs/explain.md shows the timings and the checks, one table each"
    return found


def summarized(results: Path, device: str, recorded: dict) -> None:
    """A run of today's explain code on `device`, holding what its summarize() writes."""
    tables = {f"timings.{lang}": {"columns": summary.TIMING_COLUMNS, "units": summary.TIMING_UNITS,
                                  "rows": summary.timing_rows(recorded, EXAMPLES, lang)} for lang in ("en", "es")}
    tables["examples"] = {"columns": summary.EXAMPLE_COLUMNS, "units": summary.EXAMPLE_UNITS,
                          "rows": summary.example_rows(recorded, EXAMPLES)}
    write_result(results, lab="explain", device=device, provenance=todays_code("explain"), metrics=recorded,
                 tables=tables, figures={})


@pytest.mark.parametrize("lang, device_time, block, rms", [("en", "device time", "88.4 | 44.2", "10.6 | 1.97"),
                                                        ("es", "tiempo de dispositivo", "88,4 | 44,2", "10,6 | 1,97")])
def test_the_page_shows_both_modules_on_both_devices_and_the_checks_that_passed(tmp_path, lang, device_time, block, rms):
    summarized(tmp_path, "cpu", CPU)
    summarized(tmp_path, "cuda", GPU)
    ctx = PageContext(page=f"{lang}/labs/explain.md", lang=lang, page_dir="labs", site_root="..")
    timings, checks = (expand(marker, ctx, ResultStore(tmp_path)) for marker in page_markers(lang))
    assert timings.errors == checks.errors == []
    cpu, gpu = timings.markdown.split('=== "GPU')
    assert "<code>RMSNorm</code>" in cpu and device_time not in cpu     # the slower module too; no device clock
    assert f"| <code>TransformerBlock</code> | {device_time} | {block} |" in gpu
    assert f"| <code>RMSNorm</code> | {device_time} | {rms} |" in gpu
    gpu_checks = checks.markdown.split('=== "GPU')[1]
    assert "| <code>TransformerBlock</code> | 7 | " in gpu_checks and " | 51 | 0 |" in gpu_checks
