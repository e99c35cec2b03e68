"""Inductor's stages, read from the debug folder it wrote for each graph.

    fx_graph_transformed.py   the graph after Inductor's post-grad passes: what it lowers
    ir_pre_fusion.txt         one scheduler node per lowered buffer (loop nest or library call)
    ir_post_fusion.txt        the same nodes after the scheduler fused what it could
    output_code.py            the kernels (C++/OpenMP on CPU, Triton on GPU) and call()
"""

from __future__ import annotations

import re
from pathlib import Path

from labs.common import inductor_output
from labs.common.harness import Lab
from labs.inside_compile import fusion
from labs.inside_compile.pipeline import ROLE_FOLDERS, Pipeline
from labs.inside_compile.recorder import ModeCapture

_OP_CALL = re.compile(r"= torch\.ops\.\w+\.\w+\.\w+\(")
KERNEL_LANGUAGE = {"cpp": "C++", "python": "Triton"}


def _debug_file(capture: ModeCapture, role: str, name: str) -> Path:
    folder = capture.debug_folders.get(role)
    if folder is None:
        raise RuntimeError(f"Inductor wrote no debug folder for the {role} graph; "
                           "was TORCH_COMPILE_DEBUG=1 set before torch was imported?")
    path = folder / name
    if not path.is_file():
        raise RuntimeError(f"{path} is missing: this PyTorch's debug output has no {name}")
    return path


def _dump(pipe: Pipeline, capture: ModeCapture, role: str) -> inductor_output.GraphDump:
    """The role's output_code.py, parsed once (kernels, call(), its buffers and kernel calls)."""
    if role not in pipe.dumps:
        pipe.dumps[role] = inductor_output.load_graph(_debug_file(capture, role, "output_code.py").parent)
    return pipe.dumps[role]


def part_post_grad(lab: Lab, pipe: Pipeline) -> None:
    for role, capture in pipe.graph_roles():
        text = _debug_file(capture, role, "fx_graph_transformed.py").read_text(encoding="utf-8")
        lab.write_artifact(f"{role}.post_grad", f"{ROLE_FOLDERS[role]}/fx_graph_transformed.py", text, "python")
        snap = capture.post_grad_graphs.get(role)
        # Without the hook (an older PyTorch), count the op calls in the file instead.
        ops = len(snap.operations) if snap else len(_OP_CALL.findall(text))
        lab.metric(f"{role}.post_grad_ops", ops)
        pipe.count("post_grad_ops", role, ops)
        if snap is not None:
            before = capture.aot_graphs[role].op_histogram()
            after = snap.op_histogram()
            changed = sorted(set(before) | set(after))
            lab.table(f"{role}.post_grad_changes", ["op", "before", "after"],
                      [[op, before.get(op, 0), after.get(op, 0)] for op in changed
                       if before.get(op, 0) != after.get(op, 0)])


def part_scheduler_ir(lab: Lab, pipe: Pipeline) -> None:
    for role, capture in pipe.graph_roles():
        folder = ROLE_FOLDERS[role]
        pre_text = _debug_file(capture, role, "ir_pre_fusion.txt").read_text(encoding="utf-8")
        post_text = _debug_file(capture, role, "ir_post_fusion.txt").read_text(encoding="utf-8")
        lab.write_artifact(f"{role}.ir_pre_fusion", f"{folder}/ir_pre_fusion.txt", pre_text)
        lab.write_artifact(f"{role}.ir_post_fusion", f"{folder}/ir_post_fusion.txt", post_text)
        pre = inductor_output.scheduler_nodes(pre_text)
        post = inductor_output.scheduler_nodes(post_text)
        dump = _dump(pipe, capture, role)
        rows = fusion.fusion_rows(post, dump.kernel_calls)
        lab.table(f"{role}.fusion", ["node", "kind", "members", "n_members", "becomes"],
                  [[r.node, r.kind, r.members, r.n_members, r.becomes] for r in rows])
        lab.metric(f"{role}.ir_nodes_pre_fusion", len(pre))
        lab.metric(f"{role}.ir_nodes_post_fusion", len(post))
        lab.metric(f"{role}.fused_groups", sum(1 for r in rows if r.n_members > 1))
        lab.metric(f"{role}.extern_nodes", sum(1 for node in post if node.is_extern))
        generated = [node for node in post if not node.is_extern and not node.is_nop]
        lab.metric(f"{role}.generated_nodes", len(generated))
        # On CPU, several scheduler nodes can share one kernel call (one C++ function).
        lab.metric(f"{role}.kernel_grouping",
                   "grouped" if len(dump.kernel_calls) < len(generated) else "one_per_node")
        largest = max(rows, key=lambda r: r.n_members)
        lab.metric(f"{role}.largest_group", largest.n_members)
        lab.metric(f"{role}.largest_group_kernel", largest.becomes)
        pipe.count("ir_nodes_pre_fusion", role, len(pre))
        pipe.count("ir_nodes_post_fusion", role, len(post))


def part_generated_code(lab: Lab, pipe: Pipeline) -> None:
    kernel_rows = []
    for role, capture in pipe.graph_roles():
        folder = ROLE_FOLDERS[role]
        dump = _dump(pipe, capture, role)
        kernels, call = dump.kernels, dump.wrapper_call
        if not kernels or not call:
            raise RuntimeError(f"{role}: found {len(kernels)} kernels and "
                               f"{'a' if call else 'no'} call() in output_code.py")
        language = kernels[0].language
        comment = "//" if language == "cpp" else "#"
        joined = "\n\n".join(f"{comment} ---- {kernel.name} (output_code.py line {kernel.first_line})\n"
                             f"{kernel.source}" for kernel in kernels)
        lab.write_artifact(f"{role}.output_code", f"{folder}/output_code.py", dump.output_code.read_text(encoding="utf-8"),
                           "python")
        lab.write_artifact(f"{role}.kernels", f"{folder}/kernels.{'cpp' if language == 'cpp' else 'py'}",
                           joined + "\n", language)
        lab.write_artifact(f"{role}.wrapper_call", f"{folder}/wrapper_call.py", call, "python")
        externs = inductor_output.extern_kernel_calls(call)
        allocated = dump.allocated_buffers
        reused = inductor_output.reused_buffers(call)
        lab.metric(f"{role}.kernels", len(kernels))
        lab.metric(f"{role}.kernel_calls", len(dump.kernel_calls))
        lab.metric(f"{role}.kernel_language", KERNEL_LANGUAGE[language])
        lab.metric(f"{role}.first_kernel", kernels[0].name)
        lab.metric(f"{role}.extern_calls", len(externs))
        lab.metric(f"{role}.extern_kinds", ", ".join(sorted(set(externs))) or "none")
        lab.metric(f"{role}.buffers_allocated", len(allocated))
        lab.metric(f"{role}.buffers_reused", len(reused))
        pipe.count("kernels", role, len(kernels))
        pipe.count("extern_calls", role, len(externs))
        pipe.count("buffers_allocated", role, len(allocated))
        for kernel in kernels:
            kernel_rows.append([role, kernel.name, KERNEL_LANGUAGE[kernel.language],
                                kernel.source.count("\n") + 1])
    lab.table("kernels", ["graph", "kernel", "language", "lines"], kernel_rows)
