"""An annotation in words, from the structured facts: table rows, and a Markdown document.

`table_rows` gives one row per cited line, with a language-neutral `topic` and `detail`
and the prose in both languages (`what_en`, `what_es`), so a page shows the column of its
own language. `document` writes the walk-through in one language. Nothing here decides a
fact: every sentence is a template over `KernelFacts` (see words.py for the words).
"""

from __future__ import annotations

import re

from labs.common.contract import LANGUAGES
from labs.common.kernel_facts import words
from labs.common.kernel_facts.meaning import STEP_PATTERN
from labs.common.kernel_facts.patterns import STEPS
from labs.common.kernel_facts.records import KernelFacts

TABLE_COLUMNS = ["file", "line", "topic", "code", "detail", "what_en", "what_es"]


def _where(entry: dict, index: str | None) -> str:
    place = f"{entry['pointer']}[{index}]" if index is not None else entry["pointer"]
    return f"{place} → {entry['buffer']}" if entry.get("buffer") else place


def _what(values: list[str], lang: str) -> str:
    return ", ".join(words.COPY[lang] if v == "load" else f"`{v}`" for v in values)


def rows(facts: KernelFacts) -> list[tuple[str, int, str, str, dict]]:
    """(file, line, topic, detail, template values) for every line the annotation cites."""
    found = []
    steps = {s.step: s for s in facts.steps if s.lines}
    inputs = set(facts.input["lines"]) if facts.input else set()
    for entry in facts.loads:
        for line, index, source in entry["at"]:
            where = _where(entry, index)
            if not steps:
                found.append(("kernel", line, "generic_load", where, {"where": where}))
            elif line in inputs:
                found.append(("kernel", line, "load", where, {"where": where}))
            elif source is not None:
                found.append(("kernel", line, "load_back", where, {"where": where, "source": source}))
            else:
                found.append(("kernel", line, "load_other", where, {"where": where}))
    for step in steps.values():
        for line in step.lines:
            found.append(("kernel", line, f"step:{step.step}", ", ".join(step.nodes), {"step": step.step, "nodes": step.nodes}))
    for entry in facts.stores:
        for line, index, value in entry["at"]:
            where = _where(entry, index)
            found.append(("kernel", line, *_store_topic(facts, line, value, where, bool(steps), index)))
    for reduction in facts.reductions:
        if not reduction["step"]:
            for line in reduction["lines"]:
                found.append(("kernel", line, "reduction", reduction["kind"], {"kind": reduction["kind"]}))
    for call in facts.calls[:1]:
        found.append(("output_code", call["line"], "call", call["handle"] or facts.kernel, {}))
    return sorted(found, key=lambda r: (r[0] != "kernel", r[1], r[2]))


def batch_wide(index: str | None) -> bool:
    """A store whose index names no loop variable writes one element for the whole launch."""
    return index is not None and not re.search(r"\b(?:x|r|r0_|y)\w*\d|\w*index\b|\bx\d", index)


def _store_topic(facts: KernelFacts, line: int, value: str, where: str, pattern: bool,
                 index: str | None = None) -> tuple[str, str, dict]:
    if value in ("sum", "max", "amax") and batch_wide(index):  # a loss total or a count, not a row's value
        return "store_total", where, {"where": where, "what": {"max": "max", "amax": "max"}.get(value, "sum")}
    if not pattern:
        return "generic_store", where, {"where": where, "values": [value]}
    if facts.output and line in facts.output.get("stored", []):
        return "store", where, {"where": where, "node": facts.output_node}
    if value == "exp" and facts.exp_home:
        return "store_exp", where, {"home": facts.exp_home}
    if value in ("max", "sum"):
        return "store_step", where, {"where": where, "step": value}
    return "store_other", where, {"where": where, "values": [value]}


def what(topic: str, values: dict, lang: str) -> str:
    if topic.startswith("step:"):
        return words.ROW_STEP[lang].format(text=words.STEP[lang][values["step"]], nodes=", ".join(values["nodes"]) or "?")
    if topic == "store_exp":
        home = words.SCRATCH[lang] if values["home"] == "local_buffer" else words.EXP_HOME[lang][values["home"]]
        return words.ROW[lang]["store_exp"].format(home=home)
    if topic == "store_step":
        return words.ROW[lang]["store_step"].format(step=words.STEP_NOUN[lang][values["step"]], where=values["where"])
    if topic == "reduction":
        return words.ROW[lang]["reduction"].format(kind=words.REDUCTION[lang].get(values["kind"], values["kind"]))
    if topic in ("store_other", "generic_store"):
        return words.ROW[lang][topic].format(what=_what(values["values"], lang), where=values["where"])
    return words.ROW[lang][topic].format(**values)


def table_rows(facts: KernelFacts, kernel_source: str, output_code: str) -> list[list]:
    """Rows of TABLE_COLUMNS; `code` is the cited line as it stands in its file."""
    files = {"kernel": kernel_source.splitlines(), "output_code": output_code.splitlines()}
    table = []
    for file, line, topic, detail, values in rows(facts):
        code = files[file][line - 1].strip() if 0 < line <= len(files[file]) else ""
        table.append([file, line, topic, code, detail, *(what(topic, values, lang) for lang in LANGUAGES)])
    return table


def lines_phrase(lines: list[int], lang: str) -> str:
    """[98] -> "line 98" / "la línea 98"; [27, 32, 36] -> "lines 27, 32 and 36" / "las líneas 27, 32 y 36"."""
    numbers = [str(n) for n in lines]
    if not numbers:
        return {"en": "no line", "es": "ninguna línea"}[lang]
    if len(numbers) == 1:
        return {"en": "line ", "es": "la línea "}[lang] + numbers[0]
    joined = ", ".join(numbers[:-1]) + {"en": " and ", "es": " y "}[lang] + numbers[-1]
    return {"en": "lines ", "es": "las líneas "}[lang] + joined


def unknown_text(code: str, lang: str) -> str:
    name, _, count = code.partition(":")
    return words.UNKNOWN[lang].get(name, name).format(count=count)


def highlighted_lines(facts: KernelFacts) -> list[int]:
    return sorted({line for file, line, *_ in rows(facts) if file == "kernel"})


def step_table(facts: KernelFacts, lang: str, kernel_lines: list[str]) -> list[str]:
    head = {"en": "| Step | Graph node | Lines | What it computes |", "es": "| Paso | Nodo del grafo | Líneas | Qué calcula |"}
    out = [head[lang], "|---|---|---|---|"]
    elsewhere = {"en": "in kernel `{k}`", "es": "en el kernel `{k}`"}
    missing = {"en": "not found", "es": "no encontrada"}
    for name in STEPS.get(STEP_PATTERN.get(facts.pattern or "", ""), ()):
        step = facts.step(name)
        if step is None:
            continue
        if step.lines:
            lines = ", ".join(str(n) for n in step.lines)
        elif step.other_kernel:
            lines = elsewhere[lang].format(k=step.other_kernel)
        else:
            lines = missing[lang]
        out.append(f"| {name} | {', '.join(f'`{n}`' for n in step.nodes)} | {lines} | {words.STEP[lang][name]} |")
    return out
