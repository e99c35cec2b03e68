"""Lab 03's REPORT.md and REPORT.es.md in their words, from a small run written here: a check
recorded in percent reads as one (as the page's table shows it), the clock max-autotune was timed on
is named in the report's language with the bounds its search ran under, the seed is "el enunciado" in
Spanish, as everywhere else, and the Spanish report keeps to the glossary."""

from __future__ import annotations

import pytest

from course.glossary import avoided_terms
from labs.inductor_kernels import report


def _check(value: float, threshold: float, unit: str) -> dict:
    return {"value": value, "op": ">=", "threshold": threshold, "passed": value >= threshold, "unit": unit,
            "label": {"en": "the check", "es": "la comprobación"}}


def _run(clock: str = "latency") -> dict:
    metrics = {"autotune.verdict": "same", "autotune.mode": "max-autotune", "autotune.batch": 32,
               "autotune.clock": clock, "autotune.bounds": "max_autotune_gemm_search_space=DEFAULT",
               "tinyhead.max_abs_err": 4.66e-10}
    rows = [["default", True, 6.8, 10565.0, 10400.0, 10700.0, 30], ["max-autotune", True, 33.6, 10409.5, 10300.0,
                                                                     10600.0, 30]]
    return {"lab": "inductor_kernels", "device": "cpu",
            "metrics": {key: {"value": value, "unit": "µs" if key.endswith(".us") else ""}
                        for key, value in metrics.items()},
            "checks": {"learns": _check(99.47, 90.0, "%"), "steps": _check(5, 5, "")},
            "tables": {"autotune": {"columns": ["mode", "freezing", "compile_s", "median_us", "q1_us", "q3_us",
                                                "reps"], "rows": rows}},
            "artifacts": {}}


def _render(run: dict, lang: str, device: str = "cpu") -> str:
    return report.render(run, report.Machine("AMD EPYC", device, "full", "2.x", [2]), lang)


@pytest.mark.parametrize("lang, percent_row, plain_row", [
    ("en", "| the check | 99.5% | >= 90.0% | pass |", "| the check | 5 | >= 5 | pass |"),
    ("es", "| la comprobación | 99,5\u00a0% | >= 90,0\u00a0% | cumple |", "| la comprobación | 5 | >= 5 | cumple |"),
])
def test_a_check_in_percent_reads_as_one_and_a_count_stays_a_count(lang, percent_row, plain_row):
    text = _render(_run(), lang)
    assert percent_row in text
    assert plain_row in text        # near miss: a check with no unit gets no sign


@pytest.mark.parametrize("clock, en, es", [("latency", "(latency)", "(latencia)"),
                                           ("device", "(device time)", "(tiempo de dispositivo)")])
def test_the_autotune_line_names_its_clock_in_the_reports_language(clock, en, es):
    assert f"against `default` at batch 32 {en}:" in _render(_run(clock), "en")
    spanish = _render(_run(clock), "es")
    assert f"frente a `default` con lote 32 {es}:" in spanish
    assert f"({clock})" not in spanish


def test_the_spanish_report_calls_the_seed_el_enunciado():
    spanish = _render(_run(), "es")
    assert "TinyHead con la entrada (2, 64) del enunciado:" in spanish
    assert "especificación" not in spanish


def test_the_spanish_report_keeps_to_the_glossary():
    spanish = _render(_run(), "es")
    assert "## Comprobaciones de aceptación" in spanish
    assert avoided_terms(spanish) == []
    # near miss: the heading the glossary lists as one to avoid is found in a report
    assert avoided_terms(spanish.replace("Comprobaciones de aceptación", "Criterios de aceptación")) == [
        ("criterios de aceptación", "comprobación de aceptación")]


@pytest.mark.parametrize("lang, bounds", [
    ("en", "On the CPU run, max-autotune searched with Inductor's default list of GEMM configurations"),
    ("es", "En la ejecución en CPU, max-autotune buscó con la lista de configuraciones GEMM por defecto"),
])
def test_the_autotune_line_states_the_runs_own_bounds(lang, bounds):
    assert bounds in _render(_run(), lang)
