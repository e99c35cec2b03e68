"""Files a page includes with pymdownx.snippets (`--8<-- "labs/x/y.py:section"`), checked before
Markdown reads them: a path that does not exist would otherwise stop the build with a traceback.

    page_markdown, problems = check_includes(markdown, base=Path("."), page="en/labs/x.md")

Each missing file becomes one line (the page, the line, the path, what to do) and its include
line a visible error on the page, so the strict build lists them all and stops.
"""

from __future__ import annotations

import re
from pathlib import Path

from course import escape

# `--8<-- "path"`, `--8<-- 'path'` or `--8<-- path`, alone on its line (pymdownx.snippets' form);
# a path may end in `:section` or `:start:end`.
INCLUDE = re.compile(r"""^(?P<indent>[ \t]*)-{1,}8<-{1,}[ \t]+(?P<quote>["']?)(?P<spec>[^"'\s]+)(?P=quote)[ \t]*$""",
                     re.MULTILINE)


def included_path(spec: str) -> str:
    """The file of an include: `labs/x.py:block` -> `labs/x.py`, `labs/x.py:1:40` -> `labs/x.py`."""
    return spec.split(":", 1)[0]


def check_includes(markdown: str, base: Path, page: str) -> tuple[str, list[str]]:
    problems: list[str] = []

    def replace(match: re.Match) -> str:
        path = included_path(match.group("spec"))
        if (base / path).is_file():
            return match.group(0)
        line = markdown.count("\n", 0, match.start()) + 1
        problems.append(f"{page}: line {line} includes {path}, which does not exist; fix the path "
                        "(relative to the folder of mkdocs.yml) or remove the line")
        return f"{match.group('indent')}(missing include: {escape.text(path)})"

    return INCLUDE.sub(replace, markdown), problems
