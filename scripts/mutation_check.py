"""Prove that the tests can fail: break each guarded thing on purpose, and expect red.

    .venv/bin/python scripts/mutation_check.py            every break in scripts/mutations.toml
    .venv/bin/python scripts/mutation_check.py --only cache   the breaks whose name contains "cache"

The tree (tracked files, and untracked ones git does not ignore, plus results/) is copied to
a scratch folder once. For each break the script edits one file there, runs the tests the
break names, and puts the file back; the break is "caught" when those tests fail. It prints
one line per break and exits 1 if any break went unnoticed. A benchmark, not part of
`make test`: the whole list takes several minutes (`make mutation-check`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTATIONS = Path(__file__).resolve().with_name("mutations.toml")


def scratch_copy() -> Path:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split("\n")
    target = Path(tempfile.mkdtemp(prefix="mutation-check-")) / "course"
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def run_break(tree: Path, mutation: dict) -> tuple[bool, float, str]:
    """(caught, seconds, note) for one break."""
    path = tree / mutation["file"]
    original = path.read_text(encoding="utf-8")
    if original.count(mutation["find"]) != 1:
        return False, 0.0, f"`find` occurs {original.count(mutation['find'])} times in {mutation['file']}"
    path.write_text(original.replace(mutation["find"], mutation["replace"]), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), str(tree / "scripts")]),
               NO_MKDOCS_2_WARNING="1")
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                               *mutation["tests"]], cwd=tree, env=env, capture_output=True, text=True,
                              timeout=1200)
    finally:
        path.write_text(original, encoding="utf-8")
    seconds = time.perf_counter() - started
    last = (done.stdout.strip().splitlines() or [""])[-1]
    if done.returncode == 5:
        return False, seconds, "no test was selected"
    return done.returncode != 0, seconds, last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="only the breaks whose name contains this")
    args = parser.parse_args()
    mutations = [m for m in tomllib.loads(MUTATIONS.read_text())["mutation"] if args.only in m["name"]]
    tree = scratch_copy()
    caught = 0
    try:
        for mutation in mutations:
            ok, seconds, note = run_break(tree, mutation)
            caught += ok
            print(f"{'caught ' if ok else 'MISSED '} {seconds:6.1f}s  {mutation['name']}  ({note})", flush=True)
    finally:
        shutil.rmtree(tree.parent, ignore_errors=True)
    print(f"{caught} of {len(mutations)} deliberate breaks made the tests fail")
    return 0 if caught == len(mutations) else 1


if __name__ == "__main__":
    sys.exit(main())
