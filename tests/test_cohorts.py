"""Cohorts: what `course submit` shares, every refusal of `cohort add` (each changes nothing),
atomic adds, history, the page's escaping of aliases, CSV export, and import's preset rule."""

from __future__ import annotations

import csv
import getpass
import io
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from course import escape
from course.__main__ import main as course_main
from course.cohorts import config, export, headlines, report, store
from course.cohorts.submission import MAX_BYTES, SubmissionError, parse, short_hash, to_text
from course.cohorts.submit import from_manifest
from course.results import RESULTS_DIR, ResultStore, read_manifest
from tests.conftest import ENGINE_PATH
from tests.helpers_cohorts import (
    HOSTILE_ALIASES,
    add,
    bad_files,
    cohort_page,
    kept,
    make_cohort,
    rehash,
    run,
    snapshot,
    write,
)
from tests.manifests import manifest, write_result

# -- course submit -----------------------------------------------------------------------------

def test_submission_holds_only_what_the_page_needs():
    data = manifest()
    user, host = getpass.getuser(), socket.gethostname()
    data["metrics"]["source_file"] = {"value": f"/home/{user}/labs/kernel.cpp", "unit": ""}
    data["metrics"]["error"] = {"value": f"OSError: [Errno 2] '{host}:/tmp/x'", "unit": ""}
    data["metrics"]["kernel"] = {"value": "cpp_fused__softmax_0", "unit": ""}
    submission, left_out = from_manifest(data, "Ada")
    assert set(submission) == {"submission_version", "lab", "preset", "alias", "metrics", "checks",
                               "provenance", "content_hash"}
    assert set(submission["provenance"]) == {"device", "device_name", "cpu_model", "torch", "triton", "python",
                                             "threads", "commit", "date_utc"}
    assert left_out == ["error", "source_file"]
    assert submission["metrics"]["kernel"]["value"] == "cpp_fused__softmax_0"
    text = to_text(submission)
    for secret in (f"/home/{user}", "kernel.cpp", f"'{host}:", "cache_key", "artifacts", "tables", "wall_s"):
        assert secret not in text
    assert parse(text.encode()) == submission  # what submit writes, add accepts


@pytest.mark.parametrize("status", ["failed", "skipped"])
def test_submit_refuses_a_run_that_did_not_work(status):
    with pytest.raises(SubmissionError, match=f"status is {status}"):
        from_manifest(manifest(status=status, reason="part(s) failed: A"))


def test_submit_refuses_a_check_its_own_numbers_contradict():
    data = manifest()
    data["checks"]["fast"]["passed"] = True  # 0.41 > 1.0 is false
    with pytest.raises(SubmissionError, match=r"checks\.fast.*says passed"):
        from_manifest(data)


def test_submit_refuses_an_alias_with_control_characters():
    with pytest.raises(SubmissionError, match="alias"):
        from_manifest(manifest(), "Ada\u202eevil")


def test_the_hash_covers_the_run_not_the_alias():
    assert run(1, "Ada")["content_hash"] == run(1, "Grace")["content_hash"]
    assert run(1)["content_hash"] != run(2)["content_hash"]


def test_submit_command_summarises_and_writes_only_when_told(tmp_path, capsys):
    folder = write_result(tmp_path / "results")
    out = tmp_path / "mine.json"
    args = ["submit", "--lab", "inductor_kernels", "--run", str(folder), "--alias", "Ada", "--out", str(out)]
    assert course_main(args) == 2  # stdin is not a terminal and --yes is missing: nothing written
    shown = capsys.readouterr()
    assert not out.exists() and "--yes" in shown.err and "not a terminal" in shown.err and str(out) in shown.err
    assert "It never holds" in shown.out and '"alias"' not in shown.out   # a summary, not the file
    assert len(shown.out.splitlines()) < 15
    assert "triton None" not in shown.out and "None" not in shown.out      # a CPU run has no Triton
    assert course_main([*args, "--yes", "--json"]) == 0
    written = json.loads(out.read_text())
    assert written["alias"] == "Ada" and written["lab"] == "inductor_kernels"
    printed = capsys.readouterr().out
    assert to_text(written) in printed + "\n"   # with --json the learner saw exactly these bytes
    assert f"wrote {out.resolve()}" in printed


def test_submit_writes_into_experiments_submissions_by_default_and_says_where(tmp_path, capsys, monkeypatch):
    folder = write_result(tmp_path / "results")
    monkeypatch.chdir(tmp_path)
    assert course_main(["submit", "--lab", "inductor_kernels", "--run", str(folder), "--yes"]) == 0
    [written] = (tmp_path / "experiments" / "submissions").glob("submission-inductor_kernels-cpu-*.json")
    assert f"wrote {written.resolve()}" in capsys.readouterr().out
    assert not list(tmp_path.glob("submission-*.json"))     # nothing dropped in the current folder


@pytest.mark.parametrize("threads, checks, expected", [(1, 1, "1 thread;"), (4, 2, "4 threads;")])
def test_submit_summary_agrees_in_number(threads, checks, expected):
    from course.cohorts.submit import summary
    data = run(0)
    data["provenance"]["threads"] = threads
    data["checks"] = dict(list(data["checks"].items())[:checks])
    text = summary(data, [], "x.json")
    assert expected in text
    assert (f"{checks} acceptance check " if checks == 1 else f"{checks} acceptance checks ") in text


def test_submit_command_refuses_another_labs_run(tmp_path, capsys):
    folder = write_result(tmp_path / "results", lab="inductor_kernels")
    assert course_main(["submit", "--lab", "inside_compile", "--run", str(folder), "--yes"]) == 2
    assert "is a run of inductor_kernels" in capsys.readouterr().err


# -- cohort add: each refusal is one line, names the file, and changes nothing ----------------

def test_every_bad_file_is_refused_with_one_line_and_changes_nothing(tmp_path, cohort):
    first = write(tmp_path, "first.json", to_text(run(1, "Grace")))
    assert [o.verdict for o in add(cohort, first)] == ["accepted"]
    before = snapshot(cohort)
    for name, (path, phrase) in bad_files(tmp_path).items():
        [outcome] = add(cohort, path)
        assert outcome.verdict == "refused", f"{name} was {outcome.verdict}: {outcome.message}"
        assert phrase in outcome.message, f"{name}: {outcome.message}"
        line = outcome.line()
        # One short line whatever the path's length (a test folder's path varies by machine)
        assert line.startswith(f"refused {path}: ") and "\n" not in line and len(line) - len(str(path)) < 340, line
        assert snapshot(cohort) == before, f"{name} changed the cohort"


def test_a_refusal_stays_one_line_whatever_the_file_is_called(tmp_path, cohort):
    odd = write(tmp_path, "two\nlines\x1b[31m.json", "{")
    line = add(cohort, odd)[0].line()
    assert "\n" not in line and "\x1b" not in line and line.startswith("refused ")


def test_a_bad_file_in_a_batch_does_not_stop_the_good_ones(tmp_path, cohort):
    good, bad = write(tmp_path, "good.json", to_text(run(1))), write(tmp_path, "bad.json", "{")
    assert [o.verdict for o in add(cohort, bad, good)] == ["refused", "accepted"]
    assert [s.data for s in store.read_submissions(cohort)] == [run(1)]


def test_a_100_mb_file_is_refused_before_it_is_read(tmp_path, cohort):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:  # sparse: instant, and no disk used
        handle.truncate(100 * 1024 * 1024)
    [outcome] = add(cohort, big)
    assert outcome.verdict == "refused"
    assert "104,857,600 bytes, over the 256 KiB limit" in outcome.message
    just_over = write(tmp_path, "just-over.json", to_text(run(1)) + " " * MAX_BYTES)
    assert "over the 256 KiB limit" in add(cohort, just_over)[0].message
    assert not cohort.submissions_dir.exists()


def test_a_symlink_is_refused_even_to_a_good_file(tmp_path, cohort):
    good = write(tmp_path, "good.json", to_text(run(1)))
    link = tmp_path / "link.json"
    link.symlink_to(good)
    [outcome] = add(cohort, link)
    assert outcome.verdict == "refused" and "symbolic link" in outcome.message
    assert not cohort.submissions_dir.exists()


def test_what_is_not_a_regular_file_is_refused(tmp_path, cohort):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # reading it would block forever
    folder = tmp_path / "folder.json"
    folder.mkdir()
    outcomes = add(cohort, fifo, folder, tmp_path / "missing.json")
    assert [o.verdict for o in outcomes] == ["refused"] * 3
    assert "not a regular file" in outcomes[0].message and "not a regular file" in outcomes[1].message
    assert "cannot be read" in outcomes[2].message


def test_a_duplicate_is_reported_and_stored_once(tmp_path, cohort):
    same_run_other_alias = write(tmp_path, "b.json", to_text(run(1, "Someone else")))
    outcomes = add(cohort, write(tmp_path, "a.json", to_text(run(1))), same_run_other_alias)
    assert [o.verdict for o in outcomes] == ["accepted", "duplicate"]
    assert "not stored twice" in outcomes[1].message
    assert [o.verdict for o in add(cohort, same_run_other_alias)] == ["duplicate"]
    assert len(store.read_submissions(cohort)) == 1


def test_a_second_run_of_a_lab_needs_replace_and_the_first_is_kept_in_history(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1, "Ada"))))
    second = write(tmp_path, "2.json", to_text(run(2, "  ADA ")))  # the same learner, typed differently
    [refused] = add(cohort, second)
    assert refused.verdict == "refused" and "--replace" in refused.message
    other_lab = write(tmp_path, "3.json", to_text(run(3, "Ada", lab="inside_compile")))
    assert add(cohort, other_lab)[0].verdict == "accepted"  # another lab is no second run
    [accepted] = add(cohort, second, replace=True)
    assert accepted.verdict == "accepted" and "kept in history" in accepted.message
    stored = store.read_submissions(cohort)
    assert [(s.data["provenance"]["date_utc"], s.replaced) for s in stored] == [
        ("2026-11-21T13:00:01Z", True), ("2026-11-21T13:00:03Z", False), ("2026-11-21T13:00:02Z", False)]
    assert (cohort.submissions_dir / "history" / stored[0].name).is_file()
    # the replaced run cannot sneak back in as a new one
    assert add(cohort, write(tmp_path, "again.json", to_text(run(1, "Ada"))))[0].verdict == "duplicate"


def test_a_run_made_before_its_lab_was_renamed_counts_under_the_new_id(tmp_path, cohort):
    old = rehash(dict(run(1, "Ada"), lab="lab03_compile"))
    path = write(tmp_path, "old.json", to_text(old))
    assert [o.verdict for o in add(cohort, path)] == ["accepted"]
    [stored] = store.read_submissions(cohort)
    assert stored.data["lab"] == "lab03_compile"  # the file is kept as it was made: its hash covers the id
    assert (cohort.submissions_dir / stored.name).read_bytes() == path.read_bytes()
    assert report.build(cohort, ResultStore(tmp_path)).learners == 1
    # the CSV files the old run under the new id, in the new id's metric columns
    [row] = list(csv.DictReader(io.StringIO(export.to_csv(cohort, store.read_submissions(cohort)))))
    assert row["lab"] == "inductor_kernels"
    assert not any(column.startswith("lab03_compile:") for column in row)
    page = cohort_page(tmp_path)       # the page counts it under the new id too, in both tables
    per_lab = next(line for line in page.splitlines() if "labs/inductor_kernels" in line and line.startswith("|"))
    assert per_lab.split("|")[2].strip() == "1"
    assert "lab03_compile" not in page
    renewed = write(tmp_path, "new.json", to_text(run(2, "Ada")))  # the same learner's run, new id
    assert "--replace" in add(cohort, renewed)[0].message


def test_runs_without_an_alias_are_each_a_learner(tmp_path, cohort):
    outcomes = add(cohort, *(write(tmp_path, f"{n}.json", to_text(run(n, None))) for n in range(3)))
    assert [o.verdict for o in outcomes] == ["accepted"] * 3
    assert report.build(cohort, ResultStore(tmp_path)).learners == 3


def test_a_smoke_cohort_accepts_full_runs_and_a_full_cohort_refuses_smoke(tmp_path, cohorts_dir):
    smoke_cohort = make_cohort(cohorts_dir, "smoke-ok", preset="smoke")
    smoke = rehash({**run(1), "preset": "smoke"})
    assert [o.verdict for o in add(smoke_cohort, write(tmp_path, "s.json", smoke),
                                   write(tmp_path, "f.json", to_text(run(2, "Bo"))))] == ["accepted", "accepted"]


# -- atomicity ---------------------------------------------------------------------------------

@pytest.fixture
def half_full(tmp_path, cohort):
    add(cohort, write(tmp_path, "0.json", to_text(run(0, "Ada"))))
    files = [write(tmp_path, f"{n}.json", to_text(run(n, f"L{n}"))) for n in (1, 2, 3)]
    return cohort, files, snapshot(cohort)


def test_an_add_interrupted_while_writing_changes_nothing(monkeypatch, half_full):
    cohort, files, before = half_full
    real_write, written = store._write, []

    def write_then_die(path, text, sync=True):
        if written:
            raise KeyboardInterrupt  # Ctrl-C after the first new file
        written.append(path)
        real_write(path, text, sync)

    monkeypatch.setattr(store, "_write", write_then_die)
    with pytest.raises(KeyboardInterrupt):
        add(cohort, *files)
    assert snapshot(cohort) != before  # the staging folder is there ...
    assert kept(snapshot(cohort)) == before  # ... and nothing else, the aggregate included
    assert len(store.entries(cohort)) == 1
    monkeypatch.setattr(store, "_write", real_write)
    assert [o.verdict for o in add(cohort, *files)] == ["accepted"] * 3
    assert not any(p.name.startswith(store.STAGING) for p in cohort.folder.iterdir())


def _die_at_replace(n: int) -> str:
    """Python that makes the n-th os.replace of an add end the process (no cleanup, no finally).
    An add replaces: 1 its aggregate into staging, 2 its journal into place (the commit
    point), 3.. each new file into submissions/."""
    return ("import os\n"
            "calls = []\n"
            "real = os.replace\n"
            "def replace(a, b):\n"
            "    calls.append(b)\n"
            f"    if len(calls) == {n}: os._exit(137)\n"
            "    real(a, b)\n"
            "os.replace = replace\n")


@pytest.mark.parametrize("die_at, stored", [(1, 1), (2, 1), (3, 4), (4, 4)])
def test_an_add_killed_is_undone_before_its_journal_and_finished_after_it(half_full, cohorts_dir, die_at, stored):
    """A real process killed before its commit point leaves the cohort as it was; one killed after
    it is finished by the next reader. Either way the aggregate matches the files."""
    cohort, files, before = half_full
    script = (_die_at_replace(die_at) + "from pathlib import Path\nfrom course.cohorts import config, store\n"
              f"cohort = config.load_cohort({cohort.id!r}, Path({str(cohorts_dir)!r}))\n"
              f"store.add(cohort, [Path(p) for p in {[str(f) for f in files]!r}])\n")
    done = subprocess.run([sys.executable, "-c", script], env=dict(os.environ, PYTHONPATH=ENGINE_PATH),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 137, done.stderr
    entries = store.entries(cohort)           # the next reader recovers
    assert len(store.read_submissions(cohort)) == len(entries) == stored
    assert entries == store.rebuild(cohort)
    if stored == 1:
        assert kept(snapshot(cohort)) == before
    assert not (cohort.folder / store.JOURNAL).exists()
    assert not any(p.name.startswith(store.STAGING) for p in cohort.folder.iterdir())


def test_a_stored_file_edited_by_hand_stops_the_reader(tmp_path, cohort):
    add(cohort, write(tmp_path, "a.json", to_text(run(1))))
    [path] = cohort.submissions_dir.glob("*.json")
    path.write_text(path.read_text().replace('"value": 12.0', '"value": 1.0'))
    with pytest.raises(config.CohortError, match="content_hash"):
        store.read_submissions(cohort)


# -- aliases are text, never markup or paths ---------------------------------------------------

@pytest.fixture
def hostile(tmp_path, cohort):
    files = [write(tmp_path, f"h{n}.json", to_text(run(n, alias))) for n, alias in enumerate(HOSTILE_ALIASES)]
    assert [o.verdict for o in add(cohort, *files)] == ["accepted"] * len(HOSTILE_ALIASES)
    return cohort


def test_a_path_like_alias_never_becomes_a_path(hostile, tmp_path):
    names = [p.name for p in hostile.submissions_dir.iterdir() if p.is_file()]
    assert all(store.STORED_NAME.match(name) for name in names) and len(names) == len(HOSTILE_ALIASES)
    assert not (tmp_path / "x").exists() and not (hostile.folder.parent / "x").exists()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_aliases_reach_the_page_only_escaped(hostile, tmp_path, lang):
    page = cohort_page(tmp_path / "results", lang)
    for alias in HOSTILE_ALIASES:
        assert f"<bdi>{escape.text(alias)}</bdi>" in page
    for raw in ("<img src=x", "](javascript:", "**bold**", "{{ metric", "a | b"):
        assert raw not in page


def test_numbered_mode_keeps_aliases_off_the_page(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, "numbered", alias_mode="numbered")
    add(cohort, *(write(tmp_path, f"{n}.json", to_text(run(n, alias))) for n, alias in enumerate(["Ada", "Bo"])))
    page = cohort_page(tmp_path, "es", "numbered")
    assert "participante 1" in page and "participante 2" in page
    assert "Ada" not in page and "Bo" not in page


def test_an_empty_cohort_says_so(tmp_path, cohort):
    assert "No submissions yet" in cohort_page(tmp_path, "en")
    assert "Aún no hay envíos" in cohort_page(tmp_path, "es")
    assert "course-figure" not in cohort_page(tmp_path, "en")


def test_the_page_plots_headlines_with_the_reference_run_marked(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, "plots", labs=("inside_compile",))
    results = tmp_path / "results"
    write_result(results, lab="inside_compile", metrics={"inference.guards": {"value": 11.1, "unit": ""}})
    subs = [run(n, f"L{n}", lab="inside_compile", metrics={"inference.guards": {"value": 2.0 + n, "unit": ""}})
            for n in range(3)]
    add(cohort, *(write(tmp_path, f"{n}.json", to_text(s)) for n, s in enumerate(subs)))
    page = cohort_page(results, "es", "plots")
    assert page.count('class="course-figure"') == 1  # inference.relative_error: no submission has it
    assert '"name":' + json.dumps("ejecución de referencia del curso") in page and '"symbol":"star"' in page
    assert "[11.1]" in page and "[2.0,3.0,4.0]" in page
    assert '"separators":' + json.dumps(",\u202f") in page  # Spanish axes: decimal comma


def test_the_page_counts_learners_machines_and_pass_rates(tmp_path, cohort):
    gpu = run(3, "Cy", lab="inside_compile")
    gpu["provenance"] = dict(gpu["provenance"], device="cuda", device_name="NVIDIA H100 80GB HBM3", threads=16,
                             torch="2.11.0", triton="3.6.0")
    subs = [run(1, "Ada"), run(2, "Bo"), run(4, "Ada", lab="inside_compile"), rehash(gpu)]
    add(cohort, *(write(tmp_path, f"{n}.json", to_text(s)) for n, s in enumerate(subs)))
    page = cohort_page(tmp_path, "en")
    rows = [line for line in page.splitlines() if line.startswith("| [")]  # the per-lab table, by lab link
    assert rows[0].endswith("| 2 | 2 | 2 | 0 | 0% |") and rows[1].endswith("| 2 | 2 | 1 | 1 | 0% |")
    assert "| GPU · NVIDIA H100 80GB HBM3 | AMD EPYC | 16 | 2.11.0 | 1 |" in page
    assert "| CPU · AMD EPYC | AMD EPYC | 2 | 2.13.0+cpu | 3 |" in page
    # no run of the course labels these checks here: their keys read as words
    assert "| Fast | 0 / 2 | 0% |" in page and "| Match | 2 / 2 | 100% |" in page
    assert "4 submissions from 3 learners" in page


def test_learner_numbers_stay_put_when_a_run_is_replaced(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, "numbers", alias_mode="numbered")
    add(cohort, *(write(tmp_path, f"{n}.json", to_text(run(n, a))) for n, a in enumerate(["Ada", "Bo"])))
    add(cohort, write(tmp_path, "ada2.json", to_text(run(7, "Ada"))), replace=True)
    rows = report.build(cohort, ResultStore(tmp_path)).rows
    assert [(r.entry["alias"], r.learner) for r in rows] == [("Bo", 2), ("Ada", 1)]


# -- export --------------------------------------------------------------------------------------

def test_export_csv_has_every_row_and_defuses_formulas(hostile, tmp_path, capsys):
    assert course_main(["--results", str(tmp_path), "cohort", "export", hostile.id, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == len(HOSTILE_ALIASES)
    by_alias = {row["alias"]: row for row in rows}
    assert "'=HYPERLINK(\"http://x\")" in by_alias  # a spreadsheet shows it, never runs it
    assert by_alias["مرحبا"]["learner"] == "مرحبا" and by_alias["مرحبا"]["device_name"] == "AMD EPYC"
    assert {row["lab"] for row in rows} == {"inductor_kernels"} and rows[0]["number"] == "1"
    assert rows[0]["content_hash"] == run(0, HOSTILE_ALIASES[0])["content_hash"]
    assert rows[0]["checks_passed"] == "1" and rows[0]["checks_total"] == "2"


def test_export_to_a_file_says_what_it_wrote(hostile, tmp_path, capsys):
    out = tmp_path / "spring.csv"
    assert course_main(["--results", str(tmp_path), "cohort", "export", hostile.id, "--csv", "--out", str(out)]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text())))
    said = capsys.readouterr().out
    assert said == f"wrote {out}: {len(rows) - 1} rows (one per submission), {len(rows[0])} columns\n"
    assert len(rows) - 1 == len(HOSTILE_ALIASES) > 1


def test_export_with_history_marks_replaced_rows(tmp_path, cohort):
    add(cohort, write(tmp_path, "1.json", to_text(run(1))))
    add(cohort, write(tmp_path, "2.json", to_text(run(2))), replace=True)
    text = export.to_csv(cohort, store.read_submissions(cohort), history=True)
    assert [row["state"] for row in csv.DictReader(io.StringIO(text))] == ["current", "replaced"]


# -- the CLI -------------------------------------------------------------------------------------

def test_cohort_add_command_prints_one_line_per_file_and_fails_on_a_refusal(tmp_path, cohort, capsys):
    good, bad = write(tmp_path, "good.json", to_text(run(1))), write(tmp_path, "bad.json", "{")
    assert course_main(["cohort", "add", cohort.id, str(good), str(good), str(bad)]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines()[:2] == [f"accepted {good}: as 000001-{short_hash(run(1))}.json",
                                        f"duplicate {good}: the same run as 000001-{short_hash(run(1))}.json; "
                                        "not stored twice"]
    assert out.err.startswith(f"refused {bad}: is not valid JSON") and out.err.count("\n") == 1


def test_cohort_new_writes_a_cohort_that_loads_and_refuses_to_overwrite(cohorts_dir, capsys):
    assert course_main(["cohort", "new", "2027-01-spring", "--lab", "inside_compile"]) == 0
    assert config.load_cohort("2027-01-spring").labs == ("inside_compile",)
    assert course_main(["cohort", "list"]) == 0
    assert "2027-01-spring" in capsys.readouterr().out
    assert course_main(["cohort", "new", "2027-01-spring"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert course_main(["cohort", "new", "../escape"]) == 2


@pytest.mark.parametrize("line, field", [
    ('title = "Pilot"', "title"), ('labs = ["no_such_lab"]', "labs"), ('preset = "fast"', "preset"),
    ('alias_mode = "hidden"', "alias_mode"), ('starts = "soon"', "starts"),
])
def test_a_bad_cohort_toml_names_its_field(cohorts_dir, line, field):
    cohort = make_cohort(cohorts_dir, "bad")
    text = (cohort.folder / "cohort.toml").read_text()
    key = line.split(" = ")[0]
    text = "\n".join(row for row in text.splitlines() if not row.startswith(key + " ")) + f"\n{line}\n"
    (cohort.folder / "cohort.toml").write_text(text)
    with pytest.raises(config.CohortError, match=f"field '{field}'"):
        config.load_cohort("bad")


# -- course import: a smoke result never silently replaces a full one ---------------------------

def test_import_refuses_smoke_over_full_unless_forced(tmp_path, capsys):
    results = tmp_path / "results"
    write_result(results)  # full
    incoming = tmp_path / "incoming"
    folder = write_result(incoming)
    data = json.loads((folder / "manifest.json").read_text())
    data["provenance"]["preset"] = "smoke"
    (folder / "manifest.json").write_text(json.dumps(data))
    before = (results / "inductor_kernels" / "cpu" / "manifest.json").read_text()
    assert course_main(["--results", str(results), "import", str(incoming)]) == 1
    assert "it is a smoke run and would replace a full one" in capsys.readouterr().err
    assert (results / "inductor_kernels" / "cpu" / "manifest.json").read_text() == before
    assert course_main(["--results", str(results), "import", str(incoming), "--force"]) == 0
    said = capsys.readouterr().out
    [kept] = (results / ".history" / "inductor_kernels").iterdir()
    assert f"the result it replaced is kept in {kept}" in said and (kept / "manifest.json").read_text() == before
    assert json.loads((results / "inductor_kernels" / "cpu" / "manifest.json").read_text())["provenance"]["preset"] \
        == "smoke"


@pytest.mark.parametrize("lab", sorted(headlines.HEADLINES))
def test_every_headline_is_a_number_the_lab_still_records(lab):
    """A lab that stops recording a headline would leave its plot off every cohort page."""
    for device in ("cpu", "cuda"):
        metrics = read_manifest(RESULTS_DIR / lab / device / "manifest.json")["metrics"]
        for headline in headlines.headlines(lab):
            value = metrics.get(headline.key, {}).get("value")
            assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{lab}/{device}: {headline.key}"


def test_a_difference_may_be_negative_a_duration_may_not(tmp_path, cohort):
    """Compile and Compare records signed differences (extra compile time, host overhead): a
    real run has them below zero, and refusing them refused every full run of that lab."""
    def submission(n: int, metrics: dict) -> Path:
        data = run(n, f"L{n}")
        data["metrics"].update(metrics)
        return write(tmp_path, f"{n}.json", to_text(rehash(data)))

    differences = {"dynamic.extra_compile_s": {"value": -8.6, "unit": "s"},
                   "autotune.default_overhead_ms": {"value": -0.59, "unit": "ms"}}
    assert [o.verdict for o in add(cohort, submission(1, differences))] == ["accepted"]
    [refused] = add(cohort, submission(2, {"dynamic.compile_s": {"value": -1.0, "unit": "s"}}))
    assert refused.verdict == "refused" and "cannot be negative" in refused.line()


def test_a_word_a_lab_records_is_said_in_the_page_language():
    """The pilot cohort holds a break-even of "never": the Spanish page says "nunca"."""
    from course.results import RESULTS_DIR
    spanish = cohort_page(RESULTS_DIR, "es", "2026-11-pilot")
    english = cohort_page(RESULTS_DIR, "en", "2026-11-pilot")
    assert "never (" in english
    assert "nunca (" in spanish and "never (" not in spanish
