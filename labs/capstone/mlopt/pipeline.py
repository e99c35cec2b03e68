"""A pipeline of passes that measures each one: node counts, wall time, and speed.

Before each pass the graph's shapes are propagated with the example input (so passes can
tell tensors from sizes); the pass is analyzed, applied and timed; and when a time budget
is given, the graph before and the graph after are timed against each other, interleaved
(labs.common.measure.compare). A pass's speedup is that measurement, never a guess.
"""

from __future__ import annotations

import copy
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import torch
from torch import fx
from torch.fx.passes.shape_prop import ShapeProp

from labs.capstone.mlopt.base import OptimizationPass
from labs.capstone.mlopt.capture import op_nodes
from labs.capstone.mlopt.dce import DeadCodePass
from labs.capstone.mlopt.fold import ConvBatchNormFoldPass
from labs.capstone.mlopt.fusion import FusionPass
from labs.common import measure

PASSES: dict[str, type[OptimizationPass]] = {p.key: p for p in (FusionPass, ConvBatchNormFoldPass, DeadCodePass)}


def build_pipeline(names: list[str]) -> Pipeline:
    unknown = [n for n in names if n not in PASSES]
    if unknown or not names:
        raise ValueError(f"unknown pass {', '.join(unknown) or '(none given)'}; "
                         f"choose from {', '.join(PASSES)}")
    return Pipeline([PASSES[n]() for n in names])


@dataclass
class PassReport:
    name: str
    analysis: dict[str, Any]
    nodes_before: int
    nodes_after: int
    ops_before: int
    ops_after: int
    apply_s: float
    before_ms: float | None = None      # median latency of the graph before the pass
    after_ms: float | None = None
    measured_speedup: float | None = None
    verdict: str | None = None
    reps: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Pipeline:
    def __init__(self, passes: list[OptimizationPass]):
        self.passes = passes

    def run(self, gm: fx.GraphModule, example: torch.Tensor, device: str = "cpu",
            budget_s: float = 0.0) -> tuple[fx.GraphModule, list[PassReport]]:
        reports = []
        for optimization in self.passes:
            with torch.no_grad():
                ShapeProp(gm).propagate(example)
            analysis = optimization.analyze(gm)
            before = copy.deepcopy(gm) if budget_s > 0 else None
            nodes, ops = len(gm.graph.nodes), op_nodes(gm)
            started = time.perf_counter()
            gm = optimization.apply(gm)
            apply_s = time.perf_counter() - started
            report = PassReport(optimization.name(), analysis, nodes, len(gm.graph.nodes), ops, op_nodes(gm),
                                apply_s)
            if before is not None:
                self._time(report, before, gm, example, device, budget_s)
            reports.append(report)
        return gm, reports

    @staticmethod
    def _time(report: PassReport, before: fx.GraphModule, after: fx.GraphModule, example: torch.Tensor,
              device: str, budget_s: float) -> None:
        with torch.no_grad():
            result = measure.compare(lambda: before(example), lambda: after(example), device, budget_s=budget_s)
        baseline, candidate = result.device or result.latency  # device time when there is one
        report.before_ms, report.after_ms = baseline.median_s * 1e3, candidate.median_s * 1e3
        report.measured_speedup = baseline.median_s / candidate.median_s
        report.verdict = measure.verdict(baseline, candidate)
        report.reps = [baseline.reps, candidate.reps]
