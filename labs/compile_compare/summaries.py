"""Sentences that summarise what the lab measured, computed from every row, in English and Spanish.

Each function takes plain rows (no torch), so tests feed it runs whose verdicts disagree:
a comparison whose two clocks disagree, policies that tie, comparisons that split between
faster, slower and the same. The sentences end without a period; callers add one.

"The same" is `measure.verdict`'s rule, which has two reasons: each median inside the other's
quartiles (the same within the noise), or medians less than SAME_BAND apart although they do
not each lie inside the other's quartiles (the same by the course's band: a small difference
the course does not call). Quartiles that overlap are not enough for the first: 52.3 (50.2 to
53.9) against 53.3 (52.8 to 56.9) overlap, yet 52.3 lies outside 52.8 to 56.9, so that pair is
the same by the band. The sentences name the reason, so that "the same within the noise"
never stands beside a median outside the other's quartiles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from labs.common import prose
from labs.common.claims import COMPILE_NOISE, SAME_BAND, num, percent
from labs.common.contract import LANGUAGES
from labs.common.formatting import format_number, with_unit

CLOCK_NAMES = {"en": {"latency": "latency", "device": "device time"},
               "es": {"latency": "latencia", "device": "tiempo de dispositivo"}}
WORDS = {
    "en": {"on": "on", "both": "on both clocks", "every": "every policy", "recompiled": "recompiled",
           "times": ("time", "times"), "fewest": "fewest recompilations", "most": "most",
           "shortest": "shortest compile", "longest": "longest",
           "same_compile": "every policy compiled in the same time",
           "within_noise": "compile times from {fast} to {slow}, within the {noise} by which one cold compile of "
                           "the same code can vary: no policy compiled measurably faster",
           "predicted_all": "every policy recompiled as predicted", "predicted_not": "not as predicted",
           "against": "against", "predicted": "predicted", "of": "of", "in": "in",
           "comparisons": "one-change comparisons", "candidate": "the changed step was"},
    "es": {"on": "en", "both": "en los dos relojes", "every": "todas las políticas", "recompiled": "recompilaron",
           "times": ("vez", "veces"), "fewest": "menos recompilaciones", "most": "más",
           "shortest": "compilación más corta", "longest": "más larga",
           "same_compile": "todas compilaron en el mismo tiempo",
           "within_noise": "compilaciones de {fast} a {slow}, dentro del {noise} que puede variar una compilación "
                           "en frío del mismo código: ninguna política compiló mediblemente más rápido",
           "predicted_all": "todas recompilaron como se predijo", "predicted_not": "no como se predijo",
           "against": "frente a", "predicted": "previstas", "of": "de", "in": "en",
           "comparisons": "comparaciones de un solo cambio", "candidate": "el paso con el cambio fue"},
}

BAND = {lang: "±" + num(round(SAME_BAND * 100), lang, "%") for lang in LANGUAGES}   # "±5%", "±5 %"
# A verdict and its reason, in the order sentences list them.
KINDS = ("faster", "same_noise", "same_band", "slower")
# Each kind's words, (singular, plural): "its step was faster", "sus pasos fueron más rápidos".
VERDICT_WORDS = {
    "en": {"faster": ("faster", "faster"), "slower": ("slower", "slower"),
           "same_noise": ("the same within the noise", "the same within the noise"),
           "same_band": (f"the same by the course's {BAND['en']} band", f"the same by the course's {BAND['en']} band")},
    "es": {"faster": ("más rápido", "más rápidos"), "slower": ("más lento", "más lentos"),
           "same_noise": ("igual dentro del ruido", "iguales dentro del ruido"),
           "same_band": (f"igual según la banda del {BAND['es']} del curso",
                         f"iguales según la banda del {BAND['es']} del curso")},
}
# How a reader takes "±5 %" on a speedup: 0.95× and 1.05× look like the band's edges. The band
# itself is on time (the candidate's median within 5 % of the baseline's), so its edges as
# speedups are 1/1.05 and 1/0.95.
EDGES_AS_READ = (1.0 - SAME_BAND, 1.0 + SAME_BAND)
TIME_CHANGE = {"en": ("{pct} less time", "{pct} more time"), "es": ("un {pct} menos de tiempo", "un {pct} más de tiempo")}


def kind(verdict: str, within_noise: bool) -> str:
    """`verdict` with its reason when it is "same": "same_noise" (each median inside the other's
    quartiles) or "same_band" (less than SAME_BAND apart, one median or both outside the other's
    quartiles)."""
    if verdict not in prose.VERDICTS:
        raise ValueError(f"unknown verdict {verdict!r}")
    if verdict != "same":
        return verdict
    return "same_noise" if within_noise else "same_band"


def join(items: Sequence[str], lang: str) -> str:
    """"a, b and c" / "a, b y c", with Spanish "e" before a word that starts with the sound i
    ("más rápido e igual dentro del ruido")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    conjunction = prose.WORDS[lang]["and"]
    if lang == "es" and re.match(r"h?[ií](?![aeoáéó])", items[-1], re.IGNORECASE):
        conjunction = "e"
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def _ratio_digits(speedup: float) -> int | None:
    """Three significant digits, or more while the value would print as an edge as read (1.0496
    is "1.0496", not "1.05", beside a verdict that says "the same"); None when no number of
    digits moves it off (a speedup of exactly 1.05)."""
    for digits in range(3, 13):
        shown = format_number(speedup, "en", digits)
        if all(shown != format_number(edge, "en", digits) for edge in EDGES_AS_READ):
            return digits
    return None


def ratio(speedup: float, lang: str) -> str:
    """A speedup (baseline time over the candidate's) as sentences show it: "1.39×". Near the
    band it keeps the digits that keep it off the edges as read; and where a speedup would read
    on the other side of the band than the time it stands for (1.051× is 4.85 % less time:
    inside), or still reads as an edge, the time change follows: "1.051×, 4.85% less time"."""
    digits = _ratio_digits(speedup)
    text = with_unit(format_number(speedup, lang, digits or 3), "×", lang)
    change = 1.0 / speedup - 1.0          # the candidate's time over the baseline's, less one
    inside_band = abs(change) < SAME_BAND
    reads_inside = EDGES_AS_READ[0] < speedup < EDGES_AS_READ[1]
    if digits is not None and inside_band == reads_inside:
        return text
    words = TIME_CHANGE[lang][change > 0]
    return f"{text}, {words.format(pct=percent(abs(change) * 100, lang))}"


def verdict_words(verdict_kind: str, lang: str, plural: bool = False) -> str:
    return VERDICT_WORDS[lang][verdict_kind][plural]


def _s(value: float, lang: str) -> str:
    return with_unit(format_number(value, lang, 3), "s", lang)


def clocks(rows: Sequence[tuple[str, str, float, bool]], lang: str, plural: bool = False) -> str:
    """How a candidate fared on each clock: rows (clock, verdict, speedup, within_noise), speedup
    = baseline time over candidate time, within_noise = each median inside the other's
    quartiles. "faster on latency (1.29×) and the same within the noise on device time
    (1.02×)"; one clock reads "faster on latency (1.14×)". plural: the subject is plural
    ("its steps were"), which Spanish agrees with ("más rápidos")."""
    if not rows:
        raise ValueError("no clocks to summarise")
    names = CLOCK_NAMES[lang]
    said = [(clock, verdict_words(kind(verdict, noise), lang, plural), speedup)
            for clock, verdict, speedup, noise in rows]
    words = {word for _, word, _ in said}
    if len(said) > 1 and len(words) == 1:
        (only,) = words
        detail = join([f"{names[c]} {ratio(s, lang)}" for c, _, s in said], lang)
        return f"{only} {WORDS[lang]['both']} ({detail})"
    return join([f"{word} {WORDS[lang]['on']} {names[c]} ({ratio(s, lang)})" for c, word, s in said], lang)


def _names(rows: Sequence[tuple[str, float]], value: float, lang: str) -> str:
    return join([name for name, v in rows if v == value], lang)


def policies(rows: Sequence[tuple[str, int, int, float]], lang: str) -> str:
    """Shape policies from every row: (policy, recompilations, predicted, compile seconds).

    "fewest recompilations: mark_dynamic (1), most: static (3); shortest compile: …
    (9.1 s), longest: … (40.2 s); every policy recompiled as predicted". The shortest and
    the longest compile are named only when they lie COMPILE_NOISE or more apart.
    """
    if not rows:
        raise ValueError("no policies to summarise")
    w = WORDS[lang]
    counts = [(name, n) for name, n, _, _ in rows]
    low, high = min(n for _, n in counts), max(n for _, n in counts)
    if low == high:
        parts = [f"{w['every']} {w['recompiled']} {low} {w['times'][low != 1]}"]
    else:
        parts = [f"{w['fewest']}: {_names(counts, low, lang)} ({low}), "
                 f"{w['most']}: {_names(counts, high, lang)} ({high})"]
    times = [(name, s) for name, _, _, s in rows]
    fast, slow = min(s for _, s in times), max(s for _, s in times)
    if fast == slow:
        parts.append(f"{w['same_compile']} ({_s(fast, lang)})")
    elif slow < COMPILE_NOISE * fast:
        parts.append(w["within_noise"].format(fast=_s(fast, lang), slow=_s(slow, lang), noise=f"{COMPILE_NOISE:g}×"))
    else:
        parts.append(f"{w['shortest']}: {_names(times, fast, lang)} ({_s(fast, lang)}), "
                     f"{w['longest']}: {_names(times, slow, lang)} ({_s(slow, lang)})")
    off = [f"{name} ({n} {w['against']} {predicted} {w['predicted']})" for name, n, predicted, _ in rows
           if n != predicted]
    parts.append(w["predicted_all"] if not off else f"{w['predicted_not']}: {join(off, lang)}")
    return "; ".join(parts)


def comparisons(rows: Sequence[tuple[str, str, bool]], lang: str) -> str:
    """Every one-change comparison of the run: rows (name, verdict of the changed step,
    within_noise: each median inside the other's quartiles).

    "of 4 one-change comparisons, the changed step was faster in 2 (a and b), the same within
    the noise in 1 (c) and slower in 1 (d)"
    """
    if not rows:
        raise ValueError("no comparisons to summarise")
    w = WORDS[lang]
    unknown = {verdict for _, verdict, _ in rows} - set(prose.VERDICTS)
    if unknown:
        raise ValueError(f"unknown verdicts {sorted(unknown)}")
    kinds = [(name, kind(verdict, noise)) for name, verdict, noise in rows]
    parts = []
    for verdict_kind in KINDS:
        names = [name for name, k in kinds if k == verdict_kind]
        if names:
            parts.append(f"{verdict_words(verdict_kind, lang)} {w['in']} {len(names)} ({join(names, lang)})")
    return f"{w['of']} {len(rows)} {w['comparisons']}, {w['candidate']} {join(parts, lang)}"
