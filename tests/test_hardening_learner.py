"""A learner's own code in `explain` and `mlopt`: a module that never returns, raises, exits or
asks for more memory than the machine has; arguments that are nan, infinite, zero or paths that
cannot take the output. Each ends within its limit with one line and a non-zero status, and
what was there before (an earlier report, an earlier optimized graph) stays as it was.

The runner (labs.common.learner_code) is tried with small stdlib workers first (fast); then both
command lines, in this process, on hostile modules written to a temporary folder."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from labs.common import learner_code, whole_output

LIMIT_S = 2.0   # the learner-code limit these tests give; the child's start (torch's import) is extra
SLACK_S = 90.0  # a spawned interpreter importing torch on a loaded 2-core machine


# -- the runner, with stdlib workers -----------------------------------------------------------

def hang_in(phase, where: str):
    phase("import")
    if where == "forward":
        phase("forward")
    while True:
        time.sleep(0.1)


def hang_with_a_grandchild(phase, pid_file: str):
    import subprocess
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    Path(pid_file).write_text(str(child.pid))
    phase("forward")
    while True:
        time.sleep(0.1)


def raise_while_building(phase, _):
    phase("import")
    phase("construct")
    raise ValueError("no weights here\nsecond line")


def kill_myself(phase, how: str):
    phase("forward")
    if how == "exit":
        os._exit(3)
    os.kill(os.getpid(), signal.SIGKILL)


def refuse_with_cause(phase, _):
    try:
        {}["missing"]
    except KeyError as error:
        return learner_code.Outcome(2, stderr="a refusal", cause=error)


def refuse_over_lines(phase, _):
    return learner_code.Outcome(2, stderr="a refusal\nthat a message\r\nspread over lines")


def succeed(phase, value):
    phase("import")
    return learner_code.Outcome(0, stdout=f"done {value}")


def run(work, options, **limits):
    return learner_code.run(work, options, learner_code.Limits(**limits), tool="hardening-test",
                            subject="model.py:Net", failure_code=7)


@pytest.mark.parametrize("where, words", [("import", "importing it"), ("forward", "running its forward")])
def test_code_that_never_returns_is_stopped_at_its_phase_limit(where, words):
    started = time.monotonic()
    outcome = run(hang_in, where, learner_s=1.0)
    assert outcome.code == 7 and time.monotonic() - started < 30
    assert outcome.stderr == f"model.py:Net did not finish {words} within 1 s and was stopped"


def test_a_phase_that_is_not_learner_code_gets_the_longer_limit():
    limits = learner_code.Limits(learner_s=1.0, heavy_s=50.0)
    assert [limits.of(p) for p in ("import", "construct", "forward", "compile", "optimize", "write")] == \
        [1.0, 1.0, 1.0, 50.0, 50.0, 50.0]
    assert limits.of("start") == learner_code.START_LIMIT_S


def test_the_kill_reaches_processes_the_learners_code_started(tmp_path):
    pid_file = tmp_path / "pid"
    outcome = run(hang_with_a_grandchild, str(pid_file), learner_s=1.0)
    assert outcome.code == 7 and "within 1 s" in outcome.stderr
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        # a killed child of ours that nobody reaped yet is a zombie, not a running process
        if Path(f"/proc/{pid}/stat").exists() and Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
            break
        time.sleep(0.2)
    else:
        pytest.fail(f"process {pid}, started by the learner's code, outlived the time limit")


def test_an_exception_is_one_line_naming_the_code_and_phase_with_its_traceback_in_a_log():
    outcome = run(raise_while_building, None)
    assert outcome.code == 7 and "\n" not in outcome.stderr
    assert outcome.stderr.startswith("model.py:Net raised ValueError: no weights here while building it; "
                                     "the full traceback is in ")
    log = Path(outcome.stderr.rsplit(" ", 1)[1])
    assert "Traceback" in log.read_text() and "second line" in log.read_text()
    log.unlink()


@pytest.mark.parametrize("how, says", [("exit", "ended the process (exit status 3) while running its forward"),
                                       ("kill", "was ended by SIGKILL while running its forward")])
def test_code_that_ends_the_process_is_one_line(how, says):
    outcome = run(kill_myself, how)
    assert outcome.code == 7 and says in outcome.stderr and "\n" not in outcome.stderr


def test_a_refusal_keeps_its_line_and_logs_its_cause():
    outcome = run(refuse_with_cause, None)
    assert outcome.code == 2 and outcome.stderr.startswith("a refusal; the full traceback is in ")
    log = Path(outcome.stderr.rsplit(" ", 1)[1])
    assert "KeyError" in log.read_text()
    log.unlink()


def test_a_refusal_over_several_lines_arrives_as_one():
    assert run(refuse_over_lines, None).stderr == "a refusal that a message spread over lines"


def test_work_that_finishes_passes_its_output_through():
    assert run(succeed, 42) == learner_code.Outcome(0, "done 42", "")


# -- sizes, numbers and paths, checked before any work -------------------------------------------

def test_input_bytes_are_exact_for_sizes_no_float_can_hold():
    assert learner_code.input_bytes([((100000, 100000, 100), "float32")]) == 4 * 10**12
    assert learner_code.input_bytes([((8, 64), "float16"), ((8,), "int64")]) == 8 * 64 * 2 + 64
    huge = learner_code.input_bytes([((10**400, 2), "float32")])
    assert huge == 8 * 10**400 and learner_code.size_text(huge) == "about 10^400 B"
    assert learner_code.size_text(4 * 10**12) == "4 TB" and learner_code.size_text(999) == "999 B"


def test_memory_refusal_names_the_estimate_and_the_machine():
    gib = 2**30
    assert learner_code.memory_refusal(gib, 2 * gib, 4 * gib) is None          # exactly half: fits
    refusal = learner_code.memory_refusal(gib + 1, 2 * gib, 4 * gib)           # one byte more: refused
    assert refusal.startswith("the inputs alone take 1.07 GB, and this machine has 2.15 GB available (of 4.29 GB)")
    assert learner_code.memory_refusal(10**400, 2 * gib, 4 * gib)
    assert learner_code.memory_refusal(10**400, None, None) is None             # unknown memory: no guess


@pytest.mark.parametrize("value, ok", [(float("nan"), False), (float("inf"), False), (-float("inf"), False),
                                       (-1e-9, False), (0.0, True), (600.0, True), (600.0001, False)])
def test_check_finite_bounds(value, ok):
    assert (learner_code.check_finite("--x", value, low=0, high=600, low_inclusive=True) is None) == ok
    assert learner_code.check_finite("--x", 0.0, low=0, high=600, low_inclusive=False) is not None


def test_output_folder_refusals(tmp_path):
    (tmp_path / "file").write_text("x")
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "notes.md").write_text("a learner's notes")
    (tmp_path / "ours").mkdir()
    (tmp_path / "ours" / "explain.json").write_text("{}")
    (tmp_path / "empty").mkdir()
    assert "is a file" in whole_output.refusal(tmp_path / "file", "--out", "explain.json")
    assert "did not write" in whole_output.refusal(tmp_path / "theirs", "--out", "explain.json")
    assert "not a folder" in whole_output.refusal(tmp_path / "file" / "sub", "--out", "explain.json")
    for fine in ("ours", "empty", "new", "new/deeper"):
        assert whole_output.refusal(tmp_path / fine, "--out", "explain.json") is None, fine
    assert "is a folder" in whole_output.file_refusal(tmp_path / "empty", "--report")
    assert whole_output.file_refusal(tmp_path / "file", "--report") is None   # a file is replaced


def test_put_in_place_swaps_whole_folders(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "explain.json").write_text("old")
    staging = whole_output.staging_for(out)
    (staging / "explain.json").write_text("new")
    whole_output.put_in_place(staging, out)
    assert (out / "explain.json").read_text() == "new" and sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_main_sends_the_runners_options_to_the_lab_and_everything_else_to_the_command_line():
    from labs.explain.__main__ import runs_the_lab
    assert runs_the_lab(["--device", "cpu", "--preset", "smoke", "--out", "/tmp/x"])
    assert runs_the_lab(["--out=/tmp/x", "--keep-work"]) and runs_the_lab([])
    assert runs_the_lab(["--device", "cuda", "--preset", "full", "--out", "/tmp/x", "--resume", "/tmp/p"])
    for learner in (["examples:RMSNorm", "--input", "8,64"], ["labs/explain/examples.py:RMSNorm"],
                    ["--input", "8,64"], ["-h"], ["--device", "cpu", "model"]):
        assert not runs_the_lab(learner), learner


# -- the two command lines on hostile modules -----------------------------------------------------

HOSTILE = '''
import time
import torch
from torch import nn

class HangForward(nn.Module):
    def forward(self, x):
        while True:
            time.sleep(0.05)

class RaisesInInit(nn.Module):
    def __init__(self):
        super().__init__()
        raise ValueError("no weights here")

class Fine(nn.Module):
    def forward(self, x):
        return x * 2

def hang_factory():
    while True:
        time.sleep(0.05)

def hang_forward():
    return HangForward()

def factory_raises():
    raise ValueError("no weights here")
'''


@pytest.fixture
def learner(tmp_path, monkeypatch) -> Path:
    (tmp_path / "hostile.py").write_text(HOSTILE)
    (tmp_path / "hangs_at_import.py").write_text("import time\nwhile True:\n    time.sleep(0.05)\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # mlopt imports `hostile` as a module, as from its folder
    for name in ("TORCH_LOGS", "TORCH_COMPILE_DEBUG", "TORCH_TRACE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def explain(capsys, *args: str) -> tuple[int, str, float]:
    from labs.explain import cli
    started = time.monotonic()
    code = cli.main([*args, "--time-limit", str(LIMIT_S)])
    err = capsys.readouterr().err
    return code, err, time.monotonic() - started


def one_line(err: str, prefix: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(prefix), err
    return lines[0]


def previous_report(folder: Path) -> dict[str, str]:
    folder.mkdir()
    (folder / "explain.json").write_text('{"module": "Earlier"}\n')
    (folder / "REPORT.md").write_text("# An earlier, good report\n")
    return snapshot(folder)


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("module, says", [
    ("hangs_at_import.py:Model", "hangs_at_import.py:Model did not finish importing it within 2 s"),
    ("hostile.py:HangForward", "hostile.py:HangForward did not finish running its forward within 2 s"),
], ids=["import", "forward"])
def test_explain_stops_a_module_that_never_returns_and_keeps_the_earlier_report(learner, capsys, module, says):
    before = previous_report(learner / "out")
    code, err, took = explain(capsys, module, "--input", "4,8", "--out", "out")
    assert code == 2 and says in one_line(err, "explain: ") and "--time-limit" in err
    assert took < LIMIT_S + SLACK_S
    assert snapshot(learner / "out") == before
    assert sorted(p.name for p in learner.iterdir() if p.name.startswith(".")) == []  # no staging left


def test_explain_names_the_module_whose_constructor_raises_and_logs_the_traceback(learner, capsys):
    code, err, _ = explain(capsys, "hostile.py:RaisesInInit", "--input", "4,8", "--out", "out")
    line = one_line(err, "explain: hostile.py:RaisesInInit(**{}) failed (ValueError: no weights here)")
    assert code == 2 and "Traceback" in Path(line.rsplit(" ", 1)[1]).read_text()
    assert not (learner / "out").exists()


@pytest.mark.parametrize("args, says", [
    (["hostile:Fine", "--input", "4,8"], "'hostile' names no file: give the file's path with its .py"),
    (["hostile.Fine", "--input", "4,8"], "is not PATH.py:ClassName"),
    (["hostile.py:Fine", "--input", "100000,100000,100"], "the inputs alone take 4 TB"),
    (["hostile.py:Fine", "--input", "1" + "0" * 400 + ",2"], "has a number of 401 digits, beyond any machine's"),
    (["hostile.py:Fine", "--input", "4,1" + "0" * 5000], "has a number of 5001 digits"),   # past int()'s limit
    (["hostile.py:Fine", "--input", "4:int64:1" + "0" * 30], "has a number of 31 digits"),
    (["hostile.py:Fine", "--input", "999999999999999999,9"], "the inputs alone take 36 EB"),
    (["hostile.py:Fine", "--input", "4,²"], "is not a shape"),
    (["hostile.py:Fine", "--input", "4,0"], "must be at least 1"),
    (["hostile.py:Fine", "--input", "4:int64:0"], "must be at least 1"),
    (["hostile.py:Fine", "--input", "4,8", "--budget", "nan"], "--budget nan is not a number > 0"),
    (["hostile.py:Fine", "--input", "4,8", "--budget", "inf"], "--budget inf is not a number > 0"),
    (["hostile.py:Fine", "--input", "4,8", "--budget", "0"], "--budget 0 is not a number > 0"),
    (["hostile.py:Fine", "--input", "4,8", "--budget", "-1"], "--budget -1 is not a number > 0"),
    (["hostile.py:Fine", "--input", "4,8", "--time-limit", "inf"], "--time-limit inf"),
    (["hostile.py:Fine", "--input", "4,8", "--threads", "0"], "--threads 0"),
    (["hostile.py:Fine", "--input", "4,8", "--kwargs", "[1]"], "--kwargs must be a JSON object"),
    (["hostile.py:Fine", "--input", "4,8", "--out", "hostile.py"], "--out hostile.py is a file"),
    (["hostile.py:Fine", "--input", "4,8", "--out", "."], "already holds files this tool did not write"),
    (["hostile.py:Fine", "--input", "4,8", "--out", "hostile.py/sub"], "is not a folder"),
])
def test_explain_checks_every_argument_before_any_work(learner, capsys, args, says):
    before = snapshot(learner)
    from labs.explain import cli
    started = time.monotonic()
    code = cli.main(args)
    took = time.monotonic() - started
    assert code == 2 and says in one_line(capsys.readouterr().err, "explain: ")
    assert took < 5, f"refused after {took:.1f} s: the check came after work"
    assert snapshot(learner) == before


def mlopt(capsys, *args: str) -> tuple[int, str, str]:
    from labs.capstone.mlopt import cli
    code = cli.run([*args, "--time-limit", str(LIMIT_S)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("model, says", [
    ("hangs_at_import:model", "hangs_at_import:model did not finish importing it within 2 s"),
    ("hostile:hang_factory", "hostile:hang_factory did not finish building it within 2 s"),
    ("hostile:hang_forward", "hostile:hang_forward did not finish running its forward within 2 s"),
], ids=["import", "factory", "forward"])
def test_mlopt_stops_a_model_that_never_returns_and_keeps_the_earlier_report(learner, capsys, model, says):
    (learner / "report.json").write_text('{"earlier": true}\n')
    code, _, err = mlopt(capsys, model, "--input-shape", "4,8", "--budget-s", "0", "--report", "report.json")
    assert code == 1 and says in one_line(err, "mlopt: error: ")
    assert (learner / "report.json").read_text() == '{"earlier": true}\n'
    assert not [p for p in learner.iterdir() if p.name.startswith(".")]


def test_mlopt_names_the_factory_that_raises_and_logs_the_traceback(learner, capsys):
    code, _, err = mlopt(capsys, "hostile:factory_raises", "--input-shape", "4,8", "--budget-s", "0")
    line = one_line(err, "mlopt: error: hostile:factory_raises raised ValueError: no weights here while building it")
    assert code == 1 and "factory_raises" in Path(line.rsplit(" ", 1)[1]).read_text()


@pytest.mark.parametrize("args, says", [
    (["hostile.py:hang_factory"], "is a file path; mlopt imports a factory as package.module:function"),
    (["./models/hostile.py:net"], "here hostile:net with models as the current folder"),
    (["chain_mlp", "--rtol", "nan"], "--rtol nan is not a number >= 0"),
    (["chain_mlp", "--rtol", "inf"], "--rtol inf"),
    (["chain_mlp", "--rtol", "-1"], "--rtol -1"),
    (["chain_mlp", "--budget-s", "inf"], "--budget-s inf is not a number >= 0"),
    (["chain_mlp", "--budget-s", "nan"], "--budget-s nan"),
    (["chain_mlp", "--budget-s", "-1"], "--budget-s -1"),
    (["chain_mlp", "--budget-s", "601"], "--budget-s 601"),
    (["chain_mlp", "--report", "."], "--report . is a folder"),
    (["chain_mlp", "--report", "hostile.py/r.json"], "is not a folder"),
    (["chain_mlp", "--output", "hostile.py"], "--output hostile.py is a file"),
    (["chain_mlp", "--output", "."], "already holds files this tool did not write"),
    (["chain_mlp", "--weights", "missing.pt"], "--weights missing.pt is not a file"),
    (["chain_mlp", "--input-shape", "100000,100000,100"], "the inputs alone take 4 TB"),
    (["chain_mlp", "--input-shape", "4,1" + "0" * 5000], "a size of 5001 digits"),
    (["chain_mlp", "--input-shape", "4,²"], "not a list of positive integers"),
    (["chain_mlp", "--input-shape", "4,00"], "not a list of positive integers"),
    (["chain_mlp", "--passes", "fold,,quantize"], "unknown pass quantize"),
    (["chain_mlp", "--passes", ","], "unknown pass (none given)"),
])
def test_mlopt_checks_every_argument_before_any_work(learner, capsys, args, says):
    before = snapshot(learner)
    from labs.capstone.mlopt import cli
    started = time.monotonic()
    code = cli.run([*args, "--input-shape", "4,64"] if "--input-shape" not in args else args)
    took = time.monotonic() - started
    assert code == 2 and says in one_line(capsys.readouterr().err, "mlopt: error: ")
    assert took < 5, f"refused after {took:.1f} s: the check came after work"
    assert snapshot(learner) == before


def test_mlopt_writes_report_and_graph_whole_and_keeps_a_budget_of_zero_as_no_timing(learner, capsys):
    code, _, err = mlopt(capsys, "chain_mlp", "--input-shape", "4,64", "--budget-s", "0",
                           "--report", "r/report.json", "--output", "graph")
    assert code == 0, err
    report = json.loads((learner / "r" / "report.json").read_text())
    assert report["verification"]["passed"] and "timing" not in report
    assert (learner / "graph" / "module.py").is_file()
    assert not [p for p in learner.rglob(".*")]  # no staging file or folder left behind


def _harness_usage_options(capsys) -> list[tuple[str, str | None]]:
    """(option, its value's placeholder or None for a switch) as the harness's own --help prints
    them: what a lab's command line takes, read from argparse's output, not from its table."""
    import re

    from labs.common import harness
    with pytest.raises(SystemExit):
        harness.parse_options("explain", ["--help"])
    usage = capsys.readouterr().out.split("\n\n")[0]
    found = [(name, value or None) for name, value in re.findall(r"\[(--[\w-]+)(?: ([^\]]+))?\]", usage)]
    assert len(found) >= 6, usage   # device, preset, out, keep-work, allow-failed-checks, resume at least
    return found


def _a_value(placeholder: str | None, tmp_path: Path) -> list[str]:
    if placeholder is None:
        return []
    if placeholder.startswith("{"):
        return [placeholder.strip("{}").split(",")[0]]   # the first of its choices
    return [str(tmp_path / placeholder.lower())]


def test_explain_sends_every_option_the_harness_takes_to_the_harness(tmp_path, monkeypatch, capsys):
    """The runner and scripts/gpu-results call `python -m labs.explain` with the harness's options (a
    missing `--resume` once sent every GPU run of explain to the learner's command line). Each option,
    with its value, and another option after it (a switch taken for an option with a value would
    swallow it), reaches the harness whole, and the harness's parser accepts what it gets."""
    from labs.common import harness
    from labs.explain import __main__ as entry
    from labs.explain import cli
    monkeypatch.setenv("COURSE_WORK_DIR", str(tmp_path / "work"))
    to_harness = []
    monkeypatch.setattr(entry, "run_lab", lambda lab_id, argv: to_harness.append((lab_id, argv)))
    monkeypatch.setattr(cli, "main", lambda argv=None: pytest.fail(f"sent to the learner's command line: {argv}"))
    options = _harness_usage_options(capsys)
    for name, placeholder in options:
        for argv in ([name, *_a_value(placeholder, tmp_path), "--device", "cpu"],
                     ["--preset", "smoke", f"{name}={_a_value(placeholder, tmp_path)[0]}"] if placeholder else [name]):
            entry.main(argv)
            assert to_harness[-1] == ("explain", argv)
            assert harness.parse_options("explain", argv).lab_id == "explain"
    everything = [word for name, placeholder in options for word in (name, *_a_value(placeholder, tmp_path))]
    entry.main(everything)
    assert to_harness[-1] == ("explain", everything)


@pytest.mark.parametrize("argv", [["examples:RMSNorm", "--input", "8,64"], ["-h"], ["--input", "8,64"],
                                  ["--device", "cpu", "labs/explain/examples.py:RMSNorm"],
                                  ["--devices", "cpu"], ["--keep-work", "model.py:Net"], ["--out"] + ["x", "y"]])
def test_explain_sends_a_learners_command_line_to_the_cli(argv, monkeypatch):
    """Anything beyond the harness's options, or a near miss of one, is the learner's command line."""
    from labs.explain import __main__ as entry
    from labs.explain import cli
    to_cli = []
    monkeypatch.setattr(entry, "run_lab", lambda lab_id, argv: pytest.fail(f"sent to the harness: {argv}"))
    monkeypatch.setattr(cli, "main", lambda argv=None: to_cli.append(argv) or 0)
    with pytest.raises(SystemExit) as stopped:
        entry.main(argv)
    assert stopped.value.code == 0 and to_cli == [argv]
