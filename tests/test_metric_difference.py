"""`{{ metric LAB/DEV:A minus=B }}`: a difference that subtracts to what the page shows.

A sentence "from 74.2 MiB to 24.2 MiB, a saving of 50.1 MiB" is what a reader checks by hand.
The checks here read the rendered text the way that reader does: they parse the three numbers
the page shows and subtract two of them, with none of the marker's rounding code.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import todays_code, write_result


def store_with(tmp_path, metrics: dict) -> ResultStore:
    folder = write_result(tmp_path, provenance=todays_code())
    data = json.loads((folder / "manifest.json").read_text())
    data["metrics"].update({key: {"value": value, "unit": unit} for key, (value, unit) in metrics.items()})
    (folder / "manifest.json").write_text(json.dumps(data))
    return ResultStore(tmp_path)


def shown(text: str, store: ResultStore, lang: str = "en") -> tuple[str, list[str]]:
    result = expand(text, PageContext(page=f"{lang}/labs/x.md", lang=lang, page_dir="labs", site_root="../.."), store)
    return result.markdown, result.errors


def as_read(text: str, lang: str) -> Decimal:
    """A number as a reader reads it off the page: "50.0 MiB", "−0,4 MiB", "1,234.5 ms"."""
    number = text.split("\u00a0")[0].replace("−", "-")
    number = number.replace(",", "") if lang == "en" else number.replace("\u202f", "").replace(",", ".")
    return Decimal(number)


def test_the_saving_is_the_difference_of_the_two_figures_shown(tmp_path):
    store = store_with(tmp_path, {"before": (74.21924209594727, "MiB"), "after": (24.160648345947266, "MiB")})
    text, errors = shown("{{ metric inductor_kernels/cpu:before }} to {{ metric inductor_kernels/cpu:after }}, "
                         "saving {{ metric inductor_kernels/cpu:before minus=after }}", store)
    assert errors == []
    assert text == "74.2\u00a0MiB to 24.2\u00a0MiB, saving 50.0\u00a0MiB"


def test_near_miss_the_metric_of_the_difference_itself_reads_otherwise(tmp_path):
    """The lab's own difference (50.06) rounds to 50.1: the case the option exists for."""
    store = store_with(tmp_path, {"saved": (74.21924209594727 - 24.160648345947266, "MiB")})
    assert shown("{{ metric inductor_kernels/cpu:saved }}", store)[0] == "50.1\u00a0MiB"


def test_the_difference_in_spanish_and_with_decimals(tmp_path):
    store = store_with(tmp_path, {"a": (12.345, "ms"), "b": (13.0, "ms")})
    assert shown("{{ metric inductor_kernels/cpu:a minus=b decimals=2 }}", store, "es")[0] == "−0,65\u00a0ms"


def test_operands_with_different_decimals_subtract_at_the_finer_one(tmp_path):
    store = store_with(tmp_path, {"a": (150.4, "MiB"), "b": (3.14159, "MiB")})
    assert shown("{{ metric inductor_kernels/cpu:a minus=b }}", store)[0] == "146.86\u00a0MiB"   # 150 − 3.14


@pytest.mark.parametrize("a, b, reads", [
    (5, 3, "2\u00a0MiB"),                     # whole numbers show no decimals
    (2.5, 0.0, "2.50\u00a0MiB"),              # zero shows as "0"
    (9.99e6, 1.0, "9,989,999.00\u00a0MiB"),   # the last values in fixed notation
    (0.001, 0.0, "0.00100\u00a0MiB"),
    (-1.5, 2.0, "−3.50\u00a0MiB"),             # a negative operand, shown with its minus sign
])
def test_edges_of_fixed_notation(tmp_path, a, b, reads):
    store = store_with(tmp_path, {"a": (a, "MiB"), "b": (b, "MiB")})
    text, errors = shown("{{ metric inductor_kernels/cpu:a minus=b }}", store)
    assert errors == [] and text == reads


@pytest.mark.parametrize("metrics, says", [
    ({"a": (2.0, "MiB"), "b": (1.0, "ms")}, "subtract values of one unit"),
    ({"a": (2.0, "MiB"), "b": ("fast", "")}, "must both be finite numbers"),
    ({"a": (2.0, "MiB"), "b": (True, "MiB")}, "must both be finite numbers"),
    ({"a": (1.0e7, "B"), "b": (1.0, "B")}, "shown as a power of ten"),
    ({"a": (0.0009, "s"), "b": (1.0, "s")}, "shown as a power of ten"),
])
def test_near_misses_are_errors_that_say_why(tmp_path, metrics, says):
    _, errors = shown("{{ metric inductor_kernels/cpu:a minus=b }}", store_with(tmp_path, metrics))
    assert len(errors) == 1 and says in errors[0]


def test_a_missing_second_metric_is_an_error(tmp_path):
    _, errors = shown("{{ metric inductor_kernels/cpu:a minus=nope }}", store_with(tmp_path, {"a": (1.0, "s")}))
    assert len(errors) == 1 and "nope" in errors[0]


values = st.floats(min_value=0.0015, max_value=9.9e6, allow_nan=False, allow_infinity=False)


@settings(max_examples=150, deadline=None)
@given(a=values, b=values, lang=st.sampled_from(["en", "es"]), digits=st.integers(min_value=1, max_value=5))
@example(a=0.125, b=1.0, lang="en", digits=2)     # an exact tie: the page shows 0.12 (half to even)
@example(a=2.5, b=1.0, lang="es", digits=1)       # and 2 here
def test_property_what_the_page_says_subtracts_to_what_it_shows(tmp_path_factory, a, b, lang, digits):
    store = store_with(tmp_path_factory.mktemp("r"), {"a": (a, "MiB"), "b": (b, "MiB")})
    text, errors = shown(f"{{{{ metric inductor_kernels/cpu:a digits={digits} }}}}|"
                         f"{{{{ metric inductor_kernels/cpu:b digits={digits} }}}}|"
                         f"{{{{ metric inductor_kernels/cpu:a minus=b digits={digits} }}}}", store, lang)
    assert errors == []
    first, second, difference = (as_read(part, lang) for part in text.split("|"))
    assert difference == first - second


@pytest.mark.parametrize("lang, one, below", [("en", "1.00\u00a0FLOP/B", "0.998\u00a0FLOP/B"),
                                              ("es", "1,00\u00a0FLOP/B", "0,998\u00a0FLOP/B")])
def test_a_metric_that_rounds_up_to_a_power_of_ten_reads_as_its_table_cell_does(tmp_path, lang, one, below):
    # background's GEMV intensity, 0.999512, read "1.000 FLOP/B" where 1.0 reads "1.00"
    store = store_with(tmp_path, {"near": (0.999512, "FLOP/B"), "one": (1.0, "FLOP/B"), "below": (0.998, "FLOP/B")})
    assert shown("{{ metric inductor_kernels/cpu:near }}", store, lang) == (one, [])
    assert shown("{{ metric inductor_kernels/cpu:one }}", store, lang) == (one, [])
    assert shown("{{ metric inductor_kernels/cpu:below }}", store, lang) == (below, [])


def test_a_difference_subtracts_the_values_as_shown_after_the_carry(tmp_path):
    # 1.9996 shows as 2.00 (not 2.000): 2.00 − 0.500 reads 1.500, with the wider of the two decimals
    store = store_with(tmp_path, {"a": (1.9996, "s"), "b": (0.5, "s")})
    assert shown("{{ metric inductor_kernels/cpu:a }} − {{ metric inductor_kernels/cpu:b }} = "
                 "{{ metric inductor_kernels/cpu:a minus=b }}", store) == (
        "2.00\u00a0s − 0.500\u00a0s = 1.500\u00a0s", [])
