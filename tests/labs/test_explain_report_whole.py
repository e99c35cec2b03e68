"""`explain`'s report read whole, as a learner sees it: the summary and kernel table of a saved dump,
each kernel's memory sentence and listing, the checks' tally, and the timing section, in both
languages. Every expected line is written out by hand from the dump's facts (conv2d, then batch
norm and SiLU fused: 16384 + 4608 bytes for the first kernel, 65536 + 4 × 64 for the second)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from labs.common import inductor_output as io
from labs.common.kernel_facts import checks, facts
from labs.common.measure import Stats
from labs.explain import report
from labs.explain.explainer import Explanation, Graph, Timing

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "cpu-torch2.13-conv_bn_silu"
CONV, SILU = "cpp_fused_convolution_0", "cpp_fused__native_batch_norm_legit_no_training_silu_1"


def _explanation(tmp_path: Path, timing: Timing | None = None) -> Explanation:
    folder = tmp_path / FIXTURE.name
    shutil.copytree(FIXTURE, folder)
    found = facts.analyze(folder)
    text = (folder / "output_code.py").read_text(encoding="utf-8")
    graph = Graph(folder, found, {k.name: k.source for k in io.parse_kernels(text)},
                  io.extern_kernel_calls(io.wrapper_call(text)), checks.verify(found, folder))
    return Explanation("ConvBnSiLU", "cpu", ["(2, 8, 16, 16) float32"], [graph], timing, 0.0, "torch 2.13.0")


HEAD = {
    "en": ["# explain: `ConvBnSiLU`", "",
           "Produced by `python -m labs.explain x` with torch 2.13.0 on a CPU; inputs (2, 8, 16, 16) float32. Every fact "
           "about a kernel was extracted from Inductor's own files (post-grad graph, provenance mapping, kernel source, "
           "`ir_post_fusion.txt`, `call()`); what they cannot tell is written as unknown.", "",
           "## Summary", "",
           "1 graph(s), 2 generated kernel(s), 1 library call(s) (`extern_kernels.convolution`).", "",
           "| Kernel | Language | What it computes | Your code | Reductions | Bytes read / written | Passes over memory "
           "| Buffers kept out of memory |",
           "|---|---|---|---|---|---|---|---|",
           f"| `{CONV}` | C++ | no known pattern; it runs nodes from `conv2d` | `examples.py:185` | — | 20992 / 20992 "
           "| 1 | — |",
           f"| `{SILU}` | C++ | a SiLU (`div`) | `examples.py:185` | — | 65792 / 65536 | 2 | — |", "",
           "", "## Kernels", ""],
    "es": ["# explain: `ConvBnSiLU`", "",
           "Generado por `python -m labs.explain x` con torch 2.13.0 en una CPU; entradas (2, 8, 16, 16) float32. Cada "
           "dato sobre un kernel se extrajo de los propios archivos de Inductor (grafo post-grad, mapa de procedencia, "
           "código del kernel, `ir_post_fusion.txt`, `call()`); lo que no pueden decir se escribe como desconocido.", "",
           "## Resumen", "",
           "1 grafo(s), 2 kernel(s) generado(s), 1 llamada(s) a bibliotecas (`extern_kernels.convolution`).", "",
           "| Kernel | Lenguaje | Qué calcula | Tu código | Reducciones | Bytes leídos / escritos | Pasadas por memoria "
           "| Búferes que no llegan a memoria |",
           "|---|---|---|---|---|---|---|---|",
           f"| `{CONV}` | C++ | ningún patrón conocido; ejecuta nodos de `conv2d` | `examples.py:185` | — "
           "| 20992 / 20992 | 1 | — |",
           f"| `{SILU}` | C++ | una SiLU (`div`) | `examples.py:185` | — | 65792 / 65536 | 2 | — |", "",
           "", "## Kernels", ""],
}
MEMORY = {
    "en": ["Memory, if nothing stays in cache: reads 20992 bytes (`arg1_1` 1×, `arg0_1` 1×), writes 20992 bytes "
           "(`buf0` 1×, `buf1` 1×); 2 write(s) through a transpose.",
           "Memory, if nothing stays in cache: reads 65792 bytes (`buf3` 2×, `arg2_1` 1×, `arg3_1` 1×, `arg4_1` 1×, "
           "`arg5_1` 1×), writes 65536 bytes (`buf3` 1×, `buf4` 1×); 1 write(s) through a transpose."],
    "es": ["Memoria, si nada se queda en caché: lee 20992 bytes (`arg1_1` 1×, `arg0_1` 1×), escribe 20992 bytes "
           "(`buf0` 1×, `buf1` 1×); 2 escritura(s) a través de una transposición.",
           "Memoria, si nada se queda en caché: lee 65792 bytes (`buf3` 2×, `arg2_1` 1×, `arg3_1` 1×, `arg4_1` 1×, "
           "`arg5_1` 1×), escribe 65536 bytes (`buf3` 1×, `buf4` 1×); 1 escritura(s) a través de una transposición."],
}
LISTING = {"en": "The kernel, with the lines cited above highlighted:",
           "es": "El kernel, con las líneas citadas arriba resaltadas:"}
TALLY = {"en": ["## Checks of meaning", "", "Recomputed from the files for each kernel: {} passed, {} failed.", ""],
         "es": ["## Comprobaciones de significado", "", "Recalculadas desde los archivos para cada kernel: {} pasan, "
                "{} fallan.", ""]}
DEVICE = {"en": "a CPU", "es": "una CPU"}


def _render(e: Explanation, lang: str) -> list[str]:
    return report.render_report(e, lang, "python -m labs.explain x", DEVICE[lang]).split("\n")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_summary_and_the_kernel_table_read_whole(tmp_path, lang):
    lines = _render(_explanation(tmp_path), lang)
    assert lines[:len(HEAD[lang])] == HEAD[lang]


def test_several_inputs_and_library_calls_are_listed_once_each_in_order(tmp_path):
    e = _explanation(tmp_path)
    e.inputs = ["(2, 8) float32", "(8,) int64"]
    e.graphs[0].externs = ["extern_kernels.mm", "extern_kernels.addmm", "extern_kernels.mm"]
    lines = _render(e, "en")
    assert "; inputs (2, 8) float32, (8,) int64. Every fact" in lines[2]
    assert lines[6] == ("1 graph(s), 2 generated kernel(s), 3 library call(s) (`extern_kernels.addmm`, "
                        "`extern_kernels.mm`).")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_kernel_gets_its_memory_sentence_then_its_listing_with_the_cited_lines(tmp_path, lang):
    e = _explanation(tmp_path)
    lines = _render(e, lang)
    sources = e.graphs[0].sources
    for sentence, kernel, cited in zip(MEMORY[lang], (CONV, SILU), ("26 29 50 53", "23 24 25 26 27 40 60 69")):
        at = lines.index(sentence)
        assert lines[at + 1:at + 5] == ["", LISTING[lang], "", f'```cpp linenums="1" hl_lines="{cited}"']
        source = sources[kernel].split("\n")
        assert lines[at + 5:at + 5 + len(source)] == source
        assert lines[at + 5 + len(source):at + 7 + len(source)] == ["```", ""]
    assert lines.index(MEMORY[lang][0]) < lines.index(MEMORY[lang][1])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tally_counts_every_check_that_ran_and_only_those(tmp_path, lang):
    e = _explanation(tmp_path)
    # five checks ran on the convolution kernel and six on the SiLU kernel; the rest could not apply (None)
    tally = [line.format(11, 0) for line in TALLY[lang]]
    assert _render(e, lang)[-4:] == tally
    e.graphs[0].verdicts[SILU]["store_labels"] = False
    e.graphs[0].verdicts[CONV]["steps_complete"] = False       # one that had not run, now failed
    assert _render(e, lang)[-4:] == [line.format(10, 2) for line in TALLY[lang]]


def _stats(median_us: float, q1_us: float, q3_us: float, reps: int, clock: str = "latency") -> Stats:
    return Stats(median_us * 1e-6, q1_us * 1e-6, q3_us * 1e-6, q1_us * 1e-6, q3_us * 1e-6, reps, clock)


TIMING_HEAD = {"en": ["## Timing", "", "| | Median (µs) | Q1–Q3 (µs) | Samples |", "|---|---|---|---|"],
               "es": ["## Tiempos", "", "| | Mediana (µs) | Q1–Q3 (µs) | Muestras |", "|---|---|---|---|"]}


def test_the_timing_section_of_a_cpu_run_reads_whole_in_both_languages():
    timing = Timing(_stats(100, 90, 110, 30), _stats(80, 76, 84, 31), 2.5, "faster", threads=2)
    e = Explanation("M", "cpu", [], timing=timing)
    assert report.timing_section(e, "en") == TIMING_HEAD["en"] + [
        "| eager | 100 | 90–110 | 30 |", "| compiled | 80 | 76–84 | 31 |", "",
        "Compiled is faster than eager (1.25× eager's speed), one synchronized call per sample, 2 CPU thread(s). "
        "The first call, a cold compile, took 2.5 s."]
    assert report.timing_section(e, "es") == TIMING_HEAD["es"] + [
        "| eager | 100 | 90–110 | 30 |", "| compilado | 80 | 76–84 | 31 |", "",
        "Lo compilado es más rápido que eager (1,25× la velocidad de eager), una llamada sincronizada por muestra, "
        "2 hilo(s) de CPU. La primera llamada, una compilación en frío, tardó 2,5 s."]


def test_a_gpu_run_adds_its_device_clock_rows_and_names_no_threads():
    timing = Timing(_stats(40, 38, 44, 50), _stats(20, 19.5, 21, 50), 12.25, "faster",
                    _stats(30, 29, 31, 50, "device"), _stats(10, 9.5, 10.5, 50, "device"))
    e = Explanation("M", "cuda", [], timing=timing)
    assert report.timing_section(e, "en")[4:] == [
        "| eager | 40 | 38–44 | 50 |", "| compiled | 20 | 19.5–21 | 50 |",
        "| device time, eager | 30 | 29–31 | 50 |", "| device time, compiled | 10 | 9.5–10.5 | 50 |", "",
        "Compiled is faster than eager (2× eager's speed), one synchronized call per sample. "
        "The first call, a cold compile, took 12.2 s."]
    assert report.timing_section(e, "es")[4:8] == [
        "| eager | 40 | 38–44 | 50 |", "| compilado | 20 | 19,5–21 | 50 |",
        "| tiempo de dispositivo, eager | 30 | 29–31 | 50 |", "| tiempo de dispositivo, compilado | 10 | 9,5–10,5 | 50 |"]


# same: each median inside the other's quartiles; same_band: 3 % apart, but 100 lies outside 95–99
@pytest.mark.parametrize("compiled, verdict, en", [
    (_stats(97, 95, 101, 30), "same", "Compiled is as fast as eager, within the noise (1.03× eager's speed)"),
    (_stats(97, 95, 99, 30), "same", "Compiled is as fast as eager by the course's 5% band alone (the two medians do "
                                     "not both lie inside each other's interquartile range) (1.03× eager's speed)"),
    (_stats(125, 120, 130, 30), "slower", "Compiled is slower than eager (0.8× eager's speed)"),
])
def test_the_verdict_sentence_says_what_the_quartiles_support(compiled, verdict, en):
    e = Explanation("M", "cpu", [], timing=Timing(_stats(100, 90, 110, 30), compiled, 1.0, verdict))
    assert report.timing_section(e, "en")[-1].startswith(en + ", one synchronized call per sample.")


@pytest.mark.parametrize("value, en, es", [
    (999.4, "999", "999"), (999.7, "1000", "1000"), (1234.4, "1234", "1234"), (12.25, "12.2", "12,2"),
    (0.5, "0.5", "0,5"), (1.5e-05, "1.5e-05", "1,5e-05")])
def test_a_figure_keeps_three_digits_and_a_whole_number_is_never_written_as_a_power(value, en, es):
    assert (report.number(value, "en"), report.number(value, "es")) == (en, es)


def test_an_explanation_without_timing_has_no_timing_section():
    assert report.timing_section(Explanation("M", "cpu", []), "en") == []


# -- the cells, from kernel facts written by hand ----------------------------------------------

def _kernel(**given) -> SimpleNamespace:
    facts = dict(kernel="triton_per_fused_0", language="triton", pattern=None, output_node="div", source_nodes={},
                 origins=[], reductions=[], ir_buffers=[], traffic=None)
    return SimpleNamespace(**{**facts, **given})


@pytest.mark.parametrize("given, en, es", [
    ({"pattern": "softmax"}, "a softmax (`div`)", "un softmax (`div`)"),
    ({"pattern": None, "source_nodes": {"mul": ["mul"]}}, "not stated (see its annotation)",
     "no se afirma (ver su anotación)"),
    ({"pattern": "none", "source_nodes": {}}, "not stated (see its annotation)", "no se afirma (ver su anotación)"),
    ({"pattern": "none", "source_nodes": {"linear": ["addmm"], "relu": ["relu"]}},
     "no known pattern; it runs nodes from `linear`, `relu`", "ningún patrón conocido; ejecuta nodos de `linear`, `relu`"),
])
def test_what_a_kernel_computes_comes_from_its_pattern_or_its_nodes(given, en, es):
    kernel = _kernel(**given)
    assert (report.what_it_computes(kernel, "en"), report.what_it_computes(kernel, "es")) == (en, es)


def test_your_code_names_each_origins_file_and_line_or_a_dash():
    origins = [{"where": "/home/me/project/model.py:12"}, {"where": "labs/explain/examples.py:7"}]
    assert report.your_code(_kernel(origins=origins)) == "`model.py:12`, `examples.py:7`"
    assert report.your_code(_kernel()) == "—"


def test_the_bytes_cell_shows_six_digits_whole_numbers_beyond_and_a_question_mark_without_counts():
    assert report.bytes_cell(_kernel(traffic={"bytes_read": 123456, "bytes_written": 654321}), "en") == "123456 / 654321"
    assert report.bytes_cell(_kernel(traffic={"bytes_read": 12345678, "bytes_written": 2.5}), "es") == "12345678 / 2,5"
    # six significant digits on each side, in the page's language
    assert report.bytes_cell(_kernel(traffic={"bytes_read": 123456.7, "bytes_written": 1.5}), "es") == "123457 / 1,5"
    assert report.bytes_cell(_kernel(traffic={"bytes_read": 2.5, "bytes_written": 654321.7}), "es") == "2,5 / 654322"
    assert report.bytes_cell(_kernel(traffic={"bytes_read": None}), "en") == "?"
    assert report.bytes_cell(_kernel(traffic=None), "en") == "?"


def _traffic(**given) -> dict:
    return {"read": {"in_ptr0": {"passes": 3}}, "written": {}, "bytes_read": 1200, "bytes_written": 0,
            "passes": 3, "transposed_writes": 0, "gathers": 0, **given}


def test_the_memory_sentence_names_gathers_and_a_kernel_that_writes_nothing():
    kernel = _kernel(traffic=_traffic(gathers=2))
    assert report.traffic_sentence(kernel, "en") == (
        "Memory, if nothing stays in cache: reads 1200 bytes (`in_ptr0` 3×), writes 0 bytes (—); "
        "2 gather(s), whose bytes depend on the indices.")
    assert report.traffic_sentence(kernel, "es") == (
        "Memoria, si nada se queda en caché: lee 1200 bytes (`in_ptr0` 3×), escribe 0 bytes (—); "
        "2 lectura(s) indexada(s), cuyos bytes dependen de los índices.")
    assert report.traffic_sentence(_kernel(traffic=_traffic(read={})), "en").startswith(
        "Memory, if nothing stays in cache: reads 1200 bytes (—), writes 0 bytes (—).")
    assert report.traffic_sentence(_kernel(traffic=_traffic(bytes_read=None)), "en") is None
    assert report.traffic_sentence(_kernel(traffic={}), "en") is None


def test_a_row_names_the_reductions_the_buffers_kept_out_of_memory_and_unknown_passes():
    kernel = _kernel(reductions=[{"kind": "amax"}, {"kind": "sum"}, {"kind": "argmax"}],
                     ir_buffers=[{"name": "buf1", "in_call": "absent"}, {"name": "buf2", "in_call": "argument"},
                                 {"name": "buf3", "in_call": "absent"}],
                     origins=[{"where": "m.py:3"}], pattern="softmax")
    graph = SimpleNamespace(facts=SimpleNamespace(kernels=[kernel, _kernel(kernel="cpp_fused_1", language="cpp")]))
    e = Explanation("M", "cuda", [], [graph])
    assert report.kernel_rows(e, "en") == [
        ["triton_per_fused_0", "Triton", "a softmax (`div`)", "`m.py:3`", "max, sum, argmax", "?", "?", "buf1, buf3"],
        ["cpp_fused_1", "C++", "not stated (see its annotation)", "—", "—", "?", "?", "—"]]
    assert report.kernel_rows(e, "es")[0][4] == "máximo, suma, argmax"
