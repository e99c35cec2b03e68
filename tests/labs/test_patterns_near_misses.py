"""patterns.py on what no saved dump holds: two softmaxes in one post-grad graph, a softmax over
every element (amax and sum without dims), a log-softmax look-alike whose sum runs over another
dim, and in a kernel the near misses of a shifted row (x + max(x), x − sum(x), x − max(y)
inside a guarded choice, a shifted row inside a three-input op that is not a choice) and of a
sum of exp (item 1 of a Welford reduction of x). Graphs and kernels are written by hand."""

from __future__ import annotations

from labs.common.kernel_facts.dataflow import KernelGraph
from labs.common.kernel_facts.patterns import fx_matches, kernel_matches, unscaled
from labs.common.kernel_facts.post_grad import PostGradGraph
from tests.helpers_fx_graphs import graph_of, node, softmax


def spelled(graph: PostGradGraph) -> list[tuple]:
    return [(m.pattern, m.form, m.output.name, m.input.name, {s: [n.name for n in ns] for s, ns in m.steps.items()})
            for m in fx_matches(graph)]


def test_two_softmaxes_in_one_graph_are_two_matches_each_with_its_own_nodes():
    graph = graph_of(node("x", "placeholder"), node("y", "placeholder"), *softmax("x", ""), *softmax("y", "_1"))
    assert spelled(graph) == [
        ("softmax", "two_pass", "div", "x", {"max": ["amax"], "sub": ["sub"], "exp": ["exp"], "sum": ["sum"],
                                             "div": ["div"]}),
        ("softmax", "two_pass", "div_1", "y", {"max": ["amax_1"], "sub": ["sub_1"], "exp": ["exp_1"],
                                               "sum": ["sum_1"], "div": ["div_1"]})]


def test_a_softmax_over_every_element_is_matched_when_neither_reduction_names_a_dim():
    # exp(x − amax(x)) / exp(x − amax(x)).sum(): amax.default and sum.default take x alone
    graph = graph_of(node("x", "placeholder"), node("amax", "aten.amax.default", "x", shape=()),
                     node("sub", "aten.sub.Tensor", "x", "amax"), node("exp", "aten.exp.default", "sub"),
                     node("sum_1", "aten.sum.default", "exp", shape=()), node("div", "aten.div.Tensor", "exp", "sum_1"))
    assert spelled(graph) == [("softmax", "two_pass", "div", "x", {"max": ["amax"], "sub": ["sub"], "exp": ["exp"],
                                                                   "sum": ["sum_1"], "div": ["div"]})]


def log_softmax(sum_dim: int) -> PostGradGraph:
    return graph_of(node("x", "placeholder"), node("amax", "aten.amax.default", "x", [1], True, shape=(4, 1)),
                    node("sub", "aten.sub.Tensor", "x", "amax"), node("exp", "aten.exp.default", "sub"),
                    node("sum_1", "aten.sum.dim_IntList", "exp", [sum_dim], True,
                         shape=(4, 1) if sum_dim == 1 else (1, 8)),
                    node("log", "aten.log.default", "sum_1"), node("sub_1", "aten.sub.Tensor", "sub", "log"))


def test_a_log_softmax_whose_sum_runs_over_another_dim_than_its_max_is_no_log_softmax():
    assert spelled(log_softmax(sum_dim=0)) == []
    # near miss: the same graph with the sum over the max's dim
    [(pattern, form, output, x, _)] = spelled(log_softmax(sum_dim=1))
    assert (pattern, form, output, x) == ("log_softmax", "two_pass", "sub_1", "x")


KERNEL_HEAD = ("@triton.jit\ndef triton_per_fused_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):\n"
               "    tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)\n"      # line 3: x
               "    tmp1 = tl.load(in_ptr1 + (r0_1 + 16*x0), xmask, other=0.0)\n"      # line 4: y
               "    tmp2 = triton_helpers.max2(tmp0, 1)[:, None]\n"                    # line 5: max(x)
               "    tmp3 = tl.sum(tmp0, 1)[:, None]\n"                                 # line 6: sum(x)
               "    tmp4 = triton_helpers.max2(tmp1, 1)[:, None]\n"                    # line 7: max(y)
               "    tmp5 = tmp1 > 0\n")                                                # line 8: a guard


def last_on(graph: KernelGraph, line: int):
    return graph.on_line(line)[-1]


def test_a_guarded_choice_is_looked_through_only_to_a_row_shifted_by_its_own_max():
    graph = KernelGraph(KERNEL_HEAD + "    tmp6 = tl.where(tmp5, tmp0 - tmp2, tmp0)\n"    # line 9: x − max(x)
                                      "    tmp7 = tl.where(tmp5, tmp0 + tmp2, tmp0)\n"    # line 10: x + max(x)
                                      "    tmp8 = tl.where(tmp5, tmp0 - tmp3, tmp0)\n"    # line 11: x − sum(x)
                                      "    tmp9 = tl.where(tmp5, tmp0 - tmp4, tmp0)\n",   # line 12: x − max(y)
                        "python")
    shifted = unscaled(graph, last_on(graph, 9))
    assert (shifted.op, shifted.line) == ("sub", 9)
    for line in (10, 11, 12):
        choice = last_on(graph, line)
        assert choice.op == "where" and unscaled(graph, choice) is choice


def test_a_three_input_op_that_is_not_a_choice_is_not_looked_through():
    # fma(y, x − max(x), y): a shifted row among the last two inputs, but no guarded choice
    graph = KernelGraph(KERNEL_HEAD + "    tmp6 = libdevice.fma(tmp1, tmp0 - tmp2, tmp1)\n", "python")
    fma = last_on(graph, 9)
    assert fma.op == "call:fma" and unscaled(graph, fma) is fma


def test_item_one_of_a_welford_reduction_of_x_is_not_the_sum_of_exp():
    # exp(x − max(x)) / welford(x)[1]: x's spread, not the sum of exp
    source = KERNEL_HEAD + ("    tmp6, tmp7 = triton_helpers.welford(tmp0, 1)\n"
                            "    tmp8 = tl_math.exp(tmp0 - tmp2)\n"
                            "    tmp9 = tmp8 / tmp7\n")
    assert kernel_matches(KernelGraph(source, "python")) == []
    # near miss: divided by the sum of that exp, it is a softmax
    source = KERNEL_HEAD + ("    tmp8 = tl_math.exp(tmp0 - tmp2)\n"
                            "    tmp9 = tl.sum(tmp8, 1)[:, None]\n"
                            "    tmp10 = tmp8 / tmp9\n")
    [match] = kernel_matches(KernelGraph(source, "python"))
    assert (match.pattern, sorted(v.line for v in match.steps["sum"])) == ("softmax", [10])
