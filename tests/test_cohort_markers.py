"""The pieces of a cohort page's distributions, each checked whole: a machine class's label (named
model or "other models"), a point's hover text, which points a class shows, and the summary
table's row with the course's own run in its class only (expected text written by hand)."""

from __future__ import annotations

import datetime
import json
from collections import Counter
from types import SimpleNamespace

import pytest

from course.cohorts import reference, report
from course.cohorts.config import Cohort
from course.cohorts.headlines import headlines
from course.cohorts.reference import ReferenceRun
from course.markers import PageContext
from course.markers import cohorts as cohort_markers
from course.markers.page import Page
from course.results import ResultStore
from tests.manifests import write_result


def page(tmp_path, lang="en") -> Page:
    return Page(PageContext(page=f"{lang}/cohorts/x.md", lang=lang, page_dir="cohorts", site_root=".."),
                ResultStore(tmp_path))


def rows(n: int) -> list[report.Row]:
    return [report.Row(number=i + 1, learner=i + 1, entry={"threads": 8, "torch": "2.13.0"}) for i in range(n)]


@pytest.mark.parametrize("lang, device_class, label", [
    ("en", ("cpu", "AMD EPYC"), "CPU · AMD EPYC"), ("en", ("cuda", ""), "GPU · other models"),
    ("es", ("cpu", ""), "CPU · otros modelos"), ("es", ("cuda", "NVIDIA H100"), "GPU · NVIDIA H100"),
])
def test_a_machine_class_is_its_kind_and_model_or_other_models(tmp_path, lang, device_class, label):
    assert cohort_markers._class_label(page(tmp_path, lang), device_class) == label


@pytest.mark.parametrize("lang, number, threads, torch, text", [
    ("en", 7, 8, "2.13.0", "&#35; 7 · 8 threads · torch 2.13.0"),
    ("es", 7, 8, "2.13.0", "n.º 7 · 8 hilos · torch 2.13.0"),
    ("en", None, None, "2.13.0", "torch 2.13.0"),          # the course's run: no number, no threads
    ("en", 3, None, "2.12.1", "&#35; 3 · torch 2.12.1"),
    ("en", None, 4, "2.12.1", "4 threads · torch 2.12.1"),
])
# The hover is escaped text: "#" is &#35; (Markdown would read it as a heading mark).
def test_a_points_hover_is_its_number_threads_and_torch(tmp_path, lang, number, threads, torch, text):
    assert cohort_markers._hover(page(tmp_path, lang), number, threads, torch) == text


def test_a_class_at_the_limit_shows_every_point_and_one_more_only_its_outliers(tmp_path):
    n = report.ALL_POINTS_UP_TO
    small = report.Summary(("cpu", ""), [float(v) for v in range(n)], rows(n))   # the class of other models
    points = cohort_markers._points(page(tmp_path), small)
    assert [value for _, value, _ in points] == [float(v) for v in range(n)]
    assert points[2] == ("CPU · other models", 2.0, "&#35; 3 · 8 threads · torch 2.13.0")
    large = report.Summary(("cpu", "X"), [float(v) for v in range(n)] + [1000.0], rows(n + 1))
    assert cohort_markers._points(page(tmp_path), large) == [
        ("CPU · X", 1000.0, f"&#35; {n + 1} · 8 threads · torch 2.13.0")]


def test_the_summary_row_is_the_class_its_box_and_the_course_run_of_that_class_only(tmp_path):
    summary = report.Summary(("cpu", "AMD EPYC"), [1.0, 2.0, 3.0, 4.0, 5.0], rows(5))
    others = report.Summary(("cuda", ""), [10.0, 20.0], rows(2))
    dist = report.Distribution("inductor_kernels", "x.speedup", {"en": "Speed-up"}, False, classes=[summary, others])
    references = [ReferenceRun("inductor_kernels", "cpu", ("cpu", "AMD EPYC"), {}, {"x.speedup": 2.5}, True),
                  ReferenceRun("inductor_kernels", "cpu", ("cpu", "Intel Xeon"), {}, {"x.speedup": 9.0}, True),
                  ReferenceRun("inductor_kernels", "cpu", ("cpu", "AMD EPYC"), {}, {"other": 7.0}, True)]
    table = cohort_markers._summary_table(page(tmp_path), dist, references)
    assert "| Machine | Runs | Median | Middle half (Q1 to Q3) | Range | Course run |" in table
    assert "| CPU · AMD EPYC | 5 | 3.00 | 2.00 – 4.00 | 1.00 – 5.00 | 2.50 |" in table
    assert "| GPU · other models | 2 | 15.0 | 12.5 – 17.5 | 10.0 – 20.0 | — |" in table
    twice = references + [ReferenceRun("inductor_kernels", "cuda", ("cpu", "AMD EPYC"), {}, {"x.speedup": 3.0}, False)]
    assert "| 1.00 – 5.00 | 2.50, 3.00 |" in cohort_markers._summary_table(page(tmp_path), dist, twice)
    alone = cohort_markers._summary_table(page(tmp_path), dist, references[1:])
    assert "| CPU · AMD EPYC | 5 | 3.00 | 2.00 – 4.00 | 1.00 – 5.00 | — |" in alone


def test_a_cohort_table_is_a_whole_markdown_table_in_its_wrapper():
    assert cohort_markers._table(["a", "b"], [["1", "2"], ["3", "4"]]) == (
        '<div class="course-table" markdown>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n</div>\n')


def test_the_summary_row_is_in_the_pages_language(tmp_path):
    summary = report.Summary(("cpu", ""), [1000.5, 2000.0, 3000.0], rows(3))
    dist = report.Distribution("inductor_kernels", "x", {"es": "x"}, False, classes=[summary])
    table = cohort_markers._summary_table(page(tmp_path, "es"), dist, [])
    assert "| CPU · otros modelos | 3 | 2000 | 1500 – 2500 | 1000 – 3000 | — |" in table


def test_outliers_are_named_furthest_first_across_classes_and_none_is_said(tmp_path):
    base = [float(v) for v in range(1, 41)]
    near = report.Summary(("cpu", "A"), base + [70.0], rows(41))               # 1.95 IQRs past Q3
    far = report.Summary(("cuda", "B"), base + [400.0], rows(40) + [report.Row(7, 7, {"device": "cuda",
                                                                                      "device_name": "B"})])
    near.rows[-1] = report.Row(41, 41, {"device": "cpu", "device_name": "A"})
    dist = report.Distribution("inductor_kernels", "x", {"en": "x"}, False, classes=[near, far])
    text = cohort_markers._outliers(page(tmp_path), dist)
    assert text == ("Outside the box by more than 1.5 times its height, worth a look: "
                    "&#35; 7 (GPU · B, 400); &#35; 41 (CPU · A, 70.0).\n")
    calm = report.Distribution("inductor_kernels", "x", {"en": "x"}, False,
                               classes=[report.Summary(("cpu", "A"), base, rows(40))])
    assert cohort_markers._outliers(page(tmp_path), calm) == \
        "No run lies outside the box by more than 1.5 times its height.\n"


def test_the_download_links_point_at_the_cohorts_files_from_the_site_root(tmp_path):
    from course.cohorts.config import Cohort
    cohort = Cohort("pilot-1", tmp_path, {"en": "Pilot"}, None, None, ("inductor_kernels",), "full", "shown")
    text = cohort_markers._download(page(tmp_path), cohort)
    assert '<a href="../cohorts/pilot-1/pilot-1-submissions.csv" download>CSV</a>' in text
    assert 'href="../cohorts/pilot-1/pilot-1-submissions.json"' in text


@pytest.mark.parametrize("lang, passed, total, text", [("en", 1, 4, "25.0%"), ("es", 1, 3, "33,3\u00a0%"),
                                                       ("en", 0, 0, "—"), ("en", 0, 2, "0%")])
def test_a_pass_rate_is_a_percentage_in_the_pages_language_or_a_dash_with_no_runs(tmp_path, lang, passed, total, text):
    assert cohort_markers._share(page(tmp_path, lang), passed, total) == text


def test_every_submission_row_and_reference_line_is_whole(tmp_path, monkeypatch):
    from course.cohorts import config
    from course.cohorts.submission import short_hash, to_text
    from tests.helpers_cohorts import add, cohort_page, make_cohort, rehash, run, write
    from tests.manifests import write_result
    monkeypatch.setattr(config, "COHORTS_DIR", tmp_path / "cohorts")
    cohort = make_cohort(tmp_path / "cohorts", labs=("inductor_kernels",))
    cpu = run(1, "Ada")
    gpu = run(2, "Bo")
    gpu["provenance"] = dict(gpu["provenance"], device="cuda", device_name="NVIDIA H100", threads=16,
                             torch="2.11.0", triton="3.6.0")
    gpu = rehash(gpu)
    add(cohort, write(tmp_path, "a.json", to_text(cpu)), write(tmp_path, "b.json", to_text(gpu)))
    results = tmp_path / "results"
    reference = write_result(results)
    p = json.loads((reference / "manifest.json").read_text())["provenance"]
    text = cohort_page(results, "en")
    assert ("| 1 | <bdi>Ada</bdi> | <code>inductor&#95;kernels</code> | <code>full</code> | CPU · AMD EPYC | AMD EPYC | 2 "
            f"| 2.13.0+cpu | — | 3.11.7 | <code>01234567</code> | 2026-11-21 13:00 | 1 / 2 | <code>{short_hash(cpu)}</code> |"
            ) in text
    assert ("| 2 | <bdi>Bo</bdi> | <code>inductor&#95;kernels</code> | <code>full</code> | GPU · NVIDIA H100 | AMD EPYC | 16 "
            f"| 2.11.0 | 3.6.0 | 3.11.7 | <code>01234567</code> | 2026-11-21 13:00 | 1 / 2 | <code>{short_hash(gpu)}</code> |"
            ) in text
    assert "| Triton |" in text and "The latest" not in text
    device = "GPU" if p["device"] == "cuda" else "CPU"
    line = (f"- inductor&#95;kernels: {device} · {p['device_name']}, torch {p['torch']}, preset {p['preset']}, "
            f"{p['date_utc'][:10]}, commit {(p['commit'] or '?')[:8]}: ")
    assert "## The course's reference runs\n\n" + line in text


@pytest.mark.parametrize("lang, expected", [
    ("en", "## Acceptance checks\n\n### Inside torch.compile: from Python bytecode to a generated kernel\n\n"
           "No submissions for this lab yet.\n\n"
           "### Lab 03 — torch.compile: Inductor's kernels, read and measured\n\n"
           '<div class="course-table" markdown>\n\n| Check | Passed | Pass rate |\n|---|---|---|\n'
           "| Fast (no longer checked by the lab) | 0 / 3 | 0% |\n| Compiled matches eager | 12,345 / 20,000 | 61.7% |\n\n</div>\n\n"
           "### Compile and Compare: torch.compile on a real training loop\n\n"
           '<div class="course-table" markdown>\n\n| Check | Passed | Pass rate |\n|---|---|---|\n'
           "| A b | 1 / 1 | 100% |\n\n</div>\n"),
    ("es", "## Comprobaciones de aceptación\n\n### Dentro de torch.compile: del bytecode de Python a un kernel generado"
           "\n\nAún no hay envíos de este laboratorio.\n\n"
           "### Lab 03 — torch.compile: los kernels de Inductor, leídos y medidos\n\n"
           '<div class="course-table" markdown>\n\n| Comprobación | Cumplen | Porcentaje |\n|---|---|---|\n'
           "| Fast (el laboratorio ya no la comprueba) | 0 / 3 | 0\u00a0% |\n"
           "| Lo compilado coincide con eager | 12\u202f345 / 20\u202f000 | 61,7\u00a0% |\n\n</div>\n\n"
           "### Compilar y comparar: torch.compile en un bucle de entrenamiento real\n\n"
           '<div class="course-table" markdown>\n\n| Comprobación | Cumplen | Porcentaje |\n|---|---|---|\n'
           "| A b | 1 / 1 | 100\u00a0% |\n\n</div>\n"),
])
def test_the_checks_section_labels_each_check_as_the_courses_run_does_and_skips_no_lab(tmp_path, lang, expected):
    """The course's GPU run labels `match` (its CPU run is absent); `fast`, which no run of the
    course makes today, reads as words and says it is a former check (`a_b` too, without saying
    so: no run of its lab says what it checks today); a lab with no submission says so and the
    next lab still follows."""
    write_result(tmp_path, device="cuda")
    rep = SimpleNamespace(cohort=SimpleNamespace(labs=("inside_compile", "inductor_kernels", "compile_compare")),
                          checks={"inside_compile": {}, "inductor_kernels": {"match": (12345, 20000), "fast": (0, 3)},
                                  "compile_compare": {"a_b": (1, 1)}})
    assert cohort_markers._checks(page(tmp_path, lang), rep) == expected


def test_the_overview_line_says_an_unknown_start_and_each_fact_then_what_a_submission_holds(tmp_path):
    cohort = Cohort(id="c1", folder=tmp_path, title={"en": "A", "es": "B"}, starts=None,
                    ends=datetime.date(2026, 11, 27), labs=("inductor_kernels",), preset="smoke", alias_mode="numbered")
    rep = SimpleNamespace(cohort=cohort, rows=[1, 2, 3], learners=2, history=[1])
    assert cohort_markers._overview(page(tmp_path), rep) == (
        '<p class="course-provenance" markdown>? to 2026-11-27 · smoke or full runs · learners numbered, aliases '
        "kept private · 3 submissions from 2 learners · 1 replaced (kept in history)</p>\n\n"
        '!!! info "What a submission holds"\n\n    Each submission holds one lab run\'s metrics, acceptance checks '
        "and a description of the machine (device, CPU and GPU model, thread count, torch, Triton and Python "
        "versions, commit, date). It never holds artifacts, file paths, host names or user names. See "
        "[Submissions and cohorts](../reference/cohorts.md).\n")


def test_the_machines_table_lists_threads_and_torch_versions_or_a_dash(tmp_path):
    machines = [SimpleNamespace(device="cuda", device_name="H100", cpu_model="EPYC", threads=(8, 16),
                                torches=("2.12.1", "2.13.0"), runs=3),
                SimpleNamespace(device="cpu", device_name="EPYC", cpu_model="EPYC", threads=(), torches=("2.13.0",),
                                runs=1)]
    assert cohort_markers._machines(page(tmp_path, "es"), SimpleNamespace(machines=machines, other_machines=(0, 0))) \
        == ('## Máquinas\n\n<div class="course-table" markdown>\n\n| Dispositivo | Modelo de CPU | Hilos | torch | Envíos |'
            "\n|---|---|---|---|---|\n| GPU · H100 | EPYC | 8, 16 | 2.12.1, 2.13.0 | 3 |\n"
            "| CPU · EPYC | EPYC | — | 2.13.0 | 1 |\n\n</div>\n")


def test_the_reference_runs_say_which_is_committed_and_which_was_found_in_results(tmp_path):
    run = {"device_name": "AMD EPYC", "torch": "2.13.0", "preset": "full", "date_utc": "2026-11-21T13:00:00Z",
           "commit": None}
    references = [ReferenceRun("inductor_kernels", "cpu", ("cpu", ""), run, {}, True),
                  ReferenceRun("inside_compile", "cuda", ("cuda", ""), dict(run, device_name="H100", commit="0123456789ab"),
                               {}, False)]
    assert cohort_markers._references(page(tmp_path, "es"), SimpleNamespace(references=references)) == (
        "## Las ejecuciones de referencia del curso\n\n"
        "- inductor&#95;kernels: CPU · AMD EPYC, torch 2.13.0, preajuste full, 2026-11-21, commit ?: la ejecución "
        "guardada en el repositorio del curso\n"
        "- inside&#95;compile: GPU · H100, torch 2.13.0, preajuste full, 2026-11-21, commit 01234567: la ejecución "
        "que hay en results/ (no la confirmada: no hay historial de git que leer)\n")
    assert cohort_markers._references(page(tmp_path), SimpleNamespace(references=[])) == ""


def test_an_outliers_value_is_written_as_the_pages_language_writes_numbers(tmp_path):
    base = [float(v) for v in range(1, 41)]
    far = report.Summary(("cpu", "A"), base + [12345.6], rows(40) + [report.Row(41, 41, {"device": "cpu",
                                                                                          "device_name": "A"})])
    dist = report.Distribution("inductor_kernels", "x", {"es": "x"}, False, classes=[far])
    assert cohort_markers._outliers(page(tmp_path, "es"), dist) == (
        "Fuera de la caja por más de 1,5 veces su altura, para mirar de cerca: n.º 41 (CPU · A, 12\u202f346).\n")


def test_an_empty_cohorts_page_is_its_overview_then_the_command_that_adds_to_it(tmp_path, monkeypatch):
    from course.cohorts import config
    from tests.helpers_cohorts import cohort_page, make_cohort
    monkeypatch.setattr(config, "COHORTS_DIR", tmp_path / "cohorts")
    make_cohort(tmp_path / "cohorts")
    assert cohort_page(tmp_path / "results").endswith(
        "See [Submissions and cohorts](../reference/cohorts.md).\n\n"
        '!!! note "No submissions yet"\n\n    This cohort has no submissions yet. Learners make one with '
        "`.venv/bin/python -m course submit`; the instructor adds them with "
        "`.venv/bin/python -m course cohort add test-cohort FILE…` and runs `make site`.\n")


def test_the_headline_section_whole_with_what_each_plot_is_asked_to_draw(tmp_path, monkeypatch):
    """Two plotted metrics of one lab (one with a word among its values, one the course's run
    did not record), two that no submission recorded, and a lab with no submission."""
    from course import plots
    from course.cohorts.submission import to_text
    from tests.helpers_cohorts import add, make_cohort, rehash, run, write
    from tests.manifests import todays_code
    cohort = make_cohort(tmp_path / "cohorts", "c1", labs=("inductor_kernels", "inside_compile"))
    for n, speedup in enumerate([1.5, 2.0, "never"]):
        data = run(n, f"L{n}")
        data["metrics"]["tinyhead.seed.speedup"] = {"value": speedup, "unit": "×"}
        data["metrics"]["tinyhead.compile_s_median"] = {"value": 3.0 + n, "unit": "s"}
        add(cohort, write(tmp_path, f"{n}.json", to_text(rehash(data))))
    course_run = write_result(tmp_path / "results", provenance=todays_code())
    manifest = json.loads((course_run / "manifest.json").read_text())
    manifest["metrics"]["tinyhead.seed.speedup"] = {"value": 1.8, "unit": "×"}
    (course_run / "manifest.json").write_text(json.dumps(manifest))
    calls = []
    monkeypatch.setattr(plots, "distribution_html", lambda *args, **options: calls.append((args, options)) or "<p/>")
    the_page = page(tmp_path / "results")
    text = cohort_markers._headlines(the_page, report.build(cohort, the_page.store))
    summary = ('<div class="course-figure">\n<p/>\n</div>\n\n<div class="course-table" markdown>\n\n'
               "| Machine | Runs | Median | Middle half (Q1 to Q3) | Range | Course run |\n|---|---|---|---|---|---|\n")
    calm = "No run lies outside the box by more than 1.5 times its height.\n"
    assert text == (
        "## Headline metrics\n\nEach box holds the cohort's submissions on one kind of machine: the line is the median, "
        "the box the middle half, the whiskers the runs within 1.5 box heights of it. Points are runs (hover for the "
        "submission's number); the star is the course's own run. Classes of up to 30 runs are drawn run by run; "
        "larger ones as their box and their outliers.\n\n"
        "### Lab 03 — torch.compile: Inductor's kernels, read and measured\n\n"
        "#### TinyHead at the seed's shape (2, 64): eager ÷ compiled time (×)\n\n" + summary
        + "| CPU · AMD EPYC | 2 | 1.75 | 1.62 – 1.88 | 1.50 – 2.00 | 1.80 |\n\n</div>\n\n" + calm
        + "\nNot plotted, being a word rather than a number: never (1).\n\n"
        "#### TinyHead: compile time, median over batch sizes (s)\n\n" + summary
        + "| CPU · AMD EPYC | 3 | 4.00 | 3.50 – 4.50 | 3.00 – 5.00 | — |\n\n</div>\n\n" + calm
        + "\n#### MiniGPT: exact-match accuracy on validation (%)\n\nNo submission recorded this metric.\n\n"
        "#### MiniGPT: best eager ÷ compiled time over batch sizes (×)\n\nNo submission recorded this metric.\n\n"
        "### Inside torch.compile: from Python bytecode to a generated kernel\n\nNo submissions for this lab yet.\n")
    assert the_page.uses_plotly
    names = ("cohort", "course reference run", "runs (small classes) and outliers")
    assert [(args[2:], options) for args, options in calls] == [
        (([("CPU · AMD EPYC", 1.8, "torch 2.13.0+cpu")], "en", "cohort-c1-inductor_kernels-tinyhead-seed-speedup-1"),
         {"y_title": "TinyHead at the seed's shape (2, 64): eager ÷ compiled time (×)", "names": names,
          "log_y": False}),
        (([], "en", "cohort-c1-inductor_kernels-tinyhead-compile_s_median-2"),
         {"y_title": "TinyHead: compile time, median over batch sizes (s)", "names": names, "log_y": False})]


def _entry(n: int) -> dict:
    return {"alias": None, "lab": "inductor_kernels", "preset": "full", "device": "cpu", "device_name": "EPYC",
            "cpu_model": "EPYC", "threads": 2, "torch": "2.13.0", "triton": None, "python": "3.11.7",
            "commit": "0123456789", "date_utc": "2026-11-21T13:00:00Z", "checks": {"fast": True},
            "name": f"{n:06d}-{n:016x}.json"}


@pytest.mark.parametrize("lang, n, intro", [
    ("en", 50, ""),                                    # exactly PAGE_ROWS: every row, no intro
    ("en", 51, "The latest 50 of 51 submissions, newest first. "),
    ("es", 1234, "Los 50 envíos más recientes de 1234, el más reciente primero. "),
])
def test_the_submissions_table_shows_every_row_up_to_the_limit_then_the_latest(tmp_path, lang, n, intro):
    cohort = Cohort(id="c1", folder=tmp_path, title={"en": "A", "es": "B"}, starts=None, ends=None,
                    labs=("inductor_kernels",), preset="full", alias_mode="numbered")
    rep = SimpleNamespace(cohort=cohort, rows=[report.Row(i, i, _entry(i)) for i in range(1, n + 1)])
    text = cohort_markers._submissions(page(tmp_path, lang), rep)
    heading = {"en": "## Every submission\n\n", "es": "## Todos los envíos\n\n"}[lang]
    assert text.startswith(heading + intro + {"en": "The whole table", "es": "La tabla completa"}[lang])
    numbers = [int(line.split(" | ")[0].removeprefix("| ").replace("\u202f", "")) for line in text.splitlines()
               if line.startswith("| ") and line[2].isdigit()]
    assert numbers == (list(range(1, 51)) if n == 50 else list(range(n, n - 50, -1)))


def test_a_row_without_threads_torch_or_commit_shows_dashes_and_a_question_mark(tmp_path):
    cohort = Cohort(id="c1", folder=tmp_path, title={"en": "A", "es": "B"}, starts=None, ends=None,
                    labs=("inductor_kernels",), preset="full", alias_mode="numbered")
    entry = dict(_entry(7), threads=None, torch=None, commit=None)
    text = cohort_markers._submissions(page(tmp_path), SimpleNamespace(cohort=cohort, rows=[report.Row(7, 3, entry)]))
    assert ("| 7 | learner 3 | <code>inductor&#95;kernels</code> | <code>full</code> | CPU · EPYC | EPYC | — | — | — "
            "| 3.11.7 | <code>?</code> | 2026-11-21 13:00 | 1 / 1 | <code>0000000000000007</code> |") in text


def test_the_overview_says_an_unknown_end(tmp_path):
    cohort = Cohort(id="c1", folder=tmp_path, title={"en": "A", "es": "B"}, starts=datetime.date(2026, 11, 2),
                    ends=None, labs=("inductor_kernels",), preset="full", alias_mode="shown")
    rep = SimpleNamespace(cohort=cohort, rows=[1], learners=1, history=[])
    assert cohort_markers._overview(page(tmp_path), rep).startswith(
        '<p class="course-provenance" markdown>2026-11-02 to ? · full runs only · ')


def test_words_among_a_metrics_values_are_listed_in_order_with_their_counts(tmp_path):
    dist = report.Distribution("inductor_kernels", "x", {"en": "X", "es": "X"}, False,
                               words=Counter({"never": 2, "faster": 1}))
    assert cohort_markers._distribution(page(tmp_path, "es"), SimpleNamespace(), dist).endswith(
        "más rápido (1), nunca (2).\n")


def test_each_section_of_a_cohort_page_starts_after_a_blank_line(tmp_path, monkeypatch):
    from course.cohorts import config
    from course.cohorts.submission import to_text
    from tests.helpers_cohorts import add, cohort_page, make_cohort, run, write
    monkeypatch.setattr(config, "COHORTS_DIR", tmp_path / "cohorts")
    cohort = make_cohort(tmp_path / "cohorts", labs=("inductor_kernels",))
    add(cohort, write(tmp_path, "a.json", to_text(run(1, "Ada"))))
    text = cohort_page(tmp_path / "results")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[:2] == ["## Learners per lab", "## Machines"] and "## Every submission" in headings
    for heading in headings:
        assert f"\n\n{heading}\n\n" in text


def test_the_course_run_on_a_machine_of_other_models_is_drawn_in_that_class(tmp_path, monkeypatch):
    from course import plots
    calls = []
    monkeypatch.setattr(plots, "distribution_html", lambda *args, **options: calls.append(args) or "<p/>")
    others = report.Summary(("cpu", ""), [1.0, 2.0, 3.0], rows(3))
    dist = report.Distribution("inductor_kernels", "x", {"en": "X", "es": "X"}, False, classes=[others])
    course_run = ReferenceRun("inductor_kernels", "cpu", ("cpu", ""), {"torch": "2.13.0"}, {"x": 2.5}, True)
    rep = SimpleNamespace(cohort=SimpleNamespace(id="c1"), references=[course_run])
    cohort_markers._distribution(page(tmp_path, "es"), rep, dist)
    [(boxes, _points, reference, *_)] = calls
    assert reference == [("CPU · otros modelos", 2.5, "torch 2.13.0")]
    assert [box["x"] for box in boxes] == ["CPU · otros modelos"]


@pytest.mark.parametrize("lang, label", [
    ("en", "Each steady-state median comes from at least 5 steps (no longer checked by the lab)"),
    ("es", "Cada mediana en régimen estacionario sale de al menos 5 pasos (el laboratorio ya no la comprueba)"),
])
def test_a_check_the_lab_no_longer_makes_reads_as_the_label_it_had(tmp_path, lang, label):
    # the pilot's Compile and Compare run of 2026-11 showed `steady_reps` as an identifier
    write_result(tmp_path, lab="compile_compare")              # today's run: no such check
    assert cohort_markers._check_label(page(tmp_path, lang), "compile_compare", "steady_reps") == label


@pytest.mark.parametrize("lab, key, label", [
    ("compile_compare", "warmup_was_enough", "Warmup was enough (no longer checked by the lab)"),
    ("inductor_kernels", "steady_reps", "Steady reps (no longer checked by the lab)"),   # another lab's former check
])
def test_a_former_check_nobody_labelled_reads_as_words_not_as_an_identifier(tmp_path, lab, key, label):
    write_result(tmp_path, lab=lab)
    shown = cohort_markers._check_label(page(tmp_path), lab, key)
    assert shown == label and "<code>" not in shown


def test_a_check_todays_run_labels_keeps_that_label(tmp_path):
    write_result(tmp_path, lab="compile_compare", checks={"steady_reps": {
        "value": 10, "op": ">=", "threshold": 5, "passed": True, "label": {"en": "At least 5 steps", "es": "Al menos 5"}}})
    assert cohort_markers._check_label(page(tmp_path), "compile_compare", "steady_reps") == "At least 5 steps"


def test_the_spanish_summary_calls_the_lowest_to_highest_span_an_interval_not_a_rank(tmp_path):
    # «rango» is a distributed process in the glossary; the min–max column is «Intervalo»
    dist = report.Distribution("inductor_kernels", "x.speedup", {"es": "Aceleración"}, False,
                               classes=[report.Summary(("cpu", ""), [1.0, 2.0], rows(2))])
    table = cohort_markers._summary_table(page(tmp_path, "es"), dist, [])
    assert "| Máquina | Ejecuciones | Mediana | Mitad central (Q1 a Q3) | Intervalo | Ejecución del curso |" in table


def test_without_any_run_of_the_course_an_unknown_check_is_words_not_said_to_be_former(tmp_path):
    # nothing in results/ tells what the lab checks today; a listed former check still is one
    assert cohort_markers._check_label(page(tmp_path), "compile_compare", "warmup_was_enough") == "Warmup was enough"
    assert cohort_markers._check_label(page(tmp_path), "compile_compare", "steady_reps") == (
        "Each steady-state median comes from at least 5 steps (no longer checked by the lab)")


# -- a count (recorded as an int by its lab, such as Dynamo's guards) shows whole -----------------

def _headline_rows(values: list) -> list[report.Row]:
    return [report.Row(number=i + 1, learner=i + 1, entry={"device": "cpu", "device_name": "AMD EPYC",
                                                            "headlines": {"inference.guards": v}})
            for i, v in enumerate(values)]


def _guards(values: list) -> report.Distribution:
    headline = headlines("inside_compile")[0]
    assert headline.key == "inference.guards"
    return report._distribution("inside_compile", headline, _headline_rows(values), {"cpu": {"AMD EPYC"}})


@pytest.mark.parametrize("lang, row", [
    ("en", "| CPU · AMD EPYC | 2 | 79 | 79 – 79 | 79 – 79 | 79 |"),
    ("es", "| CPU · AMD EPYC | 2 | 79 | 79 – 79 | 79 – 79 | 79 |"),
])
def test_a_count_recorded_whole_shows_whole_in_the_summary(tmp_path, lang, row):
    dist = _guards([79, 79])
    assert dist.counts
    course = [ReferenceRun("inside_compile", "cpu", ("cpu", "AMD EPYC"), {}, {"inference.guards": 79}, True)]
    assert row in cohort_markers._summary_table(page(tmp_path, lang), dist, course)


def test_a_median_between_two_counts_keeps_its_fraction_and_measured_figures_keep_their_digits(tmp_path):
    between = cohort_markers._summary_table(page(tmp_path, "es"), _guards([79, 80]), [])
    assert "| 2 | 79,5 | 79,2 – 79,8 | 79 – 80 | — |" in between
    # near miss: the same figures recorded as floats are measurements, not counts
    measured = _guards([79.0, 79.0])
    assert not measured.counts
    assert "| 2 | 79,0 | 79,0 – 79,0 | 79,0 – 79,0 | — |" in cohort_markers._summary_table(page(tmp_path, "es"),
                                                                                      measured, [])
    assert not _guards([79, 79.5]).counts                  # one measured value: not a count


def test_a_count_read_from_a_committed_run_stays_an_int():
    manifest = {"metrics": {"inference.guards": {"value": 79, "unit": ""},
                            "inference.relative_error": {"value": 3.8e-7, "unit": ""}}}
    numbers = reference._numbers(manifest, "inside_compile")
    assert numbers == {"inference.guards": 79, "inference.relative_error": 3.8e-7}
    assert isinstance(numbers["inference.guards"], int)
