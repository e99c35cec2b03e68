"""The post-grad graph read from a Triton kernel's `# Graph fragment:` comment (what a bare
output_code.py has), compared whole: placeholders with their shapes and dtypes, calls with
their arguments and keywords, a line that does not parse skipped, and the two items of a
two-result reduction linked to it only when the fragment leaves no doubt which they are."""

from __future__ import annotations

import pytest

from labs.common.kernel_facts import post_grad

X = '#   %x : Tensor "f32[4, 8][8, 1]cuda:0" = PlaceHolder[target=x]'


def item(name: str) -> str:
    return f'#   %{name} : Tensor "f32[4, 1][1, 1]cuda:0" = PlaceHolder[target={name}]'


def call(name: str, target: str, args: str, kwargs: str = "{}", tensor: str = ' : Tensor "f32[4, 8][8, 1]cuda:0"') -> str:
    return f"#   %{name}{tensor}[num_users=1] = call_function[target={target}](args = ({args}), kwargs = {kwargs})"


ONLINE = call("prepare_softmax_online_default", "torch.ops.prims.prepare_softmax_online.default", "%x, -1",
              tensor=" : ")


def node(name, target, args=(), kwargs=None, shape=None, dtype=None) -> dict:
    return {"name": name, "target": target, "args": list(args), "kwargs": kwargs or {}, "shape": shape,
            "dtype": dtype, "where": None, "code": None}


def test_a_fragment_is_its_placeholders_and_calls_with_the_reductions_items_after_it():
    graph = post_grad.from_fragment([
        "# Graph fragment:", X, item("getitem_1"), item("getitem"), ONLINE,
        call("sub_tensor", "torch.ops.aten.sub.Tensor", "%x, %getitem"),
        call("full_default", "torch.ops.aten.full.default", "[], 0", "{dtype: torch.int64, pin_memory: False}",
             ' : Tensor "i64[][]cuda:0"'),
        call("div", "torch.ops.aten.div.Tensor", "%sub_tensor, %getitem_1"),
        call("bad", "torch.ops.aten.neg.default", "%x,,"),                     # does not parse: skipped
        call("item", "operator.getitem", "%x, 0", tensor=" : "),
        "#   return %div"])
    assert graph.source == "graph_fragment"
    assert graph.to_json()["nodes"] == [
        node("x", "placeholder", shape=[4, 8], dtype="float32"),
        node("prepare_softmax_online_default", "prims.prepare_softmax_online.default", [{"node": "x"}, -1]),
        node("getitem", "getitem", [{"node": "prepare_softmax_online_default"}, 0], shape=[4, 1], dtype="float32"),
        node("getitem_1", "getitem", [{"node": "prepare_softmax_online_default"}, 1], shape=[4, 1], dtype="float32"),
        node("sub_tensor", "aten.sub.Tensor", [{"node": "x"}, {"node": "getitem"}], shape=[4, 8], dtype="float32"),
        node("full_default", "aten.full.default", [[], 0], {"dtype": "torch.int64", "pin_memory": False}, [], "int64"),
        node("div", "aten.div.Tensor", [{"node": "sub_tensor"}, {"node": "getitem_1"}], shape=[4, 8], dtype="float32"),
        node("item", "getitem", [{"node": "x"}, 0])]


def test_items_are_numbered_by_their_suffix_as_a_number():
    graph = post_grad.from_fragment([X, item("getitem_10"), item("getitem_2"), ONLINE])
    assert [(n.name, n.args[1]) for n in graph.nodes.values() if n.target == "getitem"] == [("getitem_2", 0),
                                                                                          ("getitem_10", 1)]
    assert list(graph.nodes) == ["x", "prepare_softmax_online_default", "getitem_2", "getitem_10"]


@pytest.mark.parametrize("lines", [
    [X, item("getitem"), item("getitem_1"), item("getitem_2"), ONLINE],                          # three items
    [X, item("getitem"), ONLINE],                                                                # one item
    [X, item("getitem"), item("getitem_1"), ONLINE,
     call("var_mean", "torch.ops.aten.var_mean.correction", "%x, [1]", tensor=" : ")],            # two reductions
    [X, item("getitem"), item("getitem_1")],                                                     # no reduction
    [X, item("getitem"), item("other_1"), ONLINE],                                               # not both getitems
])
def test_items_stay_inputs_unless_one_reduction_and_two_getitems(lines):
    graph = post_grad.from_fragment(lines)
    assert all(n.target == "placeholder" for n in graph.nodes.values() if n.name.startswith(("getitem", "other")))
