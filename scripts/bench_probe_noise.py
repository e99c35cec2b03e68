"""Benchmark: how much one release's probe varies from process to process, module by module.

    .venv/bin/python scripts/bench_probe_noise.py [--device cpu] [--repeats 5] [--out DIR]

The kernel history probes each release once, in a process of its own, and compares releases
from those probes: one cold compile per module, and one timed comparison of the compiled call
(labs/kernel_history/release_changes.py, COMPILE_BAND and CALL_BAND). A timing's spread inside
one process does not say how far another process of the same release lands. This runs the same
probe, of the installed release, `repeats` times, each in a fresh process with its own cold
caches, one after another, and prints per module the cold compile times and the compiled call's
median times, with their largest over smallest: how far two probes of one release can lie apart
with nothing changed. OUT/probe_noise.json keeps every sample.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # the repository root: labs.*
from labs.common import environment, fingerprint
from labs.kernel_history.settings import MODULES

FIGURES = {"compile_s": "cold compile (s)", "compiled_us": "compiled call, median (µs)"}


def probe_once(device: str, out: Path) -> dict[str, dict[str, float]]:
    """One probe of every module in a fresh process: {figure: {module: value}}."""
    command = [sys.executable, "-m", "labs.kernel_history.probe", "--device", device, "--preset", "full",
               "--modules", ",".join(MODULES), "--out", str(out)]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    probed = json.loads((out / "probe.json").read_text(encoding="utf-8"))
    ok = {name: record for name, record in probed["modules"].items() if "compile_s" in record}
    return {"compile_s": {name: record["compile_s"] for name, record in ok.items()},
            "compiled_us": {name: record["compiled"]["median_s"] * 1e6 for name, record in ok.items()}}


def spread_table(title: str, samples: dict[str, list[float]]) -> list[str]:
    lines = [f"{'module':12} {title:52} {'median':>9} {'max/min':>8}"]
    for name, values in samples.items():
        lines.append(f"{name:12} {' '.join(f'{v:.4g}' for v in values):52} {statistics.median(values):>9.4g} "
                     f"{max(values) / min(values):>8.2f}")
    worst = max(samples, key=lambda name: max(samples[name]) / min(samples[name]))
    lines.append(f"largest max/min: {max(samples[worst]) / min(samples[worst]):.2f} ({worst}, "
                 f"{len(samples[worst])} probes)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "bench-compile-noise")
    args = parser.parse_args(argv)
    if args.repeats < 2:
        print("bench_probe_noise: --repeats must be at least 2 (one probe has no spread)")
        return 2
    import torch
    commit, dirty = environment.git_commit()
    print(f"{fingerprint.cpu_model()}, {fingerprint.usable_cores()} cores, torch {torch.__version__}, "
          f"python {platform.python_version()}, commit {(commit or 'unknown')[:7]}{' (uncommitted)' if dirty else ''}, "
          f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC")
    samples: dict[str, dict[str, list[float]]] = {figure: {} for figure in FIGURES}
    for index in range(args.repeats):
        for figure, values in probe_once(args.device, args.out / f"probe-{index}").items():
            for name, value in values.items():
                samples[figure].setdefault(name, []).append(value)
    for figure, title in FIGURES.items():
        print("\n".join(spread_table(title, samples[figure])))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "probe_noise.json").write_text(json.dumps({"device": args.device, "samples": samples},
                                                          indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
