"""The `claim` marker: a sentence a run decides, for one lab and device.

    {{ claim compile_compare/cuda:host_overhead.steady }}

The key names a claim of the lab's `claims.py` (and, after a dot, what it is about); the
sentence comes back in the page's language and is escaped as data (code spans kept), so a
claim cannot inject markup. `absent=` is the text for a device with no result yet.
"""

from __future__ import annotations

from course import claims, escape
from course.markers.page import Page
from course.markers.parse import Marker, MarkerError
from course.markers.results import without_result


def render_claim(page: Page, marker: Marker) -> str:
    if (text := without_result(page, marker)) is not None:
        return text
    result = page.inline_result(marker)
    if not marker.key:
        raise MarkerError(f"needs a claim: {result.lab}/{result.device}:CLAIM")
    try:
        said = claims.decide(result.lab, marker.key, result.manifest)
    except claims.ClaimError as error:
        raise MarkerError(str(error)) from None
    return escape.text(said.text(page.lang), code_spans=True)
