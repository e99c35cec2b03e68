"""Benchmark: what the capstone's float restart cost, one change at a time.

    python3 scripts/bench_float_restart.py [--device cuda] [--repeats 2] [--backend compile_default] [--out DIR]

With dynamic=True Dynamo traces LayerNorm's eps as a symbolic float, then restarts the frame's
analysis to make it a constant (TensorifyScalarRestartAnalysis); the capstone's serving parts
compile under specialize_float=True instead (labs/capstone/llm_bench/backends.py,
floats_as_constants). This times the first generation of one compiled backend on the
GPT-2-small-shaped model (the lab's full GPU shape and dtype), which holds its cold compile,
both ways: each run in a fresh process with cold caches, the two ways alternating. It prints
each run's seconds and restarts, and the medians; OUT/float_restart.json keeps every run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # the repository root: labs.*

WAYS = ("symbolic", "constant")   # floats as torch.compile reads them, and as the capstone reads them


def first_generation(device: str, backend_name: str, way: str) -> dict:
    """In this process: the backend's first generation, its compile included (cold caches)."""
    import torch

    from labs.capstone.llm_bench import backends, compile_events, models, workloads
    from labs.capstone.llm_bench.base import GenerationConfig

    loaded = models.gpt2_small_shaped(device, torch.float16 if device == "cuda" else torch.float32)
    workload = workloads.WORKLOADS["chat_short"]
    backend = backends.make_backend(backend_name, device)
    backend.load_model("gpt2_small_shaped", loaded=loaded)
    generate = lambda: backend.generate(workload.prompt_ids(models.GPT2_VOCAB), GenerationConfig(max_new_tokens=8))
    run = backends.floats_as_constants(generate) if way == "constant" else generate
    started = time.perf_counter()
    run()
    if device == "cuda":
        torch.cuda.synchronize()
    seconds = time.perf_counter() - started
    return {"way": way, "first_generation_s": seconds, "restarts": compile_events.restarts(),
            "torch": torch.__version__,
            "device_name": torch.cuda.get_device_name() if device == "cuda" else "cpu"}


def in_fresh_process(device: str, backend: str, way: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="float-restart-") as scratch:
        env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=f"{scratch}/inductor", TRITON_CACHE_DIR=f"{scratch}/triton",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])))
        done = subprocess.run([sys.executable, __file__, "--child", way, "--device", device, "--backend", backend],
                              env=env, cwd=ROOT, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"bench_float_restart: the {way} run failed:\n{done.stderr[-2000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda", choices=("cpu", "cuda"))
    parser.add_argument("--backend", default="compile_default", choices=("compile_default", "static_kv"))
    parser.add_argument("--repeats", type=int, default=2, help="runs of each way, alternating")
    parser.add_argument("--out", type=Path, default=Path("/tmp/bench-float-restart"))
    parser.add_argument("--child", choices=WAYS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(first_generation(args.device, args.backend, args.child)))
        return 0
    if args.repeats < 1:
        parser.error("--repeats takes at least 1")
    runs = [in_fresh_process(args.device, args.backend, way) for _ in range(args.repeats) for way in WAYS]
    print(f"{runs[0]['device_name']}, torch {runs[0]['torch']}, {args.backend}, GPT-2-small-shaped, "
          "first generation (its cold compile included), fresh process each:")
    for run in runs:
        print(f"  {run['way']:<9} {run['first_generation_s']:7.2f} s  restarts {run['restarts']}")
    medians = {way: statistics.median(r["first_generation_s"] for r in runs if r["way"] == way) for way in WAYS}
    print(f"median: symbolic floats {medians['symbolic']:.2f} s, constant floats {medians['constant']:.2f} s "
          f"({medians['symbolic'] - medians['constant']:+.2f} s)")
    args.out.mkdir(parents=True, exist_ok=True)
    summary = {"device": args.device, "backend": args.backend, "runs": runs, "median_s": medians}
    (args.out / "float_restart.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(f"written: {args.out / 'float_restart.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
