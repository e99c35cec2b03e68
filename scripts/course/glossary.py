"""The course's glossary (docs/translations/glossary.toml): one Spanish term per English one,
and the Spanish words to avoid. The glossary page renders it; the tests hold the Spanish
pages to it."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "translations" / "glossary.toml"
CODE = re.compile(r"```.*?```|`[^`\n]*`|\{\{.*?\}\}", re.S)


@dataclass(frozen=True)
class Term:
    en: str
    es: str
    avoid: tuple[str, ...] = field(default_factory=tuple)
    note: str = ""


@lru_cache(maxsize=1)
def terms() -> tuple[Term, ...]:
    raw = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"]
    return tuple(Term(en=t["en"], es=t["es"], avoid=tuple(t.get("avoid", ())), note=t.get("note", "")) for t in raw)


def avoided_terms(spanish_markdown: str) -> list[tuple[str, str]]:
    """(term found, term to use instead) for each avoided term in the prose (code left aside)."""
    prose = CODE.sub(" ", spanish_markdown)
    found = []
    for term in terms():
        for word in term.avoid:
            if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", prose, re.IGNORECASE):
                found.append((word, term.es))
    return found
