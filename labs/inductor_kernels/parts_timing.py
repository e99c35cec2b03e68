"""Lab 03's timing parts: the machine's ceilings, eager against compiled for both models,
CUDA graphs, and max-autotune. They run after every capture part, with dumps and logs off.

Every comparison changes one thing: compiled against eager; reduce-overhead against the
default compiled forward; max-autotune against default with the same freezing setting and,
on a GPU, without CUDA graphs ("max-autotune-no-cudagraphs"), since reduce-overhead measures
those on their own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch._inductor import config as inductor_config

from labs.common import autotune, measure, minigpt
from labs.common.ceilings import bound_by, call_floor, copy_bandwidth, matmul_peak
from labs.common.harness import Lab
from labs.inductor_kernels.inputs import LogitsOnly, minigpt_input, tinyhead_input
from labs.inductor_kernels.profiling import Ceilings, Cost, fixed_cost, sweep
from labs.inductor_kernels.settings import SEED, SETTINGS, TINYHEAD_FEATURES, TINYHEAD_SEED_BATCH, TINYHEAD_VOCAB
from labs.inductor_kernels.tinyhead import TinyHead

FLOAT = 4  # bytes per float32


# -- ceilings ------------------------------------------------------------------------------

@dataclass(frozen=True)
class MemoryBoundKernel:
    name: str
    fn: Callable[[torch.Tensor], torch.Tensor]
    shape: tuple[int, ...]
    extra_bytes: int = 0          # what the kernel reads besides its input (a mask)


def memory_bound_kernels(rows: int, heads: int, seq: int, pointwise: int, device: str) -> list[MemoryBoundKernel]:
    """The three kinds of kernel the labs show, each reading its input once and writing once."""
    mask = torch.ones(seq, seq, dtype=torch.bool, device=device).triu(1)
    scale = 1 / math.sqrt(64)
    return [
        MemoryBoundKernel("softmax", lambda x: torch.softmax(x, dim=-1), (rows, TINYHEAD_VOCAB)),
        MemoryBoundKernel("attention_softmax",
                          lambda s: torch.softmax((s * scale).masked_fill(mask, float("-inf")), dim=-1),
                          (heads, seq, seq), extra_bytes=seq * seq),
        MemoryBoundKernel("gelu", torch.nn.functional.gelu, (pointwise,)),
    ]


def part_ceilings(lab: Lab) -> Ceilings:
    """Copy bandwidth and matmul rate, then three memory-bound kernels against the copy."""
    settings = SETTINGS[lab.preset]
    budget = settings.bench_budget_s
    lab.progress("copy bandwidth and matmul rate")
    ceilings = Ceilings(bandwidth=copy_bandwidth(lab.device, budget_s=budget),
                        peak_flops=matmul_peak(lab.device, budget_s=budget),
                        call_floor_s=call_floor(lab.device, budget_s=budget))
    lab.metric("ceilings.copy_gb_s", ceilings.bandwidth / 1e9, "GB/s")
    lab.metric("ceilings.matmul_tflops", ceilings.peak_flops / 1e12, "TFLOP/s")
    lab.metric("ceilings.call_floor_us", ceilings.call_floor_s * 1e6, "µs")
    lab.metric("ceilings.clock", "device" if lab.device == "cuda" else "latency")
    rows = []
    shapes = settings.ceiling_shapes[lab.device]
    for kernel in memory_bound_kernels(*shapes, device=lab.device):
        lab.progress(f"{kernel.name} {kernel.shape}")
        x = torch.randn(kernel.shape, device=lab.device)
        compiled = torch.compile(kernel.fn, dynamic=False)
        compiled(x)  # compile now; its time is not what this part is about
        timing = measure.compare(lambda k=kernel, x=x: k.fn(x), lambda c=compiled, x=x: c(x), lab.device,
                                 budget_s=budget)
        eager, fast = timing.device or timing.latency
        moved = 2 * x.numel() * FLOAT + kernel.extra_bytes
        achieved = moved / fast.median_s
        bound = bound_by(fast.median_s, moved, 8 * x.numel(), ceilings.bandwidth, ceilings.peak_flops,
                         ceilings.call_floor_s)
        rows.append([kernel.name, " × ".join(map(str, kernel.shape)), moved / 1e6, eager.median_s * 1e6,
                     fast.median_s * 1e6, moved / eager.median_s / 1e9, achieved / 1e9,
                     100 * achieved / ceilings.bandwidth, bound])
        lab.metric(f"ceilings.{kernel.name}.compiled_gb_s", achieved / 1e9, "GB/s")
        lab.metric(f"ceilings.{kernel.name}.share_of_copy", 100 * achieved / ceilings.bandwidth, "%")
        lab.metric(f"ceilings.{kernel.name}.bound", bound)
    lab.table("ceilings", ["kernel", "shape", "mbytes", "eager_us", "compiled_us", "eager_gb_s",
                           "compiled_gb_s", "share_of_copy", "bound"], rows,
              {"mbytes": "MB", "eager_us": "µs", "compiled_us": "µs", "eager_gb_s": "GB/s",
               "compiled_gb_s": "GB/s", "share_of_copy": "%"})
    return ceilings


# -- eager against compiled -----------------------------------------------------------------

def tinyhead_cost(batch: int) -> Cost:
    """Read the input and the weights, write the probabilities; the matmul's flops and a few
    per softmax element (max, sub, exp, sum, div)."""
    d, vocab = TINYHEAD_FEATURES, TINYHEAD_VOCAB
    moved = FLOAT * (batch * d + d * vocab + vocab + batch * vocab)
    return Cost(bytes=moved, flops=2 * batch * d * vocab + 5 * batch * vocab)


def minigpt_cost(model: minigpt.MiniGPT) -> Callable[[int], Cost]:
    """A floor for one forward: every weight read once, token ids in, logits out; two flops per
    weight per token plus attention's two (T × T) products per layer."""
    c = model.config
    params = minigpt.param_count(model)

    def cost(batch: int) -> Cost:
        tokens = batch * c.block_size
        moved = FLOAT * params + 8 * tokens + FLOAT * tokens * c.vocab_size
        flops = 2 * params * tokens + 4 * c.n_layer * batch * c.block_size**2 * c.n_embd
        return Cost(bytes=moved, flops=flops)
    return cost


def part_timing_tinyhead(lab: Lab, ceilings: Ceilings) -> None:
    settings = SETTINGS[lab.preset]
    torch.manual_seed(SEED)
    model = TinyHead(d=TINYHEAD_FEATURES, vocab=TINYHEAD_VOCAB).to(lab.device).eval()
    results = sweep(lab, "tinyhead", model, lambda b: tinyhead_input(b, lab.device), settings.tinyhead_batches,
                    settings.bench_budget_s, tinyhead_cost, ceilings)
    seed = next(r for r in results if r.batch == TINYHEAD_SEED_BATCH)
    eager, compiled = seed.timing.latency
    lab.metric("tinyhead.seed.eager_us", eager.median_s * 1e6, "µs")
    lab.metric("tinyhead.seed.compiled_us", compiled.median_s * 1e6, "µs")
    lab.metric("tinyhead.seed.speedup", seed.speedup, "×")
    lab.metric("tinyhead.seed.verdict", seed.verdict)
    lab.metric("tinyhead.seed.bound", seed.bound(ceilings, fixed_cost(results)))
    if seed.timing.device:
        eager_dev, compiled_dev = seed.timing.device
        lab.metric("tinyhead.seed.eager_dev_us", eager_dev.median_s * 1e6, "µs")
        lab.metric("tinyhead.seed.compiled_dev_us", compiled_dev.median_s * 1e6, "µs")
        lab.metric("tinyhead.seed.dev_verdict", seed.timing.device_verdict)
        lab.metric("tinyhead.seed.launches_eager", seed.launches[0])
        lab.metric("tinyhead.seed.launches_compiled", seed.launches[1])


def part_timing_minigpt(lab: Lab, ceilings: Ceilings, gpt: minigpt.MiniGPT) -> None:
    settings = SETTINGS[lab.preset]
    sweep(lab, "minigpt", LogitsOnly(gpt), lambda b: minigpt_input(gpt, b, lab.device), settings.minigpt_batches,
          settings.bench_budget_s, minigpt_cost(gpt), ceilings, stop_after_faster=settings.pays_off_after)


# -- one change at a time: CUDA graphs, max-autotune ---------------------------------------------

def compiled_pair(model: torch.nn.Module, x: torch.Tensor, device: str, baseline: dict, candidate: dict
                  ) -> tuple[Callable, Callable, float, float]:
    """Two compiled variants of `model`, each compiled in its own cold cache, both kept alive."""
    first = torch.compile(model, dynamic=False, **baseline)
    second = torch.compile(model, dynamic=False, **candidate)
    first_s = measure.compile_seconds(lambda: first(x), device)
    second_s = measure.compile_seconds(lambda: second(x), device, reset_dynamo=False)
    return (lambda: first(x)), (lambda: second(x)), first_s, second_s


def part_cuda_graphs(lab: Lab, gpt: minigpt.MiniGPT) -> None:
    """GPU only: mode="reduce-overhead" replays the forward as one CUDA graph, which removes
    the per-kernel launch cost that dominates a small model at a small batch."""
    settings = SETTINGS[lab.preset]
    model = LogitsOnly(gpt)
    rows = []
    for batch in settings.cuda_graph_batches:
        lab.progress(f"reduce-overhead against default, batch {batch}")
        x = minigpt_input(gpt, batch, lab.device)
        default, graphed, default_s, graphed_s = compiled_pair(model, x, lab.device, {"mode": "default"},
                                                               {"mode": "reduce-overhead"})
        timing = measure.compare(default, graphed, lab.device, budget_s=settings.bench_budget_s)
        (lat_default, lat_graphed), (dev_default, dev_graphed) = timing.latency, timing.device
        # reduce-overhead's forward is a CUDA graph already and cannot be captured again, so the
        # comparison's device times are queued calls; the default forward replayed as a graph
        # is what its kernels alone take, the floor that removing launches can reach
        kernels = measure.device_time(default, lab.device, budget_s=settings.bench_budget_s / 4)
        rows.append([batch, lat_default.median_s * 1e6, lat_graphed.median_s * 1e6, timing.speedup,
                     timing.verdict, dev_default.median_s * 1e6, dev_graphed.median_s * 1e6,
                     timing.device_speedup, timing.device_verdict, kernels.median_s * 1e6, kernels.method,
                     default_s, graphed_s])
        lab.metric(f"cuda_graphs.b{batch}.verdict", timing.verdict)
        lab.metric(f"cuda_graphs.b{batch}.speedup", timing.speedup, "×")
        lab.metric(f"cuda_graphs.b{batch}.dev_verdict", timing.device_verdict)
        lab.metric("cuda_graphs.device_method", timing.device_method)
    lab.table("cuda_graphs", ["batch", "default_us", "reduce_overhead_us", "speedup", "verdict",
                              "default_dev_us", "reduce_overhead_dev_us", "dev_speedup", "dev_verdict",
                              "default_kernels_us", "default_kernels_method",
                              "default_compile_s", "reduce_overhead_compile_s"], rows,
              {"default_us": "µs", "reduce_overhead_us": "µs", "speedup": "×", "default_dev_us": "µs",
               "reduce_overhead_dev_us": "µs", "dev_speedup": "×", "default_kernels_us": "µs",
               "default_compile_s": "s", "reduce_overhead_compile_s": "s"})
    lab.metric("cuda_graphs.smallest.verdict", rows[0][4])
    lab.metric("cuda_graphs.smallest.dev_verdict", rows[0][8])
    lab.metric("cuda_graphs.smallest.kernels_us", rows[0][9], "µs")
    lab.metric("cuda_graphs.smallest.graphed_us", rows[0][2], "µs")


def part_autotune(lab: Lab, gpt: minigpt.MiniGPT) -> None:
    """max-autotune against default at one batch, both compiled cold, timed interleaved.

    The one change is the autotuning. On a CPU both sides freeze the weights into the graph
    (`freezing`): without it max-autotune has no GEMM template to choose from. On a GPU both
    leave CUDA graphs out. The search is bounded as in every lab (`labs/common/autotune.py`);
    the bounds are recorded for the page.
    """
    settings = SETTINGS[lab.preset]
    freezing = lab.device == "cpu"
    candidate = "max-autotune" if lab.device == "cpu" else "max-autotune-no-cudagraphs"
    model = LogitsOnly(gpt)
    x = minigpt_input(gpt, settings.autotune_batch, lab.device)
    lab.progress(f"{candidate} against default at batch {settings.autotune_batch}")
    options = autotune.bounded_mode_options(candidate, lab.device)
    with inductor_config.patch(freezing=freezing, **autotune.QUIET):
        default, tuned, default_s, tuned_s = compiled_pair(model, x, lab.device, {"mode": "default"},
                                                           {"options": options})
    timing = measure.compare(default, tuned, lab.device, budget_s=settings.bench_budget_s)
    clock = timing.device or timing.latency
    lab.metric("autotune.batch", settings.autotune_batch)
    lab.metric("autotune.mode", candidate)
    lab.metric("autotune.freezing", "yes" if freezing else "no")
    lab.metric("autotune.bounds", ", ".join(f"{k}={v}" for k, v in autotune.bounds(lab.device).items()))
    lab.metric("autotune.default.compile_s", default_s, "s")
    lab.metric("autotune.max_autotune.compile_s", tuned_s, "s")
    lab.metric("autotune.compile_ratio", tuned_s / default_s, "×")
    lab.metric("autotune.default.us", clock[0].median_s * 1e6, "µs")
    lab.metric("autotune.max_autotune.us", clock[1].median_s * 1e6, "µs")
    lab.metric("autotune.clock", clock[0].clock)
    lab.metric("autotune.speedup", clock[0].median_s / clock[1].median_s, "×")
    lab.metric("autotune.verdict", measure.verdict(*clock))
    rows = [[name, freezing, compile_s, stats.median_s * 1e6, stats.q1_s * 1e6, stats.q3_s * 1e6, stats.reps]
            for name, compile_s, stats in (("default", default_s, clock[0]), (candidate, tuned_s, clock[1]))]
    lab.table("autotune", ["mode", "freezing", "compile_s", "median_us", "q1_us", "q3_us", "reps"], rows,
              {"compile_s": "s", "median_us": "µs", "q1_us": "µs", "q3_us": "µs"})
