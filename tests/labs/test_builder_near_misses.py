"""builder.py on a Triton idiom no fixture holds: a load whose pointer goes through an
alignment hint (`tl.load(tl.multiple_of(in_ptr0 + x0, 16))`) still reads that pointer."""

from __future__ import annotations

from labs.common.kernel_facts.dataflow import KernelGraph
from tests.helpers_kernel_values import line_value, tree

HINTED = '''\
@triton.jit
def triton_poi_fused_0(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(tl.multiple_of(in_ptr0 + (x0), 16), xmask)
    tmp1 = tl.load(in_ptr1 + (x0), xmask)
    tmp2 = tmp0 + tmp1
'''


def test_a_pointer_sum_inside_a_call_the_reader_does_not_know_is_still_a_load_of_that_pointer():
    graph = KernelGraph(HINTED, "python")
    assert [(v.line, v.attrs["pointer"], v.attrs["index"]) for v in graph.loads] == [(3, "in_ptr0", "x0"),
                                                                                     (4, "in_ptr1", "x0")]
    # the hint and the unknown wrapper stay calls around the read
    # (the constant 16 is dropped, the mask kept as a name)
    assert tree(line_value(graph, 5)) == "add(call:load(call:multiple_of(load in_ptr0[x0]), xmask), load in_ptr1[x0])"
