"""Two kernel listings side by side, with the lines that differ marked: the page shows the text
as a code listing and highlights the changed rows (their numbers go into a table).

    old line                                | new line        a row changed in place
    old line                                <                 a row removed
                                            > new line        a row added

Long unchanged stretches fold into one "… n unchanged lines …" row. Standard library only.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

WIDTH = 90          # characters kept of each side; longer lines end in "…" (the full files are artifacts)
CONTEXT = 2         # unchanged lines kept around each change


@dataclass(frozen=True)
class Row:
    text: str
    change: str | None      # "changed", "removed", "added"; None for context and folds


def _cell(line: str) -> str:
    line = line.replace("\t", "    ")
    return line if len(line) <= WIDTH else line[:WIDTH - 1] + "…"


def _row(left: str, mark: str, right: str) -> str:
    return f"{_cell(left):<{WIDTH}} {mark} {_cell(right)}".rstrip()


def side_by_side(old: list[str], new: list[str]) -> list[Row]:
    """The rows of the two listings aligned; empty when they are identical."""
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    if matcher.ratio() == 1.0 and old == new:
        return []
    rows: list[Row] = []
    groups = matcher.get_opcodes()
    for number, (tag, a1, a2, b1, b2) in enumerate(groups):
        if tag == "equal":
            keep_head = CONTEXT if number > 0 else 0
            keep_tail = CONTEXT if number < len(groups) - 1 else 0
            length = a2 - a1
            if length <= keep_head + keep_tail + 1:
                rows += [Row(_row(old[i], " ", old[i]), None) for i in range(a1, a2)]
                continue
            rows += [Row(_row(old[i], " ", old[i]), None) for i in range(a1, a1 + keep_head)]
            rows.append(Row(f"… {length - keep_head - keep_tail} unchanged lines …", None))
            rows += [Row(_row(old[i], " ", old[i]), None) for i in range(a2 - keep_tail, a2)]
            continue
        left, right = old[a1:a2], new[b1:b2]
        for i in range(max(len(left), len(right))):
            if i < len(left) and i < len(right):
                rows.append(Row(_row(left[i], "|", right[i]), "changed"))
            elif i < len(left):
                rows.append(Row(_row(left[i], "<", ""), "removed"))
            else:
                rows.append(Row(_row("", ">", right[i]), "added"))
    return rows
