"""Every claim of the course, gathered from the labs that have a `claims.py`.

The claims themselves live with their labs (`labs/<lab>/claims.py`, standard library only) so
a lab's own report can call them and a change re-runs only that lab; the rules they share are
in `labs.common.claims`. This module is the one list the page marker and the tests read.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

import labs
from labs.common.claims import Claim, ClaimError, Run, Said

# The course's own labs (not COURSE_LABS_DIR, which tests point at toy labs): claims are imported
# as `labs.<lab>.claims`.
COURSE_LABS = Path(labs.__file__).resolve().parent


@cache
def registry() -> dict[str, dict[str, Claim]]:
    """lab -> claim name -> Claim, for every lab folder with a claims.py."""
    found = {}
    for path in sorted(COURSE_LABS.glob("*/claims.py")):
        if path.parent.name == "common":   # the shared rules, not a lab
            continue
        module = importlib.import_module(f"labs.{path.parent.name}.claims")
        found[path.parent.name] = dict(module.CLAIMS)
    return found


def every_claim() -> list[Claim]:
    return [claim for claims in registry().values() for claim in claims.values()]


def find(lab: str, key: str) -> tuple[Claim, str | None]:
    """The claim a marker's key names (`name` or `name.subject`), or a ClaimError saying which exist."""
    name, _, subject = key.partition(".")
    claims = registry().get(lab, {})
    if name not in claims:
        known = ", ".join(sorted(claims)) or "none"
        raise ClaimError(f"lab {lab} has no claim {name!r} (its claims: {known})")
    return claims[name], subject or None


def decide(lab: str, key: str, manifest: dict) -> Said:
    claim, subject = find(lab, key)
    return claim(Run(manifest), subject)


__all__ = ["ClaimError", "decide", "every_claim", "find", "registry"]
