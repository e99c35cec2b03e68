"""The capstone page says what its runs measured, names the run behind each figure, and speaks
one language at a time (an audit's findings, each pinned here):

- mlopt against torch.compile is a claim on each device that names no cause the run did not
  measure (it times whole calls, not kernels);
- "What the optimized model buys" names the run of every figure and gives the GPU run's too;
- the batching sentence is shown once per device;
- the Spanish page shows no English label or term (allocate and reserve, and ratio, kept apart);
- the exercise on the seed's TTFT estimate is answered per device and per backend;
- the English side writes a percentage as the course's formatter does ("5%").

Rendered from the committed runs with the page's own markers, as the build renders them."""

from __future__ import annotations

import ast
import html
import re

import pytest

from course import claims
from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import ROOT, committed

RUN_NAMES = {"en": {"cpu": "CPU run", "cuda": "GPU run"},
             "es": {"cpu": "ejecución en CPU", "cuda": "ejecución en GPU"}}


def page_text(lang: str) -> str:
    return (ROOT / "docs" / lang / "labs" / "capstone.md").read_text(encoding="utf-8")


def rendered(lang: str, text: str) -> str:
    ctx = PageContext(page=f"{lang}/labs/capstone.md", lang=lang, page_dir="labs", site_root="..")
    expansion = expand(text, ctx, ResultStore(ROOT / "results"))
    assert expansion.errors == []
    return expansion.markdown


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next heading."""
    start = text.index(heading)
    following = re.search(r"^#{1,3} ", text[start + len(heading):], re.MULTILINE)
    return text[start:start + len(heading) + following.start()] if following else text[start:]


def prose(markdown: str) -> str:
    """What a reader sees outside code: fenced blocks, code spans and <code> elements left out."""
    markdown = re.sub(r"^(\s*)(`{3,}|~{3,}).*?^\1\2\s*$", " ", markdown, flags=re.MULTILINE | re.DOTALL)
    markdown = re.sub(r"<code>.*?</code>", " ", markdown, flags=re.DOTALL)
    return html.unescape(re.sub(r"`[^`\n]*`", " ", markdown))


# -- mlopt against torch.compile: what the run measured, on each device ---------------------------

# Causes the run never measures: it times whole forward calls of each side, nothing inside them.
UNMEASURED_CAUSES = ("same library calls", "save less than", "one kernel per group", "folds and fuses too",
                     "mismas llamadas a bibliotecas", "ahorran menos", "un kernel por grupo", "también pliega")


def causes_named(text: str) -> list[str]:
    return [cause for cause in UNMEASURED_CAUSES if cause in text]


def test_the_old_sentence_is_what_the_cause_check_catches():
    old = ("On the CPU run mlopt's rewrite beat torch.compile, whose convolutions are the same library calls and "
           "whose fused batch norm and ReLU kernels save less than the compiled path costs on this machine.")
    assert causes_named(old) == ["same library calls", "save less than"]


def ratios_in(text: str, lang: str) -> list[tuple[float, int]]:
    """Every "0.590×" of a sentence, read back: its value and its count of decimals."""
    point = "." if lang == "en" else ","
    return [(float(found.replace(point, ".")), len(found.partition(point)[2]))
            for found in re.findall(r"(\d+(?:" + re.escape(point) + r"\d+)?)×", text)]


def close(value: float, decimals: int, measured: float) -> bool:
    """A figure as printed is the measured one rounded to the digits it shows."""
    return abs(value - measured) <= 0.5 * 10 ** -decimals + 1e-12


def test_ratios_are_read_back_to_the_digits_they_show():
    assert ratios_in("ran at 0.590× and 1×", "en") == [(0.59, 3), (1.0, 0)]
    assert ratios_in("de 0,93× a 1,003×", "es") == [(0.93, 2), (1.003, 3)]
    assert close(0.59, 3, 0.5904) and not close(0.59, 3, 0.5906) and close(1.0, 0, 0.6)


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_mlopt_against_torch_compile_says_only_what_the_run_timed(device):
    run = committed("capstone", device)
    said = claims.decide("capstone", "vs_torch_compile", run.manifest)
    # a "same" says why: within the noise, or by the course's band
    assert {"same_noise": "same", "same_band": "same"}.get(said.outcome, said.outcome) == \
        run.value("mlopt.vs_torch_compile.verdict")
    assert causes_named(said.en) == causes_named(said.es) == []
    row = next(r for r in run.rows("mlopt_timing") if r["baseline"] == "torch_compile")
    assert any(close(value, decimals, row["speedup"]) for value, decimals in ratios_in(said.en, "en"))
    assert any(close(value, decimals, row["speedup"]) for value, decimals in ratios_in(said.es, "es"))
    if said.outcome in ("faster", "slower"):
        assert "does not say where the difference comes from" in said.en
        assert "no dice de dónde sale la diferencia" in said.es


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_states_mlopt_against_torch_compile_for_each_device_as_a_claim(lang):
    text = page_text(lang)
    assert "case capstone/cpu:mlopt.vs_torch_compile.verdict" not in text
    for device in ("cpu", "cuda"):
        assert text.count(f"{{{{ claim capstone/{device}:vs_torch_compile") == 1
    assert causes_named(prose(rendered(lang, section(text, "### " + HEADINGS[lang])))) == []


# -- what the optimized model buys: every figure with its run ---------------------------------------

HEADINGS = {"en": "What the optimized model buys", "es": "Lo que aporta el modelo optimizado"}
FIGURE = re.compile(r"\d[\d.,\u202f]*\s?(?:ms|MiB)\b")


def unnamed_figures(markdown: str, lang: str) -> list[str]:
    """Sentences that show a measured figure (ms, MiB) without saying which run measured it."""
    sentences = re.split(r"(?<=\.)\s+(?=[A-Z¿])", " ".join(markdown.split()))
    return [s for s in sentences if FIGURE.search(s) and not any(name in s for name in RUN_NAMES[lang].values())]


def test_the_old_paragraph_is_what_the_run_name_check_catches():
    old = ("The whole optimization took 147 ms and shrank the graph from 71 to 43 nodes. Folding dropped the batch "
           "norms' statistics: the weights went from 44.63 MiB to 44.57 MiB. The peak memory of one forward, "
           "measured, went from 10.3 MiB to 9.38 MiB.")
    assert len(unnamed_figures(old, "en")) == 3


@pytest.mark.parametrize("lang", ["en", "es"])
def test_what_the_optimized_model_buys_names_the_run_of_every_figure_and_gives_the_gpus(lang):
    source = section(page_text(lang), "### " + HEADINGS[lang])
    shown = rendered(lang, source)
    table = shown.index('<div class="course-table"') if '<div class="course-table"' in shown else len(shown)
    assert unnamed_figures(shown[:table], lang) == []
    assert "metric capstone/cuda:mlopt.optimize_ms " in source
    assert "claim capstone/cuda:mlopt_peak " in source      # the peaks, said by the run (changed or not)
    gpu = committed("capstone", "cuda")
    assert f"{gpu.value('mlopt.optimize_ms'):.3g}".replace(".", "," if lang == "es" else ".") in shown


# -- the batching sentence, once per device -----------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_batching_sentence_is_shown_once_per_device(lang):
    text = page_text(lang)
    for device in ("cpu", "cuda"):
        assert text.count(f"{{{{ claim capstone/{device}:batching") == 1, device
    said = claims.decide("capstone", "batching", committed("capstone", "cuda").manifest)
    assert html.unescape(rendered(lang, text)).count(said.text(lang).split(":")[0]) == 1


# -- the Spanish page in Spanish ------------------------------------------------------------------------

# English a Spanish reader saw: labels the lab records (shown in tables, in code font or not) and
# prose terms left untranslated; "ratio" said two ways, and allocate and reserve said one way.
ENGLISH_LABELS = ["rewritten", "naive", "alias_aware", "template+epilogue", "Triton gelu", "C++ gelu"]
ENGLISH_TERMS = [r"\bmeasured\b", r"(?<![(*])goodput", r"en streaming", r"el write-allocate", r"su pipeline",
                 r"\brazón\b", r"se reserva cuando", r"reservas y liberaciones"]


def english_on_spanish(page: str) -> list[str]:
    """The labels anywhere on the rendered page, the terms in its prose."""
    shown = html.unescape(page)
    return ([label for label in ENGLISH_LABELS if label in shown]
            + [term for term in ENGLISH_TERMS if re.search(term, prose(page), re.IGNORECASE)])


def test_the_english_page_is_what_the_spanish_check_would_catch():
    # the same tables rendered for an English reader: the check finds their labels there
    found = english_on_spanish(rendered("en", page_text("en")))
    assert {"rewritten", "naive", "template+epilogue", "Triton gelu", r"\bmeasured\b"} <= set(found)


def test_the_spanish_page_shows_no_english_label_or_term():
    assert english_on_spanish(rendered("es", page_text("es"))) == []


def test_allocate_and_reserve_are_two_words_in_spanish():
    text = prose(page_text("es"))
    assert "un tensor se asigna cuando se ejecuta su nodo" in " ".join(text.split())
    assert "Reservado (MiB)" in page_text("es")          # reserved stays reservado


# -- the seed's TTFT estimate, per device and per backend -----------------------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_seed_ttft_exercise_is_answered_on_each_device(lang):
    exercise = page_text(lang).split("e2e ÷ tokens")[-1]
    for device in ("cpu", "cuda"):
        assert f"{{{{ claim capstone/{device}:seed_ttft_backends" in exercise, device


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_the_seed_ttft_answer_names_each_backend_with_its_lowest_and_highest_ratio(device):
    run = committed("capstone", device)
    ratios: dict[str, list[float]] = {}
    for row in run.rows("llm_gpt2"):                  # counted here, apart from the claim's code
        if row["measured"] == "yes":
            ratios.setdefault(row["backend"], []).append(row["seed_ttft_ms"] / row["ttft_p50_ms"])
    said = claims.decide("capstone", "seed_ttft_backends", run.manifest)
    short = all(max(values) < 1 for values in ratios.values())
    assert (said.outcome == "all_short") == short
    for backend, values in ratios.items():
        shown = ratios_in(said.en.split(f"{backend} (")[1].split(")")[0], "en")
        assert close(*shown[0], min(values)) and close(*shown[-1], max(values)), (backend, shown, values)


# -- percent in English, as the course's formatter writes it ----------------------------------------

def label_texts(source: str) -> list[tuple[str, str]]:
    """(language, text) of the label dictionaries in a module: a check's label, a baseline's name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value in ("en", "es") and isinstance(value, ast.Constant):
                    found.append((key.value, value.value))
    return found


def labels(lang: str) -> list[str]:
    return [text for path in sorted((ROOT / "labs" / "capstone").rglob("*.py"))
            for key, text in label_texts(path.read_text(encoding="utf-8")) if key == lang]


def test_english_labels_write_percent_without_a_space_and_spanish_with_one():
    spaced = re.compile(r"\d %")
    assert [text for text in labels("en") if spaced.search(text)] == []
    assert [text for text in labels("en") if re.search(r"\d%", text)]            # the scan finds the label
    assert [text for text in labels("es") if spaced.search(text)]                # Spanish keeps its space


def test_the_english_page_and_its_claims_write_percent_without_a_space():
    assert re.findall(r"\d %", prose(page_text("en"))) == []
    # max-autotune as fast as the default: the sentence that states the band
    even = {"lab": "capstone", "device": "cuda", "metrics": {}, "provenance": {"torch": "2.11.0"},
            "tables": {"kernel_bench": {"columns": ["rows", "dtype", "vs_default", "vs_max_autotune"],
                                        "rows": [[512, "float16", 1.0, 1.0]]}}}
    said = claims.decide("capstone", "autotune_loss", even)
    assert said.outcome == "not_slower" and "than 5% slower" in said.en and "un 5\u00a0% más lento" in said.es
