"""mlopt end to end: capture, run the passes, verify against eager, time, report.

The command line (`cli.py`) and the lab both call `optimize`; the report it returns is what
`--report` writes as JSON.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import torch
from torch import fx

from labs.capstone.memory import module_bytes
from labs.capstone.mlopt.capture import capture_export, capture_fx, op_nodes
from labs.capstone.mlopt.pipeline import build_pipeline
from labs.capstone.numerics import relative_error
from labs.common import measure

# Folding multiplies weights by per-channel scales and re-rounds them in float32, so the
# optimized model's sums differ from eager's in their last bits; through 20 layers of
# reductions up to 4608 terms long that stays near 1e-6 of the output's scale. 1e-4 leaves a
# margin and still fails on any real mistake (a wrong scale is an error of order one).
DEFAULT_RTOL = 1e-4


@contextlib.contextmanager
def exact_float32(device: str) -> Iterator[None]:
    """On a GPU, convolutions and matmuls may run in TF32 (10-bit mantissas); verification
    compares float32 with float32, so it switches TF32 off. Timing keeps the defaults."""
    if device != "cuda":
        yield
        return
    matmul = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        with torch.backends.cudnn.flags(enabled=True, allow_tf32=False):
            yield
    finally:
        torch.backends.cuda.matmul.allow_tf32 = matmul


@dataclass
class Optimized:
    graph: fx.GraphModule
    report: dict[str, Any]


def optimize(model: torch.nn.Module, example: torch.Tensor, passes: list[str], *, device: str = "cpu",
             capture: str = "fx", rtol: float = DEFAULT_RTOL, budget_s: float = 0.0) -> Optimized:
    """Optimize `model` for `example`'s shape; time each pass and the whole when budget_s > 0."""
    pipeline = build_pipeline(passes)  # fails on an unknown pass before any work is done
    # A copy: passes replace submodules, and the eager model must stay the reference.
    gm = (capture_fx if capture == "fx" else capture_export)(copy.deepcopy(model), example)
    nodes, ops = len(gm.graph.nodes), op_nodes(gm)
    gm, reports = pipeline.run(gm, example, device, budget_s)
    with torch.no_grad(), exact_float32(device):
        error = relative_error(gm(example), model(example))
    report: dict[str, Any] = {
        "tool": "mlopt",
        "torch": torch.__version__,
        "device": device,
        "input_shape": list(example.shape),
        "capture": capture,
        "passes_applied": [r.name for r in reports],
        "optimization_time_s": sum(r.apply_s for r in reports),
        "nodes_before": nodes, "nodes_after": len(gm.graph.nodes),
        "ops_before": ops, "ops_after": op_nodes(gm),
        "parameter_bytes_before": module_bytes(model), "parameter_bytes_after": module_bytes(gm),
        "pass_reports": [r.as_dict() for r in reports],
        "verification": {"relative_error": error, "tolerance": rtol, "passed": bool(error <= rtol),
                         "compared_as": "max |optimized - eager| / max |eager|, float32 without TF32"},
    }
    if budget_s > 0:
        report["timing"] = time_against_eager(model, gm, example, device, budget_s)
    return Optimized(gm, report)


def time_against_eager(model: torch.nn.Module, gm: fx.GraphModule, example: torch.Tensor, device: str,
                       budget_s: float) -> dict[str, Any]:
    with torch.no_grad():
        result = measure.compare(lambda: model(example), lambda: gm(example), device, budget_s=budget_s)
    eager, optimized = result.device or result.latency
    return {"clock": eager.clock, "eager_ms": eager.median_s * 1e3, "optimized_ms": optimized.median_s * 1e3,
            "eager_q1_ms": eager.q1_s * 1e3, "eager_q3_ms": eager.q3_s * 1e3,
            "optimized_q1_ms": optimized.q1_s * 1e3, "optimized_q3_ms": optimized.q3_s * 1e3,
            "speedup": eager.median_s / optimized.median_s, "verdict": measure.verdict(eager, optimized),
            "reps": [eager.reps, optimized.reps]}
