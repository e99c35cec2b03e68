"""Compile and Compare's judgments held from outside: each expected figure and sentence is written
out here by hand, not recomputed with the lab's own helpers.

Added for the survivors of mutmut's first run over claims.py, findings.py, summaries.py and
payoff.py (tests/mutation/REVIEW.md): a speedup multiplied instead of divided, the clocks' agreement
read from the wrong clock, the host-overhead gap never read, Spanish sentences that fell back to
English words or a decimal point, each had left the fast tier green.
"""

from __future__ import annotations

import pytest

from course import claims as course_claims
from labs.common import measure
from labs.compile_compare import payoff, shapes, summaries
from labs.compile_compare.claims import host_overhead_said
from labs.compile_compare.findings import AB


def _stats(median: float, clock: str) -> measure.Stats:
    return measure.Stats(median_s=median, q1_s=median * 0.99, q3_s=median * 1.01,
                         min_s=median * 0.98, max_s=median * 1.02, reps=20, clock=clock)


def _ab(latency_ms: tuple[float, float], device_ms: tuple[float, float] | None) -> AB:
    device = None if device_ms is None else tuple(_stats(ms / 1e3, "device") for ms in device_ms)
    timing = measure.Comparison(latency=tuple(_stats(ms / 1e3, "latency") for ms in latency_ms), device=device)
    return AB("eager", "compiled", timing, baseline_first_s=0.5, candidate_first_s=20.0)


# -- findings.AB ------------------------------------------------------------------------------

def test_a_speedup_is_the_baseline_over_the_candidate_on_the_clock_asked():
    ab = _ab((10.0, 8.0), (6.0, 3.0))        # 1.25x on latency, 2x on device time
    assert ab.speedup("latency") == pytest.approx(1.25)
    assert ab.speedup("device") == pytest.approx(2.0)
    slower = _ab((8.0, 10.0), None)
    assert slower.speedup("latency") == pytest.approx(0.8)


@pytest.mark.parametrize("latency_ms, device_ms, agree", [
    ((10.0, 8.0), (6.0, 3.0), "yes"),        # faster on both
    ((8.0, 10.0), (3.0, 6.0), "yes"),        # slower on both
    ((10.0, 8.0), (6.0, 6.0), "no"),         # faster, the same
    ((10.0, 8.0), (3.0, 6.0), "no"),         # faster, slower
    ((10.0, 10.0), (6.0, 3.0), "no"),        # the same, faster
])
def test_the_clocks_agree_only_when_both_verdicts_are_the_same(latency_ms, device_ms, agree):
    assert _ab(latency_ms, device_ms).clocks_agree() == agree


def test_asking_a_cpu_for_its_device_clock_names_the_clock():
    with pytest.raises(ValueError) as error:
        _ab((10.0, 8.0), None).pair("device")
    assert str(error.value) == "no device clock on this device"


# -- payoff ------------------------------------------------------------------------------------

def test_a_faster_verdict_with_no_time_saved_never_breaks_even():
    # A verdict and medians that disagree (the verdict reads quartiles): no step count, and no
    # division by a saving of zero.
    assert payoff.break_even_steps(5.0, 0.010, 0.010, "faster") == payoff.NEVER
    assert payoff.break_even_steps(5.0, 0.010, 0.011, "faster") == payoff.NEVER
    assert payoff.break_even_steps(5.0, 0.010, 0.009, "faster") == 5000


# -- claims: host overhead ---------------------------------------------------------------------

NOT_SEPARABLE = (
    "Host overhead is not separable on this run: its device time comes from steps queued back to back "
    "between two events, so it includes the gaps the host leaves between launches. Latency close to device "
    "time then says both clocks time the same loop, host included; it does not show a device-bound step.",
    "La sobrecarga del host no se puede separar en esta ejecución: su tiempo de dispositivo viene de pasos "
    "encolados uno tras otro entre dos eventos, así que incluye los huecos que el host deja entre "
    "lanzamientos. Que la latencia se acerque al tiempo de dispositivo dice entonces que los dos relojes "
    "miden el mismo bucle, host incluido; no muestra un paso limitado por el dispositivo.")
DEVICE_BOUND = (
    "No host overhead is measurable: latency and device time (a replayed CUDA graph, the kernels alone) "
    "agree within their spread, so the step is device-bound.",
    "No hay sobrecarga del host medible: la latencia y el tiempo de dispositivo (un CUDA graph reproducido, "
    "solo los kernels) coinciden dentro de su dispersión, así que el paso está limitado por el dispositivo.")


@pytest.mark.parametrize("method, outcome, decided, words", [
    ("queued", "not_separable", False, NOT_SEPARABLE),
    ("graph", "device_bound", True, DEVICE_BOUND),
])
def test_the_host_overhead_sentences_a_page_prints_are_whole(method, outcome, decided, words):
    said = host_overhead_said(method, (None, None), ("eager", "compiled"))
    assert (said.outcome, said.decided, said.en, said.es) == (outcome, decided, *words)


def _gpu_run(gaps: tuple) -> dict:
    return {"lab": "compile_compare", "device": "cuda", "provenance": {"torch": "2.13.0"}, "tables": {},
            "metrics": {key: {"value": value, "unit": ""} for key, value in {
                "autotune.device_method": "graph", "autotune.default_overhead_ms": gaps[0],
                "autotune.tuned_overhead_ms": gaps[1]}.items()}}


def test_the_host_overhead_claim_reads_each_sides_gap_from_the_run():
    said = course_claims.decide("compile_compare", "host_overhead.autotune", _gpu_run((0.5, "—")))
    assert said.outcome == "measured"
    assert said.en == ("Host overhead (latency minus the replayed device time): 0.500\u00a0ms per default step, "
                       "none measurable per tuned step.")
    assert said.es == ("Sobrecarga del host (latencia menos el tiempo de dispositivo reproducido): 0,500\u00a0ms "
                       "por paso por defecto, ninguna medible por paso ajustado.")
    said = course_claims.decide("compile_compare", "host_overhead.autotune", _gpu_run(("—", "1.25")))
    assert said.en.endswith("none measurable per default step, 1.25\u00a0ms per tuned step.")


# -- summaries in Spanish ----------------------------------------------------------------------

def test_a_verdict_on_both_clocks_reads_in_spanish_with_decimal_commas():
    rows = [("latency", "slower", 0.8), ("device", "slower", 0.9)]
    assert summaries.clocks(rows, "es") == ("más lento en los dos relojes (latencia 0,800× y tiempo de "
                                            "dispositivo 0,900×)")


def test_policies_that_tie_are_joined_in_spanish_and_their_times_use_decimal_commas():
    rows = [("static", 3, 3, 40.25), ("automatic", 1, 2, 9.125), ("dynamic", 1, 1, 9.125),
            ("mark_dynamic", 3, 1, 40.25)]
    assert summaries.policies(rows, "es") == (
        "menos recompilaciones: automatic y dynamic (1), más: static y mark_dynamic (3); compilación más "
        "corta: automatic y dynamic (9,12\u00a0s), más larga: static y mark_dynamic (40,2\u00a0s); no como se "
        "predijo: automatic (1 frente a 2 previstas) y mark_dynamic (3 frente a 1 previstas)")


def test_compile_times_within_the_noise_read_in_spanish_with_decimal_commas():
    rows = [("static", 3, 3, 10.5), ("dynamic", 3, 3, 12.75)]
    assert summaries.policies(rows, "es") == (
        "todas las políticas recompilaron 3 veces; compilaciones de 10,5\u00a0s a 12,8\u00a0s, dentro del 2× "
        "que puede variar una compilación en frío del mismo código: ninguna política compiló mediblemente más "
        "rápido; todas recompilaron como se predijo")


def test_an_unknown_verdict_is_named_in_the_refusal():
    with pytest.raises(ValueError) as error:
        summaries.comparisons([("a", "quicker"), ("b", "slower")], "en")
    assert str(error.value) == "unknown verdicts ['quicker']"


# -- shapes: what each policy should do, worked out by hand -------------------------------------

@pytest.mark.parametrize("policy, first, constant", [
    ("static", (8, 16), {0, 1}),           # every size a constant, whatever the shape
    ("automatic", (8, 16), {0, 1}),        # static until a size changes
    ("dynamic", (8, 16), set()),           # symbolic from the start
    ("mark_dynamic", (8, 16), set()),
    ("dynamic", (32, 32), {0, 1}),         # a full block specializes the length; duck sizing the equal batch
    ("dynamic", (8, 32), {1}),
    ("mark_dynamic", (32, 32), {1}),       # a marked batch stays symbolic
])
def test_the_dimensions_each_policy_compiles_as_constants_first(policy, first, constant):
    assert shapes.constant_dims_at_start(policy, first, 32) == constant


@pytest.mark.parametrize("policy, recompiles", [
    ("static", 3),          # (32, 64), (64, 48), (48, 40): each a new shape; (64, 64) again is cached
    ("automatic", 2),       # the batch changes, then the length: each made symbolic once
    ("dynamic", 2),         # (64, 64) is a full block with batch == length: both start constant
    ("mark_dynamic", 1),    # the batch is marked; only the full-block length recompiles
])
def test_the_full_presets_shapes_predict_each_policys_recompilations(policy, recompiles):
    sequence = ((64, 64), (32, 64), (64, 48), (48, 40), (64, 64))
    assert shapes.expected_recompiles(policy, sequence, 64) == recompiles
