"""Benchmark: does running labs side by side move their compile and device times?

    python3 scripts/bench_side_by_side.py [--lab explain] [--repeats 5] [--neighbours LAB,...]
                                          [--solo-cores all|share] [--out /tmp/bench-sbs] [--preset full]

On a node of two GPUs or more (python3 with torch, no venv), it runs one lab `repeats` times
solo and `repeats` times beside others (as side by side runs it: GPU 0 and its share of the
cores, while the neighbour labs run on every other GPU with theirs, restarted until the measured
run ends), the two interleaved, each run with cold caches. Solo is what a serial
`scripts/gpu-results` does (--solo-cores all: every core, every GPU visible, no other lab) or,
with --solo-cores share, the side-by-side run without its neighbours (GPU 0 and the same share
of the cores): then the neighbours are the one change between the two. Then it prints every
timing the lab records (compile, device, latency; scripts/course/drift.py) with the solo runs'
spread, the side-by-side median and its drift, whether every side-by-side run lies beyond every
solo run (moved), and whether any compile or device time moved: the condition for publishing
figures from a side-by-side run, decided only with runs enough (drift.DECIDE_AT).
OUT/drift.json keeps it, each run's value included.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

# Run as a file on the bare GPU machine: the repository root (for labs.common, which gpu_node
# writes its JSON with) and scripts/course (drift, gpu_node) go on the path here, not in the caller.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "course"))
import drift
import gpu_node

ROOT = Path(__file__).resolve().parent.parent
# Compile-heavy labs as neighbours: the load a side-by-side run puts beside a lab.
DEFAULT_NEIGHBOURS = ("inductor_kernels", "compile_compare", "capstone", "kernel_history", "inside_compile")


@dataclass(frozen=True)
class Bench:
    lab: str
    repeats: int
    neighbours: tuple[str, ...]
    out: Path
    gpus: tuple[str, ...]
    cores: tuple[int, ...]
    preset: str = "full"
    command: tuple[str, ...] = ("{python}", "-m", "labs.{lab}", "--device", "cuda", "--preset", "{preset}",
                                "--out", "{out}")
    python: str = sys.executable
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    lead_s: float = 10.0       # neighbours start this long before the measured lab: it meets them mid-run
    solo_cores: str = "all"    # "all": as a serial run; "share": GPU 0 and its share, as beside, alone


def command_for(bench: Bench, lab: str, out: Path) -> list[str]:
    values = {"python": bench.python, "lab": lab, "preset": bench.preset, "out": str(out)}
    return [part.format(**values) for part in bench.command]


def measured_headers(bench: Bench) -> Path:
    """One precompiled-header folder for every measured run, solo or beside: a CPU header built
    by one run only (about 7 s of g++) would be a difference the comparison did not mean."""
    return bench.out / "measured-headers"


SOLO_CORES = ("all", "share")


def run_solo(bench: Bench, index: int) -> dict:
    out = bench.out / f"solo-{index}"
    shutil.rmtree(out, ignore_errors=True)
    work = out / "work"   # cold caches, as the harness's fresh scratch folder gives a serial run
    isolated = gpu_node.isolated_env(work, bench.gpus[0], measured_headers(bench))
    if bench.solo_cores == "share":   # exactly what run_beside gives the measured lab, minus the neighbours
        cores = gpu_node.split_cores(bench.cores, len(bench.gpus))[0]
    else:                             # as a serial run: every core, every GPU
        cores = None
        del isolated["CUDA_VISIBLE_DEVICES"]
    env = dict(bench.env, **isolated)
    process = gpu_node.launch(command_for(bench, bench.lab, out / "result"), env, out / "lab.log", cores)
    code = process.wait()
    shutil.rmtree(work, ignore_errors=True)
    return finished(out, code, {"launch": "solo", "cores": gpu_node.cpu_list(cores or bench.cores),
                                "neighbour_runs": 0})


def run_beside(bench: Bench, index: int) -> dict:
    out = bench.out / f"beside-{index}"
    shutil.rmtree(out, ignore_errors=True)
    lanes = gpu_node.split_cores(bench.cores, len(bench.gpus))
    neighbours: dict[int, tuple] = {}
    started_neighbours = 0

    def start_neighbour(slot: int) -> None:
        nonlocal started_neighbours
        lab = bench.neighbours[started_neighbours % len(bench.neighbours)]
        folder = out / f"neighbour-{slot}-{started_neighbours}"
        env = dict(bench.env, **gpu_node.isolated_env(folder / "work", bench.gpus[slot], folder / "headers"))
        process = gpu_node.launch(command_for(bench, lab, folder / "result"), env, folder / "lab.log", lanes[slot])
        neighbours[slot] = (lab, process, folder)
        started_neighbours += 1

    for slot in range(1, len(bench.gpus)):
        start_neighbour(slot)
    time.sleep(bench.lead_s)
    env = dict(bench.env, **gpu_node.isolated_env(out / "work", bench.gpus[0], measured_headers(bench)))
    measured = gpu_node.launch(command_for(bench, bench.lab, out / "result"), env, out / "lab.log", lanes[0])
    while measured.poll() is None:
        for slot, (_, process, folder) in list(neighbours.items()):
            if process.poll() is not None:      # keep every other GPU busy until the measured run ends
                shutil.rmtree(folder, ignore_errors=True)
                start_neighbour(slot)
        time.sleep(gpu_node.POLL_S)
    for _, process, folder in neighbours.values():
        gpu_node.kill_tree(process)
        shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(out / "work", ignore_errors=True)
    return finished(out, measured.returncode, {"launch": "side_by_side", "cores": gpu_node.cpu_list(lanes[0]),
                                               "neighbour_runs": started_neighbours,
                                               "neighbours": sorted({lab for lab, _, _ in neighbours.values()})})


def finished(out: Path, code: int, how: dict) -> dict:
    try:
        manifest = json.loads((out / "result" / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = None
    ok = code == 0 and manifest is not None and manifest.get("status") == "ok"
    return {"folder": str(out), "exit": code, "ok": ok, "manifest": manifest if ok else None,
            "wall_s": (manifest or {}).get("provenance", {}).get("wall_s"), **how}


def bench_runs(bench: Bench, say=print) -> tuple[list[dict], list[dict]]:
    """Solo and side-by-side runs, interleaved (solo, beside, solo, beside, ...)."""
    solo, beside = [], []
    for index in range(bench.repeats):
        for kind, runner, into in (("solo", run_solo, solo), ("beside", run_beside, beside)):
            say(f"{time.strftime('%H:%M:%S', time.gmtime())} {kind} run {index + 1} of {bench.repeats}: {bench.lab}")
            result = runner(bench, index)
            say(f"  exit {result['exit']}, {'ok' if result['ok'] else 'FAILED'}, {result['wall_s']} s, "
                f"cores {result['cores']}, neighbour runs {result['neighbour_runs']}")
            into.append(result)
    return solo, beside


PROVENANCE_FIELDS = ("gpu_name", "torch", "triton", "cuda", "commit", "commit_dirty", "date_utc")


def run_provenance(manifests: list[dict]) -> dict:
    """What ran, from the measured runs' own provenance: the GPU, the versions, the commit, the
    first run's date (the bench imports no torch; each lab run records these)."""
    first = next((m.get("provenance") or {} for m in manifests), {})
    return {name: first.get(name) for name in PROVENANCE_FIELDS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lab", default="explain")
    parser.add_argument("--repeats", type=int, default=5,
                        help="solo runs and side-by-side runs, each (at least 2; five decide for up to 13 figures)")
    parser.add_argument("--neighbours", default=",".join(DEFAULT_NEIGHBOURS),
                        help="labs to run on the other GPUs, in turn")
    parser.add_argument("--preset", default="full", choices=("smoke", "full"))
    parser.add_argument("--lead", type=float, default=10.0, help="seconds the neighbours run before the lab starts")
    parser.add_argument("--solo-cores", choices=SOLO_CORES, default="all",
                        help="solo runs on every core (as a serial run) or on GPU 0's share (neighbours the one change)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/bench-side-by-side"))
    args = parser.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])))
    gpus = gpu_node.node_gpus(env)
    if len(gpus) < 2:
        print(f"bench_side_by_side: {len(gpus)} GPU(s) here; side by side needs 2 or more: run it on a multi-GPU node")
        return 2
    if args.repeats < 2:
        print("bench_side_by_side: --repeats must be at least 2 (one solo run has no spread)")
        return 2
    bench = Bench(lab=args.lab, repeats=args.repeats, neighbours=tuple(n for n in args.neighbours.split(",") if n),
                  out=args.out.resolve(), gpus=gpus, cores=gpu_node.usable_cores(), preset=args.preset,
                  env=env, lead_s=args.lead, solo_cores=args.solo_cores)
    share = len(gpu_node.split_cores(bench.cores, len(gpus))[0])
    solo_on = f"{len(bench.cores)} cores" if bench.solo_cores == "all" else f"GPU 0's {share} cores"
    print(f"{len(gpus)} GPUs, {len(bench.cores)} cores ({share} per GPU side by side); lab {bench.lab}, "
          f"preset {bench.preset}, solo on {solo_on}, neighbours {', '.join(bench.neighbours)}")
    solo, beside = bench_runs(bench)
    good_solo = [r["manifest"] for r in solo if r["ok"]]
    good_beside = [r["manifest"] for r in beside if r["ok"]]
    made = run_provenance(good_solo + good_beside)
    summary = {"lab": bench.lab, "preset": bench.preset, "gpus": len(gpus), "cores": len(bench.cores),
               "solo_cores": bench.solo_cores, "provenance": made,
               "runs": [{k: v for k, v in r.items() if k != "manifest"} for r in solo + beside]}
    try:
        drifts = drift.compare(good_solo, good_beside)
    except ValueError as error:
        print(f"bench_side_by_side: {error} (ok runs: {len(good_solo)} solo, {len(good_beside)} beside)")
        return 1
    print(f"{made['gpu_name']}, torch {made['torch']}, commit {str(made['commit'])[:7]}, first run {made['date_utc']}")
    print("\n".join(drift.report(drifts)))
    publishable, line = drift.verdict(drifts)
    summary |= {"publishable": publishable, "verdict": line,
                "figures": [{"name": d.name, "class": d.kind, "solo_s": d.solo, "beside_s": d.beside,
                             "drift": d.drift, "solo_spread": d.solo_spread, "moved": d.moved,
                             "solo_runs_s": list(d.solo), "beside_runs_s": list(d.beside)} for d in drifts]}
    (bench.out / "drift.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written: {bench.out / 'drift.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
