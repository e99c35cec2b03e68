"""The markers' shared page (scripts/course/markers/page.py) and the renderers that quote a result
(markers/results.py), at their near misses: the options that change a number, the messages a page
author acts on, device tabs and the provenance line. Expected text is written by hand."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from course.markers import PageContext, expand
from course.markers.page import Page
from course.markers.parse import Marker, MarkerError
from course.results import LabResult, ResultStore
from tests.manifests import manifest, todays_code, write_result

NBSP = "\u00a0"


def today(results, device="cpu", **changes):
    """A result made by today's code of the lab (BASE's own hash stands for older code)."""
    provenance = dict(todays_code(), **changes.pop("provenance", {}))
    return write_result(results, device=device, provenance=provenance, **changes)


def ctx(lang="en", page_dir="labs"):
    return PageContext(page=f"{lang}/labs/inductor_kernels.md", lang=lang, page_dir=page_dir, site_root="../..")


def shown(text, store, lang="en"):
    result = expand(text, ctx(lang), store)
    assert result.errors == [], result.errors
    return result.markdown


def error(text, store, lang="en"):
    result = expand(text, ctx(lang), store)
    assert len(result.errors) == 1, result.errors
    return result.errors[0].split("}}: ", 1)[1]   # after "<page>: marker {{ … }}: "


def with_metrics(**metrics):
    return {**manifest()["metrics"], **metrics}


@pytest.fixture
def store(tmp_path):
    today(tmp_path, metrics=with_metrics(share={"value": 12.34, "unit": "%"}))
    return ResultStore(tmp_path)


# -- numbers ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, expected", [("en", f"11.76{NBSP}µs"), ("es", f"11,76{NBSP}µs")])
def test_decimals_gives_exactly_that_many_decimals(store, lang, expected):
    # 11.757 µs: three significant digits would be 11.8; two decimals are 11.76.
    assert shown("{{ metric inductor_kernels/cpu:eager_us decimals=2 }}", store, lang) == expected
    # a count stays whole whatever decimals= says
    assert shown("{{ metric inductor_kernels/cpu:rows decimals=1 }}", store, lang) == (
        "65,536" if lang == "en" else "65\u202f536")


def test_decimals_must_be_a_whole_number(store):
    assert error("{{ metric inductor_kernels/cpu:eager_us decimals=two }}", store).endswith(
        "digits= and decimals= take a whole number")


@pytest.mark.parametrize("lang, expected", [("en", "12.3%"), ("es", f"12,3{NBSP}%")])
def test_a_percentage_sits_against_its_number_in_english_only(store, lang, expected):
    assert shown("{{ metric inductor_kernels/cpu:share }}", store, lang) == expected


@pytest.mark.parametrize("lang, expected", [("en", "slower"), ("es", "más lento")])
def test_a_categorical_metric_shows_the_pages_word_for_it(store, lang, expected):
    assert shown("{{ metric inductor_kernels/cpu:verdict }}", store, lang) == expected


@pytest.mark.parametrize("value", [None, math.nan, math.inf, -math.inf])
def test_a_value_no_page_can_show_is_refused_with_its_name(store, value):
    marker = Marker(kind="metric", text="", lab="inductor_kernels", device="cpu", key="speedup", options={})
    with pytest.raises(MarkerError, match=r"^speedup is .*, not a number a page can show"):
        Page(ctx(), store).number(value, "×", marker)
    with pytest.raises(MarkerError, match=r"^row 3 is "):
        Page(ctx(), store).number(value, "×", marker, what="row 3")


def test_a_large_finite_value_is_still_a_number(store):
    marker = Marker(kind="metric", text="", lab="inductor_kernels", device="cpu", key="k", options={})
    assert Page(ctx(), store).number(2.5e300, "", marker) == "2.5 × 10³⁰⁰"


# -- what a page author reads when a marker is wrong ------------------------------------------------

def test_an_inline_marker_without_a_device_says_how_to_write_one(store):
    assert error("{{ metric inductor_kernels:err }}", store) == (
        "an inline metric needs a device: inductor_kernels/cpu:err")
    assert error("{{ check inductor_kernels }}", store) == (
        "an inline check needs a device: inductor_kernels/cpu:KEY")


def test_a_marker_without_a_lab_or_a_key_says_what_is_missing(store):
    assert error("{{ metric }}", store) == "names no lab"
    assert error("{{ table inductor_kernels }}", store) == "needs a key: inductor_kernels/cpu:KEY"
    assert error("{{ link inductor_kernels }}", store) == "needs a key: inductor_kernels:ARTIFACT"


def test_a_lab_with_no_result_on_any_device_says_how_to_make_one(tmp_path):
    assert error("{{ checks inductor_kernels }}", ResultStore(tmp_path)) == (
        "no result for lab inductor_kernels on any device; run: make labs LAB=inductor_kernels")


def test_a_missing_key_in_an_empty_section_says_none_is_known(tmp_path):
    today(tmp_path, checks={})
    assert error("{{ check inductor_kernels/cpu:match }}", ResultStore(tmp_path)) == (
        "check 'match' is not in inductor_kernels/cpu (known: none)")


def test_a_metric_an_older_run_lacks_names_the_command_that_adds_it(tmp_path):
    write_result(tmp_path, device="cpu")   # BASE's source hash: older code of the lab
    note = shown("{{ metric inductor_kernels/cpu:new_metric }}", ResultStore(tmp_path))
    assert note == ("(not in the CPU run: an older version of the lab made it; "
                    "`make labs LAB=inductor_kernels DEVICE=cpu FORCE=1` adds this)")


# -- links and tabs ----------------------------------------------------------------------------------

@pytest.mark.parametrize("page_dir, target, expected", [
    ("labs", "labs/other.md", "other.md"),
    ("labs", "reference/cohorts.md", "../reference/cohorts.md"),
    ("cohorts/2026", "labs/x.md", "../../labs/x.md"),
    ("", "reference/cohorts.md", "reference/cohorts.md"),
])
def test_a_link_is_relative_to_the_pages_own_folder(store, page_dir, target, expected):
    assert Page(ctx(page_dir=page_dir), store).link(target) == expected


def test_a_page_without_a_figure_does_not_load_plotly(store):
    assert expand("{{ metric inductor_kernels/cpu:err }}", ctx(), store).uses_plotly is False


def test_two_devices_make_two_tabs_with_blank_lines_left_empty(tmp_path):
    today(tmp_path, "cpu")
    today(tmp_path, "cuda")
    out = shown("{{ checks inductor_kernels }}", ResultStore(tmp_path))
    lines = out.split("\n")
    openers = [line for line in lines if line.startswith("===")]
    assert openers == ['===! "CPU · AMD EPYC"', '=== "GPU · NVIDIA H100 80GB HBM3"']
    # every line is a tab's opener, indented content, or empty: a blank line inside a tab has
    # no stray spaces or text, and the tabs follow each other after one empty line
    assert all((line.startswith(("===", "    ")) and line.strip()) or line == "" for line in lines)
    assert '</p>\n\n=== "GPU' in out


# -- a check, the checks table -----------------------------------------------------------------------

def unitless(tmp_path, **check):
    """A run whose one check has no unit key (the schema lets a lab leave it out)."""
    today(tmp_path, checks={"ranks": {"value": 3, "op": "<=", "threshold": 4, "passed": True, **check}})
    return ResultStore(tmp_path)


def test_a_check_without_a_unit_shows_its_bare_numbers(tmp_path):
    store = unitless(tmp_path)
    assert shown("{{ check inductor_kernels/cpu:ranks }}", store) == (
        '<span class="course-badge course-pass">✔ pass</span> <span class="course-check">3 &lt;= 4</span>')
    rows = [line for line in shown("{{ checks inductor_kernels }}", store).split("\n") if line.startswith("|")]
    assert rows == ["| Check | Value | Threshold | Result |", "|---|---|---|---|",
                    '| <code>ranks</code> | 3 | &lt;= 4 | <span class="course-badge course-pass">✔ pass</span> |']


def test_the_checks_table_shows_each_checks_unit_and_label_in_the_pages_language(tmp_path):
    today(tmp_path)
    rows = [line for line in shown("{{ checks inductor_kernels }}", ResultStore(tmp_path), "es").split("\n")
            if line.startswith("| ")][1:]
    assert rows == [
        '| Lo compilado coincide con eager | 4,66 × 10⁻¹⁰ | &lt; 1 × 10⁻⁶ | '
        '<span class="course-badge course-pass">✔ cumple</span> |',
        '| <code>fast</code> | 0,410× | &gt; 1,00× | <span class="course-badge course-fail">✘ no cumple</span> |']


def test_the_checks_table_of_one_device_is_the_table_then_its_source_line(tmp_path):
    store = unitless(tmp_path)
    source = ('<p class="course-source">CPU · AMD EPYC · torch 2.13.0+cpu · 2026-11-21 · '
              '<a href="#provenance-inductor_kernels">full provenance</a></p>\n')
    assert shown("{{ checks inductor_kernels }}", store, "en") == (
        "| Check | Value | Threshold | Result |\n|---|---|---|---|\n"
        '| <code>ranks</code> | 3 | &lt;= 4 | <span class="course-badge course-pass">✔ pass</span> |\n'
        "\n" + source)


class PastTheStore(ResultStore):
    """A CPU result handed to the markers as written: the store refuses such a manifest first,
    so these are the markers' own guards, the last line should a result reach them unchecked."""

    def __init__(self, data: dict):
        super().__init__(Path("/nonexistent"))
        self.data = data

    def get(self, lab, device):
        return LabResult(lab, device, Path("."), self.data) if device == "cpu" else None

    def failure(self, lab, device):
        return None


@pytest.mark.parametrize("text", ["{{ check inductor_kernels/cpu:ranks }}", "{{ checks inductor_kernels }}"])
@pytest.mark.parametrize("value, recorded", [(3, "failed"), (5, "passed")])
def test_a_check_whose_verdict_disagrees_with_its_numbers_is_refused_by_name(text, value, recorded):
    check = {"value": value, "op": "<=", "threshold": 4, "passed": recorded == "passed"}
    data = manifest(provenance=todays_code(), checks={"ranks": check})
    assert error(text, PastTheStore(data)) == (f"check inductor_kernels/cpu:ranks is recorded as {recorded} but "
                                               f"{value} <= 4 says otherwise; the result is inconsistent: re-run the lab")


@pytest.mark.parametrize("check, why", [
    ({"value": 3, "op": "≈", "threshold": 4, "passed": True}, "'≈'"),
    ({"value": "3", "op": "<=", "threshold": 4, "passed": True},
     "'<=' not supported between instances of 'str' and 'int'"),
])
def test_a_check_that_cannot_be_evaluated_is_refused_by_name(check, why):
    data = manifest(provenance=todays_code(), checks={"ranks": check})
    assert error("{{ check inductor_kernels/cpu:ranks }}", PastTheStore(data)) == (
        f"check inductor_kernels/cpu:ranks cannot be evaluated ({why}); re-run the lab")


def test_a_checks_value_no_page_can_show_is_named_by_its_key():
    checks = {"ranks": {"value": 3, "op": "<=", "threshold": math.inf, "passed": True}}
    message = error("{{ checks inductor_kernels }}", PastTheStore(manifest(provenance=todays_code(), checks=checks)))
    assert message.startswith("ranks is inf, not a number a page can show"), message
    checks = {"ranks": {"value": math.nan, "op": "<=", "threshold": 4, "passed": False}}
    message = error("{{ checks inductor_kernels }}", PastTheStore(manifest(provenance=todays_code(), checks=checks)))
    assert message.startswith("ranks is nan, not a number a page can show"), message


def test_a_check_with_absent_shows_it_when_the_device_has_no_result(tmp_path):
    today(tmp_path, "cpu")
    store = ResultStore(tmp_path)
    assert shown('{{ check inductor_kernels/cuda:match absent="no GPU run yet" }}', store) == "no GPU run yet"
    assert "course-pass" in shown('{{ check inductor_kernels/cpu:match absent="no run" }}', store)


# -- links to artifacts ------------------------------------------------------------------------------

def test_an_artifact_link_is_named_by_its_key_and_device_when_text_is_not_given(tmp_path):
    today(tmp_path, "cpu")
    today(tmp_path, "cuda")
    assert shown("{{ link inductor_kernels:kernel }}", ResultStore(tmp_path)) == (
        '<a href="../../results/inductor_kernels/cpu/kernel.cpp">kernel (CPU · AMD EPYC)</a> · '
        '<a href="../../results/inductor_kernels/cuda/kernel.cpp">kernel (GPU · NVIDIA H100 80GB HBM3)</a>')


def test_an_artifact_only_the_second_device_wrote_is_still_linked(tmp_path):
    today(tmp_path, "cpu", artifacts={})
    today(tmp_path, "cuda")
    assert shown('{{ link inductor_kernels:kernel absent="none" }}', ResultStore(tmp_path)) == (
        '<a href="../../results/inductor_kernels/cuda/kernel.cpp">kernel (GPU · NVIDIA H100 80GB HBM3)</a>')


# -- a part's notice ---------------------------------------------------------------------------------

def parts(tmp_path, **more):
    today(tmp_path, parts={**manifest()["parts"], **more})
    return ResultStore(tmp_path)


@pytest.mark.parametrize("lang, expected", [
    ("en", '!!! note "Skipped on CPU"\n\n    Part D needs a GPU device; this run used CPU, so it was skipped. '
           "The GPU tab shows it.\n"),
    ("es", '!!! note "Omitida en CPU"\n\n    La parte D necesita un dispositivo GPU; esta ejecución usó CPU, '
           "así que se omitió. La pestaña GPU la muestra.\n"),
])
def test_a_part_that_needs_the_other_device_says_which_tab_shows_it(tmp_path, lang, expected):
    assert shown("{{ part inductor_kernels/cpu:D }}", parts(tmp_path), lang) == expected


@pytest.mark.parametrize("lang, expected", [
    ("en", "Part E was skipped on this run. The lab's reason: depyf is not installed"),
    ("es", "La parte E se omitió en esta ejecución. Motivo que dio el laboratorio: depyf no está instalado"),
])
def test_a_part_skipped_for_a_reason_gives_the_labs_reason_in_the_pages_language(tmp_path, lang, expected):
    store = parts(tmp_path, E={"title": "Dynamo", "status": "skipped", "reason": "depyf is not installed"})
    title = {"en": "Skipped on CPU", "es": "Omitida en CPU"}[lang]
    assert shown("{{ part inductor_kernels/cpu:E }}", store, lang) == f'!!! note "{title}"\n\n    {expected}\n'


def test_a_failed_part_stops_the_page_with_its_reason(tmp_path):
    store = parts(tmp_path, E={"title": "Dynamo", "status": "failed", "reason": "out of memory"})
    assert error("{{ part inductor_kernels/cpu:E }}", store) == "part E failed on cpu: out of memory"


# -- the provenance line -----------------------------------------------------------------------------

RICH = {"timing_threads": "4", "cpu_threads": 2, "triton": "3.5.0", "commit": None, "commit_dirty": True,
        "resumed_parts": 1234, "device_time_methods": {"graph": 1500, "queued": 2}}


def provenance_line(markdown_text: str) -> list[str]:
    head, _, rest = markdown_text.partition("\n\n")
    assert head == '<a id="provenance-inductor_kernels"></a>'
    return [line.removeprefix('<p class="course-provenance" markdown>').removesuffix("</p>")
            for line in rest.removesuffix("\n").split("\n\n")]


@pytest.mark.parametrize("lang, expected", [
    ("en", "Measured on **CPU · AMD EPYC**, 4 threads · torch 2.13.0+cpu · triton 3.5.0 · Python 3.11.7 · "
           "preset <code>full</code> · 2026-11-21 13:06:00 UTC · commit <code>? (with uncommitted changes)</code> · "
           f"run took 35.5{NBSP}s (1,234 of its parts finished in an earlier, interrupted attempt) · "
           "device times: 1,500 replayed as CUDA graphs, 2 from queued calls (launch gaps included) · "
           "⚠ an exploration run: acceptance checks failed and were allowed · "
           "⚠ the lab's code has changed since this run; `make labs LAB=inductor_kernels DEVICE=cpu FORCE=1` "
           "refreshes it"),
    ("es", "Medido en **CPU · AMD EPYC**, 4 hilos · torch 2.13.0+cpu · triton 3.5.0 · Python 3.11.7 · "
           "preajuste <code>full</code> · 2026-11-21 13:06:00 UTC · commit <code>? (con cambios sin confirmar)</code> · "
           f"la ejecución tardó 35,5{NBSP}s (1234 de sus partes terminaron en un intento anterior interrumpido) · "
           "tiempos de dispositivo: 1500 reproducidos como CUDA graphs, 2 de llamadas encoladas "
           "(con los huecos entre lanzamientos) · "
           "⚠ ejecución exploratoria: comprobaciones de aceptación fallidas y permitidas · "
           "⚠ el código del laboratorio ha cambiado desde esta ejecución; "
           "`make labs LAB=inductor_kernels DEVICE=cpu FORCE=1` lo actualiza"),
])
def test_the_provenance_line_of_a_run_with_everything_to_say(tmp_path, lang, expected):
    # BASE's source hash: a run of older code; the timing threads win over the machine's threads
    write_result(tmp_path, provenance={**manifest()["provenance"], **RICH}, failed_checks_allowed=True)
    assert provenance_line(shown("{{ provenance inductor_kernels/cpu }}", ResultStore(tmp_path), lang)) == [expected]


@pytest.mark.parametrize(("threads", "lang", "says"), [
    (1, "en", "**CPU · AMD EPYC**, 1 thread ·"), ("1", "es", "**CPU · AMD EPYC**, 1 hilo ·"),
    (2, "en", "**CPU · AMD EPYC**, 2 threads ·"), ("2", "es", "**CPU · AMD EPYC**, 2 hilos ·"),
    (11, "en", "**CPU · AMD EPYC**, 11 threads ·"),             # ends in 1, still plural
])
def test_one_thread_is_singular_in_both_languages(tmp_path, threads, lang, says):
    field = "cpu_threads" if isinstance(threads, int) else "timing_threads"   # the schema: an int, a string
    write_result(tmp_path, provenance={**todays_code(), "timing_threads": None, field: threads})
    assert says in provenance_line(shown("{{ provenance inductor_kernels/cpu }}", ResultStore(tmp_path), lang))[0]


@pytest.mark.parametrize("lang, side", [
    ("en", "ran side by side with other labs: GPU 2, 3 of 8, cores 16-31 (1,024 of 2,048), beside <code>capstone</code>"),
    ("es", "se ejecutó en paralelo con otros laboratorios: GPU 2, 3 de 8, núcleos 16-31 (1024 de 2048), "
           "junto a <code>capstone</code>"),
])
def test_the_provenance_lines_of_two_devices_one_per_paragraph(tmp_path, lang, side):
    """A GPU run says nothing of threads; a run without a source hash says nothing of code changes;
    without triton there is no triton clause; counts follow the page's language."""
    placement = {"launch": "side_by_side", "gpus": ["2", "3"], "node_gpus": 8, "cores": "16-31",
                 "core_count": 1024, "node_cores": 2048, "beside": ["capstone"], "beside_most": 1}
    plain = {k: v for k, v in todays_code().items() if k != "source_hash"}
    today(tmp_path, "cpu")
    write_result(tmp_path, device="cuda", provenance={**plain, "device": "cuda", "placement": placement})
    lines = provenance_line(shown("{{ provenance inductor_kernels }}", ResultStore(tmp_path), lang))
    measured, threads, took = {"en": ("Measured on", "2 threads", "run took 35.5"),
                               "es": ("Medido en", "2 hilos", "la ejecución tardó 35,5")}[lang]
    preset = {"en": "preset", "es": "preajuste"}[lang]
    tail = (f" · torch 2.13.0+cpu · Python 3.11.7 · {preset} <code>full</code> · 2026-11-21 13:06:00 UTC · "
            f"commit <code>01234567</code> · {took}{NBSP}s")
    assert lines == [f"{measured} **CPU · AMD EPYC**, {threads}{tail}",
                     f"{measured} **GPU · NVIDIA H100 80GB HBM3**{tail} · {side}"]


def test_the_short_form_is_one_source_line_per_device(tmp_path):
    today(tmp_path, "cpu")
    today(tmp_path, "cuda")
    assert shown('{{ provenance inductor_kernels form="short" }}', ResultStore(tmp_path)) == (
        '<p class="course-source">CPU · AMD EPYC · torch 2.13.0+cpu · 2026-11-21 · '
        '<a href="#provenance-inductor_kernels">full provenance</a></p>\n'
        '<p class="course-source">GPU · NVIDIA H100 80GB HBM3 · torch 2.13.0+cpu · 2026-11-21 · '
        '<a href="#provenance-inductor_kernels">full provenance</a></p>\n')
    assert error('{{ provenance inductor_kernels form="Short" }}', ResultStore(tmp_path)) == (
        'form="Short" is neither "full" nor "short"')
