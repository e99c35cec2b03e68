"""The side-by-side drift benchmark (scripts/bench_side_by_side.py, scripts/course/drift.py),
without a GPU: the figures it reads, the verdict on both sides of its condition, and a run of
the bench on pretend GPUs with a fake lab that records where and when it ran."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from course import drift, gpu_node
from course.drift import Drift, compare, figure_class, figures, verdict

ROOT = Path(__file__).resolve().parent.parent


def manifest(compile_s: float, device_us: float, latency_us: float = 50.0) -> dict:
    return {"metrics": {"block.compile_s": {"value": compile_s, "unit": "s"},
                        "block.device_compiled_us": {"value": device_us, "unit": "µs"},
                        "block.compiled_us": {"value": latency_us, "unit": "µs"},
                        "block.kernels": {"value": 9, "unit": ""},
                        "block.step_q1_ms": {"value": 1.0, "unit": "ms"},
                        "block.verdict": {"value": "slower", "unit": ""}},
            "tables": {"sweep": {"columns": ["batch", "eager_dev_us", "eager_dev_q1_us", "compile_s", "speedup"],
                                 "units": {"eager_dev_us": "µs", "eager_dev_q1_us": "µs", "compile_s": "s",
                                           "speedup": "×"},
                                 "rows": [[1, 10.0, 9.0, 2.0, 1.1], [1, 20.0, 19.0, 3.0, 1.2], [8, "n/a", 1.0, 4.0, 1.0]]}}}


def test_figures_are_the_timings_in_seconds_and_nothing_else():
    found = figures(manifest(2.5, 40.0))       # the quartile metric is a spread, left out
    assert found == pytest.approx({
        "block.compile_s": 2.5, "block.device_compiled_us": 40e-6, "block.compiled_us": 50e-6,
        "sweep[1].eager_dev_us": 10e-6, "sweep[1].compile_s": 2.0,
        "sweep[1#2].eager_dev_us": 20e-6, "sweep[1#2].compile_s": 3.0,   # a repeated row label stays apart
        "sweep[8].compile_s": 4.0})                                        # "n/a" is no figure


@pytest.mark.parametrize("name, kind", [
    ("block.compile_s", "compile"), ("default_compile_s", "compile"), ("t[2].reduce_overhead_compile_s", "compile"),
    ("block.compiled_us", "latency"), ("block.device_compiled_us", "device"), ("t[1].compiled_dev_us", "device"),
    ("t[1].default_kernels_us", "device"), ("t[1].eager_us", "latency"), ("recompile_count_s", "latency"),
    ("block.explain_s", "latency"), ("t[1].devices_us", "latency"), ("trend[2].compile_attention", "compile"),
    ("ddp.wide.compiled.first_step_s", "compile"), ("autotune.tuned_first_s", "compile"),
    ("ddp.wide.compiled.step_ms", "latency"), ("t[1].firsts", "latency")])
def test_each_figure_is_classed_by_what_it_measures(name, kind):
    assert figure_class(name) == kind


def drifts_for(solo: list[tuple[float, float]], beside: list[tuple[float, float]]) -> dict[str, Drift]:
    return {d.name: d for d in compare([manifest(*s) for s in solo], [manifest(*b) for b in beside])}


SOLO5 = [(2.0, 40.0), (2.4, 44.0), (2.2, 42.0), (2.1, 41.0), (2.3, 43.0)]


def test_side_by_side_runs_among_the_solo_runs_are_noise_and_publishable():
    found = drifts_for(SOLO5, [(2.3, 41.0), (2.2, 43.0), (9.0, 99.0), (2.15, 42.5), (2.25, 41.5)])
    compile_drift = found["block.compile_s"]
    assert not compile_drift.moved and compile_drift.beside_median == 2.25   # one run far off moves nothing
    assert compile_drift.drift == pytest.approx(0.05 / 2.2)
    assert compile_drift.solo_spread == pytest.approx(0.4 / 2.2)
    ok, line = verdict(list(found.values()))
    assert ok and line.endswith("publishable") and "moves none of 7" in line


@pytest.mark.parametrize("beside", [[(2.41, 42.0)] * 5, [(1.99, 42.0)] * 5, [(2.2, 44.1)] * 5, [(2.2, 39.9)] * 5,
                                    [(2.41, 42.0), (2.5, 42.0), (3.0, 42.0), (2.45, 42.0), (2.42, 42.0)]])
def test_every_side_by_side_run_beyond_every_solo_run_is_not_publishable(beside):
    found = drifts_for(SOLO5, beside)
    ok, line = verdict(list(found.values()))
    assert not ok and "publish from serial runs" in line and "beyond every solo run" in line


@pytest.mark.parametrize("last", [(2.4, 42.0), (2.0, 42.0), (2.2, 44.0), (2.2, 40.0), (2.3, 42.0)])
def test_one_side_by_side_run_level_with_or_inside_the_solo_runs_keeps_a_figure_unmoved(last):
    # near misses: four runs beyond, the fifth on a solo extreme or inside: no complete parting
    found = drifts_for(SOLO5, [(2.6, 47.0), (2.7, 48.0), (1.8, 38.0), (1.7, 37.0), last])
    assert not found["block.compile_s"].moved and not found["block.device_compiled_us"].moved


def test_the_solo_extremes_themselves_are_not_beyond():
    found = drifts_for(SOLO5, [(2.4, 44.0)] * 5)
    assert not found["block.compile_s"].moved and not found["block.device_compiled_us"].moved
    found = drifts_for(SOLO5, [(2.0, 40.0)] * 5)
    assert not found["block.compile_s"].moved and not found["block.device_compiled_us"].moved


def test_latency_beyond_the_solo_runs_does_not_decide():
    solo = [manifest(c, d, 50.0 + i) for i, (c, d) in enumerate(SOLO5)]
    found = {d.name: d for d in compare(solo, [manifest(2.2, 42.0, 90.0)] * 5)}
    assert found["block.compiled_us"].moved
    assert verdict(list(found.values()))[0]


@pytest.mark.parametrize("solo, beside, chance", [(3, 3, 0.1), (5, 5, 2 / 252), (4, 4, 2 / 70), (2, 1, 2 / 3),
                                                  (5, 3, 2 / 56)])
def test_the_chance_of_parting_is_two_orders_in_all_of_them(solo, beside, chance):
    assert drift.chance_apart(solo, beside) == pytest.approx(chance)


def test_the_chance_of_parting_matches_shuffled_runs_of_one_configuration():
    import random
    rng, hits, trials = random.Random(7), 0, 20000
    for _ in range(trials):
        values = [rng.random() for _ in range(6)]
        hits += Drift("x.device_us", "device", tuple(values[:3]), tuple(values[3:])).moved
    assert hits / trials == pytest.approx(drift.chance_apart(3, 3), abs=0.01)


@pytest.mark.parametrize("runs, figures_count, decides", [(5, 6, True), (5, 12, True), (5, 14, False), (4, 6, False),
                                                          (3, 2, False), (6, 6, True)])
def test_the_verdict_decides_only_with_runs_enough_for_its_figures(runs, figures_count, decides):
    def manifest_of(value: float) -> dict:
        return {"metrics": {f"f{i}.compile_s": {"value": value + i, "unit": "s"} for i in range(figures_count)}}
    solo = [manifest_of(1.0 + 0.01 * r) for r in range(runs)]
    beside = [manifest_of(1.005 + 0.01 * r) for r in range(runs)]       # interleaved: nothing moved
    ok, line = verdict(compare(solo, beside))
    assert ok == decides
    if not decides:
        assert line.startswith(f"too few runs to decide: with {runs} solo and {runs} side-by-side runs")
    assert (drift.chance_any_apart(runs, runs, figures_count) <= drift.DECIDE_AT) == decides


def test_three_runs_and_three_decide_one_figure():
    # the chance is 2 in 20, the bound itself: "at most 10 %" decides
    solo = [{"metrics": {"a.compile_s": {"value": v, "unit": "s"}}} for v in (1.0, 1.2, 1.1)]
    beside = [{"metrics": {"a.compile_s": {"value": v, "unit": "s"}}} for v in (1.05, 1.15, 1.3)]
    ok, line = verdict(compare(solo, beside))
    assert ok and "moves none of 1" in line


def test_no_compile_or_device_figure_decides_nothing():
    only_latency = {"metrics": {"x.eager_us": {"value": 5.0, "unit": "µs"}}}
    ok, line = verdict(compare([only_latency, only_latency], [only_latency]))
    assert not ok and line == "no compile or device figure in these runs: nothing decides (choose a lab that times)"


def test_one_solo_run_has_no_spread():
    with pytest.raises(ValueError, match="two solo runs"):
        compare([manifest(2.0, 40.0)], [manifest(2.0, 40.0)])


def test_the_report_counts_each_class():
    lines = drift.report(compare([manifest(*s) for s in SOLO5], [manifest(3.0, 42.0)] * 5))
    assert "compile: 1 of 4 moved beyond every solo run; largest drift +36.4% (block.compile_s)" in lines
    assert any(line.startswith("device: 0 of 3 moved") for line in lines)
    assert any(line.startswith("latency: 0 of 1 moved") for line in lines)
    assert lines[-1].startswith("side by side moves 1 of 7 compile/device figures beyond every solo run "
                                "(worst block.compile_s: +36.4%; 5.4% by chance alone)")


# ---- the bench on pretend GPUs ---------------------------------------------------------------

FAKE_LAB = r'''
import json, os, sys, time
lab, out = sys.argv[1:3]
seen = {"lab": lab, "out": out, "start": time.time(), "gpus": os.environ.get("CUDA_VISIBLE_DEVICES"),
        "cores": sorted(os.sched_getaffinity(0)), "cache": os.environ.get("TORCHINDUCTOR_CACHE_DIR")}
with open(os.environ["FAKE_EVENTS"], "a") as handle:     # a neighbour may be killed before its end
    handle.write(json.dumps(dict(seen, phase="start")) + "\n")
time.sleep(float(os.environ.get("FAKE_SLEEP_" + lab, "0.3")))
with open(os.environ["FAKE_EVENTS"], "a") as handle:
    handle.write(json.dumps(dict(seen, phase="end", end=time.time())) + "\n")
os.makedirs(out, exist_ok=True)
metrics = {"block.compile_s": {"value": 2.0, "unit": "s"}, "block.device_us": {"value": 40.0, "unit": "µs"}}
json.dump({"status": "ok", "metrics": metrics, "provenance": {"wall_s": 0.3}}, open(os.path.join(out, "manifest.json"), "w"))
'''


@pytest.mark.parametrize("lab", ["explain", "inductor_kernels", "compile_compare"])
def test_the_committed_gpu_runs_hold_figures_that_decide(lab):
    """The bench's verdict needs compile and device figures: the labs it is pointed at have both."""
    found = figures(json.loads((ROOT / "results" / lab / "cuda" / "manifest.json").read_text()))
    assert {figure_class(name) for name in found} == {"compile", "device", "latency"}


# The bench imports scripts/course/drift.py and gpu_node.py by path, as top-level modules: mutmut's
# scratch tree moves the package to course/ (tests/mutation/run.py), and its mutants are never these.
NOT_IN_MUTMUTS_TREE = pytest.mark.skipif(not (ROOT / "scripts" / "course" / "drift.py").is_file(),
                                         reason="no scripts/course/drift.py (mutmut's scratch tree)")


def bench_with_fake_labs(tmp_path: Path, neighbours: tuple[str, ...], gpus: tuple[str, ...], sleeps: dict[str, str],
                         **settings):
    """The bench on pretend GPUs, its labs a script that records where and when it ran (events.jsonl)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_side_by_side as bench_script
    fake = tmp_path / "fake.py"
    fake.write_text(FAKE_LAB)
    env = dict(os.environ, FAKE_EVENTS=str(tmp_path / "events.jsonl"),
               **{f"FAKE_SLEEP_{lab}": seconds for lab, seconds in sleeps.items()})
    bench = bench_script.Bench(lab="measured", repeats=2, neighbours=neighbours, out=tmp_path / "bench", gpus=gpus,
                               cores=gpu_node.usable_cores(), command=(sys.executable, str(fake), "{lab}", "{out}"),
                               env=env, lead_s=0.1, **settings)
    return bench_script, bench


@NOT_IN_MUTMUTS_TREE
def test_the_bench_interleaves_solo_and_beside_runs_with_neighbours_on_the_other_gpus(tmp_path):
    bench_script, bench = bench_with_fake_labs(tmp_path, ("n1", "n2"), ("0", "1", "2"),
                                               {"measured": "0.8", "n1": "0.2", "n2": "5"})
    events, cores = tmp_path / "events.jsonl", bench.cores
    said: list[str] = []
    solo, beside = bench_script.bench_runs(bench, said.append)
    assert [line.split()[1] for line in said if " run " in line] == ["solo", "beside", "solo", "beside"]
    assert all(r["ok"] for r in solo + beside)
    seen = [json.loads(line) for line in events.read_text().splitlines()]
    measured = [e for e in seen if e["lab"] == "measured" and e["phase"] == "end"]
    assert [e["gpus"] for e in measured] == [None, "0", None, "0"]          # solo: the caller's GPUs
    lanes = gpu_node.split_cores(cores, 3)
    assert measured[0]["cores"] == list(cores) and measured[1]["cores"] == list(lanes[0])
    neighbours = [e for e in seen if e["lab"] != "measured" and e["phase"] == "start"]
    assert {e["gpus"] for e in neighbours} <= {"1", "2"}
    for run in (measured[1], measured[3]):                                   # both other GPUs busy meanwhile
        for gpu in ("1", "2"):
            assert any(e["gpus"] == gpu and e["start"] < run["start"] for e in neighbours), gpu
    assert not any(e["start"] < measured[0]["end"] for e in neighbours)      # solo: nothing beside
    assert beside[0]["neighbour_runs"] >= 3                                   # n1 ends fast and is restarted
    starts = [e for e in seen if e["phase"] == "start"]
    assert len({e["cache"] for e in starts}) == len(starts)                  # every run its own caches
    line = verdict(compare([r["manifest"] for r in solo], [r["manifest"] for r in beside]))[1]
    assert line.startswith("too few runs to decide: with 2 solo and 2 side-by-side runs")   # the runs' figures read
    n2_alive = [e for e in neighbours if e["lab"] == "n2"]
    assert n2_alive and not any(e["lab"] == "n2" and e["phase"] == "end" for e in seen)  # killed at the end


@NOT_IN_MUTMUTS_TREE
def test_solo_on_the_share_runs_as_beside_does_without_the_neighbours(tmp_path):
    bench_script, bench = bench_with_fake_labs(tmp_path, ("n1",), ("0", "1"), {"measured": "0.3", "n1": "5"},
                                               solo_cores="share")
    events, cores = tmp_path / "events.jsonl", bench.cores
    solo, beside = bench_script.bench_runs(bench, lambda line: None)
    seen = [json.loads(line) for line in events.read_text().splitlines()]
    measured = [e for e in seen if e["lab"] == "measured" and e["phase"] == "end"]
    share = list(gpu_node.split_cores(cores, 2)[0])
    assert [(e["gpus"], e["cores"]) for e in measured] == [("0", share)] * 4  # solo and beside alike
    assert [r["cores"] for r in solo] == [gpu_node.cpu_list(share)] * 2
    assert len({e["cache"] for e in seen if e["phase"] == "start"}) == len([e for e in seen if e["phase"] == "start"])
    neighbours = [e for e in seen if e["lab"] != "measured" and e["phase"] == "start"]
    for solo_run in (measured[0], measured[2]):                               # nothing beside a solo run
        assert not any(solo_run["start"] < e["start"] < solo_run["end"] for e in neighbours)
    assert all(r["neighbour_runs"] == 0 for r in solo) and all(r["neighbour_runs"] >= 1 for r in beside)


# ---- near misses (written against mutmut's survivors on drift.py) ----------------------------

def test_figures_convert_every_time_unit_and_skip_what_is_no_timing():
    metrics = {"a_s": {"value": 1.5, "unit": "s"}, "b_ms": {"value": 2, "unit": "ms"},
               "c_us": {"value": 3, "unit": "us"}, "d_ns": {"value": 4, "unit": "ns"},
               "e_us": {"value": 5, "unit": "µs"},
               "flag_s": {"value": True, "unit": "s"}, "word_s": {"value": "3", "unit": "s"},
               "no_unit": {"value": 3}, "not_a_metric": 3, "x.rate": {"value": 3, "unit": "GB/s"},
               "x.p95_us": {"value": 1, "unit": "µs"}, "x_min_s": {"value": 1, "unit": "s"},
               "x.max_ms": {"value": 1, "unit": "ms"}, "iqr_us": {"value": 1, "unit": "µs"},
               "x.minimum_s": {"value": 7, "unit": "s"}, "x.admin_s": {"value": 8, "unit": "s"},
               "p95_x.block_s": {"value": 9, "unit": "s"},      # a spread's name only in the last part
               "t.p95_x.block_s": {"value": 6, "unit": "s"}}
    tables = {"untimed": {"columns": ["n", "speedup"], "units": {"speedup": "×"}, "rows": [[1, 2.0]]},
              "bare": {},
              "timed": {"columns": ["label", "t_ms", "t_max_ms"], "units": {"t_ms": "ms", "t_max_ms": "ms"},
                        "rows": [[], ["a"], ["b", 2.0, 9.0], ["b", 3.0], ["", 4.0]]}}
    assert figures({"metrics": metrics, "tables": tables}) == pytest.approx({
        "a_s": 1.5, "b_ms": 2e-3, "c_us": 3e-6, "d_ns": 4e-9, "e_us": 5e-6,
        "x.minimum_s": 7.0, "x.admin_s": 8.0, "p95_x.block_s": 9.0, "t.p95_x.block_s": 6.0,
        "timed[b].t_ms": 2e-3, "timed[b#2].t_ms": 3e-3, "timed[#2].t_ms": 4e-3})   # an empty row's label is ""
    assert figures({"metrics": None, "tables": None}) == {} and figures({}) == {}


@pytest.mark.parametrize("name, kind", [
    ("Block.Compile_S", "compile"), ("block.compile_time_ms", "compile"), ("x.first_call_s", "compile"),
    ("x.first_call_ms", "latency"), ("dev_table.eager_us", "latency"), ("compile_run.eager_us", "latency"),
    ("x.DEVICE_us", "device"), ("x.kernels_ms", "latency"), ("a.compile_x.eager_us", "latency")])
def test_a_figure_is_classed_by_its_last_name_part_whatever_the_case(name, kind):
    assert figure_class(name) == kind


def test_a_solo_median_of_zero_gives_an_infinite_drift_and_spread():
    zero = Drift("x.compile_s", "compile", (0.0, 0.0), (1.0,))
    assert zero.drift == float("inf") and zero.solo_spread == float("inf")


def test_compare_needs_a_side_by_side_run_and_keeps_only_figures_every_run_has():
    with pytest.raises(ValueError, match=r"^need at least two solo runs \(their spread is the yardstick\) and one "
                                         "side by side$"):
        compare([manifest(2.0, 40.0), manifest(2.0, 40.0)], [])
    extra = manifest(2.0, 40.0)
    extra["metrics"]["only.here_s"] = {"value": 1.0, "unit": "s"}
    names = {d.name for d in compare([extra, manifest(2.0, 40.0)], [extra])}
    assert "only.here_s" not in names and "block.compile_s" in names


def test_the_worst_figure_is_the_largest_drift_either_way():
    solo = [{"metrics": {"a.compile_s": {"value": v, "unit": "s"}, "a.device_us": {"value": v, "unit": "µs"}}}
            for v in (10.0, 12.0, 11.0, 11.5, 10.5)]
    beside = {"metrics": {"a.compile_s": {"value": 13.2, "unit": "s"}, "a.device_us": {"value": 5.5, "unit": "µs"}}}
    ok, line = verdict(compare(solo, [beside] * 5))
    assert not ok and line == ("side by side moves 2 of 2 compile/device figures beyond every solo run "
                               "(worst a.device_us: -50.0%; 1.6% by chance alone): publish from serial runs")


def test_the_report_table_row_by_row():
    long_name = "a" * 56 + "_dev_us"                       # 63 characters: cut to 58 in the table
    solo = [{"metrics": {"x.compile_s": {"value": s, "unit": "s"}, long_name: {"value": d, "unit": "µs"}}}
            for s, d in SOLO5]
    beside = {"metrics": {"x.compile_s": {"value": 3.0, "unit": "s"}, long_name: {"value": 41.0, "unit": "µs"}}}
    assert drift.report(compare(solo, [beside] * 5)) == [
        "figure" + " " * 52 + " class    " + " solo median" + " solo spread" + "       beside" + "    drift  moved",
        "a" * 56 + "_d device   " + "       42 µs" + "        9.5%" + "        41 µs" + "    -2.4%  no",
        "x.compile_s" + " " * 47 + " compile  " + "       2.2 s" + "       18.2%" + "          3 s" + "   +36.4%  YES",
        "compile: 1 of 1 moved beyond every solo run; largest drift +36.4% (x.compile_s)",
        f"device: 0 of 1 moved beyond every solo run; largest drift -2.4% ({long_name})",
        "side by side moves 1 of 2 compile/device figures beyond every solo run (worst x.compile_s: +36.4%; "
        "1.6% by chance alone): publish from serial runs"]


@pytest.mark.parametrize("seconds, text", [(3.0, "3 s"), (1.0, "1 s"), (1234.5, "1.23e+03 s"), (0.999, "999 ms"),
                                           (1e-3, "1 ms"), (0.0015, "1.5 ms"), (2.5e-6, "2.5 µs"), (1e-6, "1 µs"),
                                           (5e-7, "500 ns")])
def test_short_times_take_the_largest_unit_they_reach(seconds, text):
    assert drift._short(seconds) == text


@NOT_IN_MUTMUTS_TREE
def test_the_bench_runs_as_a_file_with_nothing_on_the_path(tmp_path):
    """As on the bare GPU machine: `python3 scripts/bench_side_by_side.py` from another folder, with
    no PYTHONPATH and no site packages (-S: this venv's .pth would put the repository on the path).
    It must reach its own GPU count, not stop at an import (it did: gpu_node needs labs.common)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["CUDA_VISIBLE_DEVICES"] = "0"                      # one GPU named: the bench refuses with its reason
    done = subprocess.run([sys.executable, "-S", str(ROOT / "scripts" / "bench_side_by_side.py"),
                           "--out", str(tmp_path / "bench")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert "1 GPU(s) here; side by side needs 2 or more" in done.stdout
    assert done.returncode != 0


@NOT_IN_MUTMUTS_TREE
def test_the_bench_names_what_ran_from_the_first_measured_runs_provenance():
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_side_by_side as bench_script
    first = {"provenance": {"gpu_name": "NVIDIA H200", "torch": "2.11.0", "commit": "ea6d2ea", "date_utc": "d1",
                            "cuda": "13.0", "triton": "3.6.0", "commit_dirty": False, "cores": 16}}
    second = {"provenance": {"gpu_name": "other", "torch": "2.12.0", "date_utc": "d2"}}
    made = bench_script.run_provenance([first, second])
    assert made == {"gpu_name": "NVIDIA H200", "torch": "2.11.0", "triton": "3.6.0", "cuda": "13.0",
                    "commit": "ea6d2ea", "commit_dirty": False, "date_utc": "d1"}
    assert bench_script.run_provenance([{}])["torch"] is None and bench_script.run_provenance([])["commit"] is None


# ---- written against a hand-planted bug hunt (tests/mutation/fresh_bugs.toml) ------------------

@NOT_IN_MUTMUTS_TREE
def test_a_run_counts_only_when_it_exits_0_with_a_manifest_that_says_ok(tmp_path):
    """A lab whose every part was skipped exits 0 with status "skipped": no figures to compare."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_side_by_side as bench_script
    (tmp_path / "result").mkdir()
    manifest = tmp_path / "result" / "manifest.json"
    for code, status, ok in ((0, "ok", True), (0, "skipped", False), (0, "failed", False), (1, "ok", False)):
        manifest.write_text(json.dumps({"status": status, "provenance": {"wall_s": 2.0}}))
        run = bench_script.finished(tmp_path, code, {"launch": "solo"})
        assert (run["ok"], run["manifest"] is not None, run["launch"]) == (ok, ok, "solo"), (code, status)
    manifest.unlink()
    assert bench_script.finished(tmp_path, 0, {})["ok"] is False


@NOT_IN_MUTMUTS_TREE
def test_the_neighbour_labs_take_turns_on_a_gpu(tmp_path):
    """--neighbours A,B: each neighbour that ends is replaced by the next lab of the list, so one
    other GPU sees A, B, A, ... rather than the same lab again and again."""
    bench_script, bench = bench_with_fake_labs(tmp_path, ("n1", "n2"), ("0", "1"),
                                               {"measured": "1.5", "n1": "0.05", "n2": "0.05"})
    events = tmp_path / "events.jsonl"
    run = bench_script.run_beside(bench, 0)
    assert run["ok"] and run["neighbour_runs"] >= 3
    seen = [json.loads(line) for line in events.read_text().splitlines()]
    turns = [e["lab"] for e in seen if e["lab"] != "measured" and e["phase"] == "start"]
    assert len(turns) >= 2 and {e["gpus"] for e in seen if e["lab"] != "measured"} == {"1"}
    assert turns == [("n1", "n2")[i % 2] for i in range(len(turns))]
