"""Labels of acceptance checks a lab no longer makes, for the submissions made before.

A submission keeps the checks of the run it came from (its content hash covers them), so a
cohort page may count a check today's lab does not define, and whose label no committed run
holds. The label here is the one the lab gave the check when it made it (see git's history of
the lab); a check listed nowhere still reads as words, not as an identifier.
"""

from __future__ import annotations

FORMER_CHECK_LABELS: dict[str, dict[str, dict[str, str]]] = {
    "compile_compare": {   # until a0bff38
        "steady_reps": {"en": "Each steady-state median comes from at least 5 steps",
                        "es": "Cada mediana en régimen estacionario sale de al menos 5 pasos"},
        "static_recompiles_every_new_shape": {"en": "dynamic=False recompiles once per new shape",
                                              "es": "dynamic=False recompila una vez por cada forma nueva"},
    },
}


def former_label(lab: str, key: str, lang: str) -> str:
    """What the lab called check `key` when it still made it; its key in words otherwise."""
    label = FORMER_CHECK_LABELS.get(lab, {}).get(key, {}).get(lang)
    return label or key.replace("_", " ").strip().capitalize()


def is_former(lab: str, key: str) -> bool:
    return key in FORMER_CHECK_LABELS.get(lab, {})
