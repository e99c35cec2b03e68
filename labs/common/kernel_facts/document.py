"""The annotation as a Markdown document in one language: KERNEL_ANNOTATION.md and its kin.

    document(facts, "es", kernel_file="kernel.cpp", produced_by="…", kernel_source=source)

A kernel the post-grad graph says computes a softmax or log-softmax gets the pattern's
walk-through (steps, input, output, where exp(x − max) lives); any other kernel gets the
generic part only (loads, stores, reductions, buffers), and an unknown is said to be unknown.
"""

from __future__ import annotations

from labs.common.kernel_facts import words
from labs.common.kernel_facts.meaning import STEP_PATTERN
from labs.common.kernel_facts.records import KernelFacts
from labs.common.kernel_facts.render import lines_phrase, rows, step_table, unknown_text, what

T = {
    "en": {
        "title": "# Kernel annotation: `{kernel}`",
        "intro": "`{file}` is {style}. {produced_by} Every fact below was extracted by `labs/common/kernel_facts` "
                 "from Inductor's own files: the post-grad graph says what is computed, the provenance mapping which "
                 "graph nodes this kernel runs, the kernel's source which line computes what (found by following its "
                 "variables), and `ir_post_fusion.txt` with the wrapper's `call()` which buffers exist. A bare line "
                 "number is a line of `{file}`.",
        "computes": "## What it computes",
        "pattern": "The post-grad graph computes {pattern} of `{input}`{form}; its output node `{output}` runs in this kernel{where}.",
        "where": ", from {where} of your code",
        "none": "None of the patterns the annotator knows (softmax, log-softmax, cross-entropy, layer and RMS norm, GELU, "
                "SiLU, SwiGLU) has its output in this kernel, so it is described generically: its loads, stores and "
                "reductions.",
        "origins": "Your code it came from: {origins}.",
        "unknown": "What this kernel computes is not stated (see *Not stated*); it is described generically.",
        "nodes": "Graph nodes it runs (from {source}): {nodes}.",
        "by_source": "By source node: {groups}.",
        "steps": "## The steps, line by line",
        "io": "## Input and output",
        "input": "x (`{node}`) is computed from the loads at {lines}, of {pointers}.",
        "stored": "The output (`{node}`) is written at {lines}.",
        "consumed": "The output (`{node}`) is never stored: it is used at once, inside this kernel, at {lines}.",
        "exp": "## Where exp(x − max) lives",
        "exp_home": "In {home}.",
        "exp_lines": "It is written at {stored} and read back at {read}.",
        "recomputed": "It is computed twice, once for the sum and once for the output ({lines}): cheaper than a round trip through memory.",
        "memory": "## Line by line",
        "buffers": "## Buffers: the scheduler's plan and call()",
        "ir_nodes": "Scheduler nodes of `ir_post_fusion.txt` that became this one kernel: {nodes}.",
        "buffer_head": "| Buffer | Size | IR op stored | In call() |",
        "not_stated": "## Not stated",
        "lines": "lines", "none_word": "none",
    },
    "es": {
        "title": "# Anotación del kernel `{kernel}`",
        "intro": "`{file}` es {style}. {produced_by} Cada dato de abajo lo extrajo `labs/common/kernel_facts` de los "
                 "propios archivos de Inductor: el grafo post-grad dice qué se calcula; el mapa de procedencia, qué "
                 "nodos del grafo ejecuta este kernel; el código del kernel, qué línea calcula cada cosa (siguiendo sus "
                 "variables), e `ir_post_fusion.txt` junto con el `call()` del envoltorio, qué búferes existen. Un "
                 "número de línea sin más es una línea de `{file}`.",
        "computes": "## Qué calcula",
        "pattern": "El grafo post-grad calcula {pattern} de `{input}`{form}; su nodo de salida `{output}` se ejecuta en este kernel{where}.",
        "where": ", desde {where} de tu código",
        "none": "Ninguno de los patrones que conoce el anotador (softmax, log-softmax, entropía cruzada, normalización "
                "de capa y RMS, GELU, SiLU, SwiGLU) tiene su salida en este kernel, así que se describe de forma "
                "genérica: sus lecturas, escrituras y reducciones.",
        "origins": "Tu código del que sale: {origins}.",
        "unknown": "Qué calcula este kernel no se afirma (ver *No se afirma*); se describe de forma genérica.",
        "nodes": "Nodos del grafo que ejecuta (según {source}): {nodes}.",
        "by_source": "Por nodo de origen: {groups}.",
        "steps": "## Los pasos, línea a línea",
        "io": "## Entrada y salida",
        "input": "x (`{node}`) se calcula a partir de las lecturas de {lines}, de {pointers}.",
        "stored": "La salida (`{node}`) se escribe en {lines}.",
        "consumed": "La salida (`{node}`) no se guarda nunca: se usa en el acto, dentro de este kernel, en {lines}.",
        "exp": "## Dónde vive exp(x − max)",
        "exp_home": "En {home}.",
        "exp_lines": "Se escribe en {stored} y se vuelve a leer en {read}.",
        "recomputed": "Se calcula dos veces, una para la suma y otra para la salida ({lines}): más barato que un viaje de ida y vuelta a memoria.",
        "memory": "## Línea a línea",
        "buffers": "## Búferes: el plan del planificador y call()",
        "ir_nodes": "Nodos de `ir_post_fusion.txt` que acabaron en este único kernel: {nodes}.",
        "buffer_head": "| Búfer | Tamaño | Operación de la IR guardada | En call() |",
        "not_stated": "## No se afirma",
        "lines": "líneas", "none_word": "ninguno",
    },
}
SOURCE = {"en": {"provenance": "the provenance mapping", "graph_fragment": "the graph fragment comment above the kernel"},
          "es": {"provenance": "el mapa de procedencia", "graph_fragment": "el comentario con el fragmento del grafo sobre el kernel"}}


def _list(items, none: str) -> str:
    return ", ".join(str(i) for i in items) or none


def document(facts: KernelFacts, lang: str, kernel_file: str, produced_by: str, kernel_source: str,
             level: int = 1) -> str:
    """The walk-through; `level` is the title's heading level (sections sit one below), so it can
    be embedded in a larger report."""
    t = {k: ("#" * (level - 1) + v if v.startswith("#") else v) for k, v in T[lang].items()}
    out = [t["title"].format(kernel=facts.kernel), "",
           " ".join(t["intro"].format(file=kernel_file, style=words.STYLE[lang][facts.style],
                                      produced_by=produced_by).split()), "",
           t["computes"], ""]
    if facts.pattern in words.PATTERN[lang]:
        claim = next((c for c in facts.claims if c["output_node"] == facts.output_node), {})
        out.append(t["pattern"].format(pattern=words.PATTERN[lang][facts.pattern], input=facts.input_node,
                                       form=f" ({words.FORM[lang][facts.form]})" if facts.form else "",
                                       output=facts.output_node,
                                       where=t["where"].format(where=f"`{claim['where']}`") if claim.get("where") else ""))
    else:
        out.append(t["none"] if facts.pattern == "none" else t["unknown"])
    if facts.nodes is not None:
        out += ["", t["nodes"].format(source=SOURCE[lang][facts.nodes_source], nodes=_list((f"`{n}`" for n in facts.nodes), t["none_word"]))]
        if facts.source_nodes:
            groups = "; ".join(f"`{pre}` → {', '.join(posts)}" for pre, posts in facts.source_nodes.items())
            out.append(t["by_source"].format(groups=groups))
    if facts.origins:
        out += ["", t["origins"].format(origins="; ".join(
            f"`{o['where']}`" + (f" (`{o['code']}`)" if o.get("code") else "") for o in facts.origins))]
    lines = kernel_source.splitlines()
    if STEP_PATTERN.get(facts.pattern or ""):
        out += ["", t["steps"], "", *step_table(facts, lang, lines), ""]
        out += _io(facts, lang, t)
        out += _exp(facts, lang, t)
    out += ["", t["memory"], ""] + _memory(facts, lang, t, kernel_file, lines)
    out += _buffers(facts, lang, t)
    if facts.unknown:
        out += ["", t["not_stated"], ""] + [f"- {unknown_text(code, lang)}" for code in facts.unknown]
    return "\n".join(out) + "\n"


def _io(facts: KernelFacts, lang: str, t: dict) -> list[str]:
    out = [t["io"], ""]
    if facts.input:
        pointers = ", ".join(f"`{p}` (`{b}`)" if b else f"`{p}`" for p, b in facts.input["pointers"].items())
        out.append(t["input"].format(node=facts.input_node, lines=lines_phrase(facts.input["lines"], lang), pointers=pointers))
    if facts.output and facts.output.get("stored"):
        out.append(t["stored"].format(node=facts.output_node, lines=lines_phrase(facts.output["stored"], lang)))
    elif facts.output:
        out.append(t["consumed"].format(node=facts.output_node, lines=lines_phrase(facts.output.get("consumed_by", []), lang)))
    return out


def _exp(facts: KernelFacts, lang: str, t: dict) -> list[str]:
    if not facts.exp_home:
        return []
    out = ["", t["exp"], "", t["exp_home"].format(home=words.EXP_HOME[lang][facts.exp_home])]
    stored = [line for e in facts.stores for line, _, value in e["at"] if value == "exp"]
    read = [line for e in facts.loads for line, _, source in e["at"] if source in stored]
    if stored:
        out.append(t["exp_lines"].format(stored=lines_phrase(stored, lang), read=lines_phrase(read, lang)))
    exp = facts.step("exp")
    if facts.exp_recomputed and exp and exp.lines:
        out.append(t["recomputed"].format(lines=lines_phrase(exp.lines, lang)))
    return out


def _memory(facts: KernelFacts, lang: str, t: dict, kernel_file: str, lines: list[str]) -> list[str]:
    out = []
    for file, line, topic, _detail, values in rows(facts):
        if file != "kernel":
            continue
        code = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        out.append(f"- **{kernel_file}:{line}** `{code}`  \n  {what(topic, values, lang)}")
    return out


def _buffers(facts: KernelFacts, lang: str, t: dict) -> list[str]:
    if facts.ir_buffers is None:
        return []
    out = ["", t["buffers"], ""]
    if facts.ir_nodes and len(facts.ir_nodes) > 1:
        out += [t["ir_nodes"].format(nodes=", ".join(f"`{n}`" for n in facts.ir_nodes)), ""]
    out.append(t["buffer_head"])
    out.append("|---|---|---|---|")
    for b in facts.ir_buffers:
        status, _, source = b["in_call"].partition(" ")
        text = words.IN_CALL[lang].get(status, status).format(buffer=f"`{source}`")
        out.append(f"| `{b['name']}` | {list(b['size'])} | `{b['role']}` | {text} |")
    return out
