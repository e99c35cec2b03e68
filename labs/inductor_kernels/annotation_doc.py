"""KERNEL_ANNOTATION.md and ATTENTION_ANNOTATION.md, and the tables the page shows, from the
structured facts. The words live in `labs.common.kernel_facts` (words.py, document.py), so the
lab, `explain` and the pages say the same thing in both languages."""

from __future__ import annotations

from labs.common.contract import LANGUAGES
from labs.common.kernel_facts import document, render
from labs.common.kernel_facts.meaning import STEP_PATTERN
from labs.common.kernel_facts.patterns import STEPS
from labs.common.kernel_facts.records import KernelFacts

TABLE_COLUMNS = render.TABLE_COLUMNS
STEP_COLUMNS = ["step", "nodes", "lines", "first_line", "what_en", "what_es"]


def document_name(base: str, lang: str) -> str:
    """KERNEL_ANNOTATION.md for English, KERNEL_ANNOTATION.es.md for Spanish."""
    return f"{base}.md" if lang == "en" else f"{base}.{lang}.md"


def render_document(facts: KernelFacts, lang: str, kernel_file: str, produced_by: str, kernel_source: str) -> str:
    return document.document(facts, lang, kernel_file, produced_by, kernel_source)


def table_rows(facts: KernelFacts, kernel_source: str, output_code: str) -> list[list]:
    return render.table_rows(facts, kernel_source, output_code)


def step_rows(facts: KernelFacts) -> list[list]:
    """One row per step of the pattern: its graph nodes, its lines (or why there are none)."""
    from labs.common.kernel_facts.words import STEP
    rows = []
    for name in STEPS.get(STEP_PATTERN.get(facts.pattern or "", ""), ()):
        step = facts.step(name)
        if step is None:
            continue
        lines = ", ".join(str(n) for n in step.lines) if step.lines else (
            f"→ {step.other_kernel}" if step.other_kernel else "—")
        rows.append([name, ", ".join(step.nodes), lines, step.lines[0] if step.lines else None,
                     *(STEP[lang][name] for lang in LANGUAGES)])
    return rows
