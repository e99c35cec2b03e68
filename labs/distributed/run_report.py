"""DISTRIBUTED_RUN.md (English) and DISTRIBUTED_RUN.es.md (Spanish): the run, for learners.

Lab 03's DISTRIBUTED.md picked a pattern from a formula; this report is the same question
answered by a run: every pattern's step time, memory and traffic, the prediction next to the
measurement, what compiling changed, and the pick recomputed from those rows.
"""

from __future__ import annotations

from labs.distributed.gather import PatternResult
from labs.distributed.report import MIB, loss_gap, ms
from labs.distributed.settings import Settings
from labs.distributed.tables import ORDER, baseline

TEXT = {
    "en": {"title": "# Distributed training, executed: DDP, FSDP2, tensor and pipeline parallelism",
           "run": "Run: {device}, {world} ranks ({backend}), {threads} intra-op thread(s) per rank, preset `{preset}`. "
                  "\"Speed vs one process\" divides each pattern's step into that of one process timed in the same "
                  "alternating rounds (for the one-process row, its own launch), so that the machine's changing load "
                  "cancels out.",
           "variant": "## {name}: {params} parameters, batch {batch} × {block} tokens",
           "header": "| Pattern | Step, median (ms) | Speed vs one process | Peak memory, busiest rank (MiB) | "
                     "Collectives' tensors per rank per step (MiB) | Largest loss gap | Step 0 gradient error (tolerance) |",
           "failed": "**This run failed, and draws no conclusion.** What failed:",
           "predicted": "Predicted against measured (ratio = measured ÷ predicted):",
           "memory": "memory", "communication": "communication",
           "compiled": "Compiled (torch.compile, backend `{backend}`) against eager:",
           "compiled_row": "- {pattern}: {eager} → {compiled} ms ({verdict}), first step {first} s, "
                           "{graphs} graph(s), {breaks} graph break(s)",
           "pick": "**Which would I pick?** {sentence}",
           "none": "—"},
    "es": {"title": "# Entrenamiento distribuido, ejecutado: DDP, FSDP2, paralelismo de tensores y de pipeline",
           "run": "Ejecución: {device}, {world} rangos ({backend}), {threads} hilo(s) intra-op por rango, "
                  "preajuste `{preset}`. «Velocidad frente a un proceso» divide el paso de un solo proceso, "
                  "cronometrado en las mismas rondas alternas (para la fila de un proceso, su propio lanzamiento), "
                  "entre el de cada patrón, para que la carga cambiante de la máquina se anule.",
           "variant": "## {name}: {params} parámetros, lote de {batch} × {block} tokens",
           "header": "| Patrón | Paso, mediana (ms) | Velocidad frente a un proceso | "
                     "Memoria pico, rango más cargado (MiB) | "
                     "Tensores de los colectivos por rango y paso (MiB) | Mayor diferencia de pérdida | "
                     "Error del gradiente en el paso 0 (tolerancia) |",
           "failed": "**Esta ejecución falló y no saca ninguna conclusión.** Lo que falló:",
           "predicted": "Previsto frente a medido (razón = medido ÷ previsto):",
           "memory": "memoria", "communication": "comunicación",
           "compiled": "Compilado (torch.compile, backend `{backend}`) frente a eager:",
           "compiled_row": "- {pattern}: {eager} → {compiled} ms ({verdict}), primer paso {first} s, "
                           "{graphs} grafo(s), {breaks} ruptura(s) de grafo",
           "pick": "**¿Cuál elegiría?** {sentence}",
           "none": "—"},
}
LABELS = {"en": {"single": "one process", "single_checkpointed": "one process, activation checkpointing",
                  "ddp": "DDP", "fsdp2": "FSDP2", "fsdp2_bf16": "FSDP2, bf16 parameters",
                  "tensor_parallel": "tensor parallel", "pipeline": "pipeline (GPipe)", "pipeline_1f1b": "pipeline (1F1B)"},
          "es": {"single": "un proceso", "single_checkpointed": "un proceso, checkpointing de activaciones",
                 "ddp": "DDP", "fsdp2": "FSDP2", "fsdp2_bf16": "FSDP2, parámetros en bf16",
                 "tensor_parallel": "paralelismo de tensores", "pipeline": "pipeline (GPipe)",
                 "pipeline_1f1b": "pipeline (1F1B)"}}
# Each pattern's eager row, followed by its other modes' (section 12 of the page; the pipeline's 1F1B).
MODE_ROWS = {"single": ("checkpointed",), "fsdp2": ("bf16",), "pipeline": ("1f1b",)}
VERDICTS = {"en": {"faster": "faster", "slower": "slower", "same": "same"},
            "es": {"faster": "más rápido", "slower": "más lento", "same": "igual"}}


def number(value: float | None, lang: str, digits: int = 3) -> str:
    if value is None:
        return TEXT[lang]["none"]
    text = f"{value:.{digits}g}" if abs(value) < 10**digits else f"{value:,.0f}"
    return text.replace(",", "\u202f").replace(".", ",") if lang == "es" else text


def render(lang: str, *, device: str, world: int, backend: str, threads: int, preset: str,
           settings: Settings, results: dict[str, PatternResult], prediction_rows: list[list],
           sentences: dict[str, str], failures: list[str] = ()) -> str:
    t = TEXT[lang]
    out = [t["title"], "", t["run"].format(device=device, world=world, backend=backend, threads=threads,
                                           preset=preset), ""]
    if failures:
        out += [t["failed"], ""] + [f"- {line}" for line in failures] + [""]
    single = results.get("single")
    for v in settings.variants:
        inputs = single.extras[v.name]["prediction_inputs"] if single else None
        params = inputs["shape"]["params"] if inputs else 0
        out += [t["variant"].format(name=v.name, params=number(params, lang, 9), batch=v.batch_size,
                                    block=v.block_size), "", t["header"], "|---|---|---|---|---|---|---|"]
        base = single.run(v.name) if single else None
        for key, mode in [(p, m) for p in ORDER for m in ("eager",) + MODE_ROWS.get(p, ())]:
            run = results[key].run(v.name, mode) if key in results else None
            if run is None:
                continue
            timing_reference = baseline(results[key], v.name, base)
            speed = timing_reference.median_s / run.step.median_s if timing_reference else None
            gap = loss_gap(run, base) if base and key != "single" else None
            grad = results[key].gradients.get(v.name if mode == "eager" else f"{v.name}.{mode}")
            grad_cell = (f"{number(grad.grad_err, lang, 2)} ({number(grad.grad_tolerance, lang, 2)})"
                         if grad else t["none"])
            out.append(f"| {LABELS[lang][key if mode == 'eager' else f'{key}_{mode}']} | {number(ms(run.step.median_s), lang)} | "
                       f"{number(speed, lang)}× | "
                       f"{number(run.peak_bytes / MIB if run.peak_bytes is not None else None, lang)} | "
                       f"{number(run.payload_bytes / MIB if run.comm else None, lang)} | {number(gap, lang, 2)} | "
                       f"{grad_cell} |")
        out += ["", t["predicted"], ""]
        for pattern, variant, quantity, predicted, measured, ratio in prediction_rows:
            if variant == v.name:
                out.append(f"- {LABELS[lang][pattern]}, {t[quantity]}: {number(predicted, lang)} MiB → "
                           f"{number(measured, lang)} MiB ({number(ratio, lang)}×)")
        compiled = [(key, results[key].run(v.name), results[key].run(v.name, "compiled"))
                    for key in ORDER if key in results and results[key].run(v.name, "compiled")]
        if compiled:
            out += ["", t["compiled"].format(backend=settings.compile_backend), ""]
            from labs.common import measure
            for key, eager, done in compiled:
                out.append(t["compiled_row"].format(
                    pattern=LABELS[lang][key], eager=number(ms(eager.step.median_s), lang),
                    compiled=number(ms(done.step.median_s), lang),
                    verdict=VERDICTS[lang][measure.verdict(eager.step, done.step)],
                    first=number(done.first_step_s, lang), graphs=done.compile["graphs"],
                    breaks=done.compile["graph_breaks"]))
        if v.name in sentences:
            out += ["", t["pick"].format(sentence=sentences[v.name])]
        out.append("")
    return "\n".join(out)
