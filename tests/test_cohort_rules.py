"""Cohort ids and submission dates and numbers, at the edges of each rule (test_cohorts.py
checks the rules against a clearly bad file; these are the near misses on either side)."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course.cohorts import config
from course.cohorts.submission import EARLIEST_DATE, FUTURE_SLACK, MAX_ABS, SubmissionError, check, problems
from tests.helpers_cohorts import rehash, run

NOW = datetime.datetime(2026, 11, 24, 12, 0, 0, tzinfo=datetime.UTC)


@pytest.mark.parametrize("cohort_id", ["a", "2026-11-pilot", "index2", "my-index", "a-", "0", "a" * 63])
def test_plain_ids_are_cohort_ids(cohort_id):
    assert config.COHORT_ID.match(cohort_id)


@pytest.mark.parametrize("cohort_id", ["", "index", "-a", "A", "a_b", "a.b", "a b", "../x", "a/b", "a" * 64,
                                       "pilot\n", "index\n", "\npilot", "ñu", "a\x00"])
def test_near_miss_ids_are_refused(cohort_id, tmp_path):
    assert not config.COHORT_ID.match(cohort_id)
    with pytest.raises(config.CohortError, match="not a cohort id"):
        config.new_cohort(cohort_id, tmp_path)
    with pytest.raises(config.CohortError, match="not a cohort id"):
        config.load_cohort(cohort_id, tmp_path)
    assert list(tmp_path.iterdir()) == []       # no folder made


def test_a_folder_whose_name_is_no_id_is_not_listed(tmp_path):
    for name in ("good", "Bad", "index"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "cohort.toml").write_text("")
    assert config.cohort_ids(tmp_path) == ["good"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=70))
def test_an_id_is_exactly_lowercase_letters_digits_and_dashes(cohort_id):
    plain = (0 < len(cohort_id) <= 63 and cohort_id != "index" and cohort_id[0] != "-"
             and all(c in "abcdefghijklmnopqrstuvwxyz0123456789-" for c in cohort_id))
    assert bool(config.COHORT_ID.match(cohort_id)) == plain


# -- submission dates ---------------------------------------------------------------------------

def dated(date_utc: str) -> dict:
    data = run()
    data["provenance"]["date_utc"] = date_utc
    return rehash(data)


def date_problems(date_utc: str) -> list[str]:
    return [p.message for p in problems(dated(date_utc), now=NOW) if p.path == ("provenance", "date_utc")]


def stamp(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.mark.parametrize("date_utc", [stamp(EARLIEST_DATE), stamp(NOW), stamp(NOW + FUTURE_SLACK),
                                      "2024-02-29T23:59:59Z"])
def test_dates_inside_the_range_are_accepted(date_utc):
    assert date_problems(date_utc) == []


@pytest.mark.parametrize("date_utc, phrase", [
    (stamp(EARLIEST_DATE - datetime.timedelta(seconds=1)), "before 2020 or in the future"),
    (stamp(NOW + FUTURE_SLACK + datetime.timedelta(seconds=1)), "before 2020 or in the future"),
    ("2026-02-29T12:00:00Z", "not a real date"),      # not a leap year
    ("2026-11-31T12:00:00Z", "not a real date"),
    ("2026-11-21T24:00:00Z", "not a real date"),
    ("2026-11-21T12:00:60Z", "not a real date"),
])
def test_dates_just_outside_are_refused(date_utc, phrase):
    [message] = date_problems(date_utc)
    assert phrase in message


@pytest.mark.parametrize("date_utc", ["2026-11-21T12:00:00", "2026-11-21 12:00:00Z", "2026-11-21T12:00:00+00:00",
                                      "2026-1-21T12:00:00Z", "2026-11-21T12:00:00Z\n", "20261121T120000Z"])
def test_dates_in_another_shape_are_refused(date_utc):
    assert problems(dated(date_utc), now=NOW), date_utc


def test_a_run_dated_two_days_ahead_or_in_2019_is_refused():
    assert date_problems(stamp(NOW + datetime.timedelta(days=2))) and date_problems("2019-12-31T23:59:59Z")
    assert not date_problems(stamp(NOW + datetime.timedelta(hours=23)))


def test_the_date_range_is_what_the_messages_say():
    assert datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC) == EARLIEST_DATE
    assert datetime.timedelta(days=1) == FUTURE_SLACK


# -- submission numbers -------------------------------------------------------------------------

def with_metric(value, unit: str = "µs", key: str = "eager_us") -> dict:
    data = run()
    data["metrics"][key] = {"value": value, "unit": unit}
    return rehash(data)


@pytest.mark.parametrize("value, unit, key, refused", [
    (MAX_ABS * 0.999, "", "rows", False), (MAX_ABS, "", "rows", True), (-MAX_ABS, "", "delta", True),
    (-1.0, "µs", "eager_us", True), (-1.0, "%", "share", True), (-1.0, "×", "speedup", True),
    (0.0, "µs", "eager_us", False), (-1.0, "", "rows", False),            # no unit: may be negative
    (-1.0, "s", "compile.extra_s", False), (-1.0, "µs", "host_overhead", False),
    (-1.0, "s", "saved_s", False), (-1.0, "µs", "overheads_us", True),   # a whole word, not a prefix
])
def test_numbers_at_the_sanity_bounds(value, unit, key, refused):
    found = [p for p in problems(with_metric(value, unit, key), now=NOW) if p.path[:2] == ("metrics", key)]
    assert bool(found) == refused, (value, unit, key, found)


def test_check_names_the_first_problem_and_counts_the_rest():
    data = run()
    data["metrics"]["eager_us"] = {"value": -1.0, "unit": "µs"}
    data["metrics"]["rows"] = {"value": MAX_ABS * 2, "unit": ""}
    with pytest.raises(SubmissionError, match=r"field 'metrics\.eager_us\.value'.*\(and 1 more\)"):
        check(rehash(data))
