"""kernel_lines.describe on small Triton kernels written as Inductor writes them: the lines of
each softmax step, the input reads, the output write, where exp(x − max) lives, and every load,
store and reduction, written out by hand; and what it abstains from."""

from __future__ import annotations

from labs.common.inductor_output import Kernel
from labs.common.kernel_facts import kernel_lines
from labs.common.kernel_facts.records import KernelFacts
from tests.helpers_kernel_lines import BUFFERS, INDEX, SOFTMAX, described, facts_with_steps


def test_a_softmaxs_steps_input_output_and_memory_are_the_lines_a_reader_finds():
    facts = described(SOFTMAX, "softmax", ["max", "sub", "exp", "sum", "div"])
    assert {s.step: s.lines for s in facts.steps} == {"max": [15], "sub": [16], "exp": [17], "sum": [20], "div": [21]}
    assert facts.input == {"pointers": {"in_ptr0": "arg0_1"}, "lines": [12]}
    assert facts.output == {"stored": [22]}
    assert (facts.exp_home, facts.exp_recomputed) == ("registers", False)   # the division reads the sum's exp
    assert facts.loads == [{"pointer": "in_ptr0", "buffer": "arg0_1", "indirect": False, "at": [[12, INDEX, None]]}]
    assert facts.stores == [{"pointer": "out_ptr2", "buffer": "buf2", "at": [[22, INDEX, "div"]]}]
    assert facts.reductions == [{"kind": "amax", "lines": [15], "step": "max"}, {"kind": "sum", "lines": [20], "step": "sum"}]
    assert facts.unknown == []


def test_without_a_pattern_from_the_graph_no_step_is_claimed_but_memory_is_described():
    facts = described(SOFTMAX, None, ["max", "sub"])
    assert all(s.lines is None for s in facts.steps) and facts.input is None and facts.output is None
    assert facts.exp_home is None and facts.unknown == []
    assert facts.stores == [{"pointer": "out_ptr2", "buffer": "buf2", "at": [[22, INDEX, "div"]]}]  # the op, no step
    assert facts.reductions == [{"kind": "amax", "lines": [15], "step": None}, {"kind": "sum", "lines": [20], "step": None}]


def test_a_pattern_the_kernels_dataflow_does_not_show_claims_no_line():
    facts = described(SOFTMAX, "log_softmax", ["max", "sub", "exp", "sum", "log", "sub_log"])
    assert all(s.lines is None for s in facts.steps) and facts.unknown == ["steps_found:0"]
    assert facts.output is None and facts.exp_home is None


def test_a_step_whose_lines_are_known_or_computed_elsewhere_is_left_as_it_is():
    facts = facts_with_steps(["max", "sub", "exp", "sum", "div"])
    facts.steps[0].lines = [99]
    facts.steps[3].other_kernel = "triton_per_fused_1"
    kernel_lines.describe(facts, Kernel(facts.kernel, "python", SOFTMAX, 1), BUFFERS, "softmax")
    assert {s.step: s.lines for s in facts.steps} == {"max": [99], "sub": [16], "exp": [17], "sum": None, "div": [21]}


# exp(x − max) written to the output buffer, read back and divided there: computed once, kept in memory
EXP_STORED = SOFTMAX.replace("    tmp11 = tmp6 / tmp10\n", "    tl.store(in_out_ptr0 + (r0_1 + 16*x0), tmp6, xmask)\n"
                             "    tmp12 = tl.load(in_out_ptr0 + (r0_1 + 16*x0), xmask)\n"
                             "    tmp11 = tmp12 / tmp10\n")


def test_an_exp_stored_over_an_in_out_buffer_lives_in_place_and_is_read_back():
    facts = described(EXP_STORED, "softmax", ["max", "sub", "exp", "sum", "div"])
    assert {s.step: s.lines for s in facts.steps} == {"max": [15], "sub": [16], "exp": [17], "sum": [20], "div": [23]}
    assert (facts.exp_home, facts.exp_recomputed) == ("in_place", False)
    assert facts.output == {"stored": [24]}
    assert facts.loads[1] == {"pointer": "in_out_ptr0", "buffer": None, "indirect": False, "at": [[22, INDEX, 21]]}
    assert facts.stores[0] == {"pointer": "in_out_ptr0", "buffer": None, "at": [[21, INDEX, "exp"]]}
    assert facts.input == {"pointers": {"in_ptr0": "arg0_1"}, "lines": [12]}   # the read-back is no input


def test_an_exp_stored_to_an_output_or_a_scratch_row_is_said_so():
    to_output = EXP_STORED.replace("in_out_ptr0", "out_ptr1")
    assert described(to_output, "softmax", ["exp"]).exp_home == "buffer"
    to_scratch = EXP_STORED.replace("in_out_ptr0", "local_buffer_data_0")
    assert described(to_scratch, "softmax", ["exp"]).exp_home == "local_buffer"


# exp computed again for the division: the sum read one exp, the division another
RECOMPUTED = SOFTMAX.replace("    tmp11 = tmp6 / tmp10\n", "    tmp12 = tl_math.exp(tmp0 - tmp4)\n    tmp11 = tmp12 / tmp10\n")


def test_an_exp_computed_again_for_the_division_is_recomputed_and_both_lines_are_the_step():
    facts = described(RECOMPUTED, "softmax", ["max", "sub", "exp", "sum", "div"])
    assert {s.step: s.lines for s in facts.steps} == {"max": [15], "sub": [16, 21], "exp": [17, 21], "sum": [20],
                                                      "div": [22]}
    assert (facts.exp_home, facts.exp_recomputed) == ("registers", True)


# the output used at once (a loss would sum it) instead of stored
CONSUMED = SOFTMAX.replace("    tl.store(out_ptr2 + (r0_1 + 16*x0), tmp11, xmask)\n",
                           "    tmp13 = tmp11 * tmp0\n    tmp14 = tl.sum(tmp13, 1)[:, None]\n"
                           "    tl.store(out_ptr2 + (x0), tmp14, xmask)\n")


def test_an_output_never_stored_is_consumed_by_the_lines_that_use_it():
    facts = described(CONSUMED, "softmax", ["max", "sub", "exp", "sum", "div"])
    assert facts.output == {"stored": [], "consumed_by": [22]}
    assert facts.stores == [{"pointer": "out_ptr2", "buffer": "buf2", "at": [[24, "x0", "sum"]]}]
    assert facts.reductions[-1] == {"kind": "sum", "lines": [23], "step": None}


def test_a_kernel_whose_launch_is_not_known_names_its_pointers_without_buffers():
    facts = facts_with_steps(["max", "sub", "exp", "sum", "div"])
    kernel_lines.describe(facts, Kernel(facts.kernel, "python", SOFTMAX, 1), {}, "softmax")
    assert facts.input == {"pointers": {"in_ptr0": None}, "lines": [12]}
    assert facts.loads[0]["buffer"] is None and facts.stores[0]["buffer"] is None


# x = a · sum(b): x is read from a, and from b only through a reduction
X_FROM_A_SUM = SOFTMAX.replace("    tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)\n",
                               "    tmp20 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)\n"
                               "    tmp21 = tl.load(in_ptr1 + (r0_1 + 16*x0), xmask, other=0.0)\n"
                               "    tmp22 = tl.sum(tmp21, 1)[:, None]\n"
                               "    tmp0 = tmp20 * tmp22\n")


def test_the_input_is_what_x_is_read_from_not_what_a_reduction_inside_it_reads():
    facts = described(X_FROM_A_SUM, "softmax", ["max", "sub", "exp", "sum", "div"])
    assert facts.input == {"pointers": {"in_ptr0": "arg0_1"}, "lines": [12]}
    assert {s.step: s.lines for s in facts.steps} == {"max": [18], "sub": [19], "exp": [20], "sum": [23], "div": [24]}


# after the softmax: in_ptr0 read again through a gather, in_ptr1 and out_ptr3 at index 0
MORE_MEMORY = SOFTMAX + ("    tmp30 = tl.load(in_ptr0 + (tmp0 + 16*x0), xmask)\n"
                         "    tmp31 = tl.load(in_ptr1 + (0), None)\n"
                         "    tl.store(out_ptr3 + (0), tmp31, None)\n")


def test_loads_and_stores_are_listed_by_first_line_and_one_gather_makes_a_pointer_gathered():
    facts = described(MORE_MEMORY, None, [])
    assert facts.loads == [
        {"pointer": "in_ptr0", "buffer": "arg0_1", "indirect": True, "at": [[12, INDEX, None], [23, "tmp0 + 16*x0", None]]},
        {"pointer": "in_ptr1", "buffer": None, "indirect": False, "at": [[24, "0", None]]}]
    assert [e["pointer"] for e in facts.stores] == ["out_ptr2", "out_ptr3"]


def test_a_write_through_a_transpose_lists_its_line():
    source = """\
extern "C" void kernel(const float* in_ptr0, float* out_ptr0)
{
    alignas(16) float tmp0[16*16];
    transpose_mxn<float,16,16,false>(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8L), tmp0, static_cast<int64_t>(16));
    transpose_mxn<float,16,16,false>(tmp0, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(16L*x0), static_cast<int64_t>(8L));
}"""
    facts = KernelFacts("cpp_fused_0", "cpp", "cpp_pointwise", [], [], "provenance")
    kernel_lines.describe(facts, Kernel("cpp_fused_0", "cpp", source, 1), {"in_ptr0": "arg0_1", "out_ptr0": "buf1"}, None)
    assert facts.stores == [{"pointer": "out_ptr0", "buffer": "buf1", "at": [[5, "16L*x0", "load"]], "transposed": [5]}]
    assert facts.loads == [{"pointer": "in_ptr0", "buffer": "arg0_1", "indirect": False, "at": [[4, "x0", None]]}]
