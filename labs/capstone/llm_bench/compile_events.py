"""What compiled or recorded while a cell was being timed.

A recompile (Dynamo's `unique_graphs` counter) or a CUDA graph recorded (cudagraph trees'
graph ids) inside the timed generations costs that generation seconds, and shows as a tail
percentile far above the median. Counting both before and after the timed loop says whether
one fell inside it; a serving warm-up is complete when both stay at zero.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class Events:
    compiles: int            # graphs Dynamo compiled (every recompile is one more)
    graphs_recorded: int     # CUDA graphs cudagraph trees recorded, or warmed up to record (0 on a CPU)

    def __sub__(self, earlier: Events) -> Events:
        return Events(self.compiles - earlier.compiles, self.graphs_recorded - earlier.graphs_recorded)


def snapshot(device: str) -> Events:
    from torch._dynamo.utils import counters
    return Events(int(counters["stats"]["unique_graphs"]), _graphs_recorded(device))


def _graphs_recorded(device: str) -> int:
    if device != "cuda" or not torch.cuda.is_initialized():   # no graph was recorded before CUDA started
        return 0
    from torch._inductor import cudagraph_trees
    manager = cudagraph_trees.get_manager(torch.cuda.current_device(), create_if_none_exists=False)
    if manager is None:
        return 0
    # the next ids it would hand out, read from copies so that none is consumed: graph ids count
    # up from 0, warm-up node ids count down from -1
    recorded = next(copy.copy(manager.graph_counter))
    warmed = -1 - next(copy.copy(manager.warmup_node_counter)) if hasattr(manager, "warmup_node_counter") else 0
    return recorded + warmed



# Dynamo's and Inductor's own timers (`torch._dynamo.utils.compile_times`), read as totals so that
# one backend's share is a difference: where its first generation's seconds went.
def phase_seconds() -> dict[str, float]:
    from torch._dynamo.utils import compilation_time_metrics
    return {phase: float(sum(times)) for phase, times in compilation_time_metrics.items()}


def phases_since(before: dict[str, float], at_least_s: float = 0.5) -> list[tuple[str, float]]:
    """The phases that took at least `at_least_s` since `before`, longest first (nested
    phases overlap: Dynamo's `_compile.compile_inner` holds the backend's)."""
    spent = [(phase, total - before.get(phase, 0.0)) for phase, total in phase_seconds().items()]
    return sorted(((p, s) for p, s in spent if s >= at_least_s), key=lambda item: -item[1])


def restarts() -> int:
    """Analyses Dynamo has restarted in this process: each restart of a frame's analysis times
    one more attempt (`compile_attempt_1`, `_2`, ...) beside the first (`compile_attempt_0`)."""
    from torch._dynamo.utils import compilation_time_metrics
    return sum(len(times) for phase, times in compilation_time_metrics.items()
               if phase.startswith("compile_attempt_") and phase != "compile_attempt_0")
