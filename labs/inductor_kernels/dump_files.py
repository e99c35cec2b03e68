"""Part B's view of the files one compile wrote: their tree in each language, and their count by suffix.

`labs.common.capture.Capture` lists the files with English numbers ("3,074 bytes") and calls a
file without a suffix "(none)". A Spanish page writes "3074 bytes" and would show that word in
English, so the tree is written here once per language, and a file without a suffix is counted
under an empty suffix, which a page shows as "—" in either language.
"""

from __future__ import annotations

from labs.common.capture import Capture
from labs.common.formatting import format_number

NO_SUFFIX = "(none)"   # what Capture.counts_by_suffix calls the suffix of a file that has none


def tree(files: dict[str, int], lang: str) -> str:
    """Capture.listing()'s tree, one line per file under its root, each size written in `lang`."""
    lines, current_root = [], None
    for path in sorted(files):
        root, relpath = path.split("/", 1)
        if root != current_root:
            lines.append(f"{root}/")
            current_root = root
        lines.append(f"  {relpath}  ({format_number(files[path], lang)} bytes)")
    return "\n".join(lines) + "\n"


def counts_by_suffix(capture: Capture) -> list[list]:
    """[[suffix, files, bytes], ...] as Capture counts them, with no word for a missing suffix."""
    return [["" if suffix == NO_SUFFIX else suffix, files, size]
            for suffix, files, size in capture.counts_by_suffix()]
