"""The site build's one-line errors (course.build_errors): an engine refusal keeps its own words,
anything else is named as a bug with the way to see its traceback. Expected lines written by hand."""

from __future__ import annotations

import pytest

from course.build_errors import one_line, verbose
from course.cohorts.config import CohortError
from course.results import ManifestError
from labs.common.labmeta import LabMetaError


@pytest.mark.parametrize("value, wanted", [(None, False), ("", False), ("0", False), ("1", True), ("yes", True),
                                           ("00", True)])
def test_course_verbose_is_on_for_anything_but_empty_or_zero(monkeypatch, value, wanted):
    if value is None:
        monkeypatch.delenv("COURSE_VERBOSE", raising=False)
    else:
        monkeypatch.setenv("COURSE_VERBOSE", value)
    assert verbose() is wanted


@pytest.mark.parametrize("error", [ManifestError, LabMetaError, CohortError])
def test_an_engine_refusal_is_where_and_its_message_on_one_line(error):
    assert one_line(error("results/x/cpu/manifest.json: field 'status'\n   is missing;\tre-run"), "page.md") == \
        "page.md: results/x/cpu/manifest.json: field 'status' is missing; re-run"


def test_any_other_error_is_a_bug_named_by_its_type():
    assert one_line(KeyError("lab"), "hook on_page_markdown") == (
        "hook on_page_markdown: KeyError: 'lab'; a bug in the course's build: "
        "run again with COURSE_VERBOSE=1 for the traceback")


def test_a_bug_without_a_message_says_so():
    assert one_line(ValueError(), "x.md") == \
        "x.md: ValueError: (no message); a bug in the course's build: run again with COURSE_VERBOSE=1 for the traceback"
    assert one_line(ValueError(" \n "), "x.md").startswith("x.md: ValueError: (no message);")


def test_a_plain_value_error_is_not_an_engine_refusal():
    """ManifestError and the others are ValueErrors: the check is on them, not on their base."""
    assert one_line(ValueError("bad"), "x.md").startswith("x.md: ValueError: bad; a bug")
