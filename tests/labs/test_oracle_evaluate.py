"""`oracle.evaluate` running hand-written post-grad graphs node by node: the size above which a
graph is not run, the integers' range, a dtype the table does not know, ops that return tuples
(and `prims.prepare_softmax_online`, computed by hand), nodes inside a list or passed by keyword,
a graph recorded on a GPU (or another accelerator) run on the CPU, and what is not run: an
attribute of torch this build lacks, an op outside `aten` and `prims`. Expected values are
torch's own ops on the drawn inputs."""

from __future__ import annotations

import pytest
import torch

from labs.common.kernel_facts import oracle, post_grad
from tests.helpers_oracle import (
    one_thread,  # noqa: F401  (autouse: importing it applies it)
    printed,
)

# -- the size limit ------------------------------------------------------------------------------

SUM = 'sum_1: "f32[]" = torch.ops.aten.sum.default(x)'


@pytest.fixture
def limit_64(monkeypatch):
    """The limit at 64 elements: its edges are tested on tiny graphs, not on 2**24 floats."""
    monkeypatch.setattr(oracle, "MAX_ELEMENTS", 64)


@pytest.mark.parametrize("signature", ['x: "f32[8, 8]"', 'x: "f32[s0, 32]"'])   # a symbolic size counts 2
def test_a_graph_whose_inputs_hold_exactly_the_limit_is_run(limit_64, signature):
    values = oracle.evaluate(printed(signature, SUM))
    assert float(values["sum_1"]) == pytest.approx(float(values["x"].sum()))


@pytest.mark.parametrize("signature", ['x: "f32[8, 9]"', 'x: "f32[8, 8]", y: "f32[1]"', 'x: "f32[s0, 33]"'])
def test_a_graph_whose_inputs_hold_more_than_the_limit_is_not_run_at_all(limit_64, signature):
    # its one output is a scalar: what counts is the inputs' size, not the nodes computed from them
    graph = printed(signature, SUM)
    assert oracle.evaluate(graph) == {name: None for name in graph.nodes}


# -- inputs ------------------------------------------------------------------------------------------

def test_integers_stay_below_a_float_dimension_of_2():
    graph = printed('x: "f32[2, 7]", i: "i64[500]"', "return (x, i)")   # 2: the smallest float dimension above 1
    assert set(oracle.evaluate(graph)["i"].tolist()) == {0, 1}


@pytest.mark.parametrize("dtype", ["float8_e4m3fn", "complex64"])
def test_a_dtype_the_table_does_not_know_is_drawn_as_float32(dtype):
    graph = post_grad.PostGradGraph({"x": post_grad.FxNode("x", "placeholder", shape=[64, 32], dtype=dtype)}, "test")
    x = oracle.evaluate(graph)["x"]
    assert x.dtype == torch.float32 and x.shape == (64, 32) and x.min() < -2 and x.max() > 2


# -- ops ---------------------------------------------------------------------------------------------

def test_prepare_softmax_online_gives_the_row_max_and_the_sum_of_exp_of_x_minus_it_kept_as_columns():
    graph = printed('x: "f32[8, 16]"', """
        prepare_softmax_online_default = torch.ops.prims.prepare_softmax_online.default(x, 1)
        getitem: "f32[8, 1]" = prepare_softmax_online_default[0]
        getitem_1: "f32[8, 1]" = prepare_softmax_online_default[1]
        sub: "f32[8, 16]" = torch.ops.aten.sub.Tensor(x, getitem)
        exp: "f32[8, 16]" = torch.ops.aten.exp.default(sub)
        div: "f32[8, 16]" = torch.ops.aten.div.Tensor(exp, getitem_1)
    """)
    values = oracle.evaluate(graph)
    x = values["x"]
    top = x.max(dim=1, keepdim=True).values
    assert values["getitem"].shape == (8, 1) and torch.equal(values["getitem"], top)
    assert values["getitem_1"].shape == (8, 1)
    assert torch.allclose(values["getitem_1"], torch.exp(x - top).sum(1, keepdim=True))
    assert torch.allclose(values["div"], torch.softmax(x, 1))


def test_an_op_that_returns_a_tuple_is_read_item_by_item():
    values = oracle.evaluate(printed('x: "f32[8, 16]"', """
        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0, keepdim = True)
        getitem: "f32[8, 1]" = var_mean[0]
        getitem_1: "f32[8, 1]" = var_mean[1]
    """))
    x = values["x"]
    assert torch.allclose(values["getitem"], x.var(1, unbiased=False, keepdim=True))
    assert torch.allclose(values["getitem_1"], x.mean(1, keepdim=True))


def test_nodes_inside_a_list_argument_are_their_values():
    values = oracle.evaluate(printed('x: "f32[4, 3]", y: "f32[4, 5]", i: "i64[6]"', """
        cat: "f32[4, 8]" = torch.ops.aten.cat.default([x, y], 1)
        index: "f32[6, 8]" = torch.ops.aten.index.Tensor(cat, [i])
    """))
    assert torch.equal(values["cat"], torch.cat([values["x"], values["y"]], 1))
    assert torch.equal(values["index"], values["cat"][values["i"]])


def test_a_node_passed_by_keyword_is_its_value():
    values = oracle.evaluate(printed('c: "b8[4, 3]", x: "f32[4, 3]", y: "f32[4, 3]"', """
        where: "f32[4, 3]" = torch.ops.aten.where.self(c, x, other = y)
    """))
    assert torch.equal(values["where"], torch.where(values["c"], values["x"], values["y"]))



def test_infinities_and_nan_printed_as_names_are_the_floats():
    # the print writes them bare (a causal mask's −inf): from_transformed keeps the text
    values = oracle.evaluate(printed('c: "b8[4, 3]", x: "f32[4, 3]"', """
        masked_fill: "f32[4, 3]" = torch.ops.aten.masked_fill.Scalar(x, c, -inf)
        ne: "b8[4, 3]" = torch.ops.aten.ne.Scalar(x, inf)
        full: "f32[2]" = torch.ops.aten.full.default([2], nan, dtype = torch.float32)
    """))
    c, x = values["c"], values["x"]
    assert not c.all() and torch.equal(values["masked_fill"], torch.where(c, torch.tensor(float("-inf")), x))
    assert values["ne"].all() and values["full"].isnan().all()

# -- devices -----------------------------------------------------------------------------------------

FULL = {"name": "full", "target": "aten.full.default", "args": [[2, 3], 0.5],
        "kwargs": {"dtype": "torch.float32", "layout": "torch.strided", "device": None, "pin_memory": False}}


@pytest.mark.parametrize("device", ["cuda:0", "mps:0", "xpu:0", "meta"])
def test_a_tensor_made_on_any_device_is_made_on_the_cpu(device):
    # as the recorder writes a device: str(torch.device)
    graph = post_grad.from_json({"nodes": [{**FULL, "kwargs": {**FULL["kwargs"], "device": device}}]})
    full = oracle.evaluate(graph)["full"]
    assert full.device == torch.device("cpu") and torch.equal(full, torch.full((2, 3), 0.5))


def test_a_device_given_as_an_argument_is_the_cpu_as_recorded_and_as_printed():
    recorded = post_grad.from_json({"nodes": [
        {"name": "x", "target": "placeholder", "shape": [2, 3], "dtype": "float32"},
        {"name": "device_put", "target": "prims.device_put.default", "args": [{"node": "x"}, "cuda:0"]}]})
    values = oracle.evaluate(recorded)
    assert values["device_put"].device == torch.device("cpu") and torch.equal(values["device_put"], values["x"])
    shown = printed('x: "f32[2, 3]"', """
        device_put: "f32[2, 3]" = torch.ops.prims.device_put.default(x, device(type='cuda', index=0))
    """)
    values = oracle.evaluate(shown)
    assert values["device_put"].device == torch.device("cpu") and torch.equal(values["device_put"], values["x"])


# -- what is not run ---------------------------------------------------------------------------------

def test_an_attribute_of_torch_this_build_lacks_leaves_its_node_and_what_follows_unknown():
    # a graph recorded with a newer torch: a dtype this one does not have
    values = oracle.evaluate(printed('x: "f32[2, 3]"', """
        convert_element_type: "f32[2, 3]" = torch.ops.prims.convert_element_type.default(x, torch.float4_e9m9)
        exp: "f32[2, 3]" = torch.ops.aten.exp.default(convert_element_type)
        neg: "f32[2, 3]" = torch.ops.aten.neg.default(x)
    """))
    assert values["convert_element_type"] is None and values["exp"] is None
    assert torch.equal(values["neg"], -values["x"])


_LIBRARY = torch.library.Library("oracle_test", "DEF")   # a learner's own op, as a graph would call it
_LIBRARY.define("twice(Tensor x) -> Tensor")
_LIBRARY.impl("twice", lambda x: x * 2, "CPU")


def test_only_aten_and_prims_ops_are_run_not_a_learners_custom_op():
    values = oracle.evaluate(printed('x: "f32[2, 3]"', """
        twice: "f32[2, 3]" = torch.ops.oracle_test.twice.default(x)
        neg: "f32[2, 3]" = torch.ops.aten.neg.default(twice)
    """))
    assert torch.equal(torch.ops.oracle_test.twice.default(values["x"]), values["x"] * 2)   # it would run
    assert values["twice"] is None and values["neg"] is None
