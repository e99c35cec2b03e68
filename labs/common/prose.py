"""Sentences that summarise a sweep, computed from every row of it, in English and Spanish.

A report that reads only the first or the best row says what the run did not show (a
"faster from the smallest size" beside a table whose middle rows are "same" or "slower").
Here the sentence is built from the verdict of each row, so mixed sweeps read as mixed:

    sweep_sentence([(2, "same"), (16, "slower"), (128, "faster")], "en", what="batch sizes")
    -> "over 3 batch sizes: faster at 1 (128), the same within the noise at 1 (2) and slower at 1 (16)"

`sweep_outcome` gives the categorical shape of the same rows for pages to branch on.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence

from labs.common.formatting import format_number

VERDICTS = ("faster", "same", "slower")
WORDS = {
    "en": {"faster": "faster", "same": "the same within the noise", "slower": "slower",
           "at": "at", "and": "and", "over": "over", "every": "at every one"},
    "es": {"faster": "más rápido", "same": "igual dentro del ruido", "slower": "más lento",
           "at": "en", "and": "y", "over": "en", "every": "en todos"},
}


def join(items: Sequence[str], lang: str) -> str:
    """"a, b and c" / "a, b y c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {WORDS[lang]['and']} " + items[-1]


def label(value: object, lang: str) -> str:
    return format_number(value, lang) if isinstance(value, (int, float)) else str(value)


def sweep_sentence(rows: Sequence[tuple[object, str]], lang: str, what: str) -> str:
    """How the candidate fared over every row: each verdict with its count and its sizes.

    rows: (size, verdict) with verdict in faster/same/slower; what: the sizes' name, plural,
    in `lang` ("batch sizes", "tamaños de lote").
    """
    if not rows:
        raise ValueError("a sweep without rows has nothing to summarise")
    words = WORDS[lang]
    unknown = {v for _, v in rows} - set(VERDICTS)
    if unknown:
        raise ValueError(f"unknown verdicts {sorted(unknown)}; use {VERDICTS}")
    head = f"{words['over']} {len(rows)} {what}"
    verdicts = {v for _, v in rows}
    if len(verdicts) == 1:
        (only,) = verdicts
        sizes = join([label(s, lang) for s, _ in rows], lang)
        return f"{head}: {words[only]} {words['every']} ({sizes})"
    parts = []
    for verdict in VERDICTS:
        sizes = [label(s, lang) for s, v in rows if v == verdict]
        if sizes:
            parts.append(f"{words[verdict]} {words['at']} {len(sizes)} ({join(sizes, lang)})")
    return f"{head}: {join(parts, lang)}"


def sweep_outcome(verdicts: Sequence[str]) -> str:
    """The shape of a sweep's verdicts, smallest size first, for a page to branch on:

    "always"     the candidate was faster at every size
    "never"      faster at none
    "from_size"  not faster up to some size, faster at every size after it
    "mixed"      anything else (faster, then not, then faster again...)
    """
    faster = [v == "faster" for v in verdicts]
    if not faster:
        raise ValueError("no verdicts")
    if all(faster):
        return "always"
    if not any(faster):
        return "never"
    first = faster.index(True)
    return "from_size" if all(faster[first:]) else "mixed"
