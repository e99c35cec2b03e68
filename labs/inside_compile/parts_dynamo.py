"""Dynamo's stages: the bytecode it read and wrote, the guards it installed, the graph it captured."""

from __future__ import annotations

import dis
import platform
import re
from types import CodeType

from labs.common.harness import Lab
from labs.inside_compile import guards
from labs.inside_compile.graphs import NODE_COLUMNS
from labs.inside_compile.pipeline import Pipeline
from labs.inside_compile.placeholders import write_placeholder


def disassembly(code: CodeType, what: str) -> str:
    header = (f"# {what}: {code.co_name} from {code.co_filename.rsplit('/', 1)[-1]}, "
              f"disassembled by dis on Python {platform.python_version()}\n")
    return header + dis.Bytecode(code).dis()


def instruction_count(code: CodeType) -> int:
    return sum(1 for _ in dis.get_instructions(code))


def part_bytecode(lab: Lab, pipe: Pipeline) -> None:
    original = pipe.captures["inference"].original_code
    lab.write_artifact("bytecode.original", "bytecode/original.dis.txt",
                       disassembly(original, "the frame Dynamo intercepted"))
    lab.metric("bytecode.instructions", instruction_count(original))
    lab.metric("bytecode.python", ".".join(platform.python_version_tuple()[:2]))
    for mode, capture in pipe.captures.items():
        pipe.count("bytecode_instructions", mode, instruction_count(capture.original_code))
        if capture.transformed_code is None:
            raise lab.skip(f"no transformed bytecode for {mode}: {capture.missing.get('transformed_code')}")
        lab.write_artifact(f"{mode}.bytecode_transformed", f"{mode}/bytecode_transformed.dis.txt",
                           disassembly(capture.transformed_code, f"what Dynamo made of it ({mode})"))
        lab.metric(f"{mode}.transformed_instructions", instruction_count(capture.transformed_code))
        compiled_fn = next((name for name in capture.transformed_code.co_names
                            if name.startswith("__compiled_fn")), "")
        lab.metric(f"{mode}.compiled_fn", re.sub(r"_[0-9a-f]{8}_.*$", "", compiled_fn) or "none")


def part_decompiled_source(lab: Lab, pipe: Pipeline) -> None:
    try:
        import depyf  # optional: a pinned dependency of the course, absent on a bare GPU machine
    except ImportError:
        depyf = None
    failures = []  # depyf is installed but could not decompile (e.g. a Python it does not support)
    for mode, capture in pipe.captures.items():
        relpath = f"{mode}/decompiled_forward.py"
        reason = ("depyf is not installed" if depyf is None else
                  None if capture.transformed_code is not None else
                  f"no transformed bytecode to decompile: {capture.missing.get('transformed_code')}")
        if reason:
            write_placeholder(lab, f"{mode}.decompiled", relpath, reason, "python")
            continue
        version = getattr(depyf, "__version__", "?")
        try:
            source = depyf.decompile(capture.transformed_code)
        except Exception as error:
            reason = (f"depyf {version} could not decompile {mode} on Python {platform.python_version()}: "
                      f"{type(error).__name__}: {error}")
            write_placeholder(lab, f"{mode}.decompiled", relpath, reason, "python")
            failures.append(reason)
            continue
        header = f"# Decompiled by depyf {version} from Dynamo's bytecode ({mode})\n"
        lab.write_artifact(f"{mode}.decompiled", relpath, header + source, "python")
    if depyf is None:
        raise lab.skip("depyf is not installed")
    if failures:
        raise lab.skip("; ".join(failures))


def part_guards(lab: Lab, pipe: Pipeline) -> None:
    kinds_by_mode = {}
    for mode, capture in pipe.captures.items():
        if capture.guards_text is None:
            raise lab.skip(f"no guards for {mode}: {capture.missing.get('guards')}")
        text = capture.guards_text
        kinds = guards.guard_kinds(text)
        kinds_by_mode[mode] = kinds
        lab.write_artifact(f"{mode}.guards", f"{mode}/guards.txt", text)
        lab.metric(f"{mode}.guards", sum(kinds.values()))
        lab.metric(f"{mode}.guard_managers", guards.manager_count(text))
        lab.metric(f"{mode}.tensor_guards", kinds.get("TENSOR_MATCH", 0))
        lab.metric(f"{mode}.compile_id", capture.compile_id or "?")
        grad_mode = re.search(r'"grad_mode":\s*(true|false)', text)
        lab.metric(f"{mode}.guarded_grad_mode", grad_mode.group(1) if grad_mode else "unguarded")
    all_kinds = sorted(set().union(*kinds_by_mode.values()),
                       key=lambda kind: (-sum(k.get(kind, 0) for k in kinds_by_mode.values()), kind))
    lab.table("guards_by_kind", ["kind", *kinds_by_mode],
              [[kind, *(kinds_by_mode[mode].get(kind, 0) for mode in kinds_by_mode)] for kind in all_kinds])


def part_dynamo_graph(lab: Lab, pipe: Pipeline) -> None:
    for mode, capture in pipe.captures.items():
        snap = capture.dynamo_graph
        if snap is None:
            raise RuntimeError(f"the recording backend saw no graph in {mode}")
        lab.write_artifact(f"{mode}.dynamo_graph", f"{mode}/dynamo_graph.py", snap.code, "python")
        lab.table(f"{mode}.dynamo_nodes", NODE_COLUMNS, snap.node_table())
        lab.metric(f"{mode}.fx_nodes", len(snap.rows))
        lab.metric(f"{mode}.fx_ops", len(snap.operations))
        lab.metric(f"{mode}.fx_inputs", len(snap.placeholders))
        pipe.count("fx_graph_ops", mode, len(snap.operations))
