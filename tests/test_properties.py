"""Numbers on a page, in both languages: near misses by hand, then properties under hypothesis.

The properties read a formatted number back with a parser written here from the style rules
(not from formatting.py), and check it is the value to the digits asked for, in either
language, with the language's marks and nothing else."""

from __future__ import annotations

import math
import re
from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from labs.common.contract import format_number, with_unit

NNBSP = "\u202f"   # the thin space between thousands in Spanish
SUPER = dict(zip("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))


# -- near misses ------------------------------------------------------------------------------

@pytest.mark.parametrize("value, lang, expected", [
    (1.5e-5, "es", "1,5 × 10⁻⁵"),          # trailing zeros of the mantissa dropped, comma kept
    (1.5e-5, "en", "1.5 × 10⁻⁵"),
    (-4.66e-10, "es", "−4,66 × 10⁻¹⁰"),
    (12345678.0, "es", "1,23 × 10⁷"),
    (1e7, "en", "1 × 10⁷"),
    (9999999.0, "en", "9,999,999"),         # magnitude 6: still fixed
    (9999999.0, "es", f"9{NNBSP}999{NNBSP}999"),
    (0.001, "en", "0.00100"),               # magnitude -3: still fixed
    (0.000999, "es", "9,99 × 10⁻⁴"),
    (9.9996e-5, "es", "1 × 10⁻⁴"),          # rounds up into the next power
    (999.96, "en", "1,000"),
    (999.96, "es", "1000"),                 # four digits: no separator in Spanish
    (9999.6, "es", f"10{NNBSP}000"),         # rounds up to five digits: separator
    (12345.0, "es", f"12{NNBSP}345"),
    (-0.0, "es", "0"),
    (0.0, "en", "0"),
])
def test_floats_at_the_edges(value, lang, expected):
    assert format_number(value, lang) == expected


@pytest.mark.parametrize("value, lang, decimals, expected", [
    (-0.004, "en", 2, "0.00"),               # rounds to zero: no minus sign
    (-0.004, "es", 2, "0,00"),
    (-0.006, "es", 2, "−0,01"),
    (-1e-12, "es", 0, "0"),
    (12345.678, "es", 1, f"12{NNBSP}345,7"),
    (1234.5, "es", 0, "1234"),               # half to even, as Python's format does
    (1234.5, "en", 3, "1,234.500"),
])
def test_fixed_decimals_at_the_edges(value, lang, decimals, expected):
    assert format_number(value, lang, decimals=decimals) == expected


@pytest.mark.parametrize("value, lang, expected", [
    (-12345, "es", f"−12{NNBSP}345"), (-1234, "es", "−1234"), (123456789, "es", f"123{NNBSP}456{NNBSP}789"),
    (-1234, "en", "−1,234"), (0, "es", "0"), (100, "en", "100"), (1000, "en", "1,000"),
    (False, "en", "no"), (True, "en", "yes"), (False, "es", "no"), (True, "es", "sí"),
    (float("nan"), "es", "nan"), (float("inf"), "es", "inf"), (None, "es", "None"),
])
def test_integers_booleans_and_non_numbers(value, lang, expected):
    assert format_number(value, lang) == expected


def test_digits_is_significant_digits():
    assert format_number(0.0456, "en", digits=1) == "0.05"
    assert format_number(123.456, "es", digits=5) == "123,46"
    assert format_number(4.656612873077393e-10, "en", digits=4) == "4.657 × 10⁻¹⁰"
    assert format_number(2e-9, "en", digits=1) == "2 × 10⁻⁹"
    assert format_number(2.7e-9, "es", digits=1) == "3 × 10⁻⁹"       # one digit: no decimals at all
    assert format_number(1234.0, "en", digits=2) == "1,234"   # never drops integer digits


@pytest.mark.parametrize("unit, lang, expected", [
    ("", "es", "3"), ("×", "es", "3×"), ("%", "en", "3%"), ("%", "es", "3\u00a0%"), ("µs", "en", "3\u00a0µs"),
    ("GB/s", "es", "3\u00a0GB/s"),
])
def test_units_attach_as_each_language_writes_them(unit, lang, expected):
    assert with_unit("3", unit, lang) == expected


# -- properties -------------------------------------------------------------------------------

def read_back(text: str, lang: str) -> float:
    """A formatted number back to a float, by the style rules alone."""
    group, mark = ((NNBSP, ",") if lang == "es" else (",", "."))
    mantissa, _, power = text.partition(" × 10")
    if lang == "es":
        assert "." not in mantissa and "," not in mantissa.replace(mark, "", 1)
        integer = mantissa.split(mark)[0].lstrip("−")
        assert (NNBSP in integer) == (len(integer.replace(NNBSP, "")) > 4), text   # RAE: from five digits
    else:
        assert NNBSP not in mantissa and mantissa.count(".") <= 1
    integer = mantissa.split(mark)[0].lstrip("−")
    groups = integer.split(group) if group in integer else [integer]
    assert (all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3) or len(groups) == 1, text
    number = float(mantissa.replace(group, "").replace(mark, ".").replace("−", "-"))
    if power:
        assert re.fullmatch("[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+", power), text
        number *= 10.0 ** int("".join(SUPER[c] for c in power))
    return number


# Below 1e-300 read_back's floats lose digits (10.0 ** -320): tiny floats have their own test below.
finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300).filter(
    lambda v: v == 0 or abs(v) >= 1e-300)


@settings(max_examples=400, deadline=None)
@given(finite, st.integers(min_value=1, max_value=6), st.sampled_from(["en", "es"]))
def test_a_number_reads_back_to_its_value_at_the_digits_asked(value, digits, lang):
    text = format_number(value, lang, digits)
    back = read_back(text, lang)
    if value == 0:
        assert text == "0"
        return
    magnitude = math.floor(math.log10(abs(value)))
    tolerance = 0.5 * 10.0 ** (magnitude - digits + 1)
    assert abs(back - value) <= tolerance * (1 + 1e-9) + abs(value) * 1e-12, (text, value)
    assert text.startswith("−") == (back < 0) and "-" not in text.split(" × ")[0]


@settings(max_examples=300, deadline=None)
@given(finite, st.integers(min_value=1, max_value=6))
def test_both_languages_say_the_same_number(value, digits):
    en, es = format_number(value, "en", digits), format_number(value, "es", digits)
    assert read_back(en, "en") == read_back(es, "es")
    assert (" × 10" in en) == (" × 10" in es)


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12),
       st.integers(min_value=0, max_value=5), st.sampled_from(["en", "es"]))
def test_fixed_decimals_show_exactly_that_many_and_never_minus_zero(value, decimals, lang):
    text = format_number(value, lang, decimals=decimals)
    mark = "," if lang == "es" else "."
    fraction = text.rpartition(mark)[2] if decimals else ""
    assert (len(fraction) == decimals) if decimals else (mark not in text or (lang == "en" and "," in text))
    back = read_back(text, lang)
    assert abs(back - value) <= 0.5 * 10.0 ** -decimals * (1 + 1e-9) + abs(value) * 1e-15
    assert not (text.startswith("−") and back == 0), text


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-10**15, max_value=10**15), st.sampled_from(["en", "es"]))
def test_integers_are_exact(value, lang):
    text = format_number(value, lang)
    assume(not isinstance(value, bool))
    assert read_back(text, lang) == value and " × " not in text


@pytest.mark.parametrize("value, lang, expected", [
    (5e-324, "en", "4.94 × 10⁻³²⁴"),           # the smallest subnormal: 10.0**-324 is 0.0
    (-5e-324, "es", "−4,94 × 10⁻³²⁴"),
    (2.2250738585072014e-308, "es", "2,23 × 10⁻³⁰⁸"),   # the smallest normal float
    (1e-300, "en", "1 × 10⁻³⁰⁰"),              # either side of where the mantissa is scaled first
    (9.99e-301, "en", "9.99 × 10⁻³⁰¹"),
    (9.9996e-320, "es", "1 × 10⁻³¹⁹"),          # rounds up into the next power down there too
])
def test_a_subnormal_or_nearly_subnormal_float_is_formatted(value, lang, expected):
    assert format_number(value, lang) == expected


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=-1e-295, max_value=1e-295, allow_subnormal=True).filter(lambda v: v != 0),
       st.integers(min_value=1, max_value=6), st.sampled_from(["en", "es"]))
def test_a_tiny_float_reads_back_to_its_value_at_the_digits_asked(value, digits, lang):
    # Read back exactly (Decimal): 10.0 ** -320 in floats would lose the digits checked.
    text = format_number(value, lang, digits)
    mantissa, _, power = text.partition(" × 10")
    assert re.fullmatch("−?[1-9]([.,][0-9]+)?", mantissa) and re.fullmatch("⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+", power), text
    assert ("," in mantissa) <= (lang == "es") and ("." in mantissa) <= (lang == "en")
    back = Decimal(mantissa.replace(",", ".").replace("−", "-")).scaleb(int("".join(SUPER[c] for c in power)))
    exact = Decimal(value)
    tolerance = Decimal(5).scaleb(exact.adjusted() - digits) + abs(exact) * Decimal("1e-12")
    assert abs(back - exact) <= tolerance, (text, exact)
