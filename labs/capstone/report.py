"""Day 70's technical report: what each project achieved, measured, and where it stops.

Written twice, REPORT.md in English and REPORT.es.md in Spanish, from the run's own metrics:
every number and every verdict comes from this run, and a part that failed is said to have.
"""

from __future__ import annotations

from typing import Any

import torch

from labs.capstone.claims import CLAIMS
from labs.common import fingerprint
from labs.common.claims import ClaimError, Run
from labs.common.formatting import format_number, with_unit
from labs.common.harness import Lab

VERDICTS = {
    "en": {"faster": "faster than", "slower": "slower than", "same": "as fast as",
           "met": "met", "missed": "missed", "not_measured": "not measured"},
    "es": {"faster": "más rápido que", "slower": "más lento que", "same": "tan rápido como",
           "met": "cumplido", "missed": "no cumplido", "not_measured": "no medido"},
}
MISSING = {"en": "not measured", "es": "no medido"}


class Facts:
    """The run's metrics, formatted for one language."""

    def __init__(self, result: dict[str, Any], lang: str):
        self.result, self.metrics, self.lang = result, result["metrics"], lang
        self.parts = result["parts"]
        self.device = result["device"]

    def claim(self, name: str, subject: str | None = None) -> str:
        """The sentence the page's claim marker renders for this run (labs/capstone/claims.py)."""
        try:
            return CLAIMS[name](Run(self.result), subject).text(self.lang)
        except ClaimError as missing:
            return {"en": f"(not decided on this run: {missing})",
                    "es": f"(no decidido en esta ejecución: {missing})"}[self.lang]

    def claims_kernel(self) -> str:
        """The page's kernel-target sentences. Where max-autotune was not measured (a CPU), the best
        Inductor mode is the default, already said: the page shows default and library alone."""
        baselines = ("default", "max_autotune", "best_inductor", "library") if self.device == "cuda" else (
            "default", "library")
        return " ".join(self.claim("target", baseline) for baseline in baselines) + " " + self.claim("fastest")

    def day70(self, words: tuple[str, str]) -> str:
        """Day 70's paragraph per project (labs/capstone/claims.py), as the page shows them."""
        paragraphs = [f"**{name}.** {self.claim('day70', name)}" for name in ("mlopt", "memfuse", "llm_bench")]
        return f"## {words[0]}\n\n" + "\n\n".join(paragraphs) + "\n"

    def count(self, key: str, one: str, many: str) -> str:
        """A count with its noun by number: "1 fusion group", "2 fusion groups" (never "group(s)")."""
        value = self.raw(key)
        if value is None:
            return MISSING[self.lang]
        return f"{self(key)} {one if value == 1 else many}"

    def ok(self, part: str) -> bool:
        return self.parts.get(part, {}).get("status") == "ok"

    def raw(self, key: str) -> Any:
        return self.metrics.get(key, {}).get("value")

    def __call__(self, key: str, digits: int = 3) -> str:
        entry = self.metrics.get(key)
        if entry is None or entry["value"] is None:
            return MISSING[self.lang]
        value, unit = entry["value"], entry.get("unit", "")
        if isinstance(value, str):
            return VERDICTS[self.lang].get(value, value)
        # as the pages write a figure: grouped thousands, a decimal comma and a no-break space in Spanish
        return with_unit(format_number(value, self.lang, digits), unit or "", self.lang)


def _failed(f: Facts, part: str) -> str:
    reason = f.parts.get(part, {}).get("reason", "")
    return {"en": f"*This part did not complete on this run: {reason}*",
            "es": f"*Esta parte no se completó en esta ejecución: {reason}*"}[f.lang]


def english(f: Facts, machine: str, preset: str) -> str:
    s = ["# Capstone report: three tools, measured\n",
         f"Run on {machine}, preset `{preset}`, torch {torch.__version__}. Every number below comes from this run.\n",
         f.day70(("In short", "Project")),
         "## Project A — mlopt, an FX graph optimizer\n"]
    if f.ok("mlopt_resnet18"):
        s.append(f"ResNet-18 (the standard architecture, random weights) at input {f('resnet.input')}: "
                 f"{f('mlopt.fold.found')} conv + batch-norm pairs folded, {f('mlopt.fusion.found')} element-wise "
                 f"chains fused, {f('mlopt.dce.found')} dead nodes removed; {f('mlopt.nodes_before')} → "
                 f"{f('mlopt.nodes_after')} graph nodes in {f('mlopt.optimize_ms')}. The optimized model matches "
                 f"eager to a relative error of {f('mlopt.relative_error')} (tolerance {f('mlopt.tolerance')}). "
                 f"Weights went from {f('mlopt.param_mib_before', 4)} to {f('mlopt.param_mib_after', 4)}; the peak "
                 f"memory of one forward {f.claim('mlopt_peak')}.\n")
        versus_compile = (f"{f('mlopt.vs_torch_compile.verdict')} torch.compile ({f('mlopt.vs_torch_compile.speedup')})"
                          if f.raw("mlopt.vs_torch_compile.verdict") != "not_measured"
                          else "torch.compile was not timed in this preset")
        s.append(f"Measured: the optimized module is {f('mlopt.vs_eager.verdict')} eager "
                 f"({f('mlopt.vs_eager.speedup')}); {versus_compile}.\n")
    else:
        s.append(_failed(f, "mlopt_resnet18") + "\n")
    s.append("Limits: folding needs eval mode and a convolution whose only user is the batch norm (transposed "
             "and grouped convolutions fold along their own output-channel axis; a batch norm without affine "
             "parameters folds with scale 1 and shift 0); fusion leaves out an in-place operation whose write "
             "another node could read, and a chain that would move past such a write; fusion "
             "only regroups nodes, so in eager mode it saves nothing until a code generator turns a group "
             "into one kernel; passes work on symbolic_trace graphs (torch.export's ATen graphs are captured "
             "and validated, not rewritten by fold).\n")
    s.append("## Project B — memfuse, a torch.compile backend\n")
    if f.ok("memfuse_backend"):
        s.append(f"On GPT-2's MLP block ({f('memfuse.shape')}, {f('memfuse.dtype')}) memfuse found "
                 f"{f.count('memfuse.groups', 'fusion group', 'fusion groups')} and sent "
                 f"{f('memfuse.fused_groups')} Linear + GELU to its "
                 f"fused operator. Liveness estimated the peak at {f('memfuse.estimate_before_mib')} before and "
                 f"{f('memfuse.estimate_after_mib')} after the rewrite; measured: {f('memfuse.measured_eager_mib')} "
                 f"eager, {f('memfuse.measured_memfuse_mib')} with memfuse. Output error against float64: "
                 f"{f('memfuse.relative_error')} (tolerance {f('memfuse.tolerance')}).\n")
    else:
        s.append(_failed(f, "memfuse_backend") + "\n")
    if f.ok("memfuse_kernel_bench"):
        s.append(f"Speed target: {f('bench.target')} of the baseline's speed. " + f.claims_kernel() + "\n")
    s.append(f"Pitfalls, reproduced: static shapes compiled {f('guards.static.compiles')} times for 3 batch "
             f"sizes, mark_dynamic once; liveness that ignores aliasing said {f('aliasing.naive_mib')} where "
             f"{f('aliasing.measured_mib')} were measured (alias-aware: {f('aliasing.aware_mib')}); training "
             f"graphs are refused; a float16 accumulator was {f('precision.ratio')} less accurate than float32.\n")
    s.append("Limits: one pattern (Linear + GELU) gets a hand-written kernel; inference only; on a CPU the "
             "fused operator runs ATen's two ops, so the pre-activation still exists for a moment.\n")
    s.append("## Project C — llm_bench, TTFT and TPOT measured\n")
    if f.ok("llm_minigpt"):
        s.append(f"The grammar MiniGPT answered {f('minigpt.prompts')} held-out conjugations with every backend; "
                 f"the lowest exact-match rate was {f('minigpt.min_exact_match')} and the lowest agreement with "
                 f"cache-free generation {f('minigpt.min_agreement')}. {f.claim('timed_compiles', 'minigpt')}\n")
    if f.ok("llm_gpt2"):
        s.append(f"The GPT-2-small-shaped model ({f('gpt2.params')} parameters, random weights, "
                 f"{f('gpt2.dtype')}) measured {f('gpt2.cells')} backend × workload cells "
                 f"({f('gpt2.unmeasured_cells')} could not be measured; the table says why). Its best decode read "
                 f"{f('gpt2.best_achieved_gbs')}, {f('gpt2.best_copy_share')} of the measured copy bandwidth "
                 f"({f('gpt2.best_share_backend')}, {f('gpt2.best_share_workload')}). {f.claim('seed_ttft')} "
                 f"{f.claim('decode_regime')} {f.claim('timed_compiles', 'gpt2')}\n")
    if f.ok("llm_concurrency"):
        s.append(f"Several requests in flight (static batching, eager): {f.claim('batching')} Goodput counts "
                 f"the tokens of requests within TTFT {f('concurrency.target_ttft_ms')} and TPOT "
                 f"{f('concurrency.target_tpot_ms')}.\n")
    s.append("Limits: static batching only (no continuous batching), greedy decoding, no real tokenizer for the "
             "GPT-2-shaped model, which is timed, not read.\n")
    return "\n".join(s)


def spanish(f: Facts, machine: str, preset: str) -> str:
    s = ["# Informe del proyecto final: tres herramientas, medidas\n",
         f"Ejecutado en {machine}, preajuste `{preset}`, torch {torch.__version__}. Todas las cifras salen de "
         "esta ejecución.\n",
         f.day70(("En resumen", "Proyecto")),
         "## Proyecto A — mlopt, un optimizador de grafos FX\n"]
    if f.ok("mlopt_resnet18"):
        s.append(f"ResNet-18 (la arquitectura estándar, pesos aleatorios) con entrada {f('resnet.input')}: "
                 f"{f('mlopt.fold.found')} pares de convolución y batch norm plegados, {f('mlopt.fusion.found')} "
                 f"cadenas elemento a elemento fusionadas, {f('mlopt.dce.found')} nodos muertos eliminados; "
                 f"{f('mlopt.nodes_before')} → {f('mlopt.nodes_after')} nodos en {f('mlopt.optimize_ms')}. El modelo "
                 f"optimizado coincide con eager con un error relativo de {f('mlopt.relative_error')} (tolerancia "
                 f"{f('mlopt.tolerance')}). Los pesos pasaron de {f('mlopt.param_mib_before', 4)} a "
                 f"{f('mlopt.param_mib_after', 4)}; la memoria pico de un forward {f.claim('mlopt_peak')}.\n")
        versus_compile = (f"es {f('mlopt.vs_torch_compile.verdict')} torch.compile "
                          f"({f('mlopt.vs_torch_compile.speedup')})"
                          if f.raw("mlopt.vs_torch_compile.verdict") != "not_measured"
                          else "torch.compile no se midió en este preajuste")
        s.append(f"Medido: el módulo optimizado es {f('mlopt.vs_eager.verdict')} eager "
                 f"({f('mlopt.vs_eager.speedup')}); {versus_compile}.\n")
    else:
        s.append(_failed(f, "mlopt_resnet18") + "\n")
    s.append("Límites: el plegado exige modo de evaluación y una convolución cuyo único usuario sea la batch "
             "norm (las convoluciones traspuestas y por grupos se pliegan sobre su propio eje de canales de "
             "salida; una batch norm sin parámetros afines se pliega con escala 1 y desplazamiento 0); la fusión "
             "deja fuera una operación in situ cuya escritura podría leer otro nodo, y una cadena que tendría que "
             "moverse más allá de esa escritura; la fusión solo reagrupa nodos, así que en eager no ahorra nada hasta que un generador de "
             "código convierte cada grupo en un kernel; las pasadas trabajan sobre grafos de symbolic_trace "
             "(los grafos ATen de torch.export se capturan y validan, pero el plegado no los reescribe).\n")
    s.append("## Proyecto B — memfuse, un backend de torch.compile\n")
    if f.ok("memfuse_backend"):
        s.append(f"En el bloque MLP de GPT-2 ({f('memfuse.shape')}, {f('memfuse.dtype')}) memfuse encontró "
                 f"{f.count('memfuse.groups', 'grupo de fusión', 'grupos de fusión')} y envió "
                 f"{f('memfuse.fused_groups')} Linear + GELU a su "
                 f"operador fusionado. La vivacidad estimó el pico en {f('memfuse.estimate_before_mib')} antes y "
                 f"{f('memfuse.estimate_after_mib')} después de reescribir; medido: {f('memfuse.measured_eager_mib')} "
                 f"en eager, {f('memfuse.measured_memfuse_mib')} con memfuse. Error frente a float64: "
                 f"{f('memfuse.relative_error')} (tolerancia {f('memfuse.tolerance')}).\n")
    else:
        s.append(_failed(f, "memfuse_backend") + "\n")
    if f.ok("memfuse_kernel_bench"):
        s.append(f"Objetivo de velocidad: {f('bench.target')} de la velocidad de la referencia. "
                 + f.claims_kernel() + "\n")
    s.append(f"Trampas, reproducidas: con formas estáticas se compiló {f('guards.static.compiles')} veces para 3 "
             f"tamaños de lote, con mark_dynamic una; una vivacidad que ignora los alias dijo "
             f"{f('aliasing.naive_mib')} donde se midieron {f('aliasing.measured_mib')} (con alias: "
             f"{f('aliasing.aware_mib')}); los grafos de entrenamiento se rechazan; un acumulador float16 fue "
             f"{f('precision.ratio')} menos preciso que float32.\n")
    s.append("Límites: un solo patrón (Linear + GELU) tiene kernel escrito a mano; solo inferencia; en una CPU "
             "el operador fusionado ejecuta las dos operaciones de ATen, así que la preactivación existe un "
             "instante.\n")
    s.append("## Proyecto C — llm_bench, TTFT y TPOT medidos\n")
    if f.ok("llm_minigpt"):
        s.append(f"El MiniGPT de gramática respondió {f('minigpt.prompts')} conjugaciones de verbos no vistos con "
                 f"cada backend; la menor tasa de aciertos exactos fue {f('minigpt.min_exact_match')} y la menor "
                 f"coincidencia con la generación sin caché, {f('minigpt.min_agreement')}. "
                 f"{f.claim('timed_compiles', 'minigpt')}\n")
    if f.ok("llm_gpt2"):
        s.append(f"El modelo con forma de GPT-2 small ({f('gpt2.params')} parámetros, pesos aleatorios, "
                 f"{f('gpt2.dtype')}) midió {f('gpt2.cells')} combinaciones de backend y carga "
                 f"({f('gpt2.unmeasured_cells')} no se pudieron medir; la tabla dice por qué). Su mejor "
                 f"decodificación leyó {f('gpt2.best_achieved_gbs')}, el {f('gpt2.best_copy_share')} del ancho de "
                 f"banda de copia medido ({f('gpt2.best_share_backend')}, {f('gpt2.best_share_workload')}). {f.claim('seed_ttft')} "
                 f"{f.claim('decode_regime')} {f.claim('timed_compiles', 'gpt2')}\n")
    if f.ok("llm_concurrency"):
        s.append(f"Varias peticiones en curso (lotes estáticos, eager): {f.claim('batching')} El rendimiento útil (goodput) cuenta "
                 f"los tokens de las peticiones con TTFT dentro de {f('concurrency.target_ttft_ms')} y TPOT "
                 f"dentro de {f('concurrency.target_tpot_ms')}.\n")
    s.append("Límites: solo lotes estáticos (sin lotes continuos), decodificación voraz, sin tokenizador real para el "
             "modelo con forma de GPT-2, que se cronometra pero no se lee.\n")
    return "\n".join(s)


def part_report(lab: Lab) -> None:
    name = fingerprint.device_name(lab.device)
    for lang, render, path, key in (("en", english, "REPORT.md", "report"), ("es", spanish, "REPORT.es.md", "report_es")):
        lab.write_artifact(key, path, render(Facts(lab.result, lang), name, lab.preset), "markdown")
