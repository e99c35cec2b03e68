"""Which pattern would I pick? Recomputed from what the run measured, for one model and device.

Each pattern is compared with one process timed in the same rounds of the same launch (its
`reference`), so that a machine whose load drifts does not decide the pick. The rule, in order:
1. A pattern is a candidate only if its losses matched the single process's (it trains the
   same model) and its busiest rank's peak memory fits the device.
2. If one process fits, a distributed pattern must be measurably faster than it (the
   noise-aware verdict of `labs.common.measure`) to be worth its complexity; the fastest
   such pattern wins, and if there is none, the pick is the single process.
3. If one process does not fit, the fastest candidate wins: memory, not speed, decides.

`sentence()` states the pick with every pattern's numbers, so the reader sees the rows the
decision came from.
"""

from __future__ import annotations

from dataclasses import dataclass

from labs.common import measure

NAMES = {"en": {"single": "a single process", "ddp": "DDP", "fsdp2": "FSDP2",
                "tensor_parallel": "tensor parallelism", "pipeline": "pipeline parallelism", "none": "nothing"},
         "es": {"single": "un solo proceso", "ddp": "DDP", "fsdp2": "FSDP2",
                "tensor_parallel": "el paralelismo de tensores", "pipeline": "el paralelismo de pipeline",
                "none": "nada"}}
MODELS = {"en": {"minigpt": "the grammar MiniGPT", "wide": "the wide variant"},
          "es": {"minigpt": "el MiniGPT de gramática", "wide": "la variante ancha"}}
VERDICT = {"en": {"faster": "faster", "slower": "slower", "same": "the same within noise"},
           "es": {"faster": "más rápido", "slower": "más lento", "same": "igual dentro del ruido"}}


@dataclass(frozen=True)
class Candidate:
    pattern: str
    step: measure.Stats
    peak_bytes: float | None      # busiest rank; None when not measured (counted as fitting)
    loss_ok: bool
    reference: measure.Stats | None = None   # one process, timed in the same rounds as this pattern

    def baseline(self, single: Candidate | None) -> measure.Stats | None:
        return self.reference or (single.step if single else None)

    def speedup(self, single: Candidate | None) -> float | None:
        base = self.baseline(single)
        return base.median_s / self.step.median_s if base else None


@dataclass(frozen=True)
class Pick:
    pattern: str                  # a pattern key, or "none"
    reason: str                   # "faster" | "none_faster" | "memory" | "none_fit"
    speedup: float | None         # single's median step over the pick's (None without single)
    verdicts: dict[str, str]      # pattern -> its step against single's
    fits: dict[str, bool]


def choose(candidates: list[Candidate], budget_bytes: float) -> Pick:
    by_name = {c.pattern: c for c in candidates}
    fits = {c.pattern: c.peak_bytes is None or c.peak_bytes <= budget_bytes for c in candidates}
    eligible = [c for c in candidates if c.loss_ok and fits[c.pattern]]
    single = by_name.get("single")
    verdicts = {c.pattern: measure.verdict(c.baseline(single), c.step)
                for c in candidates if c is not single and c.baseline(single)}
    others = [c for c in eligible if c.pattern != "single"]
    if single and single in eligible:
        faster = [c for c in others if verdicts.get(c.pattern) == "faster"]
        if faster:   # ranked by speedup over their own reference: the machine's drift cancels
            best = max(faster, key=lambda c: c.speedup(single))
            return Pick(best.pattern, "faster", best.speedup(single), verdicts, fits)
        return Pick("single", "none_faster", 1.0, verdicts, fits)
    if others:
        # one unit for every candidate: speedups when each has a reference, raw step times otherwise
        by_speedup = all(c.speedup(single) is not None for c in others)
        best = max(others, key=lambda c: c.speedup(single) if by_speedup else 1 / c.step.median_s)
        return Pick(best.pattern, "memory", best.speedup(single), verdicts, fits)
    return Pick("none", "none_fit", None, verdicts, fits)


def run_failures(result: dict) -> list[str]:
    """What failed so far in a run's manifest: parts, then acceptance checks. Non-empty: no pick."""
    parts = [f"part {key} failed ({part.get('reason', 'no reason given')})"
             for key, part in result["parts"].items() if part.get("status") == "failed"]
    checks = [f"check {key} failed ({check['value']} {check['op']} {check['threshold']} is false)"
              for key, check in result["checks"].items() if not check["passed"]]
    return parts + checks


def no_conclusion(failures: list[str], lang: str) -> str:
    """The pick's sentence for a run that failed: what failed, and nothing drawn from the rest."""
    listed = "; ".join(failures)
    if lang == "en":
        return (f"This run draws no conclusion: {listed}. A comparison with a failed part or check "
                "missing could name the wrong pattern; fix the failure and run the lab again.")
    return (f"Esta ejecución no saca ninguna conclusión: {listed}. Una comparación a la que le falta una parte "
            "o una comprobación fallida podría nombrar el patrón equivocado; corrige el fallo y vuelve a "
            "ejecutar el laboratorio.")


def _number(value: float, lang: str, digits: int = 3) -> str:
    text = f"{value:.{digits}g}"
    return text.replace(".", ",") if lang == "es" else text


def sentence(pick: Pick, candidates: list[Candidate], model: str, device: str, budget_bytes: float,
             lang: str) -> str:
    """The pick and its evidence, in English ("en") or Spanish ("es")."""
    name = NAMES[lang]
    single = next((c for c in candidates if c.pattern == "single"), None)
    rows = []
    for c in candidates:
        cell = f"{name[c.pattern]} {_number(c.step.median_s * 1e3, lang)} ms"
        base = c.baseline(single) if c is not single else None
        if base is not None and c.pattern in pick.verdicts:
            against = "against" if lang == "en" else "frente a"
            cell += (f" {against} {_number(base.median_s * 1e3, lang)} ms "
                     f"({VERDICT[lang][pick.verdicts[c.pattern]]})")
        if not c.loss_ok:
            cell += " (loss mismatch)" if lang == "en" else " (la pérdida no coincide)"
        if not pick.fits[c.pattern]:
            cell += " (does not fit)" if lang == "en" else " (no cabe)"
        rows.append(cell)
    budget = f"{_number(budget_bytes / 2**30, lang)} GiB"
    chosen = name[pick.pattern]
    if lang == "en":
        why = {"faster": f"it was the fastest pattern measurably faster than one process, "
                         f"{_number(pick.speedup or 0, lang)}× its speed",
               "none_faster": "no distributed pattern was measurably faster than one process, "
                              "and one process fits, so the extra machinery buys nothing",
               "memory": f"one process does not fit in {budget}, and it was the fastest pattern that does",
               "none_fit": f"no pattern both matched the losses and fit in {budget}"}[pick.reason]
        return (f"For {MODELS[lang].get(model, model)} on {device}, I would pick {chosen}: {why}. "
                f"Step times (slowest rank, median; each pattern against one process timed in the same "
                f"rounds): {'; '.join(rows)}.")
    why = {"faster": f"fue el patrón más rápido de los que superan de forma medible a un solo proceso, "
                     f"{_number(pick.speedup or 0, lang)} veces su velocidad",
           "none_faster": "ningún patrón distribuido fue más rápido que un solo proceso de forma medible, "
                          "y un solo proceso cabe, así que la maquinaria adicional no aporta nada",
           "memory": f"un solo proceso no cabe en {budget}, y fue el patrón más rápido de los que caben",
           "none_fit": f"ningún patrón reprodujo las pérdidas y cupo a la vez en {budget}"}[pick.reason]
    return (f"Para {MODELS[lang].get(model, model)} en {device}, elegiría {chosen}: {why}. "
            f"Tiempos por paso (rango más lento, mediana; cada patrón frente a un proceso cronometrado en "
            f"las mismas rondas): {'; '.join(rows)}.")
