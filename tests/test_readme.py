"""The README's durations are the committed runs' wall times, and its commands name things
that a fresh clone can create (a cohort example must not collide with a committed cohort)."""

from __future__ import annotations

import datetime
import json
import os
import re
import shlex
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from tests.conftest import ENGINE_PATH

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def readme_durations(text: str) -> dict[tuple[str, str], float]:
    """(lab, device) -> seconds, from the README's `| `lab` … | N s | N s |` rows."""
    table = {}
    for lab, cpu, gpu in re.findall(r"^\| `(\w+)`[^|]*\| ([\d.]+) s \| ([\d.]+) s \|$", text, re.M):
        table[(lab, "cpu")], table[(lab, "cuda")] = float(cpu), float(gpu)
    return table


def committed_wall_times() -> dict[tuple[str, str], float]:
    times = {}
    for path in ROOT.glob("results/*/*/manifest.json"):
        provenance = json.loads(path.read_text())["provenance"]
        if provenance.get("preset") == "full":
            times[(path.parent.parent.name, path.parent.name)] = float(provenance["wall_s"])
    return times


def mismatches(said: dict, measured: dict) -> list[str]:
    wrong = [f"{lab}/{device}: README {seconds:g} s, run {measured.get((lab, device))}"
             for (lab, device), seconds in said.items()
             if (lab, device) not in measured or abs(measured[(lab, device)] - seconds) > max(2, 0.05 * seconds)]
    listed = {lab for lab, _ in said}
    wrong += [f"{lab}: no README row" for lab, _ in measured if lab not in listed and lab != "background_numbers"]
    return wrong


def test_the_readmes_durations_are_the_committed_runs():
    said = readme_durations(README)
    assert len(said) >= 10
    assert mismatches(said, committed_wall_times()) == []


def gpu_node_said(text: str) -> dict:
    """What the README says of the GPU node's run: the record it names, the first call's time,
    the parts the second resumed and the second call's time."""
    found = re.search(r"but `(\w+)` in (\d+) s and was stopped.*?resumed its (\d+) finished parts and finished it "
                      r"in (\d+) s\s+\(`(benchmarks/gpu_runs/[^`]+)/`", text, re.S)
    assert found, "README: the sentence on the GPU node's two calls is gone; keep it with its record"
    lab, first_s, parts, second_s, folder = found.groups()
    return {"lab": lab, "first_s": int(first_s), "parts": int(parts), "second_s": int(second_s), "folder": folder}


def gpu_node_measured(folder: Path) -> dict:
    """The same, read from the committed progress log and record (the log's own clock, not the
    scheduler's code): the first call from its first line to its last lab's end."""
    log = (folder / "progress.log").read_text().splitlines()
    second_at = next(i for i, line in enumerate(log) if " resuming:" in line)
    clock = [datetime.datetime.strptime(line[:8], "%H:%M:%S") for line in log[:second_at]]
    resumed = re.search(r"end (\w+): exit 0, ok, resumed (\d+) parts", "\n".join(log[second_at:]))
    record = json.loads((folder / "node_run-second-call.json").read_text())
    return {"lab": resumed.group(1), "first_s": round((clock[-1] - clock[0]).total_seconds()),
            "parts": int(resumed.group(2)), "second_s": round(record["whole_s"]), "folder": str(folder.relative_to(ROOT))}


def test_the_gpu_nodes_two_calls_are_its_committed_record():
    said = gpu_node_said(README)
    assert said == gpu_node_measured(ROOT / said["folder"])


def gpu_course_said(text: str) -> tuple[int, str]:
    """The README's one-call GPU run: its whole time and its record's folder."""
    found = re.search(r"every lab in one call of the lent machine, (\d+) s\s+from the first "
                      r"lab's start to the last lab's end \(`(benchmarks/gpu_runs/[^`]+)/`", text, re.S)
    assert found, "README: the sentence on the GPU course's run is gone; keep it with its record"
    return int(found.group(1)), found.group(2)


def gpu_reruns_said(text: str) -> list[tuple[list[int], str, list[str]]]:
    """Labs the README says were run again on the GPU after that run: the time of each call the
    re-run took (one, or two when a call ended at the lent machine's limit and the next resumed),
    its record's folder and the labs whose committed results it made."""
    found = re.findall(r"were run again on the GPU, one after another, in (?:(\d+) s|two calls of (\d+) s and (\d+) s)"
                       r"\s+\(`(benchmarks/gpu_runs/[^`]+)/`[^)]*\):\s+((?:`\w+`(?:,\s+|\s+and\s+)?)+)", text, re.S)
    return [([int(s) for s in (one, first, second) if s], folder, re.findall(r"`(\w+)`", labs))
            for one, first, second, folder, labs in found]


def _clock(line: str) -> datetime.datetime:
    return datetime.datetime.strptime(line[:8], "%H:%M:%S")


def earlier_calls(folder: Path) -> tuple[list[int], set[str]]:
    """A run's calls before its last, read from its progress log (each call starts with a
    "starting" or "resuming" line): each one's time from its first line to its last, and the
    labs they finished (the last call's record lists those as done already)."""
    log = (folder / "progress.log").read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(log) if re.match(r"\d\d:\d\d:\d\d (?:starting|resuming)", line)]
    earlier = [log[a:b] for a, b in pairwise(starts)]
    seconds = [round((_clock(call[-1]) - _clock(call[0])).total_seconds()) for call in earlier]
    finished = {m.group(1) for call in earlier for line in call if (m := re.search(r" end (\w+): exit 0, ok", line))}
    return seconds, finished


def gpu_runs_problems(text: str, manifests: dict[str, dict]) -> list[str]:
    """Each committed GPU result against the run the README credits it to: a re-run for the labs
    it names, the course's run for the others."""
    manifests, problems = dict(manifests), []
    for calls, folder, labs in gpu_reruns_said(text):
        record = json.loads((ROOT / folder / "node_run.json").read_text(encoding="utf-8"))
        before_s, finished_before = earlier_calls(ROOT / folder)
        if calls[:-1] != before_s:
            problems.append(f"{folder}: README's calls before the last {calls[:-1]} s, its progress log's {before_s} s")
        missing = [lab for lab in labs if lab not in manifests]
        problems += [f"{lab}: named twice, or no GPU result" for lab in missing]
        problems += gpu_course_problems(calls[-1], record, {lab: manifests.pop(lab) for lab in labs if lab in manifests},
                                        finished_before)
    seconds, folder = gpu_course_said(text)
    record = json.loads((ROOT / folder / "node_run.json").read_text(encoding="utf-8"))
    return problems + gpu_course_problems(seconds, record, manifests)


def gpu_course_problems(seconds: int, record: dict, manifests: dict[str, dict],
                        finished_before: set[str] = frozenset()) -> list[str]:
    """Why the README's GPU run is not the one the committed GPU results come from: its time,
    a lab it did not finish, a result made by another commit or on another node.
    finished_before: labs an earlier call of the same run finished (its progress log says so)."""
    problems = [] if abs(seconds - record["whole_s"]) <= 0.5 else [f"README {seconds} s, record {record['whole_s']} s"]
    # A run of several calls: its last call finished what it ran, earlier calls the labs done already.
    resumed_whole = (set(record.get("done_already", [])) <= finished_before
                     and all(span["exit"] == 0 for span in record["labs"].values()))
    if record.get("stopped") or not (record["complete"] or (finished_before and resumed_whole)):
        problems.append("the record is of a run that did not finish")
    for lab, provenance in manifests.items():
        span = record["labs"].get(lab)
        if lab not in finished_before and (span is None or span["exit"] != 0):
            problems.append(f"{lab}: not finished in the record's run")
        if provenance["commit"] != record["commit"]:
            problems.append(f"{lab}: made by {provenance['commit'][:7]}, the record ran {record['commit'][:7]}")
        if provenance["placement"]["node_gpus"] != record["node_gpus"]:
            problems.append(f"{lab}: made on a node of {provenance['placement']['node_gpus']} GPUs")
    return problems


def committed_gpu_provenance() -> dict[str, dict]:
    return {path.parent.parent.name: json.loads(path.read_text())["provenance"]
            for path in ROOT.glob("results/*/cuda/manifest.json")}


def test_every_gpu_result_comes_from_the_run_the_readme_names():
    assert gpu_runs_problems(README, committed_gpu_provenance()) == []


def test_a_lab_credited_to_the_wrong_gpu_run_is_caught():
    reruns = gpu_reruns_said(README)
    assert reruns, "README: no GPU re-run named; this test and gpu_reruns_said go with that sentence"
    calls, folder, labs = reruns[0]
    start = README.index(f"(`{folder}/`")
    listed = start + README[start:].index(f"`{labs[0]}`")          # the first lab of the re-run's list
    # a re-run lab left out of the list is then credited to the course's run, whose commit it is not
    fewer = README[:listed] + re.sub(re.escape(f"`{labs[0]}`") + r"(?:,\s+|\s+and\s+)", "", README[listed:], count=1)
    assert len(gpu_reruns_said(fewer)[0][2]) == len(labs) - 1
    assert gpu_runs_problems(fewer, committed_gpu_provenance())
    # a lab of the course's run listed as re-run
    other = next(lab for lab in committed_gpu_provenance() if lab not in labs and not any(
        lab in credited for _, _, credited in reruns))
    more = README[:listed] + f"`{other}`, " + README[listed:]
    assert other in gpu_reruns_said(more)[0][2]
    assert gpu_runs_problems(more, committed_gpu_provenance())
    # each call's time, typed one second off
    said = (f"in {calls[0]} s" if len(calls) == 1 else f"in two calls of {calls[0]} s and {calls[1]} s")
    assert said in README
    for at in range(len(calls)):
        typed = [c + (at == i) for i, c in enumerate(calls)]
        wrong = f"in {typed[0]} s" if len(calls) == 1 else f"in two calls of {typed[0]} s and {typed[1]} s"
        assert gpu_runs_problems(README.replace(said, wrong, 1), committed_gpu_provenance()), typed


def test_a_lab_an_earlier_call_did_not_finish_is_caught(tmp_path):
    """A resumed run's last record lists the labs of earlier calls as done already: only their
    "end … exit 0, ok" line in the progress log credits them, and each earlier call is timed there."""
    (tmp_path / "progress.log").write_text(
        "10:00:00 starting fresh (--fresh): every lab from its first part\n10:00:00 start a\n"
        "10:04:00 end a: exit 0, ok, resumed 0 parts, 240 s\n10:04:00 start b\n"
        "10:05:35 stopped b after 95 s: a rerun starts at its first unfinished part\n"
        "10:05:40 resuming: finished labs are kept\n10:05:40 done already: a\n10:05:40 start b\n"
        "10:06:10 end b: exit 0, ok, resumed 3 parts, 30 s\n10:06:10 all labs: 30 s\n", encoding="utf-8")
    assert earlier_calls(tmp_path) == ([335], {"a"})
    record = {"whole_s": 30.0, "complete": False, "stopped": False, "commit": "c" * 40, "node_gpus": 1,
              "labs": {"b": {"exit": 0}}, "done_already": ["a"]}
    made = {"commit": "c" * 40, "placement": {"node_gpus": 1}}
    assert gpu_course_problems(30, record, {"a": made, "b": made}, {"a"}) == []
    assert gpu_course_problems(30, record, {"a": made, "b": made}) == [
        "the record is of a run that did not finish", "a: not finished in the record's run"]
    assert gpu_course_problems(30, {**record, "labs": {"b": {"exit": 1}}}, {"a": made, "b": made}, {"a"}) == [
        "the record is of a run that did not finish", "b: not finished in the record's run"]
    (tmp_path / "progress.log").write_text((tmp_path / "progress.log").read_text(encoding="utf-8").replace(
        "end a: exit 0, ok", "end a: exit 1, failed"), encoding="utf-8")
    assert earlier_calls(tmp_path) == ([335], set())


def test_a_gpu_result_from_another_run_or_a_typed_time_is_caught():
    seconds, folder = gpu_course_said(README)
    record = json.loads((ROOT / folder / "node_run.json").read_text())
    manifests = committed_gpu_provenance()
    lab = next(iter(manifests))
    assert gpu_course_problems(seconds + 1, record, manifests)
    assert gpu_course_problems(seconds, {**record, "complete": False}, manifests)
    assert gpu_course_problems(seconds, {**record, "labs": {k: v for k, v in record["labs"].items() if k != lab}},
                               manifests)
    older = {**manifests, lab: {**manifests[lab], "commit": "0" * 40}}
    assert gpu_course_problems(seconds, record, older)
    elsewhere = {**manifests, lab: {**manifests[lab], "placement": {**manifests[lab]["placement"], "node_gpus": 2}}}
    assert gpu_course_problems(seconds, record, elsewhere)


def test_a_typed_gpu_node_figure_is_caught():
    said = gpu_node_said(README)
    measured = gpu_node_measured(ROOT / said["folder"])
    for typed in (f"in {said['first_s']} s and was stopped", f"resumed its {said['parts']} finished",
                  f"finished it in {said['second_s']} s"):
        one_off = re.sub(r"\d+", lambda number: str(int(number.group()) + 1), typed)
        assert gpu_node_said(README.replace(typed, one_off)) != measured, typed


def test_a_changed_run_or_a_typed_figure_is_caught():
    said = readme_durations(README)
    measured = committed_wall_times()
    lab, device = next(iter(said))
    assert mismatches({**said, (lab, device): said[(lab, device)] * 3}, measured)
    assert mismatches(said, {**measured, (lab, device): measured[(lab, device)] + 60})
    assert mismatches(said, {**measured, ("new_lab", "cpu"): 10.0})


def committed_cohorts() -> set[str]:
    """The cohorts a fresh clone has: a cohort made by following the example is not one of them
    (it is this very test's subject, and an instructor's walk must not turn `make test` red)."""
    tracked = subprocess.run(["git", "ls-files", "cohorts"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    return {Path(path).parts[1] for path in tracked if len(Path(path).parts) > 2}


def test_the_cohort_example_creates_a_cohort_that_does_not_exist_yet():
    """On a fresh clone `cohort new` of a committed cohort stops (already exists); the reference
    pages the README points to are followed as written too, and add to the cohort they made."""
    shipped = committed_cohorts()
    assert "2026-11-pilot" in shipped
    for page in ("README.md", "docs/en/reference/cohorts.md", "docs/es/reference/cohorts.md"):
        text = (ROOT / page).read_text()
        created = set(re.findall(r"course cohort new (\S+)", text))
        assert created and not created & shipped, f"{page}: its example makes {created & shipped}, committed"
        assert set(re.findall(r"course cohort (?:add|export) (\S+)", text)) <= created, page


# -- every command and path the README and the pages it points to name, on this repository ------

PAGES = ["README.md", "CONTRIBUTING.md", "docs/en/index.md", "docs/es/index.md",
         *[f"docs/{lang}/reference/{page}.md" for lang in ("en", "es") for page in ("cohorts", "results")]]
LABS = sorted(p.parent.name for p in ROOT.glob("labs/*/lab.toml"))


def commands(text: str, program: str) -> set[str]:
    """Every `program …` in inline code or at the start of a line of a bash block, without its
    trailing comment; placeholders filled: `<lab>` with a real lab, `[OPTIONAL]` dropped."""
    found = set(re.findall(rf"`({re.escape(program)} [^`\n]*)`", text))
    for block in re.findall(r"```bash\n(.*?)```", text, re.S):
        found |= {line.split("#")[0].strip() for line in block.splitlines() if line.strip().startswith(program)}
    return {re.sub(r"\s*\[[^]]*\]", "", c.replace("<lab>", LABS[0])).strip() for c in found}


# A make that runs these tests (make test-fast X=1) hands its settings down through MAKEFLAGS.
MAKE_ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def make_dry_run(*args: str) -> subprocess.CompletedProcess:
    """make's own answer (-n: nothing runs; -o: never rebuild the venv)."""
    return subprocess.run(["make", "-n", "-o", ".venv/.installed", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env=MAKE_ENV)


def named_make_commands() -> set[str]:
    return {c for page in PAGES for c in commands((ROOT / page).read_text(), "make")}


def test_the_pages_name_make_commands():
    assert {"make site", "make test", "make labs LAB=inside_compile", "make serve"} <= named_make_commands()


@pytest.mark.parametrize("command", sorted(named_make_commands()))
def test_every_make_command_the_pages_name_is_accepted_as_written(command):
    done = make_dry_run(*shlex.split(command)[1:])
    assert done.returncode == 0, f"{command}: {done.stderr}"
    for named in re.findall(r"\bLABS?=(\S+)", command):   # make cannot know a lab's name; the course can
        assert set(named.split()) <= set(LABS), f"{command}: no such lab"


def test_make_help_lists_every_target_the_pages_name_and_is_what_make_alone_prints():
    shown = subprocess.run(["make", "help"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=MAKE_ENV).stdout
    listed = set(re.findall(r"^make ([\w-]+)", shown, re.M))
    named = {shlex.split(c)[1] for c in named_make_commands()}
    assert named <= listed, f"named but not in make help: {named - listed}"
    assert subprocess.run(["make"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=MAKE_ENV).stdout == shown


@pytest.mark.parametrize(("mistake", "says"), [
    ("lab=inside_compile", "unknown setting 'lab' (did you mean LAB=?)"),
    ("LAB_=inside_compile", "unknown setting 'LAB_'"),
    ("Preset=smoke", "did you mean PRESET=?"),
    ("PRESET=fast", "PRESET=fast: a preset is full or smoke"),
    ("DEVICE=gpu", "DEVICE=gpu: a device is cpu or cuda"),
])
def test_a_mistyped_setting_stops_make_with_what_to_type(mistake, says):
    """Make ignores a name it does not use: `make labs lab=x` would run every lab for 22 minutes."""
    done = make_dry_run("labs", mistake)
    assert done.returncode != 0 and says in done.stderr, done.stderr
    assert "course run" not in done.stdout


def test_several_labs_in_one_setting_become_one_run_each():
    assert "--lab explain --lab capstone" in make_dry_run("labs", "LAB=explain capstone").stdout
    assert "--lab explain --" in make_dry_run("labs", "LABS=explain", "FORCE=1").stdout


def course_subcommands(text: str) -> set[tuple[str, ...]]:
    words = set()
    for command in commands(text, ".venv/bin/python -m course"):
        sub = shlex.split(command)[3:]
        if not sub or not sub[0].isidentifier():
            continue    # `.venv/bin/python -m course …`: the program, not a command
        words.add(tuple(sub[:2]) if sub[0] == "cohort" else (sub[0],))
    return words


def test_every_course_command_the_pages_name_exists():
    named = set().union(*(course_subcommands((ROOT / page).read_text()) for page in PAGES))
    assert {("status",), ("submit",), ("cohort", "new"), ("cohort", "add"), ("import",)} <= named
    for words in sorted(named):
        done = subprocess.run([sys.executable, "-m", "course", *words, "--help"], cwd=ROOT, capture_output=True,
                              text=True, timeout=60, env=dict(os.environ, PYTHONPATH=ENGINE_PATH))
        assert done.returncode == 0, f"course {' '.join(words)}: {done.stderr}"


def test_a_command_a_learner_types_names_the_venvs_python():
    """A fresh shell's `python` has no torch (and no `course`): typed commands say .venv/bin/python
    (`python3 -m labs.…` is the bare GPU machine's, which has no venv). Every page's bash blocks,
    and the inline commands of the pages the README points to."""
    every_page = [*PAGES, *(str(p.relative_to(ROOT)) for p in ROOT.glob("docs/*/**/*.md"))]
    bare = {f"{page}: {line.strip()}" for page in every_page for block in
            re.findall(r"```bash\n(.*?)```", (ROOT / page).read_text(), re.S)
            for line in block.splitlines() if re.match(r"\s*python -m (labs|course)\b", line)}
    bare |= {f"{page}: {c}" for page in PAGES for c in re.findall(r"`(python -m (?:labs|course)[^`]*)`",
                                                               (ROOT / page).read_text())
             if c != "python -m course"}   # the engine's name (README's layout), not a command
    assert bare == set()


def test_every_lab_module_the_pages_run_exists():
    named = {m for page in PAGES for m in re.findall(r"-m labs\.([\w.<>]+)", (ROOT / page).read_text())}
    assert "inductor_kernels" in named
    for module in named:
        for lab in (LABS if "<lab>" in module else [None]):
            path = ROOT / "labs" / Path(*module.replace("<lab>", lab or "").split("."))
            assert (path / "__main__.py").is_file() or path.with_suffix(".py").is_file(), module


# Paths the README names that exist only after something ran and that git does not ignore.
WRITTEN_LATER = {"results/<lab>/<device>.failed.json": "a failed run's record, committed so the build stops",
                 "logs/<lab>.log": "inside the folder gpu-results writes"}


def readme_paths() -> set[str]:
    paths = {tok for tok in re.findall(r"`([^`\s]+)`", README)
             if "/" in tok and not tok.startswith(("http", "/", ".venv/bin", "--")) and "=" not in tok}
    layout = README[README.index("## Layout"):]
    for line in re.findall(r"```\n(.*?)```", layout, re.S)[0].splitlines():
        if line and not line.startswith(" "):
            paths |= set(re.match(r"((?:[\w./-]+, )*[\w./-]+)", line).group(1).split(", "))
    return paths


def test_every_path_the_readme_names_exists_or_is_written_by_a_command():
    paths = readme_paths()
    assert {"docs/en/reference/cohorts.md", "scripts/course/", "results/<lab>/<device>/"} <= paths
    missing = []
    for path in sorted(paths - set(WRITTEN_LATER)):
        concrete = path.replace("<lab>", "inductor_kernels").replace("<device>", "cpu")
        exists = any(ROOT.glob(concrete.rstrip("/"))) if "*" in concrete else (ROOT / concrete).exists()
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", concrete], cwd=ROOT).returncode == 0
        if not exists and not ignored:
            missing.append(path)
    assert missing == []


@pytest.mark.parametrize("python", ["old", "missing"])
def test_make_site_with_a_python_older_than_3_11_says_so_before_making_a_venv(tmp_path, python):
    for name in ("Makefile", "requirements.txt", "constraints.txt"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    old = tmp_path / "python3.10"
    old.write_text("#!/bin/sh\n[ \"$1\" = -c ] && exit 1\nexit 0\n")   # answers the version question: too old
    old.chmod(0o755)
    done = subprocess.run(["make", "site", f"PYTHON={old if python == 'old' else tmp_path / 'nothing'}"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, env=MAKE_ENV)
    assert done.returncode != 0 and "older than Python 3.11" in done.stdout + done.stderr
    assert "PYTHON=python3.12" in done.stdout + done.stderr
    assert not (tmp_path / ".venv").exists()
