"""Benchmark: what max-autotune's compile of Compile and Compare's training step costs, per search.

    python scripts/bench_autotune.py --device cuda [--timeout 240] [--parallel]

Each variant compiles the lab's full-preset training step once, in its own process and its
own empty Inductor cache, and prints the first call's seconds (compile included) and how many
matrix products Inductor benchmarked. The variants split max-autotune in its two searches
(GEMM templates, and the extra configurations of generated pointwise/reduction kernels), so the
lab's bounds can be chosen from a measurement. --parallel starts them together: compile times
then share the machine's cores, fine for finding the expensive search, not for quoting.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the repository root: labs.common
from labs.common import autotune

VARIANTS = {
    "default": {},
    "gemm_search": {"max_autotune_gemm": True, "max_autotune_gemm_backends": "ATEN,TRITON"},
    "pointwise_search": {"max_autotune_pointwise": True},
    "lab_bounds": {"max_autotune": True, "max_autotune_gemm_search_space": "DEFAULT",
                   "max_autotune_gemm_backends": "ATEN,TRITON", "coordinate_descent_tuning": False},
    "no_epilogue_benchmark": {"max_autotune": True, "max_autotune_gemm_backends": "ATEN,TRITON",
                              "coordinate_descent_tuning": False, "benchmark_epilogue_fusion": False},
    "no_decompose_k": {"max_autotune": True, "max_autotune_gemm_backends": "ATEN,TRITON",
                       "coordinate_descent_tuning": False, "benchmark_epilogue_fusion": False,
                       "triton.num_decompose_k_splits": 0},
    # the last rung: the bounds every lab runs max-autotune with, read from where they live
    "few_mm_configs": {"max_autotune": True, **autotune.BOUNDS["cuda"]},
    "forward_only": {"max_autotune": True, "max_autotune_gemm_backends": "ATEN,TRITON",
                     "coordinate_descent_tuning": False, "benchmark_epilogue_fusion": False},
}
# Variants that compile the model's forward alone (inference) instead of the training step.
FORWARD_ONLY = {"forward_only"}

CHILD = """
import json, os, sys, time
import torch, torch._dynamo.utils
from labs.compile_compare import compiling, training
from labs.compile_compare.settings import SETTINGS
from labs.common import measure
settings, device, options, forward = SETTINGS["full"], sys.argv[1], json.loads(sys.argv[2]), sys.argv[3] == "forward"
replica = training.new_replicas(settings.model, device, 1)[0]
idx, targets = training.batches(settings.batch_size, settings.seq_len, device)[0]
if forward:  # inference: the forward graph's matrix products only
    compiled = torch.compile(replica.model, dynamic=False, options=options or None)
    def step():
        with torch.no_grad():
            return compiled(idx)
else:
    step = training.on_rotation(compiling.compiled_step(replica, options=options or None),
                                training.batches(settings.batch_size, settings.seq_len, device))
seconds = measure.first_call_s(step, device)
tuned = int(torch._dynamo.utils.counters["inductor"]["select_algorithm_autotune"])
print(json.dumps({"first_call_s": round(seconds, 1), "gemm_autotunes": tuned}))
"""


def start(name: str, device: str, options: dict) -> tuple[subprocess.Popen, str]:
    """The variant compiling in a child process, and the empty cache folder it compiles into."""
    cache = tempfile.mkdtemp(prefix=f"bench-autotune-{name}-")
    env = {"TORCHINDUCTOR_CACHE_DIR": cache, "TRITON_CACHE_DIR": f"{cache}/triton"}
    return subprocess.Popen([sys.executable, "-c", CHILD, device, json.dumps(options),
                             "forward" if name in FORWARD_ONLY else "train"], env={**os.environ, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True), cache


def finish(name: str, running: tuple[subprocess.Popen, str], started: float, timeout: float) -> None:
    process, cache = running
    try:
        out, _ = process.communicate(timeout=max(1.0, timeout - (time.monotonic() - started)))
        lines = out.strip().splitlines()
        result = json.loads(lines[-1]) if process.returncode == 0 and lines else {"error": f"exit {process.returncode}"}
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        result = {"first_call_s": f"> {timeout:.0f} (stopped)"}
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print(f"{name:18} {json.dumps(VARIANTS[name])}\n{'':18} {json.dumps(result)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--timeout", type=float, default=240.0)
    parser.add_argument("--parallel", action="store_true")
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    if args.parallel:
        started = time.monotonic()
        running = {name: start(name, args.device, VARIANTS[name]) for name in args.variants}
        for name, child in running.items():
            finish(name, child, started, args.timeout)
    else:
        for name in args.variants:
            finish(name, start(name, args.device, VARIANTS[name]), time.monotonic(), args.timeout)


if __name__ == "__main__":
    main()
