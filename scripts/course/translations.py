"""Does each Spanish page mirror its English page? The build refuses one that does not.

A Spanish page has the same headings (number and levels, in order), the same markers (kind
and target, in order) and the same code blocks as its English page. Code is compared with
its comments taken out, since comments in code written into a page are translated, and
`text` blocks (ASCII diagrams, sample output) only by count. Notebooks are generated from
the English ones (see notebooks.py), so they always mirror.
"""

from __future__ import annotations

import re
from pathlib import Path

from course.markers import MARKER

HEADING = re.compile(r"^(#{1,6}) ", re.M)
FENCED = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)\n"
                    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$", re.M | re.S)
COMMENT = re.compile(r"(?:(?<=\s)|^)(?:#|//)(?![!{]).*$", re.M)


def _headings(text: str) -> list[str]:
    return [m.group(1) for m in HEADING.finditer(FENCED.sub("", text))]


def _markers(text: str) -> list[tuple[str, str]]:
    return [(m.group("kind"), (m.group("body").split() or [""])[0]) for m in MARKER.finditer(text)]


def _code_blocks(text: str) -> list[tuple[str, str]]:
    blocks = []
    for m in FENCED.finditer(text):
        language = (m.group("info").split() or ["text"])[0]
        body = "" if language in ("text", "console", "") else "\n".join(
            line.rstrip() for line in COMMENT.sub("", m.group("body")).splitlines() if line.strip())
        blocks.append((language, body))
    return blocks


def page_problems(english: str, spanish: str) -> list[str]:
    """What differs in structure between an English page and its Spanish twin."""
    problems = []
    if _headings(english) != _headings(spanish):
        problems.append("its headings differ in number or level from the English page")
    if _markers(english) != _markers(spanish):
        en, es = _markers(english), _markers(spanish)
        first = next((i for i, (a, b) in enumerate(zip(en, es)) if a != b), min(len(en), len(es)))
        problems.append(f"its markers differ from the English page's (first at marker {first + 1}: "
                        f"{en[first] if first < len(en) else 'none'} in English, "
                        f"{es[first] if first < len(es) else 'none'} in Spanish)")
    en_code, es_code = _code_blocks(english), _code_blocks(spanish)
    if en_code != es_code:
        problems.append("its code blocks differ from the English page's (only comments may be translated)")
    return problems


def mirror_problems(docs: Path) -> list[str]:
    """Every page missing from either tree, and every Spanish page that does not mirror."""
    english = {p.relative_to(docs / "en").as_posix() for p in (docs / "en").rglob("*.md")}
    spanish = {p.relative_to(docs / "es").as_posix() for p in (docs / "es").rglob("*.md")}
    problems = [f"docs/es/{page} is missing: the Spanish tree must mirror docs/en/{page}; "
                "add its translation" for page in sorted(english - spanish)]
    problems += [f"docs/es/{page} has no English page docs/en/{page}; add it or remove the Spanish one"
                 for page in sorted(spanish - english)]
    for page in sorted(english & spanish):
        for problem in page_problems((docs / "en" / page).read_text(encoding="utf-8"),
                                     (docs / "es" / page).read_text(encoding="utf-8")):
            problems.append(f"docs/es/{page}: {problem}")
    return problems
