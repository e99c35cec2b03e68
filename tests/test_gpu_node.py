"""scripts/gpu-results on a node of several GPUs (scripts/course/gpu_node.py), without a GPU.

The GPUs are pretended (COURSE_GPU_COUNT, or NodeRun's `gpus`) and the labs are a fake command
that records what its process was given: which GPU, which cores, which caches, when it ran.
The cores are real: the fake reads its own affinity back from the kernel.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from course import gpu_node
from course.gpu_node import Node, NodeRun, cpu_list, gpus_wanted, longest_first, split_cores

ROOT = Path(__file__).resolve().parent.parent
TOYS = Path(__file__).resolve().parent / "toylabs"
CORES = gpu_node.usable_cores()

# A lab: records its process's view as one JSON line in FAKE_EVENTS, sleeps FAKE_SLEEP_<lab>
# seconds, then writes a manifest with Spanish in it (or exits 3 without one when FAKE_FAIL names
# it, or is killed at once when FAKE_KILL does). It says one line on stdout and one on stderr;
# with FAKE_STDIN set it records whether its stdin is at its end ("eof") or left open ("open").
FAKE_LAB = r'''
import json, os, signal, sys, time
lab, out, resume = sys.argv[1:4]
if os.environ.get("FAKE_KILL") == lab:
    os.kill(os.getpid(), signal.SIGKILL)
print(f"{lab} on stdout", flush=True)
print(f"{lab} on stderr", file=sys.stderr, flush=True)
cache = os.environ.get("TORCHINDUCTOR_CACHE_DIR")
seen = {"lab": lab, "start": time.time(), "gpus": os.environ.get("CUDA_VISIBLE_DEVICES"),
        "cores": sorted(os.sched_getaffinity(0)), "inductor": cache,
        "triton": os.environ.get("TRITON_CACHE_DIR"), "work": os.environ.get("COURSE_WORK_DIR"),
        "cache_was_empty": not (cache and os.path.isdir(cache) and os.listdir(cache)), "resume": resume,
        "cwd": os.getcwd()}
if os.environ.get("FAKE_STDIN"):
    import select
    ready = select.select([0], [], [], 0.5)[0]
    seen["stdin"] = "eof" if ready and os.read(0, 1) == b"" else "open"
if cache:
    os.makedirs(cache, exist_ok=True)
    open(os.path.join(cache, "kernel.py"), "w").write("compiled")
time.sleep(float(os.environ.get("FAKE_SLEEP_" + lab, "0.3")))
seen["end"] = time.time()
with open(os.environ["FAKE_EVENTS"], "a") as handle:
    handle.write(json.dumps(seen) + "\n")
if os.environ.get("FAKE_FAIL") == lab:
    sys.exit(3)
os.makedirs(out, exist_ok=True)
provenance = {"wall_s": 1.0}
if os.environ.get("FAKE_RESUMED_" + lab):
    provenance["resumed_parts"] = int(os.environ["FAKE_RESUMED_" + lab])
with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as handle:
    json.dump({"lab": lab, "status": "ok", "title": "Título, Árbol", "provenance": provenance}, handle,
              ensure_ascii=False)
'''


@pytest.fixture
def node(tmp_path):
    """A node of fake labs: make(labs, gpus=..., **env) runs them and returns (events, log lines, out)."""
    labs_dir = tmp_path / "labs"
    fake = tmp_path / "fake_lab.py"
    fake.write_text(FAKE_LAB)
    committed = tmp_path / "results"

    def make(labs, *, gpus=("0", "1"), serial=False, fresh=False, walls=None, **env):
        for lab in labs:
            (labs_dir / lab).mkdir(parents=True, exist_ok=True)
            (labs_dir / lab / "lab.toml").write_text("")
        for lab, wall in (walls or {}).items():   # committed results: the order's source
            (committed / lab / "cuda").mkdir(parents=True, exist_ok=True)
            (committed / lab / "cuda" / "manifest.json").write_text(json.dumps({"provenance": {"wall_s": wall}}))
        events = tmp_path / "events.jsonl"
        events.unlink(missing_ok=True)
        out = tmp_path / "out"
        run = NodeRun(out=out, labs=tuple(labs), labs_dir=labs_dir, gpus=tuple(gpus), cores=CORES,
                      serial=serial, fresh=fresh, results_dir=committed,
                      command=(sys.executable, str(fake), "{lab}", "{out}", "{resume}"),
                      env=dict(os.environ, FAKE_EVENTS=str(events), **env), clock=lambda: "00:00:00")
        codes = Node(run).go()
        seen = [json.loads(line) for line in events.read_text().splitlines()] if events.exists() else []
        return {e["lab"]: e for e in seen}, (out / "progress.log").read_text().splitlines(), out, codes
    return make


def overlapping(a: dict, b: dict) -> bool:
    return a["start"] < b["end"] and b["start"] < a["end"]


# ---- pieces ----------------------------------------------------------------------------------

@pytest.mark.parametrize("count, parts, sizes", [(64, 4, [16] * 4), (10, 4, [3, 3, 2, 2]), (3, 2, [2, 1]),
                                                 (16, 1, [16]), (7, 7, [1] * 7)])
def test_cores_split_evenly_into_disjoint_blocks_covering_all(count, parts, sizes):
    cores = tuple(range(100, 100 + count))
    blocks = split_cores(cores, parts)
    assert [len(b) for b in blocks] == sizes
    assert sorted(c for b in blocks for c in b) == list(cores)          # all, and none twice
    assert all(list(b) == list(range(b[0], b[0] + len(b))) for b in blocks)  # contiguous


def test_fewer_cores_than_gpus_still_gives_every_gpu_a_core():
    assert split_cores((0, 1), 3) == [(0,), (1,), (0,)]
    with pytest.raises(ValueError):
        split_cores((), 2)


@pytest.mark.parametrize("cores, text", [((0, 1, 2, 3), "0-3"), ((5,), "5"), ((0, 1, 3, 8, 9, 10), "0-1,3,8-10"),
                                         ((3, 1, 2), "1-3"), ((1, 3), "1,3")])
def test_cpu_list_is_tasksets_notation(cores, text):
    assert cpu_list(cores) == text


@pytest.mark.parametrize("lab, node_gpus, ranks, wanted", [
    ("explain", 4, "", 1), ("explain", 4, "4", 1),         # COURSE_RANKS is the distributed lab's
    ("distributed", 4, "", 2), ("distributed", 2, "", 2), ("distributed", 4, "4", 4),
    ("distributed", 4, "8", 4), ("distributed", 8, "3", 3), ("distributed", 4, "1", 2), ("distributed", 4, "x", 2)])
def test_the_distributed_lab_takes_two_gpus_or_what_it_asks_for(lab, node_gpus, ranks, wanted):
    assert gpus_wanted(lab, node_gpus, {"COURSE_RANKS": ranks}) == wanted


def test_the_ranks_variable_is_the_distributed_labs():
    """Read from the lab's settings source (importing it imports torch: seconds)."""
    import ast
    tree = ast.parse((ROOT / "labs" / "distributed" / "settings.py").read_text())
    declared = {node.targets[0].id: node.value.value for node in tree.body
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and isinstance(node.targets[0], ast.Name)}
    assert declared["RANKS_ENV"] == gpu_node.RANKS_VARIABLE


def test_order_is_longest_first_from_committed_wall_times_then_the_table(tmp_path):
    (tmp_path / "explain" / "cuda").mkdir(parents=True)
    (tmp_path / "explain" / "cuda" / "manifest.json").write_text(json.dumps({"provenance": {"wall_s": 999.0}}))
    (tmp_path / "capstone" / "cuda").mkdir(parents=True)
    (tmp_path / "capstone" / "cuda" / "manifest.json").write_text("{broken")   # the table's then
    labs = ["inside_compile", "capstone", "explain", "toy_unknown"]
    estimates = {lab: gpu_node.estimate_s(lab, tmp_path) for lab in labs}
    assert estimates == {"inside_compile": 56.0, "capstone": 354.0, "explain": 999.0,
                         "toy_unknown": gpu_node.DEFAULT_ESTIMATE_S}
    assert longest_first(labs, estimates) == ["explain", "capstone", "toy_unknown", "inside_compile"]


def test_the_node_gpus_come_from_the_count_or_the_callers_visible_devices():
    assert gpu_node.node_gpus({"COURSE_GPU_COUNT": "3"}) == ("0", "1", "2")
    assert gpu_node.node_gpus({"CUDA_VISIBLE_DEVICES": "4,6, 7"}) == ("4", "6", "7")
    assert gpu_node.node_gpus({"CUDA_VISIBLE_DEVICES": "4,6,7", "COURSE_GPU_COUNT": "2"}) == ("4", "6")
    with pytest.raises(ValueError, match="whole number"):
        gpu_node.node_gpus({"COURSE_GPU_COUNT": "two"})


# ---- scheduling ------------------------------------------------------------------------------

def test_labs_run_side_by_side_longest_first_one_gpu_and_core_share_each(node):
    walls = {"a": 10, "b": 400, "c": 300, "d": 20}
    seen, log, out, codes = node(["a", "b", "c", "d"], walls=walls, FAKE_SLEEP_b="1.0", FAKE_SLEEP_c="0.6")
    assert codes == dict.fromkeys("abcd", 0)
    starts = [line.split()[2] for line in log if line.split()[1] == "start"]
    assert starts == ["b", "c", "d", "a"]                      # longest first, by the committed wall times
    assert "longest first: b (~400 s), c (~300 s), d (~20 s), a (~10 s)" in "\n".join(log)
    lanes = split_cores(CORES, 2)
    for lab, event in seen.items():
        assert event["gpus"] in ("0", "1"), lab
        assert tuple(event["cores"]) == lanes[int(event["gpus"])], lab
    assert overlapping(seen["b"], seen["c"])                   # two GPUs busy at once
    for x in seen.values():                                    # never two labs on one GPU at once
        for y in seen.values():
            if x is not y and overlapping(x, y):
                assert x["gpus"] != y["gpus"]
    assert max(sum(y["start"] <= x["start"] < y["end"] for y in seen.values()) for x in seen.values()) == 2
    assert not (out / ".work").exists() or not any((out / ".work").glob("[abcd]"))  # scratch gone after ok


def test_each_lab_gets_its_own_cold_caches_under_the_runs_work_folder(node, tmp_path):
    seen, _, out, _ = node(["a", "b"], TORCHINDUCTOR_CACHE_DIR=str(tmp_path / "shared"),
                           TRITON_CACHE_DIR=str(tmp_path / "shared-triton"), FAKE_FAIL="a")
    for lab in "ab":
        work = out / ".work" / lab
        assert seen[lab]["work"] == str(work)
        assert seen[lab]["inductor"] == str(work / "inductor-cache")
        assert seen[lab]["triton"] == str(work / "triton-cache")
        assert seen[lab]["cache_was_empty"]
    assert (out / ".work" / "a" / "inductor-cache" / "kernel.py").exists()   # a failure keeps its scratch
    again, _, _, _ = node(["a"])                                             # the retry starts cold again
    assert again["a"]["cache_was_empty"]


def test_a_failing_lab_does_not_stop_the_others(node):
    seen, log, out, codes = node(["a", "b", "c"], FAKE_FAIL="b", walls={"b": 50, "a": 20, "c": 10})
    assert codes == {"a": 0, "b": 3, "c": 0}
    assert set(seen) == {"a", "b", "c"}
    assert any(line.startswith("00:00:00 end b: exit 3, no result, resumed 0 parts") for line in log)
    assert json.loads((out / "c" / "cuda" / "manifest.json").read_text())["status"] == "ok"
    rerun = node(["a", "b", "c"])[1]
    assert "00:00:00 done already: a" in rerun and "00:00:00 done already: c" in rerun
    assert any(line.startswith("00:00:00 start b") for line in rerun)


@pytest.mark.parametrize("placement", [None, "missing key"])
def test_an_ok_result_the_node_did_not_place_runs_again(node, placement):
    """Stopped after the lab wrote its manifest and before the node recorded how it ran: the
    next run must not take it as done (its page could not say how it ran)."""
    seen, log, out, _ = node(["a", "b"], serial=True)
    manifest_path = out / "a" / "cuda" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    assert manifest["provenance"]["placement"]["launch"] == "serial"
    if placement is None:
        del manifest["provenance"]["placement"]
    else:
        manifest["provenance"] = {"wall_s": 1.0, "placement_": {}}   # a near miss of the key's name
    manifest_path.write_text(json.dumps(manifest))
    seen, log, out, _ = node(["a", "b"], serial=True)
    assert set(seen) == {"a"} and "00:00:00 done already: b" in log
    assert any(line.startswith("00:00:00 start a") for line in log)
    assert "placement" in json.loads(manifest_path.read_text())["provenance"]


@pytest.mark.parametrize("serial", [True, False])
def test_a_lab_that_cannot_start_fails_alone(node, tmp_path, serial):
    codes = node(["a", "b"], serial=serial, FAKE_SLEEP_a="0.1")[3]
    assert codes == {"a": 0, "b": 0}
    run = NodeRun(out=tmp_path / "out2", labs=("a", "b"), labs_dir=tmp_path / "labs", gpus=("0", "1"), cores=CORES,
                  serial=serial, command=(str(tmp_path / "no-such-python"), "{lab}"), clock=lambda: "00:00:00")
    assert Node(run).go() == {"a": 127, "b": 127}
    assert "could not start" in (tmp_path / "out2" / "progress.log").read_text()


def test_the_distributed_lab_holds_two_gpus_and_their_cores(node):
    seen, _, out, _ = node(["distributed", "a", "b"], gpus=("0", "1", "2"),
                           walls={"distributed": 300, "a": 100, "b": 50}, FAKE_SLEEP_distributed="0.8")
    assert seen["distributed"]["gpus"] == "0,1"
    lanes = split_cores(CORES, 3)
    assert seen["distributed"]["cores"] == sorted(set(lanes[0]) | set(lanes[1]))
    assert seen["a"]["gpus"] == "2" and overlapping(seen["distributed"], seen["a"])
    placement = json.loads((out / "distributed" / "cuda" / "manifest.json").read_text())["provenance"]["placement"]
    assert placement["gpus"] == ["0", "1"] and placement["launch"] == "side_by_side"
    assert "a" in placement["beside"] and placement["node_gpus"] == 3


def test_provenance_says_how_each_lab_ran(node):
    _, _, out, _ = node(["a", "b", "c"], walls={"a": 30, "b": 20, "c": 1}, FAKE_SLEEP_a="1.2", FAKE_SLEEP_b="0.2")
    placement = {lab: json.loads((out / lab / "cuda" / "manifest.json").read_text())["provenance"]["placement"]
                 for lab in "abc"}
    assert placement["a"]["beside"] == ["b", "c"] and placement["a"]["beside_most"] == 1
    assert placement["b"]["beside"] == ["a"]
    assert placement["c"]["beside"] == ["a"]                   # it started after b had ended
    lanes = split_cores(CORES, 2)
    assert placement["a"]["cores"] == cpu_list(lanes[int(placement["a"]["gpus"][0])])
    assert placement["a"]["node_cores"] == len(CORES)
    assert placement["a"]["core_count"] == len(lanes[int(placement["a"]["gpus"][0])])


def test_serial_runs_each_lab_alone_in_the_callers_environment(node):
    seen, log, out, _ = node(["a", "b", "c"], serial=True, walls={"c": 900}, CUDA_VISIBLE_DEVICES="7")
    assert [line.split()[2] for line in log if line.split()[1] == "start"] == ["a", "b", "c"]  # as given
    assert all(line == f"00:00:00 start {lab}" for line, lab in
               zip([x for x in log if " start " in x], "abc", strict=True))
    assert not any(overlapping(seen[x], seen[y]) for x in "abc" for y in "abc" if x != y)
    for event in seen.values():
        assert event["gpus"] == "7" and event["cores"] == list(CORES)
        assert event["work"] is None and event["inductor"] == os.environ.get("TORCHINDUCTOR_CACHE_DIR")
    placement = json.loads((out / "a" / "cuda" / "manifest.json").read_text())["provenance"]["placement"]
    assert placement == {"launch": "serial", "gpus": ["0", "1"], "node_gpus": 2, "cores": cpu_list(CORES),
                         "core_count": len(CORES), "node_cores": len(CORES), "beside": [], "beside_most": 0}
    assert not (out / ".placement").exists()


def test_serial_gives_a_lab_of_several_gpus_the_ones_it_takes_and_the_others_every_gpu(node, monkeypatch):
    """On a node of four, the distributed lab (one rank per visible GPU) runs serially on the
    first two, as it does side by side; a one-GPU lab keeps the caller's environment."""
    monkeypatch.setitem(gpu_node.MULTI_GPU_LABS, "b", 2)
    seen, _, out, _ = node(["a", "b"], gpus=("4", "5", "6", "7"), serial=True, CUDA_VISIBLE_DEVICES="4,5,6,7")
    assert seen["a"]["gpus"] == "4,5,6,7" and seen["b"]["gpus"] == "4,5"
    placement = json.loads((out / "b" / "cuda" / "manifest.json").read_text())["provenance"]["placement"]
    assert placement["gpus"] == ["4", "5"] and placement["node_gpus"] == 4 and placement["launch"] == "serial"
    asked = node(["b"], gpus=("4", "5", "6", "7"), serial=True, fresh=True,
                 CUDA_VISIBLE_DEVICES="4,5,6,7", COURSE_RANKS="3")[0]
    assert asked["b"]["gpus"] == "4,5,6"
    alone = node(["b"], gpus=("4", "5"), serial=True, fresh=True, CUDA_VISIBLE_DEVICES="4,5")[0]
    assert alone["b"]["gpus"] == "4,5"                            # all it needs: nothing to narrow


def test_one_gpu_is_serial_without_being_asked(node):
    seen, log, _, _ = node(["a", "b"], gpus=("0",), walls={"b": 500})
    assert [line.split()[2] for line in log if " start " in line] == ["a", "b"]
    assert "side by side" not in "\n".join(log) and seen["a"]["work"] is None


# ---- the script, end to end on the toy labs --------------------------------------------------

# The script runs scripts/course/gpu_node.py by path: mutmut's scratch tree moves the package to
# course/ (tests/mutation/run.py), where these tests could not reach a mutant anyway.
through_the_script = pytest.mark.skipif(not (ROOT / "scripts" / "course" / "gpu_node.py").is_file(),
                                        reason="no scripts/course/gpu_node.py (mutmut's scratch tree)")


def gpu_results(out: Path, *args: str, labs=("toy_ok", "toy_resume"), **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHON=sys.executable, COURSE_COMMIT="0" * 40,
                       COURSE_GPU_COUNT="2") | env
    return subprocess.run(["scripts/gpu-results", *args, str(out), *labs], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


@through_the_script
def test_a_lab_killed_beside_another_resumes_on_its_gpu_with_its_parts(tmp_path):
    out = tmp_path / "gpu"
    killed = gpu_results(out, "--side-by-side", TOY_KILL="use")
    assert "end toy_resume: exit 137, no result" in killed.stdout, killed.stdout + killed.stderr
    assert "end toy_ok: exit 0, ok" in killed.stdout
    pin = json.loads((out / ".placement" / "toy_resume.json").read_text())
    resumed = gpu_results(out, "--side-by-side")
    assert "done already: toy_ok" in resumed.stdout
    assert "end toy_resume: exit 0, ok, resumed 2 parts" in resumed.stdout, resumed.stdout
    gpu = out / "toy_resume" / "cuda" / "manifest.json"
    assert json.loads(gpu.read_text())["provenance"]["placement"]["gpus"] == [str(pin["slots"][0])]
    assert not (out / ".placement" / "toy_resume.json").exists() and not (out / ".parts" / "toy_resume").exists()


@through_the_script
def test_parts_measured_side_by_side_are_not_resumed_by_a_serial_run(tmp_path):
    """The parts' cache key holds CUDA_VISIBLE_DEVICES and the core count: a serial run (every
    core, the caller's GPUs) measures another configuration and starts the lab over."""
    out = tmp_path / "gpu"
    gpu_results(out, "--side-by-side", labs=("toy_resume",), TOY_KILL="use")
    resumed = gpu_results(out, labs=("toy_resume",))
    assert "end toy_resume: exit 0, ok, resumed 0 parts" in resumed.stdout, resumed.stdout


@through_the_script
def test_serial_and_side_by_side_leave_the_same_layout_for_course_import(tmp_path):
    import jsonschema
    schema = json.loads((ROOT / "labs" / "common" / "manifest.schema.json").read_text())
    layouts = {}
    for mode, args in (("side", ("--side-by-side",)), ("serial", ())):
        out = tmp_path / mode
        ran = gpu_results(out, *args)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert ("on GPU" in ran.stdout) == (mode == "side")
        packed = subprocess.run(["tar", "tzf", f"{out}.tar.gz"], capture_output=True, text=True).stdout.split()
        layouts[mode] = sorted(p for p in packed if not p.endswith("/"))
        for lab in ("toy_ok", "toy_resume"):
            manifest = json.loads((out / lab / "cuda" / "manifest.json").read_text())
            jsonschema.validate(manifest, schema)
            launch = manifest["provenance"]["placement"]["launch"]
            assert launch == ("serial" if mode == "serial" else "side_by_side")
    assert layouts["side"] == layouts["serial"]
    assert not any(part in p for p in layouts["side"] for part in (".work", ".parts", ".placement", "logs/"))


@through_the_script
def test_serial_is_the_default_and_asking_for_both_is_refused(tmp_path):
    """Side by side moved figures beyond a solo run's spread (bench_side_by_side.py): two GPUs
    alone do not make a run side by side; --serial, the old way to ask, still works."""
    for args in ((), ("--serial",)):
        out = tmp_path / ("serial" + "".join(args))
        ran = gpu_results(out, *args)
        assert ran.returncode == 0 and "side by side" not in ran.stdout and "on GPU" not in ran.stdout, ran.stdout
        for lab in ("toy_ok", "toy_resume"):
            manifest = json.loads((out / lab / "cuda" / "manifest.json").read_text())
            assert manifest["provenance"]["placement"]["launch"] == "serial"
    both = gpu_results(tmp_path / "both", "--side-by-side", "--serial")
    assert both.returncode == 2 and "give one" in both.stderr and not (tmp_path / "both" / "toy_ok").exists()


def test_a_placement_the_schema_does_not_know_is_refused():
    import jsonschema
    schema = json.loads((ROOT / "labs" / "common" / "manifest.schema.json").read_text())
    placement_schema = schema["properties"]["provenance"]["properties"]["placement"] | {"$defs": schema["$defs"]}
    good = {"launch": "side_by_side", "gpus": ["2"], "node_gpus": 4, "cores": "16-31", "core_count": 16, "node_cores": 64,
            "beside": ["capstone"], "beside_most": 1}
    jsonschema.validate(good, placement_schema)
    for bad in ({"launch": "parallel"}, {"cores": "16..31"}, {"beside": ["../x"]}, {"node_gpus": -1},
                {"extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(good | bad, placement_schema)


def test_the_run_record_holds_the_whole_time_and_each_labs_span_in_it(node):
    _, _, out, _ = node(["a", "b", "c"], walls={"a": 30, "b": 20, "c": 1}, FAKE_SLEEP_a="1.2",
                        FAKE_SLEEP_b="0.2", COURSE_COMMIT="abc1234")
    record = json.loads((out / "node_run.json").read_text())
    assert record["launch"] == "side_by_side" and record["node_gpus"] == 2 and record["commit"] == "abc1234"
    assert record["complete"] is True and record["done_already"] == [] and record["stopped"] is False
    spans = record["labs"]
    assert set(spans) == {"a", "b", "c"}
    assert spans["c"]["start_s"] >= spans["b"]["end_s"] - 0.1          # c waited for b's GPU
    assert spans["a"]["end_s"] - spans["a"]["start_s"] >= 1.1          # a slept 1.2 s
    assert max(span["end_s"] for span in spans.values()) <= record["whole_s"] + 0.1
    assert record["whole_s"] < sum(span["end_s"] - span["start_s"] for span in spans.values())  # side by side


@pytest.mark.parametrize(("again", "fail", "complete"), [
    (False, "b", False),       # a lab failed: not the course's time
    (True, "", False),         # a rerun that kept finished labs: not the course's time either
    (False, "", True),
])
def test_the_run_record_is_the_courses_time_only_when_every_lab_ran_and_passed(node, again, fail, complete):
    if again:
        node(["a", "b"])
    _, _, out, _ = node(["a", "b"], FAKE_FAIL=fail)
    assert json.loads((out / "node_run.json").read_text())["complete"] is complete


@through_the_script
@pytest.mark.parametrize("signalled", ["scheduler", "script", "group"])
def test_a_run_stopped_midway_stops_its_labs_and_keeps_what_finished(tmp_path, signalled):
    """Whoever gets the signal: the scheduler alone, the script alone (a supervisor that signals
    its child), or the whole group (what `timeout` does). When the script has ended, the record
    is written, so a command after `timeout … scripts/gpu-results` finds it."""
    out, pid_file = tmp_path / "gpu", tmp_path / "slow.pid"
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHON=sys.executable, COURSE_COMMIT="0" * 40,
                       COURSE_GPU_COUNT="2", TOY_PID_FILE=str(pid_file))
    script = subprocess.Popen(["scripts/gpu-results", "--side-by-side", str(out), "toy_slow", "toy_ok"], cwd=ROOT, env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (pid_file.exists() and (out / "toy_ok" / "cuda" / "manifest.json").exists()
                                                and "end toy_ok" in (out / "progress.log").read_text()):
        time.sleep(0.2)
    slow = int(pid_file.read_text())
    scheduler = int(Path(f"/proc/{script.pid}/task/{script.pid}/children").read_text().split()[0])
    if signalled == "scheduler":
        os.kill(scheduler, signal.SIGTERM)    # it must stop the lab it started
    elif signalled == "script":
        os.kill(script.pid, signal.SIGTERM)   # it must pass the signal on
    else:
        os.killpg(script.pid, signal.SIGTERM)
    assert script.wait(timeout=30) != 0
    assert (out / "node_run.json").exists(), "a stopped run leaves its record before the script ends"
    time.sleep(0.5)
    assert not Path(f"/proc/{slow}").exists() or "Z" in Path(f"/proc/{slow}/stat").read_text().split()[2]
    assert not Path(f"/proc/{scheduler}").exists() or "Z" in Path(f"/proc/{scheduler}/stat").read_text().split()[2]
    record = json.loads((out / "node_run.json").read_text())     # as it stood
    assert (record["stopped"], record["complete"]) == (True, False)
    assert record["labs"]["toy_ok"]["exit"] == 0 and record["labs"]["toy_slow"]["exit"] is None
    assert record["labs"]["toy_slow"]["end_s"] <= record["whole_s"] + 0.1
    assert "stopped toy_slow after" in (out / "progress.log").read_text()
    again = gpu_results(out, labs=("toy_ok",))
    assert "done already: toy_ok" in again.stdout


# ---- what a side-by-side result is to the import and to `course status` ----------------------

SIDE_PLACEMENT = {"launch": "side_by_side", "gpus": ["2"], "node_gpus": 4, "cores": "32-47", "core_count": 16,
                  "node_cores": 64, "beside": ["capstone"], "beside_most": 1}


def test_a_side_by_side_result_imports_over_a_serial_one_like_any_newer_run(tmp_path):
    """`course import` judges status, preset and date, never the cache key: where a GPU result was
    placed on its node does not stop it, and its placement arrives with it."""
    from course.importing import import_folder
    from tests.manifests import manifest, write_result
    serial = manifest()["provenance"] | {"placement": SIDE_PLACEMENT | {"launch": "serial", "beside": []}}
    write_result(tmp_path / "results", device="cuda", provenance=serial)
    newer = manifest()["provenance"] | {"date_utc": "2026-11-25T10:00:00Z", "cache_key": "0123456789abcdef",
                                        "placement": SIDE_PLACEMENT}
    write_result(tmp_path / "in", device="cuda", provenance=newer)
    outcome = import_folder(tmp_path / "in", tmp_path / "results")[0]
    assert outcome.imported, outcome.line()
    placed = json.loads((tmp_path / "results" / "inductor_kernels" / "cuda" / "manifest.json").read_text())
    assert placed["provenance"]["placement"] == SIDE_PLACEMENT


def test_status_on_the_site_machine_says_the_same_of_side_by_side_and_serial_results(tmp_path):
    """Both are GPU runs of today's code made elsewhere: "other machine", never "stale"."""
    from course.status import describe
    from labs.common.contract import source_hash
    from tests.manifests import manifest, write_result
    said = {}
    for launch in ("serial", "side_by_side"):
        store = tmp_path / launch
        provenance = manifest()["provenance"] | {"source_hash": source_hash("inductor_kernels"),
                                                 "placement": SIDE_PLACEMENT | {"launch": launch}}
        write_result(store, device="cuda", provenance=provenance)
        said[launch] = describe(store, "inductor_kernels", "cuda").split(" · ")[0]
    assert said["serial"] == said["side_by_side"] and said["serial"].startswith("other machine")


def test_the_cache_key_tells_a_gpu_share_from_the_whole_node(monkeypatch):
    """Why a side-by-side result is another machine to a serial run on the same node: the key
    counts the cores the process may use and the GPUs it sees, and both differ."""
    from labs.common import fingerprint
    monkeypatch.setattr(fingerprint, "gpus", lambda: ({"name": "NVIDIA H200", "driver": "580", "memory": "141 GiB"},) * 4)
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    monkeypatch.setattr(fingerprint, "usable_cores", lambda: 64)
    serial = fingerprint.cache_key("explain", "full", "cuda")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "2")
    gpu_only = fingerprint.cache_key("explain", "full", "cuda")
    monkeypatch.setattr(fingerprint, "usable_cores", lambda: 16)
    side = fingerprint.cache_key("explain", "full", "cuda")
    assert len({serial, gpu_only, side}) == 3


# ---- what every process of the run inherits ---------------------------------------------------

def _environment_seen(tmp_path: Path, **env: str) -> dict[str, str]:
    """The variables the scheduler (and so every lab and child) starts with: PYTHON is a stand-in
    that writes its environment and exits."""
    stand_in, seen = tmp_path / "python", tmp_path / "seen.env"
    stand_in.write_text(f'#!/bin/sh\nenv -0 > "{seen}"\n', encoding="utf-8")
    stand_in.chmod(0o755)
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    done = subprocess.run(["scripts/gpu-results", str(tmp_path / "out"), "toy_ok"], cwd=ROOT, timeout=60,
                          env=environment | {"PYTHON": str(stand_in), "COURSE_COMMIT": "0" * 40} | env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return dict(item.split("=", 1) for item in seen.read_text(encoding="utf-8").split("\0") if "=" in item)


@pytest.mark.parametrize("dont_write", ["1", None])
def test_every_process_of_a_gpu_run_shares_one_writable_bytecode_cache(tmp_path, dont_write):
    seen = _environment_seen(tmp_path, **({"PYTHONDONTWRITEBYTECODE": dont_write} if dont_write else {}),
                             TMPDIR=str(tmp_path / "tmp"))
    assert "PYTHONDONTWRITEBYTECODE" not in seen      # the GPU machine sets it: nothing would be cached
    assert seen["PYTHONPYCACHEPREFIX"] == str(tmp_path / "tmp" / "course-pycache")  # outside the tree and OUT


def test_a_bytecode_cache_the_caller_chose_is_kept(tmp_path):
    seen = _environment_seen(tmp_path, PYTHONPYCACHEPREFIX=str(tmp_path / "mine"))
    assert seen["PYTHONPYCACHEPREFIX"] == str(tmp_path / "mine")


# ---- near misses (written against mutmut's survivors on gpu_node.py) -------------------------

@pytest.fixture
def fake_nvidia_smi(tmp_path, monkeypatch):
    """An `nvidia-smi` on PATH that lists two GPUs (and a MIG line, no GPU) for `-L`, and fails otherwise."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "nvidia-smi"
    script.write_text('#!/bin/sh\n[ "$1" = -L ] || exit 9\n'
                      'printf "GPU 0: NVIDIA H100 (UUID: GPU-a)\\n  MIG 1g.10gb Device 0\\nGPU 1: NVIDIA H100\\n"\n')
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    return script


def test_without_visible_devices_the_gpus_are_those_nvidia_smi_lists(fake_nvidia_smi):
    assert gpu_node._nvidia_smi_count() == 2
    assert gpu_node.node_gpus({}) == ("0", "1")
    assert gpu_node.node_gpus({"CUDA_VISIBLE_DEVICES": " "}) == ("0", "1")      # blank: as if unset
    fake_nvidia_smi.write_text('#!/bin/sh\nprintf "GPU 0: NVIDIA H100\\n"\nexit 1\n')   # failing: none, whatever it printed
    assert gpu_node._nvidia_smi_count() == 0 and gpu_node.node_gpus({}) == ()


def test_without_nvidia_smi_there_are_no_gpus(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert gpu_node._nvidia_smi_count() == 0 and gpu_node.node_gpus({}) == ()


@pytest.mark.parametrize("visible, count, gpus", [
    ("4,6", "2", ("4", "6")),            # exactly as many as asked: the caller's own ids
    ("4", "3", ("0", "1", "2")),         # fewer than asked: pretend ones, numbered from 0
    ("", "2", ("0", "1"))])
def test_the_gpu_count_keeps_the_first_visible_ones_or_pretends(visible, count, gpus, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))                                # no nvidia-smi
    assert gpu_node.node_gpus({"CUDA_VISIBLE_DEVICES": visible, "COURSE_GPU_COUNT": count}) == gpus


def test_usable_cores_are_this_processs_affinity_or_every_core():
    everything = os.sched_getaffinity(0)
    last = max(everything)
    try:
        os.sched_setaffinity(0, {last})
        assert gpu_node.usable_cores() == (last,)
    finally:
        os.sched_setaffinity(0, everything)


@pytest.mark.parametrize("cpu_count, cores", [(3, (0, 1, 2)), (None, (0,))])
def test_without_an_affinity_every_core_counts(monkeypatch, cpu_count, cores):
    def refused(_pid):
        raise OSError("no affinity here")
    monkeypatch.setattr(gpu_node.os, "sched_getaffinity", refused)
    monkeypatch.setattr(gpu_node.os, "cpu_count", lambda: cpu_count)
    assert gpu_node.usable_cores() == cores


def test_the_side_by_side_line_says_each_gpus_core_share(node):
    _, log, _, _ = node(["a", "b"], walls={"a": 20, "b": 10})
    share = (len(CORES) + 1) // 2                                            # two GPUs: half the cores, rounded up
    assert f"00:00:00 side by side: 2 GPUs, {share} cores each, longest first: a (~20 s), b (~10 s)" in log


def pin(out: Path, lab: str, slots: list[int], *, gpus=("0", "1"), cores=CORES, parts=True) -> None:
    (out / ".placement").mkdir(parents=True, exist_ok=True)
    (out / ".placement" / f"{lab}.json").write_text(json.dumps({"slots": slots, "gpus": list(gpus),
                                                                "cores": list(cores)}))
    (out / ".parts" / lab).mkdir(parents=True, exist_ok=True)
    if parts:
        (out / ".parts" / lab / "part-1.json").write_text("{}")


def test_an_interrupted_lab_starts_first_on_the_gpu_it_had(node, tmp_path):
    pin(tmp_path / "out", "b", [1])                   # the second GPU: not the one it would get first
    seen, log, out, codes = node(["a", "b"], walls={"a": 400, "b": 10})
    assert codes == {"a": 0, "b": 0}
    assert [line.split()[2] for line in log if line.split()[1] == "start"] == ["b", "a"]
    assert seen["b"]["gpus"] == "1" and seen["a"]["gpus"] == "0"
    assert not (out / ".placement" / "b.json").exists() and not (out / ".parts" / "b").exists()


@pytest.mark.parametrize("pinned, need, slots", [
    ({}, 1, (1,)),
    ({"gpus": ("0", "2")}, 1, None), ({"cores": CORES + (999,)}, 1, None),   # another node
    ({"parts": False}, 1, None),                                             # nothing finished to keep
    ({}, 2, None), ({"slots": [2]}, 1, None), ({"slots": [-1]}, 1, None), ({"slots": [0, 1]}, 2, (0, 1))])
def test_a_lab_keeps_its_gpus_only_on_the_same_node_with_parts_to_resume(tmp_path, pinned, need, slots):
    out, pinned = tmp_path / "out", dict(pinned)         # the parameter itself stays whole for a rerun
    pin(out, "lab", pinned.pop("slots", [1]), **pinned)
    node = Node(NodeRun(out=out, labs=("lab",), labs_dir=tmp_path, gpus=("0", "1"), cores=CORES))
    assert node.pinned("lab", need) == slots


@pytest.mark.parametrize("text", ["{broken", '{"gpus": ["0", "1"]}', '{"slots": ["x"]}', '{"slots": 3}'])
def test_an_unreadable_pin_is_no_pin(tmp_path, text):
    out = tmp_path / "out"
    pin(out, "lab", [0])
    (out / ".placement" / "lab.json").write_text(text)
    node = Node(NodeRun(out=out, labs=("lab",), labs_dir=tmp_path, gpus=("0", "1"), cores=CORES))
    assert node.pinned("lab", 1) is None


def test_splitting_nothing_or_into_nothing_says_what_it_needs():
    for cores, parts in (((), 2), ((0, 1), 0)):
        with pytest.raises(ValueError, match=r"^need at least one part and one core$"):
            split_cores(cores, parts)


@pytest.mark.parametrize("wall, estimate", [(0.5, 0.5), (0, 56.0), (-5, 56.0), ("500", 56.0), (None, 56.0)])
def test_only_a_positive_committed_wall_time_orders_a_lab(tmp_path, wall, estimate):
    (tmp_path / "inside_compile" / "cuda").mkdir(parents=True)
    (tmp_path / "inside_compile" / "cuda" / "manifest.json").write_text(json.dumps({"provenance": {"wall_s": wall}}))
    assert gpu_node.estimate_s("inside_compile", tmp_path) == estimate      # else the table's 56 s


def test_a_lab_beside_others_gets_its_gpus_its_emptied_work_folder_and_its_lanes_headers(tmp_path):
    out = tmp_path / "out"
    (out / ".work" / "lab" / "inductor-cache").mkdir(parents=True)
    (out / ".work" / "lab" / "inductor-cache" / "old.py").write_text("warm")
    node = Node(NodeRun(out=out, labs=("lab",), labs_dir=tmp_path, gpus=("4", "6", "7"), cores=CORES))
    work = out / ".work" / "lab"
    assert node.side_by_side_env("lab", (1, 2)) == {
        "CUDA_VISIBLE_DEVICES": "6,7", "COURSE_WORK_DIR": str(work),
        "TORCHINDUCTOR_CACHE_DIR": str(work / "inductor-cache"), "TRITON_CACHE_DIR": str(work / "triton-cache"),
        "COURSE_PRECOMPILED_HEADERS": str(out / ".work" / "headers-1")}
    assert work.is_dir() and not any(work.iterdir())


def test_every_progress_line_is_printed_too(node, capsys):
    _, log, _, _ = node(["a", "b"], serial=True)
    printed = capsys.readouterr().out.splitlines()
    assert printed == log and printed[0].startswith("00:00:00 resuming: finished labs are kept")
    assert re.fullmatch(r"00:00:00 all labs: [0-9] s", log[-1]), log[-1]       # seconds since the run began


def test_a_serial_run_leaves_only_results_logs_and_progress_in_out(node):
    _, _, out, _ = node(["a", "b"], serial=True)
    assert sorted(p.name for p in out.iterdir()) == ["a", "b", "logs", "node_run.json", "progress.log"]
    assert sorted(p.name for p in (out / "logs").iterdir()) == ["a.log", "b.log"]


def test_a_rerun_removes_the_labs_old_result_before_it_starts(node, tmp_path):
    old = tmp_path / "out" / "a" / "cuda"
    old.mkdir(parents=True)
    (old / "manifest.json").write_text(json.dumps({"status": "failed", "provenance": {}}))
    _, log, _, codes = node(["a"], serial=True, FAKE_FAIL="a")
    assert codes == {"a": 3} and not old.exists()
    assert any(line.startswith("00:00:00 end a: exit 3, no result,") for line in log)


def test_the_default_command_runs_the_lab_module_in_full_on_cuda(tmp_path):
    record = tmp_path / "python"
    record.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {tmp_path / "argv"}\n')
    record.chmod(0o755)
    (tmp_path / "labs" / "a").mkdir(parents=True)
    (tmp_path / "labs" / "a" / "lab.toml").write_text("")
    out = tmp_path / "out"
    Node(NodeRun(out=out, labs=("a",), labs_dir=tmp_path / "labs", gpus=("0",), cores=CORES,
                 python=str(record), clock=lambda: "00:00:00")).go()
    assert (tmp_path / "argv").read_text().splitlines() == [
        "-m", "labs.a", "--device", "cuda", "--preset", "full", "--out", str(out / "a" / "cuda"),
        "--resume", str(out / ".parts" / "a")]


def test_a_failed_lab_beside_others_keeps_its_pin_for_the_resume(node):
    seen, _, out, _ = node(["a", "b"], walls={"a": 20, "b": 10}, FAKE_FAIL="a")
    assert json.loads((out / ".placement" / "a.json").read_text()) == {
        "slots": [int(seen["a"]["gpus"])], "gpus": ["0", "1"], "cores": list(CORES)}
    assert not (out / ".placement" / "b.json").exists()                   # an ok lab's pin is gone


# ---- near misses, second round (the survivors of the full run of 2026-11-27) ------------------

SECONDS = r"[0-9] s"     # a fake lab takes a second or two: a time since the epoch would be ten digits


def ends(log: list[str]) -> list[str]:
    return [line for line in log if line.startswith("00:00:00 end ")]


def test_each_end_line_says_exit_status_result_resumed_parts_seconds_and_the_labs_beside(node):
    # a holds GPU 0 throughout; b fails on GPU 1, then c, killed at once, takes it: both beside a
    _, log, _, codes = node(["a", "b", "c"], walls={"a": 30, "b": 20, "c": 10}, FAKE_SLEEP_a="2.5",
                            FAKE_FAIL="b", FAKE_KILL="c", FAKE_RESUMED_a="2")
    assert codes == {"a": 0, "b": 3, "c": 137}         # killed by SIGKILL: 128 + 9, as a shell says
    lines = ends(log)
    assert len(lines) == 3
    for line, pattern in zip(lines, [
            rf"00:00:00 end b: exit 3, no result, resumed 0 parts, {SECONDS}, beside a",
            rf"00:00:00 end c: exit 137, no result, resumed 0 parts, {SECONDS}, beside a",
            rf"00:00:00 end a: exit 0, ok, resumed 2 parts, {SECONDS}, beside b, c"], strict=True):
        assert re.fullmatch(pattern, line), line


def test_an_end_line_names_no_lab_beside_when_none_ran_beside_it(node):
    _, log, _, _ = node(["a"], walls={"a": 30})                     # two GPUs, one lab: side by side, alone
    assert "side by side" in "\n".join(log)
    [line] = ends(log)
    assert re.fullmatch(rf"00:00:00 end a: exit 0, ok, resumed 0 parts, {SECONDS}", line), line
    _, log, _, _ = node(["c", "d"], serial=True, FAKE_RESUMED_d="1")     # the same OUT: its log goes on
    assert [re.sub(SECONDS, "N s", line) for line in ends(log)[1:]] == [
        "00:00:00 end c: exit 0, ok, resumed 0 parts, N s", "00:00:00 end d: exit 0, ok, resumed 1 parts, N s"]


def test_a_start_line_beside_others_names_the_gpus_by_their_ids_and_the_cores(node):
    _, log, _, _ = node(["distributed", "a"], gpus=("4", "6", "7"), walls={"distributed": 300, "a": 10})
    starts = [line for line in log if line.startswith("00:00:00 start ")]
    assert re.fullmatch(r"00:00:00 start distributed on GPU 4,6, cores [0-9][0-9,-]*", starts[0]), starts[0]
    assert re.fullmatch(r"00:00:00 start a on GPU 7, cores [0-9][0-9,-]*", starts[1]), starts[1]
    half = (len(CORES) + 1) // 2                       # two GPUs: the first half of the cores, rounded up
    first = CORES[:half]
    cores = f"{first[0]}-{first[-1]}" if len(first) > 1 else f"{first[0]}"
    assert list(CORES) == list(range(CORES[0], CORES[0] + len(CORES)))   # contiguous here: one span
    _, log, _, _ = node(["b"], walls={"b": 10})
    assert f"00:00:00 start b on GPU 0, cores {cores}" in log


def test_a_labs_output_and_errors_go_to_its_log_in_the_order_written(node):
    _, _, out, _ = node(["a", "b"], walls={"a": 20, "b": 10})
    assert (out / "logs" / "a.log").read_text() == "a on stdout\na on stderr\n"
    assert (out / "logs" / "b.log").read_text() == "b on stdout\nb on stderr\n"


def test_a_lab_reads_no_input_and_runs_in_the_courses_root_whatever_the_callers_folder(node, tmp_path, monkeypatch):
    """A stray input() in a lab meets the end of its input at once, never the terminal the
    run was started from (here a pipe that stays open); `python -m labs.x` needs the root."""
    monkeypatch.chdir(tmp_path)
    read, write = os.pipe()
    saved = os.dup(0)
    try:
        os.dup2(read, 0)
        seen, _, _, _ = node(["a", "b"], walls={"a": 20, "b": 10}, FAKE_STDIN="1")
        serial, _, _, _ = node(["c"], serial=True, FAKE_STDIN="1")
    finally:
        os.dup2(saved, 0)
        for fd in (saved, read, write):
            os.close(fd)
    assert [seen["a"]["stdin"], seen["b"]["stdin"], serial["c"]["stdin"]] == ["eof"] * 3
    assert {seen["a"]["cwd"], seen["b"]["cwd"], serial["c"]["cwd"]} == {str(gpu_node.ROOT)}
    assert tmp_path != gpu_node.ROOT


def test_a_lab_log_in_a_folder_not_made_yet_is_made_with_its_parents(tmp_path):
    log = tmp_path / "a" / "b" / "lab.log"
    process = gpu_node.launch([sys.executable, "-c", "print('hi')"], dict(os.environ), log, None)
    assert process.wait(timeout=30) == 0 and log.read_text() == "hi\n"


def test_a_node_with_no_gpu_found_runs_its_labs_one_after_another(node):
    seen, log, _, codes = node(["a", "b"], gpus=())
    assert codes == {"a": 0, "b": 0} and "side by side" not in "\n".join(log)
    assert seen["a"]["work"] is None


def test_a_result_with_spanish_in_it_is_read_as_utf8_whatever_the_machines_locale(node, tmp_path, monkeypatch):
    from tests.helpers_locale import locale_encoding
    locale_encoding(monkeypatch)            # cp1252 cannot decode the UTF-8 bytes of "Á", misreads those of "í"
    # the committed result's wall time still orders the lab
    (tmp_path / "results" / "z" / "cuda").mkdir(parents=True)
    (tmp_path / "results" / "z" / "cuda" / "manifest.json").write_text(
        json.dumps({"title": "Árbol", "provenance": {"wall_s": 700.0}}, ensure_ascii=False), encoding="utf-8")
    assert gpu_node.estimate_s("z", tmp_path / "results") == 700.0
    # the placement is added to the lab's manifest without garbling its Spanish
    _, log, out, _ = node(["a"], serial=True)
    manifest = json.loads((out / "a" / "cuda" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["title"] == "Título, Árbol" and manifest["provenance"]["placement"]["launch"] == "serial"
    assert re.fullmatch(rf"00:00:00 end a: exit 0, ok, resumed 0 parts, {SECONDS}", ends(log)[0])
    # and the next run (its lines follow the first run's in OUT's log) finds it done
    _, log, _, _ = node(["a"], serial=True)
    assert "00:00:00 done already: a" in log and len(ends(log)) == 1


def test_the_progress_log_is_utf8_whatever_the_machines_locale(tmp_path, monkeypatch):
    from tests.helpers_locale import locale_encoding
    locale_encoding(monkeypatch)
    (tmp_path / "labs" / "a").mkdir(parents=True)
    (tmp_path / "labs" / "a" / "lab.toml").write_text("")
    run = NodeRun(out=tmp_path / "out", labs=("a",), labs_dir=tmp_path / "labs", gpus=("0",), cores=CORES,
                  command=(str(tmp_path / "pythón-missing"), "{lab}"), clock=lambda: "00:00:00")
    assert Node(run).go() == {"a": 127}
    assert "could not start: [Errno 2] No such file or directory: " in \
        (tmp_path / "out" / "progress.log").read_text(encoding="utf-8")
    assert "pythón-missing" in (tmp_path / "out" / "progress.log").read_text(encoding="utf-8")
