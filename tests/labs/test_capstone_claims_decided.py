"""The capstone's claims decided on runs written here, their sentences whole in both languages:
batching at each outcome's edge (1 → 16 requests, so "in proportion" inside the 5% band around 16×,
from 16 × 0.95 = 15.2× to 16 × 1.05 = 16.8×, "more than" beyond it, "half or more" from 8×; "little"
below 1.5×) and what a sweep without TPOT or goodput leaves out; warm-up
work inside the timed generations; the seed's TTFT estimate; memfuse's speed target per baseline.

mutmut never mutated these claims until tests/mutation/undecorate.py (it skips decorated
functions): their first run counted 135 survivors in `batching` alone."""

from __future__ import annotations

import pytest

from course import claims
from labs.common.claims import ClaimError

NB = "\u00a0"


def _run(rows: list[dict] | None) -> dict:
    tables = {} if rows is None else {"llm_concurrency": {"columns": list(rows[0]) if rows else [],
                                                          "rows": [list(r.values()) for r in rows]}}
    return {"lab": "capstone", "device": "cuda", "metrics": {}, "tables": tables, "provenance": {"torch": "2.11.0"}}


def _sweep(gain: float, tpot=(20.0, 40.0), goodput: bool = True) -> list[dict]:
    """Requests 16, 1 and 4 in flight (out of order on purpose): 100 tok/s alone, `gain` times that at 16."""
    def row(batch, throughput, tpot_ms, good):
        r = {"batch": batch, "tpot_p50_ms": tpot_ms, "throughput_tok_s": throughput}
        return {**r, "goodput_tok_s": good} if goodput else r
    return [row(16, 100.0 * gain, tpot[1], 50.0), row(1, 100.0, tpot[0], 100.0), row(4, 300.0, 25.0, 300.0)]


@pytest.mark.parametrize("gain, outcome", [
    (17.0, "more_than_proportion"), (16.81, "more_than_proportion"), (16.8, "in_proportion"),
    (16.2, "in_proportion"), (16.0, "in_proportion"), (15.2, "in_proportion"), (15.19, "half_or_more"),
    (8.0, "half_or_more"), (7.99, "partly"), (1.5, "partly"), (1.49, "little"), (0.5, "little")])
def test_each_outcome_starts_at_its_edge(gain, outcome):
    assert claims.decide("capstone", "batching", _run(_sweep(gain))).outcome == outcome


def test_the_sentence_names_the_sweeps_ends_its_gain_tpot_and_goodput_in_both_languages():
    said = claims.decide("capstone", "batching", _run(_sweep(10.0)))
    assert said.en == (f"On this run from 1 to 16 requests in flight throughput grew 10.0× while each request's TPOT "
                       f"went from 20.0{NB}ms to 40.0{NB}ms: at least half as much as the number of requests, which "
                       "grew 16.0×, but less than in proportion. "
                       "What bounded the one-request step, waiting on each step or reading weights that a batch "
                       "shares, the sweep does not separate: both let a batch ride along. Goodput, the tokens of "
                       f"requests that met the latency target, went from 100{NB}tok/s to 50.0{NB}tok/s.")
    assert said.es == (f"En esta ejecución, de 1 a 16 peticiones en curso el rendimiento creció 10,0× mientras el TPOT "
                       f"de cada petición pasó de 20,0{NB}ms a 40,0{NB}ms: al menos la mitad de lo que creció el "
                       "número de peticiones (16,0×), pero menos que en proporción. Qué limitaba el paso de una sola "
                       "petición, la espera de cada paso o "
                       "la lectura de unos pesos que el lote comparte, el barrido no lo separa: las dos cosas dejan "
                       "que un lote viaje gratis. El rendimiento útil (goodput), los tokens de las peticiones que "
                       f"cumplieron el objetivo de latencia, pasó de 100{NB}tok/s a 50,0{NB}tok/s.")


@pytest.mark.parametrize("gain, en, es", [
    (20.0, ": throughput grew more than the number of requests, so a request's step was quicker beside the others "
           "than alone.", ": el rendimiento creció más que el número de peticiones, así que el paso de una petición "
                          "fue más rápido junto a las demás que sola."),
    (16.2, ": in proportion to the number of requests, which grew 16.0× (within the course's 5% band).",
     f": en proporción al número de peticiones, que creció 16,0× (dentro de la banda del 5{NB}% del curso)."),
    (4.0, ": batching paid, but less than half as much as the number of requests, which grew 16.0×.",
     ": agrupar compensó, pero menos de la mitad de lo que creció el número de peticiones (16,0×)."),
    (1.2, ": batching bought little; each step's time grew almost with the number of requests",
     ": agrupar aportó poco; el tiempo de cada paso creció casi tanto como el número de peticiones"),
])
def test_each_outcome_says_what_it_means(gain, en, es):
    said = claims.decide("capstone", "batching", _run(_sweep(gain)))
    assert en in said.en and es in said.es


def test_a_sweep_without_tpot_or_goodput_leaves_those_clauses_out():
    said = claims.decide("capstone", "batching", _run(_sweep(10.0, tpot=(0.0, 40.0), goodput=False)))
    assert said.en.startswith("On this run from 1 to 16 requests in flight throughput grew 10.0×: at least half")
    assert "TPOT" not in said.en and "Goodput" not in said.en
    assert said.es.startswith("En esta ejecución, de 1 a 16 peticiones en curso el rendimiento creció 10,0×: al menos")
    assert "goodput" not in said.es


def test_a_run_without_the_sweep_or_with_one_batch_says_so():
    said = claims.decide("capstone", "batching", _run(None))
    assert (said.outcome, said.decided) == ("not_measured", False)
    assert (said.en, said.es) == ("This run did not measure several requests in flight.",
                                  "Esta ejecución no midió varias peticiones en curso.")
    with pytest.raises(ClaimError, match="fewer than two batch sizes"):
        claims.decide("capstone", "batching", _run(_sweep(10.0)[:1]))


# -- timed_compiles and seed_ttft, the capstone's other sentences a run decides ------------------

def _timed(rows: list[dict]) -> dict:
    return {"lab": "capstone", "device": "cuda", "metrics": {}, "provenance": {"torch": "2.11.0"},
            "tables": {"llm_gpt2": {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}}}


def _cell(backend: str, workload: str, compiles, graphs, measured: str = "yes") -> dict:
    return {"backend": backend, "workload": workload, "measured": measured, "timed_compiles": compiles,
            "timed_graphs": graphs}


def test_warm_up_work_inside_the_timed_generations_is_named_cell_by_cell():
    rows = [_cell("eager", "chat", 0, 0), _cell("compiled", "chat", 1, 0), _cell("graphs", "long", 2, 1),
            _cell("static_kv", "chat", 5, 5, measured="no")]          # a cell not measured is not counted
    said = claims.decide("capstone", "timed_compiles.gpt2", _timed(rows))
    assert said.outcome == "inside"
    assert said.en == ("Work that belongs to the warm-up fell inside the timed generations — compiled chat: 1 compile, "
                       "0 CUDA graphs recorded; graphs long: 2 compiles, 1 CUDA graph recorded — so those "
                       "generations' tail percentiles include it: the serving warm-up was not complete.")
    assert said.es == ("Trabajo propio del calentamiento cayó dentro de las generaciones cronometradas — compiled chat: "
                       "1 compilación, 0 CUDA graphs grabados; graphs long: 2 compilaciones, 1 CUDA graph grabado — "
                       "así que los percentiles de cola de esas generaciones lo incluyen: el calentamiento de "
                       "servicio no estaba completo.")


def test_no_warm_up_work_in_the_timings_and_a_run_that_did_not_count_are_told_apart():
    none = claims.decide("capstone", "timed_compiles.gpt2", _timed([_cell("eager", "chat", 0, 0),
                                                                    _cell("compiled", "chat", 0, 0)]))
    assert (none.outcome, none.decided) == ("none", True)
    assert none.en.startswith("No compile and no CUDA graph recording fell inside the timed generations")
    uncounted = claims.decide("capstone", "timed_compiles.gpt2", _timed([_cell("eager", "chat", 0, 0),
                                                                         _cell("compiled", "chat", None, None)]))
    assert (uncounted.outcome, uncounted.decided) == ("not_counted", False)
    assert uncounted.es.startswith("Esta ejecución no contó las compilaciones")


def _seed(low: float, high: float) -> dict:
    metrics = {"gpt2.seed_ttft_low": low, "gpt2.seed_ttft_high": high}
    return {"lab": "capstone", "device": "cuda", "tables": {}, "provenance": {"torch": "2.11.0"},
            "metrics": {key: {"value": value, "unit": "×"} for key, value in metrics.items()}}


def test_the_seeds_ttft_estimate_is_one_figure_only_when_both_ends_show_the_same_at_two_digits():
    one = claims.decide("capstone", "seed_ttft", _seed(0.231, 0.234))        # both 0.23 at two digits
    assert (one.outcome, one.en) == ("one", "The seed's TTFT estimate, e2e ÷ tokens, was 0.23× the TTFT measured at "
                                            "the token in every measured cell.")
    assert one.es == ("La estimación del TTFT del enunciado, e2e ÷ tokens, fue 0,23× el TTFT medido en el token en "
                      "todas las combinaciones medidas.")
    spread = claims.decide("capstone", "seed_ttft", _seed(0.231, 0.99))
    assert (spread.outcome, spread.en) == ("range", "The seed's TTFT estimate, e2e ÷ tokens, was between 0.23× and "
                                                    "0.99× the TTFT measured at the token.")
    assert spread.es == ("La estimación del TTFT del enunciado, e2e ÷ tokens, fue de entre 0,23× y 0,99× el TTFT "
                         "medido en el token.")
    assert claims.decide("capstone", "seed_ttft", _seed(0.234, 0.236)).outcome == "range"   # 0.23 against 0.24


# -- target: memfuse's speed target against each baseline, case by case -------------------------

def _bench(rows: list[dict], goal: float = 1.1) -> dict:
    return {"lab": "capstone", "device": "cuda", "provenance": {"torch": "2.11.0"},
            "metrics": {"bench.target": {"value": goal, "unit": "×"}},
            "tables": {"kernel_bench": {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}}}


def _case(rows: int, dtype: str, default, autotuned, library) -> dict:
    return {"rows": rows, "dtype": dtype, "vs_default": default, "vs_max_autotune": autotuned, "vs_library": library}


CASES = [_case(64, "float16", 1.5, 1.2, 1.12), _case(4096, "float16", 1.3, 1.25, "—"),
         _case(64, "float32", 1.15, 1.4, 0.9)]


def test_the_target_is_met_when_every_case_reaches_it_and_names_the_lowest_ratio():
    said = claims.decide("capstone", "target.default", _bench(CASES))
    assert said.outcome == "met"
    assert said.en == ("Against Inductor's default mode: target met in 3 of 3 cases (the lowest ratio, M=64 float32, "
                       "at 1.15×).")
    assert said.es == ("Frente al modo por defecto de Inductor: objetivo cumplido en 3 de 3 casos (el menor cociente, "
                       "M=64 float32, de 1,15×).")


def test_a_case_below_the_target_misses_it_and_the_worst_case_is_named_against_the_goal():
    said = claims.decide("capstone", "target.library", _bench(CASES))       # the "—" case is not counted
    assert said.outcome == "missed"
    assert said.en == ("Against the library epilogue (`torch._addmm_activation`): target missed; 1 of 2 cases reached "
                       "it, the worst, M=64 float32, at 0.900× against 1.10×.")
    assert said.es == ("Frente al epílogo de la biblioteca (`torch._addmm_activation`): objetivo no cumplido; 1 de 2 "
                       "casos lo alcanzó; el peor, M=64 float32, quedó en 0,900× frente a 1,10×.")   # 1 case: singular


def test_the_best_inductor_mode_is_the_faster_of_the_two_in_each_case():
    # per case the smaller ratio: 1.2, 1.25, 1.15: all reach 1.1, the lowest is M=64 float32's default
    said = claims.decide("capstone", "target.best_inductor", _bench(CASES))
    assert said.en == ("Against the faster of Inductor's two modes, case by case: target met in 3 of 3 cases (the "
                       "lowest ratio, M=64 float32, at 1.15×).")
    # a goal of exactly a case's ratio is reached
    assert claims.decide("capstone", "target.best_inductor", _bench(CASES, goal=1.15)).outcome == "met"
    assert claims.decide("capstone", "target.best_inductor", _bench(CASES, goal=1.1501)).outcome == "missed"
    assert claims.decide("capstone", "target.max_autotune", _bench(CASES, goal=1.21)).en.startswith(
        "Against max-autotune: target missed; 2 of 3 cases reached it, the worst, M=64 float16, at 1.20×")


def test_the_batch_ratio_is_the_largest_over_the_smallest_and_a_bare_sweep_ends_its_sentence():
    rows = [{"batch": 2, "tpot_p50_ms": 0.0, "throughput_tok_s": 100.0},
            {"batch": 16, "tpot_p50_ms": 0.0, "throughput_tok_s": 500.0}]
    said = claims.decide("capstone", "batching", _run(rows))
    # 8× the requests: 5× is at least half (4×), short of the band (7.6×); the product 2 × 16 would have
    # made it "partly"
    assert said.outcome == "half_or_more"
    assert said.en == ("On this run from 2 to 16 requests in flight throughput grew 5.00×: at least half as much as the "
                       "number of requests, which grew 8.00×, but less than in proportion. What bounded the "
                       "one-request step, waiting on each step or reading weights that a batch shares, the sweep does "
                       "not separate: both let a batch ride along.")
    assert said.es.endswith("las dos cosas dejan que un lote viaje gratis.")
    rows[0]["goodput_tok_s"] = 100.0                 # goodput on one end only: not said
    assert "oodput" not in claims.decide("capstone", "batching", _run(rows)).en


def test_a_table_without_workloads_names_its_cells_by_backend_alone():
    rows = [{"backend": "compiled", "measured": "yes", "timed_compiles": 1, "timed_graphs": 1}]
    run = {"lab": "capstone", "device": "cuda", "metrics": {}, "provenance": {"torch": "2.11.0"},
           "tables": {"llm_minigpt": {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}}}
    said = claims.decide("capstone", "timed_compiles.minigpt", run)
    assert "— compiled: 1 compile, 1 CUDA graph recorded —" in said.en
    assert "— compiled: 1 compilación, 1 CUDA graph grabado —" in said.es
