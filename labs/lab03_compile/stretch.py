"""The seed's stretch goals that are not kernels: max-autotune against default, and export.

On CPU, max-autotune only has GEMM templates to choose from when weights are frozen into the
graph (`torch._inductor.config.freezing`, inference under no_grad): without freezing it has
nothing to tune and compiles like default. The setting is applied in-process for the
max-autotune compile only and restored afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch._inductor import config as inductor_config

from labs.lab03_compile import profiling


@dataclass(frozen=True)
class ModeResult:
    mode: str
    size: profiling.SizeResult
    freezing: bool


def compare_modes(model: torch.nn.Module, make_input, batch: int, device: str,
                  budget_s: float) -> list[ModeResult]:
    """default, then max-autotune (with freezing on CPU), each compiled fresh at `batch`."""
    results = []
    for mode in ("default", "max-autotune"):
        freeze = mode == "max-autotune" and device == "cpu"
        with inductor_config.patch(freezing=freeze):
            size = profiling.measure(model, make_input, batch, device, budget_s, {"mode": mode})
        results.append(ModeResult(mode, size, freeze))
    return results


def exported_graph(model: torch.nn.Module, example: torch.Tensor) -> str:
    """The ATen-level FX graph `torch.export.export` captures, as readable Python."""
    exported = torch.export.export(model, (example,))
    return exported.graph_module.print_readable(print_output=False)
