"""Scenario breaks on top of mutmut: break each guarded thing on purpose, and expect an assertion to fail.

    .venv/bin/python scripts/mutation_check.py            every break in scripts/mutations.toml
    .venv/bin/python scripts/mutation_check.py --only cache   the breaks whose name contains "cache"
    .venv/bin/python scripts/mutation_check.py --list tests/mutation/fresh_bugs.toml --fast
                                                          another list, against the fast tier only

The tree (tracked files, and untracked ones git does not ignore, plus results/) is copied to
a scratch folder once. For each break the script edits one file there, runs the tests the
break names, and puts the file back. The break is "caught" only when a test fails on an
assertion (AssertionError, or pytest's own fail/raises): a timeout, a crash in a fixture or a
setup error is reported as such and counts as missed, because it says nothing about whether
the test would notice the break. It prints one line per break and exits 1 if any break went
uncaught. Not part of `make test`: the whole list takes several minutes (`make mutation-check`).
Per-module mutation testing is mutmut's job (`make mutation`, tests/mutation/).
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
import xml.etree.ElementTree as ET
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


def run_break(tree: Path, mutation: dict, fast: bool = False) -> tuple[bool, float, str]:
    """(caught, seconds, note) for one break."""
    path = tree / mutation["file"]
    original = path.read_text(encoding="utf-8")
    if original.count(mutation["find"]) != 1:
        return False, 0.0, f"`find` occurs {original.count(mutation['find'])} times in {mutation['file']}"
    path.write_text(original.replace(mutation["find"], mutation["replace"]), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), str(tree / "scripts")]),
               NO_MKDOCS_2_WARNING="1")
    started = time.perf_counter()
    report = tree.parent / "junit.xml"
    report.unlink(missing_ok=True)
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                               f"--junitxml={report}", *(["-m", "not slow"] if fast else []),
                               *mutation["tests"]], cwd=tree, env=env,
                              capture_output=True, text=True, timeout=1200)
    except subprocess.TimeoutExpired:
        return False, time.perf_counter() - started, "the tests timed out: not caught by an assertion"
    finally:
        path.write_text(original, encoding="utf-8")
    seconds = time.perf_counter() - started
    if done.returncode == 5:
        return False, seconds, "no test was selected"
    if done.returncode == 0:
        return False, seconds, (done.stdout.strip().splitlines() or [""])[-1]
    return _verdict(report, seconds)


# How pytest's report begins a failure that an assertion made (a bare assert, pytest.raises, pytest.fail).
ASSERTIONS = ("AssertionError", "assert ", "Failed: DID NOT RAISE", "Failed: ")


def _verdict(report: Path, seconds: float) -> tuple[bool, float, str]:
    """Caught when a test failed on an assertion; a fixture's crash or a timeout is not a catch."""
    if not report.is_file():
        return False, seconds, "pytest wrote no report (it crashed): not caught by an assertion"
    failures, others = [], []
    for case in ET.parse(report).iter("testcase"):
        for child in case:
            if child.tag not in ("failure", "error"):
                continue
            message = (child.get("message") or "").strip()
            name = case.get("name")
            timed_out = "Timeout" in message or "Timeout" in (child.get("type") or "")
            if child.tag == "failure" and not timed_out and message.startswith(ASSERTIONS):
                failures.append(name)
            else:
                others.append(f"{name} ({child.tag}: {(child.get('message') or '')[:80]})")
    if failures:
        return True, seconds, f"assertion failed in {failures[0]}"
    return False, seconds, "no assertion failed; " + ("; ".join(others[:2]) or "the run failed without a test failing")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="only the breaks whose name contains this")
    parser.add_argument("--list", type=Path, default=MUTATIONS, help="the breaks to make (a TOML file)")
    parser.add_argument("--fast", action="store_true", help="run only the fast tier's tests (-m 'not slow')")
    args = parser.parse_args()
    mutations = [m for m in tomllib.loads(args.list.read_text(encoding="utf-8"))["mutation"] if args.only in m["name"]]
    tree = scratch_copy()
    caught = 0
    try:
        for mutation in mutations:
            ok, seconds, note = run_break(tree, mutation, args.fast)
            caught += ok
            print(f"{'caught ' if ok else 'MISSED '} {seconds:6.1f}s  {mutation['name']}  ({note})", flush=True)
    finally:
        shutil.rmtree(tree.parent, ignore_errors=True)
    print(f"{caught} of {len(mutations)} scenario breaks made a test fail on an assertion")
    return 0 if caught == len(mutations) else 1


if __name__ == "__main__":
    sys.exit(main())
