"""Inside torch.compile: every stage left its artifact (or said why not), and the counts hang together.

The first half runs the lab once in its smoke preset on CPU (the `lab_smoke` fixture); the
second half tests the parsers on small texts captured from real dumps, in milliseconds.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import tomllib
from pathlib import Path

from labs.common import inductor_output, measure
from labs.inside_compile import fusion, guards, parts_aot, tracelog
from labs.inside_compile.graphs import GraphSnapshot, NodeRow

ROOT = Path(__file__).resolve().parent.parent.parent

LAB = "inside_compile"
STAGE_PARTS = ["bytecode", "decompiled_source", "guards", "dynamo_graph", "decompositions",
               "aot_joint_graph", "aot_graphs", "post_grad", "scheduler_ir", "generated_code",
               "funnel", "torch_trace", "tlparse_report"]
GRAPH_ARTIFACTS = ["post_grad", "ir_pre_fusion", "ir_post_fusion", "output_code", "kernels", "wrapper_call"]




# -- the smoke run ---------------------------------------------------------------------------


def _importable(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _tlparse_installed() -> bool:
    return bool(shutil.which("tlparse")) or (Path(sys.executable).parent / "tlparse").exists()


def test_every_stage_ran_and_optional_ones_run_when_their_tool_is_there(run):
    parts = run.manifest["parts"]
    for key in ["compile_inference", "compile_training", *STAGE_PARTS]:
        assert key in parts, f"part {key} was never recorded"
    required = ["compile_inference", "compile_training", "bytecode", "guards", "dynamo_graph", "decompositions",
                "aot_joint_graph", "aot_graphs", "post_grad", "scheduler_ir", "generated_code", "funnel",
                "torch_trace"]
    # depyf and tlparse are optional on a bare machine; where they are installed, a skip is a bug.
    required += ["decompiled_source"] * _importable("depyf") + ["tlparse_report"] * _tlparse_installed()
    for key in required:
        assert parts[key]["status"] == "ok", (key, parts[key])
    for key, part in parts.items():
        assert part["status"] in ("ok", "skipped"), (key, part)
        assert part["status"] == "ok" or part.get("reason"), f"{key} was skipped without a reason"


def test_the_lab_sets_no_logging_variable_for_the_whole_process():
    meta = tomllib.loads((ROOT / "labs" / LAB / "lab.toml").read_text())
    assert not set(meta.get("env", {})) & set(measure.POLLUTING_ENV)


def test_compiled_matches_eager_in_both_modes(run):
    checks = run.manifest["checks"]
    assert checks["inference_matches_eager"]["passed"], checks["inference_matches_eager"]
    assert checks["training_grads_match_eager"]["passed"], checks["training_grads_match_eager"]
    assert run.metric("inference.relative_error") < 1e-4 and run.metric("training.relative_error") < 1e-4


def test_each_graph_artifact_is_the_graph_it_names(run):
    artifacts = run.manifest["artifacts"]

    def text(key: str) -> str:
        return (run.out / artifacts[key]["path"]).read_text()

    for role in ("inference", "forward", "backward"):
        for name in GRAPH_ARTIFACTS:
            assert f"{role}.{name}" in artifacts, f"{role}.{name} missing"
        assert text(f"{role}.output_code").count("def call(") == 1
        assert text(f"{role}.wrapper_call").lstrip().startswith("def call(")
        assert "SchedulerNode" in text(f"{role}.ir_post_fusion")
    assert "tangents_1" in text("training.joint_graph") and "primals_1" in text("training.joint_graph")
    assert "tangents_1" in text("backward.aot_graph") and "tangents_1" not in text("forward.aot_graph")
    assert "RootGuardManager" in text("inference.guards")
    assert "LOAD_" in text("bytecode.original")
    assert "prims." in text("inference.decomposed_prims")


def test_decompiled_source_is_python_when_depyf_is_there(run):
    decompiled = (run.out / run.manifest["artifacts"]["inference.decompiled"]["path"]).read_text()
    if _importable("depyf"):
        assert run.manifest["parts"]["decompiled_source"]["status"] == "ok"
        assert "def forward" in decompiled and "__compiled_fn" in decompiled
    else:  # a bare machine: the file says why, in the reason the page shows
        assert run.manifest["parts"]["decompiled_source"]["reason"] in decompiled


def test_funnel_counts_are_positive_and_narrow_where_they_must(run):
    rows = {r["stage"]: r for r in run.table("funnel")}
    for stage, row in rows.items():
        assert row["inference"] > 0 and row["training"] > 0, stage
    for column in ("inference", "training_forward", "training_backward"):
        pre, post = rows["ir_nodes_pre_fusion"][column], rows["ir_nodes_post_fusion"][column]
        assert post <= pre, column
        assert rows["kernels"][column] <= post, column
        assert rows["kernels"][column] + rows["extern_calls"][column] <= pre, column
    # training's Inductor cells are forward + backward
    assert rows["kernels"]["training"] == rows["kernels"]["training_forward"] + rows["kernels"]["training_backward"]
    # decomposition only ever replaces an op by one or more ops
    for mode in ("inference", "training"):
        assert rows["aten_ops"][mode] <= rows["inductor_decomposed_ops"][mode]
    assert run.manifest["figures"]["funnel"]["kind"] == "bar"


def test_training_has_a_backward_graph_and_saved_tensors(run):
    graphs = {r["graph"]: r for r in run.table("aot_graphs")}
    assert {"inference", "joint", "forward", "backward"} <= set(graphs)
    saved = run.table("training.saved_for_backward")
    assert saved and run.metric("training.saved_tensors") == len(saved)
    # forward returns its output plus every saved tensor; backward takes them plus the tangents
    assert graphs["forward"]["outputs"] == 1 + len(saved)
    assert graphs["backward"]["inputs"] == len(saved) + run.metric("training.joint_tangents")
    assert {row["made_by"] for row in run.table("training.saved_for_backward.es")} - {"entrada"} \
        == {row["made_by"] for row in saved} - {"input"}


def test_rematerialization_is_read_from_the_graphs(run):
    """Every recomputed node is a forward node, present in the backward graph, and not saved."""
    artifacts = run.manifest["artifacts"]
    forward = (run.out / artifacts["forward.aot_graph"]["path"]).read_text()
    backward = (run.out / artifacts["backward.aot_graph"]["path"]).read_text()
    saved = {row["name"] for row in run.table("training.saved_for_backward")}
    recomputed = run.table("training.recomputed")
    for row in recomputed:
        assert re.search(rf"\b{row['name']}\b.* = torch\.ops\.{re.escape(row['op'])}\(", forward), row
        assert re.search(rf"\b{row['name']}\b.* = torch\.ops\.{re.escape(row['op'])}\(", backward), row
        assert row["name"] not in saved
    compute = [row for row in recomputed if row["kind"] == "compute"]
    assert run.metric("training.recomputed_ops") == len(compute)
    assert run.metric("training.remat") == ("recomputed" if compute else "none")
    assert run.metric("training.erf_recomputed") == ("yes" if any(r["op"] == "aten.erf.default" for r in compute)
                                                     else "no")
    assert run.metric("training.gelu_output_saved") in ("yes", "no")


def test_training_is_a_recompile_guarded_on_grad_mode(run):
    assert run.metric("inference.guarded_grad_mode") == "false"
    assert run.metric("training.guarded_grad_mode") == "true"
    frame_a, _, first = run.metric("inference.compile_id").partition("/")
    frame_b, _, second = run.metric("training.compile_id").partition("/")
    assert frame_a == frame_b and int(second) == int(first) + 1


def test_the_generated_kernels_are_cpp_on_cpu(run):
    for role in ("inference", "forward", "backward"):
        assert run.metric(f"{role}.kernel_language") == "C++"
        artifact = run.manifest["artifacts"][f"{role}.kernels"]
        assert artifact["language"] == "cpp" and artifact["path"].endswith(".cpp")
        source = (run.out / artifact["path"]).read_text()
        assert 'extern "C"' in source and "cpp_fused_" in source
    kernels = run.table("kernels")
    assert all(r["kernel"].startswith("cpp_") for r in kernels)
    assert run.metric("inference.extern_calls") >= 2  # two Linear layers: two library GEMMs


def test_every_generated_node_is_traced_to_a_kernel(run):
    for role in ("inference", "forward", "backward"):
        kernels = {r["kernel"] for r in run.table("kernels") if r["graph"] == role}
        for row in run.table(f"{role}.fusion"):
            if row["kind"].startswith("ExternKernel"):
                assert row["becomes"].startswith("extern_kernels."), row
            else:
                assert row["becomes"] in kernels, row


def test_decomposition_levels_and_prims(run):
    levels = {(r["mode"], r["level"]): r for r in run.table("decomposition_levels")}
    assert levels[("inference", "aten")]["prims"] == 0
    assert levels[("inference", "prims")]["prims"] > 0
    ops = {r["op"]: r for r in run.table("inference.decomposed_ops")}
    assert ops["aten.native_layer_norm.default"]["aten"] == 1
    assert ops["aten.native_layer_norm.default"]["inductor"] == 0  # Inductor's table decomposes it


def test_the_trace_comes_from_the_child_and_holds_every_stage(run):
    assert run.manifest["parts"]["torch_trace"]["status"] == "ok", run.manifest["parts"]["torch_trace"]
    text = (run.out / "trace" / "torch_trace.log").read_text()
    kinds = {record.kind for record in tracelog.parse_records(text)}
    # a cold compile in the child: every stage is traced, not a cache hit
    assert {"dynamo_start", "dynamo_output_graph", "aot_joint_graph", "aot_forward_graph", "aot_backward_graph",
            "inductor_output_code"} <= kinds
    assert not kinds & tracelog.DROPPED_KINDS
    if _tlparse_installed():
        assert (run.out / "tlparse" / "index.html").is_file()
        assert run.metric("tlparse.report") == "written"
        assert not (run.out / "tlparse" / "raw.log").exists()
    total = sum(p.stat().st_size for p in run.out.rglob("*") if p.is_file())
    assert total < 2.5 * 2**20, f"results tree is {total / 2**20:.1f} MiB"


# -- the parsers, on captured text ----------------------------------------------------------

GUARD_TREE = """\
TREE_GUARD_MANAGER:
+- RootGuardManager
| +- LAMBDA_GUARD: torch._functorch.aot_autograd.utils.top_saved_tensors_hooks ids == None  # _dynamo/output_graph.py:1135 in init_ambient_guards
| +- GLOBAL_STATE: ___check_global_state() against {"allow_tf32":false,"grad_mode":false,"num_threads":2}
| +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x', framelocals_idx=1), type=<class 'torch.Tensor'>, tag_safe=(False, False)
| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU), torch.float32, device=None, requires_grad=False, size=[4, 16, 64], stride=[1024, 64, 1])  # return F.layer_norm(  # nn/modules/normalization.py:228 in forward
| | +- DIMENSION_DYNAMIC_MARKING_GUARD: hasattr(L['x'], '_dynamo_dynamic_indices') == False           # return F.layer_norm(  # nn/modules/normalization.py:228 in forward
| +- GuardManager: source=L['self']._modules['norm'].eps, accessed_by=DictGetItemGuardAccessor('eps'), type=<class 'float'>, tag_safe=(False, False)
| | +- EQUALS_MATCH: L['self']._modules['norm'].eps == 1e-05                          # return F.layer_norm(  # nn/modules/normalization.py:228 in forward
+- LAMBDA_GUARD: G['__import_torch_dot_nn_dot_modules_dot_normalization'].F is G['__import_torch_dot_nn_dot_modules_dot_linear'].F  # return F.linear(input, self.weight, self.bias)  # nn/modules/linear.py:134 in forward
"""


def test_guard_tree_counts_checks_and_managers():
    kinds = guards.guard_kinds(GUARD_TREE)
    assert kinds == {"LAMBDA_GUARD": 2, "GLOBAL_STATE": 1, "TENSOR_MATCH": 1,
                     "DIMENSION_DYNAMIC_MARKING_GUARD": 1, "EQUALS_MATCH": 1}
    assert guards.manager_count(GUARD_TREE) == 3  # RootGuardManager and two GuardManagers
    [check] = guards.tensor_match_lines(GUARD_TREE)
    assert check.startswith("check_tensor(L['x']") and check.endswith("stride=[1024, 64, 1])")


IR_POST_FUSION = """\
op0_op1: FusedSchedulerNode(SchedulerNode,SchedulerNode)
op0_op1.writes = [MemoryDep('buf0', c0, {c0: 64}), MemoryDep('buf1', c0, {c0: 64})]
op0_op1.outputs = [
    buf0: ComputedBuffer
    buf0.layout = FixedLayout('cpu', torch.float32, size=[64], stride=[1])
    buf1: ComputedBuffer
    buf1.layout = FixedLayout('cpu', torch.float32, size=[64], stride=[1])
]
op0_op1.snodes[0] =
op0: SchedulerNode(ComputedBuffer)
op0.writes = [MemoryDep('buf0', c0, {c0: 64})]
op0.outputs = [
    buf0: ComputedBuffer
]
op0_op1.snodes[1] =
op1: SchedulerNode(ComputedBuffer)
op1.outputs = [
    buf1: ComputedBuffer
]
op2: ExternKernelSchedulerNode(ExternKernelOut)
op2.writes = [StarDep(name='buf2', mode=None)]
op2.outputs = [
    buf2: ExternKernelOut
]
op2.node.kernel = extern_kernels.addmm
op3: SchedulerNode(ComputedBuffer)
op3.outputs = [
    buf3: ComputedBuffer
]
op4: SchedulerNode(ComputedBuffer)
op4.outputs = [
    buf4: ComputedBuffer
]
"""

CALL = """\
    def call(self, args):
        primals_1, primals_2 = args
        args.clear()
        buf0 = empty_strided_cpu((64, ), (1, ), torch.float32)
        buf1 = buf0; del buf0  # reuse
        cpp_fused_native_layer_norm_0(buf1, primals_1)
        buf2 = empty_strided_cpu((64, 256), (256, 1), torch.float32)
        extern_kernels.addmm(primals_2, reinterpret_tensor(buf1, (64, 64), (64, 1), 0), primals_2, alpha=1, beta=1, out=buf2)
        buf3 = reinterpret_tensor(buf2, (4, 16, 256), (4096, 256, 1), 0); del buf2  # reuse
        buf4 = empty_strided_cpu((64, ), (1, ), torch.float32)
        cpp_fused_gelu_view_1(buf3, buf4)
        return (buf4, )
"""


def test_scheduler_nodes_group_fused_members_and_find_library_calls():
    nodes = inductor_output.scheduler_nodes(IR_POST_FUSION)
    assert [n.name for n in nodes] == ["op0_op1", "op2", "op3", "op4"]
    fused, extern, *_ = nodes
    assert fused.kind == "FusedSchedulerNode" and fused.members == ["op0", "op1"]
    assert fused.buffers == ["buf0", "buf1"] and not fused.is_extern
    assert extern.is_extern and extern.extern_kernel == "extern_kernels.addmm" and extern.members == ["op2"]


def test_wrapper_call_parsers():
    assert inductor_output.extern_kernel_calls(CALL) == ["extern_kernels.addmm"]
    assert inductor_output.reused_buffers(CALL) == ["buf1", "buf3"]
    assert inductor_output.allocated_buffers(CALL) == ["buf0", "buf2", "buf4"]


def test_kernel_calls_read_the_whole_line_and_keep_repeats():
    call = ("    cpp_fused_a_0(reinterpret_tensor(buf1, (4, 4), (4, 1), 0), buf2)\n"
            "    extern_kernels.mm(buf2, buf3, out=buf4)\n"
            "    triton_poi_fused_b_1.run(buf4, buf5, 16, stream=stream0)\n"
            "    cpp_fused_a_0(buf5, buf6)\n")
    calls = inductor_output.kernel_calls(call, ["cpp_fused_a_0", "triton_poi_fused_b_1"])
    assert calls == [("cpp_fused_a_0", {"buf1", "buf2"}), ("triton_poi_fused_b_1", {"buf4", "buf5"}),
                     ("cpp_fused_a_0", {"buf5", "buf6"})]


def test_fusion_rows_follow_buffers_to_their_kernel():
    nodes = inductor_output.scheduler_nodes(IR_POST_FUSION)
    kernels = ["cpp_fused_native_layer_norm_0", "cpp_fused_gelu_view_1"]
    rows = {r.node: r for r in fusion.fusion_rows(nodes, inductor_output.kernel_calls(CALL, kernels))}
    assert rows["op0_op1"].becomes == "cpp_fused_native_layer_norm_0"  # through buf1, which reuses buf0
    assert rows["op0_op1"].n_members == 2
    assert rows["op2"].becomes == "extern_kernels.addmm"
    # op3 and op4 were not fused by the scheduler, yet share one C++ function
    assert rows["op3"].becomes == rows["op4"].becomes == "cpp_fused_gelu_view_1"


def _record(header: dict, payload: list[str] | None = None) -> str:
    line = f"V1121 13:05:48.801000 4528 torch/_dynamo/utils.py:2350] {json.dumps(header)}\n"
    return line + "".join(f"\t{p}\n" for p in (payload or []))


TRACE = (_record({"dynamo_start": {"stack": []}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0})
         + _record({"chromium_event": {}, "frame_id": 0, "has_payload": "x"}, ["{", '"name": "dynamo"', "}"])
         + _record({"artifact": {"name": "fx_graph_cache_miss", "encoding": "json"}, "has_payload": "y"},
                   ["{}"])
         + _record({"aot_joint_graph": {}, "frame_id": 0, "has_payload": "z"},
                   ["class joint_helper(torch.nn.Module):", "    def forward(self, primals, tangents):"])
         + _record({"artifact": {"name": "recompile_reasons", "encoding": "json"}, "has_payload": "w"}, ["[]"]))


def test_trace_records_are_parsed_summarized_and_trimmed():
    records = tracelog.parse_records(TRACE)
    assert [r.kind for r in records] == ["dynamo_start", "chromium_event", "artifact:fx_graph_cache_miss",
                                         "aot_joint_graph", "artifact:recompile_reasons"]
    assert records[3].payload_bytes == len("\tclass joint_helper(torch.nn.Module):\n"
                                           "\t    def forward(self, primals, tangents):\n")
    summary = {kind: (n, size) for kind, n, size in tracelog.summarize(records)}
    assert summary["chromium_event"][0] == 1
    kept = tracelog.trimmed_text(records)
    assert "chromium_event" not in kept and "fx_graph_cache_miss" not in kept
    assert "def forward(self, primals, tangents)" in kept and kept.endswith("\t[]\n")
    assert [r.kind for r in tracelog.parse_records(kept)] == ["dynamo_start", "aot_joint_graph",
                                                              "artifact:recompile_reasons"]


def _graph(*rows: tuple[str, str, str, str]) -> GraphSnapshot:
    """A graph from (name, op kind, target, args) rows."""
    return GraphSnapshot(code="", rows=tuple(NodeRow(name=n, op=op, target=t, args=a, shape="", dtype="", nbytes=None)
                                             for n, op, t, a in rows))


FORWARD = _graph(("primals_1", "placeholder", "primals_1", ""), ("addmm", "call_function", "aten.addmm.default", "b, x, w"),
                 ("erf", "call_function", "aten.erf.default", "addmm"),
                 ("mul", "call_function", "aten.mul.Tensor", "addmm, erf"),
                 ("view_2", "call_function", "aten.view.default", "mul, [4, 8]"),
                 ("addmm_1", "call_function", "aten.addmm.default", "b2, view_2, w2"))


def test_recomputed_nodes_are_forward_nodes_the_backward_computes_again():
    backward = _graph(("addmm", "placeholder", "addmm", ""), ("tangents_1", "placeholder", "tangents_1", ""),
                      ("erf", "call_function", "aten.erf.default", "addmm"),          # the forward's erf: recomputed
                      ("view_2", "call_function", "aten.view.default", "mul, [4, 8]"),  # a view: free
                      ("erf_1", "call_function", "aten.erf.default", "addmm"),        # the backward's own erf
                      ("mul", "call_function", "aten.add.Tensor", "erf, erf_1"))      # same name, other op: not it
    assert parts_aot.recomputed_nodes(FORWARD, backward) == [("erf", "aten.erf.default", "compute"),
                                                             ("view_2", "aten.view.default", "view")]


def test_second_linear_input_is_found_through_views():
    assert parts_aot.second_linear_input_saved(FORWARD, {"view_2"})
    assert parts_aot.second_linear_input_saved(FORWARD, {"mul"})       # saved before its reshape
    assert not parts_aot.second_linear_input_saved(FORWARD, {"addmm"})  # GELU's input, not its output
