"""Run one backend on one workload: warm up, generate within a time budget, measure memory.

Warm-up is separate and never timed: each prompt is generated once (twice when CUDA graphs
record: cudagraph trees run a new shape once to warm up, record it the second time). Timed
generations then repeat, every round in prompt order, until the budget is spent (at least
`min_generations`) or, sooner, once every percentile the summary publishes has its samples
(`enough_samples`: the tables' 95th and 99th percentiles): a fast cell stops there instead of
waiting out a budget it does not need. The warm-up's first generation is timed on its own: it
holds the compiles, the rest of the warm-up the CUDA graphs' warm-ups and recordings. Peak
memory (labs.capstone.memory) comes from generations of their own,
never among the timed ones: before them on a GPU, after them on a CPU. Dynamo's compiles and
the CUDA graphs recorded are counted around the timed loop (`compile_events`): a number above
zero there is a warm-up that did not finish, and the tail percentiles it lengthens say so.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from labs.capstone.llm_bench import compile_events
from labs.capstone.llm_bench.backends import StreamingBackend
from labs.capstone.llm_bench.base import GenerationConfig, GenerationResult
from labs.capstone.llm_bench.metrics import MIN_SAMPLES, Summary, summarize
from labs.capstone.memory import peak_bytes


@dataclass
class CellResult:
    backend: str
    workload: str
    summary: Summary
    results: list[GenerationResult]       # the timed generations, the first round first
    peak_added_mib: float                 # allocated during a generation, above what was resident
    peak_total_mib: float | None          # GPU: the allocator's whole peak, weights included
    warmup_s: float
    peak_reserved_mib: float | None = None            # GPU: reserved from the device, graph pools included
    warmup_events: compile_events.Events | None = None   # compiled or recorded during the warm-up
    timed_events: compile_events.Events | None = None    # ... inside the timed generations (should be 0)
    first_s: float | None = None                         # the warm-up's first generation, compiles included


def enough_samples(results: list[GenerationResult]) -> bool:
    """Enough generations for a 95th percentile of TTFT and e2e, and enough inter-token gaps
    for a 99th of ITL: more would only narrow medians that are already stable."""
    gaps = sum(len(r.times.stamps) - 1 for r in results)
    return len(results) >= MIN_SAMPLES[95] and gaps >= MIN_SAMPLES[99]


def run_cell(backend: StreamingBackend, workload: str, prompts: Sequence[str | Sequence[int]],
             config: GenerationConfig, budget_s: float, min_generations: int = 2,
             max_generations: int = 200) -> CellResult:
    started = time.perf_counter()
    at_start = compile_events.snapshot(backend.device)
    first_s = None
    for _ in range(2 if backend.uses_cuda_graphs() else 1):
        for prompt in prompts:
            backend.generate(prompt, config)
            first_s = time.perf_counter() - started if first_s is None else first_s
    warmup_s = time.perf_counter() - started
    results: list[GenerationResult] = []
    peak = None
    if backend.device == "cuda":  # its own call, kept out of `results`: those are one per prompt, in order;
        # the warm-up above was its warm-up too
        peak = peak_bytes(lambda: backend.generate(prompts[0], config), backend.device, warm_up=False)
    before_timed = compile_events.snapshot(backend.device)
    began = time.perf_counter()
    while len(results) < max_generations:
        results += [backend.generate(prompt, config) for prompt in prompts]
        if len(results) >= min_generations and (time.perf_counter() - began > budget_s or enough_samples(results)):
            break
    timed = compile_events.snapshot(backend.device) - before_timed
    if peak is None:              # the CPU profiler slows a call down: one more, untimed
        peak = peak_bytes(lambda: backend.generate(prompts[0], config), backend.device)
    mib = lambda count: count / 2**20 if count is not None else None
    return CellResult(backend.name(), workload, summarize([r.times for r in results]), results,
                      peak.mib, mib(peak.bytes_total), warmup_s, mib(peak.reserved),
                      before_timed - at_start, timed, first_s=first_s)
