"""patterns.py on the fixtures' post-grad graphs (the FX side, which decides what the graph
spells) and on small kernels: each match's steps written out by hand from the graph's nodes,
the look-alikes that must not match (a sum over another dim, exp of another tensor, a scale in
front of exp), and a step another kernel computed."""

from __future__ import annotations

from pathlib import Path

import pytest

from labs.common.kernel_facts import post_grad
from labs.common.kernel_facts.dataflow import KernelGraph
from labs.common.kernel_facts.patterns import Match, fx_matches, kernel_matches, unscaled
from tests.helpers_kernel_sources import SECOND_HALF

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _matches(name: str) -> list[tuple]:
    graph = post_grad.load(FIXTURES / name)
    return [(m.pattern, m.form, m.output.name, m.input.name, {s: [n.name for n in nodes] for s, nodes in m.steps.items()})
            for m in fx_matches(graph)]


def test_a_softmax_over_dim_0_is_matched_node_by_node():
    assert _matches("cpu-torch2.13-softmax_dim0") == [
        ("softmax", "two_pass", "div", "addmm",
         {"max": ["amax"], "sub": ["sub"], "exp": ["exp"], "sum": ["sum_1"], "div": ["div"]})]


def test_a_log_softmax_is_matched_up_to_its_final_subtraction():
    assert _matches("cpu-torch2.13-log_softmax_nll") == [
        ("log_softmax", "two_pass", "sub_1", "addmm",
         {"max": ["amax"], "sub": ["sub"], "exp": ["exp"], "sum": ["sum_1"], "log": ["log"], "sub_log": ["sub_1"]})]


@pytest.mark.parametrize("name", [
    "cpu-torch2.13-wrong_dim_lookalike",      # max over dim -1, sum over dim 0
    "cpu-torch2.13-other_numerator_lookalike",  # exp(y − max(x)) / sum(exp(x − max(x)))
    "cuda-torch2.11-wide_softmax",            # exp(2 · (x − max)): the graph spells a scale, not a softmax
])
def test_a_graph_that_only_looks_like_a_softmax_spells_none(name):
    assert _matches(name) == []


# SECOND_HALF with the log of the sum read from another kernel too (line 16): the max is loaded on line 8
LOG_ELSEWHERE = SECOND_HALF.replace("    tmp10 = tl_math.log(tmp9)\n", "    tmp10 = tl.load(in_ptr4 + (r0_0), None)\n")


def test_a_log_computed_by_another_kernel_is_a_loaded_step_when_the_graph_says_so():
    graph = KernelGraph(LOG_ELSEWHERE, "python")
    assert not kernel_matches(graph, frozenset({"max", "exp", "sum"}))   # a loaded log is just a load
    [match] = kernel_matches(graph, frozenset({"max", "exp", "sum", "log"}))
    lines = {step: sorted(v.line for v in values) for step, values in match.steps.items()}
    assert (match.pattern, match.form) == ("log_softmax", "two_pass")
    # the loaded log stands for the sum of exp as well: neither is computed here
    assert lines == {"max": [8], "sub": [15], "exp": [], "sum": [16], "log": [16], "sub_log": [17]}


def test_a_guarded_choice_between_values_that_are_not_shifted_rows_is_itself():
    source = """\
@triton.jit
def triton_poi_fused_0(in_ptr0, in_ptr1):
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tl.load(in_ptr1 + (x0), None)
    tmp2 = tmp0 > tmp1
    tmp3 = tl.where(tmp2, tmp0, tmp1)
    tmp4 = tmp3 * 2.0
    tmp5 = tmp3 + 1.0
    tmp6 = 1.4426950408889634 * tmp3
"""
    graph = KernelGraph(source, "python")
    choice = graph.on_line(6)[-1]
    assert unscaled(graph, choice) is choice
    assert unscaled(graph, graph.on_line(7)[-1]) is choice   # a scale by a constant is looked through
    shifted = graph.on_line(8)[-1]
    assert unscaled(graph, shifted) is shifted               # an offset is not
    assert unscaled(graph, graph.on_line(9)[-1]) is choice   # the constant first, as a log2(e) factor may be


def test_a_guarded_choice_with_a_shifted_row_in_either_branch_is_that_row():
    source = """\
@triton.jit
def triton_per_fused_0(in_ptr0, in_ptr1):
    tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)
    tmp1 = triton_helpers.max2(tmp0, 1)[:, None]
    tmp2 = tmp0 - tmp1
    tmp3 = tl.load(in_ptr1 + (x0), xmask)
    tmp4 = tmp3 > 0
    tmp5 = tl.where(tmp4, tmp2, tmp0)
    tmp6 = tl.where(tmp4, tmp0, tmp2)
"""
    graph = KernelGraph(source, "python")
    shift = graph.on_line(5)[-1]
    assert unscaled(graph, graph.on_line(8)[-1]) is shift
    assert unscaled(graph, graph.on_line(9)[-1]) is shift


# the second half of a softmax split over two kernels: the row max and the sum are loaded
SOFTMAX_SECOND_HALF = """\
@triton.jit
def triton_poi_fused__softmax_1(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_ptr0 + (x2), xmask)
    tmp1 = tl.load(in_ptr1 + (x1), xmask)
    tmp2 = tl.load(in_ptr2 + (x1), xmask)
    tmp3 = tmp0 - tmp1
    tmp4 = tl_math.exp(tmp3)
    tmp5 = tmp4 / tmp2
    tl.store(out_ptr0 + (x2), tmp5, xmask)
"""


def test_a_softmax_whose_max_and_sum_another_kernel_computed_is_two_pass():
    graph = KernelGraph(SOFTMAX_SECOND_HALF, "python")
    assert not kernel_matches(graph)
    assert not kernel_matches(graph, frozenset({"max"}))          # the sum must be the graph's word too
    [match] = kernel_matches(graph, frozenset({"max", "sum"}))
    lines = {step: sorted(v.line for v in values) for step, values in match.steps.items()}
    assert (match.pattern, match.form) == ("softmax", "two_pass")
    assert lines == {"max": [4], "sub": [6], "exp": [7], "sum": [5], "div": [8]}


def test_a_step_keeps_each_value_once_in_the_order_first_seen():
    match = Match("softmax", "two_pass", None, None)
    a, b = object(), object()
    match.add("exp", a, a, b)
    match.add("exp", b)
    match.add("sum")
    assert match.steps == {"exp": [a, b], "sum": []}


def _kernel(body: str) -> str:
    return ("@triton.jit\ndef triton_per_fused_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):\n"
            "    tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)\n"
            "    tmp1 = tl.load(in_ptr1 + (r0_1 + 16*x0), xmask, other=0.0)\n"
            "    tmp2 = triton_helpers.max2(tmp0, 1)[:, None]\n" + body)


def _step_lines(source: str) -> list[tuple]:
    graph = KernelGraph(source, "python")
    return [(m.pattern, {s: sorted(v.line for v in values) for s, values in m.steps.items()})
            for m in kernel_matches(graph)]


def test_a_softmax_whose_sum_recomputes_its_exp_names_both_lines_of_each():
    source = _kernel("    tmp3 = tl_math.exp(tmp0 - tmp2)\n"      # line 6: the numerator
                     "    tmp4 = tl_math.exp(tmp0 - tmp2)\n"      # line 7: the same, for the sum
                     "    tmp5 = tl.sum(tmp4, 1)[:, None]\n"
                     "    tmp6 = tmp3 / tmp5\n")
    assert _step_lines(source) == [("softmax", {"max": [5], "sub": [6, 7], "exp": [6, 7], "sum": [8], "div": [9]})]


def test_a_log_softmax_whose_sum_recomputes_its_shift_names_both_lines():
    source = _kernel("    tmp3 = tmp0 - tmp2\n"
                     "    tmp4 = tl_math.exp(tmp0 - tmp2)\n"
                     "    tmp5 = tl.sum(tmp4, 1)[:, None]\n"
                     "    tmp6 = tl_math.log(tmp5)\n"
                     "    tmp7 = tmp3 - tmp6\n")
    assert _step_lines(source) == [("log_softmax", {"max": [5], "sub": [6, 7], "exp": [7], "sum": [8], "log": [9],
                                                    "sub_log": [10]})]


@pytest.mark.parametrize("body", [
    # the sum is of another row's exp, shifted by this row's max
    "    tmp3 = tl_math.exp(tmp0 - tmp2)\n    tmp4 = tl_math.exp(tmp1 - tmp2)\n"
    "    tmp5 = tl.sum(tmp4, 1)[:, None]\n    tmp6 = tmp3 / tmp5\n",
    # exp(x / max(x)): a division, not a shift
    "    tmp3 = tl_math.exp(tmp0 / tmp2)\n    tmp5 = tl.sum(tmp3, 1)[:, None]\n    tmp6 = tmp3 / tmp5\n",
    # (x − max) − sqrt(sum(exp)): not the log of the sum
    "    tmp3 = tmp0 - tmp2\n    tmp4 = tl_math.exp(tmp3)\n    tmp5 = tl.sum(tmp4, 1)[:, None]\n"
    "    tmp6 = libdevice.sqrt(tmp5)\n    tmp7 = tmp3 - tmp6\n",
    # exp(x − sum(x)): shifted by a sum, not a max
    "    tmp3 = tl.sum(tmp0, 1)[:, None]\n    tmp4 = tl_math.exp(tmp0 - tmp3)\n"
    "    tmp5 = tl.sum(tmp4, 1)[:, None]\n    tmp6 = tmp4 / tmp5\n",
    # exp(x − mean(x)): the first item of a Welford reduction is no max
    "    tmp3, tmp4 = triton_helpers.welford(tmp0, 1)\n    tmp5 = tl_math.exp(tmp0 - tmp3)\n"
    "    tmp6 = tl.sum(tmp5, 1)[:, None]\n    tmp7 = tmp5 / tmp6\n",
    # tanh(x − max) / sum(exp(x − max)): the numerator is no exp
    "    tmp3 = tmp0 - tmp2\n    tmp4 = libdevice.tanh(tmp3)\n    tmp5 = tl_math.exp(tmp3)\n"
    "    tmp6 = tl.sum(tmp5, 1)[:, None]\n    tmp7 = tmp4 / tmp6\n",
    # exp(x − max) / sum(tanh(x − max)): the sum is of no exp
    "    tmp3 = tmp0 - tmp2\n    tmp4 = libdevice.tanh(tmp3)\n    tmp5 = tl_math.exp(tmp3)\n"
    "    tmp6 = tl.sum(tmp4, 1)[:, None]\n    tmp7 = tmp5 / tmp6\n",
], ids=["sum_of_another_row", "exp_of_a_ratio", "sqrt_not_log", "shift_by_a_sum", "shift_by_a_mean",
        "tanh_numerator", "sum_of_tanh"])
def test_a_kernel_that_only_looks_like_a_softmax_matches_nothing(body):
    assert _step_lines(_kernel(body)) == []


def test_a_vector_body_and_its_tail_are_one_match_holding_both_lines():
    from labs.common import inductor_output as io
    folder = FIXTURES / "cpu-torch2.13-hand_softmax"
    [kernel] = io.parse_kernels((folder / "output_code.py").read_text(encoding="utf-8"))
    [match] = kernel_matches(KernelGraph(kernel.source, "cpp"))
    lines = {step: sorted(v.line for v in values) for step, values in match.steps.items()}
    # the kernel's lines 50/60 (x − max), 51/61 (exp), 78/86 (the division): body, then tail
    assert (lines["sub"], lines["exp"], lines["div"]) == ([50, 60], [51, 61], [78, 86])
