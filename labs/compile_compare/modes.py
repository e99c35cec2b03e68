"""Compile modes against the default: one change, both compiled cold, timed interleaved.

The baseline is part first_step's compiled step: mode="default", compiled against an empty
cache. The candidate is the same step with one change, a mode, compiled on a copy of the
model (same weights, its own optimizer) against another empty cache, with the baseline still
compiled beside it; then the two are timed in alternating rounds on every clock.

Which mode is the candidate:
- max-autotune's search. On a GPU the comparison uses "max-autotune-no-cudagraphs": plain
  max-autotune also replays the step as CUDA graphs, which is the other comparison's change
  (reduce-overhead), and one comparison must change one thing. Its search is bounded: the
  candidate is compiled with the mode's own options (`torch._inductor.list_mode_options`)
  overridden by `Settings.autotune_bounds` (`labs/common/autotune.py`), and the page lists them.
- reduce-overhead: CUDA graphs (GPU only), the mode as it is.
"""

from __future__ import annotations

from collections.abc import Callable

import torch
import torch._dynamo.utils
import torch._inductor.config

from labs.common import autotune, measure
from labs.compile_compare import compiling, training
from labs.compile_compare.findings import AB, ModeComparison
from labs.compile_compare.settings import Settings


def autotune_mode(device: str) -> str:
    return "max-autotune-no-cudagraphs" if device == "cuda" else "max-autotune"


def gemm_autotunes() -> int:
    """Matrix products whose implementations Inductor has benchmarked in this process."""
    return int(torch._dynamo.utils.counters["inductor"]["select_algorithm_autotune"])


def compare(settings: Settings, replica: training.Replica, baseline: Callable[[], torch.Tensor],
            baseline_first_s: float, mode: str, bounded: bool) -> ModeComparison:
    """`mode` against the baseline (default mode), one change apart, interleaved.

    bounded: compile with the mode's options and the settings' bounds over them.
    """
    device = replica.device
    copy = training.new_replicas(settings.model, device, 1)[0]
    copy.model.load_state_dict(replica.model.state_dict())
    rotation = training.batches(settings.batch_size, settings.seq_len, device)
    limits = autotune.bounds(device, settings.autotune_bounds) if bounded else {}
    options = autotune.bounded_mode_options(mode, device, settings.autotune_bounds) if bounded else None
    tuned_before = gemm_autotunes()
    with measure.cold_caches(reset_dynamo=False), torch._inductor.config.patch(autotune.QUIET):
        candidate = training.on_rotation(compiling.compiled_step(copy, mode=mode, options=options), rotation)
        first_s = measure.first_call_s(candidate, device)
    timing = measure.compare(baseline, candidate, device, budget_s=settings.compare_budget_s)
    ab = AB("default", mode, timing, baseline_first_s, first_s)
    return ModeComparison(ab=ab, mode=mode, bounds=limits, gemm_autotunes=gemm_autotunes() - tuned_before)
