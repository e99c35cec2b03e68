"""Claims: the sentences a run decides, and the rules they decide by.

A sentence that states a verdict ("faster", "the same"), a regime (device-, host-,
bandwidth-bound), a cause or something Inductor did is a *claim*: a function of a run's
recorded figures (its manifest) that evaluates one explicit condition and returns the
sentence in English and Spanish, or a weaker sentence that says what the run cannot decide.
Pages render a claim with the `claim` marker; a lab's own report calls the same function,
so a page and a report never disagree.

Each lab keeps its claims in `labs/<lab>/claims.py` (a lab's folder is hashed into its result
key, so changing one lab's claims re-runs that lab only); this module holds what they share:
the types, and the rules the reference page "How time is measured" states in prose:

- SAME_BAND: two medians less than 5 % apart are called "the same within the noise" even when
  each lies outside the other's interquartile range; a claim that uses the band says so.
- A device time is "graph" (a replayed CUDA graph: the kernels alone) or "queued" (calls
  queued between two events: launch gaps included). A queued figure never shows that a call
  is device-bound, and the host's overhead is not separable from it.

Standard library only: the page build imports this without torch.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from labs.common.contract import LANGUAGES
from labs.common.formatting import format_number, with_unit

SAME_BAND = 0.05        # `labs.common.measure.verdict`'s margin (a test keeps them equal)
# Cold compiles of the same code in fresh processes lay up to 1.67× apart on an idle machine
# (benchmarks/probe_noise/): compile times within this factor of each other are not ranked.
COMPILE_NOISE = 2.0
GRAPH, QUEUED = "graph", "queued"


class ClaimError(ValueError):
    """The run lacks a figure the claim needs; the message names it."""


@dataclass(frozen=True)
class Said:
    """What a claim says about one run: `outcome` names the side of the condition it took
    (tests and pages check it), `decided` is False for the weaker sentence."""
    outcome: str
    en: str
    es: str
    decided: bool = True

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.es


class Run:
    """A run's recorded figures, read by name; a missing one is a ClaimError, never a guess."""

    def __init__(self, manifest: Mapping[str, Any]):
        self.manifest = manifest
        self.device: str = manifest.get("device", "")
        self.lab: str = manifest.get("lab", "")

    def has(self, key: str) -> bool:
        return key in self.manifest.get("metrics", {})

    def value(self, key: str) -> Any:
        metric = self.manifest.get("metrics", {}).get(key)
        if metric is None:
            raise ClaimError(f"the run of {self.lab} on {self.device} records no metric {key!r}")
        return metric["value"]

    def rows(self, table: str) -> list[dict[str, Any]]:
        found = self.manifest.get("tables", {}).get(table)
        if found is None:
            raise ClaimError(f"the run of {self.lab} on {self.device} records no table {table!r}")
        return [dict(zip(found["columns"], row)) for row in found["rows"]]

    @property
    def torch(self) -> str:
        return str(self.manifest.get("provenance", {}).get("torch", "?"))


Decide = Callable[[Run, "str | None"], Said]


@dataclass(frozen=True)
class Claim:
    lab: str
    name: str
    condition: str                  # the condition in words: what decides the sentence
    decide: Decide
    subjects: tuple[str, ...] = ()  # what `name.SUBJECT` may name (a comparison, a row); () none
    devices: tuple[str, ...] = ("cpu", "cuda")

    def __call__(self, run: Run | Mapping[str, Any], subject: str | None = None) -> Said:
        run = run if isinstance(run, Run) else Run(run)
        if self.subjects and subject not in self.subjects:
            raise ClaimError(f"claim {self.name} needs one of {', '.join(self.subjects)} after a dot "
                             f"({self.name}.{self.subjects[0]}), got {subject!r}")
        if not self.subjects and subject:
            raise ClaimError(f"claim {self.name} takes no subject, got {subject!r}")
        if run.device not in self.devices:
            raise ClaimError(f"claim {self.name} is about {', '.join(self.devices)} runs, not {run.device}")
        return self.decide(run, subject)


class Registry(dict):
    """One lab's claims by name; `@registry.claim(...)` adds one."""

    def __init__(self, lab: str):
        super().__init__()
        self.lab = lab

    def claim(self, name: str, condition: str, subjects: tuple[str, ...] = (),
              devices: tuple[str, ...] = ("cpu", "cuda")) -> Callable[[Decide], Claim]:
        def add(decide: Decide) -> Claim:
            if name in self:
                raise ValueError(f"claim {self.lab}:{name} is registered twice")
            self[name] = Claim(self.lab, name, condition, decide, subjects, devices)
            return self[name]
        return add


# -- shared rules ---------------------------------------------------------------------------

def num(value: float, lang: str, unit: str = "", digits: int = 3) -> str:
    return with_unit(format_number(value, lang, digits), unit, lang)


@dataclass(frozen=True)
class Spread:
    median: float
    q1: float
    q3: float

    def holds(self, value: float) -> bool:
        return self.q1 <= value <= self.q3


def band(baseline: Spread, candidate: Spread) -> tuple[str, bool]:
    """(verdict, spreads_overlap) by `measure.verdict`'s rule, restated: "same" when each
    median lies inside the other's quartiles or the medians are less than SAME_BAND apart."""
    ratio = candidate.median / baseline.median
    overlap = baseline.holds(candidate.median) and candidate.holds(baseline.median)
    if overlap or abs(ratio - 1.0) < SAME_BAND:
        return "same", overlap
    return ("faster" if ratio < 1.0 else "slower"), overlap


def percent(value: float, lang: str) -> str:
    """A difference in percent, with one more digit when rounding would put it on the band's edge
    (4.997 % shown as "5.00 %" beside "inside the 5 % band" would contradict itself)."""
    edge = SAME_BAND * 100
    if value == edge:
        return num(value, lang, "%")
    for digits in range(3, 13):
        if float(format_number(value, "en", digits).replace(",", "")) != edge:
            return num(value, lang, "%", digits)
    # closer to the edge than 12 digits show: say which side of it, as the verdict does
    return ("<" if value < edge else ">") + num(edge, lang, "%")


BAND_TEXT = {lang: num(round(SAME_BAND * 100), lang, "%") for lang in LANGUAGES}


def band_said(baseline: Spread, candidate: Spread, what: tuple[str, str]) -> Said:
    """"the same within the noise", and when that rests on the 5 % band alone, what the quartiles
    say: neither median inside the other's (a small difference, not noise), or only one of them
    (the run cannot tell). A difference below the band is never called. what: the candidate's
    name (en, es)."""
    verdict, overlap = band(baseline, candidate)
    pct = abs(candidate.median / baseline.median - 1.0) * 100
    direction = ("slower", "más lento") if candidate.median > baseline.median else ("faster", "más rápido")
    one_inside = baseline.holds(candidate.median) or candidate.holds(baseline.median)   # (both: overlap)
    if verdict == "same" and overlap:
        return Said("same_overlap", f"{what[0]} was the same within the noise: each median lies inside the "
                    "other's interquartile range",
                    f"{what[1]} fue igual dentro del ruido: cada mediana cae dentro del rango intercuartílico "
                    "de la otra")
    if verdict == "same" and one_inside:
        return Said("same_partial", f"{what[0]} was {percent(pct, 'en')} {direction[0]}, inside the course's "
                    f"{BAND_TEXT['en']} band, so the course calls it the same; one median lies inside the "
                    "other's interquartile range and the other does not, so the run cannot tell this "
                    "difference from noise",
                    f"{what[1]} fue un {percent(pct, 'es')} {direction[1]}, dentro de la banda del "
                    f"{BAND_TEXT['es']} del curso, que lo llama igual; una mediana cae dentro del rango "
                    "intercuartílico de la otra y la otra no, así que la ejecución no distingue esta "
                    "diferencia del ruido")
    if verdict == "same":
        return Said("same_band", f"{what[0]} was {percent(pct, 'en')} {direction[0]}, inside the course's "
                    f"{BAND_TEXT['en']} band, so the course calls it the same; the medians "
                    "lie outside each other's interquartile range, so the difference is small, not noise",
                    f"{what[1]} fue un {percent(pct, 'es')} {direction[1]}, dentro de la banda del "
                    f"{BAND_TEXT['es']} del curso, que lo llama igual; las medianas caen fuera "
                    "del rango intercuartílico de la otra, así que la diferencia es pequeña, no ruido")
    words = {"faster": ("faster", "más rápido"), "slower": ("slower", "más lento")}[verdict]
    if one_inside:
        # past the band, yet one median inside the other's quartiles: the band decides, not the spread
        return Said(verdict, f"{what[0]} was {words[0]} ({percent(pct, 'en')}, past the course's "
                    f"{BAND_TEXT['en']} band, which decides it; one median lies inside the other's "
                    "interquartile range, so the spreads alone would not tell it from noise)",
                    f"{what[1]} fue {words[1]} (un {percent(pct, 'es')}, más allá de la banda del "
                    f"{BAND_TEXT['es']} del curso, que es la que lo decide; una mediana cae dentro del rango "
                    "intercuartílico de la otra, así que las dispersiones por sí solas no lo distinguirían "
                    "del ruido)")
    return Said(verdict, f"{what[0]} was {words[0]} ({percent(pct, 'en')}, beyond the noise)",
                f"{what[1]} fue {words[1]} (un {percent(pct, 'es')}, más allá del ruido)")
