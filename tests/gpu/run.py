"""`make test-gpu`: run the GPU-only tests on a GPU machine and write their summary.

    python3 tests/gpu/run.py [--out FOLDER]

Needs only python3 with torch (CUDA): the GPU machine has no venv. With pytest there, the
tests run under pytest (`-m gpu`); without it, under a small stand-in for the few pytest
features the GPU tests use (marks, parametrize, approx, raises, skip), so a bare machine can
still run them. The GPU tests are every test marked `pytest.mark.gpu` (or `needs_gpu`/`gpu`,
the files' names for it) in the files listed by `gpu_test_files()`.

Writes tests/gpu/SUMMARY.json (date, commit, GPU, torch, the hash of the measuring code it ran
against, and each test's outcome) and, with --out (or $OUT, as on the device machine), a copy
there. Commit the summary: the fast tier checks it exists for the current measuring code
(tests/test_gpu_summary.py). Exits 1 when a test failed or no GPU is present.
"""

from __future__ import annotations

import argparse
import builtins
import contextlib
import datetime
import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback
import types
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUMMARY = Path(__file__).resolve().with_name("SUMMARY.json")
# The code the GPU tests guard: a change to any of these needs a new summary.
MEASURING_CODE = ("labs/common/measure.py", "labs/common/ceilings.py")
GPU_MARK = re.compile(r"^(gpu|needs_gpu) = pytest\.mark\.gpu\b|@pytest\.mark\.gpu\b", re.M)


def measuring_code_hash(root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    for name in MEASURING_CODE:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def gpu_test_files(root: Path = ROOT) -> list[Path]:
    return sorted(p for p in (root / "tests").rglob("test_*.py") if GPU_MARK.search(p.read_text(encoding="utf-8")))


# -- with pytest --------------------------------------------------------------------------------

def run_with_pytest(files: list[Path]) -> dict[str, dict]:
    """All files in one process, as a lab runs: a capture that fails on purpose (a host sync,
    timed queued instead) must leave the process healthy for whatever runs next (it once left
    the CUDA generator unusable: "Offset increment outside graph capture")."""
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "junit.xml"
        subprocess.run([sys.executable, "-m", "pytest", "-m", "gpu", "-p", "no:cacheprovider", "-q", "-rs",
                        f"--junitxml={report}", *map(str, files)], cwd=ROOT, env=engine_env())
        if not report.is_file():
            return {"tests/gpu (pytest)": {"outcome": "failed", "message": "pytest wrote no report"}}
        outcomes = {}
        for case in ET.parse(report).iter("testcase"):
            name = f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"
            found = {child.tag: child for child in case}
            if "failure" in found or "error" in found:
                node = found.get("failure", found.get("error"))
                outcomes[name] = {"outcome": "failed", "message": (node.get("message") or "")[:300]}
            elif "skipped" in found:
                outcomes[name] = {"outcome": "skipped", "message": (found["skipped"].get("message") or "")[:300]}
            else:
                outcomes[name] = {"outcome": "passed"}
        return outcomes


def engine_env() -> dict[str, str]:
    path = os.pathsep.join([str(ROOT), str(ROOT / "scripts"), os.environ.get("PYTHONPATH", "")])
    return dict(os.environ, PYTHONPATH=path.rstrip(os.pathsep))


# -- without pytest: a stand-in for what the GPU tests use ----------------------------------------

class Skipped(Exception):
    pass


def _stand_in() -> types.ModuleType:
    module = types.ModuleType("pytest")

    class Mark:
        def __init__(self, name, args=(), kwargs=None):
            self.name, self.args, self.kwargs = name, args, kwargs or {}

        def __call__(self, *args, **kwargs):
            if len(args) == 1 and callable(args[0]) and not kwargs and self.name not in ("skipif", "parametrize"):
                return _mark(args[0], self)
            mark = Mark(self.name, args, kwargs)
            return lambda fn: _mark(fn, mark)

    def _mark(fn, mark):
        fn.__dict__.setdefault("marks", []).append(mark)
        return fn

    class Marks:
        def __getattr__(self, name):
            return Mark(name)

    def approx(expected, rel=1e-6, **kwargs):
        tolerance = max(rel * builtins.abs(expected), kwargs.get("abs", 1e-12))

        class Approx:
            def __eq__(self, other):
                return builtins.abs(other - expected) <= tolerance
        return Approx()

    @contextlib.contextmanager
    def raises(kind, match=None):
        try:
            yield
        except kind as error:
            if match and not re.search(match, str(error)):
                raise AssertionError(f"{error!r} does not match {match!r}") from None
            return
        raise AssertionError(f"did not raise {kind.__name__}")

    def skip(reason=""):
        raise Skipped(reason)

    def fixture(*args, **kwargs):
        return args[0] if len(args) == 1 and callable(args[0]) else (lambda fn: fn)

    module.mark, module.approx, module.raises, module.skip, module.fixture = Marks(), approx, raises, skip, fixture
    return module



def run_without_pytest(files: list[Path]) -> dict[str, dict]:
    sys.modules["pytest"] = _stand_in()
    for entry in (str(ROOT / "scripts"), str(ROOT)):
        sys.path.insert(0, entry)
    outcomes = {}
    for path in files:
        relative = path.relative_to(ROOT)
        try:
            module = importlib.import_module(".".join(relative.with_suffix("").parts))
        except Exception:
            outcomes[f"{relative}"] = {"outcome": "failed", "message": traceback.format_exc(limit=3)[-300:]}
            continue
        for name, fn in vars(module).items():
            marks = {m.name: m for m in getattr(fn, "marks", [])}
            if not name.startswith("test_") or "gpu" not in marks:
                continue
            cases = [((), "")]
            if "parametrize" in marks:
                names, values = marks["parametrize"].args[:2]
                names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
                cases = [(v if len(names) > 1 else (v,), "-".join(map(str, v if len(names) > 1 else (v,))))
                         for v in values]
            for args, label in cases:
                test_id = f"{relative}::{name}" + (f"[{label}]" if label else "")
                try:
                    fn(*args)
                    outcomes[test_id] = {"outcome": "passed"}
                except Skipped as why:
                    outcomes[test_id] = {"outcome": "skipped", "message": str(why)}
                except TypeError as error:
                    if "required positional argument" in str(error):   # a fixture: pytest's job
                        outcomes[test_id] = {"outcome": "skipped", "message": f"needs pytest (fixture): {error}"}
                    else:
                        outcomes[test_id] = {"outcome": "failed", "message": traceback.format_exc(limit=3)[-300:]}
                except Exception:
                    outcomes[test_id] = {"outcome": "failed", "message": traceback.format_exc(limit=3)[-300:]}
    return outcomes


# -- the summary ----------------------------------------------------------------------------------

def commit() -> str:
    if os.environ.get("COURSE_COMMIT"):
        return os.environ["COURSE_COMMIT"]
    done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.environ.get("OUT"), help="also copy the summary to this folder")
    args = parser.parse_args()
    import torch
    if not torch.cuda.is_available():
        print("test-gpu: no CUDA device here; run it on a GPU machine", file=sys.stderr)
        return 1
    files = gpu_test_files()
    try:
        import pytest  # noqa: F401
        runner, outcomes = "pytest", run_with_pytest(files)
    except ImportError:
        runner, outcomes = "stand-in (no pytest on this machine)", run_without_pytest(files)
    counts = {kind: sum(1 for o in outcomes.values() if o["outcome"] == kind) for kind in ("passed", "failed", "skipped")}
    summary = {
        "date_utc": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit(),
        "gpu": torch.cuda.get_device_name(0), "gpu_count": torch.cuda.device_count(),
        "torch": torch.__version__, "python": sys.version.split()[0], "runner": runner,
        "measuring_code": list(MEASURING_CODE), "measuring_code_hash": measuring_code_hash(),
        **counts, "tests": dict(sorted(outcomes.items())),
    }
    text = json.dumps(summary, indent=1) + "\n"
    SUMMARY.write_text(text)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / "SUMMARY.json").write_text(text)
    for name, outcome in summary["tests"].items():
        print(f"{outcome['outcome']:8} {name}  {outcome.get('message', '')[:120]}")
    print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped on {summary['gpu']}; "
          f"summary in {SUMMARY.relative_to(ROOT)}: commit it")
    return 0 if counts["failed"] == 0 and counts["passed"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
