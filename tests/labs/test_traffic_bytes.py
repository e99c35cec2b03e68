"""traffic.py on a wrapper and a kernel written by hand: each tensor's size from call() (an
allocation, a reuse, a view, an argument with its dtype), and a kernel's bytes read and
written, passes, transposed writes and gathers, worked out by hand."""

from __future__ import annotations

from labs.common import inductor_output as io
from labs.common.kernel_facts import traffic
from labs.common.kernel_facts.records import KernelFacts

OUTPUT_CODE = """\
class Runner:
    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1 = args
        assert_size_stride(arg0_1, (32, 100), (100, 1), 'input')
        assert_size_stride(arg1_1, (8, ), (1, ), 'input')
        assert_size_stride(arg2_1, (s0, 4), (4, 1), 'input')
        assert_size_stride(arg3_1, (), (), 'input')
        buf0 = empty_strided_cpu((32, 1), (1, 32), torch.float32)
        buf1 = empty_strided_cpu((32, 100), (100, 1), torch.bfloat16)
        buf2 = empty_strided_cpu((s0, 100), (100, 1), torch.float32)
        buf3 = empty_strided_cpu((4, 2), (2, 1), torch.int64)
        buf4 = buf1; del buf1  # reuse
        buf5 = buf4; del buf4  # reuse
        buf6 = reinterpret_tensor(buf3, (8, ), (1, ), 0); del buf3  # reuse
        buf7 = reinterpret_tensor(buf2, (100, ), (1, ), 0)
        buf8 = empty_strided_cpu((3, ), (1, ), torch.complex64)
        buf9 = buf99; del buf99  # reuse
        buf10 = reinterpret_tensor(buf0, (s0, ), (1, ), 0)
        buf11 = reinterpret_tensor(buf5, (3200, ), (1, ), 0)
        buf12 = reinterpret_tensor(buf6, (2, 2), (2, 1), 0)
        assert_size_stride(arg4_1, (10, ), (1, ), 'input')
        cpp_fused_0(arg0_1, buf0, buf5)
        return (buf5, )

runner = Runner(partitions=[])
"""
DTYPES = {"arg0_1": "float32", "arg1_1": "int64", "arg2_1": "float32", "arg3_1": "float16", "arg4_1": "float8_e4m3fn"}


def test_each_tensors_size_is_its_elements_times_its_elements_bytes():
    assert traffic.tensor_bytes(OUTPUT_CODE, DTYPES) == {
        "arg0_1": 32 * 100 * 4, "arg1_1": 8 * 8,          # an argument's dtype from the graph: int64
        "arg3_1": 2,                                      # a scalar: one float16
        "buf0": 32 * 4, "buf1": 32 * 100 * 2, "buf3": 4 * 2 * 8,
        "buf4": 32 * 100 * 2, "buf5": 32 * 100 * 2,       # a reuse of a reuse keeps the first's size
        "buf6": 8 * 8,                                    # a view: its own shape, its source's dtype
        "buf7": 100 * 4,                                  # ...whatever the size of the source
        "buf8": 3 * 4,                                    # a dtype not in the table counts 4 bytes
        "arg4_1": 10 * 4,                                 # ...for an argument too
        "buf11": 3200 * 2,                                # a view of a reuse: the first buffer's bfloat16
        "buf12": 2 * 2 * 8,                               # a view of a view: int64 all the way
    }   # arg2_1, buf2 and buf10 have a symbolic size; buf9 reuses a buffer of no known size


def test_an_argument_without_a_dtype_in_the_graph_counts_as_float32():
    sizes = traffic.tensor_bytes(OUTPUT_CODE, {})
    assert sizes["arg1_1"] == 8 * 4 and sizes["arg0_1"] == 32 * 100 * 4 and sizes["arg4_1"] == 10 * 4


def test_a_view_of_a_buffer_with_a_symbolic_size_takes_its_dtype():
    code = """\
def call(args):
    buf2 = empty_strided_cpu((s0, 100), (100, 1), torch.float16)
    buf7 = reinterpret_tensor(buf2, (100, ), (1, ), 0)
    return (buf7, )
"""
    assert traffic.tensor_bytes(code, {}) == {"buf7": 100 * 2}


KERNEL = """\
extern "C" void kernel(const float* in_ptr0, float* out_ptr0, float* out_ptr1)
{
    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(100L); x1+=static_cast<int64_t>(16L))
    {
        if(C10_LIKELY(x1 < static_cast<int64_t>(96L)))
        {
            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
        }
        if(C10_UNLIKELY(x1 >= static_cast<int64_t>(96L)))
        {
            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
        }
    }
}"""


def _facts(loads: list[dict], stores: list[dict]) -> KernelFacts:
    return KernelFacts("cpp_fused_0", "cpp", "cpp_vectorized", [], [], "provenance", loads=loads, stores=stores)


def _load(pointer, buffer, lines, indirect=False) -> dict:
    return {"pointer": pointer, "buffer": buffer, "indirect": indirect, "at": [[n, "x1", None] for n in lines]}


def _store(pointer, buffer, lines, transposed=()) -> dict:
    entry = {"pointer": pointer, "buffer": buffer, "at": [[n, "x1", "div"] for n in lines]}
    if transposed:
        entry["transposed"] = list(transposed)
    return entry


def test_a_vector_body_and_its_tail_are_one_pass_and_each_other_load_another():
    kernel = io.Kernel("cpp_fused_0", "cpp", KERNEL, 1)
    facts = _facts(loads=[_load("in_ptr0", "arg0_1", [7, 11, 20]), _load("in_ptr1", "buf0", [12, 13]),
                          _load("local_buffer_data_0", None, [30]), _load("in_ptr2", "arg1_1", [14], indirect=True),
                          _load("in_ptr3", "arg1_1", [15], indirect=True)],
                   stores=[_store("out_ptr0", "buf5", [11, 21], transposed=[21]), _store("out_ptr1", "buf0", [22]),
                           _store("local_buffer_data_0", None, [23], transposed=[23])])
    found = traffic.traffic(facts, kernel, OUTPUT_CODE, DTYPES)
    # line 11 is the tail of line 7's loop: in_ptr0 is read in two passes (7 with 11, then 20)
    assert found["read"] == {"arg0_1": {"passes": 2, "bytes": 2 * 12800, "lines": [7, 11, 20]},
                             "buf0": {"passes": 2, "bytes": 2 * 128, "lines": [12, 13]}}
    assert found["written"] == {"buf5": {"passes": 1, "bytes": 6400, "lines": [11, 21]},
                                "buf0": {"passes": 1, "bytes": 128, "lines": [22]}}
    assert (found["bytes_read"], found["bytes_written"]) == (2 * 12800 + 2 * 128, 6400 + 128)
    assert (found["passes"], found["transposed_writes"], found["gathers"]) == (2, 1, 2)


def test_a_tail_alone_is_still_one_pass():
    kernel = io.Kernel("cpp_fused_0", "cpp", KERNEL, 1)
    found = traffic.traffic(_facts([_load("in_ptr0", "arg0_1", [11])], [_store("out_ptr0", "buf0", [11])]),
                            kernel, OUTPUT_CODE, DTYPES)
    assert found["read"]["arg0_1"]["passes"] == 1 and found["written"]["buf0"]["passes"] == 1


def test_one_tensor_of_unknown_size_makes_the_totals_unknown_but_keeps_the_passes():
    kernel = io.Kernel("cpp_fused_0", "cpp", KERNEL, 1)
    facts = _facts(loads=[_load("in_ptr0", "arg0_1", [7]), _load("in_ptr1", "arg2_1", [20, 21])],
                   stores=[_store("out_ptr0", "buf5", [22])])
    found = traffic.traffic(facts, kernel, OUTPUT_CODE, DTYPES)
    assert found["read"]["arg2_1"] == {"passes": 2, "bytes": None, "lines": [20, 21]}
    assert found["read"]["arg0_1"]["bytes"] == 12800
    assert found["bytes_read"] is None and found["bytes_written"] is None and found["passes"] == 2
    only_writes = traffic.traffic(_facts([], [_store("out_ptr0", "arg2_1", [22])]), kernel, OUTPUT_CODE, DTYPES)
    assert (only_writes["bytes_read"], only_writes["bytes_written"], only_writes["passes"]) == (None, None, 0)


def test_one_tensor_read_through_two_pointers_adds_up_their_passes_and_lines():
    kernel = io.Kernel("cpp_fused_0", "cpp", KERNEL, 1)
    facts = _facts(loads=[_load("in_ptr1", "arg0_1", [20]), _load("in_ptr4", "arg0_1", [21, 22])], stores=[])
    assert traffic.traffic(facts, kernel, OUTPUT_CODE, DTYPES)["read"] == {
        "arg0_1": {"passes": 3, "bytes": 3 * 12800, "lines": [20, 21, 22]}}


def test_a_kernel_that_reads_nothing_it_knows_moves_no_bytes():
    kernel = io.Kernel("cpp_fused_0", "cpp", KERNEL, 1)
    found = traffic.traffic(_facts([_load("local_buffer_data_0", None, [7])], []), kernel, OUTPUT_CODE, DTYPES)
    assert found == {"read": {}, "written": {}, "bytes_read": 0, "bytes_written": 0, "passes": 0,
                     "transposed_writes": 0, "gathers": 0}
