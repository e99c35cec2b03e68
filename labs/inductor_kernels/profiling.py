"""Eager against compiled for any model, over input sizes, with the course's measuring method.

Each size gets its own compile in a cold cache (`measure.compile_seconds`), so no call ever
recompiles, no size is measured with dynamic shapes, and each first call is that size's
whole compile. Eager and compiled are then timed interleaved (`measure.compare`): on a CPU
on one clock, latency; on a GPU on two, latency (one synchronized call, what a request sees)
and device time (CUDA events, what the GPU spends). Their difference is host overhead.

Each row is also placed against the machine's ceilings (`ceilings.bound_by`): the bytes that
must move over the measured copy bandwidth, the flops over the measured matmul rate, and
the sweep's fixed cost: the smallest size's time (its bytes move in far less time than that), which every
larger call pays too. A size whose time stays under twice that did not grow with its work.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import torch

from labs.common import measure, prose
from labs.common.ceilings import bound_by, kernel_launches
from labs.common.harness import Lab


@dataclass(frozen=True)
class Cost:
    """What one call must do at the least: bytes moved through memory and flops."""
    bytes: float
    flops: float


@dataclass(frozen=True)
class Ceilings:
    bandwidth: float      # bytes/s of a large device-to-device copy
    peak_flops: float     # flop/s of a large float32 matrix product
    call_floor_s: float   # a compiled call that does almost nothing (ceilings.call_floor)


@dataclass(frozen=True)
class SizeResult:
    batch: int
    timing: measure.Comparison
    compile_s: float
    launches: tuple[int | None, int | None]
    cost: Cost

    @property
    def speedup(self) -> float:
        """Eager time over compiled time on the latency clock: above 1, compiling paid off."""
        return self.timing.speedup

    @property
    def verdict(self) -> str:
        return self.timing.verdict

    @property
    def seconds(self) -> float:
        """The compiled call's time on its fastest clock (device time on a GPU)."""
        return (self.timing.device or self.timing.latency)[1].median_s

    def bound(self, ceilings: Ceilings, fixed_cost_s: float) -> str:
        """What limits the compiled call: bandwidth, compute, overhead or neither."""
        return bound_by(self.seconds, self.cost.bytes, self.cost.flops, ceilings.bandwidth,
                        ceilings.peak_flops, fixed_cost_s)


def measure_size(model: torch.nn.Module, make_input: Callable[[int], torch.Tensor], batch: int,
                 device: str, budget_s: float, cost: Cost, compile_kwargs: dict | None = None) -> SizeResult:
    compiled = torch.compile(model, dynamic=False, **(compile_kwargs or {"mode": "default"}))
    x = make_input(batch)
    compile_s = measure.compile_seconds(lambda: compiled(x), device)
    timing = measure.compare(lambda: model(x), lambda: compiled(x), device, budget_s=budget_s)
    launches = (kernel_launches(lambda: model(x), device),
                kernel_launches(lambda: compiled(x), device))
    return SizeResult(batch=batch, timing=timing, compile_s=compile_s, launches=launches, cost=cost)


def columns(device: str) -> list[str]:
    cols = ["batch", "eager_us", "eager_q1_us", "eager_q3_us", "compiled_us", "compiled_q1_us",
            "compiled_q3_us", "speedup", "verdict"]
    if device == "cuda":
        cols += ["eager_dev_us", "eager_dev_q1_us", "eager_dev_q3_us", "compiled_dev_us",
                 "compiled_dev_q1_us", "compiled_dev_q3_us", "dev_speedup", "dev_verdict",
                 "eager_launches", "compiled_launches"]
    return cols + ["bound", "achieved_gb_s", "compile_s", "eager_reps", "compiled_reps"]


def units(device: str) -> dict[str, str]:
    return ({c: "µs" for c in columns(device) if c.endswith("_us")}
            | {"speedup": "×", "dev_speedup": "×", "compile_s": "s", "achieved_gb_s": "GB/s"})


def row(result: SizeResult, device: str, ceilings: Ceilings, fixed_cost_s: float) -> list:
    eager, compiled = (s.us() for s in result.timing.latency)
    cells = [result.batch, eager["median"], eager["q1"], eager["q3"], compiled["median"], compiled["q1"],
             compiled["q3"], result.speedup, result.verdict]
    if device == "cuda":
        dev_eager, dev_compiled = (s.us() for s in result.timing.device)
        cells += [dev_eager["median"], dev_eager["q1"], dev_eager["q3"], dev_compiled["median"],
                  dev_compiled["q1"], dev_compiled["q3"], result.timing.device_speedup,
                  result.timing.device_verdict, *result.launches]
    return cells + [result.bound(ceilings, fixed_cost_s), result.cost.bytes / result.seconds / 1e9,
                    result.compile_s, result.timing.latency[0].reps, result.timing.latency[1].reps]


def sweep(lab: Lab, name: str, model: torch.nn.Module, make_input: Callable[[int], torch.Tensor],
          batches: tuple[int, ...], budget_s: float, cost: Callable[[int], Cost], ceilings: Ceilings,
          stop_after_faster: int | None = None) -> list[SizeResult]:
    """Measure each batch size in turn and record table and figures `<name>_latency`.

    stop_after_faster: stop once compiled has been faster (on every clock) at that many sizes
    in a row; the sweep has then shown where compiling pays off, larger sizes only cost time.
    """
    results: list[SizeResult] = []
    streak = 0
    for batch in batches:
        lab.progress(f"{name}: batch {batch}, compiling then timing")
        result = measure_size(model, make_input, batch, lab.device, budget_s, cost(batch))
        results.append(result)
        clear_win = result.verdict == "faster" and result.timing.device_verdict in (None, "faster")
        streak = streak + 1 if clear_win else 0
        if stop_after_faster and streak >= stop_after_faster:
            break
    record(lab, name, results, ceilings)
    return results


def record(lab: Lab, name: str, results: list[SizeResult], ceilings: Ceilings) -> None:
    device = lab.device
    key = f"{name}_latency"
    fixed_cost_s = fixed_cost(results)
    lab.table(key, columns(device), [row(r, device, ceilings, fixed_cost_s) for r in results], units(device))
    lab.figure(key, key, x="batch", y=["eager_us", "compiled_us"],
               error_low={"eager_us": "eager_q1_us", "compiled_us": "compiled_q1_us"},
               error_high={"eager_us": "eager_q3_us", "compiled_us": "compiled_q3_us"},
               log_x=True, log_y=True)
    if device == "cuda":
        lab.figure(f"{name}_device_time", key, x="batch", y=["eager_dev_us", "compiled_dev_us"],
                   error_low={"eager_dev_us": "eager_dev_q1_us", "compiled_dev_us": "compiled_dev_q1_us"},
                   error_high={"eager_dev_us": "eager_dev_q3_us", "compiled_dev_us": "compiled_dev_q3_us"},
                   log_x=True, log_y=True)
    summarise(lab, name, [(r.batch, r.verdict) for r in results], "latency")
    if device == "cuda":
        summarise(lab, name, [(r.batch, r.timing.device_verdict) for r in results], "device")
        disagree = [r.batch for r in results if r.verdict != r.timing.device_verdict]
        lab.metric(f"{name}.clocks_disagree", "all" if len(disagree) == len(results) else "some" if disagree else "no")
        lab.metric(f"{name}.clocks_disagree_batches", ", ".join(map(str, disagree)) or "none")
    faster = [r.batch for r in results if r.verdict == "faster"]
    lab.metric(f"{name}.first_faster_batch", faster[0] if faster else "never")
    best = max(results, key=lambda r: r.speedup)
    lab.metric(f"{name}.best_speedup", best.speedup, "×")
    lab.metric(f"{name}.best_speedup_batch", best.batch)
    largest = results[-1]
    lab.metric(f"{name}.largest_batch", largest.batch)
    lab.metric(f"{name}.largest.verdict", largest.verdict)
    lab.metric(f"{name}.largest.speedup", largest.speedup, "×")
    lab.metric(f"{name}.largest.bound", largest.bound(ceilings, fixed_cost_s))
    lab.metric(f"{name}.smallest.bound", results[0].bound(ceilings, fixed_cost_s))
    lab.metric(f"{name}.compile_s_median", sorted(r.compile_s for r in results)[len(results) // 2], "s")
    # Context for the reader: above the core count, other programs competed for the cores.
    lab.metric(f"{name}.load_avg", os.getloadavg()[0])


def fixed_cost(results: list[SizeResult]) -> float:
    """What a call of this sweep costs whatever its size: the smallest size's time."""
    return min(r.seconds for r in results)


def summarise(lab: Lab, name: str, verdicts: list[tuple[int, str]], clock: str) -> None:
    """The sweep in one sentence per language, and its shape, from every row."""
    suffix = "" if clock == "latency" else ".device"
    lab.metric(f"{name}.outcome{suffix}", prose.sweep_outcome([v for _, v in verdicts]))
    for lang, what in (("en", "batch sizes"), ("es", "tamaños de lote")):
        lab.metric(f"{name}.summary{suffix}.{lang}", prose.sweep_sentence(verdicts, lang, what))
