"""The text checks (`text_checks.py`) on small Triton kernels written for them: each fact right,
wrong, cited at a line outside the kernel (0, one past the end), or at the kernel's last line;
a check with nothing to judge abstains (None). Line numbers count from the kernel's first line."""

from __future__ import annotations

from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import checks, text_checks
from labs.common.kernel_facts import facts as analysis
from labs.common.kernel_facts.records import KernelFacts

SOFTMAX = """\
@triton.jit
def triton_per_fused_0(in_ptr0, in_out_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl_math.exp(tmp0)
    tmp2 = tl.sum(tmp1, 1)[:, None]
    tmp3 = tmp1 / tmp2
    tl.store(out_ptr0 + (x0), tmp3, xmask)
    tl.store(in_out_ptr0 + (x0), tmp1, xmask)
    tmp4 = tl.load(in_out_ptr0 + (x0), xmask)
    tmp5 = tl.load(in_ptr0 + (x0), xmask)
"""
ACCUMULATE = """\
@triton.jit
def triton_red_fused_1(in_ptr0, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    _tmp1 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    _tmp1 = _tmp1 + tl_math.exp(tmp0)
    tmp2 = tmp0 / 8.0
    tl.store(out_ptr0 + (x0), tmp2, xmask)
    tl.store(out_ptr1 + (x0), _tmp1, xmask)
"""
IN_PLACE = """\
@triton.jit
def triton_poi_fused_2(in_out_ptr0, xnumel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_out_ptr0 + (x0), xmask)
    tmp1 = tmp0 * 2.0
    tl.store(in_out_ptr0 + (x0), tmp1, xmask)
"""
LOOPED = """\
@triton.jit
def triton_red_fused_3(in_out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        tmp0 = tl.load(in_out_ptr0 + (x0), xmask)
        tmp1 = tmp0 * 2.0
        tl.store(in_out_ptr0 + (x0), tmp1, xmask)
"""


def kernel(source: str, language: str = "python") -> io.Kernel:
    return io.Kernel(source.splitlines()[1].split()[1].split("(")[0], language, source, 1)


def facts(nodes: list[str] | None = None, **fields) -> KernelFacts:
    return KernelFacts("k", "python", "triton_persistent", [], nodes or [], "provenance", **fields)


def test_input_lines_every_load_of_the_input_cited_and_none_outside_the_kernel():
    def judge(lines):
        return text_checks.input_lines(facts(input={"pointers": {"in_ptr0": "arg0_1"}, "lines": lines}),
                                       kernel(SOFTMAX))
    assert judge([4, 11]) is True        # 11 is the kernel's last line
    assert judge([4]) is False           # the load at the last line left out
    assert judge([4, 11, 12]) is False   # one past the end
    assert judge([0, 4, 11]) is False    # line 0 is no line (not the last one counted back)
    assert judge([4, 5, 11]) is False    # line 5 computes exp, it loads nothing
    assert text_checks.input_lines(facts(input={"pointers": {}, "lines": []}), kernel(SOFTMAX)) is None


def stores(*at) -> list[dict]:
    return [{"pointer": "p", "buffer": "b", "at": [list(a) for a in at]}] if at else []


def test_store_labels_against_the_defining_line():
    def judge(*at, source=SOFTMAX):
        return text_checks.store_labels(facts(stores=stores(*at)), kernel(source))
    assert judge((8, "x0", "div"), (9, "x0", "exp")) is True
    assert judge((8, "x0", "exp")) is False                      # the division's value labelled exp
    assert judge((8, "x0", "no such label"), (9, "x0", "div")) is False   # an unjudged label first
    assert judge() is None
    assert judge((0, "x0", "div"), (12, "x0", "div")) is None    # outside the kernel: not judged


def test_a_stored_accumulator_is_a_reduction_whatever_its_update_line_computes():
    def judge(*at):
        return text_checks.store_labels(facts(stores=stores(*at)), kernel(ACCUMULATE))
    assert judge((8, "x0", "sum")) is True      # 8 is the last line
    assert judge((7, "x0", "div"), (8, "x0", "sum")) is True
    assert judge((8, "x0", "exp")) is False     # the sum of exp stored, not the exp
    assert judge((0, "x0", "div")) is None      # line 0 is not the last line


def test_reduction_lines_cited_and_every_accumulator_update_among_them():
    def judge(*lines, source=ACCUMULATE):
        return text_checks.reduction_lines(facts(reductions=[{"lines": list(lines)}]), kernel(source))
    assert judge(4, 5) is True and judge(5) is True
    assert judge(5, 8) is True        # the last line stores the accumulator: it folds it
    assert judge() is False           # the update at line 5 left out
    assert judge(5, 9) is False       # one past the end
    assert judge(0, 5) is False       # line 0 is no line
    assert judge(3, 5) is False       # a load folds nothing
    assert text_checks.reduction_lines(facts(reductions=[]), kernel(SOFTMAX)) is None   # nothing to judge


def loads(pointer: str, *at) -> list[dict]:
    return [{"pointer": pointer, "buffer": "b", "at": [list(a) for a in at]}]


def test_read_back_sources_a_store_above_or_in_the_loop_around():
    def judge(source, *at, language="python"):
        return text_checks.read_back_sources(facts(loads=loads("in_out_ptr0", *at)), kernel(source, language))
    assert judge(SOFTMAX, (10, "x0", 9)) is True      # read back from the store just above, no loop
    assert judge(SOFTMAX, (10, "x0", 8)) is False     # line 8 stores another pointer
    assert judge(SOFTMAX, (10, "x0", None)) is False  # "reads the input", with a store to it above
    assert judge(SOFTMAX, (10, "x0", None), language="cpp") is True   # C++ re-reads in its loops
    assert judge(IN_PLACE, (3, "x0", 5)) is False     # a store below, and no loop to come back round
    assert judge(IN_PLACE, (3, "x0", 0)) is False     # line 0 is no line (not the last, which stores)
    assert judge(LOOPED, (4, "x0", 6)) is True        # the last line, stored on the previous trip
    assert judge(LOOPED, (4, "x0", 7)) is False       # one past the end
    assert text_checks.read_back_sources(facts(loads=[]), kernel(SOFTMAX)) is None


def test_buffer_fates_against_call_as_the_loss_dump_writes_it():
    # call(): buf1, buf2 = empty_strided_cpu(...); buf3 = buf2 (reuse); the kernel is launched
    # with (buf3, buf6, buf0, arg3_1, buf1, buf5); there is no buf99
    folder = Path(__file__).resolve().parent.parent / "fixtures" / "cpu-torch2.13-log_softmax_nll"
    output_code = (folder / "output_code.py").read_text()

    def judge(name, fate):
        kf = KernelFacts("cpp_fused__log_softmax_nll_loss_forward_0", "cpp", "cpp_scalar", [], [], "provenance",
                         ir_buffers=[{"name": name, "in_call": fate}])
        return text_checks.buffer_fates(kf, output_code)
    assert [judge("buf1", fate) for fate in ("argument", "allocated", "absent", "reuses buf0")] == \
        [True, True, False, False]
    assert [judge("buf2", fate) for fate in ("allocated", "argument", "absent")] == [True, False, False]
    assert [judge("buf3", fate) for fate in ("reuses buf2", "reuses buf1", "allocated")] == [True, False, False]
    assert judge("buf99", "absent") is True
    assert text_checks.buffer_fates(facts(ir_buffers=None), output_code) is None


PRINTED = '''\
class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[4]"):
        # File: model.py:10 in forward, code: y = x.exp()
        exp: "f32[4]" = torch.ops.aten.exp.default(arg0_1)
        # File: model.py:11 in forward, code: z = y * 2
        # a note Inductor may leave between the line and its node
        mul: "f32[4]" = torch.ops.aten.mul.Tensor(exp, 2)
        # No stacktrace found for following nodes
        clone: "f32[4]" = torch.ops.aten.clone.default(mul)
        return (clone,)
'''


def test_grouping_by_the_learners_line_the_printed_graph_gives(tmp_path):
    (tmp_path / "fx_graph_transformed.py").write_text(PRINTED)

    def judge(**groups):
        return text_checks.grouping(facts(nodes=["exp", "mul", "clone"], source_nodes=groups), tmp_path)
    assert judge(a=["exp"], b=["mul"]) is True            # clone has no line: it needs no group
    assert judge(a=["exp", "mul"]) is False               # lines 10 and 11 in one group
    assert judge(a=["exp"]) is False                      # mul (line 11, past the note) in no group
    assert judge(a=["exp"], b=["mul"], c=["clone"]) is True
    assert judge(a=["exp"], b=["mul", "exp"]) is False    # exp in two groups
    assert judge(a=["exp"], b=["mul"], c=["other"]) is False   # a node the kernel does not run
    assert judge() is None


def test_fused_nodes_against_the_graph_fragment_when_no_graph_was_recorded(tmp_path):
    import shutil
    from dataclasses import replace

    from labs.common.kernel_facts import facts as kernel_facts
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "cuda-torch2.11-softmax_dim0"
    mapped, bare = tmp_path / "mapped", tmp_path / "bare"
    for folder, gone in ((mapped, ("post_grad_graph.json", "fx_graph_transformed.py")),
                         (bare, ("post_grad_graph.json", "fx_graph_transformed.py",
                                 "inductor_provenance_tracking_node_mappings.json"))):
        shutil.copytree(fixture, folder)
        for name in (*gone, kernel_facts.FACTS_FILE):
            (folder / name).unlink()
    [kf] = kernel_facts.analyze(mapped).kernels
    assert kf.nodes_source == "provenance"
    assert text_checks.fused_nodes(kf, [kf], mapped) is True        # the mapping's nodes are the fragment's
    assert text_checks.fused_nodes(replace(kf, nodes=kf.nodes[1:]), [kf], mapped) is False
    [kf] = kernel_facts.analyze(bare).kernels
    assert kf.nodes_source == "graph_fragment"
    assert text_checks.fused_nodes(kf, [kf], bare) is None           # the fragment is not checked against itself


SCALAR_STORE = """\
@triton.jit
def triton_per_fused_nll_loss_4(in_out_ptr0, in_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_ptr0 + (r0_0), None)
    tmp1 = tl.sum(tmp0, 1)[:, None]
    tmp2 = tmp1 / 16.0
    tl.store(in_out_ptr0 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp2, None)
    tl.store(in_out_ptr0 + (r0_0), tmp0.to(tl.float32), None)
"""


def test_a_store_whose_index_holds_commas_is_judged_by_the_value_after_the_index():
    """A GPU loss kernel stores its one element at `tl.full([1, 1], 0, tl.int32)...`: the value is the
    argument after the index's closing parenthesis, not the first word after a comma inside it."""
    def judge(*at):
        return text_checks.store_labels(facts(stores=stores(*at)), kernel(SCALAR_STORE))
    assert judge((6, "0", "div")) is True
    assert judge((6, "0", "exp")) is False       # the division labelled exp: judged, and wrong
    assert judge((7, "r0_0", "sum")) is False    # a cast's operand is the value stored (tmp0, a load)


def test_the_name_a_store_writes():
    assert text_checks._stored_name("tl.store(p + (tl.full([1, 1], 0, tl.int32).broadcast_to(X, 1)), tmp27, None)") == "tmp27"
    assert text_checks._stored_name("    tl.store(out_ptr0 + (x0), tmp5, xmask)") == "tmp5"
    assert text_checks._stored_name("tl.store(out_ptr1 + (x0), tmp12.to(tl.float32), xmask)") == "tmp12"
    assert text_checks._stored_name("tl.store(out_ptr1 + (x0),tmp3)") == "tmp3"
    assert text_checks._stored_name("tl.store(out_ptr1 + (x0))") is None        # no value: not judged
    assert text_checks._stored_name("tl.store(p, (tmp1 + tmp2), m)") is None    # an expression: not judged
    assert text_checks._stored_name("tmp3.store(out_ptr0 + static_cast<int64_t>(x0));") == "tmp3"
    assert text_checks._stored_name("    in_out_ptr1[0] = tmp3;") == "tmp3"
    assert text_checks._stored_name("tmp4 = tl.load(in_ptr0 + (x0), xmask)") is None


def test_the_gpu_loss_kernels_scalar_store_is_judged_on_the_recorded_dump():
    folder = Path(__file__).resolve().parents[1] / "fixtures" / "cuda-torch2.11-cross_entropy"
    verdicts = checks.verify(analysis.analyze(folder), folder)
    assert verdicts["triton_per_fused__log_softmax_nll_loss_forward_sub_1"]["store_labels"] is True


def test_call_arguments_stop_at_the_calls_closing_parenthesis():
    # nested brackets are one argument; what follows the call is none of its arguments
    assert io.call_arguments("a, f(b, c), d) + 1") == ["a", "f(b, c)", "d"]
    assert io.call_arguments("out_ptr0 + (x0), tl.full([1, 1], 0, tl.int32), xmask)\n    tmp9 = x") == [
        "out_ptr0 + (x0)", "tl.full([1, 1], 0, tl.int32)", "xmask"]
    assert io.call_arguments("buf0)") == ["buf0"]         # one argument: nothing after it is read
    assert io.call_arguments(")") == []
