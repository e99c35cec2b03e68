"""Small helpers every part of the capstone uses to record what it measured."""

from __future__ import annotations

from typing import Any

import torch

from labs.common import ceilings, measure
from labs.common.harness import Lab

BILINGUAL = dict[str, str]


def require(lab: Lab, *keys: str) -> None:
    """End a part with an error when one of its checks failed: a failed check fails the part."""
    failed = [key for key in keys if not lab.result["checks"][key]["passed"]]
    if failed:
        details = "; ".join(f"{k}: {lab.result['checks'][k]['value']} {lab.result['checks'][k]['op']} "
                            f"{lab.result['checks'][k]['threshold']} is false" for k in failed)
        raise RuntimeError(f"check(s) failed: {details}")


def yes_no(flag: bool) -> str:
    """A table cell the pages translate ("yes" / "sí")."""
    return "yes" if flag else "no"


def stats_ms(stats: measure.Stats | None) -> dict[str, float | int | None]:
    if stats is None:
        return {"ms": None, "q1_ms": None, "q3_ms": None, "reps": None}
    return {"ms": stats.median_s * 1e3, "q1_ms": stats.q1_s * 1e3, "q3_ms": stats.q3_s * 1e3, "reps": stats.reps}


def clock_of(comparison: measure.Comparison) -> tuple[measure.Stats, measure.Stats]:
    """The pair a verdict uses: device time on a GPU, latency on a CPU."""
    return comparison.device or comparison.latency


def dtype_of(name: str) -> torch.dtype:
    return getattr(torch, name)


def record_ceilings(lab: Lab, dtypes: tuple[str, ...]) -> dict[str, Any]:
    """The device's copy bandwidth and matmul rate: the floors everything is held against."""
    lab.progress("copy bandwidth and matmul peak")
    copy = ceilings.copy_bandwidth(lab.device)
    lab.metric("ceiling.copy_gbs", copy / 1e9, "GB/s")
    peaks = {}
    for name in dtypes:
        peaks[name] = ceilings.matmul_peak(lab.device, dtype_of(name))
        lab.metric(f"ceiling.matmul_tflops.{name}", peaks[name] / 1e12, "TFLOP/s")
    return {"copy": copy, "matmul": peaks}
