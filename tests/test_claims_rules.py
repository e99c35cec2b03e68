"""The shared rules every lab's claims use (labs/common/claims.py), held with sentences and
messages written out here: each of band_said's five outcomes whole in both languages, a
registry's claims as registered, and what a claim says when it is asked wrongly.

Added for the survivors of mutmut's first run over labs/common/claims.py
(tests/mutation/REVIEW.md): the band sentences were held by a phrase each, and a registry that
dropped a field, a refusal joined with the wrong separator or a run without a lab or device
left the fast tier green.
"""

from __future__ import annotations

import pytest

from labs.common.claims import ClaimError, Registry, Run, Spread, band_said, percent

WHAT = ("The compiled step", "El paso compilado")
BASE = Spread(100, 98, 102)
SENTENCES = {
    "same_overlap": (Spread(100.5, 99.5, 101.5),
                     "The compiled step was the same within the noise: each median lies inside the other's "
                     "interquartile range",
                     "El paso compilado fue igual dentro del ruido: cada mediana cae dentro del rango "
                     "intercuartílico de la otra"),
    "same_partial": (Spread(101.5, 101, 106),
                     "The compiled step was 1.50% slower, inside the course's 5% band, so the course calls it the "
                     "same; one median lies inside the other's interquartile range and the other does not, so the "
                     "run cannot tell this difference from noise",
                     "El paso compilado fue un 1,50\u00a0% más lento, dentro de la banda del 5\u00a0% del curso, que "
                     "lo llama igual; una mediana cae dentro del rango intercuartílico de la otra y la otra no, así "
                     "que la ejecución no distingue esta diferencia del ruido"),
    "same_band": (Spread(103, 102.5, 104.5),
                  "The compiled step was 3.00% slower, inside the course's 5% band, so the course calls it the "
                  "same; the medians lie outside each other's interquartile range, so the difference is small, "
                  "not noise",
                  "El paso compilado fue un 3,00\u00a0% más lento, dentro de la banda del 5\u00a0% del curso, que lo "
                  "llama igual; las medianas caen fuera del rango intercuartílico de la otra, así que la diferencia "
                  "es pequeña, no ruido"),
    "slower": (Spread(107, 100, 108),
               "The compiled step was slower (7.00%, past the course's 5% band, which decides it; one median lies "
               "inside the other's interquartile range, so the spreads alone would not tell it from noise)",
               "El paso compilado fue más lento (un 7,00\u00a0%, más allá de la banda del 5\u00a0% del curso, que es "
               "la que lo decide; una mediana cae dentro del rango intercuartílico de la otra, así que las "
               "dispersiones por sí solas no lo distinguirían del ruido)"),
    "faster": (Spread(80, 79, 81),
               "The compiled step was faster (20.0%, beyond the noise)",
               "El paso compilado fue más rápido (un 20,0\u00a0%, más allá del ruido)"),
}


def test_a_faster_step_inside_the_band_is_said_faster_in_both_languages():
    said = band_said(BASE, Spread(97, 96.5, 97.5), WHAT)
    assert said.outcome == "same_band"
    assert said.en.startswith("The compiled step was 3.00% faster, inside the course's 5% band")
    assert said.es.startswith("El paso compilado fue un 3,00\u00a0% más rápido, dentro de la banda")


@pytest.mark.parametrize("outcome", SENTENCES)
def test_each_band_sentence_is_whole_in_both_languages(outcome):
    candidate, en, es = SENTENCES[outcome]
    said = band_said(BASE, candidate, WHAT)
    assert (said.outcome, said.en, said.es) == (outcome, en, es)


def test_a_percentage_past_a_thousand_is_read_back_through_its_separator():
    assert percent(1234.5, "en") == "1,234%"          # read back as 1234.5's digits, not refused
    assert percent(1234.5, "es") == "1234\u00a0%"


def test_a_registry_keeps_each_claim_as_registered_and_refuses_a_second_with_the_same_name():
    registry = Registry("toy")

    def decide(run, subject):
        return subject

    claim = registry.claim("pair", "what decides it", subjects=("a", "b"), devices=("cuda",))(decide)
    assert registry["pair"] is claim
    assert (claim.lab, claim.name, claim.condition, claim.decide, claim.subjects, claim.devices) == (
        "toy", "pair", "what decides it", decide, ("a", "b"), ("cuda",))
    plain = registry.claim("plain", "always")(decide)
    assert (plain.subjects, plain.devices) == ((), ("cpu", "cuda"))
    with pytest.raises(ValueError) as twice:
        registry.claim("pair", "again")(decide)
    assert str(twice.value) == "claim toy:pair is registered twice"
    assert claim({"device": "cuda"}, "b") == "b"


def test_a_claim_asked_wrongly_says_how_in_one_whole_line():
    registry = Registry("toy")
    claim = registry.claim("pair", "c", subjects=("a", "b"), devices=("cuda", "xpu"))(lambda run, s: s)
    with pytest.raises(ClaimError) as subject:
        claim({"device": "cuda"}, "c")
    assert str(subject.value) == "claim pair needs one of a, b after a dot (pair.a), got 'c'"
    with pytest.raises(ClaimError) as device:
        claim({"device": "cpu"}, "a")
    assert str(device.value) == "claim pair is about cuda, xpu runs, not cpu"


def test_a_run_without_lab_device_metrics_or_tables_is_refused_by_name():
    run = Run({})
    assert (run.lab, run.device) == ("", "")
    with pytest.raises(ClaimError, match=r"^the run of  on  records no metric 'k'$"):
        run.value("k")
    with pytest.raises(ClaimError, match=r"^the run of  on  records no table 't'$"):
        run.rows("t")
    named = Run({"lab": "explain", "device": "cuda", "metrics": {}, "tables": {}})
    with pytest.raises(ClaimError, match=r"^the run of explain on cuda records no metric 'k'$"):
        named.value("k")
