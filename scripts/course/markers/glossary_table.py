"""The glossary marker: the course's terms, in the page's language first."""

from __future__ import annotations

from course import glossary
from course.markers.page import Page
from course.markers.parse import Marker

HEADERS = {"en": ("English", "Spanish", "Note (in Spanish)"), "es": ("Español", "Inglés", "Nota")}


def render_glossary(page: Page, marker: Marker) -> str:
    first, second, note = HEADERS[page.lang]
    rows = [f"| {first} | {second} | {note} |", "|---|---|---|"]
    for term in glossary.terms():
        pair = (term.en, term.es) if page.lang == "en" else (term.es, term.en)
        rows.append(f"| {pair[0]} | {pair[1]} | {term.note or '—'} |")
    return '<div class="course-table" markdown>\n\n' + "\n".join(rows) + "\n\n</div>\n"
