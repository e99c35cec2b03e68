"""Facts written by hand for two small kernels, shared by the document and render tests: a C++
softmax whose exp(x − max) goes through a scratch row, and a Triton kernel with no pattern.
Each `*_facts(**changes)` returns a fresh KernelFacts with the given fields replaced."""

from __future__ import annotations

from labs.common.kernel_facts.records import KernelFacts, Step

SOFTMAX_SOURCE = """\
extern "C" void kernel(const float* in_ptr0, float* out_ptr0, float* out_ptr1)
{
    auto tmp0 = in_ptr0[x1 + 8L*x0];
    tmp_acc0 = max_propagate_nan(tmp_acc0, tmp0);
    out_ptr1[x0] = tmp_acc0;
    auto tmp1 = in_ptr0[x1 + 8L*x0];
    auto tmp2 = out_ptr1[x0];
    auto tmp3 = tmp1 - tmp2;
    auto tmp4 = std::exp(tmp3);
    local_buffer_data_0[x1] = tmp4;
    tmp_acc1 = tmp_acc1 + tmp4;
    auto tmp5 = local_buffer_data_0[x1];
    auto tmp6 = tmp5 / tmp_acc1;
    out_ptr0[x1 + 8L*x0] = tmp6;
    out_ptr1[0L] = tmp_acc1;
    tmp_acc2 = welford_combine(tmp_acc2, tmp6);
}"""


def softmax_facts(**changes) -> KernelFacts:
    facts = KernelFacts(
        "cpp_fused__softmax_0", "cpp", "cpp_scalar", [{"handle": None, "line": 40, "buffers": {}}],
        ["amax", "sub", "exp", "sum_1", "div"], "provenance",
        source_nodes={"softmax": ["amax", "sub", "exp", "sum_1"], "truediv": ["div"]},
        pattern="softmax", form="two_pass",
        claims=[{"pattern": "gelu", "output_node": "mul", "where": "model.py:9"},
                {"pattern": "softmax", "output_node": "div", "inputs": ["arg0_1"], "where": "model.py:12"}],
        origins=[{"where": "model.py:12", "code": "return x.softmax(-1)", "nodes": ["amax"]},
                 {"where": "model.py:13", "code": None, "nodes": ["div"]}],
        output_node="div", input_node="arg0_1",
        steps=[Step("max", ["amax"], [4]), Step("sub", ["sub"], [8]), Step("exp", ["exp"], [9]),
               Step("sum", ["sum_1"], [11]), Step("div", ["div"], [13])],
        loads=[{"pointer": "in_ptr0", "buffer": "arg0_1", "indirect": False,
                "at": [[3, "x1 + 8L*x0", None], [6, "x1 + 8L*x0", None]]},
               {"pointer": "out_ptr1", "buffer": "buf0", "indirect": False, "at": [[7, "x0", 5]]},
               {"pointer": "local_buffer_data_0", "buffer": None, "indirect": False, "at": [[12, "x1", 10]]}],
        stores=[{"pointer": "out_ptr1", "buffer": "buf0", "at": [[5, "x0", "max"], [15, "0L", "sum"]]},
                {"pointer": "local_buffer_data_0", "buffer": None, "at": [[10, "x1", "exp"]]},
                {"pointer": "out_ptr0", "buffer": "buf1", "at": [[14, "x1 + 8L*x0", "div"]]}],
        reductions=[{"kind": "amax", "lines": [4], "step": "max"}, {"kind": "sum", "lines": [11], "step": "sum"},
                    {"kind": "welford", "lines": [16], "step": None}],
        input={"pointers": {"in_ptr0": "arg0_1"}, "lines": [3, 6]}, output={"stored": [14]},
        exp_home="local_buffer", exp_recomputed=False, ir_nodes=["op0", "op1"],
        ir_buffers=[{"name": "buf0", "size": [4, 1], "role": "amax", "node": "op0", "in_call": "allocated"},
                    {"name": "buf1", "size": [4, 8], "role": "div", "node": "op1", "in_call": "reuses buf9"}],
        unknown=["several_outputs:2"])
    for name, value in changes.items():
        setattr(facts, name, value)
    return facts


GENERIC_SOURCE = """\
@triton.jit
def triton_poi_fused_0(in_ptr0, out_ptr0, out_ptr1, out_ptr2, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = triton_helpers.max2(tmp0, 1)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
    tl.store(out_ptr1 + (0), tmp1, None)
    tl.store(out_ptr2 + (x0), tmp0 * 2, xmask)"""


def generic_facts(**changes) -> KernelFacts:
    facts = KernelFacts(
        "triton_poi_fused_0", "python", "triton_pointwise", [{"handle": "triton_poi_fused_0.run", "line": 30}],
        [], "graph_fragment", pattern="none",
        loads=[{"pointer": "in_ptr0", "buffer": "arg0_1", "indirect": False, "at": [[5, "x0", None]]}],
        stores=[{"pointer": "out_ptr0", "buffer": "buf0", "at": [[7, "x0", "load"]]},
                {"pointer": "out_ptr1", "buffer": "buf1", "at": [[8, "0", "amax"]]},
                {"pointer": "out_ptr2", "buffer": None, "at": [[9, "x0", "mul"]]}],
        reductions=[{"kind": "amax", "lines": [6], "step": None}],
        unknown=["no_ir", "mystery_code:3"])
    for name, value in changes.items():
        setattr(facts, name, value)
    return facts
