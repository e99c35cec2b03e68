"""The capstone page after its second audit, each finding pinned (rendered from the committed runs
with the page's own markers, as the build renders them):

- both runs' machine ceilings are stated, and the decode-floor exercise is answered per device;
- the pass table's speedups do not print as the band's edges, the prose names the ±5% band, and
  "the same" against torch.compile says whether it is the noise or the band;
- the Spanish target table names its baselines in Spanish, and the page builds without a GPU run;
- an unchanged peak is not said to have gone "from 214 MiB to 214 MiB";
- the seed's TTFT range keeps a ratio just above 1 from reading as 1.0;
- Spanish counts agree with their noun and verb ("1 de 2 casos lo alcanzó", "1 grupo de fusión").
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from course import claims
from course.markers import PageContext, expand
from course.results import ResultStore
from labs.capstone import claims as claims_module
from labs.capstone import report
from labs.capstone.memfuse.backend import CompileRecord
from labs.capstone.settings import settings_for
from labs.common.formatting import format_number, with_unit
from tests.manifests import ROOT, committed

ABSENT = {"en": "(no GPU run yet)", "es": "(todavía sin ejecución en GPU)"}


def page_text(lang: str) -> str:
    return (ROOT / "docs" / lang / "labs" / "capstone.md").read_text(encoding="utf-8")


def rendered(lang: str, text: str, results: Path = ROOT / "results") -> str:
    ctx = PageContext(page=f"{lang}/labs/capstone.md", lang=lang, page_dir="labs", site_root="..")
    expansion = expand(text, ctx, ResultStore(results))
    assert expansion.errors == []
    return expansion.markdown


def errors(lang: str, text: str, results: Path) -> list:
    ctx = PageContext(page=f"{lang}/labs/capstone.md", lang=lang, page_dir="labs", site_root="..")
    return expand(text, ctx, ResultStore(results)).errors


def shown(value: float, unit: str, lang: str) -> str:
    """A figure as a metric marker writes it (three significant digits)."""
    return with_unit(format_number(value, lang, 3), unit, lang)


def marker(text: str, kind: str, key: str, device: str = "") -> str:
    """The one marker of a kind for a key (on one device's run when named) in a page's text."""
    target = rf"capstone/{device}:" if device else r"capstone[^ ]*:"
    found = re.findall(r"\{\{ " + kind + " " + target + re.escape(key) + r"\b[^}]*\}\}", text)
    assert len(found) == 1, (key, found)
    return found[0]


def table_rows(markdown: str) -> list[list[str]]:
    """Every row of the rendered tables (headers too, separators not), each cell as a reader sees it."""
    rows = []
    for line in markdown.splitlines():
        if line.strip().startswith("|"):
            cells = [html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= set("-: "):
                rows.append(cells)
    return rows


def intro(text: str) -> str:
    return text.split("\n## ")[0]


def without_gpu_run(tmp_path: Path) -> Path:
    """A results folder that holds the committed CPU run alone: a site before any GPU run."""
    shutil.copytree(ROOT / "results" / "capstone" / "cpu", tmp_path / "capstone" / "cpu")
    return tmp_path


# -- 1. both runs' ceilings, and the decode floor per device -------------------------------------------

def ceilings_missing(text: str) -> list[str]:
    """The ceilings (per device) a text does not quote with a metric marker: the copy bandwidth, and
    the matmul rate of every type the device's full preset benchmarks (its "% of peak" column)."""
    wanted = [f"{device}:ceiling.copy_gbs" for device in ("cpu", "cuda")]
    wanted += [f"{device}:ceiling.matmul_tflops.{dtype}" for device in ("cpu", "cuda")
               for dtype in settings_for("full", device).bench_dtypes]
    return [key for key in wanted if f"metric capstone/{key} " not in text and f"metric capstone/{key}}}" not in text]


def test_the_old_intro_is_what_the_ceiling_check_catches():
    old = ("copying memory moves {{ metric capstone/cpu:ceiling.copy_gbs }} on the CPU run, and a large float32 "
           "matrix product runs at {{ metric capstone/cpu:ceiling.matmul_tflops.float32 }}")
    assert ceilings_missing(old) == ["cuda:ceiling.copy_gbs", "cuda:ceiling.matmul_tflops.float16",
                                     "cuda:ceiling.matmul_tflops.bfloat16"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_intro_states_both_runs_ceilings(lang):
    text = intro(page_text(lang))
    assert ceilings_missing(text) == []
    for key in ceilings_missing(""):            # every ceiling
        device, name = key.split(":", 1)
        if device == "cuda":                    # a GPU one says when there is no GPU run yet
            assert f'absent="{ABSENT[lang]}"' in marker(text, "metric", name, device), key
    page = rendered(lang, text)
    for device in ("cpu", "cuda"):
        run = committed("capstone", device)
        for key in [k.split(":", 1)[1] for k in ceilings_missing("") if k.startswith(device + ":")]:
            assert shown(run.value(key), "GB/s" if "copy" in key else "TFLOP/s", lang) in page, (device, key)


def exercise(text: str) -> str:
    return text.split("??? question")[3]          # the third exercise: the fastest decode step


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_decode_floor_exercise_is_answered_on_each_run(lang):
    text = exercise(page_text(lang))
    assert "gpt2.weight_mib" in text and "tpot_floor_ms" in text          # the exercise found
    page = rendered(lang, text)
    for device in ("cpu", "cuda"):
        run = committed("capstone", device)
        for key, unit in (("gpt2.weight_mib", "MiB"), ("ceiling.copy_gbs", "GB/s"), ("gpt2.tpot_floor_ms", "ms")):
            assert f"metric capstone/{device}:{key}" in text, (device, key)
            assert shown(run.value(key), unit, lang) in page, (device, key)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_builds_before_any_gpu_run(lang, tmp_path):
    results = without_gpu_run(tmp_path)
    page = rendered(lang, page_text(lang), results)
    assert ABSENT[lang] in intro(page) and ABSENT[lang] in exercise(page)


def test_a_value_only_a_gpu_run_holds_cannot_be_named_on_the_page_without_one(tmp_path):
    # why the lab names max-autotune itself (TARGET_LABELS) rather than the page's values=
    results = without_gpu_run(tmp_path)
    table = '{{ table capstone:kernel_target values="max_autotune:max-autotune" }}'
    assert errors("es", table, results)
    assert errors("es", table.replace("max_autotune:", "library:"), results) == []


# -- 2. the pass table, the band, and "the same" against torch.compile ---------------------------------

def speedups_shown(table: str) -> list[str]:
    """The speedup column of the rendered pass table (the eighth cell of each pass's row)."""
    return [cells[7] for cells in table_rows(table) if cells[0] in ("fold", "fusion", "dce")]


def test_the_old_pass_table_printed_the_fold_speedup_as_the_bands_edge():
    old = marker(page_text("en"), "table", "mlopt_passes").replace(' digits="speedup:4"', "")
    assert "1.05" in speedups_shown(rendered("en", old))        # the committed CPU run's 1.0543


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_pass_and_timing_speedups_do_not_print_as_the_bands_edges(lang):
    for key in ("mlopt_passes", "mlopt_timing"):
        table = marker(page_text(lang), "table", key)
        assert 'digits="speedup:4"' in table, key
    cells = speedups_shown(rendered(lang, marker(page_text(lang), "table", "mlopt_passes")))
    assert cells and not {"1.05", "0.95", "1,05", "0,95", "1.050", "0.950", "1,050", "0,950"} & set(cells)
    manifest = committed("capstone", "cpu").manifest["tables"]["mlopt_passes"]
    recorded = [row[manifest["columns"].index("speedup")] for row in manifest["rows"]]
    point = "." if lang == "en" else ","
    shown = [(float(c.replace(point, ".")), len(c.partition(point)[2])) for c in cells]
    for value in recorded:                                         # each pass's speedup, to the digits shown
        assert any(abs(value - v) <= 0.5 * 10 ** -d + 1e-12 for v, d in shown), (value, cells)


def test_a_speedup_a_hair_inside_the_edge_keeps_its_fourth_digit(tmp_path):
    results = without_gpu_run(tmp_path)
    manifest_path = results / "capstone" / "cpu" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    table = manifest["tables"]["mlopt_passes"]
    table["rows"][0][table["columns"].index("speedup")] = 0.9504
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    page = rendered("en", marker(page_text("en"), "table", "mlopt_passes"), results)
    assert speedups_shown(page)[0] == "0.9504"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_fold_sentence_names_the_band_as_a_band_on_both_sides(lang):
    fold = marker(page_text(lang), "case", "mlopt.fold.verdict")
    assert {"en": "±5% band", "es": "banda del ±5 %"}[lang] in fold
    assert "noise band" not in page_text("en") and "banda de ruido" not in page_text("es")
    # "the same" on the passes or against eager does not claim the noise it cannot tell from the band
    for key in ("mlopt.fold.verdict", "mlopt.vs_eager.verdict"):
        same = re.search(r'same="([^"]*)"', marker(page_text(lang), "case", key)).group(1)
        assert not same.endswith(("within the noise", "dentro del ruido")), (key, same)


def test_the_cpu_run_says_which_rule_made_mlopt_and_torch_compile_the_same():
    run = committed("capstone", "cpu")
    row = next(r for r in run.rows("mlopt_timing") if r["baseline"] == "torch_compile")
    # read here from the row, apart from the claim's code: neither median inside the other's quartiles
    both_inside = (row["baseline_q1_ms"] <= row["optimized_ms"] <= row["baseline_q3_ms"]
                   and row["optimized_q1_ms"] <= row["baseline_ms"] <= row["optimized_q3_ms"])
    said = claims.decide("capstone", "vs_torch_compile", run.manifest)
    assert said.outcome == ("same_noise" if both_inside else "same_band")
    assert "within the noise or" not in said.en and "dentro del ruido o" not in said.es
    if not both_inside:
        assert "by the course's ±5% band, not within the noise" in said.en
        assert "según la banda del ±5\u00a0% del curso, no dentro del ruido" in said.es


# -- 3. the target table in Spanish ----------------------------------------------------------------------

def first_cells(table: str) -> list[str]:
    """The baselines the rendered target table names, its header's "Against" left out."""
    return [cells[0] for cells in table_rows(table) if cells[0] not in ("Against", "Frente a")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_target_table_names_its_baselines_in_the_pages_language(lang):
    page = rendered(lang, marker(page_text(lang), "table", "kernel_target"))
    cells = set(first_cells(page))
    assert cells and not cells & {"default", "best_inductor", "library"}
    if lang == "es":
        assert {"Modo por defecto de Inductor", "Epílogo de la biblioteca"} <= cells


def test_the_old_target_table_showed_the_labs_keys():
    old = marker(page_text("es"), "table", "kernel_target").split(" values=")[0] + ' code="baseline" }}'
    assert {"default", "best_inductor", "library"} <= set(first_cells(rendered("es", old)))


def test_the_lab_names_max_autotune_as_torch_compile_spells_it():
    from labs.capstone import parts_memfuse
    from labs.capstone.memfuse import bench

    def stats(seconds):
        return bench.measure.Stats(seconds, seconds, seconds, seconds, seconds, 5, "device")
    case = bench.CaseResult(512, "float16", "cuda", memfuse=stats(1.0), default=stats(1.2), max_autotune=stats(0.8),
                            error=0.0, tolerance=1.0, default_strategy="", max_strategy=None, compile_s={},
                            library=stats(0.7))
    lab = SimpleNamespace(tables={}, metric=lambda *args, **kwargs: None)
    lab.table = lambda key, columns, rows, units=None: lab.tables.setdefault(key, rows)
    parts_memfuse.record_target(lab, [case])
    assert [row[0] for row in lab.tables["kernel_target"]] == ["default", "max-autotune", "best_inductor", "library"]


# -- 4. an unchanged peak --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_peak_memory_is_said_by_the_run_on_each_device(lang):
    text = page_text(lang)
    for device in ("cpu", "cuda"):
        assert f"{{{{ claim capstone/{device}:mlopt_peak" in text
        assert f"metric capstone/{device}:mlopt.peak_mib" not in text.split("### ")[3]   # "what it buys"
    page = rendered(lang, text)
    assert "214 MiB to 214 MiB" not in page and "214 MiB a 214 MiB" not in page
    said = claims.decide("capstone", "mlopt_peak", committed("capstone", "cuda").manifest)
    assert said.outcome == "unchanged" and said.text(lang) in page


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_the_report_says_the_peak_as_the_page_does(device):
    manifest = committed("capstone", device).manifest
    said = claims.decide("capstone", "mlopt_peak", manifest)
    english = report.english(report.Facts(manifest, "en"), "a machine", "full")
    spanish = report.spanish(report.Facts(manifest, "es"), "a machine", "full")
    assert f"the peak memory of one forward {said.en}." in english
    assert f"la memoria pico de un forward {said.es}." in spanish


# -- 5. the seed's TTFT range ------------------------------------------------------------------------------

def test_the_seed_ttft_range_shows_a_ratio_above_one_above_one():
    run = committed("capstone", "cuda")
    high = run.value("gpt2.seed_ttft_high")
    said = claims.decide("capstone", "seed_ttft", run.manifest)
    assert "1.0×" not in said.en and "1,0×" not in said.es
    printed = re.findall(r"(\d+(?:\.\d+)?)×", said.en)[-1]        # the range's top, as printed
    assert abs(float(printed) - high) <= 0.5 * 10 ** -len(printed.partition(".")[2]) + 1e-12
    assert (float(printed) > 1) == (high > 1)                      # above one reads above one


# -- 6. Spanish counts ------------------------------------------------------------------------------------

def test_one_case_of_several_agrees_in_the_singular():
    """The committed CPU run with its target set between its two cases' ratios: one of two reaches it."""
    manifest = json.loads(json.dumps(committed("capstone", "cpu").manifest))
    run = committed("capstone", "cpu")
    ratios = sorted(r for row in run.rows("kernel_bench") if (r := claims_module._ratio(row, "library")) is not None)
    assert len(ratios) == 2, ratios
    manifest["metrics"]["bench.target"]["value"] = (ratios[0] + ratios[1]) / 2
    said = claims.decide("capstone", "target.library", manifest)
    assert said.outcome == "missed"
    assert "1 de 2 casos lo alcanzó;" in said.es and "lo alcanzaron" not in said.es


def test_none_of_several_stays_plural():
    """The committed GPU run with a target above every case's ratio: none of them reaches it."""
    run = committed("capstone", "cuda")
    manifest = json.loads(json.dumps(run.manifest))
    ratios = [r for row in run.rows("kernel_bench") if (r := claims_module._ratio(row, "library")) is not None]
    manifest["metrics"]["bench.target"]["value"] = max(ratios) * 2
    said = claims.decide("capstone", "target.library", manifest)
    assert f"0 de {len(ratios)} casos lo alcanzaron;" in said.es


@pytest.mark.parametrize("groups, en, es", [(1, "1 fusion group and", "1 grupo de fusión y"),
                                            (2, "2 fusion groups and", "2 grupos de fusión y"),
                                            (0, "0 fusion groups and", "0 grupos de fusión y")])
def test_the_report_counts_fusion_groups_by_number(groups, en, es):
    manifest = json.loads(json.dumps(committed("capstone", "cpu").manifest))
    manifest["metrics"]["memfuse.groups"]["value"] = groups
    english = report.english(report.Facts(manifest, "en"), "a machine", "full")
    spanish = report.spanish(report.Facts(manifest, "es"), "a machine", "full")
    assert en in english and es in spanish
    assert "(s)" not in english and "(s)" not in spanish


@pytest.mark.parametrize("groups, said", [(1, "1 fusion group,"), (3, "3 fusion groups,")])
def test_memfuses_compile_summary_counts_groups_by_number(groups, said):
    record = CompileRecord(0, [], [SimpleNamespace(kind="linear_gelu")] * groups, SimpleNamespace(peak_mib=2.0),
                           SimpleNamespace(peak_mib=1.0), "inductor")
    assert said in record.summary() and "(s)" not in record.summary()
