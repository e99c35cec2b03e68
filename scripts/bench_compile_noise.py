"""Benchmark: how much one cold compile varies on this machine, module by module.

    .venv/bin/python scripts/bench_compile_noise.py [--device cpu] [--repeats 5] [--out DIR]

The kernel history compiles each module once per release, cold, and calls a release's compile
faster or slower than the previous one's from those two samples (labs/kernel_history/
release_changes.py, COMPILE_BAND). This runs the same probe, of the installed release, `repeats`
times, each in a fresh process with its own cold caches, one after another, and prints each
module's cold compile times, their median and their largest over smallest: how far two samples
of one release can lie apart with nothing changed. OUT/compile_noise.json keeps it.
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


def probe_once(device: str, out: Path) -> dict[str, float]:
    """One probe of every module in a fresh process: {module: cold compile seconds}."""
    command = [sys.executable, "-m", "labs.kernel_history.probe", "--device", device, "--preset", "full",
               "--modules", ",".join(MODULES), "--out", str(out)]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    probed = json.loads((out / "probe.json").read_text(encoding="utf-8"))
    return {name: record["compile_s"] for name, record in probed["modules"].items() if "compile_s" in record}


def spread_table(samples: dict[str, list[float]]) -> list[str]:
    lines = [f"{'module':12} {'cold compiles (s)':44} {'median':>8} {'max/min':>8}"]
    for name, values in samples.items():
        lines.append(f"{name:12} {' '.join(f'{v:.2f}' for v in values):44} {statistics.median(values):>8.2f} "
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
        print("bench_compile_noise: --repeats must be at least 2 (one probe has no spread)")
        return 2
    import torch
    commit, dirty = environment.git_commit()
    print(f"{fingerprint.cpu_model()}, {fingerprint.usable_cores()} cores, torch {torch.__version__}, "
          f"python {platform.python_version()}, commit {(commit or 'unknown')[:7]}{' (uncommitted)' if dirty else ''}, "
          f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC")
    samples: dict[str, list[float]] = {}
    for index in range(args.repeats):
        for name, seconds in probe_once(args.device, args.out / f"probe-{index}").items():
            samples.setdefault(name, []).append(seconds)
    lines = spread_table(samples)
    print("\n".join(lines))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "compile_noise.json").write_text(json.dumps({"device": args.device, "samples": samples},
                                                            indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
