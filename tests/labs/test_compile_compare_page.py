"""compile_compare's page in both languages, as the audit read it: the band that "the same" rests
on is stated; every speedup goes through one claim, so it shows the same digits everywhere; the
part-4 host overhead is explained from the run's clock; the loop that never waits is described by
what the figures establish; the per-frame recompile limit is said; the detail tables have a tab
per device; the Spanish graph-break table quotes the comments as the listing above it does.
Pages are expanded against the committed results."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from labs.compile_compare import summaries

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "es")
SPEEDUP_METRIC = re.compile(r"\{\{ metric compile_compare/\w+:\w+\.(?:dev_)?speedup\b")
TABLE = re.compile(r"\{\{ table compile_compare(?P<device>/\w+)?:(?P<key>[\w.]+)")


def source(lang: str) -> str:
    return (ROOT / "docs" / lang / "labs" / "compile_compare.md").read_text(encoding="utf-8")


@functools.cache
def shown(lang: str) -> str:
    context = PageContext(page=f"{lang}/labs/compile_compare.md", lang=lang, page_dir="labs", site_root="../..")
    out = expand(source(lang), context, ResultStore(ROOT / "results"))
    assert not out.errors, out.errors
    return out.markdown


def section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


@pytest.mark.parametrize("lang, words", [
    ("en", ["*the same within the noise*", "*the same by the course's ±5% band*", "more than 5% apart"]),
    ("es", ["*iguales dentro del ruido*", "*iguales según la banda del ±5 % del curso*", "más de un 5 %"]),
])
def test_the_page_states_the_band_a_same_rests_on(lang, words):
    box = section(source(lang), "!!! info", "\n\n{{ case")
    for word in words:
        assert word in box
    assert summaries.BAND[lang].replace("\u00a0", " ") in box


def one_device_tables(text: str) -> set[str]:
    return {m["key"] for m in TABLE.finditer(text) if m["device"]}


def test_one_device_tables_are_found():
    marker = '{{ table compile_compare/cpu:steady columns="a" }} {{ table compile_compare:recompile_calls }}'
    assert one_device_tables(marker) == {"steady"}


@pytest.mark.parametrize("lang, summary", [("en", "Every figure of the comparison"),
                                           ("es", "Todas las cifras de la comparación")])
def test_the_detail_tables_have_a_tab_per_device(lang, summary):
    assert not one_device_tables(source(lang)) & {"steady", "recompile_calls", "break_recompiles"}
    details = section(shown(lang), summary, "</details>")
    assert '"CPU · ' in details and '=== "GPU · ' in details


def test_a_speedup_marker_is_found():
    assert SPEEDUP_METRIC.search("{{ metric compile_compare/cuda:autotune.speedup }}")
    assert not SPEEDUP_METRIC.search("{{ claim compile_compare/cuda:speedup.autotune }}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_speedup_goes_through_the_claim_that_picks_its_digits(lang):
    assert not SPEEDUP_METRIC.search(source(lang))


def committed_metric(device: str, key: str):
    manifest = json.loads((ROOT / "results" / "compile_compare" / device / "manifest.json").read_text(encoding="utf-8"))
    return manifest["metrics"][key]["value"]


def ratios_shown(text: str, lang: str) -> list[tuple[float, int]]:
    """Every "(1.054×" of a text: the value and its count of decimals, read back from the digits."""
    point = "." if lang == "en" else ","
    return [(float(found.replace(point, ".")), len(found.split(point)[1]))
            for found in re.findall(r"\((\d+[.,]\d+)×", text)]


@pytest.mark.parametrize("lang", LANGS)
def test_max_autotunes_gpu_speedup_is_shown_and_never_as_the_bands_edge(lang):
    """Whatever the run measured: the modes section shows the GPU's max-autotune speedup, and
    with digits enough that it does not print as 0.95 or 1.05 unless it is one of them."""
    speedup = committed_metric("cuda", "autotune.speedup")
    shown_here = [(value, decimals) for value, decimals in
                  ratios_shown(section(shown(lang), "{ #modes }", "{ #cuda_graphs }"), lang)
                  if abs(value - speedup) <= 0.5 * 10 ** -decimals + 1e-12]
    assert shown_here, f"the speedup {speedup} is not in the modes section"
    for value, _ in shown_here:
        assert value not in (0.95, 1.05) or round(speedup, 12) == value


@pytest.mark.parametrize("text, lang, read", [("faster (1.054×) and (0.9746×, 2.6% more)", "en", [(1.054, 3), (0.9746, 4)]),
                                              ("más rápido (1,054×)", "es", [(1.054, 3)]), ("1.05×", "en", [])])
def test_the_ratios_a_section_shows_are_read_back(text, lang, read):
    assert ratios_shown(text, lang) == read


@pytest.mark.parametrize("lang, said", [("en", "Host overhead is not separable on this run"),
                                        ("es", "La sobrecarga del host no se puede separar en esta ejecución")])
def test_part_4_says_why_a_queued_clock_gives_no_host_overhead(lang, said):
    assert "{{ claim compile_compare/cuda:host_overhead.cuda_graphs" in section(source(lang), "{ #cuda_graphs }", "## 5.")
    assert said in section(shown(lang), "{ #cuda_graphs }", "{ #graph_breaks }")


@pytest.mark.parametrize("lang, gone, said", [
    ("en", "limited by device time", "the host, not the device, set that loop"),
    ("es", "lo limita el tiempo de dispositivo", "el ritmo de ese bucle lo marcó el host"),
])
def test_the_loop_that_never_waits_is_described_by_the_run(lang, gone, said):
    part = section(shown(lang), "{ #steady_state }", "{ #recompiles }")
    assert gone not in part and said in part


@pytest.mark.parametrize("lang, said", [("en", "That limit is per frame"), ("es", "Ese límite es por\nmarco")])
def test_part_5_says_the_recompile_limit_is_per_frame(lang, said):
    part = section(source(lang), "{ #graph_breaks }", "{ #compile_log }")
    assert said in part and "{{ table compile_compare:break_recompiles" in part
    assert "{{ case compile_compare/cpu:breaks.broken_recompile_frames" in part


def test_the_spanish_graph_break_table_quotes_the_comments_as_the_listing_does():
    part = section(shown("es"), "{ #graph_breaks }", "{ #compile_log }")
    assert "&#35; ruptura: print" in part and "&#35; break: print" not in part
    assert "&#35; break: print" in section(shown("en"), "{ #graph_breaks }", "{ #compile_log }")


EXERCISE = {"en": "which clock decides whether `reduce-overhead` pays off",
            "es": "qué reloj decide si `reduce-overhead` se amortiza"}


@pytest.mark.parametrize("lang, gone, said", [
    ("en", "that the graphs removed", "A queued clock does not separate the host from the device"),
    ("es", "que los grafos eliminaron", "Un reloj encolado no separa el host del dispositivo"),
])
def test_the_cuda_graphs_exercise_says_only_what_the_runs_device_clock_establishes(lang, gone, said):
    """The queued clock the GPU run took for reduce-overhead holds the host and the device together:
    the exercise may say a loop that rarely waits gained, never that the graphs removed launch gaps."""
    exercise = section(source(lang), EXERCISE[lang], "??? question")
    assert "{{ claim compile_compare/cuda:graphs_unsync_loop" in exercise
    assert "{{ case compile_compare/cuda:cuda_graphs.dev_verdict" not in exercise
    answer = section(shown(lang), EXERCISE[lang], "??? question")
    assert gone not in answer
    if committed_metric("cuda", "cuda_graphs.device_method") == "queued":
        assert said in answer


BLOCK_WORDS = {"en": ("block", "blocks"), "es": ("bloque", "bloques")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_study_models_blocks_agree_with_their_count(lang):
    """The page writes the study model's depth from the run; the noun after it follows the count."""
    one, more = BLOCK_WORDS[lang]
    for key in ("recompiles.model_layers", "breaks.model_layers"):
        metric = f"{{{{ metric compile_compare/cpu:{key} }}}}"
        noun = f'{{{{ case compile_compare/cpu:{key} 1="{one}" else="{more}" }}}}'
        assert re.search(re.escape(metric) + r"\s+" + re.escape(noun), source(lang)), key
    layers = committed_metric("cpu", "recompiles.model_layers")
    assert re.search(rf"MiniGPT \w+ {layers}\s+{one if layers == 1 else more}\b", shown(lang))


@pytest.mark.parametrize("verdict", ["faster", "same", "slower"])
def test_a_queued_graphs_clock_never_names_what_moved(verdict):
    """On a queued clock every verdict is the loop's pace, host and device together: the sentence
    says so and credits neither launches nor kernels (near miss: a replayed clock may)."""
    from labs.common.claims import Run
    from labs.compile_compare.claims import CLAIMS

    def said(how: str):
        metrics = {"cuda_graphs.device_method": how, "cuda_graphs.dev_verdict": verdict}
        return CLAIMS["graphs_unsync_loop"](Run({"lab": "compile_compare", "device": "cuda",
                                                 "metrics": {k: {"value": v} for k, v in metrics.items()}}))
    queued, replayed = said("queued"), said("graph")
    assert not queued.decided and replayed.decided
    for text in (queued.en, queued.es):
        assert not re.search(r"removed|saved|set the device|eliminaron|ahorr", text), text
    assert "cannot split that pace" in queued.en and "no puede repartir ese ritmo" in queued.es
    assert "kernels alone" in replayed.en and "solo el de los kernels" in replayed.es
