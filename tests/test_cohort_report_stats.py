"""The cohort report's statistics at their edges: Tukey's fences, outliers and their order,
which machine models get a class of their own. Expected values are worked out by hand here
(quartiles by linear interpolation, numpy's default), never with the report's own code."""

from __future__ import annotations

import math

import pytest

from course.cohorts import report


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
