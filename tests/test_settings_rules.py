"""The shared rules of labs/common/settings_rules.py, called directly: each on both sides of its
edge, with the whole line a learner reads (tests/test_settings_shape.py checks every lab's
`Settings` uses them; here the rules themselves)."""

from __future__ import annotations

import math
import re

import pytest

from labs.common.settings_rules import (
    PerDevice,
    all_of,
    all_positive,
    at_most,
    divides,
    fraction,
    keyed_by,
    non_empty,
    not_negative,
    one_of,
    positive,
)


def refused(line: str):
    return pytest.raises(ValueError, match=f"^{re.escape(line)}$")


def accepts(rule, *args) -> bool:
    """Whether a rule lets the value through (an assertion, not an error, when it should not)."""
    try:
        rule(*args)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("value", [0, 0.0, -1, -1e-9, math.nan, math.inf, -math.inf, True, False, "1", None])
def test_positive_refuses_zero_negatives_nan_infinity_bools_and_non_numbers(value):
    with refused(f"settings: n = {value!r}; set a finite number above 0"):
        positive("n", value)


@pytest.mark.parametrize("value", [1, 1e-9, 5e-324, 1.5, 10**30])
def test_positive_takes_any_finite_number_above_zero(value):
    positive("n", value)


@pytest.mark.parametrize("value", [-1, -1e-9, math.nan, math.inf, True, False, "0", None])
def test_not_negative_refuses_what_is_below_zero_or_not_a_finite_number(value):
    with refused(f"settings: t = {value!r}; set a finite number of at least 0"):
        not_negative("t", value)


@pytest.mark.parametrize("value", [0, 0.0, 1e-9, 3])
def test_not_negative_takes_zero_and_above(value):
    not_negative("t", value)


@pytest.mark.parametrize("value", [0, 0.0, -0.1, 1, 1.0, 1.01, math.nan, True])
def test_a_fraction_below_one_refuses_its_edges(value):
    with refused(f"settings: f = {value!r}; set a fraction above 0 and below 1"):
        fraction("f", value, one_allowed=False)


@pytest.mark.parametrize("value", [0, -0.1, 1.0000001, math.nan, math.inf, True])
def test_a_fraction_up_to_one_refuses_its_edges(value):
    with refused(f"settings: f = {value!r}; set a fraction above 0 and at most 1"):
        fraction("f", value, one_allowed=True)


@pytest.mark.parametrize("value", ["0.5", None])
@pytest.mark.parametrize("one_allowed", [False, True])
def test_a_fraction_that_is_not_a_number_is_refused_with_the_settings_line(value, one_allowed):
    with pytest.raises(ValueError, match=r"^settings: f = "):
        fraction("f", value, one_allowed=one_allowed)


def test_fractions_take_what_is_just_inside():
    fraction("f", 1e-9, one_allowed=False)
    fraction("f", 0.999999, one_allowed=False)
    fraction("f", 1, one_allowed=True)
    fraction("f", 1.0, one_allowed=True)
    fraction("f", 1e-9, one_allowed=True)


def test_all_positive_names_the_first_bad_place():
    with refused("settings: sizes = (); list at least one value"):
        all_positive("sizes", [])
    with refused("settings: sizes[2] = 0; set a finite number above 0"):
        all_positive("sizes", (1, 2, 0, -1))
    with refused("settings: sizes[0] = -1; set a finite number above 0"):
        all_positive("sizes", iter([-1]))
    all_positive("sizes", (1, 2.5))
    all_positive("sizes", iter([3]))                       # a generator is read once, whole


def test_non_empty_and_one_of():
    with refused("settings: xs = (); list at least one value"):
        non_empty("xs", ())
    with refused("settings: xs = []; list at least one value"):
        non_empty("xs", [])
    non_empty("xs", ("a",))
    with refused("settings: mode = 'Static'; use one of ['dynamic', 'static']"):
        one_of("mode", "Static", ("static", "dynamic"))
    one_of("mode", "static", ("static", "dynamic"))


def test_all_of_refuses_empty_unknown_and_twice():
    allowed = ("b", "a", "c")
    with refused("settings: xs = (); list at least one value"):
        all_of("xs", (), allowed)
    with refused("settings: xs = 'd'; use one of ['a', 'b', 'c']"):
        all_of("xs", ("a", "d"), allowed)
    with refused("settings: xs = ('a', 'b', 'a'); name each value once"):
        all_of("xs", ("a", "b", "a"), allowed)
    all_of("xs", ("c", "a"), allowed)
    all_of("xs", ("a",), allowed)


def test_keyed_by_wants_exactly_the_keys():
    with refused("settings: t = ['cpu']; give one entry for each of ['cpu', 'cuda'], no other"):
        keyed_by("t", {"cpu": 1}, ("cuda", "cpu"))
    with refused("settings: t = ['cpu', 'cuda', 'mps']; give one entry for each of ['cpu', 'cuda'], no other"):
        keyed_by("t", {"mps": 0, "cuda": 1, "cpu": 1}, ("cuda", "cpu"))
    keyed_by("t", {"cuda": 1, "cpu": 2}, ("cpu", "cuda"))


def test_at_most_takes_the_limit_and_refuses_just_past_it():
    at_most("seq_len", 64, 64, "block_size")
    at_most("seq_len", 63.5, 64, "block_size")
    with refused("settings: seq_len = 65; it must be at most block_size (64): lower it or raise block_size"):
        at_most("seq_len", 65, 64, "block_size")
    with refused("settings: p = 0.51; it must be at most q (0.5): lower it or raise q"):
        at_most("p", 0.51, 0.5, "q")


def test_divides_wants_an_even_split():
    assert accepts(divides, "n_head", 4, 128, "width")
    assert accepts(divides, "n_head", 1, 7, "width")
    assert accepts(divides, "n_head", 7, 7, "width")
    with refused("settings: n_head = 3; it must divide width (128) evenly"):
        divides("n_head", 3, 128, "width")
    with refused("settings: n_head = 8; it must divide width (4) evenly"):
        divides("n_head", 8, 4, "width")


def test_divides_asks_whether_the_part_splits_the_whole_not_the_other_way_round():
    # 4 heads split a width of 128 (32 each); a width of 4 cannot hold 128 heads, though 4
    # divides 128: the whole is the second number, the part the first.
    assert accepts(divides, "n_head", 4, 128, "width")
    assert accepts(divides, "micro_batches", 2, 6, "batch")
    assert not accepts(divides, "n_head", 128, 4, "width")
    assert not accepts(divides, "micro_batches", 6, 2, "batch")
    assert not accepts(divides, "n_head", 3, 128, "width")       # neither way


def test_per_device_gives_each_device_its_settings_and_refuses_another():
    held = PerDevice(cpu="small", cuda="large")
    assert (held.on("cpu"), held.on("cuda")) == ("small", "large")
    for wrong in ("gpu", "CPU", "", "on"):
        with refused(f"settings: no device {wrong!r}; use one of ['cpu', 'cuda']"):
            held.on(wrong)
    with pytest.raises(AttributeError):
        held.cpu = "other"                                  # frozen
