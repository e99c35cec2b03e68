"""The text checks (`text_checks.py`) at edges the first tests left open: a load of an in-place
pointer just above its first store, a store line cited as a load, a load before a loop said to
read back a store inside it, a stored C++ accumulator vector, C++'s scalar store, an
unjudgeable store before a wrong one, and a node that feeds a kernel's nodes but is run by no
kernel. Kernels are written as Inductor writes them (Triton and C++); line numbers count from
the kernel's first line."""

from __future__ import annotations

import json
from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import text_checks
from labs.common.kernel_facts.records import KernelFacts

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

# An accumulate-into-the-output kernel whose old value is loaded on the line just above the
# store that overwrites it (the store adds the two).
ADD_INTO = """\
@triton.jit
def triton_poi_fused_add_mul_4(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0 * 2.0
    tmp2 = tl.load(in_out_ptr0 + (x0), xmask)
    tl.store(in_out_ptr0 + (x0), tmp1 + tmp2, xmask)
"""
# A value loaded once before the reduction loop, then the loop that rewrites the same row.
LOAD_BEFORE_LOOP = """\
@triton.jit
def triton_red_fused_mul_5(in_out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_out_ptr0 + (x0), xmask)
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        tmp1 = tl.load(in_out_ptr0 + (x0), xmask)
        tmp2 = tmp1 * 2.0
        tl.store(in_out_ptr0 + (x0), tmp2, xmask)
"""
# A column sum of exp over 32 columns, two vectors of 16: no masked tail, so the last update
# of the accumulator vector above its store is the plain `+`.
COLUMN_SUM = """\
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0)
{
    #pragma omp parallel num_threads(2)
    {
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(32L); x0+=static_cast<int64_t>(16L))
            {
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(8L); x1+=static_cast<int64_t>(1L))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0 + 32L*x1), static_cast<int64_t>(16));
                        auto tmp1 = tmp0.exp();
                        tmp_acc0_vec = tmp_acc0_vec + tmp1;
                    }
                    tmp_acc0_vec.store(out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
}
"""
# A loss reduced to one element (the row of sums at index 0), then exp's row stored beside it.
ONE_ELEMENT = """\
@triton.jit
def triton_per_fused_exp_sum_6(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_ptr0 + (r0_0), None)
    tmp1 = tl_math.exp(tmp0)
    tmp2 = tl.sum(tmp1, 1)[:, None]
    tl.store(out_ptr0 + (tl.full([1, 1], 0, tl.int32)), tmp2, None)
    tl.store(out_ptr0 + (1 + r0_0), (tmp1 + tmp0), None)
    tl.store(out_ptr0 + (2 + r0_0), tmp1, None)
"""
# A one-line read-modify-write of the input (C++ writes its loads into `auto tmpN` first; the
# check still reads such a line as a load of the pointer it also stores to).
READ_MODIFY_WRITE = """\
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0)
{
    for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(1L))
    {
        auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
        in_out_ptr0[static_cast<int64_t>(x0)] = in_out_ptr0[static_cast<int64_t>(x0)] + tmp0;
    }
}
"""


def triton(source: str) -> io.Kernel:
    return io.Kernel(source.splitlines()[1].split()[1].split("(")[0], "python", source, 1)


def cpp(source: str, name: str = "cpp_fused_0") -> io.Kernel:
    return io.Kernel(name, "cpp", source, 1)


def facts(nodes: list[str] | None = None, kernel: str = "k", **fields) -> KernelFacts:
    return KernelFacts(kernel, "python", "triton_persistent", [], nodes or [], "provenance", **fields)


def inputs(pointer: str, *lines: int) -> KernelFacts:
    return facts(input={"pointers": {pointer: "arg0_1"}, "lines": list(lines)})


def test_a_load_of_the_input_just_above_its_first_store_must_be_cited():
    assert text_checks.input_lines(inputs("in_out_ptr0", 6), triton(ADD_INTO)) is True
    assert text_checks.input_lines(inputs("in_out_ptr0"), triton(ADD_INTO)) is False   # line 6 left out
    assert text_checks.input_lines(inputs("in_ptr0", 4), triton(ADD_INTO)) is True     # the other input


def test_a_store_to_the_input_is_not_one_of_its_input_lines():
    # line 7 names in_out_ptr0 only as the store's target: it reads nothing from it
    assert text_checks.input_lines(inputs("in_out_ptr0", 6, 7), triton(ADD_INTO)) is False


def test_a_line_that_reads_the_input_and_stores_to_it_is_an_input_line():
    kernel = cpp(READ_MODIFY_WRITE)
    assert text_checks.input_lines(inputs("in_out_ptr0", 8), kernel) is True
    assert text_checks.input_lines(inputs("in_out_ptr0", 7), kernel) is False   # line 7 reads in_ptr0


def loads(pointer: str, *at) -> list[dict]:
    return [{"pointer": pointer, "buffer": "b", "at": [list(a) for a in at]}]


def test_a_load_that_reads_the_input_may_have_a_store_to_it_just_below():
    def judge(*at):
        return text_checks.read_back_sources(facts(loads=loads("in_out_ptr0", *at)), triton(ADD_INTO))
    assert judge((6, "x0", None)) is True     # the store is on line 7, below: line 6 reads the input
    assert judge((6, "x0", 7)) is False       # and does not read back a store below it, with no loop


def test_a_load_before_a_loop_does_not_read_back_a_store_inside_it():
    def judge(*at):
        return text_checks.read_back_sources(facts(loads=loads("in_out_ptr0", *at)), triton(LOAD_BEFORE_LOOP))
    assert judge((3, "x0", 7)) is False       # the loop starts on line 4, after the load
    assert judge((5, "x0", 7)) is True        # inside the loop: stored on the previous trip
    assert judge((3, "x0", None)) is True


def stores(pointer: str, *at) -> list[dict]:
    return [{"pointer": pointer, "buffer": "b", "at": [list(a) for a in at]}]


def test_a_stored_cpp_accumulator_vector_is_a_reduction_not_its_last_update():
    def judge(label):
        return text_checks.store_labels(facts(stores=stores("out_ptr0", (20, "x0", label))), cpp(COLUMN_SUM))
    assert COLUMN_SUM.splitlines()[19].strip() == "tmp_acc0_vec.store(out_ptr0 + static_cast<int64_t>(x0));"
    assert judge("sum") is True
    assert judge("add") is False   # the update line adds, but what is stored is the column's sum
    assert judge("exp") is False


def test_a_cpp_scalar_store_is_judged_by_the_value_it_writes():
    # the loss dump's last kernel lines: in_out_ptr1[0] = tmp3, where tmp3 = tmp0 / tmp2
    [kernel] = io.parse_kernels((FIXTURES / "cpu-torch2.13-log_softmax_nll" / "output_code.py").read_text(
        encoding="utf-8"))
    line = 159   # line 192 of output_code.py, whose kernel source starts on line 34
    assert kernel.source.splitlines()[line - 1].strip() == "in_out_ptr1[static_cast<int64_t>(0L)] = tmp3;"
    assert kernel.source.splitlines()[line - 2].strip() == "auto tmp3 = tmp0 / tmp2;"

    def judge(label):
        return text_checks.store_labels(facts(stores=stores("in_out_ptr1", (line, "0", label))), kernel)
    assert judge("div") is True
    assert judge("exp") is False
    assert judge("sum") is False


def test_a_store_that_cannot_be_judged_does_not_stop_the_next_store_of_its_pointer():
    def judge(*at):
        return text_checks.store_labels(facts(stores=stores("out_ptr0", *at)), triton(ONE_ELEMENT))
    # line 7 stores an expression, which no defining line holds: not judged, so only line 8 is
    assert judge((7, "1 + r0_0", "sum"), (8, "2 + r0_0", "exp")) is True
    assert judge((7, "1 + r0_0", "sum"), (8, "2 + r0_0", "div")) is False
    assert judge((7, "1 + r0_0", "sum")) is None
    # line 6's index holds commas; its value, after the index, is read and judged
    assert judge((6, "0", "sum")) is True and judge((6, "0", "exp")) is False


# -- fused nodes: a node that feeds the kernel's nodes, run by no kernel ------------------------

PRINTED = '''\
class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[4]"):
        exp: "f32[4]" = torch.ops.aten.exp.default(arg0_1)
        mul: "f32[4]" = torch.ops.aten.mul.Tensor(exp, 2)
        add: "f32[4]" = torch.ops.aten.add.Tensor(mul, 1)
        return (add,)
'''
GRAPH = {"format": "post_grad_graph/1", "nodes": [
    {"name": "arg0_1", "target": "placeholder", "args": [], "kwargs": {}},
    {"name": "exp", "target": "aten.exp.default", "args": [{"node": "arg0_1"}], "kwargs": {}},
    {"name": "mul", "target": "aten.mul.Tensor", "args": [{"node": "exp"}, 2], "kwargs": {}},
    {"name": "add", "target": "aten.add.Tensor", "args": [{"node": "mul"}, 1], "kwargs": {}}]}
OUTPUT_CODE = """\
cpp_fused_exp_0 = async_compile.cpp_pybinding(['const float*', 'float*'], r'''
extern "C"  void  kernel(const float* in_ptr0, float* out_ptr0)
{
    auto tmp1 = tmp0.exp();
}
''')
cpp_fused_mul_1 = async_compile.cpp_pybinding(['const float*', 'float*'], r'''
extern "C"  void  kernel(const float* in_ptr0, float* out_ptr0)
{
    auto tmp1 = tmp0 * static_cast<float>(2.0);
}
''')
"""


def test_a_node_that_feeds_a_kernels_nodes_must_be_run_by_some_kernel(tmp_path):
    (tmp_path / "post_grad_graph.json").write_text(json.dumps(GRAPH), encoding="utf-8")
    (tmp_path / "fx_graph_transformed.py").write_text(PRINTED, encoding="utf-8")
    (tmp_path / "output_code.py").write_text(OUTPUT_CODE, encoding="utf-8")
    exp_kernel = facts(["exp"], kernel="cpp_fused_exp_0")
    mul_kernel = facts(["mul", "add"], kernel="cpp_fused_mul_1")
    assert text_checks.fused_nodes(mul_kernel, [exp_kernel, mul_kernel], tmp_path) is True
    # exp feeds mul: with no kernel running it, the mul kernel's nodes leave a neighbour out
    assert text_checks.fused_nodes(mul_kernel, [mul_kernel], tmp_path) is False
    # and the other way round: add reads mul, so a kernel of exp and mul leaves add out
    assert text_checks.fused_nodes(facts(["exp", "mul"], kernel="cpp_fused_exp_0"), [], tmp_path) is False
