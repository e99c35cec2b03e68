"""AOTAutograd's stages: decomposition to ATen, the joint graph, and its partition in two."""

from __future__ import annotations

from labs.common.harness import Lab
from labs.inside_compile import decompose
from labs.inside_compile.graphs import NODE_COLUMNS, GraphSnapshot
from labs.inside_compile.pipeline import ROLE_FOLDERS, Pipeline
from labs.inside_compile.placeholders import write_placeholder

# The funnel rows for make_fx's levels; the prims level is a side road, outside the funnel.
FUNNEL_LEVELS = {"aten": "aten_ops", "core_aten": "core_aten_ops", "inductor": "inductor_decomposed_ops"}


def part_decompositions(lab: Lab, pipe: Pipeline) -> None:
    summary_rows = []
    failures = []
    for mode in pipe.captures:
        lab.progress(f"make_fx, {mode}")
        levels = decompose.trace_levels(pipe.model, pipe.x, training=(mode == "training"))
        ops = sorted(set().union(*(level.histogram for level in levels)))
        lab.table(f"{mode}.decomposed_ops", ["op", *decompose.LEVELS],
                  [[op, *(level.histogram.get(op, 0) for level in levels)] for op in ops])
        for level in levels:
            if level.graph is None:
                failures.append(f"{mode}/{level.name}: {level.error}")
                continue
            lab.write_artifact(f"{mode}.decomposed_{level.name}", f"{mode}/decomposed_{level.name}.py",
                               level.graph.code, "python")
            namespaces = level.by_namespace()
            lab.metric(f"{mode}.{level.name}_ops", level.total)
            lab.metric(f"{mode}.{level.name}_distinct", level.distinct)
            lab.metric(f"{mode}.{level.name}_prims_ops", namespaces.get("prims", 0))
            if level.name in ("core_aten", "inductor"):
                kept = "aten.native_layer_norm.default" in level.histogram
                lab.metric(f"{mode}.{level.name}_layer_norm", "kept" if kept else "decomposed")
            summary_rows.append([mode, level.name, level.total, level.distinct,
                                 namespaces.get("aten", 0), namespaces.get("prims", 0)])
            if level.name in FUNNEL_LEVELS:
                pipe.count(FUNNEL_LEVELS[level.name], mode, level.total)
    lab.table("decomposition_levels", ["mode", "level", "ops", "distinct", "aten", "prims"], summary_rows)
    if failures:
        raise RuntimeError("make_fx failed at " + "; ".join(failures))


def _graph_artifacts(lab: Lab, role: str, snap: GraphSnapshot) -> None:
    folder = ROLE_FOLDERS[role]
    lab.write_artifact(f"{role}.aot_graph", f"{folder}/aot_graph.py", snap.code, "python")
    lab.table(f"{role}.aot_nodes", NODE_COLUMNS, snap.node_table())


def part_aot_graphs(lab: Lab, pipe: Pipeline) -> None:
    rows = []
    for role, capture in pipe.graph_roles():
        snap = capture.aot_graphs[role]
        _graph_artifacts(lab, role, snap)
        lab.metric(f"{role}.aot_ops", len(snap.operations))
        lab.metric(f"{role}.aot_inputs", len(snap.placeholders))
        lab.metric(f"{role}.aot_outputs", len(snap.output_names))
        rows.append([role, len(snap.placeholders), len(snap.operations), len(snap.output_names)])
        pipe.count("aot_graph_ops", role, len(snap.operations))
    joint = pipe.captures["training"].joint_graph
    if joint is not None:
        rows.insert(1, ["joint", len(joint.placeholders), len(joint.operations), len(joint.output_names)])
    lab.table("aot_graphs", ["graph", "inputs", "ops", "outputs"], rows)
    _saved_for_backward(lab, pipe)


def _saved_for_backward(lab: Lab, pipe: Pipeline) -> None:
    """The backward graph's inputs other than the incoming gradients: what forward must keep."""
    training = pipe.captures["training"]
    forward, backward = training.aot_graphs["forward"], training.aot_graphs["backward"]
    saved = [row for row in backward.placeholders if not row.name.startswith("tangents")]
    rows = []
    for row in saved:
        rows.append([row.name, _made_by(forward, row.name), row.shape, row.dtype,
                     round((row.nbytes or 0) / 1024, 2)])
    lab.table("training.saved_for_backward", ["name", "made_by", "shape", "dtype", "kib"], rows,
              units={"kib": "KiB"})
    activations = [r for r in rows if r[1] != "input"]
    lab.metric("training.saved_tensors", len(saved))
    lab.metric("training.saved_inputs", len(rows) - len(activations))
    lab.metric("training.saved_activations", len(activations))
    lab.metric("training.saved_activation_kib", round(sum(r[4] for r in activations), 2), "KiB")
    lab.metric("training.forward_user_outputs", len(forward.output_names) - len(saved))
    # The min-cut partitioner may recompute cheap pointwise ops in backward rather than save
    # them; GELU's erf showing up in backward is the sign that it did.
    recomputed = "aten.erf.default" in backward.op_histogram()
    lab.metric("training.gelu_in_backward", "recomputed" if recomputed else "saved")


def _made_by(forward: GraphSnapshot, name: str) -> str:
    """The forward op that produced `name`; "input" for a graph input (a weight, x)."""
    row = forward.row(name)
    if row is None or not row.op.startswith("call_"):
        return "input"
    if row.target == "getitem":  # one output of a tuple-returning op, e.g. var_mean's mean
        source, _, index = row.args.partition(", ")
        producer = forward.row(source)
        return f"{producer.target}[{index}]" if producer else row.target
    return row.target


def part_joint_graph(lab: Lab, pipe: Pipeline) -> None:
    training = pipe.captures["training"]
    joint = training.joint_graph
    if joint is None:
        reason = training.missing.get("joint_graph", "Inductor never called the joint-graph hook")
        write_placeholder(lab, "training.joint_graph", "training/joint_graph.py", reason, "python")
        raise lab.skip(reason)
    lab.write_artifact("training.joint_graph", "training/joint_graph.py", joint.code, "python")
    lab.table("training.joint_nodes", NODE_COLUMNS, joint.node_table())
    tangents = [row for row in joint.placeholders if row.name.startswith("tangents")]
    lab.metric("training.joint_ops", len(joint.operations))
    lab.metric("training.joint_inputs", len(joint.placeholders))
    lab.metric("training.joint_tangents", len(tangents))
