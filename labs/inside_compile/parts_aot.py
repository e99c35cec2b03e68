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


# ATen ops that only re-describe memory (sizes, strides, an offset): "recomputing" one is free.
VIEW_OPS = frozenset({"aten.view.default", "aten._unsafe_view.default", "aten.permute.default",
                      "aten.t.default", "aten.transpose.int", "aten.expand.default", "aten.reshape.default",
                      "aten.unsqueeze.default", "aten.squeeze.dim", "aten.slice.Tensor", "aten.select.int",
                      "aten.alias.default", "aten.as_strided.default", "aten.squeeze.default"})


KIND_ES = {"view": "vista", "compute": "cálculo"}


def recomputed_nodes(forward: GraphSnapshot, backward: GraphSnapshot) -> list[tuple[str, str, str]]:
    """Forward nodes that the backward graph computes again: (name, op, "view" or "compute").

    Both graphs are cut from one joint graph and keep its node names. A node of the backward
    that has the name and op of a forward node is that forward value, not saved across the cut
    but recomputed from what was saved: a rematerialization by the min-cut partitioner.
    """
    made_in_forward = {row.name: row.target for row in forward.operations}
    return [(row.name, row.target, "view" if row.target in VIEW_OPS else "compute")
            for row in backward.operations if made_in_forward.get(row.name) == row.target]


def second_linear_input_saved(forward: GraphSnapshot, saved: set[str]) -> bool:
    """Whether the input of the block's last matrix product (GELU's output, reshaped) is saved:
    the second Linear needs it for its weight gradient."""
    products = [row for row in forward.operations if row.target in ("aten.addmm.default", "aten.mm.default")]
    if not products:
        return False
    names = {arg.strip() for arg in products[-1].args.split(",")}
    frontier = set(names)
    while frontier:  # a view of a saved value counts: the backward can take the view again
        row = forward.row(frontier.pop())
        if row is not None and row.target in VIEW_OPS:
            source = row.args.split(",")[0].strip()
            if source not in names:
                names.add(source)
                frontier.add(source)
    return bool(names & saved)


def _saved_for_backward(lab: Lab, pipe: Pipeline) -> None:
    """The backward graph's inputs other than the incoming gradients: what forward must keep;
    and the forward values that backward recomputes instead (rematerialization)."""
    training = pipe.captures["training"]
    forward, backward = training.aot_graphs["forward"], training.aot_graphs["backward"]
    saved = [row for row in backward.placeholders if not row.name.startswith("tangents")]
    rows = []
    for row in saved:
        rows.append([row.name, _made_by(forward, row.name), row.shape, row.dtype,
                     round((row.nbytes or 0) / 1024, 2)])
    lab.table("training.saved_for_backward", ["name", "made_by", "shape", "dtype", "kib"], rows,
              units={"kib": "KiB"})
    lab.table("training.saved_for_backward.es", ["name", "made_by", "shape", "dtype", "kib"],
              [[r[0], "entrada" if r[1] == "input" else r[1], *r[2:]] for r in rows], units={"kib": "KiB"})
    activations = [r for r in rows if r[1] != "input"]
    lab.metric("training.saved_tensors", len(saved))
    lab.metric("training.saved_inputs", len(rows) - len(activations))
    lab.metric("training.saved_activations", len(activations))
    lab.metric("training.saved_activation_kib", round(sum(r[4] for r in activations), 2), "KiB")
    lab.metric("training.forward_user_outputs", len(forward.output_names) - len(saved))
    saved_names = {row.name for row in saved}
    not_outputs = sorted(saved_names - set(forward.output_names))
    lab.check("saved_tensors_cross_the_cut", len(not_outputs), "==", 0,
              label={"en": "Every tensor the backward takes from the forward is an output of the forward graph",
                     "es": "Cada tensor que el backward toma del forward es una salida del grafo forward"})

    recomputed = recomputed_nodes(forward, backward)
    lab.table("training.recomputed", ["name", "op", "kind"], [list(r) for r in recomputed])
    lab.table("training.recomputed.es", ["name", "op", "kind"],
              [[name, op, KIND_ES[kind]] for name, op, kind in recomputed])
    compute = [r for r in recomputed if r[2] == "compute"]
    lab.metric("training.recomputed_ops", len(compute))
    lab.metric("training.recomputed_views", len(recomputed) - len(compute))
    lab.metric("training.recomputed_list", ", ".join(f"{name} ({op.split('.')[1]})" for name, op, _ in compute)
               or "none")
    # What the page branches on: whether the partitioner rematerialized any real computation,
    # whether GELU's erf is among it, and whether GELU's output itself was saved.
    lab.metric("training.remat", "recomputed" if compute else "none")
    lab.metric("training.erf_recomputed", "yes" if any(op == "aten.erf.default" for _, op, _ in compute) else "no")
    lab.metric("training.gelu_output_saved", "yes" if second_linear_input_saved(forward, saved_names) else "no")


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


def part_aot_joint_graph(lab: Lab, pipe: Pipeline) -> None:
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
