"""Bad inputs, class by class, written as an attacker or an unlucky user would: result text
that tries to become HTML, imports that reach outside their folder or replace a better
result, labs that misbehave under the runner, malformed files, values that are not what
they claim, and translations that do not mirror. Each must end in a one-line refusal or a
recorded failure, never in a traceback, a lost result or live markup."""

from __future__ import annotations

import contextlib
import html.parser
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import markdown
import pytest

from course import escape, results
from course.importing import import_folder
from course.markers import PageContext, expand
from course.results import ResultStore
from course.translations import mirror_problems
from tests.conftest import ENGINE_PATH
from tests.manifests import KERNEL, manifest, write_result

ROOT = Path(__file__).resolve().parent.parent
TOYS = Path(__file__).resolve().parent / "toylabs"

# -- 1. result text never becomes markup ------------------------------------------------------

PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "<script>fetch('http://127.0.0.2:9/steal')</script>",
    "[click](javascript:alert(1))",
    "**bold** _em_ `code` ~~strike~~",
    '" onmouseover="alert(1)',
    "{{ metric inductor_kernels/cpu:err }}",
    "</div><iframe src=//evil.example>",
    "&lt;img src=x onerror=alert(1)&gt;",
    "|table|breaker|\n# heading\n!!! note",
]
# Tags and attributes marker output may legitimately produce.
ALLOWED_TAGS = {"p", "span", "code", "div", "table", "thead", "tbody", "tr", "th", "td", "a", "small", "strong",
                "em", "pre", "br", "nav", "details", "summary", "ul", "li", "ol", "h1", "h2", "h3", "hr", "input",
                "label"}


class TagCollector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags_of(rendered: str) -> list[tuple[str, dict]]:
    collector = TagCollector()
    collector.feed(rendered)
    return collector.tags


def assert_inert(rendered: str) -> None:
    for tag, attrs in tags_of(rendered):
        assert tag in ALLOWED_TAGS, f"<{tag}> came from result text: {rendered[:300]}"
        for name, value in attrs.items():
            assert not name.startswith("on"), f"event handler {name} on <{tag}>"
            assert "javascript:" not in (value or "").lower(), f"{name}={value} on <{tag}>"
            assert "evil.example" not in (value or "") and "127.0.0.2" not in (value or "")


def poisoned(tmp_path: Path, payload: str) -> ResultStore:
    """A result whose every free-text field holds the payload."""
    data = manifest(
        reason=payload,
        parts={"A": {"title": payload[:300], "status": "ok"},
               "D": {"title": "x", "status": "skipped", "reason": payload}},
        metrics={"err": {"value": payload, "unit": ""}, "eager_us": {"value": 1.5, "unit": "µs"}},
        checks={"match": {"value": 1, "op": "<", "threshold": 2, "passed": True, "unit": "",
                          "label": {"en": payload[:300], "es": payload[:300]}}},
        tables={"latency": {"columns": ["batch", "note"], "rows": [[2, payload], [3, payload]],
                            "units": {"batch": "µs"}}},
        figures={"latency": {"table": "latency", "x": "batch", "y": ["batch"]}})
    data["provenance"] = dict(data["provenance"], device_name=payload[:200], cpu_model=payload[:200], torch="2.13.0")
    folder = tmp_path / "inductor_kernels" / "cpu"
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps(data))
    (folder / "kernel.cpp").write_text(KERNEL)
    return ResultStore(tmp_path)


PAGE = """{{ metric inductor_kernels/cpu:err }} and {{ check inductor_kernels/cpu:match }}

{{ checks inductor_kernels }}

{{ table inductor_kernels:latency }}

{{ table inductor_kernels:latency code="note" }}

{{ part inductor_kernels/cpu:D }}

{{ provenance inductor_kernels }}

{{ code inductor_kernels:kernel lines="1-3" }}

{{ link inductor_kernels:kernel text="the kernel" }}

{{ figure inductor_kernels:latency }}
"""


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_result_text_is_never_markup(tmp_path, payload, lang):
    store = poisoned(tmp_path, payload)
    ctx = PageContext(page=f"{lang}/labs/x.md", lang=lang, page_dir="labs", site_root="../..")
    expansion = expand(PAGE, ctx, store)
    assert expansion.errors == [], expansion.errors
    rendered = markdown.markdown(expansion.markdown, extensions=["tables", "md_in_html", "attr_list", "admonition",
                                                                 "pymdownx.superfences", "pymdownx.tabbed"])
    # the figure's script is plotly's own; everything else must be from the allowlist
    rendered = rendered.split('<div class="course-figure">')[0]
    assert_inert(rendered)
    assert "{{" not in rendered.replace("&#123;&#123;", "")


def test_figure_data_cannot_close_its_script(tmp_path):
    store = poisoned(tmp_path, "</script><img src=x onerror=alert(1)>")
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs", site_root="../..")
    md = expand("{{ figure inductor_kernels:latency x_title=\"</script>\" }}", ctx, store).markdown
    assert md.count("</script>") == md.count("<script")


def test_escape_text_and_href():
    assert escape.text("<b>[x](y)</b> &#x27;") == "&lt;b&gt;&#91;x&#93;(y)&lt;/b&gt; &amp;&#35;x27;"
    assert escape.text("a`b`c", code_spans=True) == "a`b`c"
    with pytest.raises(ValueError):
        escape.href("javascript:alert(1)")
    with pytest.raises(ValueError):
        escape.href("//evil.example/x")
    assert escape.href('a b/"c".txt') == "a%20b/%22c%22.txt"


def test_schema_limits_what_identifiers_units_and_paths_may_hold(tmp_path):
    bad = [
        {"metrics": {"err": {"value": 1, "unit": "<b>"}}},
        {"artifacts": {"kernel": {"path": "../../etc/passwd"}}},
        {"artifacts": {"kernel": {"path": ".hidden"}}},
        {"artifacts": {"kernel": {"path": "/abs"}}},
        {"artifacts": {"k<x>": {"path": "kernel.cpp"}}},
        {"tables": {"latency": {"columns": ["batch<script>"], "rows": []}}, "figures": {}},
        {"metrics": {"err": {"value": "x" * 501, "unit": ""}}},
        {"artifacts": {"kernel": {"path": "kernel.cpp", "language": "cpp onload=x"}}},
    ]
    for number, change in enumerate(bad):
        with pytest.raises(results.ManifestError, match="field"):
            results.validate_manifest(manifest(**change), f"case {number}")


# -- 2. import trusts nothing -----------------------------------------------------------------

def gpu_result(source: Path, lab: str = "inductor_kernels", device: str = "cuda", **changes) -> Path:
    return write_result(source, lab=lab, device=device, **changes)


def test_import_refuses_symlinks_special_files_and_paths_outside(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("outside")
    source = tmp_path / "in"
    folder = gpu_result(source)
    (folder / "kernel.cpp").unlink()
    (folder / "kernel.cpp").symlink_to(secret)
    outcomes = import_folder(source, tmp_path / "results")
    assert len(outcomes) == 1 and not outcomes[0].imported and "symbolic link" in outcomes[0].message
    (folder / "kernel.cpp").unlink()
    os.mkfifo(folder / "kernel.cpp")
    outcome = import_folder(source, tmp_path / "results")[0]
    assert not outcome.imported and "not a regular file" in outcome.message
    assert not (tmp_path / "results" / "inductor_kernels" / "cuda").exists()


def test_import_copies_only_what_the_manifest_names(tmp_path):
    folder = gpu_result(tmp_path / "in")
    (folder / "evil.html").write_text("<script>alert(1)</script>")
    (folder / "sub").mkdir()
    (folder / "sub" / "more.js").write_text("x")
    outcome = import_folder(tmp_path / "in", tmp_path / "results")[0]
    assert outcome.imported, outcome.message
    placed = {p.relative_to(tmp_path / "results").as_posix() for p in (tmp_path / "results").rglob("*") if p.is_file()}
    assert placed == {"inductor_kernels/cuda/manifest.json", "inductor_kernels/cuda/kernel.cpp"}


@pytest.mark.parametrize("lab, device, manifest_lab, manifest_device, expected", [
    ("no_such_lab", "cuda", "no_such_lab", "cuda", "no lab named 'no_such_lab'"),
    ("inductor_kernels", "tpu", "inductor_kernels", "cuda", "not 'tpu'"),
    ("inductor_kernels", "cuda", "inductor_kernels", "cpu", "sits in inductor_kernels/cuda"),
    ("inductor_kernels", "cuda", "inside_compile", "cuda", "sits in inductor_kernels/cuda"),
])
def test_import_checks_lab_and_device_against_the_folder(tmp_path, lab, device, manifest_lab, manifest_device,
                                                         expected):
    folder = write_result(tmp_path / "in", lab=manifest_lab, device=manifest_device)
    if (lab, device) != (manifest_lab, manifest_device):
        target = tmp_path / "in" / lab / device
        target.parent.mkdir(parents=True, exist_ok=True)
        folder.rename(target)
    outcome = import_folder(tmp_path / "in", tmp_path / "results")[0]
    assert not outcome.imported and expected in outcome.message, outcome.message


def test_import_will_not_silently_replace_a_better_result_and_keeps_what_it_replaces(tmp_path):
    store = tmp_path / "results"
    gpu_result(store)                                      # the current one: full, 2026-11-21
    smoke = manifest()["provenance"] | {"preset": "smoke", "date_utc": "2026-11-22T10:00:00Z", "device": "cuda"}
    gpu_result(tmp_path / "in", provenance=smoke)
    outcome = import_folder(tmp_path / "in", store)[0]
    assert not outcome.imported and "smoke run and would replace a full one" in outcome.message
    older = manifest()["provenance"] | {"date_utc": "2025-01-01T00:00:00Z", "device": "cuda"}
    gpu_result(tmp_path / "old", provenance=older)
    outcome = import_folder(tmp_path / "old", store)[0]
    assert not outcome.imported and "older" in outcome.message
    forced = import_folder(tmp_path / "in", store, force=True)[0]
    assert forced.imported and "kept in" in forced.message
    kept = list((store / ".history" / "inductor_kernels").glob("cuda-*/manifest.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["provenance"]["preset"] == "full"
    assert json.loads((store / "inductor_kernels" / "cuda" / "manifest.json").read_text())["provenance"]["preset"] == \
        "smoke"


def test_import_command_exits_with_one_line_per_result(tmp_path):
    gpu_result(tmp_path / "in")
    write_result(tmp_path / "in", lab="no_such_lab", device="cpu")
    done = subprocess.run([sys.executable, "-m", "course", "--results", str(tmp_path / "results"), "import",
                           str(tmp_path / "in")], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=ENGINE_PATH), timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "imported inductor_kernels/cuda" in done.stdout and "refused no_such_lab/cpu" in done.stderr


# -- 3. the runner always ends in a result or a recorded failure ---------------------------------

def course(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHONPATH=ENGINE_PATH,
                       COURSE_WORK_ROOT=str(tmp_path / "work"), **env)
    return subprocess.run([sys.executable, "-m", "course", "--results", str(tmp_path / "results"), *args],
                          cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)


def run_toys(tmp_path: Path, *labs: str, timeout: int | None = None, **env: str) -> subprocess.CompletedProcess:
    args = ["run", "--device", "cpu", "--preset", "smoke", "--force"] + [a for lab in labs for a in ("--lab", lab)]
    return course(tmp_path, *args, *(["--timeout", str(timeout)] if timeout else []), **env)


def failure(tmp_path: Path, lab: str) -> dict:
    return json.loads((tmp_path / "results" / lab / "cpu.failed.json").read_text())


def no_staging_left(tmp_path: Path) -> bool:
    return not list((tmp_path / "results").rglob(".*staging*"))


def test_a_lab_that_exits_zero_without_a_manifest_is_a_recorded_failure(tmp_path):
    done = run_toys(tmp_path, "toy_nomanifest", "toy_ok")
    assert "Traceback" not in done.stdout + done.stderr
    assert "toy_nomanifest: failed" in done.stdout and "toy_ok: ok" in done.stdout
    assert "manifest.json" in failure(tmp_path, "toy_nomanifest")["reason"]
    assert no_staging_left(tmp_path)


def test_progress_lines_that_are_json_but_not_events_are_ignored(tmp_path):
    done = run_toys(tmp_path, "toy_weird")
    assert done.returncode == 0 and "toy_weird: ok" in done.stdout, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr, done.stderr
    assert "part A: Measure" in done.stdout   # progress after the junk lines still reached the display


def test_an_unwritable_results_folder_is_reported_and_the_next_lab_runs(tmp_path):
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "toy_weird").write_text("a file where a folder should be")
    done = run_toys(tmp_path, "toy_weird", "toy_ok")
    assert "Traceback" not in done.stdout + done.stderr
    assert "toy_weird: failed" in done.stdout and "toy_ok: ok" in done.stdout


@pytest.mark.slow   # waits out a lab's timeout
def test_the_timeout_kills_the_lab_keeps_its_log_and_bounds_the_wait(tmp_path):
    pid_file = tmp_path / "pids"
    started = time.monotonic()
    done = run_toys(tmp_path, "toy_orphan", timeout=3, TOY_PID_FILE=str(pid_file))
    elapsed = time.monotonic() - started
    lab_pid, helper_pid = map(int, pid_file.read_text().split())
    try:
        assert "toy_orphan: timeout" in done.stdout, done.stdout
        assert elapsed < 30, f"the runner waited {elapsed:.0f} s on a pipe the helper kept open"
        with pytest.raises(ProcessLookupError):
            os.kill(lab_pid, 0)
        log = (tmp_path / "results" / "toy_orphan" / "cpu.failed.log").read_text()
        assert "-m toylabs.toy_orphan" in log and "stopped reading it" in log
        assert "timed out after 3 s" in failure(tmp_path, "toy_orphan")["reason"]
        assert no_staging_left(tmp_path)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(helper_pid, signal.SIGKILL)


def test_the_timeout_kills_the_whole_group(tmp_path):
    pid_file = tmp_path / "pid"
    done = run_toys(tmp_path, "toy_slow", timeout=2, TOY_PID_FILE=str(pid_file))
    assert "toy_slow: timeout" in done.stdout
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)
    assert (tmp_path / "results" / "toy_slow" / "cpu.failed.log").read_text().startswith("$ ")


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_ctrl_c_stops_the_lab_too_and_says_so_in_one_line(tmp_path, stop):
    """A terminal's Ctrl-C (or `kill`, or closing the terminal) reaches the runner, not the lab
    (its own session): the runner must stop the lab, not leave it running unread, and exit
    without a traceback."""
    pid_file = tmp_path / "pid"
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHONPATH=ENGINE_PATH, TOY_PID_FILE=str(pid_file))
    runner = subprocess.Popen(
        [sys.executable, "-m", "course", "--results", str(tmp_path / "results"), "run", "--device", "cpu",
         "--preset", "smoke", "--force", "--lab", "toy_slow"],
        cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # a shell's `&` ignores SIGINT
    deadline = time.monotonic() + 60
    while not pid_file.is_file() or not pid_file.read_text().strip():
        assert time.monotonic() < deadline and runner.poll() is None, runner.communicate()
        time.sleep(0.1)
    lab_pid = int(pid_file.read_text())
    try:
        runner.send_signal(stop)
        out, err = runner.communicate(timeout=30)
        assert runner.returncode == 130, out + err
        assert "Traceback" not in err and "course run: interrupted" in err
        with pytest.raises(ProcessLookupError):
            os.kill(lab_pid, 0)
        assert not (tmp_path / "results" / "toy_slow" / "cpu" / "manifest.json").exists()
        assert not (tmp_path / "results" / "toy_slow" / "cpu.failed.json").exists()  # stopped, not failed
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(lab_pid, signal.SIGKILL)


def test_ctrl_c_on_a_lab_run_by_hand_is_one_line_not_a_traceback(tmp_path):
    """`python -m labs.x` typed by a learner, then Ctrl-C: one line, exit 130, no manifest."""
    pid_file = tmp_path / "pid"
    environment = dict(os.environ, COURSE_LABS_DIR=str(TOYS), PYTHONPATH=f"{TOYS.parent}{os.pathsep}{ROOT}",
                       TOY_PID_FILE=str(pid_file))
    lab = subprocess.Popen(
        [sys.executable, "-m", "toylabs.toy_slow", "--device", "cpu", "--preset", "smoke",
         "--out", str(tmp_path / "out")],
        cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not pid_file.is_file() or not pid_file.read_text().strip():
        assert time.monotonic() < deadline and lab.poll() is None, lab.communicate()
        time.sleep(0.1)
    try:
        lab.send_signal(signal.SIGINT)
        out, err = lab.communicate(timeout=30)
        assert lab.returncode == 130, out + err
        assert "Traceback" not in err and "toy_slow: interrupted" in err
        assert not (tmp_path / "out" / "manifest.json").exists()
    finally:
        with contextlib.suppress(ProcessLookupError):
            lab.kill()


# -- 4. one bad file never disables everything ------------------------------------------------

@pytest.fixture
def labs_with_a_broken_one(tmp_path):
    labs = tmp_path / "mylabs"   # a package name of its own: "labs" is the course's
    for name in ("toy_ok", "curriculum.toml"):
        source = TOYS / name
        target = labs / name
        if source.is_dir():
            target.mkdir(parents=True)
            for f in source.iterdir():
                if f.is_file():
                    (target / f.name).write_bytes(f.read_bytes())
        else:
            target.write_bytes(source.read_bytes())
    (labs / "__init__.py").write_text("")
    return labs


@pytest.mark.parametrize("toml, field", [
    ("order = [", "not valid TOML"),
    ((TOYS / "toy_ok" / "lab.toml").read_text().replace("timeout_s.smoke = 60", 'timeout_s.smoke = "soon"'),
     "timeout_s.smoke"),
    ((TOYS / "toy_ok" / "lab.toml").read_text().replace('title.es = "Laboratorio de juguete toy_ok"\n', ""),
     "title.es"),
    ((TOYS / "toy_ok" / "lab.toml").read_text().replace('devices = ["cpu", "cuda"]', 'devices = ["tpu"]'),
     "devices"),
    ((TOYS / "toy_ok" / "lab.toml").read_text().replace("order = 1", 'order = "first"'), "field 'order'"),
])
def test_a_malformed_lab_toml_is_one_line_and_the_other_labs_still_run(tmp_path, labs_with_a_broken_one, toml,
                                                                        field):
    broken = labs_with_a_broken_one / "toy_bad"
    broken.mkdir()
    (broken / "lab.toml").write_text(toml)
    env = dict(os.environ, COURSE_LABS_DIR=str(labs_with_a_broken_one), PYTHONPATH=f"{tmp_path}{os.pathsep}{ENGINE_PATH}")

    def course_cmd(*args):
        return subprocess.run([sys.executable, "-m", "course", "--results", str(tmp_path / "results"), *args],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)

    status = course_cmd("status")
    assert status.returncode == 0 and "Traceback" not in status.stderr
    assert "toy_bad" in status.stdout and field in status.stdout and "lab.toml" in status.stdout
    refused = course_cmd("run", "--device", "cpu", "--preset", "smoke", "--lab", "toy_bad")
    assert refused.returncode != 0 and field in refused.stderr and "Traceback" not in refused.stderr
    good = course_cmd("run", "--device", "cpu", "--preset", "smoke", "--lab", "toy_ok")
    assert good.returncode == 0 and "toy_ok: ok" in good.stdout, good.stdout + good.stderr


def test_a_corrupt_failure_record_is_a_line_in_status(tmp_path):
    (tmp_path / "results" / "toy_ok").mkdir(parents=True)
    (tmp_path / "results" / "toy_ok" / "cpu.failed.json").write_text("{not json")
    done = course(tmp_path, "status")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "unreadable" in done.stdout and "cpu.failed.json" in done.stdout


@pytest.mark.parametrize("change, message", [
    ({"tables": {"latency": {"columns": ["batch", "eager_us"], "rows": [[2]]}}}, "1 cells for 2 columns"),
    ({"figures": {"latency": {"table": "latency", "x": "batch", "y": ["nope"]}}}, "no column nope"),
    ({"checks": {"match": {"value": 5, "op": "<", "threshold": 1, "passed": True}}}, "recorded True"),
])
def test_schema_valid_but_inconsistent_manifests_name_file_and_field(tmp_path, change, message):
    folder = write_result(tmp_path, **change)
    with pytest.raises(results.ManifestError, match=message) as raised:
        results.read_manifest(folder / "manifest.json")
    assert str(folder / "manifest.json") in str(raised.value)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_refused_where_they_are_read(tmp_path, number):
    folder = write_result(tmp_path)
    text = (folder / "manifest.json").read_text().replace('"value": 11.757', f'"value": {number}')
    (folder / "manifest.json").write_text(text)
    with pytest.raises(results.ManifestError, match=r"manifest\.json"):
        results.read_manifest(folder / "manifest.json")


def test_an_artifact_that_is_a_folder_is_refused_when_committed(tmp_path):
    staging = tmp_path / "staging"
    write_result(tmp_path / "src")
    (tmp_path / "src" / "inductor_kernels" / "cpu").rename(staging)
    (staging / "kernel.cpp").unlink()
    (staging / "kernel.cpp").mkdir()
    with pytest.raises(results.ManifestError, match="not a regular file"):
        results.commit_result(tmp_path / "results", "inductor_kernels", "cpu", staging)


# -- 5. nothing wrong is shown as right -------------------------------------------------------

def test_a_null_metric_is_an_error_not_none_on_the_page(tmp_path):
    write_result(tmp_path, metrics={"err": {"value": None, "unit": "s"}})
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs")
    expansion = expand("{{ metric inductor_kernels/cpu:err }}", ctx, ResultStore(tmp_path))
    assert len(expansion.errors) == 1 and "None is not valid" in expansion.errors[0]
    assert "metrics.err.value" in expansion.errors[0]


def test_an_unclosed_marker_is_reported(tmp_path):
    write_result(tmp_path)
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs")
    expansion = expand("Text {{ metric inductor_kernels/cpu:err and no end.\n\n`{{ in code` is fine.", ctx,
                       ResultStore(tmp_path))
    assert len(expansion.errors) == 1 and "unclosed marker" in expansion.errors[0]


# -- 6. the build itself refuses translations that do not mirror ---------------------------------

def test_mirror_problems_name_the_spanish_tree_and_the_difference(tmp_path):
    docs = tmp_path / "docs"
    for lang in ("en", "es"):
        (docs / lang / "labs").mkdir(parents=True)
    (docs / "en" / "labs" / "a.md").write_text("# A\n\n{{ metric lab/cpu:x }}\n\n```python\nx = 1  # one\n```\n")
    (docs / "es" / "labs" / "a.md").write_text("# A\n\n{{ metric lab/cpu:y }}\n\n```python\nx = 1  # uno\n```\n")
    (docs / "en" / "b.md").write_text("# B\n")
    problems = mirror_problems(docs)
    assert any("docs/es/b.md is missing: the Spanish tree must mirror docs/en/b.md" in p for p in problems)
    assert any("docs/es/labs/a.md: its markers differ" in p for p in problems)
    assert not any("code blocks" in p for p in problems)      # a translated comment is allowed
    (docs / "es" / "labs" / "a.md").write_text("# A\n\n{{ metric lab/cpu:x }}\n\n```python\nx = 2  # uno\n```\n")
    assert any("code blocks differ" in p for p in mirror_problems(docs))
