"""render.rows when two rows share a line and a topic (a line that reads two pointers, or the
same element twice, as a hand-written kernel may): they keep the order the line reads them."""

from __future__ import annotations

from labs.common.kernel_facts import render
from labs.common.kernel_facts.records import KernelFacts


def facts_with_loads(*loads: tuple[str, str]) -> KernelFacts:
    """A kernel with no pattern whose line 5 reads each (pointer, buffer) at x0, in that order."""
    return KernelFacts("triton_poi_fused_mul_0", "python", "triton_pointwise", [], None, "unknown",
                       loads=[{"pointer": p, "buffer": b, "indirect": False, "at": [[5, "x0", None]]} for p, b in loads])


def test_two_reads_on_one_line_are_listed_in_the_order_the_line_reads_them():
    # `tmp2 = tl.load(in_ptr1 + (x0)) * tl.load(in_ptr0 + (x0))`: in_ptr1 first
    found = render.rows(facts_with_loads(("in_ptr1", "buf3"), ("in_ptr0", "arg0_1")))
    assert [(r[1], r[2], r[3]) for r in found] == [(5, "generic_load", "in_ptr1[x0] → buf3"),
                                                   (5, "generic_load", "in_ptr0[x0] → arg0_1")]


def test_the_same_element_read_twice_on_one_line_is_two_rows():
    found = render.rows(facts_with_loads(("in_ptr0", "arg0_1"), ("in_ptr0", "arg0_1")))
    assert [(r[1], r[2], r[3]) for r in found] == [(5, "generic_load", "in_ptr0[x0] → arg0_1")] * 2
