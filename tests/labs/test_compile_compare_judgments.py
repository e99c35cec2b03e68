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
from labs.compile_compare import payoff, recompile_log, shapes, summaries
from labs.compile_compare.claims import host_overhead_said
from labs.compile_compare.findings import AB
from tests.helpers_timing import tight


def _ab(latency_ms: tuple[float, float], device_ms: tuple[float, float] | None) -> AB:
    device = None if device_ms is None else tuple(tight(ms / 1e3, "device") for ms in device_ms)
    timing = measure.Comparison(latency=tuple(tight(ms / 1e3, "latency") for ms in latency_ms), device=device)
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
    rows = [("latency", "slower", 0.8, False), ("device", "slower", 0.9, False)]
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
        summaries.comparisons([("a", "quicker", False), ("b", "slower", False)], "en")
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


# -- report.first_step: every figure the part records, worked out by hand ----------------------

def test_the_first_step_part_records_each_figure_from_its_findings(tmp_path):
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    from labs.compile_compare import report
    from tests.helpers_compile_compare import first_step_findings
    lab = Lab(LabOptions("compile_compare", "cuda", "smoke", tmp_path / "out", tmp_path / "work"))
    # eager 0.5 s then 0.1 s; compiled 6.0 s then 0.1 s; the cold compile's phases 1 + 1 + 1 + 2 = 5 s
    # (Dynamo, AOTAutograd, Inductor, kernels); the warm process: 1.5 s, Dynamo 1 s, two FX-cache hits
    report.first_step(lab, first_step_findings(None, warm_isa_s=None))
    metrics = {key: (entry["value"], entry.get("unit", "")) for key, entry in lab.result["metrics"].items()}
    sixth = 100 / 6
    expected = {
        "first_step.eager_s": (0.5, "s"), "first_step.eager_ms": (500.0, "ms"), "first_step.compiled_s": (6.0, "s"),
        "first_step.ratio": (12.0, "×"), "first_step.compile_s": (5.0, "s"), "first_step.explained_share": (5 * sixth, "%"),
        "first_step.dynamo_s": (1.0, "s"), "first_step.dynamo_share": (sixth, "%"),
        "first_step.aot_autograd_s": (1.0, "s"), "first_step.aot_autograd_share": (sixth, "%"),
        "first_step.inductor_s": (1.0, "s"), "first_step.inductor_share": (sixth, "%"),
        "first_step.kernel_compile_s": (2.0, "s"), "first_step.kernel_compile_share": (2 * sixth, "%"),
        "first_step.rest_s": (1.0, "s"), "first_step.rest_share": (sixth, "%"),
        "first_step.largest_phase": ("kernel_compile", ""), "first_step.graphs": (2, ""),
        "first_step.toolchain_s": (2.5, "s"), "first_step.built_precompiled_header": ("no", ""),
        "first_step.loss_diff": (0.0, ""),
        "warm.first_step_s": (1.5, "s"), "warm.process_s": (7.5, "s"), "warm.startup_s": (3.0, "s"),
        "warm.toolchain_s": (2.0, "s"), "warm.saved_s": (4.5, "s"), "warm.saved_share": (75.0, "%"),
        "warm.speedup": (4.0, "×"), "warm.cache_hits": (2, ""), "warm.cache_misses": (0, ""),
        "warm.largest_phase": ("dynamo", ""),
        "warm.dynamo_s": (1.0, "s"), "warm.dynamo_share": (200 / 3, "%"),
        "warm.aot_autograd_s": (0.0, "s"), "warm.aot_autograd_share": (0.0, "%"),
        "warm.inductor_s": (0.0, "s"), "warm.inductor_share": (0.0, "%"),
        "warm.kernel_compile_s": (0.0, "s"), "warm.kernel_compile_share": (0.0, "%"),
        "warm.rest_s": (0.5, "s"), "warm.rest_share": (100 / 3, "%"),
    }
    assert sorted(metrics) == sorted(expected)
    for key, (value, unit) in expected.items():
        assert metrics[key] == (pytest.approx(value) if isinstance(value, float) else value, unit), key
    tables = lab.result["tables"]
    assert tables["first_steps"]["rows"] == [[1, 500.0, 6000.0], [2, 100.0, 100.0]]
    # what the page's table and figure markers name
    assert (tables["first_steps"]["columns"], tables["first_steps"]["units"]) == (
        ["step", "eager_ms", "compiled_ms"], {"eager_ms": "ms", "compiled_ms": "ms"})
    assert tables["first_step_split"]["units"] == {"cold_s": "s", "cold_share": "%", "warm_s": "s", "warm_share": "%"}
    figure = lab.result["figures"]["first_steps"]
    assert (figure["table"], figure["x"], figure["y"], figure["log_y"]) == (
        "first_steps", "step", ["eager_ms", "compiled_ms"], True)
    split = tables["first_step_split"]
    assert split["columns"] == ["phase", "cold_s", "cold_share", "warm_s", "warm_share"]
    assert [row[0] for row in split["rows"]] == ["dynamo", "aot_autograd", "inductor", "kernel_compile", "rest"]
    assert split["rows"][3][1:] == [2.0, pytest.approx(2 * sixth), 0.0, 0.0]
    checks = lab.result["checks"]
    assert {name: (c["value"], c["op"], c["threshold"], c["passed"]) for name, c in checks.items()} == {
        "compiled_loss_matches_eager": (0.0, "<", report.LOSS_MATCH, True),
        "phases_explain_first_step": (pytest.approx(5 * sixth), ">=", 50, True),
        "phases_within_first_step": (pytest.approx(5 * sixth), "<=", 100, True),
        "warm_cache_hit": (2, ">=", 1, True),
        "warm_start_faster": (1.5, "<", 6.0, True)}
    assert {name: c.get("unit") for name, c in checks.items() if c.get("unit")} == {
        "phases_explain_first_step": "%", "phases_within_first_step": "%", "warm_start_faster": "s"}
    for check in checks.values():                     # a label in each language, and not the same
        assert check["label"]["en"] and check["label"]["es"] and check["label"]["en"] != check["label"]["es"]



def test_the_first_step_part_records_the_vector_search_the_header_and_the_warm_phases(tmp_path):
    """The same findings with what the first test leaves at zero: a vector-instruction search in both
    processes, a precompiled header built, cache misses, and the warm split's non-zero cells."""
    from dataclasses import replace

    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    from labs.compile_compare import report
    from tests.helpers_compile_compare import first_step_findings
    lab = Lab(LabOptions("compile_compare", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    findings = first_step_findings(measure.IsaSearch(1.25, 3, "avx2"), warm_isa_s=0.5)
    warm_phases = replace(findings.warm.phases, aot_cache_misses=1, fx_cache_misses=2)
    findings = replace(findings, built_precompiled_header=True, warm=replace(findings.warm, phases=warm_phases))
    report.first_step(lab, findings)
    metrics = {key: (entry["value"], entry.get("unit", "")) for key, entry in lab.result["metrics"].items()}
    assert {key: metrics[key] for key in ("first_step.vector_isa_s", "first_step.vector_isa_built",
                                          "first_step.vector_isa", "warm.vector_isa_s",
                                          "first_step.built_precompiled_header", "warm.cache_misses")} == {
        "first_step.vector_isa_s": (1.25, "s"), "first_step.vector_isa_built": (3, ""),
        "first_step.vector_isa": ("avx2", ""), "warm.vector_isa_s": (0.5, "s"),
        "first_step.built_precompiled_header": ("yes", ""), "warm.cache_misses": (3, "")}
    # the warm process's 1.5 s: Dynamo 1 s (two thirds), the rest 0.5 s (a third)
    split = {row[0]: row[1:] for row in lab.result["tables"]["first_step_split"]["rows"]}
    assert split["dynamo"] == [1.0, pytest.approx(100 / 6), 1.0, pytest.approx(200 / 3)]
    assert split["rest"] == [1.0, pytest.approx(100 / 6), 0.5, pytest.approx(100 / 3)]

# -- recompile_log.parse: a log of several recompilations, read back whole ---------------------

STDERR = """\
V1121 13:06:18.123000 1 torch/_dynamo/guards.py:3002] [0/1] [__recompiles] Recompiling function forward in /x/minigpt.py:117
V1121 13:06:18.123000 1 torch/_dynamo/guards.py:3002] [0/1] [__recompiles]     triggered by the following guard failure(s):
V1121 13:06:18.123000 1 torch/_dynamo/guards.py:3002] [0/1] [__recompiles]     - 0/0: tensor 'idx' size mismatch at index 0. expected 8, actual 16
V1121 13:06:19.456000 1 torch/_dynamo/guards.py:3002] [0/2] [__recompiles] Recompiling function forward in /x/minigpt.py:117
V1121 13:06:19.456000 1 torch/_dynamo/guards.py:3002] [0/2] [__recompiles]     triggered by the following guard failure(s):
V1121 13:06:19.456000 1 torch/_dynamo/guards.py:3002] [0/2] [__recompiles]     - 0/1: tensor 'idx' size mismatch at index 1. expected 32, actual 24.
V1121 13:06:19.456000 1 torch/_dynamo/guards.py:3002] [0/2] [__recompiles]     - 0/0: ___check_global_state()  # x = y  # a.py:1
V1121 13:06:20.789000 1 torch/_dynamo/guards.py:3002] [1/1] [__recompiles] Recompiling function loss in /x/train.py:9
V1121 13:06:20.789000 1 torch/_dynamo/guards.py:3002] [1/1] [__recompiles]     triggered by the following guard failure(s):
V1121 13:06:20.789000 1 torch/_dynamo/guards.py:3002] [1/1] [__recompiles]     - 1/0: ___check_type_id(x, 1)
"""


def test_a_log_of_three_recompilations_gives_each_its_own_failures():
    first, second, third = recompile_log.parse(STDERR)
    assert (first.function, first.location) == ("forward", "/x/minigpt.py:117")
    assert first.failures == (recompile_log.GuardFailure(
        "0/0", "tensor 'idx' size mismatch at index 0. expected 8, actual 16", tensor="idx", dim=0, expected="8",
        actual="16"),)
    assert second.failures == (
        recompile_log.GuardFailure("0/1", "tensor 'idx' size mismatch at index 1. expected 32, actual 24.",
                                   tensor="idx", dim=1, expected="32", actual="24"),
        recompile_log.GuardFailure("0/0", "___check_global_state()"))
    assert second.reason.describe({1: "length"}) == "idx dim 1 (length): 32 → 24"
    assert second.failures[1].describe() == "___check_global_state()"
    assert (third.function, third.location, third.failures) == (
        "loss", "/x/train.py:9", (recompile_log.GuardFailure("1/0", "___check_type_id(x, 1)"),))


# -- item_wait: where an .item()'s wait for the device shows, by the GPU clock's method ------------

def _breaks_run(method: str) -> dict:
    metrics = {"breaks.device_method": method, "breaks.speedup": 1.25, "breaks.dev_speedup": 1.05}
    return {"lab": "compile_compare", "device": "cuda", "provenance": {"torch": "2.11.0"}, "tables": {},
            "metrics": {key: {"value": value, "unit": ""} for key, value in metrics.items()}}


def test_a_replayed_device_clock_leaves_the_items_wait_to_latency():
    said = course_claims.decide("compile_compare", "item_wait", _breaks_run("graph"))
    assert (said.outcome, said.decided) == ("graph", True)
    assert said.en == ("On a GPU each `.item()` also makes the host wait for the device; a replayed device time "
                       "leaves that wait out, so it shows on latency (1.25×) and not on device time (1.05×).")
    assert said.es == ("En una GPU cada `.item()` hace además que el host espere al dispositivo; un tiempo de "
                       "dispositivo reproducido deja fuera esa espera, así que se nota en la latencia (1,25×) y no "
                       "en el tiempo de dispositivo (1,05×).")


def test_a_queued_device_clock_holds_the_wait_too_and_decides_nothing():
    said = course_claims.decide("compile_compare", "item_wait", _breaks_run("queued"))
    assert (said.outcome, said.decided) == ("queued", False)
    assert said.en.startswith("On a GPU each `.item()` also makes the host wait for the device. With this run's "
                              "queued device clock")
    assert said.en.endswith("shows on both clocks (device time 1.05×, latency 1.25×): the run cannot tell the wait "
                            "from kernel time.")
    assert said.es.endswith("se nota en los dos relojes (tiempo de dispositivo 1,05×, latencia 1,25×): la ejecución "
                            "no distingue la espera del tiempo de los kernels.")
    assert said.es.startswith("En una GPU cada `.item()` hace además que el host espere al dispositivo. Con el reloj")
    with pytest.raises(course_claims.ClaimError, match="re-run the lab"):
        course_claims.decide("compile_compare", "item_wait", _breaks_run("estimated"))
