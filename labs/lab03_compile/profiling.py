"""Part E for any model: eager against compiled over input sizes, warm path, compile apart.

Each size gets a fresh compile (`torch._dynamo.reset()`), so no call ever recompiles and no
size is measured with dynamic shapes; the first call of each compile is its compile time.
Eager and compiled are then timed in alternating rounds (`interleaved`).
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch._inductor import config as inductor_config

from labs.common import timing
from labs.common.harness import Lab

COLUMNS = ["batch", "eager_us", "eager_min_us", "eager_p95_us",
           "compiled_us", "compiled_min_us", "compiled_p95_us",
           "speedup", "verdict", "compile_s", "eager_reps", "compiled_reps"]
UNITS = {c: "µs" for c in COLUMNS if c.endswith("_us")} | {"speedup": "×", "compile_s": "s"}


@dataclass(frozen=True)
class SizeResult:
    batch: int
    eager: timing.Timing
    compiled: timing.Timing
    compile_s: float

    @property
    def speedup(self) -> float:
        """Eager time over compiled time: above 1, compiling paid off."""
        return self.eager.median_s / self.compiled.median_s

    @property
    def verdict(self) -> str:
        return timing.verdict(self.eager, self.compiled)

    def row(self) -> list:
        e, c = self.eager, self.compiled
        return [self.batch, e.median_s * 1e6, e.min_s * 1e6, e.p95_s * 1e6,
                c.median_s * 1e6, c.min_s * 1e6, c.p95_s * 1e6,
                self.speedup, self.verdict, self.compile_s, e.reps, c.reps]


def measure(model: torch.nn.Module, make_input: Callable[[int], torch.Tensor], batch: int,
            device: str, budget_s: float, compile_kwargs: dict | None = None) -> SizeResult:
    torch._dynamo.reset()
    compiled = torch.compile(model, dynamic=False, **(compile_kwargs or {"mode": "default"}))
    x = make_input(batch)
    # No FX graph cache: every first call pays the whole compile, even for a shape an earlier
    # part already compiled, so the compile times of all sizes compare.
    with inductor_config.patch(fx_graph_cache=False):
        compile_s = timing.first_call_s(lambda: compiled(x), device)
    eager, fast = interleaved(lambda: model(x), lambda: compiled(x), device, budget_s)
    return SizeResult(batch=batch, eager=eager, compiled=fast, compile_s=compile_s)


ROUNDS = 4  # alternating rounds per measurement


def interleaved(first: Callable, second: Callable, device: str, budget_s: float
                ) -> tuple[timing.Timing, timing.Timing]:
    """Time two functions in alternating rounds, so both see the same machine load.

    On shared cores the load changes from second to second; timing one function and then
    the other would charge a busy spell to whichever ran during it. Each round benches
    both with a slice of the budget; a round's median is one vote, and the median of the
    votes is the result, so one disturbed round cannot decide it.
    """
    rounds: tuple[list[timing.Timing], list[timing.Timing]] = ([], [])
    for _ in range(ROUNDS):
        for fn, results in ((first, rounds[0]), (second, rounds[1])):
            results.append(timing.bench(fn, device, warmup=1, min_reps=3, max_reps=50,
                                        budget_s=budget_s / ROUNDS))
    return merge(rounds[0]), merge(rounds[1])


def merge(parts: list[timing.Timing]) -> timing.Timing:
    """One Timing from several rounds: the median of their medians, the spread of them all."""
    medians = sorted(t.median_s for t in parts)
    p95s = sorted(t.p95_s for t in parts)
    return timing.Timing(median_s=statistics.median(medians), min_s=min(t.min_s for t in parts),
                         max_s=max(t.max_s for t in parts), p95_s=statistics.median(p95s),
                         reps=sum(t.reps for t in parts), budget_s=sum(t.budget_s for t in parts))


def sweep(lab: Lab, name: str, model: torch.nn.Module, make_input: Callable[[int], torch.Tensor],
          batches: tuple[int, ...], budget_s: float, stop_after_faster: int | None = None
          ) -> list[SizeResult]:
    """Measure each batch size in turn and record table `<name>_latency`, its figure, metrics.

    stop_after_faster: stop once compiled has been faster at that many sizes in a row; the
    sweep has then shown where compiling pays off, and larger sizes would only cost time.
    """
    results: list[SizeResult] = []
    streak = 0
    for batch in batches:
        lab.progress(f"{name} batch {batch}")
        result = measure(model, make_input, batch, lab.device, budget_s)
        results.append(result)
        streak = streak + 1 if result.verdict == "faster" else 0
        if stop_after_faster and streak >= stop_after_faster:
            break
    record(lab, name, results)
    return results


def record(lab: Lab, name: str, results: list[SizeResult]) -> None:
    lab.table(f"{name}_latency", COLUMNS, [r.row() for r in results], UNITS)
    lab.figure(f"{name}_latency", f"{name}_latency", x="batch", y=["eager_us", "compiled_us"],
               error_low={"eager_us": "eager_min_us", "compiled_us": "compiled_min_us"},
               error_high={"eager_us": "eager_p95_us", "compiled_us": "compiled_p95_us"},
               log_x=True, log_y=True)
    faster = [r.batch for r in results if r.verdict == "faster"]
    # A categorical summary the page branches on: "never", or the first size that paid off.
    lab.metric(f"{name}.first_faster_batch", faster[0] if faster else "never")
    best = max(results, key=lambda r: r.speedup)
    lab.metric(f"{name}.best_speedup", best.speedup, "×")
    lab.metric(f"{name}.best_speedup_batch", best.batch)
    largest = results[-1]
    lab.metric(f"{name}.largest_batch", largest.batch)
    lab.metric(f"{name}.largest.verdict", largest.verdict)
    lab.metric(f"{name}.largest.speedup", largest.speedup, "×")
    lab.metric(f"{name}.compile_s_median", sorted(r.compile_s for r in results)[len(results) // 2], "s")
    # Context for the reader: above the core count, other programs competed for the cores.
    lab.metric(f"{name}.load_avg", os.getloadavg()[0])
    lab.metric("machine.cores", os.cpu_count() or 0)
    lab.metric("machine.torch_threads", torch.get_num_threads())
