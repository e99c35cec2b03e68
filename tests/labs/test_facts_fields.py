"""facts.py's fields that no expected.json scores (the kernel's style, its parallel loops, the
learner's lines and the source nodes, the form, the graph's sources and pattern entries), read
by hand from the scaled-softmax fixture's files; each kernel style on a small source; and the
JSON a graph's facts are kept in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from labs.common.inductor_output import Kernel
from labs.common.kernel_facts import facts

SCALED = Path(__file__).resolve().parent.parent / "fixtures" / "cpu-torch2.13-scaled_softmax"
KERNEL = "cpp_fused__softmax_abs_all_amax_div_eq_mul_ne_sub_0"


@pytest.fixture
def scaled() -> facts.GraphFacts:
    # analysed in each test (0.1 s): mutmut picks the tests to run on a mutant by the tests that
    # ran its function, and a module-wide fixture would credit the first test only
    return facts.analyze(SCALED)


def test_the_graph_says_which_of_inductors_files_it_read_and_where_its_softmax_runs(scaled):
    assert scaled.folder == "cpu-torch2.13-scaled_softmax"
    assert scaled.sources == {"post_grad_graph": "post_grad_graph.json", "provenance": True, "ir_post_fusion": True}
    # softmax(fc(x) / 0.7): its output div_1, its input the matmul's output, its kernel the only one
    assert scaled.patterns == [{"pattern": "softmax", "output_node": "div_1", "input_node": "addmm",
                                "detail": {"dim": [1], "scale": 1.428571}, "kernel": KERNEL}]


def test_the_kernel_names_the_learners_line_and_the_source_node_its_nodes_came_from(scaled):
    [kf] = scaled.kernels
    # fx_graph_transformed.py: `# File: labs/explain/examples.py:124 in forward, code: return torch.softmax(...)`;
    # of the kernel's nodes only these four carry that line (the provenance file's order)
    assert kf.origins == [{"where": "labs/explain/examples.py:124",
                           "code": "return torch.softmax(self.fc(x) / self.temperature, dim=-1)",
                           "nodes": ["exp", "where_self", "sum_1", "div_1"]}]
    assert kf.source_nodes == {"softmax": ["exp", "where_self", "sum_1", "div_1"]}   # postToPre
    assert kf.claims == [{"pattern": "softmax", "output_node": "div_1", "inputs": ["addmm"],
                          "detail": {"dim": [1], "scale": 1.428571}, "where": "labs/explain/examples.py:124"}]
    assert kf.node_targets["div_1"] == "aten.div.Tensor" and kf.node_targets["any_dims"] == "aten.any.dims"
    assert len(kf.node_targets) == len(kf.nodes) == 18


def test_the_kernel_says_its_style_loops_form_and_launch(scaled):
    [kf] = scaled.kernels
    assert (kf.style, kf.parallel_loops, kf.form, kf.nodes_source) == ("cpp_vectorized", 1, "two_pass", "provenance")
    assert kf.calls == [{"handle": f"{KERNEL}:2", "line": 239,
                         "buffers": {"in_ptr0": "buf0", "out_ptr0": "buf1", "out_ptr1": "buf2", "out_ptr2": "buf3",
                                     "out_ptr3": "buf5", "out_ptr4": "buf6"}}]
    # the graph spells the softmax with a guarded scale: recognised by meaning, its steps have no nodes
    assert kf.unknown == ["steps_without_nodes"]
    # the softmax's output, buf6 (16 x 100 float32), written once by the vector body and its tail;
    # the row's any-flag, buf1 (16 bools), once
    # ir_post_fusion.txt line 23: the six scheduler nodes fused into one, which writes every buffer here
    assert kf.ir_nodes == ["op1_op2_op3_op4_op5_op6"]
    assert {b["node"] for b in kf.ir_buffers} == {"op1_op2_op3_op4_op5_op6"}
    written = kf.traffic["written"]
    assert (written["buf6"]["passes"], written["buf6"]["bytes"], written["buf1"]["bytes"]) == (1, 6400, 16)


def test_without_provenance_a_cpu_kernels_nodes_are_unknown_and_said_why(tmp_path):
    import shutil
    folder = tmp_path / SCALED.name
    shutil.copytree(SCALED, folder)
    (folder / "inductor_provenance_tracking_node_mappings.json").unlink()
    [kf] = facts.analyze(folder).kernels
    assert (kf.nodes, kf.nodes_source, kf.pattern) == (None, "unknown", None)
    assert kf.unknown == ["no_nodes", "no_pattern_without_nodes"]
    assert kf.node_targets == {} and kf.source_nodes == {} and kf.origins == []


def test_each_buffer_is_said_how_call_makes_it():
    from labs.common.inductor_output import CallSite
    call = ("buf0 = empty_strided_cpu((4, ), (1, ), torch.float32)\n"
            "buf2 = reinterpret_tensor(buf1, (4, ), (1, ), 0)\n"
            "buf3 = buf0; del buf0  # reuse\n"
            "buf4 = torch.ops.aten.mm(arg0_1, arg1_1)\n"
            "del buf5\n"
            "cpp_fused_0(buf3, buf6)\n")
    assigned = {"buf0": "empty_strided_cpu((4, ), (1, ), torch.float32)", "buf2": "reinterpret_tensor(buf1, (4, ), (1, ), 0)",
                "buf3": "buf0; del buf0  # reuse", "buf4": "torch.ops.aten.mm(arg0_1, arg1_1)"}
    site = CallSite("cpp_fused_0", ("buf3", "buf6"), frozenset({"buf3", "buf6"}), 6)
    said = {name: facts._in_call(name, site, assigned, call) for name in ("buf6", "buf0", "buf2", "buf3", "buf4", "buf5", "buf7")}
    assert said == {"buf6": "argument", "buf0": "allocated", "buf2": "reuses buf1", "buf3": "argument",
                    "buf4": "assigned", "buf5": "mentioned", "buf7": "absent"}


@pytest.mark.parametrize(("language", "source", "style"), [
    ("cpp", "tmp_acc0_vec = at::vec::maximum(tmp_acc0_vec, tmp0);", "cpp_vectorized"),
    ("cpp", "tmp_acc0 = max_propagate_nan(tmp_acc0, tmp0);", "cpp_scalar"),
    ("cpp", "auto tmp1 = tmp0.exp();", "cpp_pointwise"),
    ("python", "@triton_heuristics.persistent_reduction(\ndef triton_per_fused_0(", "triton_persistent"),
    ("python", "@triton_heuristics.reduction(\ndef triton_red_fused_0(", "triton_looped"),
    ("python", "def triton_red_fused_0(in_ptr0):\n    for r0_offset in range(0, r0_numel, R0_BLOCK):", "triton_looped"),
    ("python", "@triton_heuristics.pointwise(\ndef triton_poi_fused_0(", "triton_pointwise"),
])
def test_a_kernels_style_is_read_from_its_source(language, source, style):
    assert facts._style(Kernel("k", language, source, 1)) == style


def test_a_graphs_facts_come_back_from_their_json_with_their_steps(scaled, tmp_path):
    path = facts.write(scaled, tmp_path)
    assert path == tmp_path / "kernel_facts.json"
    text = path.read_text(encoding="utf-8")
    # the layout of the committed kernel_facts.json files: a key a line, one space a level, a final newline
    assert text.startswith('{\n "folder": "cpu-torch2.13-scaled_softmax",\n "sources": {\n  "post_grad_graph"')
    assert text.endswith("}\n") and not text.endswith("\n\n")
    data = json.loads(text)
    assert data["folder"] == "cpu-torch2.13-scaled_softmax" and data["kernels"][0]["kernel"] == KERNEL
    assert facts.read(tmp_path) == scaled and facts.read(path) == scaled   # the folder or the file
    [kf] = facts.read(path).kernels
    assert [type(s).__name__ for s in kf.steps] == ["Step"] * 5 and kf.steps == scaled.kernels[0].steps
    bare = {"folder": "f", "sources": {}, "patterns": [],
            "kernels": [{"kernel": "k", "language": "cpp", "style": "cpp_scalar", "calls": [], "nodes": None,
                         "nodes_source": "unknown"}]}
    [old] = facts.from_dict(bare).kernels          # a record written before steps were kept
    assert old.steps == [] and old.nodes is None


def test_each_step_of_a_spelled_log_softmax_names_its_node_and_the_learners_line():
    folder = SCALED.parent / "cpu-torch2.13-cross_entropy"
    kf = facts.analyze(folder).pattern_kernel("cross_entropy")
    # post_grad_graph.json: amax, sub, exp, sum_1, log, sub_1, all from examples.py:159, all in this kernel
    line = ["labs/explain/examples.py:159"]
    assert [(s.step, s.nodes, s.other_kernel, s.where) for s in kf.steps] == [
        ("max", ["amax"], None, line), ("sub", ["sub"], None, line), ("exp", ["exp"], None, line),
        ("sum", ["sum_1"], None, line), ("log", ["log"], None, line), ("sub_log", ["sub_1"], None, line)]
    assert all(s.lines for s in kf.steps) and (kf.pattern, kf.form) == ("cross_entropy", "two_pass")
    assert "steps_without_nodes" not in kf.unknown


def test_an_origins_code_is_the_one_inductor_quotes_in_output_code_else_the_nodes_own():
    from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph
    graph = PostGradGraph({"a": FxNode("a", "aten.exp.default", where="model.py:3", code="y = x.exp()  # node"),
                           "b": FxNode("b", "aten.sum.dim_IntList", where="model.py:3"),
                           "c": FxNode("c", "aten.div.Tensor", where="model.py:4", code="z = y / s"),
                           "d": FxNode("d", "aten.mul.Tensor")}, "post_grad_graph.json")
    output_code = "        # File: model.py:3 in forward, code: y = x.exp()\n        buf0 = empty_strided_cpu((4, ), (1, ), torch.float32)\n"
    assert facts._origins(["a", "b", "c", "d", "e"], graph, output_code) == [
        {"where": "model.py:3", "code": "y = x.exp()", "nodes": ["a", "b"]},   # output_code's quote first
        {"where": "model.py:4", "code": "z = y / s", "nodes": ["c"]}]           # no quote: the node's code
