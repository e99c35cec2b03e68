"""Valid manifests for tests, built in code so each test can break exactly one field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from labs.common.claims import Run

ROOT = Path(__file__).resolve().parent.parent

BASE = {
    "schema_version": 1,
    "lab": "inductor_kernels",
    "device": "cpu",
    "status": "ok",
    "parts": {"A": {"title": "Compile match", "status": "ok", "wall_s": 1.0},
              "D": {"title": "GPU only", "status": "skipped", "requires": "cuda",
                    "reason": "needs a CUDA device; this run used cpu", "wall_s": 0.0}},
    "metrics": {"err": {"value": 4.656612873077393e-10, "unit": ""},
                "eager_us": {"value": 11.757, "unit": "µs"},
                "rows": {"value": 65536, "unit": ""},
                "verdict": {"value": "slower", "unit": ""}},
    "checks": {"match": {"value": 4.656612873077393e-10, "op": "<", "threshold": 1e-06, "passed": True,
                         "unit": "", "label": {"en": "Compiled matches eager", "es": "Lo compilado coincide con eager"}},
               "fast": {"value": 0.41, "op": ">", "threshold": 1.0, "passed": False, "unit": "×"}},
    "tables": {"latency": {"columns": ["batch", "eager_us", "verdict"],
                           "rows": [[2, 11.757, "slower"], [65536, 1234.5, "same"]],
                           "units": {"eager_us": "µs"}}},
    "figures": {"latency": {"table": "latency", "x": "batch", "y": ["eager_us"], "kind": "line",
                            "error_low": {}, "error_high": {}, "log_x": True, "log_y": False}},
    "artifacts": {"kernel": {"path": "kernel.cpp", "language": "cpp"}},
    "provenance": {"torch": "2.13.0+cpu", "triton": None, "python": "3.11.7", "device": "cpu",
                   "device_name": "AMD EPYC", "cpu_model": "AMD EPYC", "cpu_threads": 2, "gpu_name": None,
                   "commit": "0123456789abcdef", "commit_dirty": False, "date_utc": "2026-11-21T13:06:00Z",
                   "preset": "full", "wall_s": 35.5, "cache_key": "abcdef0123456789",
                   "source_hash": "fedcba9876543210"},
}

# What a cuda run's provenance holds besides a CPU's: the GPU it ran on (results.py checks it).
GPU = {"device_name": "NVIDIA H100 80GB HBM3", "gpu_name": "NVIDIA H100 80GB HBM3", "gpu_count": 1}

KERNEL = "\n".join(f"line {n} of the kernel" for n in range(1, 51)) + "\n"


def manifest(**changes) -> dict:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def write_result(results: Path, lab: str = "inductor_kernels", device: str = "cpu", **changes) -> Path:
    data = manifest(lab=lab, device=device, **changes)
    data["provenance"] = dict(data["provenance"], device=device, **(GPU if device == "cuda" else {}))
    folder = results / lab / device
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(data))
    (folder / "kernel.cpp").write_text(KERNEL)
    return folder


def todays_code(lab: str = "inductor_kernels") -> dict:
    """Provenance of a run made by today's code of `lab` (BASE's own hash stands for older code,
    whose missing figures a page says are missing instead of stopping the build)."""
    from labs.common.fingerprint import source_hash
    return dict(BASE["provenance"], source_hash=source_hash(lab))


def committed(lab: str, device: str) -> Run:
    """The committed result of `lab` on `device`, as the claims read a run."""
    return Run(json.loads((ROOT / "results" / lab / device / "manifest.json").read_text()))
