"""memfuse's Linear + GELU against Inductor's code for the same subgraph, side by side.

One case is GPT-2 small's MLP up-projection, x (M x 768) @ W^T (768 -> 3072) + b, then GELU
(the tanh form GPT-2 uses). Three implementations run it:
- memfuse's operator: the hand-written Triton kernel on a GPU, ATen's linear and gelu on a CPU;
- `torch.compile` with Inductor's default mode;
- `torch.compile` with max-autotune (GPU only; without CUDA graphs, which change launches,
  not kernels; its search bounded as in every lab, `labs/common/autotune.py`); the GEMM
  candidates its autotuning timed, and the one it chose, are recorded (`AutotuneLog`);
- the library's own fused epilogue, `torch._addmm_activation(b, x, Wᵀ, use_gelu=True)`: on a GPU
  one cuBLASLt call with the (tanh) GELU in its epilogue; on a CPU ATen's addmm then an exact
  (erf) GELU, which is not GPT-2's tanh form: its error column says how far that is.
Each baseline is timed against memfuse's operator in interleaved rounds of its own
(labs.common.measure.compare): on a GPU the verdict uses device time, on a CPU latency.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.nn.functional as F

from labs.capstone.memfuse import inductor_code
from labs.capstone.memfuse.ops import fused_linear_gelu
from labs.capstone.numerics import kernel_tolerance, relative_error
from labs.common import autotune, measure

N_FEATURES, K_FEATURES = 3072, 768
TARGET = 0.9    # memfuse's speed relative to Inductor's (Inductor time / memfuse time) to reach


def linear_gelu_subgraph(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    return F.gelu(F.linear(x, weight, bias), approximate="tanh")


@dataclass
class CaseResult:
    rows: int
    dtype: str
    device: str
    memfuse: measure.Stats
    default: measure.Stats
    max_autotune: measure.Stats | None
    error: float
    tolerance: float
    default_strategy: str
    max_strategy: str | None
    compile_s: dict[str, float]
    tuning: list[tuple[str, float]] = field(default_factory=list)   # (tile, ms) tried by autotune
    best_tile: str | None = None
    codes: dict[str, str] = field(default_factory=dict)              # variant -> Inductor's code
    library: measure.Stats | None = None                              # torch._addmm_activation
    library_error: float | None = None
    # baseline -> memfuse's own side of that baseline's comparison (ratios never mix comparisons)
    memfuse_sides: dict[str, measure.Stats] = field(default_factory=dict)
    autotune_choices: list[tuple[str, float]] = field(default_factory=list)   # max-autotune's GEMM timings

    @property
    def flops(self) -> float:
        return 2.0 * self.rows * N_FEATURES * K_FEATURES

    def ratio(self, baseline: str) -> float | None:
        """Inductor's time over memfuse's: above 1 memfuse is faster."""
        stats = getattr(self, baseline)
        if stats is None:
            return None
        return stats.median_s / self.memfuse_sides.get(baseline, self.memfuse).median_s

    def best_inductor(self) -> str:
        """The faster of Inductor's two modes on this case (by ratio: each has its own comparison)."""
        tuned = self.ratio("max_autotune")
        return "max_autotune" if tuned is not None and tuned < self.ratio("default") else "default"

    def tflops(self, variant: str) -> float | None:
        stats = getattr(self, variant)
        return self.flops / stats.median_s / 1e12 if stats is not None else None

    @property
    def label(self) -> str:
        return f"M={self.rows} {self.dtype}"


def _inputs(rows: int, dtype: torch.dtype, device: str) -> tuple[torch.Tensor, ...]:
    generator = torch.Generator().manual_seed(rows)
    x = torch.randn(rows, K_FEATURES, generator=generator)
    weight = torch.randn(N_FEATURES, K_FEATURES, generator=generator) / K_FEATURES ** 0.5
    bias = 0.1 * torch.randn(N_FEATURES, generator=generator)
    return tuple(t.to(device=device, dtype=dtype) for t in (x, weight, bias))


def _compile(options: dict[str, Any] | None, args: tuple[torch.Tensor, ...]) -> tuple[Any, float, str]:
    """Inductor's default mode (options=None), or the given options, compiled and captured."""
    compiled = torch.compile(linear_gelu_subgraph, dynamic=False, fullgraph=True, options=options)
    started = time.perf_counter()
    _, code = inductor_code.compile_and_capture(compiled, *args)
    return compiled, time.perf_counter() - started, code


def library_epilogue(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """The library's fused Linear + GELU (cuBLASLt's GELU epilogue on a GPU)."""
    return torch._addmm_activation(bias, x, weight.t(), use_gelu=True)


class AutotuneLog:
    """Every GEMM candidate Inductor's autotuning timed, through its feedback hook where this torch
    has one (`select_algorithm.add_feedback_saver`); empty otherwise."""

    def __init__(self):
        self.timings: list[tuple[str, float]] = []

    def __enter__(self) -> AutotuneLog:
        from torch._inductor import select_algorithm
        self._module = select_algorithm if hasattr(select_algorithm, "add_feedback_saver") else None
        if self._module:
            self._module.add_feedback_saver(self._save)
        return self

    def _save(self, timings, name, *_rest) -> None:
        for choice, ms in timings.items():
            label = getattr(choice, "name", type(choice).__name__)
            config = getattr(choice, "description", "")
            self.timings.append((f"{name}: {label}" + (f" ({config})" if config else ""), float(ms)))

    def __exit__(self, *_exc) -> None:
        if self._module and hasattr(self._module, "clear_feedback_savers"):
            self._module.clear_feedback_savers()


def run_case(rows: int, dtype_name: str, device: str, budget_s: float, max_autotune: bool) -> CaseResult:
    torch._dynamo.reset()  # one code object, a handful of cache entries: start each case empty
    dtype = getattr(torch, dtype_name)
    args = _inputs(rows, dtype, device)
    memfuse = lambda: fused_linear_gelu(*args, "tanh")
    if device == "cuda":
        from labs.capstone.memfuse import triton_kernel  # GPU only
        triton_kernel.forget_tuning()                    # tune this case afresh, keep its timings
    tune_s = measure.first_call_s(memfuse, device)       # on a GPU: Triton's autotuning
    tuning, best = _tuning(device)
    reference = linear_gelu_subgraph(*(t.double() for t in args))
    error = relative_error(memfuse(), reference)
    default, default_s, default_code = _compile(None, args)
    versus_default = measure.compare(lambda: default(*args), memfuse, device, budget_s=budget_s)
    versus_max, max_s, max_code, choices = None, None, None, []
    if max_autotune:
        # bounded as in every lab (labs/common/autotune.py); quiet: no table of every candidate
        options = autotune.bounded_mode_options("max-autotune-no-cudagraphs", device) | autotune.QUIET
        with AutotuneLog() as log:
            tuned, max_s, max_code = _compile(options, args)
        choices = sorted(log.timings, key=lambda pair: pair[1])
        versus_max = measure.compare(lambda: tuned(*args), memfuse, device, budget_s=budget_s)
    library = lambda: library_epilogue(*args)
    versus_library = measure.compare(library, memfuse, device, budget_s=budget_s)
    pick = lambda c: (c.device or c.latency) if c is not None else (None, None)
    sides = {"default": pick(versus_default)[1], "library": pick(versus_library)[1],
             **({"max_autotune": pick(versus_max)[1]} if versus_max else {})}
    return CaseResult(
        rows=rows, dtype=dtype_name, device=device, memfuse=pick(versus_default)[1],
        default=pick(versus_default)[0], max_autotune=pick(versus_max)[0], error=error,
        tolerance=kernel_tolerance(dtype, K_FEATURES), default_strategy=inductor_code.strategy(default_code),
        max_strategy=inductor_code.strategy(max_code) if max_code else None,
        compile_s={"memfuse_tune": tune_s, "default": default_s, **({"max_autotune": max_s} if max_s else {})},
        tuning=tuning, best_tile=best,
        codes={"default": default_code, **({"max_autotune": max_code} if max_code else {})},
        library=pick(versus_library)[0], library_error=relative_error(library(), reference), memfuse_sides=sides,
        autotune_choices=choices)


def _tuning(device: str) -> tuple[list[tuple[str, float]], str | None]:
    if device != "cuda":
        return [], None
    from labs.capstone.memfuse import triton_kernel  # GPU only
    best = triton_kernel.best_tile()
    return [(tile.label, ms) for tile, ms in triton_kernel.tuning_results()], best.label if best else None


def against(result: CaseResult, baseline: str) -> float | None:
    """memfuse's ratio against a baseline; "best_inductor" is the faster of Inductor's two modes."""
    return result.ratio(result.best_inductor() if baseline == "best_inductor" else baseline)


BASELINES = ("default", "max_autotune", "best_inductor", "library")


def target_summary(results: list[CaseResult], baseline: str, threshold: float = TARGET) -> dict[str, Any]:
    """Every case against one Inductor variant: how many reach the target, and the worst."""
    ratios = [(ratio, r.label) for r in results if (ratio := against(r, baseline)) is not None]
    if not ratios:
        return {"cases": 0, "met": 0, "worst_ratio": None, "worst_case": None, "verdict": "not_measured"}
    worst_ratio, worst_case = min(ratios)
    met = sum(1 for ratio, _ in ratios if ratio >= threshold)
    return {"cases": len(ratios), "met": met, "worst_ratio": worst_ratio, "worst_case": worst_case,
            "verdict": "met" if met == len(ratios) else "missed",
            "shortfall": max(0.0, threshold - worst_ratio)}
