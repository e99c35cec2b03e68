"""The engine's words (course/strings.py) as a page gets them: a label filled in, a lab's
recorded value or English sentence said in the page's language, and anything the engine
does not know shown as the lab wrote it."""

from __future__ import annotations

import pytest

from course.strings import lab_message, t, term


def test_a_label_is_the_pages_language_with_its_placeholders_filled():
    assert t("en", "pass") == "pass" and t("es", "pass") == "cumple"
    assert t("es", "about_minutes", minutes=45) == "unos 45 min"
    assert t("en", "truncated", first=1, last=20, total=300) == "Showing lines 1–20 of 300."


@pytest.mark.parametrize("value, spanish", [
    ("faster", "más rápido"), ("never", "nunca"), ("yes", "sí"), ("bandwidth", "ancho de banda"),
    ("no", "no"),                               # the same word in both: still a known value
])
def test_a_recorded_value_is_said_in_spanish(value, spanish):
    assert term("es", value) == spanish
    assert term("en", value) == value


@pytest.mark.parametrize("english, spanish", [
    ("needs a cuda device; this run used cpu", "necesita un dispositivo cuda; esta ejecución usó cpu"),
    ("needs at least 4 ranks; this run has 2 (set COURSE_RANKS, or use 4 GPUs)",
     "necesita al menos 4 rangos; esta ejecución tiene 2 (define COURSE_RANKS o usa 4 GPU)"),
    ("depyf is not installed", "depyf no está instalado"),
    ("no tlparse executable on PATH or next to /opt/venv/bin/python",
     "no hay un ejecutable tlparse en el PATH ni junto a /opt/venv/bin/python"),
    ("tensor bytes from the profiler's allocation events (CPU allocator)",
     "bytes de tensores según los eventos de asignación del profiler (asignador de CPU)"),
    ("torch.cuda.max_memory_allocated (caching allocator)", "torch.cuda.max_memory_allocated (asignador con caché)"),
    ("template+epilogue", "plantilla Triton con la GELU en el epílogo"),          # the capstone's strategies
    ("bias_addmm+Triton gelu", "`bias_addmm` y después una GELU en Triton"),
    ("addmm+C++ gelu", "`addmm` y después una GELU en C++"),
])
def test_a_labs_sentence_of_a_known_shape_is_said_in_spanish_and_left_in_english(english, spanish):
    assert lab_message("es", english) == spanish
    assert term("es", english) == spanish      # a value that is no known word is tried as a sentence
    assert lab_message("en", english) == english and term("en", english) == english


@pytest.mark.parametrize("text", [
    "this part needs a cuda device; this run used cpu",        # more before the known shape
    "needs a cuda device; this run used cpu, twice",           # more after it
    "depyf is not installed.",
    "torchXcuda.max_memory_allocated (caching allocator)",      # its dot is a dot, not any character
    "something no lab says",
    "addmm+CUDA gelu",                                          # a language the strategy never names
    "addmm+Triton gelu twice",
    "",
])
def test_a_sentence_that_only_contains_a_known_shape_is_shown_as_the_lab_wrote_it(text):
    assert lab_message("es", text) == text
    assert term("es", text) == text
