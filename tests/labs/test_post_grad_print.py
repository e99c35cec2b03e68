"""The post-grad graph read from Inductor's print (fx_graph_transformed.py) and from the
recorder's JSON, compared whole: a class name that is not Python, dtypes and symbolic shapes
from the annotations, keywords, tuple items, the learner's line from each `# File:` comment up
to a blank line, and a JSON recording read back as it was written."""

from __future__ import annotations

import json

from labs.common.kernel_facts import post_grad
from labs.common.kernel_facts.post_grad import FxNode

PRINT = '''class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[64]", arg1_1: "i64[s0, 8]"):
        # File: model.py:12 in forward, code: y = x.sum(-1)
        sum_1: "bf16[64]" = torch.ops.aten.sum.dim_IntList(arg0_1, [-1]);  arg0_1 = None
        var_mean = torch.ops.aten.var_mean.correction(sum_1, [0], correction = 0, keepdim = True)
        getitem: "f32[1]" = var_mean[0]

        ne: "b8[s0, 8]" = torch.ops.aten.ne.Scalar(arg1_1, -100);  arg1_1 = None
        # File: model.py:14 in forward, code: z = torch.where(m, 1, 0)
        where: "i64[s0, 8]" = torch.ops.aten.where.self(ne, 1, 0)
        return (getitem, where)
'''
LINE_12, LINE_14 = ("model.py:12", "y = x.sum(-1)"), ("model.py:14", "z = torch.where(m, 1, 0)")
NODES = [
    FxNode("arg0_1", "placeholder", shape=[64], dtype="float32"),
    FxNode("arg1_1", "placeholder", shape=["s0", 8], dtype="int64"),
    FxNode("sum_1", "aten.sum.dim_IntList", [{"node": "arg0_1"}, [-1]], {}, [64], "bfloat16", *LINE_12),
    FxNode("var_mean", "aten.var_mean.correction", [{"node": "sum_1"}, [0]], {"correction": 0, "keepdim": True},
           None, None, *LINE_12),
    FxNode("getitem", "getitem", [{"node": "var_mean"}, 0], {}, [1], "float32", *LINE_12),
    FxNode("ne", "aten.ne.Scalar", [{"node": "arg1_1"}, -100], {}, ["s0", 8], "bool"),    # after the blank line
    FxNode("where", "aten.where.self", [{"node": "ne"}, 1, 0], {}, ["s0", 8], "int64", *LINE_14),
]


def test_a_printed_graph_is_its_nodes_with_types_shapes_and_the_learners_lines():
    graph = post_grad.from_transformed(PRINT)
    assert graph.source == post_grad.TRANSFORMED_FILE and list(graph.nodes.values()) == NODES
    assert [n.name for n in graph.users("ne")] == ["where"] and graph.nodes["getitem"].op == "getitem"


def test_a_recording_is_read_back_as_written_and_takes_what_it_lacks_from_the_print(tmp_path):
    graph = post_grad.from_transformed(PRINT)
    assert post_grad.from_json(graph.to_json(), "x.json") == post_grad.PostGradGraph(graph.nodes, "x.json")
    older = graph.to_json()
    for node in older["nodes"]:
        node.update(dtype=None, where=None, code=None)         # a recording older than dtypes and lines
    older["nodes"][2]["dtype"] = "float16"                       # what the recording has, it keeps
    (tmp_path / post_grad.GRAPH_FILE).write_text(json.dumps(older))
    (tmp_path / post_grad.TRANSFORMED_FILE).write_text(PRINT)
    loaded = post_grad.load(tmp_path)
    assert loaded.source == post_grad.GRAPH_FILE
    assert [(n.dtype, n.where, n.code) for n in loaded.nodes.values()] == [
        (n.dtype if n.name != "sum_1" else "float16", n.where, n.code) for n in NODES]
    (tmp_path / post_grad.GRAPH_FILE).unlink()
    assert list(post_grad.load(tmp_path).nodes.values()) == NODES
    (tmp_path / post_grad.TRANSFORMED_FILE).unlink()
    assert post_grad.load(tmp_path) is None
