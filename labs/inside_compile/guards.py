"""Reading Dynamo's guard tree (the text of a cache entry's guard manager).

    TREE_GUARD_MANAGER:
    +- RootGuardManager
    | +- GLOBAL_STATE: ___check_global_state() against {...}
    | +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(...)
    | | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, ..., size=[4, 16, 64], stride=[...])

Managers (CamelCase) only walk to a value; the UPPER_CASE leaves are the checks that run
on every call. Standard library only.
"""

from __future__ import annotations

import re
from collections import Counter

_LEAF = re.compile(r"^[|\s]*\+- (?P<kind>[A-Z][A-Z0-9_]*[A-Z0-9])(?::|\s|$)")
_MANAGER = re.compile(r"^[|\s]*\+- (?P<kind>\w*GuardManager)\b")
_SOURCE = re.compile(r"source=(?P<source>[^,]+),")


def guard_kinds(tree: str) -> Counter[str]:
    """How many checks of each kind (TENSOR_MATCH, TYPE_MATCH, ...) the tree holds."""
    return Counter(m.group("kind") for m in map(_LEAF.match, tree.splitlines()) if m)


def manager_count(tree: str) -> int:
    """Nodes that lead to a value (RootGuardManager, GuardManager, DictGuardManager, ...)."""
    return sum(1 for line in tree.splitlines() if _MANAGER.match(line))


def tensor_match_lines(tree: str) -> list[str]:
    """The TENSOR_MATCH checks, without their tree prefix and trailing source comment."""
    lines = []
    for line in tree.splitlines():
        match = _LEAF.match(line)
        if match and match.group("kind") == "TENSOR_MATCH":
            check = line[match.end("kind") + 1:].strip()
            lines.append(check.split("  #", 1)[0].strip())
    return lines
