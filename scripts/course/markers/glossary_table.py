"""The glossary marker: the course's terms, in the page's language first, with the Spanish
words a page must not use in their place."""

from __future__ import annotations

from course import escape, glossary
from course.markers.page import Page
from course.markers.parse import Marker

HEADERS = {"en": ("English", "Spanish", "Avoid (in Spanish)", "Note (in Spanish)"),
           "es": ("Español", "Inglés", "Evitar", "Nota")}


def avoided(term: glossary.Term) -> str:
    """The words the tests refuse for this term, as code: they are quoted, not used (a Spanish
    page's text outside code must never hold them, this one's included)."""
    return ", ".join(escape.code(word) for word in term.avoid) or "—"


def render_glossary(page: Page, marker: Marker) -> str:
    first, second, avoid, note = HEADERS[page.lang]
    rows = [f"| {first} | {second} | {avoid} | {note} |", "|---|---|---|---|"]
    for term in glossary.terms():
        pair = (term.en, term.es) if page.lang == "en" else (term.es, term.en)
        rows.append(f"| {pair[0]} | {pair[1]} | {avoided(term)} | {term.note or '—'} |")
    return '<div class="course-table" markdown>\n\n' + "\n".join(rows) + "\n\n</div>\n"
