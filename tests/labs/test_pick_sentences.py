"""The distributed lab's "which would I pick" held from outside: each pick and each sentence for
rows chosen here, written out whole in both languages.

Added for the survivors of mutmut's first run over labs/distributed/pick.py
(tests/mutation/REVIEW.md): the sentences a run's report prints were checked by a phrase or two,
so a wrong budget unit, a dropped "(does not fit)", English words on the Spanish sentence or a
decimal comma in English all left the fast tier green. Writing them out found one bug: the
Spanish sentence for no pick reads "elegiría nada", where Spanish needs "no elegiría ninguno".
The fix is in labs/distributed/pick.py on branch pending/labs-after-gpu: a change to the lab's
code makes its GPU result stale, and the two-GPU machine that re-makes it was not lent this
session. Until it lands, that one case is an expected failure, strict: the fix must remove it.
"""

from __future__ import annotations

import pytest

from labs.distributed import pick
from tests.helpers_timing import tight

GIB = 2**30


def _rows(*rows: tuple) -> list[pick.Candidate]:
    """(pattern, ms, peak GiB, losses matched[, reference ms])."""
    return [pick.Candidate(p, tight(ms / 1e3), peak * GIB, ok, tight(rest[0] / 1e3) if rest else None)
            for p, ms, peak, ok, *rest in rows]


FASTER = _rows(("single", 10.0, 1.0, True), ("ddp", 8.0, 0.5, True, 10.5), ("fsdp2", 12.5, 0.25, True),
               ("tensor_parallel", 4.0, 0.5, False), ("pipeline", 9.0, 2.0, True))
MEMORY = _rows(("single", 10.0, 2.0, True), ("ddp", 12.25, 1.25, True, 9.5), ("fsdp2", 20.0, 0.75, True, 10.0))
NONE_FIT = _rows(("single", 10.0, 2.0, True), ("ddp", 8.0, 2.0, True))
NONE_FASTER = _rows(("single", 10.0, 1.0, True), ("ddp", 10.02, 1.0, True))


def test_the_fastest_pattern_measurably_faster_than_its_own_reference_is_picked():
    choice = pick.choose(FASTER, 1.5 * GIB)
    # tensor parallelism is faster but its losses did not match; the pipeline does not fit
    assert (choice.pattern, choice.reason, choice.speedup) == ("ddp", "faster", 10.5 / 8.0)
    assert choice.verdicts == {"ddp": "faster", "fsdp2": "slower", "tensor_parallel": "faster",
                               "pipeline": "faster"}
    assert choice.fits == {"single": True, "ddp": True, "fsdp2": True, "tensor_parallel": True,
                           "pipeline": False}


def test_when_one_process_does_not_fit_the_fastest_that_fits_is_picked_and_its_speedup_given():
    choice = pick.choose(MEMORY, 1.5 * GIB)
    # by speedup over each one's reference: DDP 9.5/12.25, FSDP2 10/20
    assert (choice.pattern, choice.reason) == ("ddp", "memory")
    assert choice.speedup == pytest.approx(9.5 / 12.25)
    assert choice.verdicts == {"ddp": "slower", "fsdp2": "slower"}


def test_when_nothing_fits_nothing_is_picked_and_the_rows_are_kept():
    choice = pick.choose(NONE_FIT, 1.5 * GIB)
    assert choice == pick.Pick("none", "none_fit", None, {"ddp": "faster"}, {"single": False, "ddp": False})


def test_when_no_pattern_is_measurably_faster_one_process_is_picked_at_its_own_speed():
    choice = pick.choose(NONE_FASTER, 1.5 * GIB)
    assert choice == pick.Pick("single", "none_faster", 1.0, {"ddp": "same"}, {"single": True, "ddp": True})


ROUNDS_EN = "Step times (slowest rank, median; each pattern against one process timed in the same rounds): "
ROUNDS_ES = ("Tiempos por paso (rango más lento, mediana; cada patrón frente a un proceso cronometrado en las "
             "mismas rondas): ")
SENTENCES = {
    "faster": (FASTER, "minigpt", "2 GPUs",
               "For the grammar MiniGPT on 2 GPUs, I would pick DDP: it was the fastest pattern measurably faster "
               "than one process, 1.31× its speed. " + ROUNDS_EN + "a single process 10 ms; DDP 8 ms against "
               "10.5 ms (faster); FSDP2 12.5 ms against 10 ms (slower); tensor parallelism 4 ms against 10 ms "
               "(faster) (loss mismatch); pipeline parallelism 9 ms against 10 ms (faster) (does not fit).",
               "Para el MiniGPT de gramática en 2 GPUs, elegiría DDP: fue el patrón más rápido de los que superan "
               "de forma medible a un solo proceso, 1,31 veces su velocidad. " + ROUNDS_ES + "un solo proceso "
               "10 ms; DDP 8 ms frente a 10,5 ms (más rápido); FSDP2 12,5 ms frente a 10 ms (más lento); el "
               "paralelismo de tensores 4 ms frente a 10 ms (más rápido) (la pérdida no coincide); el "
               "paralelismo de pipeline 9 ms frente a 10 ms (más rápido) (no cabe)."),
    "memory": (MEMORY, "wide", "2 GPUs",
               "For the wide variant on 2 GPUs, I would pick DDP: one process does not fit in 1.5 GiB, and it "
               "was the fastest pattern that does. " + ROUNDS_EN + "a single process 10 ms (does not fit); DDP "
               "12.2 ms against 9.5 ms (slower); FSDP2 20 ms against 10 ms (slower).",
               "Para la variante ancha en 2 GPUs, elegiría DDP: un solo proceso no cabe en 1,5 GiB, y fue el "
               "patrón más rápido de los que caben. " + ROUNDS_ES + "un solo proceso 10 ms (no cabe); DDP "
               "12,2 ms frente a 9,5 ms (más lento); FSDP2 20 ms frente a 10 ms (más lento)."),
    "none_fit": (NONE_FIT, "a model of its own", "CPU",
                 "For a model of its own on CPU, I would pick nothing: no pattern both matched the losses and "
                 "fit in 1.5 GiB. " + ROUNDS_EN + "a single process 10 ms (does not fit); DDP 8 ms against "
                 "10 ms (faster) (does not fit).",
                 "Para a model of its own en CPU, no elegiría ninguno: ningún patrón reprodujo las pérdidas y "
                 "cupo a la vez en 1,5 GiB. " + ROUNDS_ES + "un solo proceso 10 ms (no cabe); DDP 8 ms frente "
                 "a 10 ms (más rápido) (no cabe)."),
    "none_faster": (NONE_FASTER, "minigpt", "CPU",
                    "For the grammar MiniGPT on CPU, I would pick a single process: no distributed pattern was "
                    "measurably faster than one process, and one process fits, so the extra machinery buys "
                    "nothing. " + ROUNDS_EN + "a single process 10 ms; DDP 10 ms against 10 ms (the same within "
                    "noise).",
                    "Para el MiniGPT de gramática en CPU, elegiría un solo proceso: ningún patrón distribuido fue "
                    "más rápido que un solo proceso de forma medible, y un solo proceso cabe, así que la "
                    "maquinaria adicional no aporta nada. " + ROUNDS_ES + "un solo proceso 10 ms; DDP 10 ms "
                    "frente a 10 ms (igual dentro del ruido)."),
}


NOT_YET = pytest.mark.xfail(strict=True, reason="'elegiría nada' until the pick.py fix lands with a GPU re-run")


@pytest.mark.parametrize("reason", SENTENCES)
def test_each_picks_sentence_is_whole_in_english(reason):
    rows, model, device, en, _ = SENTENCES[reason]
    choice = pick.choose(rows, 1.5 * GIB)
    assert choice.reason == reason
    assert pick.sentence(choice, rows, model, device, 1.5 * GIB, "en") == en


@pytest.mark.parametrize("reason", [pytest.param(r, marks=NOT_YET) if r == "none_fit" else r for r in SENTENCES])
def test_each_picks_sentence_is_whole_in_spanish(reason):
    rows, model, device, _, es = SENTENCES[reason]
    assert pick.sentence(pick.choose(rows, 1.5 * GIB), rows, model, device, 1.5 * GIB, "es") == es


def test_a_failed_part_without_a_reason_says_so():
    result = {"parts": {"ddp": {"status": "failed"}, "single": {"status": "ok"}}, "checks": {}}
    assert pick.run_failures(result) == ["part ddp failed (no reason given)"]


def test_a_run_that_failed_draws_no_conclusion_in_either_language():
    failures = ["part ddp failed (timeout)", "check loss_match failed (0.5 <= 0.01 is false)"]
    assert pick.no_conclusion(failures, "en") == (
        "This run draws no conclusion: part ddp failed (timeout); check loss_match failed (0.5 <= 0.01 is "
        "false). A comparison with a failed part or check missing could name the wrong pattern; fix the "
        "failure and run the lab again.")
    assert pick.no_conclusion(failures, "es") == (
        "Esta ejecución no saca ninguna conclusión: part ddp failed (timeout); check loss_match failed "
        "(0.5 <= 0.01 is false). Una comparación a la que le falta una parte o una comprobación fallida "
        "podría nombrar el patrón equivocado; corrige el fallo y vuelve a ejecutar el laboratorio.")
