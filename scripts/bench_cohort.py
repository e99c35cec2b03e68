"""Benchmark, not a test: `cohort add` of N generated submissions, then the cohort page's build
time and weight at that size. Everything happens in a temporary folder; nothing is published.

    python scripts/bench_cohort.py [--n 1000] [--site]

The submissions are made by `course submit`'s own code from the committed manifests of three
labs, with their numbers jittered and their machines varied (generated data is allowed here
only, for the benchmark; it never reaches cohorts/).
"""

from __future__ import annotations

import argparse
import copy
import gzip
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from course.cohorts import config, store
from course.cohorts.submission import to_text
from course.cohorts.submit import from_manifest
from course.markers import PageContext, expand
from course.results import RESULTS_DIR, ResultStore, read_manifest
from labs.common.contract import CHECK_OPERATORS

LABS = ("inside_compile", "inductor_kernels", "compile_compare")
MACHINES = [("cpu", "AMD EPYC", 2), ("cpu", "Apple M2", 8), ("cpu", "Intel(R) Core(TM) i7-1165G7", 4),
            ("cuda", "NVIDIA H100 80GB HBM3", 16), ("cuda", "NVIDIA GeForce RTX 4090", 24)]


def generated(n: int, folder: Path) -> list[Path]:
    rng = random.Random(0)
    bases = {lab: read_manifest(RESULTS_DIR / lab / "cpu" / "manifest.json") for lab in LABS}
    paths = []
    for i in range(n):
        lab = LABS[i % len(LABS)]
        data = copy.deepcopy(bases[lab])
        device, name, threads = MACHINES[rng.randrange(len(MACHINES))]
        data["provenance"].update(device=device, device_name=name, cpu_threads=threads,
                                  date_utc=f"2026-11-{1 + i % 20:02d}T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:"
                                           f"{i % 60:02d}Z")
        for metric in data["metrics"].values():
            if isinstance(metric["value"], float):
                metric["value"] *= rng.uniform(0.5, 2.0)
        for check in data["checks"].values():  # jittered values: verdicts recomputed, as a lab would
            check["passed"] = bool(CHECK_OPERATORS[check["op"]](check["value"], check["threshold"]))
        submission, _ = from_manifest(data, f"learner-{i // len(LABS)}")
        path = folder / f"{i:05d}.json"
        path.write_text(to_text(submission), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--site", action="store_true", help="also build the whole site with this cohort")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-cohort-") as tmp:
        tmp = Path(tmp)
        cohorts = tmp / "cohorts"
        (cohorts / "bench").mkdir(parents=True)
        (cohorts / "bench" / "cohort.toml").write_text(
            'title = {en = "Benchmark", es = "Prueba de rendimiento"}\n'
            f"labs = {list(LABS)!r}\n".replace("'", '"') + 'preset = "full"\nalias_mode = "numbered"\n')
        cohort = config.load_cohort("bench", cohorts)
        inbox = tmp / "inbox"
        inbox.mkdir()
        started = time.perf_counter()
        *paths, one_more = generated(args.n + 1, inbox)
        print(f"generated {len(paths) + 1} submissions in {time.perf_counter() - started:.1f} s "
              f"({sum(p.stat().st_size for p in paths) / len(paths) / 1024:.1f} KiB on average)")

        print(f"load average before adding: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        started = time.perf_counter()
        outcomes = store.add(cohort, paths)
        took = time.perf_counter() - started
        verdicts = {v: sum(o.verdict == v for o in outcomes) for v in ("accepted", "duplicate", "refused")}
        print(f"cohort add, {len(paths)} files in one call: {took:.2f} s ({1000 * took / len(paths):.1f} ms a file) "
              f"{verdicts}")
        started = time.perf_counter()
        store.add(cohort, [one_more])
        print(f"cohort add, 1 more file to a cohort of {args.n}: {time.perf_counter() - started:.2f} s")

        config.COHORTS_DIR = cohorts
        for lang in ("en", "es"):
            ctx = PageContext(page=f"{lang}/cohorts/bench.md", lang=lang, page_dir="cohorts", site_root="../..")
            started = time.perf_counter()
            expansion = expand('{{ cohort id="bench" }}', ctx, ResultStore(RESULTS_DIR))
            took = time.perf_counter() - started
            text = expansion.markdown.encode()
            print(f"page {lang}: marker expanded in {took:.2f} s, {len(text) / 1024:.0f} KiB of Markdown "
                  f"({len(gzip.compress(text)) / 1024:.0f} KiB gzipped), errors: {len(expansion.errors)}")

        if args.site:
            site = tmp / "site"
            env = dict(os.environ, COURSE_COHORTS_DIR=str(cohorts), NO_MKDOCS_2_WARNING="1",
                       PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "scripts")]))
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                                  cwd=ROOT, env=env, capture_output=True, text=True)
            took = time.perf_counter() - started
            if done.returncode:
                print(done.stdout[-3000:], done.stderr[-3000:])
                return 1
            for lang, page in (("en", site / "cohorts/bench/index.html"), ("es", site / "es/cohorts/bench/index.html")):
                body = page.read_bytes()
                print(f"site {lang}: {len(body) / 1024:.0f} KiB of HTML ({len(gzip.compress(body)) / 1024:.0f} KiB "
                      "gzipped), plus plotly.min.js (served once for the whole site)")
            print(f"mkdocs build --strict of the whole site with this cohort: {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
