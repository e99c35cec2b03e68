"""The recorder without a compile (the compiles are tests/labs/test_capture_reuse.py's, slow): the
post-grad graph it writes as JSON, node by node, and what `capturing` switches on for the
block, which folders it reports and the graph files it writes after the fact."""

from __future__ import annotations

import json
import operator
from pathlib import Path

import pytest
import torch
from torch._inductor import config as inductor_config

from labs.common.kernel_facts import recorder
from labs.common.kernel_facts.post_grad import GRAPH_FILE

aten = torch.ops.aten

# A stack trace as Dynamo records it on a node: the innermost frame is the learner's line.
STACK = """\
  File "/home/me/train.py", line 40, in step
    out = model(x)
  File "/home/me/model.py", line 12, in forward
    return torch.softmax(self.proj(x), dim=-1)
"""


def _graph() -> torch.fx.Graph:
    """x -> amax(x, [-1], True) -> sub -> a two-output op's item 1 -> to(float16), built by hand."""
    graph = torch.fx.Graph()

    def node(name, target, args, kwargs=None):
        return graph.create_node("call_function", target, args, kwargs or {}, name=name)

    x = graph.placeholder("arg0_1")
    x.meta["val"] = torch.empty(4, 8)
    top = node("amax", aten.amax.default, (x, [-1], True))
    top.meta["val"] = torch.empty(4, 1)
    top.meta["stack_trace"] = STACK
    shifted = node("sub", aten.sub.Tensor, (x, top), {"alpha": 1.5})
    shifted.meta["val"] = torch.empty(4, 8)
    pair = node("var_mean", aten.var_mean.correction, (shifted, [1]), {"correction": 0, "keepdim": None})
    item = node("getitem", operator.getitem, (pair, 1))
    item.meta["val"] = torch.empty(4, dtype=torch.bfloat16)
    cast = node("_to_copy", aten._to_copy.default, (item,), {"dtype": torch.float16, "flag": False})
    graph.output(cast)
    return graph


def _nodes() -> dict[str, dict]:
    data = recorder.graph_json(_graph())
    assert data["format"] == "post_grad_graph/1"
    return {n["name"]: n for n in data["nodes"]}


def test_every_node_but_the_output_is_written_in_graph_order():
    data = recorder.graph_json(_graph())
    assert [n["name"] for n in data["nodes"]] == ["arg0_1", "amax", "sub", "var_mean", "getitem", "_to_copy"]


def test_a_node_is_written_with_its_op_its_arguments_and_its_tensors_shape_and_dtype():
    nodes = _nodes()
    assert nodes["arg0_1"] == {"name": "arg0_1", "target": "placeholder", "args": [], "kwargs": {},
                               "shape": [4, 8], "dtype": "float32", "where": None, "code": None}
    assert nodes["amax"] == {"name": "amax", "target": "aten.amax.default", "args": [{"node": "arg0_1"}, [-1], True],
                             "kwargs": {}, "shape": [4, 1], "dtype": "float32",
                             "where": "/home/me/model.py:12", "code": "return torch.softmax(self.proj(x), dim=-1)"}
    assert nodes["sub"]["args"] == [{"node": "arg0_1"}, {"node": "amax"}] and nodes["sub"]["kwargs"] == {"alpha": 1.5}


def test_an_item_of_a_two_output_op_is_a_getitem_and_values_json_cannot_hold_are_strings():
    nodes = _nodes()
    assert nodes["getitem"]["target"] == "getitem" and nodes["getitem"]["args"] == [{"node": "var_mean"}, 1]
    assert nodes["getitem"]["shape"] == [4] and nodes["getitem"]["dtype"] == "bfloat16"
    assert nodes["var_mean"]["kwargs"] == {"correction": 0, "keepdim": None}
    # a dtype argument is no JSON value: its name; a bool stays a bool
    assert nodes["_to_copy"]["kwargs"] == {"dtype": "torch.float16", "flag": False}
    # a node without a tensor value (none recorded) has no shape and no dtype
    assert nodes["var_mean"]["shape"] is None and nodes["var_mean"]["dtype"] is None


def test_the_whole_graph_is_plain_json():
    data = recorder.graph_json(_graph())
    assert json.loads(json.dumps(data)) == data


def test_a_symbolic_size_is_written_by_its_name_and_a_number_as_a_number():
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import DimDynamic, ShapeEnv, StatelessSymbolicContext
    mode = FakeTensorMode(shape_env=ShapeEnv())
    dynamic_rows = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DYNAMIC, DimDynamic.STATIC])
    graph = torch.fx.Graph()
    x = graph.placeholder("x")
    x.meta["val"] = mode.from_tensor(torch.empty(5, 3), symbolic_context=dynamic_rows)
    graph.output(x)
    [node] = recorder.graph_json(graph)["nodes"]
    rows, columns = node["shape"]
    assert isinstance(rows, str) and rows.startswith("s") and rows[1:].isdigit()  # `s0`, `s26`: a symbol
    assert columns == 3 and isinstance(columns, int)


@pytest.mark.parametrize(("stack", "where", "code"), [
    (STACK, "/home/me/model.py:12", "return torch.softmax(self.proj(x), dim=-1)"),
    # one frame, its code line followed by blank lines
    ('  File "m.py", line 7, in f\n    y = x.exp()\n\n  \n', "m.py:7", "y = x.exp()"),
    # a frame whose code was not recorded: the place is known, the code is not
    ('  File "m.py", line 7, in f\n    y = x.exp()\n  File "lib.py", line 99, in g\n', "lib.py:99", None),
    (None, None, None),
    ("", None, None),
])
def test_a_nodes_place_is_the_innermost_frame_and_its_code_the_last_line(stack, where, code):
    assert recorder._where(stack) == where
    assert recorder._code(stack) == code


def test_the_graph_seen_by_the_pass_is_kept_and_written_into_the_graphs_debug_folder(tmp_path, monkeypatch):
    folder = tmp_path / "torchinductor" / "model__0_forward_1.0"
    monkeypatch.setattr(recorder, "_debug_folder", lambda: folder)
    pass_ = recorder.GraphRecorder()
    graph = _graph()
    pass_(graph)
    assert pass_.graphs == [recorder.graph_json(graph)]
    assert json.loads((folder / GRAPH_FILE).read_text(encoding="utf-8")) == recorder.graph_json(graph)
    assert pass_.uuid() is None  # no cache key: a cached graph would be neither compiled nor dumped


def test_the_pass_writes_into_a_debug_folder_inductor_has_already_made(tmp_path, monkeypatch):
    folder = tmp_path / "torchinductor" / "model__0_forward_1.0"
    folder.mkdir(parents=True)
    (folder / "fx_graph_readable.py").write_text("# written before the post-grad passes\n", encoding="utf-8")
    monkeypatch.setattr(recorder, "_debug_folder", lambda: folder)
    recorder.GraphRecorder()(_graph())
    assert sorted(p.name for p in folder.iterdir()) == sorted(["fx_graph_readable.py", GRAPH_FILE])


def test_a_constant_fetched_by_name_is_written_with_its_name_as_target():
    graph = torch.fx.Graph()
    constant = graph.get_attr("_tensor_constant0")
    graph.output(constant)
    [node] = recorder.graph_json(graph)["nodes"]
    assert (node["name"], node["target"], node["args"]) == ("_tensor_constant0", "_tensor_constant0", [])


def test_outside_a_compile_the_pass_keeps_the_graph_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert recorder._debug_folder() is None
    pass_ = recorder.GraphRecorder()
    pass_(_graph())
    assert len(pass_.graphs) == 1 and not list(tmp_path.iterdir())


def test_the_debug_folder_is_the_one_of_the_graph_being_compiled(tmp_path):
    from torch._inductor.virtualized import V

    class Handler:
        _path = str(tmp_path / "graph_0")

    with V.set_debug_handler(Handler()):
        assert recorder._debug_folder() == tmp_path / "graph_0"

    class NoPath:
        _path = None

    with V.set_debug_handler(NoPath()):
        assert recorder._debug_folder() is None


def test_a_recorded_compile_has_the_trace_provenance_and_the_recorder_pass_on():
    pass_ = recorder.GraphRecorder()
    settings = recorder.recording_settings(pass_)
    assert settings["trace.enabled"] is True and settings["post_grad_custom_post_pass"] is pass_
    if hasattr(inductor_config.trace, "provenance_tracking_level"):
        assert settings["trace.provenance_tracking_level"] == 1 and "trace.provenance_tracking" not in settings
    else:
        assert settings["trace.provenance_tracking"] is True


def _dump(debug_dir: Path, name: str) -> Path:
    """A graph's debug folder as Inductor lays it out (graph_folders finds it by output_code.py)."""
    folder = debug_dir / "torchinductor" / name
    folder.mkdir(parents=True)
    (folder / "output_code.py").write_text("# kernels\n", encoding="utf-8")
    return folder


def test_inside_the_block_the_trace_is_on_and_after_it_the_settings_are_back(tmp_path):
    before = (inductor_config.trace.enabled, inductor_config.post_grad_custom_post_pass,
              torch._dynamo.config.debug_dir_root)
    with recorder.capturing(tmp_path / "debug") as captured:
        assert (tmp_path / "debug").is_dir()
        assert inductor_config.trace.enabled is True
        assert inductor_config.post_grad_custom_post_pass is captured.recorder
        assert torch._dynamo.config.debug_dir_root == str(tmp_path / "debug")
    assert (inductor_config.trace.enabled, inductor_config.post_grad_custom_post_pass,
            torch._dynamo.config.debug_dir_root) == before
    assert captured.folders == [] and captured.debug_dir == tmp_path / "debug"


def test_the_folders_are_those_the_block_produced_not_those_already_there(tmp_path):
    debug = tmp_path / "debug"
    old = _dump(debug, "model__0_forward_1.0")
    (old / GRAPH_FILE).write_text("{}", encoding="utf-8")
    with recorder.capturing(debug) as captured:
        new = [_dump(debug, "model__1_forward_2.1"), _dump(debug, "model__2_forward_3.2")]
        captured.recorder.graphs += [{"nodes": ["first"]}, {"nodes": ["second"]}]
    assert captured.before == {old} and captured.folders == new
    # each new folder without the graph gets the one recorded for it, in compile order
    assert [json.loads((f / GRAPH_FILE).read_text(encoding="utf-8")) for f in new] == \
        [{"nodes": ["first"]}, {"nodes": ["second"]}]
    assert (old / GRAPH_FILE).read_text(encoding="utf-8") == "{}"


def test_a_folder_that_has_its_graph_keeps_it_and_only_the_missing_one_is_written(tmp_path):
    debug = tmp_path / "debug"
    with recorder.capturing(debug) as captured:
        first, second = _dump(debug, "model__0_forward_1.0"), _dump(debug, "model__1_forward_2.1")
        (first / GRAPH_FILE).write_text('{"written": "by the pass"}', encoding="utf-8")
        captured.recorder.graphs += [{"nodes": ["first"]}, {"nodes": ["second"]}]
    assert json.loads((first / GRAPH_FILE).read_text(encoding="utf-8")) == {"written": "by the pass"}
    assert json.loads((second / GRAPH_FILE).read_text(encoding="utf-8")) == {"nodes": ["second"]}


@pytest.mark.parametrize("recorded", [1, 3])
def test_when_the_recorded_graphs_do_not_pair_with_the_folders_none_is_guessed(tmp_path, recorded):
    debug = tmp_path / "debug"
    with recorder.capturing(debug) as captured:
        folders = [_dump(debug, "model__0_forward_1.0"), _dump(debug, "model__1_forward_2.1")]
        captured.recorder.graphs += [{"nodes": [i]} for i in range(recorded)]
    assert captured.folders == folders
    assert not any((f / GRAPH_FILE).exists() for f in folders)


def test_kernels_from_a_timed_compile_turn_the_graph_caches_off_for_the_block_only(tmp_path, monkeypatch):
    from torch._functorch import config as functorch_config
    monkeypatch.delenv("TORCHINDUCTOR_CACHE_DIR", raising=False)
    before = (inductor_config.fx_graph_cache, functorch_config.enable_autograd_cache)
    with recorder.capturing(tmp_path / "debug", kernels_from=str(tmp_path / "kept")):
        assert inductor_config.fx_graph_cache is False and functorch_config.enable_autograd_cache is False
        import os
        assert os.environ["TORCHINDUCTOR_CACHE_DIR"] == str(tmp_path / "kept")
        assert inductor_config.trace.enabled is True
    assert (inductor_config.fx_graph_cache, functorch_config.enable_autograd_cache) == before
