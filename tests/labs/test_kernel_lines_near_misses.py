"""kernel_lines.describe on the near misses no fixture holds: x computed from the row max or the
online reduction of another input (x is read from its own input only), and a step computed a
second time for another use (both lines are the step's). The kernels are the softmax of
test_kernel_lines_describe.py with lines changed or added by hand."""

from __future__ import annotations

from tests.helpers_kernel_lines import SOFTMAX, described

STEPS = ["max", "sub", "exp", "sum", "div"]
X_LOAD = "    tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)\n"


def x_from(reduction: str) -> str:
    """SOFTMAX with x = a · r(b) (lines 12 to 15), r a reduction of in_ptr1's row."""
    return SOFTMAX.replace(X_LOAD, "    tmp20 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)\n"
                                   "    tmp21 = tl.load(in_ptr1 + (r0_1 + 16*x0), xmask, other=0.0)\n"
                                   f"{reduction}"
                                   "    tmp0 = tmp20 * tmp22\n")


X_FROM_A_MAX = x_from("    tmp22 = triton_helpers.max2(tmp21, 1)[:, None]\n")
X_FROM_ONLINE = x_from("    tmp22, tmp23 = triton_helpers.online_softmax_reduce(tmp21, tmp21, 1, False)\n")


def test_the_input_is_what_x_is_read_from_not_what_a_row_max_inside_it_reads():
    facts = described(X_FROM_A_MAX, "softmax", STEPS)
    assert facts.input == {"pointers": {"in_ptr0": "arg0_1"}, "lines": [12]}
    # the softmax's own max (line 18) is the step, not the max of in_ptr1 (line 14)
    assert facts.step("max").lines == [18]


def test_the_input_is_what_x_is_read_from_not_what_an_online_reduction_inside_it_reads():
    facts = described(X_FROM_ONLINE, "softmax", STEPS)
    assert facts.input == {"pointers": {"in_ptr0": "arg0_1"}, "lines": [12]}


# exp(x − max) computed again on line 23 and stored to a second output
EXP_AGAIN = SOFTMAX + ("    tmp30 = tl_math.exp(tmp0 - tmp4)\n"
                       "    tl.store(out_ptr3 + (r0_1 + 16*x0), tmp30, xmask)\n")


def test_a_step_computed_again_for_another_use_names_both_lines():
    facts = described(EXP_AGAIN, "softmax", STEPS)
    # line 17 feeds the division; line 23 computes the same exp (and x − max on it)
    assert {s.step: s.lines for s in facts.steps} == {"max": [15], "sub": [16, 23], "exp": [17, 23], "sum": [20],
                                                      "div": [21]}
    # near miss: in SOFTMAX alone the step has its one line
    assert described(SOFTMAX, "softmax", STEPS).step("exp").lines == [17]
