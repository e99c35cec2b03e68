"""An artifact that could not be captured still gets its file, saying why.

Pages show artifacts side by side for every device that has results; a key missing on
one device would leave a hole there. The file holds the reason, never a stale copy, and
the part itself is recorded as skipped with the same reason.
"""

from __future__ import annotations

from labs.common.harness import Lab

COMMENT = {"python": "#", "cpp": "//", "text": "#"}


def write_placeholder(lab: Lab, key: str, relpath: str, reason: str, language: str = "text") -> None:
    mark = COMMENT.get(language, "#")
    lab.write_artifact(key, relpath, f"{mark} Not captured on this run ({lab.device}): {reason}\n", language)
