"""How KernelGraph folds a reduction (dataflow.py): which values are its leaves, which lines
are its own, and which reductions are roots, on kernels a reduction's tree holds more than one
accumulator update in. Leaves and lines are worked out by hand from each kernel's text; line
numbers count from the kernel's first line."""

from __future__ import annotations

from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts.dataflow import KernelGraph

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _sum_of_row_sums(row_term: str = "tmp5 + tmp4", constant: str | None = None) -> str:
    """`(x.sum(-1, keepdim=True) + y).sum(-1)` as Inductor writes a persistent reduction: the row
    sum of x (line 7) is added to y (line 8) and summed again (line 11). With a constant,
    `(x.sum(-1, keepdim=True) + c).sum(-1)`: `tmp6 = c` on line 8, the add on line 9."""
    middle = [f"    tmp6 = {row_term}"] if constant is None else [f"    tmp6 = {constant}", "    tmp8 = tmp5 + tmp6"]
    added = "tmp6" if constant is None else "tmp8"
    return "\n".join([
        "@triton.jit",
        "def triton_per_fused_add_sum_0(in_ptr0, in_ptr1, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):",
        "    tmp0 = tl.load(in_ptr0 + (r0_1 + 8*x0), xmask, other=0.0)",
        "    tmp4 = tl.load(in_ptr1 + (r0_1 + 8*x0), xmask, other=0.0)",
        "    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])",
        "    tmp3 = tl.where(xmask, tmp1, 0)",
        "    tmp5 = tl.sum(tmp3, 1)[:, None]",
        *middle,
        f"    tmp7 = tl.broadcast_to({added}, [XBLOCK, R0_BLOCK])",
        "    tmp9 = tl.where(xmask, tmp7, 0)",
        "    tmp10 = tl.sum(tmp9, 1)[:, None]",
        "    tl.store(out_ptr1 + (x0), tmp10, xmask)", ""])


def _roots(graph: KernelGraph) -> list[tuple[str, int]]:
    return [(r.op, r.line) for r in graph.reduction_roots()]


def _leaves(graph: KernelGraph, root) -> list[tuple[str, int]]:
    return [(v.op, v.line) for v in graph.leaves(root)]


def test_a_row_sum_added_to_y_and_summed_again_is_one_sum_of_x_and_y():
    graph = KernelGraph(_sum_of_row_sums(), "python")
    assert _roots(graph) == [("sum", 11)]     # the inner sum (line 7) is folded into the outer one
    [root] = graph.reduction_roots()
    assert _leaves(graph, root) == [("load", 3), ("load", 4)]
    assert graph.lines_of(root) == {7, 8, 11}


def test_a_constant_summed_with_a_row_sum_is_a_leaf_unless_it_is_zero():
    # + 1.0 adds eight ones to the sum: the constant is reduced; + 0.0 adds nothing
    graph = KernelGraph(_sum_of_row_sums(constant="1.0"), "python")
    [root] = graph.reduction_roots()
    assert _leaves(graph, root) == [("load", 3), ("const", 8)]
    graph = KernelGraph(_sum_of_row_sums(constant="0.0"), "python")
    [root] = graph.reduction_roots()
    assert _leaves(graph, root) == [("load", 3)]
    assert graph.lines_of(root) == {7, 9, 12}


def test_a_row_sum_added_to_itself_does_not_stop_the_fold_short():
    # (z.sum(-1, keepdim=True) + (s + s)).sum(-1), s = x.sum(-1, keepdim=True): z's sum (line 8) is
    # still folded after s is met the second time
    source = "\n".join([
        "@triton.jit",
        "def triton_per_fused_add_sum_1(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):",
        "    tmp0 = tl.load(in_ptr0 + (r0_1 + 8*x0), xmask, other=0.0)",
        "    tmp1 = tl.load(in_ptr1 + (r0_1 + 8*x0), xmask, other=0.0)",
        "    tmp3 = tl.where(xmask, tmp0, 0)",
        "    tmp4 = tl.sum(tmp3, 1)[:, None]",
        "    tmp6 = tl.where(xmask, tmp1, 0)",
        "    tmp7 = tl.sum(tmp6, 1)[:, None]",
        "    tmp8 = tmp4 + tmp4",
        "    tmp9 = tmp7 + tmp8",
        "    tmp11 = tl.where(xmask, tmp9, 0)",
        "    tmp12 = tl.sum(tmp11, 1)[:, None]",
        "    tl.store(out_ptr0 + (x0), tmp12, xmask)", ""])
    graph = KernelGraph(source, "python")
    assert _roots(graph) == [("sum", 12)]
    [root] = graph.reduction_roots()
    assert _leaves(graph, root) == [("load", 3), ("load", 4)]
    assert graph.lines_of(root) == {6, 8, 9, 10, 12}


def test_a_residual_summed_for_a_mean_is_one_leaf_not_its_two_inputs():
    # the mini GPT's layer norm after a residual: `auto tmp2 = tmp0 + tmp1;` (line 30) is what the
    # row sum adds up (line 31, folded on line 35); tmp0 and tmp1 are its inputs, not leaves
    output_code = (FIXTURES / "cpu-torch2.13-minigpt-smoke" / "output_code.py").read_text(encoding="utf-8")
    kernel = next(k for k in io.parse_kernels(output_code) if k.name == "cpp_fused_add_native_layer_norm_view_7")
    lines = kernel.source.splitlines()
    assert lines[29].strip() == "auto tmp2 = tmp0 + tmp1;"
    assert lines[30].strip() == "tmp_acc0_vec = tmp_acc0_vec + tmp2;"
    graph = KernelGraph(kernel.source, "cpp")
    root = next(r for r in graph.reduction_roots() if r.line == 35)
    assert _leaves(graph, root) == [("add", 30)]
    assert graph.lines_of(root) == {31, 35}


def test_the_lines_of_a_sum_hold_its_own_accumulator_writes_only():
    # a looped max (lines 3-8), then a looped sum of max · x (lines 9-15) whose update is written
    # with the accumulator second: the sum's lines are its update, its write and its fold, never
    # the max's write (line 7) that its addend comes from
    source = "\n".join([
        "@triton.jit",
        "def triton_red_fused_max_mul_sum_2(in_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, "
        "R0_BLOCK : tl.constexpr):",
        "    _tmp2 = tl.full([XBLOCK, R0_BLOCK], float(\"-inf\"), tl.float32)",
        "    for r0_offset in range(0, r0_numel, R0_BLOCK):",
        "        tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), r0_mask & xmask, other=0.0)",
        "        tmp1 = triton_helpers.maximum(_tmp2, tmp0)",
        "        _tmp2 = tl.where(r0_mask & xmask, tmp1, _tmp2)",
        "    tmp2 = triton_helpers.max2(_tmp2, 1)[:, None]",
        "    _tmp5 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)",
        "    for r0_offset in range(0, r0_numel, R0_BLOCK):",
        "        tmp3 = tl.load(in_ptr0 + (r0_1 + 64*x0), r0_mask & xmask, other=0.0)",
        "        tmp4 = tmp2 * tmp3",
        "        tmp6 = tmp4 + _tmp5",
        "        _tmp5 = tl.where(r0_mask & xmask, tmp6, _tmp5)",
        "    tmp5 = tl.sum(_tmp5, 1)[:, None]",
        "    tl.store(out_ptr1 + (x0), tmp5, xmask)", ""])
    graph = KernelGraph(source, "python")
    assert _roots(graph) == [("amax", 8), ("sum", 15)]
    amax, total = graph.reduction_roots()
    assert graph.lines_of(amax) == {6, 7, 8}
    assert graph.lines_of(total) == {13, 14, 15}
    assert _leaves(graph, total) == [("mul", 12)]
