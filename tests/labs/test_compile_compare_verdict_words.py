"""What compile_compare's sentences say a verdict means, and how they show a ratio beside it.

"The same" has two reasons in the course's rule: each median inside the other's quartiles (the
same within the noise) or medians less than 5 % apart whose quartiles do not hold each other
(the same by the course's band). The GPU run called symbolic sizes "the same within the noise"
on device time at 0.339 ms (0.339-0.340) against 0.351 ms (0.350-0.351): the band's reason, not
the noise's. A speedup of 1.0496 printed as "1.05×" beside "the same" read as the band's edge.
Also here: a queued device time yields no host-overhead figure, and COMPILE_LOG.es's grammar.
Nothing compiles: the comparisons are built from hand-made timings.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from labs.common import measure
from labs.common.claims import SAME_BAND
from labs.common.harness import Lab
from labs.common.options import LabOptions
from labs.compile_compare import compile_log, report, summaries
from labs.compile_compare.findings import AB, Findings, ModeComparison

NBSP = "\u00a0"


def _ms(median: float, q1: float, q3: float, clock: str = "latency", method: str = "") -> measure.Stats:
    return measure.Stats(median / 1e3, q1 / 1e3, q3 / 1e3, q1 / 1e3, q3 / 1e3, 50, clock, method)


# The GPU run's symbolic-against-static comparison (COMPILE_LOG, section 3), in ms.
SYMBOLIC = measure.Comparison(
    latency=(_ms(3.6945, 3.5733, 3.8255), _ms(3.8291, 3.6725, 4.0217)),
    device=(_ms(0.33923, 0.33865, 0.34003, "device", "graph"), _ms(0.35067, 0.35009, 0.35130, "device", "graph")))


# -- the reason of a "same" ------------------------------------------------------------------------

def test_same_medians_whose_quartiles_do_not_hold_each_other_are_the_same_by_the_band():
    ab = AB("static", "symbolic", SYMBOLIC, 7.49, 0.0056)
    assert [ab.verdict(c) for c in ab.clocks()] == ["same", "same"]
    assert not ab.within_noise("device")        # 0.351 lies outside 0.339-0.340, and the other way
    assert summaries.clocks(ab.summary_rows(), "en") == (
        "the same by the course's ±5% band on both clocks (latency 0.965× and device time 0.967×)")
    assert summaries.clocks(ab.summary_rows(), "es") == (
        "igual según la banda del ±5\u00a0% del curso en los dos relojes (latencia 0,965× y tiempo de "
        "dispositivo 0,967×)")


def test_medians_inside_each_others_quartiles_stay_the_same_within_the_noise():
    # near miss: the same medians, quartiles wide enough to hold each other
    wide = measure.Comparison(latency=(_ms(3.6945, 3.5, 3.9), _ms(3.8291, 3.6, 4.0)))
    ab = AB("static", "symbolic", wide, 7.49, 0.0056)
    assert ab.within_noise("latency")
    assert summaries.clocks(ab.summary_rows(), "en") == "the same within the noise on latency (0.965×)"


def test_one_median_inside_the_others_quartiles_is_not_within_the_noise():
    # the static median lies inside the symbolic quartiles, the symbolic one outside the static's
    ab = AB("static", "symbolic", measure.Comparison(latency=SYMBOLIC.latency), 7.49, 0.0056)
    assert not ab.within_noise("latency")
    assert summaries.kind("same", ab.within_noise("latency")) == "same_band"


@pytest.mark.parametrize("verdict, noise, kind", [("faster", False, "faster"), ("faster", True, "faster"),
                                                  ("slower", False, "slower"), ("same", True, "same_noise"),
                                                  ("same", False, "same_band")])
def test_a_verdicts_kind(verdict, noise, kind):
    assert summaries.kind(verdict, noise) == kind


def test_the_comparisons_sentence_keeps_the_band_apart_from_the_noise():
    rows = [("a", "faster", False), ("b", "same", True), ("c", "same", False)]
    assert summaries.comparisons(rows, "en") == (
        "of 3 one-change comparisons, the changed step was faster in 1 (a), the same within the noise in 1 (b) "
        "and the same by the course's ±5% band in 1 (c)")
    assert summaries.comparisons(rows[:2], "es").endswith("más rápido en 1 (a) e igual dentro del ruido en 1 (b)")


@pytest.mark.parametrize("items, said", [
    (["más rápido", "igual dentro del ruido"], "más rápido e igual dentro del ruido"),
    (["más rápidos", "iguales según la banda"], "más rápidos e iguales según la banda"),
    (["a", "b", "Inductor"], "a, b e Inductor"),
    (["más rápido", "más lento"], "más rápido y más lento"),        # near misses: no i sound
    (["agua", "hielo"], "agua y hielo"),                            # hie- is a diphthong: y stays
])
def test_spanish_and_becomes_e_before_the_sound_i(items, said):
    assert summaries.join(items, "es") == said


def test_english_and_never_changes():
    assert summaries.join(["faster", "identical"], "en") == "faster and identical"


def test_a_plural_subject_agrees_in_spanish():
    rows = [("latency", "faster", 1.3, False), ("device", "slower", 0.8, False)]
    assert summaries.clocks(rows, "es", plural=True) == (
        "más rápidos en latencia (1,30×) y más lentos en tiempo de dispositivo (0,800×)")
    assert summaries.clocks([("latency", "same", 1.01, True)], "es", plural=True) == (
        "iguales dentro del ruido en latencia (1,01×)")
    assert summaries.clocks(rows, "en", plural=True) == summaries.clocks(rows, "en")


# -- a ratio beside its verdict -------------------------------------------------------------------

@pytest.mark.parametrize("speedup, en, es", [
    (1.39, "1.39×", "1,39×"),
    (0.967, "0.967×", "0,967×"),
    (1.0496, "1.0496×", "1,0496×"),           # inside: not "1.05×", the edge as read
    (1.0535, "1.054×", "1,054×"),             # the GPU run's max-autotune, faster: not "1.05×"
    (0.9496, "0.9496×", "0,9496×"),           # outside, slower: not "0.950×"
    (1.051, "1.051×, 4.85% less time", f"1,051×, un 4,85{NBSP}% menos de tiempo"),   # reads outside, is inside
    (0.9515, "0.952×, 5.10% more time", f"0,952×, un 5,10{NBSP}% más de tiempo"),    # reads inside, is outside
    (1.05, "1.05×, 4.76% less time", f"1,05×, un 4,76{NBSP}% menos de tiempo"),      # exactly an edge as read
])
def test_a_speedup_near_the_band_reads_on_its_verdicts_side(speedup, en, es):
    assert (summaries.ratio(speedup, "en"), summaries.ratio(speedup, "es")) == (en, es)


@given(st.floats(min_value=0.9, max_value=1.1))
def test_a_shown_speedup_never_reads_on_the_wrong_side_of_the_band(speedup):
    shown = summaries.ratio(speedup, "en")
    inside = abs(1 / speedup - 1) < SAME_BAND
    if "time" in shown:      # the time change says it, in the band's own terms
        percent = float(re.search(r"([\d.]+)%", shown)[1])
        assert percent != SAME_BAND * 100 and (percent < SAME_BAND * 100) == inside
        return
    value = float(shown.rstrip("×"))
    assert value not in summaries.EDGES_AS_READ
    assert (summaries.EDGES_AS_READ[0] < value < summaries.EDGES_AS_READ[1]) == inside


def test_the_band_is_the_courses():
    assert {"en": f"±{round(SAME_BAND * 100)}%", "es": f"±{round(SAME_BAND * 100)}{NBSP}%"} == summaries.BAND


# -- host overhead only from a replayed device time -----------------------------------------------

def _recorded(tmp_path, method: str) -> Lab:
    """reduce-overhead against default as the GPU run timed it: latency 8.85 and 4.79 ms, device
    time 8.75 and 4.68 ms, each inside or near the other's quartiles."""
    timing = measure.Comparison(
        latency=(_ms(8.848, 8.560, 9.323), _ms(4.785, 4.710, 4.916)),
        device=(_ms(8.745, 8.589, 9.282, "device", method), _ms(4.681, 4.602, 4.785, "device", method)))
    lab = Lab(LabOptions("compile_compare", "cuda", "smoke", tmp_path / "out", tmp_path / "work"))
    report.ab(lab, "cuda_graphs", AB("default", "graphed", timing, 11.9, 10.9), ("default", "graphed"))
    return lab


def test_a_queued_device_time_gives_no_host_overhead(tmp_path):
    lab = _recorded(tmp_path, measure.QUEUED)
    metrics = lab.result["metrics"]
    assert metrics["cuda_graphs.default_overhead_ms"]["value"] == "—"
    assert metrics["cuda_graphs.graphed_overhead_ms"]["value"] == "—"      # was 0.104 ms
    table = lab.result["tables"]["cuda_graphs"]
    at = table["columns"].index("overhead_ms")
    assert [row[at] for row in table["rows"]] == [None, None]


def test_a_replayed_device_time_gives_the_host_overhead_beyond_the_noise(tmp_path):
    # near miss: the same figures replayed; the graphed step's gap (0.104 ms) lies outside both spreads
    metrics = _recorded(tmp_path, measure.GRAPH).result["metrics"]
    assert metrics["cuda_graphs.default_overhead_ms"]["value"] == "—"      # inside the noise
    assert metrics["cuda_graphs.graphed_overhead_ms"]["value"] == pytest.approx(0.104)


def test_the_summary_metric_names_the_reason_of_a_same(tmp_path):
    lab = Lab(LabOptions("compile_compare", "cuda", "smoke", tmp_path / "out", tmp_path / "work"))
    report.ab(lab, "dynamic", AB("static", "symbolic", SYMBOLIC, 7.49, 0.0056), ("static", "symbolic"))
    assert lab.result["metrics"]["dynamic.summary"]["value"].startswith("the same by the course's ±5% band")
    assert "within the noise" not in lab.result["metrics"]["dynamic.summary"]["value"]


# -- COMPILE_LOG.es: agreement, words, labels -----------------------------------------------------

def _mode(lang: str, latency: tuple, device: tuple | None = None) -> str:
    timing = measure.Comparison(latency=latency, device=device)
    compared = ModeComparison(AB("default", "tuned", timing, 11.9, 49.9), "max-autotune", {}, 4)
    f = Findings("cuda" if device else "cpu", "full", "2.13.0", autotune=compared)
    return "\n".join(compile_log.modes_section(f, {"cuda_graphs": {"status": "skipped"}}, compile_log._Writer(lang)))


def test_the_modes_steps_agree_in_number_in_spanish():
    faster_then_slower = ((_ms(10.43, 9.99, 10.96), _ms(9.0, 8.9, 9.1)),
                          (_ms(1.11, 1.10, 1.12, "device", "graph"), _ms(1.25, 1.24, 1.26, "device", "graph")))
    text = _mode("es", *faster_then_slower)
    assert "y sus pasos fueron más rápidos en latencia (1,16×) y más lentos en tiempo de dispositivo (0,888×)." in text
    same = _mode("es", (_ms(62.58, 62.13, 64.04), _ms(64.95, 63.89, 66.63)))
    assert "sus pasos fueron iguales según la banda del ±5\u00a0% del curso en latencia (0,964×)." in same
    assert "no se amortiza nunca en latencia: no es mediblemente más rápido por paso." in same
    assert "fueron igual " not in same and "no es medible más" not in same


def test_the_variants_are_named_in_spanish_and_left_alone_in_english():
    es, en = _mode("es", (_ms(10, 9, 11), _ms(9, 8, 10))), _mode("en", (_ms(10, 9, 11), _ms(9, 8, 10)))
    assert "| `default` | latencia |" in es and "| ajustado | latencia |" in es and "| tuned |" not in es
    assert "| default | latency |" in en and "| tuned | latency |" in en


def test_a_skipped_part_reads_la_parte():
    parts = {"cuda_graphs": {"status": "skipped", "reason": "needs a CUDA device; this run used cpu"}}
    assert compile_log._Writer("es").missing(parts, "cuda_graphs")[0].startswith("_La parte `cuda_graphs` se omitió")


@pytest.mark.parametrize("hits, words", [(0, "0 aciertos"), (1, "1 acierto"), (2, "2 aciertos")])
def test_cache_hits_agree_with_their_count(hits, words):
    assert compile_log._Writer("es").count(hits, ("acierto", "aciertos")) == words


def test_the_method_line_states_the_band():
    f = Findings("cpu", "full", "2.13.0")
    assert "less than 5% apart" in compile_log.render(f, {}, "en")
    assert "distan menos de un 5\u00a0%" in compile_log.render(f, {}, "es")
