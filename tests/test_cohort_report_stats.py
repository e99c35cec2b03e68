"""The cohort report's statistics at their edges: Tukey's fences, outliers and their order,
which machine models get a class of their own. Expected values are worked out by hand here
(quartiles by linear interpolation, numpy's default), never with the report's own code."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from course.cohorts import report, store
from course.cohorts.submission import to_text
from course.results import ResultStore
from tests.helpers_cohorts import add, make_cohort, run, write


def _summary(values: list[float], numbers: list[int] | None = None) -> report.Summary:
    numbers = numbers or list(range(1, len(values) + 1))
    return report.Summary(("cpu", "model"), values, [report.Row(n, n, {}) for n in numbers])


def test_the_box_fences_stop_at_one_and_a_half_iqr_from_the_box():
    # q1 2, median 3, q3 4, iqr 2: the upper fence is the last value up to 4 + 3 = 7
    assert _summary([1, 2, 3, 4, 10]).box() == {"q1": 2, "median": 3, "q3": 4, "lowerfence": 1, "upperfence": 4,
                                                "min": 1, "max": 10}
    assert _summary([1, 2, 3, 4, 7]).box()["upperfence"] == 7


def test_a_value_exactly_on_the_fence_is_no_outlier_and_one_just_past_it_is():
    assert _summary([1, 2, 3, 4, 7]).outliers() == []
    [outlier] = _summary([1, 2, 3, 4, 7.5]).outliers()
    assert outlier.value == 7.5 and outlier.distance == pytest.approx(1.75)   # (7.5 - 4) / 2


def test_outliers_come_furthest_first_with_their_distance_in_iqrs():
    # 1..9, 50, 100: q1 3.5, q3 8.5, iqr 5
    outliers = _summary([1, 2, 3, 4, 5, 6, 7, 8, 9, 50, 100]).outliers()
    assert [(o.value, o.row.number) for o in outliers] == [(100, 11), (50, 10)]
    assert [o.distance for o in outliers] == pytest.approx([18.3, 8.3])


def test_with_no_spread_every_outlier_is_infinitely_far_and_ties_go_by_run_number():
    outliers = _summary([5] * 7 + [9, 12], numbers=[1, 2, 3, 4, 5, 6, 7, 9, 8]).outliers()   # q1 = q3 = 5
    assert [(o.row.number, o.value) for o in outliers] == [(8, 12), (9, 9)]
    assert all(o.distance == math.inf for o in outliers)


def test_a_summary_whose_rows_and_values_differ_in_length_is_an_error():
    broken = report.Summary(("cpu", "model"), [1, 2, 3, 4, 10], [report.Row(n, n, {}) for n in range(1, 5)])
    with pytest.raises(ValueError):
        broken.outliers()


def _entries(models: list[str], device: str = "cpu") -> list[dict]:
    return [{"device": device, "device_name": name} for name in models]


def test_up_to_eight_models_each_get_a_class_and_from_nine_the_most_used_seven_do():
    eight = [f"m{i}" for i in range(8)]
    assert report.named_models(_entries(eight)) == {"cpu": set(eight), "cuda": set()}
    # the least used listed first, so an order by appearance would keep them
    nine = [f"m{i}" for i in range(7)] + ["B", "B", "A", "A", "A"]
    named = report.named_models(_entries(nine) + _entries(["H100"], "cuda"))
    assert named["cpu"] == {"A", "B", "m0", "m1", "m2", "m3", "m4"}
    assert named["cuda"] == {"H100"}


def _row(number: int, value, model: str = "A", device: str = "cpu", **entry) -> report.Row:
    headlines = {} if value is None else {"speed": value}
    return report.Row(number, number, dict({"headlines": headlines, "device": device, "device_name": model,
                                            "cpu_model": "x86", "threads": 4, "torch": "2.9"}, **entry))


HEADLINE = SimpleNamespace(key="speed", label={"en": "speed", "es": "velocidad"}, log_y=False)


def test_a_distribution_skips_runs_without_the_headline_counts_words_and_puts_the_larger_class_first():
    rows = [_row(1, None), _row(2, 3.0, "A"), _row(3, "never"), _row(4, "never"), _row(5, 2.0, "Z"),
            _row(6, 1.0, "Z"), _row(7, 5.0, "other")]
    named = {"cpu": {"A", "Z"}, "cuda": set()}
    found = report._distribution("lab", HEADLINE, rows, named)
    assert found.words == {"never": 2}
    assert [(s.device_class, s.values, [r.number for r in s.rows]) for s in found.classes] == [
        (("cpu", "Z"), [1.0, 2.0], [6, 5]), (("cpu", "A"), [3.0], [2]), (("cpu", ""), [5.0], [7])]


def test_machines_are_listed_most_runs_first_and_a_missing_torch_shows_as_a_question_mark():
    rows = [_row(1, 1.0, "A"), _row(2, 1.0, "Z"), _row(3, 1.0, "Z", torch=None)]
    machines, others = report._machines(rows)
    assert [(m.device_name, m.runs, m.torches) for m in machines] == [("Z", 2, ["2.9", "?"]), ("A", 1, ["2.9"])]
    assert others == (0, 0)


def test_a_report_is_built_from_the_entries_given_and_keeps_each_replaced_runs_entry(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    add(cohort, write(tmp_path, "2.json", to_text(run(2))), replace=True)
    entries = store.entries(cohort)
    empty = make_cohort(tmp_path / "elsewhere")      # the same labs, no submission of its own
    built = report.build(empty, ResultStore(tmp_path), entries)
    assert [row.entry["name"] for row in built.rows] == [entries[1]["name"]]
    assert [(row.number, row.learner, row.entry["name"]) for row in built.history] == [(None, 1, entries[0]["name"])]
    assert report.build(empty, ResultStore(tmp_path)).rows == []
