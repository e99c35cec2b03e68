"""The real labs killed with SIGKILL inside a part, then run again: the rerun restores every part
that finished, runs only the rest, and makes the result a straight run makes.

Each lab runs in its smoke preset on CPU, as the runner runs it (a fresh work folder per attempt,
one parts folder kept between them), through tests/labs/killed_at_part.py, which kills the
process inside the part named and logs every part that really runs. The straight run is the
session's smoke run (`lab_smoke`). Measurements differ between two runs, so the comparison with
it is of structure (parts, keys of every section) and of the values a run does not measure; the
restored parts' values are compared byte for byte with what the killed attempt recorded and wrote.
"""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

from course.runner import lab_environment
from tests.conftest import ROOT

SECTIONS = ("metrics", "checks", "tables", "figures", "artifacts")
INSTALLED = importlib.metadata.version("torch").replace("+", "-")   # as a key spells it: 2.13.0-cpu
INSTALLED_PROBE = f"probe_{INSTALLED}"

# lab -> (the part the first attempt is killed in, values a second run must give unchanged:
# (section, key) pairs whatever part made them; artifacts are compared by their files' bytes)
CASES = {
    # the block finished: RMSNorm alone runs again
    "explain": ("rms_norm", [("tables", "block_kernels"), ("tables", "rmsnorm_kernels"),
                             ("metrics", "block.featured_kernel"), ("artifacts", "block_kernel")]),
    # the compile and every stage restored together; the trace's child runs again
    "inside_compile": ("torch_trace", [("tables", "funnel"), ("tables", "kernels"), ("tables", "aot_graphs"),
                                       ("artifacts", "inference.kernels")]),
    # the environments and the installed release's probe restored
    "kernel_history": ("probes", [("metrics", f"tinyhead.kernels.{INSTALLED}"),
                                  ("artifacts", f"kernels.tinyhead.{INSTALLED}")]),
    # the capture group, export, the survey, the ceilings and TinyHead's timing restored; the
    # MiniGPT's timing needs the model (rebuilt from its checkpoint) and the restored ceilings
    "inductor_kernels": ("timing_minigpt", [("metrics", "softmax_kernel.name"), ("tables", "tinyhead_kernels"),
                                            ("tables", "kernel_annotation"), ("artifacts", "kernel"),
                                            ("metrics", "export.minigpt_nodes"), ("metrics", "distributed.total_mib")]),
}


def attempt(lab: str, tmp_path: Path, checkpoints: Path, number: int, kill_at: str | None = None,
            **env: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    """One attempt at the lab into tmp_path/out, resuming from tmp_path/parts; the parts it ran."""
    calls = tmp_path / f"calls-{number}"
    environment = lab_environment(tmp_path / f"work-{number}", checkpoints) | {"RESUME_CALLS": str(calls), **env}
    if kill_at:
        environment["RESUME_KILL_AT"] = kill_at
    done = subprocess.run([sys.executable, "-m", "tests.labs.killed_at_part", lab, "--device", "cpu",
                           "--preset", "smoke", "--out", str(tmp_path / "out"), "--resume", str(tmp_path / "parts")],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=900)
    return done, calls.read_text().split() if calls.exists() else []


def files_under(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("lab", sorted(CASES))
def test_a_lab_killed_mid_part_resumes_without_redoing_finished_parts(lab, tmp_path, lab_smoke, checkpoint_dir):
    kill_at, unchanged = CASES[lab]
    straight = lab_smoke(lab).manifest
    order = list(straight["parts"])
    finished = order[:order.index(kill_at)]

    killed, ran_first = attempt(lab, tmp_path, checkpoint_dir, 1, kill_at)
    assert killed.returncode == -9, killed.stdout[-3000:] + killed.stderr[-3000:]
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert ran_first[-1] == kill_at and set(ran_first) <= set(finished) | {kill_at}
    records = {key: json.loads((tmp_path / "parts" / key / "record.json").read_text()) for key in finished}
    written = files_under(tmp_path / "out")

    again, ran_second = attempt(lab, tmp_path, checkpoint_dir, 2)
    assert again.returncode == 0, again.stdout[-3000:] + again.stderr[-3000:]
    resumed = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert ran_second[0] == kill_at and not set(ran_second) & set(finished), "a finished part ran again"

    # The parts: the straight run's, in its order and with its statuses; the finished ones resumed.
    assert list(resumed["parts"]) == order
    assert {k: p["status"] for k, p in resumed["parts"].items()} == {k: p["status"] for k, p in straight["parts"].items()}
    assert [k for k, p in resumed["parts"].items() if p.get("resumed")] == finished
    assert resumed["provenance"]["resumed_parts"] == len(finished)
    assert resumed["status"] == "ok"
    for section in SECTIONS:
        assert sorted(resumed[section]) == sorted(straight[section]), section

    # The restored parts: what the killed attempt recorded and wrote, byte for byte.
    compared = 0
    for key, record in records.items():
        for section in SECTIONS:
            for name, entry in record["recorded"].get(section, {}).items():
                assert json.dumps(resumed[section][name]) == json.dumps(entry), f"{key}: {section} {name}"
                compared += 1
    restored_files = {path for record in records.values() for path in record["files"]}
    for path in restored_files:
        assert (tmp_path / "out" / path).read_bytes() == written[path], path
        compared += 1
    assert compared, "the finished parts recorded nothing: nothing above was compared"

    # What a run does not measure is what the straight run gave.
    straight_out = lab_smoke(lab).out
    for section, name in unchanged:
        if section == "artifacts":
            relative = straight["artifacts"][name]["path"]
            assert (tmp_path / "out" / relative).read_bytes() == (straight_out / relative).read_bytes(), name
        else:
            assert json.dumps(resumed[section][name]) == json.dumps(straight[section][name]), name


def test_kernel_history_starts_afresh_when_asked_for_other_releases(tmp_path, checkpoint_dir):
    """KERNEL_HISTORY_RELEASES is one of the lab's key variables (lab.toml): a rerun asking for
    other releases is another key, so the environments found for the first ones are never
    restored; a rerun asking for the same ones resumes. A release asked twice is one part."""
    killed, _ = attempt("kernel_history", tmp_path, checkpoint_dir, 1, INSTALLED_PROBE,
                        KERNEL_HISTORY_RELEASES="installed,installed")
    assert killed.returncode == -9, killed.stdout[-3000:] + killed.stderr[-3000:]
    environments = json.loads((tmp_path / "parts" / "environments" / "record.json").read_text())
    assert len(environments["recorded"]["tables"]["releases"]["rows"]) == 1

    other, ran = attempt("kernel_history", tmp_path, checkpoint_dir, 2, INSTALLED_PROBE,
                         KERNEL_HISTORY_RELEASES="installed,0.0.1")
    assert other.returncode == -9 and ran[0] == "environments", other.stderr[-3000:]
    environments = json.loads((tmp_path / "parts" / "environments" / "record.json").read_text())
    assert len(environments["recorded"]["tables"]["releases"]["rows"]) == 2

    same, ran = attempt("kernel_history", tmp_path, checkpoint_dir, 3, INSTALLED_PROBE,
                        KERNEL_HISTORY_RELEASES="installed,0.0.1")
    assert same.returncode == -9 and ran == [INSTALLED_PROBE], ran
