"""What changed between two releases, said whole: each of kernel_history's pair claims and the
pin's advice on snapshots made here, their sentences written out in both languages.

Added for the survivors of mutmut's first run over labs/kernel_history/release_changes.py
(tests/mutation/REVIEW.md): most claims were held by a phrase or by whether they spoke, so a
wrong count, a factor rounded another way or a dropped clause left the fast tier green. Writing
them out found the Spanish library-calls sentence saying "none" where Spanish says "ninguna".
"""

from __future__ import annotations

import pytest

from labs.kernel_history import release_changes as rc
from labs.kernel_history.history import Snapshot
from tests.helpers_timing import tight


def _timed(ms: float) -> dict:
    return tight(ms / 1e3).as_dict()


def _kernel(fusion: str, strategy: str = "vectorized", pattern: str | None = None, source: str = "x") -> dict:
    return {"name": f"k_{fusion}", "fusion": fusion, "strategy": strategy, "pattern": pattern, "source": source}


OLD = Snapshot("2.10.0", "softmax", kernels=[_kernel("exp_sum", pattern="two-pass", source="a"), _kernel("div")],
               library_calls=["mm"], guard_kinds={"TENSOR_MATCH": 2, "SHAPE_ENV": 1}, compile_s=10.0,
               eager=_timed(1.0), compiled=_timed(0.5))
NEW = Snapshot("2.11.0", "softmax", kernels=[_kernel("exp_sum", "scalar", "online", "b")], library_calls=[],
               guard_kinds={"TENSOR_MATCH": 3, "GLOBAL_STATE": 1}, compile_s=30.0, eager=_timed(3.0),
               compiled=_timed(2.0))
FAILED = Snapshot("2.12.1", "softmax", error="RuntimeError: boom")
CONTROL = ", but the eager call moved 3.0× the same way: the probe's machine, not the release"
CONTROL_ES = ", pero la llamada eager se movió 3,0× en el mismo sentido: la máquina de la sonda, no la versión"

PAIR = [
    (rc.claim_kernel_count, "fewer kernels: 2 → 1 (more ops fused per kernel)",
     "menos kernels: 2 → 1 (más operaciones fusionadas por kernel)"),
    (rc.claim_fusions, "gone: `div`", "desaparece: `div`"),
    (rc.claim_strategy, "different loop or reduction strategy: `exp_sum`: vectorized → scalar",
     "otra estrategia de bucle o de reducción: `exp_sum`: vectorizado → escalar"),
    (rc.claim_pattern, "the annotator reads it differently: `exp_sum`: two-pass → online",
     "el anotador lo lee de otra forma: `exp_sum`: two-pass → online"),
    (rc.claim_library_calls, "library calls: `mm` → none", "llamadas a bibliotecas: `mm` → ninguna"),
    (rc.claim_guard_kinds, "guard kind added: `GLOBAL_STATE`; guard kind gone: `SHAPE_ENV` (3 → 4 guards)",
     "tipo de guarda nuevo: `GLOBAL_STATE`; tipo de guarda que desaparece: `SHAPE_ENV` (3 → 4 guardas)"),
    # 10 s → 30 s cold, 0.5 → 2.0 ms compiled; the eager control went 1 → 3 ms the same way
    (rc.claim_compile_time, "cold compile 3.0× slower" + CONTROL, "compilación en frío 3,0× más lenta" + CONTROL_ES),
    (rc.claim_compiled_time, "compiled call 4.0× slower (latency)" + CONTROL,
     "llamada compilada 4,0× más lenta (latencia)" + CONTROL_ES),
    (rc.claim_identical, None, None),
    (rc.claim_compile_failed, None, None),
]


@pytest.mark.parametrize("claim, en, es", PAIR)
def test_each_pair_claim_says_what_changed_whole(claim, en, es):
    said = claim(OLD, NEW)
    assert said == (None if en is None else {"en": en, "es": es})


def test_the_library_calls_sentence_in_english():
    assert rc.claim_library_calls(OLD, NEW)["en"] == "library calls: `mm` → none"
    assert rc.claim_library_calls(NEW, OLD)["en"] == "library calls: none → `mm`"


def test_the_text_change_counts_the_diffs_changed_rows_in_the_plural_or_not():
    one = Snapshot("2.11.0", "softmax", kernels=[_kernel("exp_sum", source="a"), _kernel("div", source="y")])
    two = Snapshot("2.10.0", "softmax", kernels=[_kernel("exp_sum", source="a"), _kernel("div", source="x")])
    assert rc.claim_text_changed(two, one) == {"en": "kernel text differs in 1 line (see the diff)",
                                               "es": "el texto de los kernels difiere en 1 línea (véase la comparación)"}
    assert rc.claim_text_changed(two, two) is None
    assert rc.claim_identical(two, two) == {"en": "the kernels are identical after normalisation",
                                             "es": "los kernels son idénticos tras normalizarlos"}


def test_a_release_that_did_not_compile_is_named_with_its_error():
    assert rc.claim_compile_failed(OLD, FAILED) == {"en": "2.12.1 did not compile it: RuntimeError: boom",
                                                    "es": "2.12.1 no lo compiló: RuntimeError: boom"}
    assert rc.claim_compile_failed(FAILED, NEW) == {"en": "2.11.0 compiles it (2.12.1 did not: RuntimeError: boom)",
                                                    "es": "2.11.0 lo compila (2.12.1 no: RuntimeError: boom)"}
    assert rc.changes(FAILED, FAILED) == [rc.NEITHER]


def test_faster_releases_are_said_faster_without_a_control_when_eager_held_still():
    quick = Snapshot("2.11.0", "softmax", kernels=[_kernel("exp_sum")], compile_s=3.0, eager=_timed(1.0),
                     compiled=_timed(0.1))
    assert rc.claim_compile_time(OLD, quick) == {"en": "cold compile 3.3× faster",
                                                 "es": "compilación en frío 3,3× más rápida"}
    assert rc.claim_compiled_time(OLD, quick) == {"en": "compiled call 5.0× faster (latency)",
                                                  "es": "llamada compilada 5,0× más rápida (latencia)"}


MOVE = ("2.11.0 compiled every module 2.10.0 compiled, and no compiled call was slower beyond what separate "
        "probes of one release differ by (2.5×): the pin can move",
        "2.11.0 compiló todos los módulos que compiló 2.10.0, y ninguna llamada compilada fue más lenta más allá de "
        "lo que difieren sondas separadas de una misma versión (2,5×): la versión fijada puede avanzar")


def test_the_pin_moves_when_the_newer_release_lost_nothing_beyond_what_its_control_explains():
    assert rc.pin_advice([OLD, NEW], "2.10.0") == ("move", {"en": MOVE[0], "es": MOVE[1]})


def test_the_pin_stays_for_a_release_that_is_slower_on_its_own_or_does_not_compile():
    slower = Snapshot("2.11.0", "softmax", kernels=[_kernel("exp_sum")], eager=_timed(1.0), compiled=_timed(2.0))
    assert rc.pin_advice([OLD, slower], "2.10.0") == ("stay", {
        "en": "keep 2.10.0: under 2.11.0 `softmax` is slower", "es": "mantener 2.10.0: con 2.11.0 `softmax` es más lento"})
    assert rc.pin_advice([OLD, FAILED], "2.10.0") == ("stay", {
        "en": "keep 2.10.0: under 2.12.1 `softmax` does not compile",
        "es": "mantener 2.10.0: con 2.12.1 `softmax` no compila"})


def test_the_pin_stays_on_the_newest_release_and_gives_no_advice_without_the_installed_one():
    assert rc.pin_advice([OLD, NEW], "2.11.0") == ("stay", {
        "en": "the installed release (2.11.0) is the newest this run compiled with: the pin stays",
        "es": "la versión instalada (2.11.0) es la más reciente con la que compiló esta ejecución: la versión "
              "fijada se queda"})
    assert rc.pin_advice([OLD], "2.9.0") == ("undecided", {
        "en": "the installed release did not run: no advice on the pin",
        "es": "la versión instalada no se ejecutó: no hay consejo sobre la versión fijada"})


def test_more_kernels_are_said_without_the_fusion_clause():
    assert rc.claim_kernel_count(NEW, OLD) == {"en": "more kernels: 1 → 2", "es": "más kernels: 1 → 2"}


def test_several_lines_of_changed_text_are_counted_in_the_plural():
    assert rc.claim_text_changed(OLD, NEW) == {"en": "kernel text differs in 5 lines (see the diff)",
                                               "es": "el texto de los kernels difiere en 5 líneas (véase la comparación)"}


BEFORE = Snapshot("2.10.0", "m", kernels=[_kernel("a", "vectorized", "p1"), _kernel("b", "scalar", "q1"), _kernel("c")],
                  guard_kinds={"X": 1, "Y": 2})
AFTER = Snapshot("2.11.0", "m", kernels=[_kernel("a", "scalar", "p2"), _kernel("b", "vectorized", "q2"), _kernel("d"),
                                         _kernel("e")], guard_kinds={"X": 2, "Y": 3})


@pytest.mark.parametrize("claim, en, es", [
    (rc.claim_fusions, "new fusion group `d`, `e`; gone: `c`", "grupo de fusión nuevo `d`, `e`; desaparece: `c`"),
    (rc.claim_strategy, "different loop or reduction strategy: `a`: vectorized → scalar; `b`: scalar → vectorized",
     "otra estrategia de bucle o de reducción: `a`: vectorizado → escalar; `b`: escalar → vectorizado"),
    (rc.claim_pattern, "the annotator reads it differently: `a`: p1 → p2; `b`: q1 → q2",
     "el anotador lo lee de otra forma: `a`: p1 → p2; `b`: q1 → q2"),
    (rc.claim_guard_kinds, "the same guard kinds, in other numbers: `X` 1 → 2; `Y` 2 → 3 (3 → 5 guards)",
     "los mismos tipos de guarda, en otro número: `X` 1 → 2; `Y` 2 → 3 (3 → 5 guardas)"),
])
def test_several_changes_are_listed_each_with_its_separator(claim, en, es):
    assert claim(BEFORE, AFTER) == {"en": en, "es": es}


@pytest.mark.parametrize("claim", [rc.claim_kernel_count, rc.claim_fusions, rc.claim_strategy, rc.claim_pattern,
                                   rc.claim_library_calls, rc.claim_identical, rc.claim_text_changed,
                                   rc.claim_compile_time, rc.claim_compiled_time, rc.claim_guard_kinds])
def test_a_release_that_failed_leaves_every_comparison_but_the_failure_unsaid(claim):
    assert claim(OLD, FAILED) is None and claim(FAILED, NEW) is None


def test_the_changes_of_a_release_that_failed_are_its_failure_alone():
    assert rc.changes(OLD, FAILED) == [{"en": "2.12.1 did not compile it: RuntimeError: boom",
                                        "es": "2.12.1 no lo compiló: RuntimeError: boom"}]


def _on_device(ms_eager: float, ms_compiled: float, release: str, compile_s: float = 4.0) -> Snapshot:
    def timed(ms):
        return _timed(ms) | {"clock": "device"}
    return Snapshot(release, "m", kernels=[_kernel("a")], eager=timed(ms_eager), compiled=timed(ms_compiled),
                    clock="device", compile_s=compile_s)


def test_a_faster_device_time_whose_eager_control_moved_too_says_so():
    # compiled 1 → 0.2 ms (5x faster) while eager went 1 → 0.3 ms (3.3x faster, beyond 2.5x)
    said = rc.claim_compiled_time(_on_device(1.0, 1.0, "2.10.0"), _on_device(0.3, 0.2, "2.11.0", compile_s=8.0))
    assert said == {"en": "compiled call 5.0× faster (device time), but the eager call moved 3.3× the same way: "
                          "the probe's machine, not the release",
                    "es": "llamada compilada 5,0× más rápida (tiempo de dispositivo), pero la llamada eager se movió "
                          "3,3× en el mismo sentido: la máquina de la sonda, no la versión"}


@pytest.mark.parametrize("compile_s, said", [(8.0, False), (8.01, True), (2.0, False), (1.99, True)])
def test_cold_compiles_two_times_apart_are_inside_the_band(compile_s, said):
    # COMPILE_NOISE is 2: 4 s against 8 s or 2 s says nothing; a hair beyond either end does
    after = _on_device(1.0, 1.0, "2.11.0", compile_s=compile_s)
    assert (rc.claim_compile_time(_on_device(1.0, 1.0, "2.10.0"), after) is not None) is said


@pytest.mark.parametrize("compiled_ms, said", [(2.5, False), (2.6, True), (0.4, False), (0.39, True)])
def test_compiled_calls_within_what_separate_probes_differ_by_say_nothing(compiled_ms, said):
    after = _on_device(1.0, compiled_ms, "2.11.0")
    assert (rc.claim_compiled_time(_on_device(1.0, 1.0, "2.10.0"), after) is not None) is said


@pytest.mark.parametrize("eager_ms, control", [(2.5, False), (2.6, True)])
def test_an_eager_control_explains_a_move_only_beyond_its_own_band(eager_ms, control):
    said = rc.claim_compiled_time(_on_device(1.0, 1.0, "2.10.0"), _on_device(eager_ms, 4.0, "2.11.0"))
    assert ("the probe's machine" in said["en"]) is control


def test_the_pin_reads_releases_in_version_order_and_names_every_module_it_lost():
    def module(release: str, name: str, ok: bool = True, ms: float = 1.0) -> Snapshot:
        return Snapshot(release, name, error=None if ok else "boom", kernels=[_kernel("a")], eager=_timed(1.0),
                        compiled=_timed(ms))
    mine = [module("2.9.0", "a"), module("2.9.0", "b")]
    # 2.10.0 is newer than 2.9.0, though "2.10.0" < "2.9.0" as text; 2.11.0 is the newest
    later = [module("2.10.0", "a"), module("2.10.0", "b"), module("2.11.0", "a", ok=False), module("2.11.0", "b", ms=3.0)]
    assert rc.pin_advice(mine + later, "2.9.0") == ("stay", {
        "en": "keep 2.9.0: under 2.11.0 `a` does not compile, `b` is slower",
        "es": "mantener 2.9.0: con 2.11.0 `a` no compila, `b` es más lento"})


def test_a_release_without_an_eager_timing_is_said_without_a_control():
    before, after = _on_device(1.0, 1.0, "2.10.0"), _on_device(1.0, 4.0, "2.11.0")
    after.eager = None
    assert rc.claim_compiled_time(before, after) == {"en": "compiled call 4.0× slower (device time)",
                                                     "es": "llamada compilada 4,0× más lenta (tiempo de dispositivo)"}


@pytest.mark.parametrize("eager_ms, control", [(0.4, False), (0.39, True)])
def test_a_faster_eager_control_explains_a_faster_call_only_beyond_its_band(eager_ms, control):
    said = rc.claim_compiled_time(_on_device(1.0, 1.0, "2.10.0"), _on_device(eager_ms, 0.2, "2.11.0"))
    assert ("the probe's machine" in said["en"]) is control
