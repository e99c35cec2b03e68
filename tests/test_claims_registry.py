"""The course's one list of claims (course/claims.py): every lab's claims gathered in lab order,
a marker's key found as `name` or `name.subject`, and a key that names no claim refused with
the lab's claims listed."""

from __future__ import annotations

import importlib

import pytest

from course import claims
from labs.common.claims import ClaimError

# The labs with a claims.py (labs/common/claims.py holds the shared rules, not a lab).
LABS_WITH_CLAIMS = ["capstone", "compile_compare", "inductor_kernels", "inside_compile"]


def steady(method: str, gaps: tuple) -> dict:
    """A GPU run of compile_compare with just what its host_overhead claim reads."""
    return {"lab": "compile_compare", "device": "cuda", "provenance": {"torch": "2.13.0"}, "tables": {},
            "metrics": {key: {"value": value, "unit": ""} for key, value in {
                "steady.device_method": method, "steady.eager_overhead_ms": gaps[0],
                "steady.compiled_overhead_ms": gaps[1]}.items()}}


def test_every_claim_is_each_labs_claims_lab_by_lab_in_the_order_they_are_written():
    expected = [claim for lab in LABS_WITH_CLAIMS
                for claim in importlib.import_module(f"labs.{lab}.claims").CLAIMS.values()]
    every = claims.every_claim()
    assert [(c.lab, c.name) for c in every] == [(c.lab, c.name) for c in expected]
    assert len({(c.lab, c.name) for c in every}) == len(every) > len(LABS_WITH_CLAIMS)


def test_a_key_without_a_dot_finds_its_claim_and_no_subject():
    claim, subject = claims.find("compile_compare", "fusion_cause")
    assert (claim.lab, claim.name, subject) == ("compile_compare", "fusion_cause", None)


def test_a_key_with_a_dot_finds_its_claim_and_the_subject_after_the_first_dot():
    claim, subject = claims.find("compile_compare", "host_overhead.steady")
    assert (claim.name, subject) == ("host_overhead", "steady")
    claim, subject = claims.find("compile_compare", "host_overhead.a.b")
    assert (claim.name, subject) == ("host_overhead", "a.b")
    claim, subject = claims.find("compile_compare", "host_overhead.")    # an empty subject is none
    assert (claim.name, subject) == ("host_overhead", None)


def test_a_key_that_names_no_claim_is_refused_with_the_labs_claims_in_order():
    with pytest.raises(ClaimError) as error:
        claims.find("compile_compare", "nope.steady")
    written = list(importlib.import_module("labs.compile_compare.claims").CLAIMS)
    assert sorted(written) != written     # so the message's order is its own
    assert str(error.value) == f"lab compile_compare has no claim 'nope' (its claims: {', '.join(sorted(written))})"


def test_a_lab_without_claims_is_refused_as_having_none():
    with pytest.raises(ClaimError) as error:
        claims.find("kernel_history", "anything")
    assert str(error.value) == "lab kernel_history has no claim 'anything' (its claims: none)"


def test_a_claim_is_decided_on_the_run_for_the_keys_subject():
    said = claims.decide("compile_compare", "host_overhead.steady", steady("graph", ("—", "—")))
    assert said.outcome == "device_bound"     # both gaps inside the noise, on a replayed device time
    said = claims.decide("compile_compare", "host_overhead.steady", steady("queued", (0.5, "—")))
    assert (said.outcome, said.decided) == ("not_separable", False)
    with pytest.raises(ClaimError, match="needs one of"):
        claims.decide("compile_compare", "host_overhead", steady("graph", ("—", "—")))
