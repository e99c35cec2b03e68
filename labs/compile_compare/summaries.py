"""Sentences that summarise what the lab measured, computed from every row, in English and Spanish.

Each function takes plain rows (no torch), so tests feed it runs whose verdicts disagree:
a comparison whose two clocks disagree, policies that tie, comparisons that split between
faster, slower and the same. The sentences end without a period; callers add one.
"""

from __future__ import annotations

from collections.abc import Sequence

from labs.common import prose
from labs.common.claims import COMPILE_NOISE
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


def _x(value: float, lang: str) -> str:
    return with_unit(format_number(value, lang, 3), "×", lang)


def _s(value: float, lang: str) -> str:
    return with_unit(format_number(value, lang, 3), "s", lang)


def clocks(rows: Sequence[tuple[str, str, float]], lang: str) -> str:
    """How a candidate fared on each clock: rows (clock, verdict, speedup), speedup = baseline
    time over candidate time. "faster on latency (1.29×) and the same within the noise on
    device time (1.02×)"; one clock reads "faster on latency (1.14×)"."""
    if not rows:
        raise ValueError("no clocks to summarise")
    words = prose.WORDS[lang]
    names = CLOCK_NAMES[lang]
    verdicts = {v for _, v, _ in rows}
    if len(rows) > 1 and len(verdicts) == 1:
        (only,) = verdicts
        detail = prose.join([f"{names[c]} {_x(s, lang)}" for c, _, s in rows], lang)
        return f"{words[only]} {WORDS[lang]['both']} ({detail})"
    return prose.join([f"{words[v]} {WORDS[lang]['on']} {names[c]} ({_x(s, lang)})" for c, v, s in rows], lang)


def _names(rows: Sequence[tuple[str, float]], value: float, lang: str) -> str:
    return prose.join([name for name, v in rows if v == value], lang)


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
    parts.append(w["predicted_all"] if not off else f"{w['predicted_not']}: {prose.join(off, lang)}")
    return "; ".join(parts)


def comparisons(rows: Sequence[tuple[str, str]], lang: str) -> str:
    """Every one-change comparison of the run: rows (name, verdict of the changed step).

    "of 4 one-change comparisons, the changed step was faster in 2 (a and b), the same within
    the noise in 1 (c) and slower in 1 (d)"
    """
    if not rows:
        raise ValueError("no comparisons to summarise")
    w, words = WORDS[lang], prose.WORDS[lang]
    unknown = {v for _, v in rows} - set(prose.VERDICTS)
    if unknown:
        raise ValueError(f"unknown verdicts {sorted(unknown)}")
    parts = []
    for verdict in prose.VERDICTS:
        names = [name for name, v in rows if v == verdict]
        if names:
            parts.append(f"{words[verdict]} {w['in']} {len(names)} ({prose.join(names, lang)})")
    return f"{w['of']} {len(rows)} {w['comparisons']}, {w['candidate']} {prose.join(parts, lang)}"
