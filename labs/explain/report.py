"""The explanation as a Markdown report, in English or Spanish: summary, timing, each kernel."""

from __future__ import annotations

from labs.common.claims import Spread, band
from labs.common.kernel_facts import document, render, words
from labs.explain.explainer import Explanation

T = {
    "en": {"title": "# explain: `{name}`",
           "made": "Produced by `{command}` with {versions} on {device}; inputs {inputs}. Every fact about a kernel was "
                   "extracted from Inductor's own files (post-grad graph, provenance mapping, kernel source, "
                   "`ir_post_fusion.txt`, `call()`); what they cannot tell is written as unknown.",
           "summary": "## Summary", "graphs": "{graphs} graph(s), {kernels} generated kernel(s), {externs} library call(s){extern_list}.",
           "head": "| Kernel | Language | What it computes | Your code | Reductions | Bytes read / written | Passes over memory | Buffers kept out of memory |",
           "traffic": "Memory, if nothing stays in cache: reads {read} ({reads}), writes {written} ({writes}){transposed}{gathers}.",
           "pass": "`{buffer}` {passes}×", "transposed": "; {n} write(s) through a transpose",
           "gathers": "; {n} gather(s), whose bytes depend on the indices", "bytes": "{n} bytes",
           "timing": "## Timing",
           "timing_head": "| | Median (µs) | Q1–Q3 (µs) | Samples |",
           "eager": "eager", "compiled": "compiled", "device": "device time, {side}",
           "verdict": "Compiled is {verdict} ({speedup}× eager's speed), one synchronized call per sample{threads}. "
                      "The first call, a cold compile, took {compile_s} s.",
           "threads": ", {n} CPU thread(s)",
           "kernels": "## Kernels", "listing": "The kernel, with the lines cited above highlighted:",
           "checks": "## Checks of meaning",
           "checks_text": "Recomputed from the files for each kernel: {passed} passed, {failed} failed.",
           "generic": "no known pattern; it runs nodes from {sources}",
           "generic_unknown": "not stated (see its annotation)",
           "none": "—"},
    "es": {"title": "# explain: `{name}`",
           "made": "Generado por `{command}` con {versions} en {device}; entradas {inputs}. Cada dato sobre un kernel "
                   "se extrajo de los propios archivos de Inductor (grafo post-grad, mapa de procedencia, código del "
                   "kernel, `ir_post_fusion.txt`, `call()`); lo que no pueden decir se escribe como desconocido.",
           "summary": "## Resumen", "graphs": "{graphs} grafo(s), {kernels} kernel(s) generado(s), {externs} llamada(s) a bibliotecas{extern_list}.",
           "head": "| Kernel | Lenguaje | Qué calcula | Tu código | Reducciones | Bytes leídos / escritos | Pasadas por memoria | Búferes que no llegan a memoria |",
           "traffic": "Memoria, si nada se queda en caché: lee {read} ({reads}), escribe {written} ({writes}){transposed}{gathers}.",
           "pass": "`{buffer}` {passes}×", "transposed": "; {n} escritura(s) a través de una transposición",
           "gathers": "; {n} lectura(s) indexada(s), cuyos bytes dependen de los índices", "bytes": "{n} bytes",
           "timing": "## Tiempos",
           "timing_head": "| | Mediana (µs) | Q1–Q3 (µs) | Muestras |",
           "eager": "eager", "compiled": "compilado", "device": "tiempo de dispositivo, {side}",
           "verdict": "Lo compilado es {verdict} ({speedup}× la velocidad de eager), una llamada sincronizada por "
                      "muestra{threads}. La primera llamada, una compilación en frío, tardó {compile_s} s.",
           "threads": ", {n} hilo(s) de CPU",
           "kernels": "## Kernels", "listing": "El kernel, con las líneas citadas arriba resaltadas:",
           "checks": "## Comprobaciones de significado",
           "checks_text": "Recalculadas desde los archivos para cada kernel: {passed} pasan, {failed} fallan.",
           "generic": "ningún patrón conocido; ejecuta nodos de {sources}",
           "generic_unknown": "no se afirma (ver su anotación)",
           "none": "—"},
}
VERDICT = {"en": {"faster": "faster than eager", "slower": "slower than eager", "same": "as fast as eager, within the noise",
                  "same_band": "as fast as eager by the course's 5% band alone (the two medians do not both lie "
                               "inside each other's interquartile range)"},
           "es": {"faster": "más rápido que eager", "slower": "más lento que eager", "same": "tan rápido como eager, dentro del ruido",
                  "same_band": "tan rápido como eager solo por la banda del 5\u00a0% del curso (las dos medianas no caen "
                               "ambas dentro del rango intercuartílico de la otra)"}}


def verdict_key(timing) -> str:
    """The verdict, and for "same" whether the quartiles agree or only the 5 % band says so."""
    if timing.verdict != "same":
        return timing.verdict
    eager, compiled = (Spread(s.median_s, s.q1_s, s.q3_s) for s in (timing.eager, timing.compiled))
    return "same" if band(eager, compiled)[1] else "same_band"


def number(value: float, lang: str, digits: int = 3) -> str:
    text = f"{value:.{digits}g}"
    if "e+" in text:   # a whole number longer than `digits` (999.7 rounds up to "1e+03"): written in full
        text = f"{value:.0f}"
    return text.replace(".", ",") if lang == "es" else text


def what_it_computes(kf, lang: str) -> str:
    """One cell: the pattern the graph says the kernel computes, or a generic description."""
    if kf.pattern in words.PATTERN[lang]:
        return f"{words.PATTERN[lang][kf.pattern]} (`{kf.output_node}`)"
    if kf.pattern is None or not kf.source_nodes:
        return T[lang]["generic_unknown"]
    return T[lang]["generic"].format(sources=", ".join(f"`{name}`" for name in kf.source_nodes))


def your_code(kf) -> str:
    """The learner's lines a kernel's nodes came from, as `file:line`."""
    return ", ".join(f"`{o['where'].rsplit('/', 1)[-1]}`" for o in kf.origins) or "—"


def bytes_cell(kf, lang: str) -> str:
    traffic = kf.traffic or {}
    if traffic.get("bytes_read") is None:
        return "?"
    return f"{number(traffic['bytes_read'], lang, 6)} / {number(traffic['bytes_written'], lang, 6)}"


def traffic_sentence(kf, lang: str) -> str | None:
    t, traffic = T[lang], kf.traffic
    if not traffic or traffic.get("bytes_read") is None:
        return None
    passes = [t["pass"].format(buffer=b, passes=v["passes"]) for b, v in traffic["read"].items()]
    writes = [t["pass"].format(buffer=b, passes=v["passes"]) for b, v in traffic["written"].items()]
    return t["traffic"].format(
        read=t["bytes"].format(n=number(traffic["bytes_read"], lang, 9)), reads=", ".join(passes) or t["none"],
        written=t["bytes"].format(n=number(traffic["bytes_written"], lang, 9)), writes=", ".join(writes) or t["none"],
        transposed=t["transposed"].format(n=traffic["transposed_writes"]) if traffic["transposed_writes"] else "",
        gathers=t["gathers"].format(n=traffic["gathers"]) if traffic["gathers"] else "")


def kernel_rows(explanation: Explanation, lang: str) -> list[list[str]]:
    rows = []
    for graph in explanation.graphs:
        for kf in graph.facts.kernels:
            reductions = ", ".join(words.REDUCTION[lang].get(r["kind"], r["kind"]) for r in kf.reductions) or T[lang]["none"]
            kept = ", ".join(b["name"] for b in kf.ir_buffers or [] if b["in_call"] == "absent") or T[lang]["none"]
            passes = str((kf.traffic or {}).get("passes", "?"))
            rows.append([kf.kernel, "C++" if kf.language == "cpp" else "Triton", what_it_computes(kf, lang),
                         your_code(kf), reductions, bytes_cell(kf, lang), passes, kept])
    return rows


def render_report(explanation: Explanation, lang: str, command: str, device_name: str) -> str:
    t, e = T[lang], explanation
    externs = [x for g in e.graphs for x in g.externs]
    out = [t["title"].format(name=e.name), "",
           t["made"].format(command=command, versions=e.versions, device=device_name, inputs=", ".join(e.inputs)), "",
           t["summary"], "",
           t["graphs"].format(graphs=len(e.graphs), kernels=sum(len(g.facts.kernels) for g in e.graphs),
                              externs=len(externs), extern_list=f" ({', '.join(f'`{x}`' for x in sorted(set(externs)))})"
                              if externs else ""), "", t["head"], "|---|---|---|---|---|---|---|---|"]
    out += ["| `" + row[0] + "` | " + " | ".join(row[1:]) + " |" for row in kernel_rows(e, lang)]
    out += ["", *timing_section(e, lang), "", t["kernels"], ""]
    passed = failed = 0
    for graph in e.graphs:
        for kf in graph.facts.kernels:
            source = graph.sources[kf.kernel]
            suffix = "cpp" if kf.language == "cpp" else "py"
            out.append(document.document(kf, lang, f"{kf.kernel}.{suffix}", "", source, level=3))
            if sentence := traffic_sentence(kf, lang):
                out += [sentence, ""]
            highlighted = " ".join(str(n) for n in render.highlighted_lines(kf))
            fence = "cpp" if kf.language == "cpp" else "python"
            out += [t["listing"], "", f'```{fence} linenums="1" hl_lines="{highlighted}"', source, "```", ""]
            verdicts = [v for v in graph.verdicts[kf.kernel].values() if v is not None]
            passed, failed = passed + sum(verdicts), failed + len(verdicts) - sum(verdicts)
    out += [t["checks"], "", t["checks_text"].format(passed=passed, failed=failed), ""]
    return "\n".join(out)


def timing_section(e: Explanation, lang: str) -> list[str]:
    t, timing = T[lang], e.timing
    if timing is None:
        return []
    rows = [(t["eager"], timing.eager), (t["compiled"], timing.compiled)]
    if timing.device_eager is not None:
        rows += [(t["device"].format(side=t["eager"]), timing.device_eager),
                 (t["device"].format(side=t["compiled"]), timing.device_compiled)]
    out = [t["timing"], "", t["timing_head"], "|---|---|---|---|"]
    for label, stats in rows:
        us = stats.us()
        out.append(f"| {label} | {number(us['median'], lang)} | {number(us['q1'], lang)}–{number(us['q3'], lang)} | {stats.reps} |")
    threads = t["threads"].format(n=timing.threads) if timing.threads else ""
    out += ["", t["verdict"].format(verdict=VERDICT[lang][verdict_key(timing)], speedup=number(timing.speedup, lang),
                                    threads=threads, compile_s=number(timing.compile_s, lang))]
    return out
