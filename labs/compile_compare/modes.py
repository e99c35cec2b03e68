"""Compile modes against the default: compile time, step time and the break-even step."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import torch._inductor.config

from labs.common import timing
from labs.compile_compare import compiling, payoff, training
from labs.compile_compare.findings import ModeComparison, ModeRun
from labs.compile_compare.settings import Settings


def inductor_config(settings: Settings, mode: str):
    """Inductor's config while compiling `mode`: smoke narrows max-autotune's GEMM candidates."""
    if mode.startswith("max-autotune") and settings.autotune_gemm_backends:
        return torch._inductor.config.patch(max_autotune_gemm_backends=settings.autotune_gemm_backends)
    return contextlib.nullcontext()


def measure(settings: Settings, device: str, mode: str, work: Path,
            progress: Callable[[str], None]) -> ModeRun:
    """One mode, compiled against an empty cache, then timed on the warm path."""
    compiling.reset()
    replica = training.new_replicas(settings.model, device, 1)[0]
    rotation = training.batches(settings.batch_size, settings.seq_len, device)
    with compiling.cold_cache(work / "caches"), inductor_config(settings, mode):
        step = training.on_rotation(compiling.compiled_step(replica, mode=mode), rotation)
        progress(f"compiling mode={mode}")
        first = compiling.timed_first_call(step, device)
        steady = timing.bench(step, device, budget_s=settings.bench_budget_s)
    return ModeRun(mode, first.seconds, first.phases, steady)


def compare(baseline: ModeRun, candidate: ModeRun) -> ModeComparison:
    verdict = timing.verdict(baseline.steady, candidate.steady)
    steps = payoff.break_even_steps(candidate.first_step_s - baseline.first_step_s,
                                    baseline.steady.median_s, candidate.steady.median_s, verdict)
    return ModeComparison(baseline, candidate, verdict, steps)
