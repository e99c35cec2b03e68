"""Benchmark, not a test: a cohort at the size of an open course. For each size N: `cohort add`
of N generated submissions in one call, then one more file, then the cohort page of each
language (its marker's expansion, as the site build runs it) and its weight. Everything
happens in a temporary folder; nothing is published.

    python scripts/bench_cohort.py --n 1000 10000 50000 [--site] [--rebuild] [--out DIR]

The submissions start from `course submit`'s own output for the committed manifests of three
labs; each copy gets its numbers jittered (a few far off, as outliers), its machine varied
among 40 laptop CPUs and 3 GPUs, and its content hash recomputed (generated data is allowed
here only, for the benchmark; it never reaches cohorts/). It runs against whatever engine
sits beside it, so the same file measures the code before and after a change.

With --out, DIR/cohort.json keeps every figure of every size with the machine, the load
average at the start and the end, the commit and the date (written whole or not at all): the
reference page reads its table from the copies committed in benchmarks/cohort/.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from course.cohorts import config, export, report, store
from course.cohorts.submission import content_hash
from course.cohorts.submit import from_manifest
from course.markers import PageContext, expand
from course.results import RESULTS_DIR, ResultStore, read_manifest
from labs.common import environment, fingerprint
from labs.common.contract import CHECK_OPERATORS, LANGUAGES

LABS = ("inside_compile", "inductor_kernels", "compile_compare")
# 40 laptop and desktop CPUs: more models than a plot gives a box each, as in an open course
CPUS = [f"Intel(R) Core(TM) i{tier}-{gen}{model}" for tier in (5, 7) for gen in (10, 11, 12, 13)
        for model in ("210U", "650H", "700K")] + \
       [f"AMD Ryzen {tier} {gen}600{suffix}" for tier in (5, 7) for gen in (5, 7) for suffix in ("U", "H", "X", "")]
GPUS = [("NVIDIA H100 80GB HBM3", "Intel(R) Xeon(R) Platinum 8480+"),
        ("NVIDIA GeForce RTX 4090", "AMD Ryzen 9 7950X"), ("NVIDIA A100-SXM4-40GB", "AMD EPYC 7742 64-Core")]
OUTLIER_SHARE = 0.005   # runs with a number 20 times off: what the page's outlier list should find


def _bases() -> dict[str, dict]:
    return {lab: from_manifest(read_manifest(RESULTS_DIR / lab / "cpu" / "manifest.json"))[0] for lab in LABS}


def generated(n: int, folder: Path, seed: int = 0) -> list[Path]:
    rng = random.Random(seed)
    bases = {lab: json.dumps(base) for lab, base in _bases().items()}   # copied by json: faster than deepcopy
    paths = []
    for i in range(n):
        lab = LABS[i % len(LABS)]
        data = json.loads(bases[lab])
        if rng.random() < 0.2:
            gpu, host = GPUS[rng.randrange(len(GPUS))]
            machine = dict(device="cuda", device_name=gpu, cpu_model=host, threads=16, triton="3.6.0")
        else:
            cpu = CPUS[min(int(rng.expovariate(0.15)), len(CPUS) - 1)]   # a few models are common
            machine = dict(device="cpu", device_name=cpu, cpu_model=cpu, threads=rng.choice((2, 4, 8, 12)))
        data["provenance"].update(machine, date_utc=f"2026-11-{1 + i % 20:02d}T{i // 3600 % 24:02d}:"
                                                    f"{i // 60 % 60:02d}:{i % 60:02d}Z")
        far = 20.0 if rng.random() < OUTLIER_SHARE else 1.0
        for metric in data["metrics"].values():
            if isinstance(metric["value"], float):
                metric["value"] *= rng.uniform(0.5, 2.0) * far
        for check in data["checks"].values():  # jittered values: verdicts recomputed, as a lab would
            if isinstance(check["value"], float):
                check["value"] *= rng.uniform(0.5, 1.5)
            check["passed"] = bool(CHECK_OPERATORS[check["op"]](check["value"], check["threshold"]))
        data["alias"] = f"learner-{i // len(LABS)}"
        data["content_hash"] = content_hash(data)
        path = folder / f"{i:06d}.json"
        # compact: `add` reads any JSON and stores its own serialisation (to_text is slow to make)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        paths.append(path)
    return paths


def _page(lang: str) -> tuple[float, bytes, list[str]]:
    ctx = PageContext(page=f"{lang}/cohorts/bench.md", lang=lang, page_dir="cohorts", site_root="../..")
    started = time.perf_counter()
    expansion = expand('{{ cohort id="bench" }}', ctx, ResultStore(RESULTS_DIR))
    return time.perf_counter() - started, expansion.markdown.encode(), expansion.errors


def point(n: int, tmp: Path, args) -> dict:
    cohorts = tmp / "cohorts"
    (cohorts / "bench").mkdir(parents=True)
    (cohorts / "bench" / "cohort.toml").write_text(
        'title = {en = "Benchmark", es = "Prueba de rendimiento"}\n'
        f"labs = {list(LABS)!r}\n".replace("'", '"') + 'preset = "full"\nalias_mode = "numbered"\n', encoding="utf-8")
    cohort = config.load_cohort("bench", cohorts)
    config.COHORTS_DIR = cohorts
    inbox = tmp / "inbox"
    inbox.mkdir()
    found = {"n": n}
    started = time.perf_counter()
    *paths, one_more = generated(n + 1, inbox)
    print(f"[{n}] generated {n + 1} submissions in {time.perf_counter() - started:.1f} s "
          f"({sum(p.stat().st_size for p in paths[:100]) / min(100, n) / 1024:.1f} KiB each)", flush=True)

    found["load"] = os.getloadavg()[0]
    started = time.perf_counter()
    outcomes = store.add(cohort, paths)
    found["add_s"] = time.perf_counter() - started
    verdicts = {v: sum(o.verdict == v for o in outcomes) for v in ("accepted", "duplicate", "refused")}
    found["verdicts"] = verdicts
    print(f"[{n}] cohort add, {n} files in one call: {found['add_s']:.2f} s "
          f"({1000 * found['add_s'] / n:.1f} ms a file) {verdicts}", flush=True)
    if verdicts["refused"]:
        print("    first refusal:", next(o.line() for o in outcomes if o.verdict == "refused"))
    started = time.perf_counter()
    store.add(cohort, [one_more])
    found["one_more_s"] = time.perf_counter() - started
    print(f"[{n}] cohort add, 1 more file to a cohort of {n}: {found['one_more_s']:.2f} s", flush=True)

    for lang in LANGUAGES:
        took, text, errors = _page(lang)
        found[f"page_{lang}_s"], found[f"page_{lang}_kib"] = took, len(text) / 1024
        found[f"page_{lang}_gz_kib"] = len(gzip.compress(text)) / 1024
        print(f"[{n}] page {lang}: marker expanded in {took:.2f} s, {len(text) / 1024:.0f} KiB of Markdown "
              f"({found[f'page_{lang}_gz_kib']:.0f} KiB gzipped), errors: {len(errors)}", flush=True)

    if hasattr(export, "download_csv"):   # what the site build adds after the pages (hooks/cohorts.py)
        started = time.perf_counter()
        rep = report.build(cohort, ResultStore(RESULTS_DIR))
        sizes = [len(export.download_csv(rep).encode()), len(export.download_json(rep).encode())]
        found["downloads_s"] = time.perf_counter() - started
        found["csv_kib"], found["json_kib"] = sizes[0] / 1024, sizes[1] / 1024
        print(f"[{n}] downloads (CSV {sizes[0] / 1024:,.0f} KiB, JSON {sizes[1] / 1024:,.0f} KiB) made in "
              f"{found['downloads_s']:.2f} s", flush=True)

    if args.rebuild and hasattr(store, "rebuild"):
        aggregate_file = cohort.folder / ".aggregate.json"
        aggregate_file.unlink()
        started = time.perf_counter()
        store.entries(cohort)
        found["rebuild_s"] = time.perf_counter() - started
        print(f"[{n}] aggregate missing: rebuilt from the {n + 1} files in {found['rebuild_s']:.1f} s", flush=True)

    if args.site:
        site = tmp / "site"
        env = dict(os.environ, COURSE_COHORTS_DIR=str(cohorts), NO_MKDOCS_2_WARNING="1",
                   PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "scripts")]))
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                              cwd=ROOT, env=env, capture_output=True, text=True)
        found["site_s"] = time.perf_counter() - started
        if done.returncode:
            print(done.stdout[-3000:], done.stderr[-3000:])
            raise SystemExit(1)
        for lang, page in (("en", site / "cohorts/bench/index.html"), ("es", site / "es/cohorts/bench/index.html")):
            body = page.read_bytes()
            found[f"html_{lang}_kib"] = len(body) / 1024
            found[f"html_{lang}_gz_kib"] = len(gzip.compress(body)) / 1024
            print(f"[{n}] site {lang}: {len(body) / 1024:.0f} KiB of HTML ({len(gzip.compress(body)) / 1024:.0f} "
                  "KiB gzipped), plus plotly.min.js (served once for the whole site)", flush=True)
        downloads = sorted((site / "cohorts/bench").glob("bench-submissions.*"))
        for download in downloads:
            found[f"site_{download.suffix[1:]}_kib"] = download.stat().st_size / 1024
            print(f"[{n}] download {download.name}: {download.stat().st_size / 1024:.0f} KiB", flush=True)
        print(f"[{n}] mkdocs build --strict of the whole site with this cohort: {found['site_s']:.1f} s", flush=True)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[1000], help="cohort sizes to measure")
    parser.add_argument("--site", action="store_true", help="also build the whole site with each cohort")
    parser.add_argument("--rebuild", action="store_true", help="also time rebuilding a missing aggregate")
    parser.add_argument("--out", type=Path, help="write DIR/cohort.json, every figure of every size")
    args = parser.parse_args()
    load_start, started = os.getloadavg(), time.perf_counter()
    date = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    code = code_measured()       # at the start: the engine is imported by now, and HEAD may move later
    print(f"machine: {os.cpu_count()} cores, load average {load_start[0]:.1f}; engine: {ROOT / 'scripts'}")
    rows = []
    for n in args.n:
        with tempfile.TemporaryDirectory(prefix="bench-cohort-") as tmp:
            rows.append(point(n, Path(tmp), args))
    print("\n| submissions | load | add (s) | one more (s) | page en (s) | page es (s) | page en (KiB) "
          "| page es (KiB) | downloads (s) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        downloads = f"{r['downloads_s']:.2f}" if "downloads_s" in r else "—"
        print(f"| {r['n']:,} | {r['load']:.1f} | {r['add_s']:.1f} | {r['one_more_s']:.2f} | {r['page_en_s']:.2f} | "
              f"{r['page_es_s']:.2f} | {r['page_en_kib']:,.0f} | {r['page_es_kib']:,.0f} | {downloads} |")
    if args.out:
        write_record(args.out, record(args, rows, date, load_start, time.perf_counter() - started, code))
    return 0


def changed_files() -> list[str] | None:
    """Tracked files that differ from the commit (the engine measured is the tree, not the
    commit); None when git cannot say."""
    if os.environ.get("COURSE_COMMIT"):
        return None
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                              capture_output=True, text=True, timeout=10, check=True)
    except (subprocess.SubprocessError, OSError):
        return None
    return sorted(line[3:] for line in done.stdout.splitlines())


def code_measured() -> dict:
    """The commit the engine came from (COURSE_COMMIT, then git) and the tracked files that
    differed from it, taken when the run starts."""
    commit, _ = environment.git_commit()
    return {"commit": commit or "unknown", "changed_files": changed_files()}


def record(args, rows: list[dict], date: str, load_start, wall_s: float, code: dict) -> dict:
    """One run: the machine, its load at the start and the end, the code, and each size's figures
    (seconds in *_s, sizes in *_kib; `load` is the 1-minute average just before the size's add)."""
    found = {"machine": {"cpu_model": fingerprint.cpu_model(), "cores": os.cpu_count(),
                         "usable_cores": fingerprint.usable_cores()},
             "load_start": list(load_start), "load_end": list(os.getloadavg()), **code, "date": date,
             "command": ["scripts/bench_cohort.py", *sys.argv[1:]], "site": args.site, "rebuild": args.rebuild,
             "wall_s": wall_s, "sizes": rows}
    if (at_end := environment.git_commit()[0] or "unknown") != code["commit"]:
        found["commit_at_end"] = at_end     # someone committed while it ran: the engine is the one at the start
    return found


def write_record(out: Path, data: dict) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    scratch = out / "cohort.json.tmp"
    scratch.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    scratch.replace(out / "cohort.json")      # whole or not at all
    print(f"written: {out / 'cohort.json'}", file=sys.stderr)   # stdout stays the table
    return out / "cohort.json"


if __name__ == "__main__":
    sys.exit(main())
