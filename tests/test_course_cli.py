"""`python -m course` (course/__main__.py) called in-process: what each command asks of the
engine (the runner's request, the import, the notebook pages, the site's stamp), what it
prints, and its exit status. The engine's work itself is faked where it would run labs or
build; tests/test_runner.py and tests/test_importing.py run the real commands end to end."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import course.__main__ as cli
from course import importing, notebooks, results, runner, status
from course.notebooks import TranslationError
from tests.manifests import write_result


@pytest.fixture
def requests(monkeypatch):
    """runner.run_all faked: records each request and returns what `outcomes` holds."""
    seen = SimpleNamespace(requests=[], outcomes=[SimpleNamespace(succeeded=True)], during=None)

    def run_all(request):
        seen.requests.append(request)
        if seen.during:
            seen.during()
        return seen.outcomes

    monkeypatch.setattr(runner, "run_all", run_all)
    monkeypatch.setattr(cli, "default_device", lambda: "cpu")
    monkeypatch.delenv("DEVICE", raising=False)
    handlers = {stop: signal.getsignal(stop) for stop in (signal.SIGTERM, signal.SIGHUP)}
    yield seen
    for stop, handler in handlers.items():     # `course run` installs its own: put pytest's back
        signal.signal(stop, handler)


# -- run ------------------------------------------------------------------------------------------

def test_run_asks_the_runner_for_every_lab_on_this_machines_device_by_default(requests, tmp_path):
    assert cli.main(["--results", str(tmp_path), "run"]) == 0
    [request] = requests.requests
    assert request == runner.RunRequest(labs=runner.all_labs(), device="cpu", preset="full", force=False,
                                        results_dir=tmp_path, timeout_s=None, keep_other_machines=False)
    assert len(request.labs) > 1


def test_run_passes_each_option_on(requests, tmp_path):
    argv = ["--results", str(tmp_path), "run", "--lab", "inside_compile", "--lab", "capstone", "--device", "cpu",
            "--preset", "smoke", "--force", "--timeout", "90", "--keep-other-machines"]
    assert cli.main(argv) == 0
    assert requests.requests == [runner.RunRequest(labs=("inside_compile", "capstone"), device="cpu", preset="smoke",
                                                   force=True, results_dir=tmp_path, timeout_s=90,
                                                   keep_other_machines=True)]


def test_run_writes_to_the_courses_results_folder_unless_told(requests):
    assert cli.main(["run", "--lab", "inside_compile"]) == 0
    assert requests.requests[0].results_dir == results.RESULTS_DIR


def test_run_takes_its_device_from_DEVICE_and_an_empty_DEVICE_is_auto(requests, monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "_cuda_usable", lambda: True)
    monkeypatch.setattr(cli, "default_device", lambda: "cuda")     # a GPU machine
    monkeypatch.setenv("DEVICE", "cpu")
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile"]) == 0
    monkeypatch.setenv("DEVICE", "")
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile"]) == 0
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile", "--device", "auto"]) == 0
    assert [r.device for r in requests.requests] == ["cpu", "cuda", "cuda"]


def test_auto_is_this_machines_device_and_a_named_device_is_itself(monkeypatch):
    monkeypatch.setattr(cli, "default_device", lambda: "cuda")
    assert (cli._device("auto"), cli._device("cpu"), cli._device("cuda")) == ("cuda", "cpu", "cuda")


@pytest.mark.parametrize("device", ["gpu", "CPU", ""])
def test_run_refuses_a_device_it_does_not_know(requests, capsys, device):
    with pytest.raises(SystemExit) as exit:
        cli.main(["run", "--device", device])
    assert exit.value.code == 2 and "invalid choice" in capsys.readouterr().err and requests.requests == []


def test_run_refuses_a_preset_it_does_not_know(requests, capsys):
    with pytest.raises(SystemExit):
        cli.main(["run", "--preset", "tiny"])
    assert "argument --preset: invalid choice: 'tiny' (choose from 'smoke', 'full')" in capsys.readouterr().err


def test_run_refuses_an_unknown_lab_before_running_any(requests, capsys, tmp_path):
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile", "--lab", "no_such_lab"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("course run: ") and "no_such_lab" in err and err.count("\n") == 1
    assert requests.requests == []


def test_run_on_cuda_without_a_gpu_pytorch_sees_is_refused_with_what_to_do(requests, monkeypatch, capsys):
    monkeypatch.setattr(cli, "_cuda_usable", lambda: False)
    assert cli.main(["run", "--lab", "inside_compile", "--device", "cuda"]) == 2
    assert capsys.readouterr().err == (
        "course run: DEVICE=cuda, but PyTorch sees no CUDA GPU on this machine; run on the CPU (DEVICE=cpu, "
        "or leave DEVICE out) or on a GPU machine (README: Run on a GPU)\n")
    assert requests.requests == []


def test_run_on_cuda_with_a_gpu_runs(requests, monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "_cuda_usable", lambda: True)
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile", "--device", "cuda"]) == 0
    assert requests.requests[0].device == "cuda"


def test_run_does_not_ask_for_a_gpu_on_the_cpu(requests, monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "_cuda_usable", lambda: pytest.fail("asked for a GPU on a CPU run"))
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile", "--device", "cpu"]) == 0


@pytest.mark.parametrize("succeeded, status", [([True, True], 0), ([True, False], 1), ([False], 1)])
def test_run_exits_0_only_when_every_lab_succeeded(requests, tmp_path, succeeded, status):
    requests.outcomes = [SimpleNamespace(succeeded=s) for s in succeeded]
    assert cli.main(["--results", str(tmp_path), "run"]) == status


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_kill_or_a_closed_terminal_stops_a_run_as_ctrl_c_does(requests, capsys, tmp_path, stop):
    def signalled():
        handler = signal.getsignal(stop)     # what the signal would call, called as it would be
        handler(stop, None)

    requests.during = signalled
    assert cli.main(["--results", str(tmp_path), "run", "--lab", "inside_compile"]) == 130
    assert capsys.readouterr().err == (
        "\ncourse run: interrupted; the lab that was running is stopped and its last result in results/ is "
        "unchanged (labs finished before it keep their new results)\n")


def test_the_gpu_probe_asks_a_child_python_whether_torch_sees_cuda(monkeypatch, tmp_path):
    fake = tmp_path / "python"
    log = tmp_path / "asked"
    fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {log}\necho "$ANSWER"\n')
    fake.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(fake))
    monkeypatch.setenv("ANSWER", "True")
    assert cli._cuda_usable() is True
    assert log.read_text() == "-c\nimport torch; print(torch.cuda.is_available())\n"
    for answer in ("False", "", "Traceback: no module named torch"):
        monkeypatch.setenv("ANSWER", answer)
        assert cli._cuda_usable() is False


# -- status, validate ------------------------------------------------------------------------------

def test_status_prints_the_results_folders_status_and_exits_with_its_status(monkeypatch, tmp_path):
    asked = []
    monkeypatch.setattr(status, "print_status", lambda folder: asked.append(folder) or 3)
    assert cli.main(["--results", str(tmp_path), "status"]) == 3
    assert asked == [tmp_path] and isinstance(asked[0], Path)


def test_validate_counts_valid_and_invalid_manifests_and_names_each_invalid_one(tmp_path, capsys):
    write_result(tmp_path, "inductor_kernels", "cpu")
    write_result(tmp_path, "inductor_kernels", "cuda")
    bad = write_result(tmp_path, "inside_compile", "cpu") / "manifest.json"
    bad.write_text("{not json")
    empty = write_result(tmp_path, "inside_compile", "cuda") / "manifest.json"
    empty.write_text("{}")
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    (deep / "manifest.json").write_text("{}")         # not <lab>/<device>/: not a result
    assert cli.main(["--results", str(tmp_path), "validate"]) == 1
    out, err = capsys.readouterr()
    assert out == f"2 valid, 2 invalid manifests under {tmp_path}\n"
    first, second = err.splitlines()
    assert first.startswith(f"{bad}: not valid JSON") and second.startswith(str(empty))


def test_validate_of_valid_manifests_or_of_none_exits_0(tmp_path, capsys):
    assert cli.main(["--results", str(tmp_path), "validate"]) == 0
    assert capsys.readouterr().out == f"0 valid, 0 invalid manifests under {tmp_path}\n"
    write_result(tmp_path)
    assert cli.main(["--results", str(tmp_path), "validate"]) == 0
    assert capsys.readouterr() == (f"1 valid, 0 invalid manifests under {tmp_path}\n", "")


# -- import ---------------------------------------------------------------------------------------

def test_import_of_a_folder_that_does_not_exist_says_so(tmp_path, capsys):
    missing = tmp_path / "gpu"
    assert cli.main(["import", str(missing)]) == 1
    assert capsys.readouterr().err == f"course import: {missing} does not exist\n"


def test_import_of_a_packed_file_says_to_unpack_it_first(tmp_path, capsys):
    packed = tmp_path / "gpu-results.tar.gz"
    packed.write_bytes(b"\x1f\x8b")
    assert cli.main(["import", str(packed)]) == 1
    assert capsys.readouterr().err == (
        f"course import: {packed} is not a folder; unpack it first: mkdir -p /tmp/gpu && tar xzf {packed} "
        "-C /tmp/gpu, then import /tmp/gpu\n")


def test_import_of_something_neither_file_nor_folder_says_it_is_not_a_folder(tmp_path, capsys):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert cli.main(["import", str(pipe)]) == 1
    assert capsys.readouterr().err == f"course import: {pipe} is not a folder\n"


def test_import_of_a_folder_without_results_says_which_folder_to_pass(tmp_path, capsys):
    assert cli.main(["--results", str(tmp_path / "results"), "import", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"course import: no <lab>/<device>/manifest.json under {tmp_path}; pass the folder that holds the labs' "
        "folders (as gpu-results packs them)\n")


def outcome(lab: str, imported: bool) -> importing.Outcome:
    return importing.Outcome(lab=lab, device="cuda", imported=imported, message="why")


@pytest.fixture
def imports(monkeypatch):
    calls = SimpleNamespace(args=[], outcomes=[])

    def import_folder(folder, results_dir, force):
        calls.args.append((folder, results_dir, force))
        return calls.outcomes

    monkeypatch.setattr(importing, "import_folder", import_folder)
    return calls


def test_import_prints_each_imported_result_on_stdout_and_each_refused_one_on_stderr(imports, tmp_path, capsys):
    imports.outcomes = [outcome("a", True), outcome("b", False), outcome("c", True)]
    assert cli.main(["--results", str(tmp_path / "r"), "import", str(tmp_path), "--force"]) == 1
    assert imports.args == [(tmp_path, tmp_path / "r", True)]
    assert capsys.readouterr() == ("imported a/cuda: why\nimported c/cuda: why\n", "refused b/cuda: why\n")


def test_import_exits_0_when_every_result_is_imported(imports, tmp_path, capsys):
    imports.outcomes = [outcome("a", True), outcome("b", True)]
    assert cli.main(["--results", str(tmp_path / "r"), "import", str(tmp_path)]) == 0
    assert imports.args == [(tmp_path, tmp_path / "r", False)]
    assert capsys.readouterr().err == ""


# -- notebooks, site ------------------------------------------------------------------------------

def test_notebooks_writes_the_pages_prints_each_warning_and_says_where(monkeypatch, tmp_path, capsys):
    asked = []
    monkeypatch.setattr(notebooks, "write_notebook_pages",
                        lambda folder: asked.append(folder) or ["no outputs for a", "no outputs for b"])
    assert cli.main(["--results", str(tmp_path), "notebooks"]) == 0
    assert asked == [tmp_path] and isinstance(asked[0], Path)
    assert capsys.readouterr() == ("notebook pages written (docs/en and docs/es)\n",
                                   "no outputs for a\nno outputs for b\n")


def test_notebooks_with_a_translation_that_does_not_match_exits_1_with_its_line(monkeypatch, capsys):
    def refuse(folder):
        raise TranslationError("toy_notebook: no Spanish for the comment: 'x'")

    monkeypatch.setattr(notebooks, "write_notebook_pages", refuse)
    assert cli.main(["notebooks"]) == 1
    assert capsys.readouterr() == ("", "toy_notebook: no Spanish for the comment: 'x'\n")


@pytest.fixture
def stamp(monkeypatch):
    calls = SimpleNamespace(recorded=[], asked=[], current=True)
    monkeypatch.setattr(cli.site_inputs, "record", lambda root, site: calls.recorded.append((root, site)))
    monkeypatch.setattr(cli.site_inputs, "is_current", lambda root, site: calls.asked.append((root, site))
                        or calls.current)
    return calls


def test_site_record_stamps_the_site_folder(stamp, tmp_path, capsys):
    assert cli.main(["site", "record", "--site-dir", str(tmp_path)]) == 0
    assert stamp.recorded == [(results.ROOT, tmp_path)] and stamp.asked == []
    assert capsys.readouterr() == ("", "")


def test_site_check_of_a_current_site_says_it_is_up_to_date(stamp, tmp_path, capsys):
    assert cli.main(["site", "check", "--site-dir", str(tmp_path)]) == 0
    assert stamp.asked == [(results.ROOT, tmp_path)] and stamp.recorded == []
    assert capsys.readouterr().out == (f"{tmp_path} is up to date: nothing it is built from changed since its "
                                       "last build (FORCE=1 rebuilds)\n")


def test_site_check_of_a_stale_site_exits_1_quietly(stamp, tmp_path, capsys):
    stamp.current = False
    assert cli.main(["site", "check", "--site-dir", str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", "")


def test_site_checks_the_courses_site_folder_unless_told(stamp):
    cli.main(["site", "check"])
    assert stamp.asked == [(results.ROOT, results.ROOT / "site")]


def test_site_takes_check_or_record_only(stamp, capsys):
    with pytest.raises(SystemExit):
        cli.main(["site", "build"])
    assert "invalid choice: 'build' (choose from 'check', 'record')" in capsys.readouterr().err


# -- the command line itself ----------------------------------------------------------------------

def test_a_command_is_required(capsys):
    with pytest.raises(SystemExit) as exit:
        cli.main([])
    assert exit.value.code == 2
    assert "python -m course: error: the following arguments are required: command" in capsys.readouterr().err


def help_of(capsys, monkeypatch, *argv: str) -> list[str]:
    monkeypatch.setenv("COLUMNS", "200")      # argparse wraps at the terminal's width
    with pytest.raises(SystemExit) as exit:
        cli.main([*argv, "--help"])
    assert exit.value.code == 0
    return [line.strip() for line in capsys.readouterr().out.splitlines()]


def test_the_help_names_each_command_with_what_it_does(capsys, monkeypatch):
    lines = help_of(capsys, monkeypatch)
    assert lines[0].startswith("usage: python -m course [-h] [--results RESULTS] "
                               "{run,status,validate,import,notebooks,site,submit,cohort}")
    for command, does in [
        ("run", "run labs whose results are missing or stale"),
        ("status", "every lab's result and failure per device"),
        ("validate", "validate every manifest against the schema"),
        ("import", "import results made on another machine"),
        ("notebooks", "write the notebook pages (both languages) from each lab's notebook and run"),
        ("site", "whether site/ is built from today's inputs (make site asks before building)"),
    ]:
        assert f"{command}{' ' * (20 - len(command))}{does}" in lines
    assert "--results RESULTS     results folder" in lines


def test_the_help_of_run_import_and_site_says_what_each_option_does(capsys, monkeypatch):
    run = help_of(capsys, monkeypatch, "run")
    assert run[0] == ("usage: python -m course run [-h] [--lab LAB] [--device {auto,cpu,cuda}] [--preset {smoke,full}] "
                      "[--force] [--timeout TIMEOUT] [--keep-other-machines]")
    for line in ("--lab LAB             only this lab (repeatable)",
                 "--force               re-run even if the result is up to date",
                 "--timeout TIMEOUT     seconds per lab, instead of its lab.toml's",
                 "keep results of the current code measured on another machine (make site does)"):
        assert line in run
    assert "--force     replace a full result with a smoke one, or a newer with an older one" in \
        help_of(capsys, monkeypatch, "import")
    assert ("{check,record}       check: exit 0 when nothing the site is built from changed; record: after a build"
            in help_of(capsys, monkeypatch, "site"))
