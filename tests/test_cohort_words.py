"""A cohort page's counted words, the labs that have no headline metric, and the reference runs."""

from __future__ import annotations

import pytest

from course.cohorts import aggregate, headlines
from course.cohorts.reference import reference_runs
from course.cohorts.words import count
from course.results import ResultStore
from tests.helpers_cohorts import run
from tests.manifests import write_result


@pytest.mark.parametrize("lang, n, text", [
    ("en", 1, "1 submission"), ("en", 0, "0 submissions"), ("en", 10000, "10,000 submissions"),
    ("es", 1, "1 envío"), ("es", 2, "2 envíos"), ("es", 10000, "10\u202f000 envíos"),   # a thin space groups
])
def test_a_count_is_singular_for_one_and_grouped_as_its_language_groups(lang, n, text):
    assert count(lang, "n_submissions", n) == text


def test_a_lab_without_headline_metrics_has_none_and_its_entries_none():
    assert "kernel_history" not in headlines.HEADLINES
    assert headlines.headlines("kernel_history") == ()
    assert aggregate.entry("000001-ab.json", run(1, lab="kernel_history"), 10)["headlines"] == {}


def test_a_lab_with_only_a_gpu_result_has_a_gpu_reference_in_a_class_of_its_own_when_named(tmp_path):
    write_result(tmp_path, device="cuda")                       # no CPU result: the GPU one still counts
    write_result(tmp_path, lab="inside_compile", device="cpu")
    store = ResultStore(tmp_path)
    runs = reference_runs(["inductor_kernels", "inside_compile"], store, {})
    assert [(r.lab, r.device, r.device_class, r.committed) for r in runs] == [
        ("inductor_kernels", "cuda", ("cuda", ""), False), ("inside_compile", "cpu", ("cpu", ""), False)]
    [named] = reference_runs(["inductor_kernels"], store, {"cuda": {"NVIDIA H100 80GB HBM3"}})
    assert named.device_class == ("cuda", "NVIDIA H100 80GB HBM3")


def seed_named_as_the_curriculum_does(label: dict[str, str]) -> bool:
    """A label that quotes the seed (a lab's exercise text) calls it «el enunciado» in Spanish,
    as es/curriculum.md defines it, never «la especificación»."""
    return "seed" not in label["en"] or ("enunciado" in label["es"] and "especificaci" not in label["es"])


def test_the_headlines_name_the_seed_as_the_curriculum_does_and_say_exact_once():
    labels = [h.label for lab in headlines.HEADLINES.values() for h in lab]
    assert any("seed" in label["en"] for label in labels)
    assert all(seed_named_as_the_curriculum_does(label) for label in labels)
    assert not seed_named_as_the_curriculum_does({"en": "at the seed's shape", "es": "con la forma de la especificación"})
    assert seed_named_as_the_curriculum_does({"en": "compile time", "es": "tiempo de compilación"})
    [exact] = [label["es"] for label in labels if "exact-match" in label["en"]]
    assert exact == "MiniGPT: respuestas exactas en validación (%)"     # not «exactitud de coincidencia exacta»
