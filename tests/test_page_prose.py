"""Site-wide pages whose fixed prose must agree with the code, the cards and the course's rules:
the distributed lab's numbered steps and its names for patterns, the curriculum's summary of
Practice, the count of autograd's attributes, the cohort reference's history (no figure typed by
hand), and the Spanish wordings an audit found unclear. Each rule is also tried on a near miss."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from course.markers import MARKER, PageContext, expand
from course.markers.parse import parse_marker
from course.results import ResultStore
from labs.common.contract import LANGUAGES, lab_ids, load_lab_meta

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def page(lang: str, name: str) -> str:
    return (DOCS / lang / name).read_text(encoding="utf-8")


# -- distributed: the measuring steps, counted from zero as training.py counts them --------------

STEP_PHRASES = {"en": ("step {memory} the peak memory", "during step {rebuild},", "step {timeline} a profiler timeline",
                       "step {comm} the bytes sent"),
                "es": ("el paso {memory}, la\nmemoria pico", "paso {rebuild} y ocupa", "el paso {timeline}, una línea de tiempo",
                       "el paso {comm}, los bytes enviados")}


def measuring_steps(source: str) -> dict[str, int]:
    """MEMORY_STEP, TIMELINE_STEP, COMM_STEP as training.py assigns them, read without importing torch."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple):
            names = [target.id for target in node.targets[0].elts]
            if "MEMORY_STEP" in names:
                return dict(zip(names, ast.literal_eval(node.value)))
    raise AssertionError("training.py no longer names MEMORY_STEP, TIMELINE_STEP, COMM_STEP")


def missing_step_phrases(text: str, lang: str, steps: dict[str, int]) -> list[str]:
    said = " ".join(text.split())        # line breaks fall anywhere in prose
    numbers = dict(memory=steps["MEMORY_STEP"], rebuild=steps["MEMORY_STEP"] - 1,
                   timeline=steps["TIMELINE_STEP"], comm=steps["COMM_STEP"])
    phrases = [" ".join(phrase.format(**numbers).split()) for phrase in STEP_PHRASES[lang]]
    return [phrase for phrase in phrases if phrase not in said]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_distributed_page_numbers_its_measuring_steps_as_the_code_does(lang):
    steps = measuring_steps((ROOT / "labs" / "distributed" / "training.py").read_text(encoding="utf-8"))
    assert missing_step_phrases(page(lang, "labs/distributed.md"), lang, steps) == []


def test_steps_counted_from_one_are_caught():
    steps = {"MEMORY_STEP": 2, "TIMELINE_STEP": 3, "COMM_STEP": 4}
    one_based = ("step 3 the peak memory (at steady state: DDP rebuilds its gradient buckets during step 2, holding "
                 "the old and the new ones at once), step 4 a profiler timeline, step 5 the bytes sent.")
    assert len(missing_step_phrases(one_based, "en", steps)) == 4
    zero_based = one_based.replace("step 5", "step 4").replace("step 4 a", "step 3 a").replace(
        "step 3 the", "step 2 the").replace("during step 2", "during step 1")
    assert missing_step_phrases(zero_based, "en", steps) == []


# -- distributed: patterns and variants named in the page's words, as the loss figure's legend --

PATTERN_IDS = ("single", "single_checkpointed", "ddp", "fsdp2", "fsdp2_bf16", "tensor_parallel", "pipeline_1f1b")
# The CPU run compiles DDP alone, and values= refuses a name no run holds: naming the GPU run's
# other patterns there would stop a build that has only a CPU run. This table keeps identifiers.
KEEPS_IDENTIFIERS = {"compiled"}


def raw_identifiers(rendered: str) -> set[str]:
    """Pattern identifiers a rendered table or figure shows as they were recorded: a table cell,
    a code span (escaped, `_` as &#95;) or a plotted category (a JSON string)."""
    cells = {cell.strip() for line in rendered.splitlines() if line.lstrip().startswith("| ")
             for cell in line.split("|")}
    codes = {code.replace("&#95;", "_") for code in re.findall(r"<code>([^<]*)</code>", rendered)}
    quoted = set(re.findall(r'"(\w+)"', rendered))
    return {name for name in PATTERN_IDS if name in cells | codes | quoted} | (
        {"pipeline"} & codes) | ({"wide", "minigpt"} & codes)


def pattern_markers(lang: str) -> dict[str, str]:
    """The page's table and figure markers that show the patterns (a `pattern` column, or an x
    axis), by key."""
    manifest = json.loads((ROOT / "results" / "distributed" / "cpu" / "manifest.json").read_text(encoding="utf-8"))
    found = {}
    for match in MARKER.finditer(page(lang, "labs/distributed.md")):
        marker = parse_marker(match["kind"], match["body"], match.group(0))
        in_a_column = marker.kind == "table" and "pattern" in manifest["tables"].get(marker.key, {}).get("columns", [])
        on_an_axis = marker.kind == "figure" and manifest["figures"].get(marker.key, {}).get("x") == "pattern"
        if in_a_column or on_an_axis:
            found[marker.key] = match.group(0)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_distributed_page_names_every_pattern_in_its_own_words(lang):
    ctx = PageContext(page=f"{lang}/labs/distributed.md", lang=lang, page_dir="labs", site_root="..")
    store = ResultStore(ROOT / "results")
    markers = pattern_markers(lang)
    assert len(markers) >= 10
    shown = {}
    for key, text in markers.items():
        expansion = expand(text, ctx, store)
        assert expansion.errors == [], expansion.errors
        shown[key] = raw_identifiers(expansion.markdown)
    assert {key for key, raw in shown.items() if raw} == KEEPS_IDENTIFIERS, shown


def test_an_identifier_shown_as_recorded_is_found_in_a_cell_a_code_span_or_a_plot():
    assert raw_identifiers("| single | 1.00 |") == {"single"}
    assert raw_identifiers("| <code>tensor&#95;parallel</code> | <code>wide</code> |") == {"tensor_parallel", "wide"}
    assert raw_identifiers('{"x": ["single_checkpointed", "DDP"]}') == {"single_checkpointed"}
    assert raw_identifiers("| un solo proceso | DDP | pipeline | ancha |") == set()


@pytest.mark.parametrize("lang, words", [("en", ("Predicted payload", "Measured payload")),
                                         ("es", ("Carga prevista", "Carga medida"))])
def test_the_prediction_table_calls_its_measured_column_payload_as_its_text_does(lang, words):
    # bytes handed to the collectives, kept apart from bytes on the wire ("sent", "written")
    [marker] = [m for m in re.findall(r"\{\{ table distributed:prediction_communication [^}]*\}\}",
                                      page(lang, "labs/distributed.md"))]
    headers = re.search(r'headers="([^"]*)"', marker)[1].split("|")
    assert all(word in headers for word in (f"{words[0]} (MiB)", f"{words[1]} (MiB)"))
    assert not any("sent" in header.lower() or "enviad" in header.lower() for header in headers)


# -- curriculum: a lab page with no card is named where the summary says what Practice holds ----

def unlinked_pages_without_a_card(text: str) -> list[str]:
    """Labs the curriculum shows no card for (listed = false) that have a page of their own,
    and that the curriculum's prose does not link."""
    return [lab for lab in lab_ids() if not load_lab_meta(lab).listed and (DOCS / "en" / "labs" / f"{lab}.md").is_file()
            and f"(labs/{lab}.md)" not in text]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_curriculum_links_each_lab_page_that_has_no_card(lang):
    assert "explain" in [lab for lab in lab_ids() if not load_lab_meta(lab).listed]
    assert unlinked_pages_without_a_card(page(lang, "curriculum.md")) == []


def test_a_curriculum_that_promises_explain_without_a_link_is_caught():
    old = "reading Inductor's kernels for a transformer, explaining your own module's kernels, measuring"
    assert unlinked_pages_without_a_card(old) == ["explain"]


# -- background: the attributes it counts are the attributes it names ---------------------------

COUNTS = {"Three": 3, "tres": 3}


def counted_and_named(sentence: str) -> tuple[int, int]:
    """(the number a sentence announces, the code spans it names before its colon)."""
    head = sentence.split(":")[0]
    word = next(w for w in re.findall(r"\w+", head) if w in COUNTS)
    return COUNTS[word], len(re.findall(r"`[^`]+`", head))


@pytest.mark.parametrize("lang, opening", [("en", "Three more attributes"), ("es", "Otros tres atributos")])
def test_the_background_names_as_many_autograd_attributes_as_it_counts(lang, opening):
    text = " ".join(page(lang, "background/index.md").split())
    sentence = text[text.index(opening):]
    counted, named = counted_and_named(sentence)
    assert counted == named
    assert all(f"`{name}`" in sentence.split(":")[0] for name in ("requires_grad", "grad_fn", "grad"))


def test_a_count_with_no_names_is_caught():
    old = "Three more attributes drive automatic differentiation: when an operation consumes a tensor with `requires_grad=True`"
    assert counted_and_named(old) == (3, 0)


# -- reference/cohorts: history moved to benchmarks/, no figure typed into the page --------------

HISTORY = "benchmarks/cohort/2026-11-24-typed-history.md"


def typed_figures(markdown: str) -> list[str]:
    """Rows of Markdown tables (outside code) whose cells hold a decimal number: figures typed in."""
    prose = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    return [line for line in prose.splitlines() if line.startswith("|")
            and re.search(r"\|\s*[\d\u202f ,.]*\d[.,]\d+\s*(s|KiB|MiB)?\s*\|", line)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cohort_reference_types_no_figure_and_points_to_its_history(lang):
    text = page(lang, "reference/cohorts.md")
    assert typed_figures(text) == []
    assert f"`{HISTORY}`" in text and (ROOT / HISTORY).is_file()


def test_a_typed_benchmark_row_is_caught_in_either_language_but_a_rule_row_is_not():
    assert typed_figures("| 1,000 | 14.1 | 57.6 | 4.21 |")
    assert typed_figures("| 10 000 | 0,6 | 14,0 | 0,22 |")
    assert typed_figures("| is N bytes, over the 256 KiB limit | far larger than a submission | ask |") == []
    assert typed_figures("```\n| 1.5 |\n```\n") == []


PAGE_LANGUAGES = {"en": ("English page (s)", "Spanish page (s)"), "es": ("Página en inglés (s)", "Página en español (s)")}


def page_time_headers(text: str) -> list[str]:
    """The headers the cohort benchmark table gives its page_en_s and page_es_s columns."""
    marker = next(m.group(0) for m in MARKER.finditer(text) if m.group("kind") == "benchmark_table")
    columns = re.search(r'columns="([^"]*)"', marker).group(1).split(",")
    headers = re.search(r'headers="([^"]*)"', marker).group(1).split("|")
    return [headers[columns.index(c)] for c in ("page_en_s", "page_es_s")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cohort_benchmark_names_each_pages_language_in_words(lang):
    # "Página en (s)" read as "page in (s)": a language code is not a header
    assert page_time_headers(page(lang, "reference/cohorts.md")) == list(PAGE_LANGUAGES[lang])
    assert page_time_headers('{{ benchmark_table cohort:r columns="n,page_en_s,page_es_s" '
                             'headers="Envíos|Página en (s)|Página es (s)" }}') == ["Página en (s)", "Página es (s)"]


def test_the_history_keeps_the_three_tables_with_where_they_came_from():
    history = (ROOT / HISTORY).read_text(encoding="utf-8")
    assert all(commit in history for commit in ("a82969a", "43b7491", "68d8e31", "d8a0901", "7544e57"))
    assert len(typed_figures(history)) == 9           # every row of the three tables


# -- Spanish wordings the audit found unclear, wrong for the glossary, or redundant --------------

UNCLEAR = {
    "background/training-at-scale.md": ["Datos simple (GB)"],
    "labs/distributed.md": ["acabaría si no en ellas", "otra historia que el manual", "tensor reservado antes",
                            "los dos planificadores", "eventos de reserva de memoria", "los tensores de los colectivos"],
    "reference/results.md": ["un kernel menos que el primero"],
}


def unclear_wordings(text: str, wordings: list[str]) -> list[str]:
    said = " ".join(text.split())
    return [wording for wording in wordings if wording in said]


@pytest.mark.parametrize("name", sorted(UNCLEAR))
def test_the_spanish_pages_say_it_plainly(name):
    assert unclear_wordings(page("es", name), UNCLEAR[name]) == []


def test_an_unclear_wording_split_over_two_lines_is_still_found():
    assert unclear_wordings("una ejecución en CPU acabaría\nsi no en ellas.", UNCLEAR["labs/distributed.md"]) == [
        "acabaría si no en ellas"]


# -- a word written twice in a row ("del del proceso"), in any page's own prose -------------------

NOT_PROSE = [re.compile(p, re.S | re.M) for p in (r"^(```|~~~).*?^\1", r"`[^`\n]*`", r"\{\{.*?\}\}", r"<[^>\n]*>",
                                                   r"^--8<--[^\n]*", r"\]\([^)]*\)")]
DOUBLED = re.compile(r"\b(\w{2,})(?:[ \t]+\n?|\n)[ \t]*\1\b", re.IGNORECASE)   # one line break at most


def doubled_words(markdown: str) -> list[str]:
    """Words written twice in a row in the prose (markers, code and tags taken out first)."""
    for pattern in NOT_PROSE:   # what stood there still separates the words around it
        markdown = pattern.sub(" ¶ ", markdown)
    return [found.group(0) for found in DOUBLED.finditer(markdown)]


def test_no_page_writes_a_word_twice_in_a_row():
    found = {str(path.relative_to(DOCS)): words for path in sorted(DOCS.rglob("*.md"))
             if (words := doubled_words(path.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize(("text", "doubled"), [
    ("hasta {{ metric x:y }} del del proceso", ["del del"]),
    ("the the\nnext line", ["the the"]),
    ("el `x x` del código y {{ metric a:b }} {{ metric a:c }}", []),   # code and two markers are not prose
    ("del delta", []), ("a a", []),                                        # a longer word, a one-letter one
    ("## Triton\n\nTriton writes", []),                                 # a heading, then its paragraph
    ("de {{ metric a:b }} de ellos y del `x` del laboratorio", []),      # a figure or code between the two
])
def test_a_doubled_word_is_found_only_in_prose(text, doubled):
    assert doubled_words(text) == doubled
