"""KernelGraph.key on a small Triton kernel: the structural identity of each kind of value, written out by hand."""

from __future__ import annotations

from labs.common.kernel_facts.dataflow import KernelGraph

SOURCE = """\
@triton.jit
def triton_per_fused_0(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel):
    xoffset = tl.program_id(0) * XBLOCK
    r0_index = tl.arange(0, R0_BLOCK)
    tmp0 = tl.load(in_ptr0 + (r0_index), None)
    tmp1 = tmp0 * 2.0
    tmp2 = tmp1 + xnumel
    tmp3, tmp4 = triton_helpers.welford(tmp0, 1)
    tmp5 = tmp4 + tmp3
    tmp6 = tl.load(in_ptr1 + (r0_index), None)
    tl.store(out_ptr0 + (r0_index), tmp5, None)
"""
LOAD = ("load", "in_ptr0")
WELFORD = ("welford", frozenset({LOAD}))  # a reduction is known by what it reduces


def _graph() -> KernelGraph:
    return KernelGraph(SOURCE, "python")


def _value(graph: KernelGraph, line: int, op: str, **attrs):
    return next(v for v in graph.on_line(line) if v.op == op and all(v.attrs.get(k) == a for k, a in attrs.items()))


def test_a_load_is_known_by_its_pointer():
    graph = _graph()
    assert graph.key(_value(graph, 5, "load")) == LOAD
    assert graph.key(_value(graph, 10, "load")) == ("load", "in_ptr1")


def test_constants_symbols_and_indexes_are_known_by_value_or_name():
    graph = _graph()
    assert graph.key(_value(graph, 6, "const")) == ("const", "2.0")
    assert graph.key(_value(graph, 7, "symbol")) == ("symbol", "'xnumel'")
    assert graph.key(_value(graph, 3, "symbol")) == ("symbol", "'XBLOCK'")
    assert graph.key(_value(graph, 3, "index")) == ("index", "'program_id'")
    assert graph.key(_value(graph, 4, "index")) == ("index", "'arange'")


def test_an_operation_is_known_by_its_inputs_in_order():
    graph = _graph()
    assert graph.key(_value(graph, 6, "mul")) == ("mul", (LOAD, ("const", "2.0")))
    assert graph.key(_value(graph, 7, "add")) == ("add", (("mul", (LOAD, ("const", "2.0"))), ("symbol", "'xnumel'")))
    assert graph.key(_value(graph, 3, "mul")) == ("mul", (("index", "'program_id'"), ("symbol", "'XBLOCK'")))


def test_each_field_of_a_reduction_is_known_by_its_place():
    graph = _graph()
    assert graph.key(_value(graph, 8, "welford")) == WELFORD
    assert graph.key(_value(graph, 8, "getitem", index=1)) == ("getitem", 1, WELFORD)
    assert graph.key(_value(graph, 9, "add")) == ("add", (("getitem", 1, WELFORD), ("getitem", 0, WELFORD)))
