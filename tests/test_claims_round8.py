"""Round 8 of fresh bugs in the claim code (tests/mutation/fresh_bugs.toml, round 8): each test pins
one sentence or edge with figures worked out by hand, near misses on both sides."""

from __future__ import annotations

import pytest

from course import claims
from labs.common.claims import Spread, band, band_said
from labs.compile_compare import summaries


def manifest(lab: str, device: str, metrics: dict | None = None, tables: dict | None = None) -> dict:
    return {"lab": lab, "device": device,
            "metrics": {key: {"value": value, "unit": ""} for key, value in (metrics or {}).items()},
            "tables": {name: {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}
                       for name, rows in (tables or {}).items()},
            "provenance": {"torch": "2.13.0"}}


def test_a_median_on_a_quartile_lies_inside_the_spread():
    # guards: the interquartile range is closed at both ends, as measure.within_spread's is
    assert Spread(100, 90, 110).holds(90) and Spread(100, 90, 110).holds(110)
    assert not Spread(100, 90, 110).holds(89.999) and not Spread(100, 90, 110).holds(110.001)
    # medians 10 % apart, each on the other's quartile: the same within the noise, not faster
    assert band(Spread(100, 90, 100), Spread(90, 90, 100)) == ("same", True)
    assert band(Spread(100, 90.01, 100), Spread(90, 90, 100)) == ("faster", False)


@pytest.mark.parametrize(("candidate", "en", "es"), [
    ((104, 103.5, 105), "x was 4.00% slower, inside", "x fue un 4,00\xa0% más lento"),   # 104/100: 4 %, not 3.85 %
    ((80, 79, 81), "x was faster (20.0%, beyond the noise)", "(un 20,0\xa0%,"),            # 80/100: 20 %, not 25 %
])
def test_band_sentence_states_the_difference_against_the_baseline(candidate, en, es):
    # guards: the percent is the candidate's median over the baseline's, minus one
    said = band_said(Spread(100, 99, 101), Spread(*candidate), ("x", "x"))
    assert en in said.en and es in said.es


@pytest.mark.parametrize("method", ["graph", "queued"])
def test_item_wait_puts_each_speedup_on_its_own_clock(method):
    # guards: latency's speedup (1.10×) and device time's (1.30×) are not swapped in the sentence
    run = manifest("compile_compare", "cuda", {"breaks.device_method": method, "breaks.speedup": 1.1,
                                               "breaks.dev_speedup": 1.3})
    said = claims.decide("compile_compare", "item_wait", run)
    if method == "graph":
        assert "latency (1.10×) and not on device time (1.30×)" in said.en
        assert "latencia (1,10×) y no en el tiempo de dispositivo (1,30×)" in said.es
    else:
        assert "(device time 1.30×, latency 1.10×)" in said.en
        assert "(tiempo de dispositivo 1,30×, latencia 1,10×)" in said.es


@pytest.mark.parametrize(("count", "en", "es"), [(0, "0 times", "0 veces"), (1, "1 time", "1 vez"),
                                                 (2, "2 times", "2 veces")])
def test_policies_pluralise_every_count_but_one(count, en, es):
    # guards: zero recompilations read "0 times", not "0 time"
    rows = [("static", count, count, 10.0), ("dynamic", count, count, 10.0)]
    assert summaries.policies(rows, "en").startswith(f"every policy recompiled {en};")
    assert summaries.policies(rows, "es").startswith(f"todas las políticas recompilaron {es};")


@pytest.mark.parametrize(("compiled", "outcome"), [
    (105.2, "no_same"),     # 105.2/100 = 1.052: slower by the band (eager is the baseline), not band-only
    (104.8, "band_only"),   # 1.048: inside the band
    (95.1, "band_only"),    # 0.951: inside the band (100/95.1 would be 1.0515, outside)
    (94.9, "no_same"),      # 0.949: faster
])
def test_sweep_band_takes_eager_as_the_baseline(compiled, outcome):
    # guards: the sweep's rows are judged compiled against eager, as measure.verdict judged them
    row = {"batch": 2, "eager_us": 100.0, "eager_q1_us": 99.0, "eager_q3_us": 101.0,
           "compiled_us": compiled, "compiled_q1_us": compiled - 0.5, "compiled_q3_us": compiled + 0.5}
    run = manifest("inductor_kernels", "cpu", tables={"tinyhead_latency": [row]})
    assert claims.decide("inductor_kernels", "sweep_band.tinyhead", run).outcome == outcome


def test_sweep_band_agrees_with_the_verdict_the_summary_gives_the_same_row():
    # guards: the page once read "the same within the noise at 1 (65,536)" and then "not noise";
    # the sentence names the summary's own verdict words (labs/common/prose.py), the batch as the
    # summary groups it, and which way the small difference goes
    from labs.common.prose import WORDS
    row = {"batch": 65536, "eager_dev_us": 100.0, "eager_dev_q1_us": 99.9, "eager_dev_q3_us": 100.1,
           "compiled_dev_us": 99.4, "compiled_dev_q1_us": 99.3, "compiled_dev_q3_us": 99.5}
    said = claims.decide("inductor_kernels", "sweep_band.tinyhead",
                         manifest("inductor_kernels", "cuda", tables={"tinyhead_latency": [row]}))
    assert said.outcome == "band_only"
    assert f"“{WORDS['en']['same']}”" in said.en and f"«{WORDS['es']['same']}»" in said.es
    assert "0.600% faster at batch 65,536" in said.en and "un 0,600\xa0% más rápida con lote 65\u202f536" in said.es
    assert "not noise" not in said.en and "no ruido" not in said.es


@pytest.mark.parametrize(("inference", "training", "outcome"), [(5, 0, "marking"), (0, 5, "no_marking")])
def test_guard_count_reads_the_inference_column(inference, training, outcome):
    # guards: the marking guards are counted in the same (inference) compile as inference.guards
    rows = [{"kind": "TYPE_MATCH", "inference": 40, "training": 40},
            {"kind": "DIMENSION_DYNAMIC_MARKING_GUARD", "inference": inference, "training": training}]
    run = manifest("inside_compile", "cpu", {"inference.guards": 40 + inference}, {"guards_by_kind": rows})
    said = claims.decide("inside_compile", "guard_count", run)
    assert said.outcome == outcome
    if outcome == "marking":
        assert said.en.startswith("5 of the 45 guards") and "Without them 40 guards are left" in said.en
        assert said.es.startswith("5 de las 45 guardas") and "Sin ellas quedan 40 guardas" in said.es


def test_a_torch_without_marking_guards_is_named_with_its_whole_count():
    run = manifest("inside_compile", "cpu", {"inference.guards": 40},
                   {"guards_by_kind": [{"kind": "TYPE_MATCH", "inference": 40, "training": 40}]})
    said = claims.decide("inside_compile", "guard_count", run)
    assert said.outcome == "no_marking"
    assert said.en.startswith("This run's torch (2.13.0) writes no `DIMENSION_DYNAMIC_MARKING_GUARD`")
    assert said.en.endswith(": its 40 guards check types, identities, tensor properties and global state.")
    assert "sus 40 guardas comprueban tipos" in said.es


def test_batching_also_says_what_happened_to_goodput():
    # throughput can grow while no request meets its latency target: the sentence says both
    rows = [{"batch": 1, "tpot_p50_ms": 40.0, "throughput_tok_s": 25.0, "goodput_tok_s": 25.0},
            {"batch": 16, "tpot_p50_ms": 120.0, "throughput_tok_s": 125.0, "goodput_tok_s": 0.0}]
    said = claims.decide("capstone", "batching", manifest("capstone", "cpu", tables={"llm_concurrency": rows}))
    assert said.outcome == "partly"                    # 5× for 16× the requests: between 1.5× and 8×
    assert "throughput grew 5.00×" in said.en and "went from 25.0\xa0tok/s to 0\xa0tok/s" in said.en
    assert "pasó de 25,0\xa0tok/s a 0\xa0tok/s" in said.es


@pytest.mark.parametrize(("autotuned", "starts"), [
    ("", "Against Inductor's default mode, the only one this run measured"),   # a CPU run: default only
    (1.3, "Against the faster of Inductor's two modes"),
])
def test_the_best_inductor_target_names_only_the_modes_the_run_measured(autotuned, starts):
    rows = [{"rows": 64, "dtype": "float32", "vs_default": 1.2, "vs_max_autotune": autotuned, "vs_library": 1.0}]
    run = manifest("capstone", "cpu", {"bench.target": 1.1}, {"kernel_bench": rows})
    assert claims.decide("capstone", "target.best_inductor", run).en.startswith(starts)


def test_the_best_inductor_target_with_neither_mode_measured_does_not_claim_one_was():
    rows = [{"rows": 64, "dtype": "float32", "vs_default": "", "vs_max_autotune": "", "vs_library": 1.0}]
    said = claims.decide("capstone", "target.best_inductor", manifest("capstone", "cpu", {"bench.target": 1.1},
                                                                      {"kernel_bench": rows}))
    assert (said.outcome, said.en, said.es) == (
        "not_measured", "Against the faster of Inductor's two modes, case by case: not measured on this run.",
        "Frente al más rápido de los dos modos de Inductor, caso a caso: no medido en esta ejecución.")
