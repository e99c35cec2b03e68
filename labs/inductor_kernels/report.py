"""Part G: REPORT.md and REPORT.es.md, written from what the run recorded.

Every number is the run's own (read from the manifest in the making, by key), and every
sentence that summarises a sweep is computed from all of its rows (`labs.common.prose`):
a mixed sweep reads as mixed. Words live in one table per language; code stays as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from labs.common.formatting import format_number, with_unit
from labs.inductor_kernels import claims
from labs.inductor_kernels.settings import TINYHEAD_FEATURES, TINYHEAD_MATCH_THRESHOLD, TINYHEAD_SEED_BATCH

WORDS = {
    "en": {
        "title": "# Lab 03 report: torch.compile on TinyHead and the grammar MiniGPT",
        "run": "Run on {device} ({kind}), torch {torch}, preset `{preset}`{threads}. Every number below comes "
               "from this run; `manifest.json` holds them all.",
        "threads": ", timings with {n} CPU thread(s)",
        "acceptance": "## Acceptance", "check": "check", "value": "value", "threshold": "threshold",
        "result": "result", "pass": "pass", "fail": "FAIL",
        "part_a": "## Part A: compiled matches eager",
        "tiny_err": "TinyHead on the seed's ({b}, {d}) input: max |eager − compiled| = {err} (threshold {thr}).",
        "gpt_err": "Grammar MiniGPT logits: max |eager − compiled| = {err}, accepted up to {tol}: float32 epsilon "
                   "× the logits' scale ({scale}) × the longest reduction ({k} terms). That is an estimate of "
                   "what adding those terms in another order can change, not a bound.",
        "part_bd": "## Parts B–D: the kernel",
        "kernel": "Inductor's fused softmax for TinyHead, `{name}`, is saved as [`{file}`]({file}) and walked "
                  "through in [{annotation}]({annotation}).",
        "part_e": "## Part E: eager against compiled",
        "part_e_intro": "Warm path, median of interleaved samples; the first call of each size is its compile "
                        "time, measured with a cold cache. Latency is one synchronized call.",
        "part_e_gpu": " Device time is what the GPU spends (CUDA events); the gap between the two is host overhead.",
        "latency": "Latency", "device": "Device time",
        "headers": ["batch", "eager (µs)", "compiled (µs)", "eager ÷ compiled", "verdict", "compile (s)"],
        "sizes": "batch sizes", "not_run": "(not measured: the part did not run)",
        "model_tiny": "TinyHead", "model_gpt": "Grammar MiniGPT",
        "ceilings": "## The machine's ceilings",
        "ceilings_text": "{copy}; a float32 matrix product ran at {flops}. The compiled softmax reached "
                         "{softmax} ({share} of the copy). {bound}",
        "part_f": "## Part F: distributed survey",
        "part_f_text": "[{doc}]({doc}) sets DDP, FSDP, tensor and pipeline parallelism apart and picks "
                       "**{pick}** for the grammar MiniGPT from its {params} parameters and {mib} of training state.",
        "stretch": "## Stretch",
        "attention": "- The MiniGPT's fused attention softmax is `{name}` (`minigpt/{file}`).",
        "autotune": "- `{mode}` against `default` at batch {batch} ({clock}): {tuned} against {default}; its "
                    "compile took {ratio} as long. {verdict} {bounds} {cause}",
        "export": "- The `torch.export.export` graph of the MiniGPT: `minigpt/exported_graph.py`.",
        "verdicts": {"faster": "faster", "slower": "slower", "same": "the same within the noise"},
        "clocks": {"latency": "latency", "device": "device time"},
        "over": "Compiled against eager",
    },
    "es": {
        "title": "# Informe del Lab 03: torch.compile en TinyHead y en el MiniGPT de gramática",
        "run": "Ejecutado en {device} ({kind}), torch {torch}, preajuste `{preset}`{threads}. Cada número que "
               "sigue sale de esta ejecución; `manifest.json` los contiene todos.",
        "threads": ", tiempos con {n} hilo(s) de CPU",
        "acceptance": "## Comprobaciones de aceptación", "check": "comprobación", "value": "valor",
        "threshold": "umbral", "result": "resultado", "pass": "cumple", "fail": "NO CUMPLE",
        "part_a": "## Parte A: lo compilado coincide con eager",
        "tiny_err": "TinyHead con la entrada ({b}, {d}) del enunciado: máx. |eager − compilado| = {err} "
                    "(umbral {thr}).",
        "gpt_err": "Logits del MiniGPT de gramática: máx. |eager − compilado| = {err}, aceptado hasta {tol}: "
                   "el épsilon de float32 × la escala de los logits ({scale}) × la reducción más larga ({k} "
                   "términos). Es una estimación de lo que puede cambiar sumar esos términos en otro orden, "
                   "no una cota.",
        "part_bd": "## Partes B–D: el kernel",
        "kernel": "El softmax fusionado de Inductor para TinyHead, `{name}`, está guardado como "
                  "[`{file}`]({file}) y se recorre en [{annotation}]({annotation}).",
        "part_e": "## Parte E: eager frente a compilado",
        "part_e_intro": "Camino en caliente, mediana de muestras intercaladas; la primera llamada de cada tamaño "
                        "es su tiempo de compilación, medido con la caché fría. La latencia es una llamada "
                        "sincronizada.",
        "part_e_gpu": " El tiempo de dispositivo es lo que gasta la GPU (eventos CUDA); la diferencia entre "
                      "ambos es la sobrecarga del host.",
        "latency": "Latencia", "device": "Tiempo de dispositivo",
        "headers": ["lote", "eager (µs)", "compilado (µs)", "eager ÷ compilado", "veredicto", "compilación (s)"],
        "sizes": "tamaños de lote", "not_run": "(sin medir: la parte no se ejecutó)",
        "model_tiny": "TinyHead", "model_gpt": "MiniGPT de gramática",
        "ceilings": "## Los techos de la máquina",
        "ceilings_text": "{copy}; un producto de matrices en float32 alcanzó {flops}. El softmax compilado "
                         "llegó a {softmax} ({share} de la copia). {bound}",
        "part_f": "## Parte F: resumen de paralelismo distribuido",
        "part_f_text": "[{doc}]({doc}) distingue DDP, FSDP, el paralelismo de tensores y el de pipeline, y elige "
                       "**{pick}** para el MiniGPT de gramática a partir de sus {params} parámetros y {mib} de "
                       "estado de entrenamiento.",
        "stretch": "## Ampliación",
        "attention": "- El softmax de atención fusionado del MiniGPT es `{name}` (`minigpt/{file}`).",
        "autotune": "- `{mode}` frente a `default` con lote {batch} ({clock}): {tuned} frente a {default}; su "
                    "compilación fue {ratio} más larga. {verdict} {bounds} {cause}",
        "export": "- El grafo de `torch.export.export` del MiniGPT: `minigpt/exported_graph.py`.",
        "verdicts": {"faster": "más rápido", "slower": "más lento", "same": "igual dentro del ruido"},
        "clocks": {"latency": "latencia", "device": "tiempo de dispositivo"},
        "over": "Compilado frente a eager",
    },
}


@dataclass(frozen=True)
class Machine:
    name: str
    device: str
    preset: str
    torch: str
    threads: list[int]


class _Reader:
    """The manifest in the making, with numbers formatted for one language."""

    def __init__(self, result: dict[str, Any], lang: str):
        self.result, self.lang = result, lang

    def value(self, key: str, default: Any = None) -> Any:
        return self.result["metrics"].get(key, {}).get("value", default)

    def num(self, value: Any, unit: str = "", digits: int = 3) -> str:
        if value is None:
            return "?"
        return with_unit(format_number(value, self.lang, digits), unit, self.lang)

    def said(self, claim: str, subject: str | None = None) -> str:
        """A claim's sentence (labs/inductor_kernels/claims.py): the page renders the same one."""
        return claims.CLAIMS[claim](self.result, subject).text(self.lang)

    def metric(self, key: str, digits: int = 3) -> str:
        entry = self.result["metrics"].get(key)
        return self.num(entry["value"], entry["unit"], digits) if entry else "?"


def _latency_table(r: _Reader, name: str, clock: str) -> list[str]:
    words = WORDS[r.lang]
    table = r.result["tables"].get(f"{name}_latency")
    if not table:
        return [words["not_run"]]
    prefix = "" if clock == "latency" else "dev_"
    out = ["| " + " | ".join(words["headers"]) + " |", "|---:|---:|---:|---:|---|---:|"]
    for row in table["rows"]:
        cells = dict(zip(table["columns"], row))
        eager, compiled = cells[f"eager_{prefix}us"], cells[f"compiled_{prefix}us"]
        verdict = cells["verdict" if clock == "latency" else "dev_verdict"]
        out.append(f"| {r.num(cells['batch'])} | {r.num(eager)} | {r.num(compiled)} | {r.num(eager / compiled)} | "
                   f"{words['verdicts'][verdict]} | {r.num(cells['compile_s'])} |")
    suffix = "" if clock == "latency" else ".device"
    summary = r.value(f"{name}.summary{suffix}.{r.lang}")
    return out + ["", f"{words['over']} {summary}."] if summary else out


def _acceptance(r: _Reader) -> list[str]:
    words = WORDS[r.lang]
    out = [words["acceptance"], "", f"| {words['check']} | {words['value']} | {words['threshold']} | "
           f"{words['result']} |", "|---|---|---|---|"]
    for key, check in r.result["checks"].items():
        label = check.get("label", {}).get(r.lang, key)
        unit = check.get("unit", "")   # a percentage reads as one, as on the page's table
        out.append(f"| {label} | {r.num(check['value'], unit)} | {check['op']} {r.num(check['threshold'], unit)} | "
                   f"{words['pass'] if check['passed'] else words['fail']} |")
    return out


def _part_a(r: _Reader) -> list[str]:
    words = WORDS[r.lang]
    out = ["", words["part_a"], ""]
    if r.value("tinyhead.max_abs_err") is not None:
        out.append(words["tiny_err"].format(b=TINYHEAD_SEED_BATCH, d=TINYHEAD_FEATURES,
                                            err=r.metric("tinyhead.max_abs_err"), thr=r.num(TINYHEAD_MATCH_THRESHOLD)))
    if r.value("minigpt.max_abs_err") is not None:
        out.append(words["gpt_err"].format(err=r.metric("minigpt.max_abs_err"), tol=r.metric("minigpt.tolerance"),
                                           scale=r.metric("minigpt.logit_scale"),
                                           k=r.metric("minigpt.reduction_length")))
    return out


def _timing(r: _Reader, device: str) -> list[str]:
    words = WORDS[r.lang]
    out = ["", words["part_e"], "", words["part_e_intro"] + (words["part_e_gpu"] if device == "cuda" else ""), ""]
    for name, label in (("tinyhead", words["model_tiny"]), ("minigpt", words["model_gpt"])):
        out += [f"### {label}", ""]
        clocks = ("latency", "device") if device == "cuda" else ("latency",)
        for clock in clocks:
            if device == "cuda":
                out += [f"**{words[clock]}**", ""]
            out += [*_latency_table(r, name, clock), ""]
    if r.value("ceilings.copy_gb_s") is not None:
        out += [words["ceilings"], "", words["ceilings_text"].format(
            copy=r.said("copy_ceiling"), flops=r.metric("ceilings.matmul_tflops"),
            softmax=r.metric("ceilings.softmax.compiled_gb_s"), share=r.metric("ceilings.softmax.share_of_copy"),
            bound=r.said("softmax_ceiling")), ""]
    return out


def _stretch(r: _Reader) -> list[str]:
    words = WORDS[r.lang]
    items = []
    if r.value("attention_kernel.name"):
        items.append(words["attention"].format(name=r.value("attention_kernel.name"),
                                               file=r.value("attention_kernel.file")))
    if r.value("autotune.verdict"):
        items.append(words["autotune"].format(
            mode=r.value("autotune.mode"), batch=r.value("autotune.batch"),
            clock=words["clocks"].get(r.value("autotune.clock"), r.value("autotune.clock")),
            tuned=r.metric("autotune.max_autotune.us"), default=r.metric("autotune.default.us"),
            ratio=r.metric("autotune.compile_ratio"), verdict=r.said("autotune_verdict"),
            bounds=r.said("autotune_bounds"), cause=r.said("autotune_cause")))
    if "minigpt_exported_graph" in r.result["artifacts"]:
        items.append(words["export"])
    return ["", words["stretch"], "", *items] if items else []


def render(result: dict[str, Any], machine: Machine, lang: str = "en") -> str:
    r, words = _Reader(result, lang), WORDS[lang]
    threads = words["threads"].format(n=", ".join(map(str, machine.threads))) if machine.threads else ""
    out = [words["title"], "", words["run"].format(device=machine.name, kind=machine.device, torch=machine.torch,
                                                   preset=machine.preset, threads=threads), "", *_acceptance(r),
           *_part_a(r)]
    if r.value("softmax_kernel.file"):
        annotation = "KERNEL_ANNOTATION.md" if lang == "en" else "KERNEL_ANNOTATION.es.md"
        out += ["", words["part_bd"], "", words["kernel"].format(name=r.value("softmax_kernel.name"),
                                                                 file=r.value("softmax_kernel.file"),
                                                                 annotation=annotation)]
        if machine.device == "cuda":
            out += ["", r.said("softmax_form", "softmax")]
    out += _timing(r, machine.device)
    if r.value("distributed.pick"):
        doc = "DISTRIBUTED.md" if lang == "en" else "DISTRIBUTED.es.md"
        out += [words["part_f"], "", words["part_f_text"].format(
            doc=doc, pick=r.value("distributed.pick"), params=r.metric("distributed.params"),
            mib=r.metric("distributed.total_mib"))]
    out += _stretch(r)
    return "\n".join(out) + "\n"
