"""The Spanish companion notebook, generated from the English one and a translation table.

A notebook is a jupytext "percent" script: `# %% [markdown]` cells of commented prose and
`# %%` code cells. Its code is one copy: the Spanish notebook runs exactly the English
notebook's code. Only prose changes language: each markdown cell, and each comment in a
code cell, is looked up in `docs/translations/<notebook>.es.toml`:

    [[text]]
    en = '''the English cell or comment, as written'''
    es = '''su traducción'''

A cell or comment without a translation, or a translation whose English no longer appears,
is an error that names it: the table and the notebook never drift apart silently.

    python -m course notebooks          (re)write every Spanish notebook
    python -m course notebooks --check  fail if one is missing or out of date
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from labs.common.contract import write_text_atomic

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
TRANSLATIONS = DOCS / "translations"
NOTEBOOK_SUFFIX = "_notebook.py"
CELL = re.compile(r"^# %%.*$", re.M)
# A comment in code: a whole line, or the tail of a line after two spaces.
COMMENT = re.compile(r"^(?P<code>(?:.*?\S)?)(?P<gap>\s*)# (?P<text>.+)$")


class TranslationError(ValueError):
    """A notebook and its translation table disagree; the message says which text."""


@dataclass(frozen=True)
class Cell:
    header: str       # "# %% [markdown]" or "# %%"
    body: str         # the lines after the header, up to the next cell

    @property
    def is_markdown(self) -> bool:
        return "[markdown]" in self.header


def split_cells(source: str) -> tuple[str, list[Cell]]:
    """The front matter (jupytext's header) and the cells, in order."""
    headers = list(CELL.finditer(source))
    front = source[:headers[0].start()] if headers else source
    cells = []
    for index, match in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(source)
        cells.append(Cell(header=match.group(0), body=source[match.end():end]))
    return front, cells


def markdown_text(body: str) -> str:
    """A markdown cell's prose: its lines without the leading `# `."""
    lines = [line[2:] if line.startswith("# ") else line.lstrip("#") for line in body.strip("\n").splitlines()]
    return "\n".join(lines)


def as_markdown_body(text: str, like: str) -> str:
    """Prose back into a cell body, keeping the blank lines around it as in `like`."""
    lead = like[:len(like) - len(like.lstrip("\n"))]
    trail = like[len(like.rstrip("\n")):]
    lines = [f"# {line}" if line else "#" for line in text.splitlines()]
    return lead + "\n".join(lines) + trail


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


def translate(source: str, table: dict[str, str], name: str) -> str:
    used: set[str] = set()

    def look_up(text: str, where: str) -> str:
        if text not in table:
            raise TranslationError(f"{name}: no Spanish for the {where}: {text[:80]!r}; "
                                   f"add it to docs/translations/{name}.es.toml")
        used.add(text)
        return table[text]

    front, cells = split_cells(source)
    out = [front]
    for cell in cells:
        if cell.is_markdown:
            body = as_markdown_body(look_up(markdown_text(cell.body), "markdown cell"), cell.body)
        else:
            lines = []
            for line in cell.body.split("\n"):
                match = COMMENT.match(line)
                if match and not match.group("text").startswith(("noqa", "type:")):
                    line = f"{match.group('code')}{match.group('gap')}# {look_up(match.group('text'), 'comment')}"
                lines.append(line)
            body = "\n".join(lines)
        out.append(cell.header + body)
    if stale := sorted(set(table) - used):
        raise TranslationError(f"{name}: translations of text the notebook no longer has: {stale[0][:80]!r}"
                               + (f" (and {len(stale) - 1} more)" if len(stale) > 1 else ""))
    return "".join(out)


def spanish_notebooks(check: bool = False) -> list[Path]:
    """Write (or, with check=True, verify) docs/es/…/X_notebook.py for every English one."""
    written = []
    for english in sorted((DOCS / "en").rglob(f"*{NOTEBOOK_SUFFIX}")):
        name = english.stem
        spanish = DOCS / "es" / english.relative_to(DOCS / "en")
        text = translate(english.read_text(encoding="utf-8"), load_table(TRANSLATIONS / f"{name}.es.toml"), name)
        current = spanish.read_text(encoding="utf-8") if spanish.is_file() else None
        if current != text:
            if check:
                raise TranslationError(f"{spanish} is out of date; run: python -m course notebooks")
            write_text_atomic(spanish, text)
        written.append(spanish)
    return written
