"""What a CPU process pays before its first timed compile, with Inductor's vector-instruction
test programs built in every process (an empty folder each time: how every lab process ran
before 0b0eb88) and kept per machine (`measure.search_vector_isa`, the labs' way now).

    .venv/bin/python scripts/bench_warm_up.py [--runs 5]

Each run is a new python process that imports torch, searches, and compiles the warm-up's
one-line function in a cold cache; it prints one JSON line, and this script the medians.
Run it on an idle machine: the processes run one after another.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import json, time
started = time.perf_counter()
import torch
from labs.common import measure
search = measure.search_vector_isa()
toolchain_s = measure.warm_up_compiler("cpu")
print(json.dumps({"search_s": search.seconds, "built": search.built, "toolchain_s": toolchain_s,
                  "process_s": time.perf_counter() - started}))
"""


def one_process(isa_folder: Path) -> dict:
    env = dict(os.environ, COURSE_VECTOR_ISA=str(isa_folder), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=600)
    return json.loads(done.stdout.strip().splitlines()[-1])


def medians(rows: list[dict]) -> str:
    keys = ("search_s", "toolchain_s", "process_s")
    return ", ".join(f"{key} {statistics.median(row[key] for row in rows):.2f}" for key in keys) + \
        f" (test programs built per process: {sorted({row['built'] for row in rows})})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-warm-up-") as scratch:
        kept = Path(scratch) / "kept"
        one_process(kept)                       # the machine's first search: builds them once
        every = [one_process(Path(scratch) / f"empty-{n}") for n in range(args.runs)]
        once = [one_process(kept) for _ in range(args.runs)]
    print(f"built in every process ({args.runs} runs): {medians(every)}")
    print(f"kept per machine      ({args.runs} runs): {medians(once)}")


if __name__ == "__main__":
    main()
