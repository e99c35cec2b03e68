"""facts.py on dumps written by hand, for what the saved dumps never show: a kernel launched
twice, a kernel call() never launches, a launch inside a graph partition, reuse chains, a
buffer another kernel updates in place, IR buffers without a layout or a store, two softmaxes
in one graph, an online softmax recognised by meaning only, a cross-entropy whose log-softmax
another kernel runs, and a learner's line that is not ASCII on a cp1252 machine.

Each dump is an output_code.py (small C++ kernels as Inductor writes them, and call()), the
provenance mapping and an ir_post_fusion.txt; the expected values are read off those files."""

from __future__ import annotations

import json
from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import facts, meaning, post_grad
from labs.common.kernel_facts.patterns import fx_matches
from labs.common.kernel_facts.post_grad import PostGradGraph
from labs.common.kernel_facts.records import KernelFacts
from tests.helpers_fx_graphs import graph_of, node, softmax
from tests.helpers_locale import locale_encoding

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

HEAD = """# AOT ID: ['0_inference']
import torch
from torch._inductor.async_compile import AsyncCompile
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
async_compile = AsyncCompile()

"""


def cpp_kernel(name: str, parameters: list[str], body: list[str]) -> str:
    """A C++ kernel as output_code.py holds it: one loop over 32 elements around `body`."""
    declared = ",\n                       ".join(("const float* " if p.startswith("in_ptr") else "float* ") + p
                                               for p in parameters)
    types = ", ".join("'const float*'" if p.startswith("in_ptr") else "'float*'" for p in parameters)
    return "\n".join([
        f"{name} = async_compile.cpp_pybinding([{types}], r'''",
        "#include <torch/csrc/inductor/cpp_prefix.h>",
        f'extern "C"  void  kernel({declared})',
        "{",
        "    for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(32L); x0+=static_cast<int64_t>(1L))",
        "    {",
        *("        " + line for line in body),
        "    }",
        "}",
        "''')",
        "", ""])


EXP = ["auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];",
       "auto tmp1 = std::exp(tmp0);",
       "out_ptr0[static_cast<int64_t>(x0)] = tmp1;"]
ADD_IN_PLACE = ["auto tmp0 = in_out_ptr0[static_cast<int64_t>(x0)];",
                "auto tmp1 = in_ptr0[static_cast<int64_t>(x0)];",
                "auto tmp2 = tmp0 + tmp1;",
                "in_out_ptr0[static_cast<int64_t>(x0)] = tmp2;"]


def output_code(kernels: list[str], call: list[str], before_call: list[str] = ()) -> str:
    return (HEAD + "\n".join(kernels) + "\nasync_compile.wait(globals())\ndel async_compile\n\n"
            "class Runner:\n    def __init__(self, partitions):\n        self.partitions = partitions\n\n"
            + "".join(f"    {line}\n" if line else "\n" for line in before_call)
            + "    def call(self, args):\n" + "".join(f"        {line}\n" for line in call)
            + "\nrunner = Runner(partitions=[])\ncall = runner.call\n")


def ir_node(name: str, buffers: dict[str, tuple], extern: str | None = None) -> str:
    """One top-level node of ir_post_fusion.txt; `buffers`: name -> (size or None, stored op or None)."""
    lines = [f"{name}: {'ExternKernelSchedulerNode(ExternKernelOut)' if extern else 'SchedulerNode(ComputedBuffer)'}",
             f"{name}.outputs = ["]
    for buf, (size, _) in buffers.items():
        lines.append(f"    {buf}: {'ExternKernelOut' if extern else 'ComputedBuffer'}")
        if size is not None:
            lines.append(f"    {buf}.layout = FixedLayout('cpu', torch.float32, size={list(size)}, stride=[1])")
    lines.append("]")
    if extern:
        lines.append(f"{name}.node.kernel = {extern}")
    stores = {buf: op for buf, (_, op) in buffers.items() if op}
    if stores:
        lines += [f"class {name}_loop_body:", "    def body(self, ops):",
                  "        load = ops.load('arg0_1', get_index)"]
        for i, (buf, op) in enumerate(stores.items()):
            lines += [f"        {op} = ops.{op}(load)",
                      f"        store_{i} = ops.store('{buf}', get_index, {op}, None)"]
    return "\n".join(lines) + "\n\n\n"


def write_dump(folder: Path, code: str, provenance: dict[str, list[str]], ir: list[str],
               graph: list[dict] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "output_code.py").write_text(code, encoding="utf-8")
    (folder / io.PROVENANCE_FILE).write_text(json.dumps({"cppCodeToPost": provenance, "postToPre": {}}),
                                             encoding="utf-8")
    (folder / "ir_post_fusion.txt").write_text("".join(ir), encoding="utf-8")
    if graph is not None:
        (folder / post_grad.GRAPH_FILE).write_text(json.dumps({"format": "post_grad_graph/1", "nodes": graph}),
                                                   encoding="utf-8")
    return folder


def by_name(graph: facts.GraphFacts) -> dict[str, KernelFacts]:
    return {k.kernel: k for k in graph.kernels}


# -- launches -------------------------------------------------------------------------------

ADD, EXPK = "cpp_fused_add_0", "cpp_fused_exp_1"


def test_a_kernel_launched_twice_runs_its_first_launchs_nodes_and_keeps_the_buffer_it_updates(tmp_path):
    # the add kernel updates buf1 in place twice (x + a, then + b); the provenance file lists
    # the second launch first: the nodes are still the first launch's
    code = output_code([cpp_kernel(ADD, ["in_out_ptr0", "in_ptr0"], ADD_IN_PLACE)], [
        "arg0_1, arg1_1, arg2_1 = args",
        "buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        "extern_kernels.mm(arg0_1, arg0_1, out=buf0)",
        "buf1 = buf0; del buf0  # reuse",
        f"# [Provenance debug handles] {ADD}:2",
        f"{ADD}(buf1, arg1_1)",
        f"# [Provenance debug handles] {ADD}:3",
        f"{ADD}(buf1, arg2_1)",
        "return (buf1, )"])
    folder = write_dump(tmp_path / "twice", code, {f"{ADD}:3": ["add_1"], f"{ADD}:2": ["add"]},
                        [ir_node("op0", {"buf0": ((32,), None)}, extern="extern_kernels.mm"),
                         ir_node("op1", {"buf1": ((32,), "add")})])
    [kf] = facts.analyze(folder).kernels
    assert [(c["handle"], c["buffers"]) for c in kf.calls] == [
        (f"{ADD}:2", {"in_out_ptr0": "buf1", "in_ptr0": "arg1_1"}),
        (f"{ADD}:3", {"in_out_ptr0": "buf1", "in_ptr0": "arg2_1"})]
    assert (kf.nodes, kf.nodes_source) == (["add"], "provenance")
    # the second launch of the same kernel writes buf1 too: that does not take op1 away
    assert kf.ir_nodes == ["op1"]
    assert kf.ir_buffers == [{"name": "buf1", "size": [32], "role": "add", "node": "op1", "in_call": "argument"}]


def test_a_launch_without_a_provenance_handle_runs_the_first_handles_nodes(tmp_path):
    # near miss of the test above: no handle comment above the launch, so the first listed one
    code = output_code([cpp_kernel(ADD, ["in_out_ptr0", "in_ptr0"], ADD_IN_PLACE)], [
        "arg0_1, arg1_1 = args", f"{ADD}(arg0_1, arg1_1)", "return (arg0_1, )"])
    folder = write_dump(tmp_path / "nohandle", code, {f"{ADD}:3": ["add_1"], f"{ADD}:2": ["add"]}, [])
    [kf] = facts.analyze(folder).kernels
    assert kf.calls[0]["handle"] is None
    assert (kf.nodes, kf.nodes_source) == (["add_1"], "provenance")


def test_a_kernel_call_never_launches_has_no_launch_no_buffers_and_no_ir_nodes(tmp_path):
    # output_code.py defines two kernels; call() launches the exp kernel only
    code = output_code([cpp_kernel(EXPK, ["in_ptr0", "out_ptr0"], EXP),
                        cpp_kernel(ADD, ["in_out_ptr0", "in_ptr0"], ADD_IN_PLACE)], [
        "arg0_1, = args",
        "buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        f"# [Provenance debug handles] {EXPK}:1",
        f"{EXPK}(arg0_1, buf0)",
        "return (buf0, )"])
    folder = write_dump(tmp_path / "unlaunched", code, {f"{EXPK}:1": ["exp"], f"{ADD}:2": ["add"]},
                        [ir_node("op0", {"buf0": ((32,), "exp")}), ir_node("op1", {"buf1": ((32,), "add")})])
    kernels = by_name(facts.analyze(folder))
    added = kernels[ADD]
    assert (added.calls, added.ir_nodes, added.ir_buffers) == ([], None, None)
    assert (added.nodes, added.nodes_source) == (["add"], "provenance") and "no_ir" in added.unknown
    assert added.loads[0]["buffer"] is None   # no launch: no buffer behind any pointer
    # op1 writes nothing the exp kernel's launch passes: it is not the exp kernel's
    exp = kernels[EXPK]
    assert exp.ir_nodes == ["op0"] and "no_ir" not in exp.unknown
    assert exp.loads[0]["buffer"] == "arg0_1" and exp.stores[0]["buffer"] == "buf0"


def test_a_kernel_launched_in_a_graph_partition_keeps_the_buffers_call_never_assigns(tmp_path):
    # with graph partitions, call() gets buf0 from partition_0 by unpacking: no `buf0 = ` line
    code = output_code([cpp_kernel(EXPK, ["in_ptr0", "out_ptr0"], EXP)], before_call=[
        "def partition_0(self, args):",
        "    arg0_1, = args",
        "    args.clear()",
        "    buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        f"    # [Provenance debug handles] {EXPK}:1",
        f"    {EXPK}(arg0_1, buf0)",
        "    return (buf0, )",
        ""], call=[
        "arg0_1, = args",
        "partition0_args = [arg0_1]",
        "(buf0, ) = self.partitions[0](partition0_args)",
        "return (buf0, )"])
    folder = write_dump(tmp_path / "partition", code, {f"{EXPK}:1": ["exp"]},
                        [ir_node("op0", {"buf0": ((32,), "exp")})])
    [kf] = facts.analyze(folder).kernels
    assert kf.calls[0]["buffers"] == {"in_ptr0": "arg0_1", "out_ptr0": "buf0"}
    assert kf.ir_nodes == ["op0"]
    assert kf.ir_buffers == [{"name": "buf0", "size": [32], "role": "exp", "node": "op0", "in_call": "argument"}]


def test_a_buffer_without_a_layout_or_a_store_in_the_ir_has_no_size_and_an_unknown_role(tmp_path):
    code = output_code([cpp_kernel(EXPK, ["in_ptr0", "out_ptr0", "out_ptr1"], EXP)], [
        "arg0_1, = args",
        "buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        "buf1 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        f"# [Provenance debug handles] {EXPK}:1",
        f"{EXPK}(arg0_1, buf0, buf1)",
        "return (buf0, )"])
    # buf1's lines in the IR are its name only: no `buf1.layout`, no store in the loop body
    folder = write_dump(tmp_path / "bare_ir", code, {f"{EXPK}:1": ["exp"]},
                        [ir_node("op0", {"buf0": ((32,), "exp"), "buf1": (None, None)})])
    [kf] = facts.analyze(folder).kernels
    assert kf.ir_buffers == [
        {"name": "buf0", "size": [32], "role": "exp", "node": "op0", "in_call": "argument"},
        {"name": "buf1", "size": [], "role": "?", "node": "op0", "in_call": "argument"}]


def test_a_node_writing_the_memory_two_reuses_back_is_the_kernels(tmp_path):
    # buf4 took over buf2's memory, which took over buf0's: op0, op1 and op2 wrote them
    code = output_code([cpp_kernel(ADD, ["in_out_ptr0", "in_ptr0"], ADD_IN_PLACE)], [
        "arg0_1, = args",
        "buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        "buf2 = buf0; del buf0  # reuse",
        "buf4 = buf2; del buf2  # reuse",
        f"# [Provenance debug handles] {ADD}:1",
        f"{ADD}(buf4, arg0_1)",
        "buf5 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        "return (buf4, )"])
    folder = write_dump(tmp_path / "chain", code, {f"{ADD}:1": ["add"]},
                        [ir_node("op0", {"buf0": ((32,), "exp")}), ir_node("op1", {"buf2": ((32,), "mul")}),
                         ir_node("op2", {"buf4": ((32,), "add")}), ir_node("op3", {"buf5": ((32,), "neg")})])
    [kf] = facts.analyze(folder).kernels
    # op3 writes buf5, which nothing passes to the launch: not the kernel's
    assert kf.ir_nodes == ["op0", "op1", "op2"]
    assert [(b["name"], b["in_call"]) for b in kf.ir_buffers] == [
        ("buf0", "allocated"), ("buf2", "reuses buf0"), ("buf4", "argument")]


def test_a_buffer_another_kernel_updates_in_place_is_that_kernels_not_the_readers(tmp_path):
    # the add kernel adds a bias to the matmul's buf1 in place; the exp kernel then reads buf1
    code = output_code([cpp_kernel(ADD, ["in_out_ptr0", "in_ptr0"], ADD_IN_PLACE),
                        cpp_kernel(EXPK, ["in_ptr0", "out_ptr0"], EXP)], [
        "arg0_1, arg1_1 = args",
        "buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        "extern_kernels.mm(arg0_1, arg0_1, out=buf0)",
        "buf1 = buf0; del buf0  # reuse",
        f"# [Provenance debug handles] {ADD}:2",
        f"{ADD}(buf1, arg1_1)",
        "buf2 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        f"# [Provenance debug handles] {EXPK}:3",
        f"{EXPK}(buf1, buf2)",
        "return (buf2, )"])
    folder = write_dump(tmp_path / "in_place", code, {f"{ADD}:2": ["add"], f"{EXPK}:3": ["exp"]},
                        [ir_node("op0", {"buf0": ((32,), None)}, extern="extern_kernels.mm"),
                         ir_node("op1", {"buf1": ((32,), "add")}), ir_node("op2", {"buf2": ((32,), "exp")})])
    kernels = by_name(facts.analyze(folder))
    assert kernels[ADD].ir_nodes == ["op1"]   # the extern op0 is no kernel's
    assert kernels[EXPK].ir_nodes == ["op2"]  # buf1 is passed to it, but the add kernel writes it


# -- the learner's lines on a machine whose locale is not UTF-8 --------------------------------

def test_a_learners_line_that_is_not_ascii_is_quoted_whatever_the_machines_locale(tmp_path, monkeypatch):
    locale_encoding(monkeypatch)   # Windows' cp1252
    code = output_code([cpp_kernel(EXPK, ["in_ptr0", "out_ptr0"], EXP)], [
        "arg0_1, = args",
        "buf0 = empty_strided_cpu((32, ), (1, ), torch.float32)",
        "# Topologically Sorted Source Nodes: [exp], Original ATen: [aten.exp]",
        "# File: modelo.py:7 in forward, code: return x.exp()  # la señal",
        f"# [Provenance debug handles] {EXPK}:1",
        f"{EXPK}(arg0_1, buf0)",
        "return (buf0, )"])
    graph = [{"name": "arg0_1", "target": "placeholder", "args": [], "shape": [32], "dtype": "float32"},
             {"name": "exp", "target": "aten.exp.default", "args": [{"node": "arg0_1"}], "shape": [32],
              "dtype": "float32", "where": "modelo.py:7"}]
    folder = write_dump(tmp_path / "locale", code, {f"{EXPK}:1": ["exp"]},
                        [ir_node("op0", {"buf0": ((32,), "exp")})], graph)
    [kf] = facts.analyze(folder).kernels
    assert kf.origins == [{"where": "modelo.py:7", "code": "return x.exp()  # la señal", "nodes": ["exp"]}]


# -- the argument bytes from the graph's dtypes ------------------------------------------------

def test_an_int64_argument_is_read_as_eight_bytes_an_element():
    # cross_entropy: arg3_1, the 16 targets, is int64 (post_grad_graph.json), read once (line 86)
    folder = FIXTURES / "cpu-torch2.13-cross_entropy"
    [kf] = facts.analyze(folder).kernels
    assert kf.traffic["read"]["arg3_1"] == {"passes": 1, "bytes": 16 * 8, "lines": [86]}
    # near miss: buf3, 16 float32 row sums, four bytes an element
    assert kf.traffic["read"]["buf3"]["bytes"] == 16 * 4


# -- what a kernel computes, from the graph --------------------------------------------------

def context(graph: PostGradGraph, handles: dict[str, list[str]] | None = None) -> facts._Context:
    provenance = io.Provenance(handles, {}) if handles is not None else None
    return facts._Context("", [], graph, provenance, None, fx_matches(graph), meaning.recognise(graph), {})


def kernel_with(nodes: list[str], name: str = "cpp_fused__softmax_1") -> KernelFacts:
    return KernelFacts(name, "cpp", "cpp_scalar", [], nodes, "provenance")


def steps(kf: KernelFacts) -> list[tuple]:
    return [(s.step, s.nodes, s.lines, s.other_kernel) for s in kf.steps]


def test_of_two_softmaxes_in_one_graph_each_kernel_gets_its_own_steps():
    graph = graph_of(node("x", "placeholder"), node("y", "placeholder"), *softmax("x", ""), *softmax("y", "_1"))
    c = context(graph, {"cpp_fused__softmax_0:1": ["amax", "sub", "exp", "sum", "div"],
                        "cpp_fused__softmax_1:2": ["amax_1", "sub_1", "exp_1", "sum_1", "div_1"]})
    second = kernel_with(["amax_1", "sub_1", "exp_1", "sum_1", "div_1"])
    assert facts._my_pattern(second, c) == "softmax"
    assert (second.output_node, second.input_node, second.form) == ("div_1", "y", "two_pass")
    # its own nodes, each inside it (lines still to be found: None), none in the other kernel
    assert steps(second) == [("max", ["amax_1"], None, None), ("sub", ["sub_1"], None, None),
                             ("exp", ["exp_1"], None, None), ("sum", ["sum_1"], None, None),
                             ("div", ["div_1"], None, None)]


def test_a_step_run_outside_the_kernel_names_the_kernel_provenance_gives_it_or_none():
    graph = graph_of(node("x", "placeholder"), *softmax("x", ""))
    mine = ["sub", "exp", "sum", "div"]   # the row max is computed elsewhere
    placed = kernel_with(mine)
    facts._my_pattern(placed, context(graph, {"cpp_fused_amax_0:1": ["amax"], "cpp_fused__softmax_1:2": mine}))
    assert steps(placed)[0] == ("max", ["amax"], [], "cpp_fused_amax_0")
    # no launch in the provenance file runs amax (an extern kernel's, say): no kernel to name
    unplaced = kernel_with(mine)
    facts._my_pattern(unplaced, context(graph, {"cpp_fused__softmax_1:2": mine}))
    assert steps(unplaced)[0] == ("max", ["amax"], [], None)
    assert steps(unplaced)[1] == ("sub", ["sub"], None, None)


def online_softmax(sum_cast: bool) -> PostGradGraph:
    """softmax(x, dim=1) in the online form; with `sum_cast` the row sum is cast before the div,
    which the spelled matcher does not look through and meaning does."""
    online = node("online", "prims.prepare_softmax_online.default", "x", 1, shape=())
    total = "convert" if sum_cast else "getitem_1"
    return graph_of(node("x", "placeholder"), online,
                    node("getitem", "getitem", "online", 0, shape=(4, 1)),
                    node("getitem_1", "getitem", "online", 1, shape=(4, 1)),
                    node("sub", "aten.sub.Tensor", "x", "getitem"), node("exp", "aten.exp.default", "sub"),
                    *([node("convert", "prims.convert_element_type.default", "getitem_1", "torch.float32",
                            shape=(4, 1))] if sum_cast else []),
                    node("div", "aten.div.Tensor", "exp", total))


def test_an_online_softmax_recognised_by_meaning_only_is_of_the_online_form():
    graph = online_softmax(sum_cast=True)
    c = context(graph)
    assert c.matches == [] and [r.pattern for r in c.recognised] == ["softmax"]
    kf = kernel_with(list(graph.nodes)[1:])
    assert facts._my_pattern(kf, c) == "softmax"
    assert (kf.pattern, kf.form, kf.output_node) == ("softmax", "online", "div")
    assert steps(kf) == [(s, [], None, None) for s in ("max", "sub", "exp", "sum", "div")]
    assert kf.unknown == ["steps_without_nodes"]
    # near miss: the kernel does not run prepare_softmax_online (another kernel does)
    other = kernel_with([n for n in list(graph.nodes)[1:] if n != "online"])
    facts._my_pattern(other, c)
    assert other.form == "two_pass"


def test_a_spelled_online_softmax_takes_its_form_from_the_match():
    graph = online_softmax(sum_cast=False)
    kf = kernel_with(list(graph.nodes)[1:])
    facts._my_pattern(kf, context(graph))
    assert kf.form == "online" and kf.unknown == []
    # prepare_softmax_online computes exp inside its reduction: the sum step is that node
    assert steps(kf) == [("max", ["online"], None, None), ("sub", ["sub"], None, None), ("exp", ["exp"], None, None),
                         ("sum", ["online"], None, None), ("div", ["div"], None, None)]


def test_a_kernel_normalising_with_row_stats_another_kernel_computed_online_is_of_the_online_form():
    # log_softmax_nll on CUDA: kernel 0 runs prepare_softmax_online, kernel 1 the rest
    graph = facts.analyze(FIXTURES / "cuda-torch2.11-log_softmax_nll")
    stats, loss = graph.kernels
    assert stats.nodes == ["prepare_softmax_online_default"]
    assert "prepare_softmax_online_default" not in loss.nodes
    assert (loss.pattern, loss.form) == ("cross_entropy", "online")
    assert loss.step("max").other_kernel == stats.kernel


def test_a_cross_entropy_whose_log_softmax_another_kernel_runs_is_a_cross_entropy_without_step_nodes():
    folder = FIXTURES / "cpu-torch2.13-cross_entropy"
    graph = post_grad.load(folder)
    # the loss's nodes only; amax, sub, exp, sum_1, log, sub_1 (the log-softmax) run elsewhere
    loss = ["ne_1", "ne", "full_default", "where", "unsqueeze", "gather", "squeeze", "neg", "full_default_1",
            "where_1", "sum_3", "ne_2", "sum_2", "convert_element_type", "div"]
    kf = kernel_with(loss, "cpp_fused_nll_loss_forward_1")
    assert facts._my_pattern(kf, context(graph)) == "log_softmax"
    assert (kf.pattern, kf.output_node, kf.input_node, kf.form) == ("cross_entropy", "div", "addmm", "two_pass")
    assert [c["pattern"] for c in kf.claims] == ["cross_entropy"]
    assert [s.step for s in kf.steps] == ["max", "sub", "exp", "sum", "log", "sub_log"]
    assert kf.unknown == ["steps_without_nodes"]

