"""The funnel: one count per stage, from Python bytecode down to kernels and buffers."""

from __future__ import annotations

from labs.common.harness import Lab
from labs.inside_compile.pipeline import Pipeline

# (row, level): "mode" rows are counted once per mode; "graph" rows once per Inductor graph,
# and training's cell is then forward + backward.
STAGES = (
    ("bytecode_instructions", "mode"),
    ("fx_graph_ops", "mode"),
    ("aten_ops", "mode"),
    ("core_aten_ops", "mode"),
    ("inductor_decomposed_ops", "mode"),
    ("aot_graph_ops", "graph"),
    ("post_grad_ops", "graph"),
    ("ir_nodes_pre_fusion", "graph"),
    ("ir_nodes_post_fusion", "graph"),
    ("kernels", "graph"),
    ("extern_calls", "graph"),
    ("buffers_allocated", "graph"),
)
COLUMNS = ["stage", "inference", "training", "training_forward", "training_backward"]
NOT_APPLICABLE = ""  # a mode-level stage has no separate forward and backward count


def funnel_rows(counts: dict[str, dict[str, int]]) -> list[list[object]]:
    rows = []
    for stage, level in STAGES:
        cells = counts.get(stage)
        if not cells:
            raise RuntimeError(f"no counts for funnel stage {stage}: the part that counts it did not run")
        if level == "mode":
            rows.append([stage, cells["inference"], cells["training"], NOT_APPLICABLE, NOT_APPLICABLE])
        else:
            forward, backward = cells["forward"], cells["backward"]
            rows.append([stage, cells["inference"], forward + backward, forward, backward])
    return rows


def part_funnel(lab: Lab, pipe: Pipeline) -> None:
    rows = funnel_rows(pipe.funnel)
    lab.table("funnel", COLUMNS, rows)
    lab.figure("funnel", "funnel", x="stage", y=["inference", "training"], kind="bar")
    by_stage = {row[0]: row for row in rows}
    for mode, column in (("inference", 1), ("training", 2)):
        lab.metric(f"{mode}.total_kernels", by_stage["kernels"][column])
        lab.metric(f"{mode}.total_extern_calls", by_stage["extern_calls"][column])
        lab.metric(f"{mode}.total_buffers", by_stage["buffers_allocated"][column])
