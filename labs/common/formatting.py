"""Numbers as a reader of each language expects them.

English: 1,234.5 and 4.66 × 10⁻¹⁰.  Spanish: 1234,5, 12 345,6 and 4,66 × 10⁻¹⁰ — a decimal
comma, and a thin space between thousands only from five digits on (RAE's rule).
"""

from __future__ import annotations

import math

THIN_SPACE = "\u202f"
SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
UNITS_WITHOUT_SPACE = {"×", ""}


def _group(integer_digits: str, lang: str) -> str:
    if lang == "es":
        if len(integer_digits) <= 4:
            return integer_digits
        separator = THIN_SPACE
    else:
        separator = ","
    groups = []
    while integer_digits:
        groups.append(integer_digits[-3:])
        integer_digits = integer_digits[:-3]
    return separator.join(reversed(groups))


def _fixed(value: float, decimals: int, lang: str) -> str:
    text = f"{abs(value):.{decimals}f}"
    integer, _, fraction = text.partition(".")
    sign = "−" if value < 0 and float(text) != 0 else ""
    decimal_mark = "," if lang == "es" else "."
    return sign + _group(integer, lang) + (decimal_mark + fraction if fraction else "")


def _mantissa(value: float, magnitude: int) -> float:
    """value / 10**magnitude; below 1e-300 scaled up first, since 10.0**-324 (a subnormal
    float's power) underflows to 0.0."""
    if magnitude < -300:
        return value * 1e300 / 10 ** (magnitude + 300)
    return value / 10 ** magnitude


def format_number(value, lang: str, digits: int = 3, decimals: int | None = None) -> str:
    """`digits` significant digits (or exactly `decimals` decimals) in the page's language."""
    if isinstance(value, bool):
        return {"en": ("no", "yes"), "es": ("no", "sí")}[lang][value]
    if isinstance(value, int):
        return _fixed(value, 0, lang)
    if not isinstance(value, float):
        return str(value)
    if math.isnan(value) or math.isinf(value):
        return str(value)
    if decimals is not None:
        return _fixed(value, decimals, lang)
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    if magnitude < -3 or magnitude >= 7:
        mantissa = _mantissa(value, magnitude)
        if round(abs(mantissa), digits - 1) >= 10:  # 9.996e-5 rounds up to 10.0e-5
            mantissa, magnitude = mantissa / 10, magnitude + 1
        text = _fixed(mantissa, max(digits - 1, 0), lang)
        if "," in text or "." in text:  # 1.00 × 10⁻⁶ reads better as 1 × 10⁻⁶
            text = text.rstrip("0").rstrip(".,")
        return f"{text} × 10{str(magnitude).translate(SUPERSCRIPTS)}"
    return _fixed(value, max(digits - 1 - magnitude, 0), lang)


def with_unit(number: str, unit: str, lang: str) -> str:
    if unit in UNITS_WITHOUT_SPACE:
        return number + unit
    if unit == "%" and lang == "en":
        return number + "%"
    return number + "\u00a0" + unit
