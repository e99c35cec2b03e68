"""The few metrics of each lab whose spread across a cohort is worth a plot.

Declarative on purpose: a lab without an entry gets counts, machines and check pass rates on
the cohort page, and no plots. Keys are the lab's own metric keys (see its manifest); a
value that is a word ("never") instead of a number is counted, not plotted.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Headline:
    key: str
    label: dict[str, str]
    log_y: bool = False     # for values that span orders of magnitude across machines


HEADLINES: dict[str, tuple[Headline, ...]] = {
    "inside_compile": (
        Headline("inference.guards", {"en": "Guards Dynamo installed on the compiled frame",
                                      "es": "Guardas que Dynamo instaló en el marco compilado"}),
        Headline("inference.relative_error", {"en": "Compiled against eager: relative error",
                                              "es": "Compilado frente a eager: error relativo"}, log_y=True),
    ),
    "inductor_kernels": (
        Headline("tinyhead.seed.speedup", {
            "en": "TinyHead at the seed's shape (2, 64): eager ÷ compiled time (×)",
            "es": "TinyHead con la forma del enunciado (2, 64): tiempo eager ÷ compilado (×)"}),
        Headline("tinyhead.compile_s_median", {"en": "TinyHead: compile time, median over batch sizes (s)",
                                               "es": "TinyHead: tiempo de compilación, mediana entre tamaños de lote (s)"}),
        Headline("minigpt.val_exact_match", {"en": "MiniGPT: exact-match accuracy on validation (%)",
                                             "es": "MiniGPT: respuestas exactas en validación (%)"}),
        Headline("minigpt.best_speedup", {"en": "MiniGPT: best eager ÷ compiled time over batch sizes (×)",
                                          "es": "MiniGPT: mejor tiempo eager ÷ compilado entre tamaños de lote (×)"}),
    ),
    "compile_compare": (
        Headline("first_step.compile_s", {"en": "First training step: compile time (s)",
                                          "es": "Primer paso de entrenamiento: tiempo de compilación (s)"}),
        Headline("steady.speedup", {"en": "Steady training step: eager ÷ compiled time (×)",
                                    "es": "Paso de entrenamiento estable: tiempo eager ÷ compilado (×)"}),
        Headline("steady.break_even_steps", {"en": "Steps until compiling pays off (break-even)",
                                             "es": "Pasos hasta que compilar compensa (equilibrio)"}, log_y=True),
        Headline("warm.speedup", {"en": "First step with a warm cache: cold ÷ warm time (×)",
                                  "es": "Primer paso con la caché caliente: tiempo en frío ÷ en caliente (×)"}),
    ),
}


def headlines(lab: str) -> tuple[Headline, ...]:
    return HEADLINES.get(lab, ())
