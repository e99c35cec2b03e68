"""max-autotune's search, bounded the same way in every lab that runs it.

On a GPU, Inductor compiles and times every Triton configuration it lists for each matrix
product. Measured on an H100 with torch 2.11 (`scripts/bench_autotune.py`), Compile and
Compare's training step (21 matrix products) took more than 4 minutes unbounded and 49 s
with these bounds. They keep ATen and the first 4 Triton GEMM configurations per product
(`test_configs.max_mm_configs`, Inductor's own knob for a short list), without the split-K
variants (`triton.num_decompose_k_splits`), without benchmarking each choice again with its
fused epilogue, and without the coordinate-descent retuning of every generated kernel. The
pages list the bounds a run used, read from the run.
"""

from __future__ import annotations

import torch
import torch._inductor.config

BOUNDS = {
    "cpu": {"max_autotune_gemm_search_space": "DEFAULT"},
    "cuda": {"max_autotune_gemm_search_space": "DEFAULT", "max_autotune_gemm_backends": "ATEN,TRITON",
             "test_configs.max_mm_configs": 4, "triton.num_decompose_k_splits": 0,
             "benchmark_epilogue_fusion": False, "coordinate_descent_tuning": False},
}

# Quiet autotuning: no table of every candidate printed to the terminal; the labs record the outcome.
QUIET = {name: value for name, value in (("autotune_num_choices_displayed", 0),
                                         ("max_autotune_report_choices_stats", False))
         if hasattr(torch._inductor.config, name)}


def has_option(name: str) -> bool:
    """Whether this torch's Inductor has the option `name` (dotted for nested ones)."""
    return name in torch._inductor.config.get_config_copy()


def bounds(device: str, table: dict[str, dict[str, object]] = BOUNDS) -> dict[str, object]:
    """The options of `table` that bound the search on `device`, the ones this torch has."""
    return {name: value for name, value in table[device].items() if has_option(name)}


def bounded_mode_options(mode: str, device: str, table: dict[str, dict[str, object]] = BOUNDS) -> dict[str, object]:
    """`torch.compile(options=...)` for `mode` with its search bounded: the mode's own options
    (`torch._inductor.list_mode_options`), overridden by the bounds."""
    return {**torch._inductor.list_mode_options(mode), **bounds(device, table)}

