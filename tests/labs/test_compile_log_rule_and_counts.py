"""COMPILE_LOG's words against what the code does, in English and Spanish.

- Its method line states the rule `measure.verdict` applies for "the same": within the noise when
  each median lies inside the other's quartiles, by the band otherwise. It once said "although
  their quartiles do not overlap", which the audit's pair contradicts: 53.3 (52.8-56.9) against
  52.3 (50.2-53.9) overlap, yet 52.3 lies outside 52.8-56.9, so the pair is the same by the band.
- Counts carry their noun in the right number ("1 block", "2 grafos"), never "block(s)".
- Spanish never makes plural medians agree with a singular "the other" ("medianas ... de la
  otra"), in COMPILE_LOG's words or on the lab's Spanish page.
Nothing compiles: findings are built by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from labs.common import measure
from labs.compile_compare import compile_log, summaries
from labs.compile_compare.compile_log_words import WORDS
from labs.compile_compare.findings import AB, Findings, GraphBreakStudy, ModeComparison
from labs.compile_compare.graph_breaks import Explained, FullgraphOutcome
from labs.compile_compare.machine import BusyWatch
from labs.compile_compare.shapes import PolicyRun, ShapeCall
from tests.helpers_compile_compare import first_step_findings

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "es")


def _ms(median: float, q1: float, q3: float) -> measure.Stats:
    return measure.Stats(median / 1e3, q1 / 1e3, q3 / 1e3, q1 / 1e3, q3 / 1e3, 30, "latency")


def _ab(base: measure.Stats, cand: measure.Stats) -> AB:
    return AB("default", "tuned", measure.Comparison(latency=(base, cand)), 1.0, 1.0)


# -- the rule for "the same" ---------------------------------------------------------------------

AUDITS_PAIR = (_ms(53.3, 52.8, 56.9), _ms(52.3, 50.2, 53.9))     # quartiles overlap, one median outside
BOTH_INSIDE = (_ms(100, 99, 101), _ms(100.5, 99.5, 101.5))
DISJOINT = (_ms(100, 99.5, 100.5), _ms(103, 102.5, 103.5))       # 3 % apart, quartiles apart


def _overlap(base: measure.Stats, cand: measure.Stats) -> bool:
    return max(base.q1_s, cand.q1_s) <= min(base.q3_s, cand.q3_s)


def _each_inside(base: measure.Stats, cand: measure.Stats) -> bool:
    return base.within_spread(cand.median_s) and cand.within_spread(base.median_s)


# What each wording of the band's condition means, as a test of two sides' figures. The method
# line must use one of these, and the one it uses must hold exactly where the code rules "same_band".
BAND_CONDITIONS = {
    "although their quartiles do not overlap": lambda b, c: not _overlap(b, c),
    "aunque sus cuartiles no se solapen": lambda b, c: not _overlap(b, c),
    "although they do not each lie inside the other's quartiles": lambda b, c: not _each_inside(b, c),
    "aunque no caiga cada una dentro de los cuartiles de la otra": lambda b, c: not _each_inside(b, c),
}
NOISE_WORDS = {"en": "the same within the noise when each lies inside the other's quartiles",
               "es": "iguales dentro del ruido cuando cada una cae dentro de los cuartiles de la otra"}


def _method_line(lang: str) -> str:
    text = compile_log.render(Findings("cpu", "full", "2.13.0"), {}, lang)
    return next(line for line in text.splitlines() if line.startswith(("How it was measured", "Cómo se midió")))


def test_the_audits_pair_overlaps_yet_is_the_same_by_the_band_not_within_the_noise():
    base, cand = AUDITS_PAIR
    assert _overlap(base, cand) and not _each_inside(base, cand)
    ab = _ab(base, cand)
    assert ab.verdict("latency") == "same" and not ab.within_noise("latency")
    assert summaries.kind(ab.verdict("latency"), ab.within_noise("latency")) == "same_band"


@pytest.mark.parametrize("lang", LANGS)
def test_the_method_line_states_the_rule_the_verdict_applies(lang):
    line = _method_line(lang)
    assert NOISE_WORDS[lang] in line
    [said] = [words for words in BAND_CONDITIONS if words in line]
    condition = BAND_CONDITIONS[said]
    for base, cand in (AUDITS_PAIR, BOTH_INSIDE, DISJOINT):     # the near miss first: overlap, one outside
        ab = _ab(base, cand)
        assert ab.verdict("latency") == "same"
        rules_band = summaries.kind("same", ab.within_noise("latency")) == "same_band"
        assert condition(base, cand) == rules_band, (said, base.median_s, cand.median_s)


def test_overlapping_quartiles_would_not_state_the_rule():
    # the old wording, tried on the audit's pair: it says "not the band" where the code says "the band"
    base, cand = AUDITS_PAIR
    assert BAND_CONDITIONS["although their quartiles do not overlap"](base, cand) is False
    assert BAND_CONDITIONS["although they do not each lie inside the other's quartiles"](base, cand) is True


# -- counts with their nouns -----------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\w\((?:s|es)\)")      # "block(s)", "grafo(s)", "product(s)"


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (tuple, list)):
        return [s for v in value for s in _strings(v)]
    return []


def test_a_placeholder_plural_is_found():
    assert PLACEHOLDER.search("1 block(s)") and PLACEHOLDER.search("1 grafo(s)")
    assert not PLACEHOLDER.search("First call (s)") and not PLACEHOLDER.search("(s0, s1)")


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_of_compile_log_writes_a_plural_placeholder(lang):
    assert [s for s in _strings(WORDS[lang]) if PLACEHOLDER.search(s)] == []


def _study(fixed: Explained, broken: Explained = Explained(5, 4, ())) -> GraphBreakStudy:
    timing = measure.Comparison(latency=(_ms(19.6, 19.4, 19.8), _ms(18.4, 18.2, 18.6)))
    return GraphBreakStudy(broken=broken, fixed=fixed, fullgraph_broken=FullgraphOutcome(True, "E", "m"),
                           fullgraph_fixed=FullgraphOutcome(False), loss_diff=0.0,
                           ab=AB("broken", "fixed", timing, 14.4, 8.38), broken_recompiles=[], fixed_recompiles=[])


def _breaks(lang: str, layers: int, fixed: Explained, broken: Explained = Explained(5, 4, ())) -> str:
    f = Findings("cpu", "full", "2.13.0", breaks=_study(fixed, broken), recompile_limit=8, study_layers=layers)
    return "\n".join(compile_log.breaks_section(f, {}, compile_log._Writer(lang)))


EXPLAIN = {
    "en": ("`loss_with_breaks` (step_variants.py): 5 graphs, 4 breaks. On `loss_without_breaks`: 1 graph, 0 breaks.",
           "`loss_with_breaks` (step_variants.py): 2 graphs, 1 break. On `loss_without_breaks`: 2 graphs, 1 break."),
    "es": ("`loss_with_breaks` (step_variants.py): 5 grafos, 4 rupturas. Sobre `loss_without_breaks`: 1 grafo, "
           "0 rupturas.",
           "`loss_with_breaks` (step_variants.py): 2 grafos, 1 ruptura. Sobre `loss_without_breaks`: 2 grafos, "
           "1 ruptura."),
}
BLOCKS = {"en": ("Both steps on a MiniGPT of 1 block, each", "Both steps on a MiniGPT of 2 blocks, each"),
          "es": ("Los dos pasos sobre un MiniGPT de 1 bloque, cada", "Los dos pasos sobre un MiniGPT de 2 bloques, cada")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_graph_break_section_counts_graphs_breaks_and_blocks_in_number(lang):
    one = _breaks(lang, 1, Explained(1, 0, ()))
    assert EXPLAIN[lang][0] in one and BLOCKS[lang][0] in one
    # near miss: one break and two blocks
    more = _breaks(lang, 2, Explained(2, 1, ()), broken=Explained(2, 1, ()))
    assert EXPLAIN[lang][1] in more and BLOCKS[lang][1] in more


def _recompiles(lang: str, layers: int) -> str:
    call = ShapeCall(0, 64, 64, 1.0, False, (), "[64, 64]")
    f = Findings("cpu", "full", "2.13.0", study_layers=layers, recompile_limit=8,
                 policies={"static": PolicyRun("static", calls=[call], graphs=1, compile_s=1.0)})
    return "\n".join(compile_log.recompiles_section(f, {}, compile_log._Writer(lang)))


@pytest.mark.parametrize("lang, one, two", [
    ("en", "The study uses a MiniGPT of 1 block, same", "The study uses a MiniGPT of 2 blocks, same"),
    ("es", "El estudio usa un MiniGPT de 1 bloque, con", "El estudio usa un MiniGPT de 2 bloques, con"),
])
def test_the_recompile_study_names_its_blocks_in_number(lang, one, two):
    assert one in _recompiles(lang, 1) and two in _recompiles(lang, 2)


def _modes(lang: str, products: int) -> str:
    compared = ModeComparison(_ab(_ms(10, 9.9, 10.1), _ms(9, 8.9, 9.1)), "max-autotune", {"max_mm_configs": 4}, products)
    f = Findings("cpu", "full", "2.13.0", autotune=compared)
    return "\n".join(compile_log.modes_section(f, {"cuda_graphs": {"status": "skipped"}}, compile_log._Writer(lang)))


@pytest.mark.parametrize("lang, one, four", [
    ("en", "The implementations of 1 matrix product were benchmarked.",
     "The implementations of 4 matrix products were benchmarked."),
    ("es", "Se midieron las implementaciones de 1 producto de matrices.",
     "Se midieron las implementaciones de 4 productos de matrices."),
])
def test_the_bounded_search_counts_its_matrix_products_in_number(lang, one, four):
    assert one in _modes(lang, 1) and four in _modes(lang, 4)


@pytest.mark.parametrize("lang, one, three", [
    ("en", "(1 test program built now:", "(3 test programs built now:"),
    ("es", "(construyó ahora 1 programa de prueba:", "(construyó ahora 3 programas de prueba:"),
])
def test_the_vector_search_counts_its_test_programs_in_number(lang, one, three):
    def said(built: int) -> str:
        found = first_step_findings(measure.IsaSearch(1.25, built, "avx2"), warm_isa_s=None)
        f = Findings("cpu", "full", "2.13.0", first_step=found)
        return "\n".join(compile_log.first_step_section(f, {}, compile_log._Writer(lang)))
    assert one in said(1) and three in said(3)


@pytest.mark.parametrize("lang, one, two", [("en", "on average, on 1 core, while", "on average, on 2 cores, while"),
                                            ("es", "en 1 núcleo, mientras", "en 2 núcleos, mientras")])
def test_a_busy_machine_counts_its_cores_in_number(lang, one, two):
    def said(cores: int) -> str:
        f = Findings("cpu", "full", "2.13.0", busy=BusyWatch(cores=cores, samples=[cores, cores]))
        return compile_log.render(f, {}, lang)
    assert one in said(1) and two in said(2)


# -- Spanish: plural medians never agree with a singular "la otra" ---------------------------------

# "medianas ... de la otra" with no "cada" between them; "la una de la otra" agrees
MEDIANS_AGAINST_THE_OTHER = re.compile(r"\bmedianas\b(?:(?!\bcada\b)[^.;:])*(?<!la una )\bde la otra\b")


@pytest.mark.parametrize("text, wrong", [
    ("tiene medianas dentro del rango intercuartílico de la otra", True),
    ("las medianas caen fuera del rango intercuartílico de la otra", True),
    ("cada mediana cae dentro del rango intercuartílico de la otra", False),
    ("Dos medianas son iguales dentro del ruido cuando cada una cae dentro de los cuartiles de la otra", False),
    ("las dos medianas distan más de un 5 % y no cae cada una dentro de los cuartiles de la otra", False),
    ("sus medianas caen fuera del rango intercuartílico la una de la otra", False),
])
def test_plural_medians_against_the_other_are_found(text, wrong):
    assert bool(MEDIANS_AGAINST_THE_OTHER.search(text)) == wrong


def _joined_source(path: Path) -> str:
    """A module's text with adjacent string literals joined: "... de la " "otra" reads "de la otra"."""
    return re.sub(r'"\s*\n\s*f?"', "", path.read_text(encoding="utf-8"))


def test_the_spanish_words_and_page_never_make_plural_medians_agree_with_the_other():
    page = (ROOT / "docs" / "es" / "labs" / "compile_compare.md").read_text(encoding="utf-8")
    texts = [" ".join(page.split())] + [_joined_source(path) for path in (ROOT / "labs" / "compile_compare").glob("*.py")]
    assert [m.group(0) for text in texts for m in MEDIANS_AGAINST_THE_OTHER.finditer(text)] == []
