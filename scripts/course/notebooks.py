"""Companion notebook pages, in both languages, from one source and one run.

A lab with a notebook keeps it as `labs/<lab>/notebook.py`: a jupytext "percent" script, its
prose in English (markdown cells) and its code, which the lab runs cell by cell
(`labs.common.notebook`) and keeps as `results/<lab>/cpu/notebook.ipynb` with every cell's
output. Before each build this module writes, for each language:

    docs/<lang>/labs/<lab>_notebook.ipynb   the page: the run's cells and outputs
    docs/<lang>/labs/<lab>_notebook.py      the source, to download

The Spanish versions are the English ones with every markdown cell, and every comment in
code, looked up in `docs/translations/<lab>_notebook.es.toml`:

    [[text]]
    en = '''the English cell or comment, as written'''
    es = '''su traducción'''

Code and outputs stay as they are. A cell or comment without a translation, or a translation
whose English no longer appears, is an error that names it. After the last cell each page says,
in its language, which run printed the outputs: that run's provenance (machine, torch, preset,
commit, date), read from the manifest beside the executed notebook. All of these files are generated
(git ignores them); `python -m course notebooks` writes them without a build.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path

from course import escape
from course.strings import t
from labs.common.contract import LABS_DIR, split_cells, write_text_atomic

ROOT = Path(__file__).resolve().parents[2]
RUN_DEVICE = "cpu"   # the run whose executed notebook the pages show
DOCS = ROOT / "docs"
TRANSLATIONS = DOCS / "translations"
# A comment in code: a whole line, or the tail of a line after some spaces.
COMMENT = re.compile(r"^(?P<code>(?:.*?\S)?)(?P<gap>\s*)# (?P<text>.+)$")


class TranslationError(ValueError):
    """A notebook and its translation table disagree; the message says which text."""


def notebook_labs() -> dict[str, Path]:
    """lab id -> its notebook source, for every lab that has one."""
    return {path.parent.name: path for path in sorted(LABS_DIR.glob("*/notebook.py"))
            if (path.parent / "lab.toml").is_file()}


def load_table(path: Path) -> dict[str, str]:
    try:
        entries = tomllib.loads(path.read_text(encoding="utf-8")).get("text", [])
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise TranslationError(f"{path}: cannot read the translation table ({error})") from None
    table = {}
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry.get("en"), str) or not isinstance(entry.get("es"), str):
            raise TranslationError(f"{path}: entry {number} needs both en and es texts")
        table[entry["en"].strip("\n")] = entry["es"].strip("\n")
    return table


class Translator:
    """Looks texts up in one table, remembering which entries it used."""

    def __init__(self, table: dict[str, str], name: str):
        self.table, self.name, self.used = table, name, set()

    def text(self, english: str, where: str) -> str:
        if english not in self.table:
            raise TranslationError(f"{self.name}: no Spanish for the {where}: {english[:80]!r}; "
                                   f"add it to docs/translations/{self.name}.es.toml")
        self.used.add(english)
        return self.table[english]

    def code(self, source: str) -> str:
        """Code with its comments translated (`# noqa`-style directives left alone)."""
        lines = []
        for line in source.split("\n"):
            match = COMMENT.match(line)
            if match and not match.group("text").startswith(("noqa", "type:")):
                line = f"{match.group('code')}{match.group('gap')}# {self.text(match.group('text'), 'comment')}"
            lines.append(line)
        return "\n".join(lines)

    def check_unused(self) -> None:
        if stale := sorted(set(self.table) - self.used):
            raise TranslationError(f"{self.name}: translations of text the notebook no longer has: "
                                   f"{stale[0][:80]!r}" + (f" (and {len(stale) - 1} more)" if len(stale) > 1 else ""))


def translate(source: str, table: dict[str, str], name: str) -> str:
    """The Spanish notebook source: prose and comments translated, code as it is."""
    words = Translator(table, name)
    front, cells = split_cells(source)
    out = [front]
    for cell in cells:
        if cell.is_markdown:
            lead = cell.body[:len(cell.body) - len(cell.body.lstrip("\n"))]
            trail = cell.body[len(cell.body.rstrip("\n")):]
            spanish = words.text(cell.markdown(), "markdown cell")
            out.append(cell.header + lead + "\n".join(f"# {line}" if line else "#" for line in spanish.splitlines())
                       + trail)
        else:
            out.append(cell.header + words.code(cell.body))
    words.check_unused()
    return "".join(out)


def translate_ipynb(notebook: dict, table: dict[str, str], name: str) -> dict:
    """The Spanish executed notebook: markdown cells and code comments translated; the code
    and what it printed stay as the run left them."""
    words = Translator(table, name)
    spanish = copy.deepcopy(notebook)
    for cell in spanish["cells"]:
        text = "".join(cell["source"])
        translated = words.text(text, "markdown cell") if cell["cell_type"] == "markdown" else words.code(text)
        cell["source"] = translated.splitlines(keepends=True)
    words.check_unused()
    return spanish


def unexecuted(source: str) -> dict:
    """A notebook without outputs, when no run has executed it yet."""
    _, cells = split_cells(source)
    return {"nbformat": 4, "nbformat_minor": 4, "metadata": {},
            "cells": [{"cell_type": "markdown", "metadata": {}, "source": c.markdown().splitlines(keepends=True)}
                      if c.is_markdown else
                      {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                       "source": c.body.strip("\n").splitlines(keepends=True)} for c in cells]}


def executed(lab: str, results_dir: Path) -> dict | None:
    """The run's executed notebook (the CPU run's), or None."""
    path = Path(results_dir) / lab / RUN_DEVICE / "notebook.ipynb"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def run_note(lab: str, results_dir: Path, lang: str) -> dict | None:
    """A closing markdown cell that names the run whose outputs the page shows, from the
    provenance of the manifest beside its executed notebook; None without a manifest."""
    path = Path(results_dir) / lab / RUN_DEVICE / "manifest.json"
    if not path.is_file():
        return None
    found = json.loads(path.read_text(encoding="utf-8")).get("provenance", {})
    text = t(lang, "notebook_run", machine=escape.text(found.get("device_name", "?")),
             torch=escape.text(found.get("torch", "?")), preset=escape.code(found.get("preset", "?")),
             commit=escape.code(str(found.get("commit") or "?")[:7]), date=escape.text(str(found.get("date_utc", "?"))[:10]))
    return {"cell_type": "markdown", "metadata": {}, "source": [text]}


def with_run_note(page: dict, note: dict | None) -> dict:
    """The executed notebook with the note about its run after its last cell."""
    return page if note is None else {**page, "cells": [*page["cells"], note]}


def _write(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        write_text_atomic(path, text)


def write_notebook_pages(results_dir: Path, docs: Path = DOCS) -> list[str]:
    """Write every notebook page and source in both languages; return the warnings (a page
    whose lab has no executed notebook yet shows its cells without outputs, and says so)."""
    warnings = []
    for lab, source_path in notebook_labs().items():
        name = f"{lab}_notebook"
        source = source_path.read_text(encoding="utf-8")
        table = load_table(TRANSLATIONS / f"{name}.es.toml")
        run = executed(lab, results_dir)
        ran = run is not None
        if not ran:
            warnings.append(f"the {name} page has no outputs: results/{lab}/{RUN_DEVICE} has no notebook.ipynb; "
                            f"run: make labs LAB={lab}")
            run = unexecuted(source)
        for lang, code, page in (("en", source, run),
                                 ("es", translate(source, table, name), translate_ipynb(run, table, name))):
            if ran:   # a page without outputs has no run to name
                page = with_run_note(page, run_note(lab, results_dir, lang))
            _write(docs / lang / "labs" / f"{name}.py", code)
            _write(docs / lang / "labs" / f"{name}.ipynb", json.dumps(page, indent=1, ensure_ascii=False) + "\n")
    return warnings
