"""kernel_history's side-by-side diff on listings made here, each row written out: where a long
unchanged stretch folds, how a changed, removed or added line is marked, and how a tab or a long
line is cut. The layout is spelled out below (90 columns a side, then the mark), not taken from
the module.

Added for the survivors of mutmut's first run over labs/kernel_history/diff.py
(tests/mutation/REVIEW.md): the folds' counts and the context kept around a change were not held.
"""

from __future__ import annotations

from labs.kernel_history.diff import Row, side_by_side


def row(left: str, mark: str, right: str) -> str:
    return (left.ljust(90) + " " + mark + " " + right).rstrip()


def test_identical_listings_have_no_rows():
    assert side_by_side(["a", "b"], ["a", "b"]) == []


def test_a_change_keeps_two_lines_of_context_each_side_and_folds_the_rest():
    old = [f"l{i}" for i in range(10)]
    new = old[:5] + ["L5"] + old[6:]
    assert side_by_side(old, new) == [
        Row("… 3 unchanged lines …", None),
        Row(row("l3", " ", "l3"), None), Row(row("l4", " ", "l4"), None),
        Row(row("l5", "|", "L5"), "changed"),
        Row(row("l6", " ", "l6"), None), Row(row("l7", " ", "l7"), None),
        Row("… 2 unchanged lines …", None),
    ]


def test_a_short_stretch_between_changes_is_kept_whole():
    old = ["a", "x", "b", "c", "d", "e", "f", "y"]
    new = ["a", "X", "b", "c", "d", "e", "f", "Y"]
    rows = side_by_side(old, new)
    # five unchanged lines between two changes: two kept after the first, two before the second,
    # and one fold can only hide one line, so all five are shown
    assert [r.change for r in rows] == [None, "changed", None, None, None, None, None, "changed"]
    assert not any("unchanged" in r.text for r in rows)
    six = side_by_side(old[:7] + ["g", "y"], new[:7] + ["g", "Y"])
    assert Row("… 2 unchanged lines …", None) in six


def test_a_listing_that_opens_with_a_change_keeps_two_lines_after_it():
    old = ["X"] + [f"l{i}" for i in range(1, 10)]
    assert side_by_side(old, ["Y"] + old[1:]) == [
        Row(row("X", "|", "Y"), "changed"),
        Row(row("l1", " ", "l1"), None), Row(row("l2", " ", "l2"), None),
        Row("… 7 unchanged lines …", None),
    ]


def test_lines_removed_and_added_are_marked_on_their_side():
    assert side_by_side(["a", "b"], ["a", "c", "d"]) == [
        Row(row("a", " ", "a"), None),
        Row(row("b", "|", "c"), "changed"),
        Row(row("", ">", "d"), "added"),
    ]
    assert side_by_side(["a", "b", "c"], ["a", "c"]) == [
        Row(row("a", " ", "a"), None),
        Row(row("b", "<", ""), "removed"),
        Row(row("c", " ", "c"), None),
    ]


def test_a_tab_is_four_spaces_and_a_long_line_ends_in_an_ellipsis_at_90_columns():
    long = "x" * 100
    [changed] = side_by_side(["\tx"], [long])
    assert changed == Row(row("    x", "|", "x" * 89 + "…"), "changed")
    [exact] = side_by_side(["a"], ["y" * 90])                   # 90 columns fit whole
    assert exact == Row(row("a", "|", "y" * 90), "changed")
