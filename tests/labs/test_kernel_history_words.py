"""What kernel_history's tables say in their cells (labs/kernel_history/words.py): a kernel's
strategy in the page's language, the annotator's pattern in words, and a softmax's form named
as the graph's, never as the kernel's loop.

The audit found the GPU TinyHead row reading "persistent | softmax, online" beside a page that
says a persistent kernel makes two passes (the "online" was the graph's prepare_softmax_online
node), the Spanish page's Strategies cells in English, and "none ×2" reading like a null."""

from __future__ import annotations

import html

import pytest

from course.markers import PageContext, expand
from course.results import ResultStore
from labs.common.harness import Lab
from labs.common.options import LabOptions
from labs.kernel_history import envs, words
from labs.kernel_history import lab as history_lab
from labs.kernel_history.history import HISTORY_COLUMNS, HISTORY_UNITS, Snapshot, history_row
from tests.manifests import ROOT, todays_code, write_result


@pytest.mark.parametrize("tags, en, es", [
    ("vectorized+parallel+reduction", "vectorized+parallel+reduction", "vectorizado+paralelo+reducción"),
    ("vectorized+parallel+welford", "vectorized+parallel+welford", "vectorizado+paralelo+welford"),
    ("scalar", "scalar", "escalar"),
    ("persistent", "persistent", "persistente"),
    ("looped+welford", "looped+welford", "en bucle+welford"),
    ("pointwise", "pointwise", "elemento a elemento"),
    ("split", "split", "split"),        # a tag no release has written yet stays as it is
])
def test_a_strategy_is_said_in_the_pages_language(tags, en, es):
    assert (words.strategy(tags, "en"), words.strategy(tags, "es")) == (en, es)


@pytest.mark.parametrize("recorded, count, en, es", [
    ("none", 2, "no pattern (2 kernels)", "sin patrón (2 kernels)"),
    ("none", 1, "no pattern", "sin patrón"),
    ("layer_norm", 3, "layer_norm (3 kernels)", "layer_norm (3 kernels)"),
    ("gelu", 1, "gelu", "gelu"),
    ("softmax, online", 1, "softmax (in the graph: prepare_softmax_online)",
     "softmax (en el grafo: prepare_softmax_online)"),
    ("attention_softmax, two_pass", 2, "attention_softmax (2 kernels, in the graph: amax then sum)",
     "attention_softmax (2 kernels, en el grafo: amax y luego suma)"),
    ("softmax, chunked", 1, "softmax (chunked)", "softmax (chunked)"),     # a form not known here: as recorded
])
def test_a_pattern_is_said_in_words_and_a_softmax_form_is_the_graphs(recorded, count, en, es):
    assert (words.pattern(recorded, "en", count), words.pattern(recorded, "es", count)) == (en, es)


def gpu_tinyhead() -> Snapshot:
    """The GPU run's TinyHead: one persistent kernel whose graph held prepare_softmax_online."""
    kernel = {"name": "triton_per_fused__softmax_0", "fusion": "_softmax", "strategy": "persistent",
              "pattern": "softmax, online", "source": "x\n"}
    return Snapshot("2.11.0+cu130", "tinyhead", kernels=[kernel], guard_kinds={"TENSOR_MATCH": 1}, compile_s=2.0)


@pytest.mark.parametrize("lang, strategy, pattern, calls", [
    ("en", "persistent", "softmax (in the graph: prepare_softmax_online)", "none"),
    ("es", "persistente", "softmax (en el grafo: prepare_softmax_online)", "ninguna"),
])
def test_a_row_says_its_strategy_pattern_and_library_calls_in_its_language(lang, strategy, pattern, calls):
    row = dict(zip(HISTORY_COLUMNS, history_row(gpu_tinyhead(), lang), strict=True))
    assert (row["strategies"], row["patterns"], row["library_calls"]) == (strategy, pattern, calls)
    assert row["clock"] == "latency"          # the clock stays the lab's word: the page names it


def test_a_row_without_any_pattern_says_not_annotated_in_its_language():
    bare = Snapshot("2.11.0", "m", kernels=[{"name": "k", "fusion": "k", "strategy": "scalar", "source": ""}])
    assert dict(zip(HISTORY_COLUMNS, history_row(bare, "es")))["patterns"] == "sin anotar"
    assert dict(zip(HISTORY_COLUMNS, history_row(bare)))["patterns"] == "not annotated"


def page_marker(lang: str) -> str:
    text = (ROOT / "docs" / lang / "labs" / "kernel_history.md").read_text(encoding="utf-8")
    [line] = [line for line in text.splitlines()
              if line.startswith("{{ table kernel_history:history.tinyhead") and "strategies" in line]
    return line


@pytest.mark.parametrize("lang, shown, not_shown", [
    ("en", "| persistent | softmax (in the graph: prepare_softmax_online) |", "persistente"),
    ("es", "| persistente | softmax (en el grafo: prepare_softmax_online) |", "| persistent |"),
])
def test_each_page_shows_the_table_the_lab_wrote_in_its_language(tmp_path, lang, shown, not_shown):
    tables = {key: {"columns": HISTORY_COLUMNS, "units": HISTORY_UNITS, "rows": [history_row(gpu_tinyhead(), row_lang)]}
              for key, row_lang in (("history.tinyhead", "en"), ("history.tinyhead.es", "es"))}
    write_result(tmp_path, lab="kernel_history", device="cuda", provenance=todays_code("kernel_history"),
                 tables=tables, figures={})
    ctx = PageContext(page=f"{lang}/labs/kernel_history.md", lang=lang, page_dir="labs", site_root="..")
    expansion = expand(page_marker(lang), ctx, ResultStore(tmp_path))
    assert expansion.errors == []
    cells = html.unescape(expansion.markdown)       # escape.text writes _ as &#95;
    assert shown in cells and not_shown not in cells


@pytest.mark.parametrize("lang, defined", [("en", "not how the kernel loops"), ("es", "no cómo recorre el kernel")])
def test_the_page_says_a_softmax_form_is_the_graphs_where_the_tables_are(lang, defined):
    text = (ROOT / "docs" / lang / "labs" / "kernel_history.md").read_text(encoding="utf-8")
    section = text.split("{ #tables }")[1].split("### TinyHead")[0]
    assert "prepare_softmax_online" in section and defined in section


def test_the_tables_part_writes_each_modules_table_in_both_languages(tmp_path):
    probe = {"torch": "2.11.0+cu130", "modules": {"tinyhead": {
        "kernels": gpu_tinyhead().kernels, "graphs": 1, "library_calls": [], "guards": {"kinds": {"TENSOR_MATCH": 1}}}}}
    run = history_lab.ReleaseRun(envs.ReleaseEnv("2.11.0", "python", installed=True), probe=probe)
    lab = Lab(LabOptions(lab_id="kernel_history", device="cuda", preset="smoke", out=tmp_path / "out", work=tmp_path / "work"))
    history_lab.part_tables(lab, history_lab.History(("tinyhead",), [run]))
    column = HISTORY_COLUMNS.index("strategies")
    assert lab.result["tables"]["history.tinyhead"]["rows"][0][column] == "persistent"
    assert lab.result["tables"]["history.tinyhead.es"]["rows"][0][column] == "persistente"
