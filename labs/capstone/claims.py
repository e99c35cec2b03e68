"""The capstone's claims: the verdicts, regimes and winners its page and its REPORT state.

Each claim reads the run's manifest (see `labs.common.claims`); `report.py` calls the same
functions with the same run, so REPORT.md and the page cannot disagree. Counts are computed
here from the benchmark's rows, never copied from a summary metric the lab also wrote.
"""

from __future__ import annotations

from labs.common.claims import BAND_TEXT, SAME_BAND, ClaimError, Registry, Run, Said, Spread, band, num, percent
from labs.common.contract import LANGUAGES
from labs.common.formatting import format_number

CLAIMS = Registry("capstone")

# The clock a timing row names, in words (labs.common.measure.compare: device time on a GPU).
CLOCKS = {"device": ("device time", "tiempo de dispositivo"), "latency": ("latency", "latencia")}
# The course's band as a reader meets it beside a speedup: on both sides of 1 ("±5%", "±5 %").
BAND = {lang: "±" + BAND_TEXT[lang] for lang in LANGUAGES}


def _speedup(value: float, lang: str) -> str:
    """A speedup with three digits, or more while it would print as the band's edge as a reader takes
    it (1.0496 is "1.0496×", not "1.05×", beside "the same by the ±5% band"); an edge itself stays "1.05×"."""
    edges = (1.0 - SAME_BAND, 1.0 + SAME_BAND)
    for digits in range(3, 9):
        if all(format_number(value, "en", digits) != format_number(edge, "en", digits) for edge in edges):
            return num(value, lang, "×", digits)
    return num(value, lang, "×")


def _spreads(row: dict) -> tuple[Spread, Spread]:
    """The baseline's and the optimized module's median and quartiles, from one mlopt_timing row."""
    return (Spread(float(row["baseline_ms"]), float(row["baseline_q1_ms"]), float(row["baseline_q3_ms"])),
            Spread(float(row["optimized_ms"]), float(row["optimized_q1_ms"]), float(row["optimized_q3_ms"])))


@CLAIMS.claim("vs_torch_compile", condition=(
    "mlopt's optimized ResNet-18 against torch.compile of the original model, by the verdict of their own "
    "interleaved comparison of whole forward calls; a \"same\" says why, read from the row's quartiles: within "
    "the noise when each median lies inside the other's, else by the course's ±5% band; the run times whole "
    "calls only, so no cause is named"))
def vs_torch_compile(run: Run, _: None) -> Said:
    verdict = run.value("mlopt.vs_torch_compile.verdict")
    if verdict == "not_measured":
        return Said("not_measured", "This run did not time torch.compile (its preset leaves the long compile out).",
                    "Esta ejecución no midió torch.compile (su preajuste deja fuera la larga compilación).",
                    decided=False)
    row = next((r for r in run.rows("mlopt_timing") if r["baseline"] == "torch_compile"), None)
    if row is None:
        raise ClaimError(f"the run of capstone on {run.device} has no torch_compile row in mlopt_timing")
    ruled, within_noise = band(*_spreads(row))
    if ruled != verdict:    # the row's quartiles by the course's rule: a disagreement is a run to redo
        raise ClaimError(f"mlopt.vs_torch_compile.verdict is {verdict!r} but its mlopt_timing row's quartiles say "
                         f"{ruled!r}; re-run the lab")
    # speedup: torch.compile's time over the optimized module's (above 1: mlopt's rewrite is faster)
    timed = {lang: (f"the optimized module ran at {_speedup(row['speedup'], lang)} torch.compile's speed (a "
                    f"forward took {num(row['optimized_ms'], lang, 'ms')} against {num(row['baseline_ms'], lang, 'ms')}: "
                    f"medians of whole calls, {CLOCKS[row['clock']][0]}, from interleaved rounds)"
                    if lang == "en" else
                    f"el módulo optimizado corrió a {_speedup(row['speedup'], lang)} la velocidad de torch.compile "
                    f"(un forward tardó {num(row['optimized_ms'], lang, 'ms')} frente a "
                    f"{num(row['baseline_ms'], lang, 'ms')}: medianas de llamadas completas, "
                    f"{CLOCKS[row['clock']][1]}, de rondas alternas)")
             for lang in LANGUAGES}
    unmeasured = ("The run times whole calls, not the kernels inside them, so it does not say where the difference "
                  "comes from.",
                  "La ejecución mide llamadas completas, no los kernels que contienen, así que no dice de dónde sale "
                  "la diferencia.")
    if verdict == "faster":
        return Said("faster", f"On this run mlopt's rewrite beat torch.compile of the original model: {timed['en']}. "
                    f"{unmeasured[0]}",
                    f"En esta ejecución la reescritura de mlopt superó a torch.compile del modelo original: "
                    f"{timed['es']}. {unmeasured[1]}")
    if verdict == "slower":
        return Said("slower", f"On this run torch.compile of the original model beat mlopt's rewrite: {timed['en']}. "
                    f"{unmeasured[0]}",
                    f"En esta ejecución torch.compile del modelo original superó a la reescritura de mlopt: "
                    f"{timed['es']}. {unmeasured[1]}")
    return _same_said(row, timed, within_noise)


def _same_said(row: dict, timed: dict[str, str], within_noise: bool) -> Said:
    """mlopt's rewrite and torch.compile the same, and why: each median inside the other's quartiles
    (noise), or medians less than the band apart whose quartiles do not hold each other (the band)."""
    if within_noise:
        return Said("same_noise", "On this run mlopt's rewrite and torch.compile of the original model were as fast "
                    "as each other within the noise (each median lies inside the other's interquartile range): "
                    f"{timed['en']}.",
                    "En esta ejecución la reescritura de mlopt y torch.compile del modelo original fueron igual de "
                    "rápidas dentro del ruido (cada mediana cae dentro del rango intercuartílico de la otra): "
                    f"{timed['es']}.")
    baseline, optimized = _spreads(row)
    apart = abs(optimized.median / baseline.median - 1.0) * 100
    return Said("same_band", f"On this run mlopt's rewrite and torch.compile of the original model were as fast as "
                f"each other by the course's {BAND['en']} band, not within the noise: their medians lie "
                f"{percent(apart, 'en')} apart, under the band, but do not both lie inside the other's interquartile "
                f"range: {timed['en']}.",
                f"En esta ejecución la reescritura de mlopt y torch.compile del modelo original fueron igual de "
                f"rápidas según la banda del {BAND['es']} del curso, no dentro del ruido: sus medianas distan un "
                f"{percent(apart, 'es')}, menos que la banda, pero no caen las dos dentro del rango intercuartílico "
                f"de la otra: {timed['es']}.")


def _as_shown(value: float) -> float:
    """A figure rounded to the three significant digits a sentence shows, first, so that 9.9996 and
    10.003 both read 10.0 (formatting alone writes "10.00" for the one and "10.0" for the other)."""
    return float(f"{value:.3g}")


@CLAIMS.claim("mlopt_peak", condition=(
    "the measured peak memory of one forward before and after mlopt's passes: unchanged when the two show the "
    "same figure at three significant digits (a change rounding hides is not called one), else both figures"))
def mlopt_peak(run: Run, _: None) -> Said:
    before, after = (_as_shown(float(run.value(key))) for key in ("mlopt.peak_mib_eager", "mlopt.peak_mib_optimized"))
    shown = {lang: (num(before, lang, "MiB"), num(after, lang, "MiB")) for lang in LANGUAGES}
    if before == after:
        return Said("unchanged", f"was {shown['en'][0]} before the passes and after them, the same to three "
                    "significant digits",
                    f"fue de {shown['es'][0]} antes y después de las pasadas, igual con tres cifras "
                    "significativas")
    return Said("changed", f"went from {shown['en'][0]} to {shown['en'][1]}",
                f"pasó de {shown['es'][0]} a {shown['es'][1]}")


# The baselines memfuse is held against: the ratio column each one has in `kernel_bench`
# (its time over memfuse's, from its own interleaved comparison) and "against it" in prose.
BASELINES = {
    "default": ("vs_default", ("Against Inductor's default mode", "Frente al modo por defecto de Inductor")),
    "max_autotune": ("vs_max_autotune", ("Against max-autotune", "Frente a max-autotune")),
    "best_inductor": (None, ("Against the faster of Inductor's two modes, case by case",
                             "Frente al más rápido de los dos modos de Inductor, caso a caso")),
    "library": ("vs_library", ("Against the library epilogue (`torch._addmm_activation`)",
                               "Frente al epílogo de la biblioteca (`torch._addmm_activation`)")),
}
IMPLEMENTATIONS = {"memfuse": ("memfuse", "memfuse"), "default": ("Inductor's default", "el modo por defecto"),
                   "max_autotune": ("max-autotune", "max-autotune"),
                   "library": ("the library epilogue", "el epílogo de la biblioteca")}


def _ratio(row: dict, baseline: str) -> float | None:
    """The baseline's time over memfuse's for one case (above 1: memfuse is faster), or None."""
    if baseline == "best_inductor":
        ratios = [r for r in (_ratio(row, "default"), _ratio(row, "max_autotune")) if r is not None]
        return min(ratios) if ratios else None   # the faster baseline is the smaller ratio
    value = row.get(BASELINES[baseline][0])
    return None if value in (None, "", "—") else float(value)


def _case(row: dict) -> str:
    return f"M={row['rows']} {row['dtype']}"


def _reached_es(met: int) -> str:
    """The verb agrees with the count of cases: "1 de 2 casos lo alcanzó", "3 de 6 casos lo alcanzaron"."""
    return "lo alcanzó" if met == 1 else "lo alcanzaron"


@CLAIMS.claim("target", subjects=tuple(BASELINES), condition=(
    "memfuse meets the speed target against a baseline when every case's baseline time over memfuse's "
    "reaches bench.target; the count of cases that reach it is read from the kernel_bench rows"))
def target(run: Run, baseline: str) -> Said:
    goal = float(run.value("bench.target"))
    rows = run.rows("kernel_bench")
    ratios = [(r, _case(row)) for row in rows if (r := _ratio(row, baseline)) is not None]
    name = BASELINES[baseline][1]
    if not ratios:
        return Said("not_measured", f"{name[0]}: not measured on this run.",
                    f"{name[1]}: no medido en esta ejecución.", decided=False)
    if baseline == "best_inductor" and all(_ratio(row, "max_autotune") is None for row in rows):
        name = ("Against Inductor's default mode, the only one this run measured",
                "Frente al modo por defecto de Inductor, el único que midió esta ejecución")
    met = sum(1 for r, _ in ratios if r >= goal)
    worst, worst_case = min(ratios)
    count = len(ratios)
    if met == count:
        return Said("met", f"{name[0]}: target met in {met} of {count} cases (the lowest ratio, {worst_case}, "
                    f"at {num(worst, 'en', '×')}).",
                    f"{name[1]}: objetivo cumplido en {met} de {count} casos (el menor cociente, "
                    f"{worst_case}, de {num(worst, 'es', '×')}).")
    return Said("missed", f"{name[0]}: target missed; {met} of {count} cases reached it, the worst, "
                f"{worst_case}, at {num(worst, 'en', '×')} against {num(goal, 'en', '×')}.",
                f"{name[1]}: objetivo no cumplido; {met} de {count} casos {_reached_es(met)}; el peor, "
                f"{worst_case}, quedó en {num(worst, 'es', '×')} frente a {num(goal, 'es', '×')}.")


def _standing(row: dict) -> tuple[str, list[str]]:
    """Where memfuse stands in one case, from each baseline's own interleaved comparison with it
    (the baselines are never timed against each other, so they are not ranked): ("memfuse", [])
    when it was faster than every baseline beyond the band, ("beaten", the faster baselines) when
    any was faster beyond it, else ("close", the baselines within the band)."""
    ratios = {b: r for b in ("default", "max_autotune", "library") if (r := _ratio(row, b)) is not None}
    faster = [b for b, r in ratios.items() if r <= 1.0 - SAME_BAND]
    if faster:
        return "beaten", faster
    close = [b for b, r in ratios.items() if abs(r - 1.0) < SAME_BAND]
    return ("close", close) if close else ("memfuse", [])


def _listed(names: list[str], conjunction: str) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + conjunction + names[-1]


FASTEST_WORDS = {
    "en": {"head": "Against memfuse, each baseline in its own interleaved comparison (the baselines are not timed "
                   "against one another)",
           "memfuse": "memfuse faster than every baseline", "beaten": "a baseline faster than memfuse",
           "close": f"memfuse not measurably apart from the baselines named (within {BAND_TEXT['en']})",
           "and": " and "},
    "es": {"head": "Frente a memfuse, cada referencia en su propia comparación intercalada (las referencias no se "
                   "miden entre sí)",
           "memfuse": "memfuse más rápido que todas las referencias", "beaten": "una referencia más rápida que memfuse",
           "close": f"memfuse sin diferencia medible con las referencias nombradas (a menos del {BAND_TEXT['es']})",
           "and": " y "},
}


@CLAIMS.claim("fastest", condition=(
    "per case, memfuse against each baseline in that baseline's own comparison: faster than every one beyond "
    "the 5 % band, beaten by the baselines faster beyond it, or within the band of the rest; the baselines "
    "are not ranked against each other (they were never timed together)"))
def fastest(run: Run, _: None) -> Said:
    rows = run.rows("kernel_bench")
    if not rows:
        raise ClaimError(f"the run of capstone on {run.device} has no kernel_bench rows")
    standings = [(_case(row), *_standing(row)) for row in rows]
    said = {}
    for i, lang in enumerate(LANGUAGES):
        words = FASTEST_WORDS[lang]
        groups = []
        for kind in ("memfuse", "beaten", "close"):
            cases = [case + (f" ({_listed([IMPLEMENTATIONS[b][i] for b in names], words['and'])})" if names else "")
                     for case, standing, names in standings if standing == kind]
            if cases:
                groups.append(f"{words[kind]}: {', '.join(cases)}")
        said[lang] = f"{words['head']} — {'; '.join(groups)}."
    kinds = {standing for _, standing, _ in standings}
    outcome = kinds.pop() if len(kinds) == 1 else "split"
    return Said(outcome, said["en"], said["es"])


# Decode's regime from the best decode's read rate over the measured copy bandwidth.
MEMORY_BOUND_SHARE, LATENCY_BOUND_SHARE = 50.0, 25.0


@CLAIMS.claim("decode_regime", condition=(
    f"bound by memory when the best decode reads at least {MEMORY_BOUND_SHARE:g} % of the measured copy "
    f"bandwidth; below {LATENCY_BOUND_SHARE:g} % not bound by memory, without naming what bounds it; in between, memory is a large share "
    "but not the whole step"))
def decode_regime(run: Run, _: None) -> Said:
    share = float(run.value("gpt2.best_copy_share"))
    tpot = float(run.value("gpt2.best_tpot_ms"))
    # The share counts the bytes that decode step reads (weights and its KV cache), so the time
    # set beside it is those bytes at the copy rate, not the weights-only floor.
    same_bytes = tpot * share / 100
    read = {lang: (f"its best decode reads {num(share, lang, '%')} of the copy bandwidth "
                   f"({num(tpot, lang, 'ms')} per token, where moving that step's bytes at the copy rate "
                   f"takes {num(same_bytes, lang, 'ms')})"
                   if lang == "en" else
                   f"su mejor decodificación lee el {num(share, lang, '%')} del ancho de banda de copia "
                   f"({num(tpot, lang, 'ms')} por token, cuando mover los bytes de ese paso a la velocidad de "
                   f"copia lleva {num(same_bytes, lang, 'ms')})")
            for lang in LANGUAGES}
    if share >= MEMORY_BOUND_SHARE:
        return Said("memory", f"On this run decoding is bound by memory: {read['en']}, so streaming the weights "
                    "is most of each step.",
                    f"En esta ejecución la decodificación está limitada por la memoria: {read['es']}, así que "
                    "leer los pesos es la mayor parte de cada paso.")
    if share < LATENCY_BOUND_SHARE:
        return Said("latency", f"On this run decoding is not bound by memory: {read['en']}. Streaming the "
                    "weights is a small part of each step; what the rest is spent on, this run does not measure.",
                    f"En esta ejecución la decodificación no está limitada por la memoria: {read['es']}. Leer los "
                    "pesos es una parte pequeña de cada paso; en qué se va el resto, esta ejecución no lo mide.")
    return Said("mixed", f"On this run memory is a large share of decoding but not all of it: {read['en']}; "
                "what the rest of each step is spent on, this run does not measure.",
                f"En esta ejecución la memoria es una parte grande de la decodificación, pero no toda: "
                f"{read['es']}; en qué se va el resto de cada paso, esta ejecución no lo mide.")


@CLAIMS.claim("seed_ttft", condition=(
    "the seed's TTFT estimate (e2e ÷ tokens) over the TTFT measured at the token, lowest and highest over the "
    "measured cells, with two digits or more where two would show a ratio just off 1 as 1.0: one figure when "
    "both show the same, a range otherwise"))
def seed_ttft(run: Run, _: None) -> Said:
    low, high = float(run.value("gpt2.seed_ttft_low")), float(run.value("gpt2.seed_ttft_high"))
    # 1.003 is above the TTFT, which the exercise counts as reaching it: never "1.0×"
    shown = {lang: (_times(low, lang), _times(high, lang)) for lang in LANGUAGES}
    if shown["en"][0] == shown["en"][1]:
        return Said("one", f"The seed's TTFT estimate, e2e ÷ tokens, was {shown['en'][0]} the TTFT measured at the "
                    "token in every measured cell.",
                    f"La estimación del TTFT del enunciado, e2e ÷ tokens, fue {shown['es'][0]} el TTFT medido en el "
                    "token en todas las combinaciones medidas.")
    return Said("range", f"The seed's TTFT estimate, e2e ÷ tokens, was between {shown['en'][0]} and {shown['en'][1]} "
                "the TTFT measured at the token.",
                f"La estimación del TTFT del enunciado, e2e ÷ tokens, fue de entre {shown['es'][0]} y "
                f"{shown['es'][1]} el TTFT medido en el token.")


def _times(value: float, lang: str) -> str:
    """A ratio to 1 as "0.62×", with more digits where two would show one short of 1 as "1.0×"."""
    for digits in range(2, 7):
        if value == 1 or float(format_number(value, "en", digits).replace(",", "")) != 1:
            break
    return num(value, lang, "×", digits)


def _span(values: list[float], lang: str) -> str:
    low, high = _times(min(values), lang), _times(max(values), lang)
    if low == high:
        return low
    return f"{low} to {high}" if lang == "en" else f"de {low} a {high}"


# Where each backend's estimate lies against the measured TTFT: the sentence names the sides in this order.
SEED_WORDS = {
    "en": {"head": "The seed's estimate, e2e ÷ tokens,", "and": " and ",
           "all_short": "fell short of the TTFT measured at the token for {every}: {names}",
           "every": "every backend", "only": "the only backend this run measured",
           "against": "against the TTFT measured at the token: {sides}",
           "short": "below it in every workload for", "mixed": "below it in some workloads only for",
           "reached": "at or above it in every workload for"},
    "es": {"head": "La estimación del enunciado, e2e ÷ tokens,", "and": " y ",
           "all_short": "se quedó por debajo del TTFT medido en el token con {every}: {names}",
           "every": "todos los backends", "only": "el único backend que midió esta ejecución",
           "against": "frente al TTFT medido en el token: {sides}",
           "short": "por debajo en todas las cargas con", "mixed": "por debajo solo en algunas cargas con",
           "reached": "igual o por encima en todas las cargas con"},
}


@CLAIMS.claim("seed_ttft_backends", condition=(
    "per backend, the seed's TTFT estimate (e2e ÷ tokens) over the TTFT measured at the token in each of its "
    "measured cells of llm_gpt2: short when below 1 in every cell, reached when at or above 1 in every cell, "
    "mixed otherwise; each backend is named with its lowest and highest ratio"))
def seed_ttft_backends(run: Run, _: None) -> Said:
    ratios: dict[str, list[float]] = {}
    for row in run.rows("llm_gpt2"):
        if row.get("measured", "yes") == "yes" and row.get("ttft_p50_ms"):
            ratios.setdefault(row["backend"], []).append(row["seed_ttft_ms"] / row["ttft_p50_ms"])
    if not ratios:
        raise ClaimError(f"the run of capstone on {run.device} has no measured cell in llm_gpt2")
    sides = {backend: "short" if max(values) < 1 else "reached" if min(values) >= 1 else "mixed"
             for backend, values in ratios.items()}
    outcome = {frozenset({"short"}): "all_short", frozenset({"reached"}): "none_short"}.get(
        frozenset(sides.values()), "some_short")
    return Said(outcome, *(_seed_sentence(ratios, sides, lang) for lang in LANGUAGES))


def _seed_sentence(ratios: dict[str, list[float]], sides: dict[str, str], lang: str) -> str:
    words = SEED_WORDS[lang]
    named = {side: _listed([f"{b} ({_span(ratios[b], lang)})" for b in ratios if sides[b] == side], words["and"])
             for side in ("short", "mixed", "reached") if side in sides.values()}
    if set(named) == {"short"}:
        every = words["every"] if len(ratios) > 1 else words["only"]
        return f"{words['head']} {words['all_short'].format(every=every, names=named['short'])}."
    said = "; ".join(f"{words[side]} {names}" for side, names in named.items())
    return f"{words['head']} {words['against'].format(sides=said)}."


TIMED_TABLES = {"minigpt": "llm_minigpt", "gpt2": "llm_gpt2"}


def _events(row: dict, compiles: int, graphs: int, lang: str) -> str:
    cell = row["backend"] + (f" {row['workload']}" if "workload" in row else "")
    if lang == "en":
        return (f"{cell}: {compiles} compile{'s' * (compiles != 1)}, "
                f"{graphs} CUDA graph{'s' * (graphs != 1)} recorded")
    return (f"{cell}: {compiles} {'compilación' if compiles == 1 else 'compilaciones'}, "
            f"{graphs} {'CUDA graph grabado' if graphs == 1 else 'CUDA graphs grabados'}")


@CLAIMS.claim("timed_compiles", subjects=tuple(TIMED_TABLES), condition=(
    "a compile (Dynamo's unique graphs) or a CUDA graph recorded between the start and the end of a cell's "
    "timed generations is named with its backend; none anywhere says the tails are not a warm-up left over"))
def timed_compiles(run: Run, table: str) -> Said:
    rows = [row for row in run.rows(TIMED_TABLES[table]) if row.get("measured", "yes") == "yes"]
    if not rows or any(row.get("timed_compiles") is None for row in rows):
        return Said("not_counted", "This run did not count compiles and CUDA graph recordings inside the timed "
                    "generations, so it cannot say whether a long tail is a warm-up left over.",
                    "Esta ejecución no contó las compilaciones ni las grabaciones de CUDA graphs dentro de las "
                    "generaciones cronometradas, así que no puede decir si una cola larga es un calentamiento "
                    "que quedó pendiente.", decided=False)
    found = [(row, int(row["timed_compiles"]), int(row["timed_graphs"])) for row in rows
             if row["timed_compiles"] or row["timed_graphs"]]
    if not found:
        return Said("none", "No compile and no CUDA graph recording fell inside the timed generations of any "
                    "backend (Dynamo's counters and cudagraph trees' graph ids, read before and after): the "
                    "warm-up was complete, and a long tail is not a compile.",
                    "Ninguna compilación ni grabación de CUDA graph cayó dentro de las generaciones cronometradas "
                    "de ningún backend (contadores de Dynamo e identificadores de grafo de cudagraph trees, "
                    "leídos antes y después): el calentamiento estaba completo, y una cola larga no es una "
                    "compilación.")
    where = {lang: "; ".join(_events(row, c, g, lang) for row, c, g in found) for lang in LANGUAGES}
    return Said("inside", f"Work that belongs to the warm-up fell inside the timed generations — {where['en']} — "
                "so those generations' tail percentiles include it: the serving warm-up was not complete.",
                f"Trabajo propio del calentamiento cayó dentro de las generaciones cronometradas — {where['es']} — "
                "así que los percentiles de cola de esas generaciones lo incluyen: el calentamiento de servicio "
                "no estaba completo.")


@CLAIMS.claim("batching", condition=(
    "from the fewest to the most requests in flight, throughput's gain against the batch ratio: beyond the "
    f"ratio's {BAND_TEXT['en']} band more than in proportion (unexplained by batching), inside the band in "
    "proportion, below it but at least half the ratio half or more, under 1.5× little, in between partly; "
    "no regime is named (a latency-bound step and one bound by reading the weights a batch shares both scale "
    "with the batch)"))
def batching(run: Run, _: None) -> Said:
    if "llm_concurrency" not in run.manifest.get("tables", {}):
        return Said("not_measured", "This run did not measure several requests in flight.",
                    "Esta ejecución no midió varias peticiones en curso.", decided=False)
    rows = sorted(run.rows("llm_concurrency"), key=lambda row: row["batch"])
    if len(rows) < 2:
        raise ClaimError(f"the run of capstone on {run.device} has fewer than two batch sizes in llm_concurrency")
    low, high = rows[0], rows[-1]
    ratio = high["batch"] / low["batch"]
    gain = high["throughput_tok_s"] / low["throughput_tok_s"]
    tpots = (low["tpot_p50_ms"], high["tpot_p50_ms"]) if low["tpot_p50_ms"] and high["tpot_p50_ms"] else None
    said = {lang: (f"from {low['batch']} to {high['batch']} requests in flight throughput grew "
                   f"{num(gain, lang, '×')}" + (f" while each request's TPOT went from {num(tpots[0], lang, 'ms')} "
                                                f"to {num(tpots[1], lang, 'ms')}" if tpots else "")
                   if lang == "en" else
                   f"de {low['batch']} a {high['batch']} peticiones en curso el rendimiento creció "
                   f"{num(gain, lang, '×')}" + (f" mientras el TPOT de cada petición pasó de "
                                                f"{num(tpots[0], lang, 'ms')} a {num(tpots[1], lang, 'ms')}"
                                                if tpots else ""))
            for lang in LANGUAGES}
    # what a service can sell: throughput only counts where the requests met their latency target
    good = {"en": "", "es": ""}
    if "goodput_tok_s" in low and "goodput_tok_s" in high:
        good = {"en": f" Goodput, the tokens of requests that met the latency target, went from "
                      f"{num(low['goodput_tok_s'], 'en', 'tok/s')} to {num(high['goodput_tok_s'], 'en', 'tok/s')}.",
                "es": f" El rendimiento útil (goodput), los tokens de las peticiones que cumplieron el objetivo de "
                      "latencia, pasó de "
                      f"{num(low['goodput_tok_s'], 'es', 'tok/s')} a {num(high['goodput_tok_s'], 'es', 'tok/s')}."}

    def told(outcome: str, en: str, es: str) -> Said:
        return Said(outcome, en + good["en"], es + good["es"])

    unseparated = ("What bounded the one-request step, waiting on each step or reading weights that a batch "
                   "shares, the sweep does not separate: both let a batch ride along.",
                   "Qué limitaba el paso de una sola petición, la espera de cada paso o la lectura de unos pesos "
                   "que el lote comparte, el barrido no lo separa: las dos cosas dejan que un lote viaje gratis.")
    if gain > ratio * (1 + SAME_BAND):
        return told("more_than_proportion", f"On this run {said['en']}: throughput grew more than the number of "
                    "requests, so a request's step was quicker beside the others than alone. Sharing a step "
                    "explains up to as many times the throughput as requests, not more; what made the one-request "
                    "step slower, the sweep does not measure.",
                    f"En esta ejecución, {said['es']}: el rendimiento creció más que el número de peticiones, así "
                    "que el paso de una petición fue más rápido junto a las demás que sola. Compartir un paso "
                    "explica hasta tantas veces el rendimiento como peticiones, no más; qué hizo más lento el paso "
                    "de una sola petición, el barrido no lo mide.")
    # the band is the course's noise band, on both sides of the ratio: 16.2× for 16× is in proportion
    if gain >= ratio * (1 - SAME_BAND):
        return told("in_proportion", f"On this run {said['en']}: in proportion to the number of requests, which "
                    f"grew {num(ratio, 'en', '×')} (within the course's {BAND_TEXT['en']} band). {unseparated[0]}",
                    f"En esta ejecución, {said['es']}: en proporción al número de peticiones, que creció "
                    f"{num(ratio, 'es', '×')} (dentro de la banda del {BAND_TEXT['es']} del curso). {unseparated[1]}")
    if gain >= ratio / 2:
        return told("half_or_more", f"On this run {said['en']}: at least half as much as the number of requests, "
                    f"which grew {num(ratio, 'en', '×')}, but less than in proportion. {unseparated[0]}",
                    f"En esta ejecución, {said['es']}: al menos la mitad de lo que creció el número de peticiones "
                    f"({num(ratio, 'es', '×')}), pero menos que en proporción. {unseparated[1]}")
    if gain < 1.5:
        return told("little", f"On this run {said['en']}: batching bought little; each step's time grew almost "
                    "with the number of requests, so one request already kept the step about as busy as many.",
                    f"En esta ejecución, {said['es']}: agrupar aportó poco; el tiempo de cada paso creció casi tanto "
                    "como el número de peticiones, así que una sola petición ya ocupaba el paso casi tanto como "
                    "muchas.")
    return told("partly", f"On this run {said['en']}: batching paid, but less than half as much as the number of "
                f"requests, which grew {num(ratio, 'en', '×')}. {unseparated[0]}",
                f"En esta ejecución, {said['es']}: agrupar compensó, pero menos de la mitad de lo que creció el número "
                f"de peticiones ({num(ratio, 'es', '×')}). {unseparated[1]}")


PROJECTS = ("mlopt", "memfuse", "llm_bench")


@CLAIMS.claim("day70", subjects=PROJECTS, condition=(
    "one paragraph per project: its headline figure, what it shows and what would change it, each part "
    "decided by the run (mlopt by its verdict against eager, memfuse by the fastest implementation per case, "
    "llm_bench by decode's regime)"))
def day70(run: Run, project: str) -> Said:
    return {"mlopt": _day70_mlopt, "memfuse": _day70_memfuse, "llm_bench": _day70_llm}[project](run)


def _day70_mlopt(run: Run) -> Said:
    verdict, speedup = run.value("mlopt.vs_eager.verdict"), float(run.value("mlopt.vs_eager.speedup"))
    folded, fused = run.value("mlopt.fold.found"), run.value("mlopt.fusion.found")
    head = {"en": f"The optimized ResNet-18 ran at {num(speedup, 'en', '×')} of eager's speed "
                  f"({verdict}, by the course's verdict rule) after folding {folded} batch norms and grouping "
                  f"{fused} element-wise chains, verified against eager.",
            "es": f"La ResNet-18 optimizada corrió a {num(speedup, 'es', '×')} de la velocidad de eager "
                  f"({ {'faster': 'más rápida', 'slower': 'más lenta', 'same': 'igual'}.get(verdict, verdict) }, "
                  f"según la regla de veredictos del curso) tras plegar {folded} batch norms y agrupar {fused} "
                  "cadenas elemento a elemento, verificada frente a eager."}
    if verdict == "faster":
        return Said("faster", head["en"] + " Folding removes a pass over every activation; that is the gain. A code "
                    "generator that turned each fused group into one kernel would add fusion's share, which eager "
                    "execution cannot show.",
                    head["es"] + " El plegado elimina una pasada sobre cada activación; esa es la ganancia. Un "
                    "generador de código que convirtiera cada grupo fusionado en un kernel añadiría la parte de la "
                    "fusión, que la ejecución eager no puede mostrar.")
    return Said("not_faster", head["en"] + " Rewriting the graph alone buys little here: fusion only regroups nodes "
                "until a code generator emits one kernel per group, and a folded batch norm is one cheap pass. "
                "What would change it: lowering the groups to fused kernels (what torch.compile does), or a model "
                "where normalization passes dominate.",
                head["es"] + " Reescribir el grafo por sí solo aporta poco aquí: la fusión solo reagrupa nodos hasta "
                "que un generador de código emite un kernel por grupo, y una batch norm plegada es una pasada "
                "barata. Lo que lo cambiaría: convertir los grupos en kernels fusionados (lo que hace "
                "torch.compile), o un modelo en el que dominen las pasadas de normalización.")


def _day70_memfuse(run: Run) -> Said:
    said = {lang: " ".join([*(target(run, b).text(lang) for b in ("best_inductor", "library")),
                            fastest(run, None).text(lang)]) for lang in LANGUAGES}
    head = {"en": said["en"], "es": said["es"]}
    if run.device == "cpu":
        return Said("cpu", head["en"] + " On a CPU memfuse's operator is ATen's two calls, so this compares ATen "
                    "with Inductor's C++ and the library call; the Triton kernel itself is measured on a GPU only, "
                    "and a GPU run is what would say whether its fused epilogue pays.",
                    head["es"] + " En una CPU el operador de memfuse son las dos llamadas de ATen, así que esto "
                    "compara ATen con el C++ de Inductor y con la llamada de la biblioteca; el kernel Triton solo "
                    "se mide en una GPU, y es una ejecución en GPU la que diría si su epílogo fusionado compensa.")
    if fastest(run, None).outcome == "memfuse":
        return Said("memfuse", head["en"] + " The hand-written epilogue kernel was faster than every baseline in "
                    "every case. It applies GELU as the matmul's tiles are stored, where Inductor's default code "
                    "runs a second kernel over the product (its strategy column); the run times whole calls, so it "
                    "does not say how much of the gain that round trip is. A library that fused the same epilogue, "
                    "or larger shapes where the matmul's own tiling dominates, could change the result.",
                    head["es"] + " El kernel escrito a mano con el epílogo fue más rápido que todas las referencias "
                    "en todos los casos. Aplica la GELU al almacenar las teselas del producto, donde el código del "
                    "modo por defecto de Inductor ejecuta un segundo kernel sobre el producto (su columna de "
                    "estrategia); la ejecución mide llamadas completas, así que no dice qué parte de la ganancia "
                    "es ese viaje de ida y vuelta. Una biblioteca que fusionara el mismo epílogo, o formas mayores "
                    "en las que domine el teselado del propio producto, podrían cambiar el resultado.")
    return Said("other", head["en"] + " Where a baseline is faster, this run does not say why: it times whole "
                "calls. The library's matmul tiles each shape its own way, memfuse picks among eight autotuned "
                "tiles; trying tiles searched per shape, or a persistent kernel for the large cases, is how to "
                "find out whether that is the difference.",
                head["es"] + " Donde una referencia es más rápida, esta ejecución no dice por qué: mide llamadas "
                "completas. El producto de la biblioteca tesela cada forma a su manera, y memfuse elige entre ocho "
                "teselas ajustadas automáticamente; probar teselas buscadas para cada forma, o un kernel persistente "
                "para los casos grandes, es la manera de saber si esa es la diferencia.")


def _day70_llm(run: Run) -> Said:
    regime = decode_regime(run, None)
    tpot = float(run.value("gpt2.best_tpot_ms"))
    head = {"en": f"The best decode of the GPT-2-shaped model took {num(tpot, 'en', 'ms')} per token. "
                  f"{regime.en}",
            "es": f"La mejor decodificación del modelo con forma de GPT-2 tardó {num(tpot, 'es', 'ms')} "
                  f"por token. {regime.es}"}
    if regime.outcome == "latency":
        return Said("latency", head["en"] + " What would change it: several requests per step (batching), and "
                    "fewer, longer kernels per step (CUDA graphs remove launches, not kernel time).",
                    head["es"] + " Lo que lo cambiaría: varias peticiones por paso (lotes) y menos kernels, más "
                    "largos, por paso (los CUDA graphs eliminan lanzamientos, no tiempo de kernel).")
    if regime.outcome == "memory":
        return Said("memory", head["en"] + " What would change it: fewer bytes per token — weights in 8 or 4 bits, "
                    "or a smaller KV cache — since memory is most of the step.",
                    head["es"] + " Lo que lo cambiaría: menos bytes por token —pesos en 8 o 4 bits, o una caché KV "
                    "más pequeña—, porque la memoria es la mayor parte del paso.")
    return Said("mixed", head["en"] + " What would change it: both fewer bytes per token (weights in 8 or 4 bits) "
                "and less work around the weights' reads (fewer, fused kernels per step).",
                head["es"] + " Lo que lo cambiaría: a la vez menos bytes por token (pesos en 8 o 4 bits) y menos "
                "trabajo alrededor de la lectura de los pesos (menos kernels por paso, fusionados).")


@CLAIMS.claim("autotune_loss", devices=("cuda",), condition=(
    "per case where max-autotune was more than 5 % slower than the default (each relative to memfuse): if its "
    "code kept the default's strategy (the same library matmul), the loss lies outside the GEMM choice; if it "
    "chose another kernel, its own autotuning benchmark picked a kernel that ran slower in the full graph"))
def autotune_loss(run: Run, _: None) -> Said:
    slower: dict[bool, list[tuple[str, float]]] = {True: [], False: []}   # kept the default's strategy?
    for row in run.rows("kernel_bench"):
        default, tuned = _ratio(row, "default"), _ratio(row, "max_autotune")
        if default is not None and tuned is not None and tuned > default * (1 + SAME_BAND):
            slower[row.get("max_strategy") == row.get("default_strategy")].append((_case(row), tuned / default))
    if not slower[True] and not slower[False]:
        return Said("not_slower", f"max-autotune was nowhere more than {BAND_TEXT['en']} slower than the default on "
                    "this run.",
                    f"max-autotune no fue en ningún caso más de un {BAND_TEXT['es']} más lento que el modo por defecto "
                    "en esta ejecución.")
    listed = {(kept, lang): ", ".join(f"{case} ({num(times, lang, '×')} the default's time)" if lang == "en" else
                                      f"{case} ({num(times, lang, '×')} el tiempo del modo por defecto)"
                                      for case, times in slower[kept]) for kept in (True, False) for lang in LANGUAGES}
    en, es = [], []
    if slower[True]:
        en.append(f"In {listed[True, 'en']} max-autotune's code kept the default's strategy (the library matmul, "
                  "then a GELU kernel) and was still slower, so the GEMM search is not what lost the time: it lies "
                  "in what else the mode changes (the GELU kernel's configuration, the layouts it fixes), which "
                  "this run does not separate.")
        es.append(f"En {listed[True, 'es']} el código de max-autotune mantuvo la estrategia del modo por defecto (el "
                  "producto de la biblioteca y después un kernel de GELU) y aun así fue más lento, así que no es la "
                  "búsqueda de GEMM la que perdió el tiempo: está en lo demás que cambia el modo (la configuración "
                  "del kernel de GELU, los formatos que fija), que esta ejecución no separa.")
    if slower[False]:
        en.append(f"In {listed[False, 'en']} it chose another kernel than the default's, the fastest of its own "
                  "autotuning benchmark, and that kernel ran slower in the compiled graph; the candidates it timed "
                  "are listed below when this torch reports them.")
        es.append(f"En {listed[False, 'es']} eligió un kernel distinto del del modo por defecto, el más rápido de "
                  "su propia medición de ajuste, y ese kernel fue más lento dentro del grafo compilado; los "
                  "candidatos que midió se listan abajo cuando esta versión de torch los da.")
    outcome = "same_choice" if not slower[False] else "other_choice" if not slower[True] else "both"
    return Said(outcome, " ".join(en), " ".join(es))
