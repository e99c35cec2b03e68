"""The values a kernel's lines compute (builder.py, through KernelGraph), on small kernels written
as Inductor writes them: each line's value written out by hand as a tree of normalised ops, the
constants it folds, the loads it follows back through memory and the accumulators it reads as
reductions."""

from __future__ import annotations

import pytest

from labs.common.kernel_facts.dataflow import KernelGraph
from tests.helpers_kernel_values import line_value, tree

TRITON = '''\
@triton.jit
def triton_per_fused_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    tmp0 = tl.load(in_ptr0 + (r0_index + 16*xoffset), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp2 = tl.where(r0_mask & xmask, tmp1, float("-inf"))
    tmp3 = triton_helpers.max2(tmp2, 1)[:, None]
    tmp4 = tmp0 - tmp3
    tmp5 = tl_math.exp(tmp4)
    tmp6 = tl.sum(tmp5, 1)[:, None]
    tmp7 = tmp5 / tmp6
    tmp8 = -tmp7
    tmp9 = -2.5
    tmp10 = ~tmp0
    tmp11 = not tmp0
    tmp12 = +tmp0
    tmp13 = tmp0 @ tmp1
    tmp14 = tmp0 < tmp1
    tmp15 = 0 < tmp0 < tmp1
    tmp16 = tmp14 and tmp0
    tmp17 = tmp14 or tmp0 or tmp1
    tmp18 = tmp0 if tmp14 else tmp1
    tmp19 = tl.where(tmp14, tmp0, tmp1)
    tmp20 = tmp0.to(tl.float32)
    tmp21 = tl.full([1, 1], -100, tl.int64)
    tmp22 = tl.full([1], float("inf"), tl.float32)
    tmp23 = tl.full([1], 0.5, tl.float32)
    tmp24 = tl.full([1], xnumel, tl.float32)
    tmp25 = tl.zeros([XBLOCK], tl.float32)
    tmp26 = tl.load(in_ptr1 + (tmp0 + 16*x0), xmask)
    tmp27 = tmp6.mean
    tmp28, tmp29 = triton_helpers.welford(tmp0, 1)
    tmp30 = libdevice.rsqrt(tmp29)
    tmp31 = triton_helpers.maximum(tmp0, tmp1)
    tmp32 = triton_helpers.minimum(tmp0, tmp1)
    tmp33 = triton_helpers.min2(tmp0, 1)
    tmp34 = tl_math.abs(tmp0).foo(3)
    tmp35 = float("1.5")
    tmp36 = tmp0 ** 2
    tmp37 = tl.full([1], float("-inf"), tl.float32)
    tl.store(out_ptr0 + (x0), tmp7, xmask)
    tmp38 = tl.load(out_ptr0 + (x0), xmask)
    tmp39 = tl.load(in_ptr1 + (tl.full([1], 3, tl.int32)), None)
    tmp40 = tl.full([1], 0.25)
    tmp41 = tmp0 is tmp1
    tmp42 = make()(tmp0)
    tmp43 = tl.max(tmp0, 1)
    tmp44 = tl.min(tmp0, 1)
'''
LOAD = "load in_ptr0[r0_index + 16*xoffset]"
MAX = f"copy(amax(copy(copy({LOAD}))))"
SHIFTED = f"sub({LOAD}, {MAX})"
DIV = f"div(exp({SHIFTED}), copy(sum(exp({SHIFTED}))))"
TRITON_VALUES = {
    3: "mul(program_id(), XBLOCK)",
    4: "copy(arange())",                          # a slice of a non-pointer: the same values
    5: LOAD,
    6: f"copy({LOAD})",                           # a broadcast moves no value
    7: f"copy(copy({LOAD}))",                     # the guard around out-of-range lanes is no op
    8: MAX,
    9: SHIFTED,
    10: f"exp({SHIFTED})",
    11: f"copy(sum(exp({SHIFTED})))",
    12: DIV,
    13: f"neg({DIV})",
    14: "-2.5",                                   # a negative number is a constant, not neg(2.5)
    15: f"bitwise_not({LOAD})",
    16: f"not({LOAD})",
    17: f"copy({LOAD})",
    18: f"binary({LOAD}, copy({LOAD}))",          # an operator it has no name for
    19: f"lt({LOAD}, copy({LOAD}))",
    20: "other()",                                # a chained comparison is not read
    21: f"and(lt({LOAD}, copy({LOAD})), {LOAD})",
    22: f"or(lt({LOAD}, copy({LOAD})), {LOAD}, copy({LOAD}))",
    23: f"where(lt({LOAD}, copy({LOAD})), {LOAD}, copy({LOAD}))",
    24: f"where(lt({LOAD}, copy({LOAD})), {LOAD}, copy({LOAD}))",   # a real condition is an op
    25: f"copy({LOAD})",                          # a cast
    26: "-100",
    27: "inf",
    28: "0.5",
    29: "None",                                   # a fill value that is no number
    30: "0",
    31: "load in_ptr1[tmp0 + 16*x0] gathered",   # the index was itself loaded
    32: "copy(sum(exp(" + SHIFTED + "))).mean",
    34: f"rsqrt(welford({LOAD}).1)",
    35: f"maximum({LOAD}, copy({LOAD}))",
    36: f"minimum({LOAD}, copy({LOAD}))",
    37: f"amin({LOAD})",
    38: f"call:foo(abs({LOAD}))",                 # a method of a computed value, its constant dropped
    39: "1.5",
    40: f"pow({LOAD}, 2)",
    41: "-inf",
    43: f"load out_ptr0[x0] <- {DIV}",             # what line 42 stored there
    44: "load in_ptr1[tl.full([1], 3, tl.int32)]",
    45: "0.25",                                   # a fill without its dtype
    46: f"compare({LOAD}, copy({LOAD}))",         # a comparison it has no name for
    47: f"call:({LOAD})",                         # a call of what a call returned: no name
    48: f"amax({LOAD})",
    49: f"amin({LOAD})",
}


def test_both_names_of_a_tuple_assignment_are_items_of_one_value():
    graph = KernelGraph(TRITON, "python")
    welford, first, second = graph.on_line(33)[-3:]
    assert welford.op == "welford" and (first.op, first.attrs["index"], second.attrs["index"]) == ("getitem", 0, 1)
    assert first.inputs == [welford] and second.inputs == [welford]


def test_a_load_says_which_store_it_reads_back_and_a_fresh_load_none():
    graph = KernelGraph(TRITON, "python")
    [store] = graph.stores
    assert (store.pointer, store.written_as, store.index, store.line, store.transposed) == ("out_ptr0", "out_ptr0", "x0", 42, False)
    assert store.value is graph.on_line(12)[-1]
    loads = {v.line: v for v in graph.loads}
    assert loads[43].attrs["source_line"] == 42 and loads[43].attrs["written_as"] == "out_ptr0"
    assert loads[5].attrs["source_line"] is None and loads[5].inputs == []
    assert [v.line for v in graph.loads] == [5, 31, 43, 44]
    assert loads[44].attrs["indirect"] is False


ACCUMULATORS = '''\
@triton.jit
def triton_red_fused_0(in_ptr0, xnumel, r0_numel):
    tmp0 = tl.load(in_ptr0 + (r0_1), None)
    _tmp1 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    _tmp1 = _tmp1 + tmp0
    tmp_acc0 = triton_helpers.maximum(tmp_acc0, tmp0)
    tmp_acc1 = tmp0.maximum(tmp_acc1)
    tmp2 = tmp2 * tmp0
    tmp3 = tmp0 + tmp0
    tmp4 = tmp4 + tmp0 * 2
    tmp5 = triton_helpers.minimum(tmp5, tmp0)
    tmp6 = tmp6 | tmp0
    tmp7 = tmp0 + tmp4
    tmp_acc3 = tmp_acc3.maximum(tmp0)
'''


def test_an_update_of_a_name_from_itself_is_a_reduction_and_its_accumulator_is_marked():
    graph = KernelGraph(ACCUMULATORS, "python")
    found = {line: (line_value(graph, line).op, bool(line_value(graph, line).attrs.get("accumulator")))
             for line in range(4, 15)}
    assert found == {
        4: ("const", True),       # `_tmp1 = tl.full(...)`: the accumulator's start
        5: ("sum", True),         # `_tmp1 = _tmp1 + x`
        6: ("amax", True),        # `tmp_acc0 = maximum(tmp_acc0, x)`
        7: ("amax", True),        # the accumulator as the method's receiver
        8: ("mul", False),        # a product is no reduction the annotator knows
        9: ("add", False),        # the name is not among the operands
        10: ("sum", False),       # an update from itself, under a plain name: a reduction, no accumulator
        11: ("amin", False),
        12: ("any", False),
        13: ("add", False),       # tmp4 is used, but not updated
        14: ("amax", True),       # the accumulator as the receiver of the update
    }


def test_an_update_reads_the_operand_not_the_product_it_is_part_of():
    graph = KernelGraph(ACCUMULATORS, "python")
    # `tmp4 = tmp4 + tmp0 * 2`: tmp4 is a direct operand, tmp0 only inside the product
    assert tree(line_value(graph, 10)) == "sum(tmp4, mul(load in_ptr0[r0_1], 2))"



CPP = """\
extern "C" void kernel(const float* in_ptr0, float* in_out_ptr0, float* out_ptr0)
{
    auto in_ptr1 = in_out_ptr0;
    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
    auto tmp1 = at::vec::Vectorized<float>(-std::numeric_limits<float>::infinity());
    auto tmp2 = std::numeric_limits<float>::lowest();
    auto tmp3 = at::vec::Vectorized<float>(tmp2 < tmp0);
    auto tmp4 = decltype(tmp0)::blendv(tmp1, tmp0, tmp3);
    auto tmp5 = !tmp4.all_zero();
    auto tmp6 = static_cast<float>(tmp0);
    auto tmp7 = at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp0);
    auto tmp8 = at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x * y; }, tmp0);
    auto tmp9 = any_masked_reduce(tmp5, tmp5, static_cast<int64_t>(4L));
    auto tmp10 = sum_masked_reduce(tmp0, tmp6, static_cast<int64_t>(4L));
    auto tmp11 = max_masked_reduce(tmp0, tmp6, static_cast<int64_t>(4L));
    tmp0.store(in_out_ptr0 + static_cast<int64_t>(x0));
    auto tmp12 = in_ptr1[static_cast<int64_t>(x0)];
    auto tmp13 =
    [&]
    {
        __at_align__ std::array<float, 16> tmpbuf;
        tmp6.store(tmpbuf.data(), static_cast<int64_t>(16));
        return tmpbuf;
    }
    ()
    ;
    auto tmp14 =
    [&]
    {
        __at_align__ std::array<float, 16> tmpbuf;
        return tmpbuf;
    }
    ()
    ;
    alignas(16) float tmp15[16*16];
    transpose_mxn<float,16,16,false>(tmp15, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(16L*x0), static_cast<int64_t>(8L));
    auto tmp16 = static_cast<float>(0.5);
    auto tmp17 = at::vec::VectorizedN<int64_t,2>(0);
    auto tmp18 = at::vec::VectorizedN<int64_t,2>(tmp6);
    auto tmp19 = in_ptr0[static_cast<int64_t>(tmp12 + 100L*x0)];
    auto tmp20 = at::vec::Vectorized<float>();
    auto tmp21 = min_masked_reduce(tmp0, tmp6, static_cast<int64_t>(4L));
    auto tmp22 = min_propagate_nan(tmp0, tmp6);
    auto tmp23 = max_propagate_nan(tmp0, tmp6);
    auto tmp24 = at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::minimum(x, y); }, tmp0);
}"""
LOADED = "load in_out_ptr0[x0]"     # through the alias: the memory of in_out_ptr0
CPP_VALUES = {
    4: LOADED,
    5: "-inf",                            # a splat of a constant is that constant
    6: "-inf",
    7: f"copy(lt(-inf, {LOADED}))",
    8: f"where(copy(lt(-inf, {LOADED})), {LOADED}, -inf)",   # blendv(a, b, mask): b where mask, else a
    10: f"copy({LOADED})",
    11: f"amax({LOADED})",
    12: f"call:vec_reduce_all({LOADED})",   # a combine it has no name for
    # line 9 names `!tmp4.all_zero()` (any lane of tmp4 set): tmp4 itself, as line 13 shows
    13: f"or(where(copy(lt(-inf, {LOADED})), {LOADED}, -inf), where(copy(lt(-inf, {LOADED})), {LOADED}, -inf))",
    14: f"add({LOADED}, copy({LOADED}))",
    15: f"maximum({LOADED}, copy({LOADED}))",
    17: f"load in_out_ptr0[x0] <- {LOADED}",   # what line 16 stored, read back through the alias
    23: f"load tmpbuf[None] <- copy({LOADED})",   # the lambda's array, as line 22 filled it
    31: "load tmpbuf[None]",                   # a fresh array holds nothing written before
    37: "0.5",                                 # a cast of a constant is the constant
    38: "0",
    39: f"copy(copy({LOADED}))",
    40: "load in_ptr0[tmp12 + 100L*x0] gathered",   # its index was loaded on line 17
    41: "0",                                   # a vector built from nothing is zeros
    42: f"minimum({LOADED}, copy({LOADED}))",    # the masked tail's count is no operand
    43: f"minimum({LOADED}, copy({LOADED}))",
    44: f"maximum({LOADED}, copy({LOADED}))",
    45: f"amin({LOADED})",
}


KERNELS = {"python": (TRITON, TRITON_VALUES), "cpp": (CPP, CPP_VALUES)}


@pytest.mark.parametrize("language, line", [(lang, line) for lang, (_, values) in KERNELS.items()
                                            for line in sorted(values)])
def test_each_line_computes_the_value_written_by_hand(language, line):
    source, values = KERNELS[language]
    assert tree(line_value(KernelGraph(source, language), line)) == values[line]


def test_a_store_through_an_alias_is_to_the_pointer_it_names_and_a_transposed_one_says_so():
    graph = KernelGraph(CPP, "cpp")
    stores = [(s.pointer, s.written_as, s.index, s.line, s.transposed) for s in graph.stores]
    assert stores == [("in_out_ptr0", "in_out_ptr0", "x0", 16, False), ("tmpbuf", "tmpbuf", None, 22, False),
                      ("out_ptr0", "out_ptr0", "16L*x0", 36, True)]
    assert graph.aliases == {"in_ptr1": "in_out_ptr0"} and graph.arrays == {"tmpbuf", "tmp15"}
    assert [(v.line, v.attrs["written_as"]) for v in graph.loads][:2] == [(4, "in_ptr1"), (17, "in_ptr1")]


BODY_AND_TAIL = """\
{
    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(100L); x1+=static_cast<int64_t>(16L))
    {
        if(C10_LIKELY(x1 < static_cast<int64_t>(96L)))
        {
            auto tmp0 = in_ptr0[x1];
            tmp0.store(local_buffer_data_0 + x1);
        }
        if(C10_UNLIKELY(x1 >= static_cast<int64_t>(96L)))
        {
            auto tmp1 = in_ptr1[x1];
            tmp1.store(local_buffer_data_0 + x1);
            tmp1.store(local_buffer_data_1 + x1);
        }
    }
    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(100L); x1+=static_cast<int64_t>(16L))
    {
        if(C10_LIKELY(x1 < static_cast<int64_t>(96L)))
        {
            auto tmp2 = local_buffer_data_0[x1];
            auto tmp3 = local_buffer_data_1[x1];
        }
        if(C10_UNLIKELY(x1 >= static_cast<int64_t>(96L)))
        {
            auto tmp4 = local_buffer_data_0[x1];
        }
    }
    auto tmp5 = local_buffer_data_0[x1];
}"""


def test_a_vector_body_reads_back_what_the_body_wrote_and_the_tail_what_the_tail_wrote():
    graph = KernelGraph(BODY_AND_TAIL, "cpp")
    sources = {v.line: v.attrs["source_line"] for v in graph.loads}
    assert sources == {
        6: None, 11: None,   # the loop's inputs
        20: 7,               # the next loop's body: the body's store, though the tail's came later
        21: 13,              # only the tail wrote this one: that is what there is
        25: 12,              # the tail: the tail's store
        28: 12,              # after both loops, not in a branch: the last store
    }


def test_a_gather_is_found_whatever_loop_variable_its_index_repeats():
    source = """\
@triton.jit
def triton_poi_fused_0(in_ptr0, in_ptr1, xnumel, XBLOCK : tl.constexpr):
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl.load(in_ptr1 + (tmp0 + 64*(x0 // 8) + (x0 % 8)), xmask)
"""
    loads = {v.line: v.attrs["indirect"] for v in KernelGraph(source, "python").loads}
    assert loads == {4: False, 5: True}   # x0 appears twice in line 5's index, the loaded tmp0 once
