"""`course submit` and `course cohort` as a person types them: the options and their help, the
default device and file name, the question before writing, each refusal as the whole line, and
what `cohort add`, `list` and `export` print (written against mutmut's survivors on cohorts/cli.py)."""

from __future__ import annotations

import argparse
import json

import pytest

from course.__main__ import main as course_main
from course.cohorts import cli, config
from course.cohorts.submission import to_text
from tests.helpers_cohorts import add, make_cohort, run, write
from tests.manifests import write_result

# -- the options and their help (what `--help` shows, written out by hand) ----------------------


def _parsers() -> dict[str, argparse.ArgumentParser]:
    parser = argparse.ArgumentParser(prog="python -m course")
    sub = parser.add_subparsers(dest="command", required=True)
    assert set(cli.add_parsers(sub)) == {"submit", "cohort"}
    cohort = sub.choices["cohort"]
    commands = next(a for a in cohort._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, "submit": sub.choices["submit"], "cohort": cohort, **commands.choices}


def _help(parser: argparse.ArgumentParser) -> str:
    return " ".join(parser.format_help().split())


@pytest.mark.parametrize(("command", "shown"), [
    ("", "submit learners: write one submission file from a lab run"),
    ("", "cohort instructors: create a cohort, add submissions, export them"),
    ("submit", "--lab LAB the lab whose run you submit"),
    ("submit", "--alias ALIAS optional name shown to your cohort (free text)"),
    ("submit", "--out OUT file to write (default: experiments/submissions/submission-LAB-DEVICE-HASH.json)"),
    ("submit", "--run RUN folder of a run by `python -m labs.LAB --out DIR` (default: results/)"),
    ("submit", "--device {auto,cpu,cuda} which results/LAB/DEVICE to read without --run"),
    ("submit", "--yes write without asking (needed when input is not a terminal: a script, a pipe)"),
    ("submit", "--json also print the whole file before the summary"),
    ("cohort", "new write cohorts/COHORT/cohort.toml to edit"),
    ("cohort", "list every cohort and its number of submissions"),
    ("cohort", "add check submission files and add the good ones"),
    ("cohort", "export the cohort's data as CSV"),
    ("new", "--lab LAB a lab of the cohort (repeatable; default: every lab)"),
    ("new", "--preset {full,smoke}"),
    ("new", "--alias-mode {shown,numbered}"),
    ("add", "--replace a learner's new run of a lab replaces the earlier one (kept in history)"),
    ("export", "--csv CSV (the one format)"),
    ("export", "--out OUT file to write (default: standard output)"),
    ("export", "--history also the replaced submissions"),
])
def test_each_option_shows_its_help(monkeypatch, command, shown):
    monkeypatch.setenv("COLUMNS", "200")
    assert shown in _help(_parsers()[command])


def test_the_usage_says_which_options_are_required():
    parsers = _parsers()
    assert "[-h] --lab LAB [--alias ALIAS]" in _help(parsers["submit"])
    assert "[-h] --csv [--out OUT] [--history] cohort" in _help(parsers["export"])


@pytest.mark.parametrize("argv", [
    ["submit"],                                                   # --lab is required
    ["submit", "--lab", "inductor_kernels", "--device", "gpu"],
    ["cohort"],                                                   # a cohort command is required
    ["cohort", "new", "c", "--preset", "fast"],
    ["cohort", "new", "c", "--alias-mode", "hidden"],
    ["cohort", "export", "c"],                                    # --csv is required
])
def test_a_command_line_argparse_refuses(argv, capsys):
    with pytest.raises(SystemExit) as refused:
        course_main(argv)
    assert refused.value.code == 2 and "usage: python -m course" in capsys.readouterr().err


# -- course submit ------------------------------------------------------------------------------

@pytest.mark.parametrize(("flag", "folder"), [([], "cuda"), (["--device", "auto"], "cuda"),
                                              (["--device", "cpu"], "cpu"), (["--device", "cuda"], "cuda")])
def test_without_run_the_results_folder_of_the_chosen_device_is_read(tmp_path, monkeypatch, capsys, flag, folder):
    results = tmp_path / "results"
    write_result(results, device=folder)
    monkeypatch.setattr(cli, "default_device", lambda: "cuda")     # auto picks the machine's device
    monkeypatch.chdir(tmp_path)
    assert course_main(["--results", str(results), "submit", "--lab", "inductor_kernels", "--yes", *flag]) == 0
    [written] = (tmp_path / "experiments" / "submissions").iterdir()
    data = json.loads(written.read_text())
    assert data["provenance"]["device"] == folder
    # the name: lab, device and the content hash's first 8 hex digits
    assert written.name == f"submission-inductor_kernels-{folder}-{data['content_hash'][7:15]}.json"


def test_no_run_is_refused_with_where_it_looked_and_what_to_pass(tmp_path, capsys):
    results = tmp_path / "results"
    assert course_main(["--results", str(results), "submit", "--lab", "inductor_kernels", "--device", "cpu"]) == 2
    assert capsys.readouterr().err == (
        f"course submit: no run at {results}/inductor_kernels/cpu/manifest.json; run the lab first, or pass "
        "--run DIR (the --out folder of `.venv/bin/python -m labs.LAB`)\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert course_main(["submit", "--lab", "inductor_kernels", "--run", str(empty)]) == 2
    assert capsys.readouterr().err == (f"course submit: no run at {empty}/manifest.json; run the lab first, or "
                                       "pass the folder the lab wrote its manifest.json into\n")


def test_an_unknown_lab_and_a_folder_as_out_are_refused_in_one_line(tmp_path, capsys):
    folder = write_result(tmp_path / "results")
    assert course_main(["submit", "--lab", "no_such_lab", "--run", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("course submit: ") and "no_such_lab" in err and err.count("\n") == 1
    assert course_main(["submit", "--lab", "inductor_kernels", "--run", str(folder), "--out", str(tmp_path),
                        "--yes"]) == 2
    assert capsys.readouterr().err == (f"course submit: nothing written: {tmp_path} is a folder; "
                                       "pass a file name with --out\n")


def test_json_prints_the_file_then_the_summary_and_names_what_was_left_out(tmp_path, capsys):
    folder = write_result(tmp_path / "results")
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["metrics"]["log_file"] = {"value": "/tmp/run/log.txt", "unit": ""}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    out = tmp_path / "mine.json"
    assert course_main(["submit", "--lab", "inductor_kernels", "--run", str(folder), "--out", str(out),
                        "--yes", "--json"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(to_text(json.loads(out.read_text())) + f"{out} will hold:\n")
    assert "\nLeft out (not a number or a plain word, or a name longer than 80 characters): log_file.\n" in printed


@pytest.mark.parametrize(("answer", "writes"), [("y", True), (" Yes ", True), ("s", True), ("sí", True),
                                                ("si", True), ("n", False), ("", False), ("yes please", False),
                                                ("no", False)])
def test_the_question_before_writing_takes_yes_in_either_language(tmp_path, monkeypatch, capsys, answer, writes):
    folder = write_result(tmp_path / "results")
    out = tmp_path / "mine.json"
    asked = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda question: asked.append(question) or answer)
    status = course_main(["submit", "--lab", "inductor_kernels", "--run", str(folder), "--out", str(out)])
    assert asked == [f"Write {out}? [y/N] "]
    assert (status, out.exists()) == ((0, True) if writes else (1, False))
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == (f"wrote {out.resolve()}: send this file to your instructor" if writes else "nothing written")


# -- course cohort ------------------------------------------------------------------------------

def test_cohort_new_passes_its_preset_and_alias_mode_and_says_what_next(cohorts_dir, capsys):
    assert course_main(["cohort", "new", "2027-01-a", "--preset", "smoke", "--alias-mode", "shown"]) == 0
    made = config.load_cohort("2027-01-a")
    assert (made.preset, made.alias_mode) == ("smoke", "shown")
    assert capsys.readouterr().out == (
        f"wrote {cohorts_dir / '2027-01-a' / 'cohort.toml'}: edit its titles and dates, then add submissions "
        "with `.venv/bin/python -m course cohort add 2027-01-a FILE...`\n")
    assert course_main(["cohort", "new", "2027-01-b", "--preset", "full", "--alias-mode", "numbered"]) == 0
    made = config.load_cohort("2027-01-b")
    assert (made.preset, made.alias_mode) == ("full", "numbered")


def test_cohort_add_tallies_each_verdict_and_succeeds_only_with_none_refused(tmp_path, cohort, capsys):
    first, again = write(tmp_path, "1.json", to_text(run(1))), write(tmp_path, "2.json", to_text(run(2)))
    assert course_main(["cohort", "add", cohort.id, str(first), str(first)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "cohort test-cohort: 1 accepted, 1 duplicate, 0 refused"
    assert course_main(["cohort", "add", cohort.id, str(again)]) == 1      # Ada's second run: needs --replace
    assert capsys.readouterr().out.splitlines()[-1] == "cohort test-cohort: 0 accepted, 0 duplicate, 1 refused"
    assert course_main(["cohort", "add", cohort.id, str(again), "--replace"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "cohort test-cohort: 1 accepted, 0 duplicate, 0 refused"


def test_cohort_export_counts_its_rows_and_takes_history(tmp_path, cohort, capsys):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    out = tmp_path / "one.csv"
    assert course_main(["cohort", "export", cohort.id, "--csv", "--out", str(out)]) == 0
    # 6 about the learner and run, 9 about the machine, 2 checks, 4 metrics, the hash
    assert capsys.readouterr().out == f"wrote {out}: 1 row (one per submission), 22 columns\n"
    add(cohort, write(tmp_path, "2.json", to_text(run(2))), replace=True)
    assert course_main(["cohort", "export", cohort.id, "--csv", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 1 row (one per submission), 22 columns\n"
    assert course_main(["cohort", "export", cohort.id, "--csv", "--out", str(out), "--history"]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 2 rows (one per submission), 22 columns\n"
    assert [line.split(",")[3] for line in out.read_text().splitlines()] == ["state", "current", "replaced"]


def test_cohort_list_counts_current_submissions_in_words(tmp_path, cohorts_dir, capsys):
    for name, runs in (("2026-03-two", (1, 2)), ("2026-02-one", (3,)), ("2026-01-none", ())):
        made = make_cohort(cohorts_dir, name)
        for n in runs:
            add(made, write(tmp_path, f"{n}.json", to_text(run(n, f"learner {n}"))))
    assert course_main(["cohort", "list"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "2026-03-two                  2 submissions  Test cohort",
        "2026-02-one                  1 submission  Test cohort",
        "2026-01-none                 0 submissions  Test cohort"]
