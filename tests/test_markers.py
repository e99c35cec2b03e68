"""Marker expansion: every kind, both languages, every error path. Pure function, fake results."""

from __future__ import annotations

import html
import json
import re

import markdown
import pytest

from course.markers import PageContext, benchmarks, expand
from course.results import FailureRecord, ResultStore, record_failure
from tests.manifests import manifest, todays_code, write_result


@pytest.fixture
def store(tmp_path):
    today(tmp_path, "cpu")
    return ResultStore(tmp_path)


@pytest.fixture
def both_devices(tmp_path):
    write_result(tmp_path, device="cpu")
    write_result(tmp_path, device="cuda")
    return ResultStore(tmp_path)


def page(lang="en", page_dir="labs", site_root="../.."):
    return PageContext(page=f"{lang}/labs/inductor_kernels.md", lang=lang, page_dir=page_dir, site_root=site_root)


def ok(text, store, lang="en"):
    result = expand(text, page(lang), store)
    assert result.errors == [], result.errors
    return result.markdown


def seen(markdown_text: str) -> str:
    """What a reader sees: the Markdown rendered (as the site does), tags dropped, entities decoded."""
    rendered = markdown.markdown(markdown_text, extensions=["tables", "md_in_html"])
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


def table_lines(markdown_text: str) -> list[str]:
    """The Markdown table's lines inside a table marker's output."""
    return [line for line in markdown_text.splitlines() if line.startswith("|")]


def error(text, store, lang="en"):
    result = expand(text, page(lang), store)
    assert len(result.errors) == 1, result.errors
    assert "!!! failure" in result.markdown
    return result.errors[0]


def test_metric_in_both_languages(store):
    assert ok("e = {{ metric inductor_kernels/cpu:err }}", store) == "e = 4.66 × 10⁻¹⁰"
    assert ok("{{ metric inductor_kernels/cpu:eager_us }}", store, "es") == "11,8\u00a0µs"
    assert ok("{{ metric inductor_kernels/cpu:rows }}", store, "es") == "65\u202f536"
    assert ok("{{ metric inductor_kernels/cpu:eager_us digits=2 unit=no }}", store) == "12"


def test_check_badge_in_both_languages(store):
    en = ok("{{ check inductor_kernels/cpu:match }}", store)
    assert "course-pass" in en and seen(en) == "✔ pass 4.66 × 10⁻¹⁰ < 1 × 10⁻⁶"
    es = ok("{{ check inductor_kernels/cpu:fast }}", store, "es")
    assert "course-fail" in es and seen(es) == "✘ no cumple 0,410× > 1,00×"


def test_case_picks_the_text_for_the_value(store):
    text = '{{ case inductor_kernels/cpu:verdict faster="ganó" slower="perdió" same="empató" }}'
    assert ok(text, store, "es") == "perdió"


def test_case_without_text_for_the_value_is_an_error(store):
    message = error('{{ case inductor_kernels/cpu:verdict faster="won" }}', store)
    assert "'slower' on this run" in message and 'add slower="…"' in message


def test_case_falls_back_to_else_and_quotes_the_value(store):
    assert ok('{{ case inductor_kernels/cpu:rows never="no" else="from {value} rows" }}', store, "es") == \
        "from 65\u202f536 rows"


def test_checks_table_uses_labels_per_language(store):
    es = ok("{{ checks inductor_kernels }}", store, "es")
    assert "| Comprobación | Valor | Umbral | Resultado |" in es
    assert "Lo compilado coincide con eager" in es and "<code>fast</code>" in es


def test_table_with_columns_headers_and_formatting(store):
    md = ok('{{ table inductor_kernels:latency columns="batch,eager_us" headers="Lote|Eager (µs)" }}', store, "es")
    assert table_lines(md)[0] == "| Lote | Eager (µs) |"
    assert "| 65\u202f536 | 1234 |" in md
    assert "| más lento |" in ok("{{ table inductor_kernels:latency columns=\"verdict\" }}", store, "es")
    default = ok("{{ table inductor_kernels:latency }}", store)
    assert seen(table_lines(default)[0]).split() == ["|", "batch", "|", "eager_us", "(µs)", "|", "verdict", "|"]


def test_table_values_are_named_in_the_pages_language(store):
    md = ok('{{ table inductor_kernels:latency columns="batch,verdict" values="slower:más lento que eager" }}',
            store, "es")
    assert "| más lento que eager |" in md
    assert "| más lento |" not in md                            # the page's name, not the generic term
    plain = ok('{{ table inductor_kernels:latency columns="batch,verdict" }}', store, "es")
    assert "| más lento |" in plain                             # without values= the term table names it


@pytest.mark.parametrize(("values", "says"), [
    ("faster:más rápido", "values names 'faster', which no cell of table latency holds"),   # a value not there
    ("slower", "give value:name pairs separated by |"),
    ("slower:", "give value:name pairs separated by |"),
    (":x", "give value:name pairs separated by |"),
])
def test_table_values_near_misses_are_errors(store, values, says):
    assert says in error(f'{{{{ table inductor_kernels:latency values="{values}" }}}}', store, "es")


def test_table_values_may_name_a_value_only_one_devices_table_holds(tmp_path):
    # the CPU run records "latency" where the GPU run records "device": one marker, two tabs
    cpu_rows = [[2, 11.757, "latency"]]
    gpu_rows = [[2, 3.1, "device"]]
    for device, rows in (("cpu", cpu_rows), ("cuda", gpu_rows)):
        write_result(tmp_path, device=device, tables={"latency": {"columns": ["batch", "eager_us", "verdict"],
                                                                  "rows": rows, "units": {"eager_us": "µs"}}})
    store = ResultStore(tmp_path)
    md = ok('{{ table inductor_kernels:latency values="latency:latencia|device:tiempo de dispositivo" }}', store, "es")
    assert "| latencia |" in md and "| tiempo de dispositivo |" in md
    assert "values names 'wall', which no cell of table latency holds" in \
        error('{{ table inductor_kernels:latency values="latency:latencia|wall:reloj" }}', store, "es")


def test_table_values_leave_code_columns_verbatim(store):
    md = ok('{{ table inductor_kernels:latency columns="verdict" code="verdict" values="slower:x" }}', store)
    assert "<code>slower</code>" in md and "| x |" not in md


def test_unknown_table_column_is_an_error(store):
    assert "has no column speed" in error('{{ table inductor_kernels:latency columns="speed" }}', store)


def test_figure_is_offline_html_with_language_separators(store):
    result = expand('{{ figure inductor_kernels:latency x_title="Lote" y_title="µs" }}', page("es"), store)
    assert result.errors == [] and result.uses_plotly
    assert "Plotly.newPlot" in result.markdown and ('"separators":",\\u202f"' in result.markdown or '"separators":",\u202f"' in result.markdown)
    assert "cdn" not in result.markdown.lower() and "<script src" not in result.markdown
    figure, source = result.markdown.split('<p class="course-source">')
    assert "\n\n" not in figure.strip()   # a blank line would end Markdown's raw-HTML block mid-script
    assert "AMD EPYC · torch 2.13.0+cpu · 2026-11-21" in source and "#provenance-inductor_kernels" in source


def test_code_block_with_line_numbers_and_download_link(store):
    md = ok('{{ code inductor_kernels:kernel lines="3-5" }}', store)
    assert '``` cpp linenums="3" title="kernel.cpp"' in md
    assert "line 3 of the kernel\nline 4 of the kernel\nline 5 of the kernel\n```" in md
    assert 'href="../../results/inductor_kernels/cpu/kernel.cpp"' in md
    assert "Showing lines 3–5 of 50." in md


def test_table_digits_and_decimals_per_column(store):
    md = ok('{{ table inductor_kernels:latency columns="batch,eager_us" decimals="eager_us:0" }}', store, "es")
    assert table_lines(md)[2:] == ["| 2 | 12 |", "| 65\u202f536 | 1234 |"]
    md = ok('{{ table inductor_kernels:latency columns="eager_us" digits=2 }}', store)
    assert table_lines(md)[2:] == ["| 12 |", "| 1,234 |"]
    assert "digits names batch, not a shown column" in error(
        '{{ table inductor_kernels:latency columns="eager_us" digits="batch:2" }}', store)
    assert 'decimals="x" is neither a number' in error('{{ table inductor_kernels:latency decimals="x" }}', store)


def test_table_cells_escape_html_and_show_code_verbatim(tmp_path):
    code = ["static_cast<int64_t>(x1 + 600L*x0) & y*2", "reduce([](Vec& x) { return x; }, a_b * c_d)"]
    rows = [[code[0], "`a < b` and a*b*c", None], [code[1], "", 3]]
    write_result(tmp_path, tables={"annotation": {"columns": ["code", "note", "line"], "rows": rows}}, figures={})
    store = ResultStore(tmp_path)
    md = ok('{{ table inductor_kernels:annotation code="code" }}', store)
    page = markdown.markdown(md, extensions=["tables", "md_in_html"])  # what the reader gets
    shown = [html.unescape(cell) for cell in re.findall(r"<code>(.*?)</code>", page)]
    assert code[0] in shown and code[1] in shown and "a < b" in shown
    assert "a*b*c" in html.unescape(page) and "<td>—</td>" in page
    assert "code names nope, not a shown column" in error('{{ table inductor_kernels:annotation code="nope" }}', store)


def test_link_names_each_device_that_wrote_the_artifact(tmp_path):
    write_result(tmp_path, device="cpu")
    write_result(tmp_path, device="cuda", artifacts={})
    store = ResultStore(tmp_path)
    md = ok('{{ link inductor_kernels:kernel text="the kernel" }}', store, "es")
    assert md == '<a href="../../results/inductor_kernels/cpu/kernel.cpp">the kernel (CPU · AMD EPYC)</a>'


def test_link_to_an_artifact_no_device_wrote(store):
    assert ok('{{ link inductor_kernels:report absent="no report" }}', store) == "no report"
    assert "no run of inductor_kernels wrote artifact 'report'" in error("{{ link inductor_kernels:report }}", store)


def test_code_highlights_the_lines_a_table_cites(tmp_path):
    rows = [[3, "kernel"], [7, "kernel"], [3, "kernel"], [5, "wrapper"], [None, "kernel"]]
    write_result(tmp_path, tables={"notes": {"columns": ["line", "file"], "rows": rows}}, figures={})
    store = ResultStore(tmp_path)
    md = ok('{{ code inductor_kernels:kernel hl_from="notes:line" hl_where="file=kernel" }}', store)
    assert 'hl_lines="3 7"' in md
    md = ok('{{ code inductor_kernels:kernel lines="5-10" hl_from="notes:line" }}', store)
    assert 'linenums="5"' in md and 'hl_lines="1 3"' in md  # lines 5 and 7, counted from the block
    assert "has no column nope" in error('{{ code inductor_kernels:kernel hl_from="notes:nope" }}', store)


def test_block_markers_show_devices_side_by_side(both_devices):
    md = ok("{{ table inductor_kernels:latency }}", both_devices)
    assert '===! "CPU · AMD EPYC"' in md and '=== "GPU · NVIDIA H100 80GB HBM3"' in md
    assert md.index("CPU ·") < md.index("GPU ·")
    assert "\n    | <code>batch</code>" in md   # tab content is indented


def test_provenance_names_machine_torch_preset_and_commit(both_devices):
    es = ok("{{ provenance inductor_kernels }}", both_devices, "es")
    assert "Medido en **CPU · AMD EPYC**, 2 hilos" in es and "torch 2.13.0+cpu" in es
    assert "preajuste <code>full</code>" in es and "commit <code>01234567</code>" in es and "35,5\u00a0s" in es
    assert "GPU · NVIDIA H100" in es
    assert "ha cambiado" in es     # the fake source hash differs from the lab's real one


@pytest.mark.parametrize("resumed", [None, 0, 3])
def test_provenance_says_how_many_parts_a_resumed_run_took_from_an_earlier_attempt(tmp_path, resumed):
    provenance = manifest()["provenance"] | ({} if resumed is None else {"resumed_parts": resumed})
    write_result(tmp_path, provenance=provenance)
    store = ResultStore(tmp_path)
    en, es = ok("{{ provenance inductor_kernels }}", store), ok("{{ provenance inductor_kernels }}", store, "es")
    assert ("3 of its parts finished in an earlier, interrupted attempt" in en) == (resumed == 3)
    assert ("3 de sus partes terminaron en un intento anterior" in es) == (resumed == 3)
    assert ("earlier" in en) == bool(resumed) and "run took 35.5" in en


@pytest.mark.parametrize(("gpu_torch", "differs"), [("2.11.0", True), ("2.13.0+cu130", False), ("2.13.1", True)])
def test_provenance_says_when_the_devices_ran_different_torch_releases(tmp_path, gpu_torch, differs):
    write_result(tmp_path, device="cpu")
    folder = write_result(tmp_path, device="cuda")
    data = json.loads((folder / "manifest.json").read_text())
    data["provenance"]["torch"] = gpu_torch
    (folder / "manifest.json").write_text(json.dumps(data))
    store = ResultStore(tmp_path)
    en, es = ok("{{ provenance inductor_kernels }}", store), ok("{{ provenance inductor_kernels }}", store, "es")
    assert ("different torch releases (CPU torch 2.13.0+cpu, GPU torch " + gpu_torch + ")" in en) == differs
    assert ("versiones distintas de torch" in es) == differs
    assert "different torch releases" not in ok("{{ provenance inductor_kernels/cpu }}", store)


def test_skipped_part_notice_in_both_languages(store):
    en = ok("{{ part inductor_kernels/cpu:D }}", store)
    assert '!!! note "Skipped on CPU"' in en and "needs a GPU device" in en
    es = ok("{{ part inductor_kernels/cpu:D }}", store, "es")
    assert '!!! note "Omitida en CPU"' in es
    assert ok("{{ part inductor_kernels/cpu:A }}", store) == ""


def test_curriculum_lab_header_and_nav_use_real_metadata(store):
    header = ok("{{ lab_header inductor_kernels }}", store, "es")
    assert "El laboratorio de un vistazo" in header and "python -m labs.inductor_kernels" in header
    curriculum = expand("{{ curriculum }}", PageContext(page="en/curriculum.md", lang="en"), store)
    assert curriculum.errors == [] and "](labs/inductor_kernels.md)" in curriculum.markdown


def test_markers_in_code_are_left_alone(store):
    text = "```\n{{ metric nope/cpu:x }}\n```\nand `{{ metric nope/cpu:x }}` inline\n"
    assert ok(text, store) == text


@pytest.mark.parametrize("text, expected", [
    ("{{ bogus inductor_kernels }}", "unknown marker kind 'bogus'"),
    ("{{ metric no_such_lab/cpu:x }}", "no lab named 'no_such_lab'"),
    ("{{ metric inductor_kernels/cuda:err }}", "no result for lab inductor_kernels on cuda; run: make labs LAB=inductor_kernels DEVICE=cuda"),
    ("{{ metric inductor_kernels:err }}", "an inline metric needs a device"),
    ("{{ metric inductor_kernels/tpu:err }}", "device 'tpu' is not one of cpu, cuda"),
    ('{{ table inductor_kernels:latency headers="only one" }}', "headers has 1 titles for 3 columns"),
    ('{{ figure inductor_kernels:latency x_title="unclosed }}', "cannot parse its options"),
])
def test_error_paths_name_page_and_marker(store, text, expected):
    message = error(text, store)
    assert message.startswith("en/labs/inductor_kernels.md: marker " + text)
    assert expected in message


def test_a_failed_lab_stops_with_its_log_and_command(tmp_path, store):
    record_failure(tmp_path, FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-21T00:00:00Z",
                                           reason="part E: RuntimeError: boom",
                                           log="results/inductor_kernels/cpu.failed.log",
                                           command="make labs LAB=inductor_kernels DEVICE=cpu PRESET=full FORCE=1",
                                           cache_key="k"), "log text")
    message = error("{{ metric inductor_kernels/cpu:err }}", ResultStore(tmp_path))
    assert "lab inductor_kernels failed on cpu" in message and "boom" in message
    assert "Log: results/inductor_kernels/cpu.failed.log" in message
    assert "Re-run: make labs LAB=inductor_kernels DEVICE=cpu PRESET=full FORCE=1" in message


def test_block_markers_keep_the_indentation_of_their_line(store):
    md = ok('??? note "The table"\n\n    {{ table inductor_kernels:latency }}\n', store)
    body = md.split("\n", 2)[2]
    assert all(line.startswith("    ") for line in body.splitlines() if line.strip()), body
    rendered = markdown.markdown(md, extensions=["tables", "md_in_html", "pymdownx.details"])
    assert "<details" in rendered and "<table>" in rendered.split("<details", 1)[1]


def test_absent_text_stands_in_for_a_device_without_any_result(store, tmp_path):
    text = '{{ metric inductor_kernels/cuda:err absent="(no GPU run yet)" }}'
    assert ok(text, store) == "(no GPU run yet)"
    assert "no result for lab inductor_kernels on cuda" in error("{{ metric inductor_kernels/cuda:err }}", store)
    record_failure(tmp_path, FailureRecord(lab="inductor_kernels", device="cuda", date_utc="2026-11-22T00:00:00Z",
                                           reason="boom", log="x.log", command="make labs", cache_key="k"), "log")
    assert "failed on cuda" in error(text, store)   # a failed run is never hidden


def test_a_one_device_table_says_its_absent_text_until_that_device_runs(store, tmp_path):
    text = '{{ table inductor_kernels/cuda:latency absent="No GPU run yet." }}'
    assert ok(text, store) == "No GPU run yet.\n"
    assert "no result for lab inductor_kernels on cuda" in error("{{ table inductor_kernels/cuda:latency }}", store)
    assert "names its one device" in error('{{ table inductor_kernels:latency absent="x" }}', store)
    write_result(tmp_path, device="cuda")
    shown = ok(text, ResultStore(tmp_path))
    assert "No GPU run yet." not in shown and seen(table_lines(shown)[0]).startswith("| batch")
    record_failure(tmp_path, FailureRecord(lab="inductor_kernels", device="cuda", date_utc="2026-11-22T00:00:00Z",
                                           reason="boom", log="x.log", command="make labs", cache_key="k"), "log")
    assert "failed on cuda" in error(text, ResultStore(tmp_path))   # a failed run is never hidden


def test_an_option_the_kind_does_not_take_is_an_error(store):
    """A misspelt option (`decimal=` for `decimals=`) or one no renderer reads (`pin=`) would
    otherwise change nothing on the page without a word."""
    message = error("{{ metric inductor_kernels/cpu:err decimal=2 }}", store)
    assert "metric takes no option decimal" in message and "decimals" in message
    assert "pin" in error("{{ table inductor_kernels/cpu:latency pin=all }}", store)
    # case takes one option per value, so any name
    assert ok('{{ case inductor_kernels/cpu:verdict faster="F" slower="S" same="=" else="?" }}', store) in {"F", "S", "=", "?"}


def test_a_file_every_device_wrote_the_same_is_listed_once(both_devices, tmp_path):
    md = ok("{{ code inductor_kernels:kernel }}", both_devices)
    assert "===" not in md and md.count("``` cpp") == 1
    (tmp_path / "inductor_kernels" / "cuda" / "kernel.cpp").write_text("__global__ void kernel() {}\n")
    md = ok("{{ code inductor_kernels:kernel }}", both_devices)
    assert '===! "CPU · AMD EPYC"' in md and md.count("``` cpp") == 2


def today(results, device="cpu", **changes):
    """A result made by today's code of the lab (the fixtures' own hash is an older one)."""
    return write_result(results, device=device, provenance=todays_code(), **changes)


def test_a_key_missing_from_a_run_of_todays_code_is_an_error(tmp_path):
    today(tmp_path)
    message = error("{{ metric inductor_kernels/cpu:nope }}", ResultStore(tmp_path))
    assert "metric 'nope' is not in inductor_kernels/cpu" in message


@pytest.mark.parametrize("lang, said", [("en", "not in the GPU run"), ("es", "no está en la ejecución de GPU")])
def test_a_key_an_older_run_does_not_hold_is_said_in_its_place(tmp_path, lang, said):
    """The GPU run predates the table; the CPU run of today's code has it: the CPU tab shows the
    table, the GPU tab says why it has none, an inline figure says the same, and nothing stops."""
    today(tmp_path, "cpu", tables={**manifest()["tables"], "new": {"columns": ["a"], "rows": [[1]], "units": {}}})
    write_result(tmp_path, device="cuda")
    store = ResultStore(tmp_path)
    shown = ok("{{ table inductor_kernels:new }}\n\n{{ metric inductor_kernels/cuda:new_metric }}", store, lang)
    assert shown.count(said) == 2 and "FORCE=1" in shown
    assert "| 1 |" in shown


def test_a_key_missing_from_both_devices_is_still_an_error_on_todays_run(tmp_path):
    today(tmp_path, "cpu")
    write_result(tmp_path, device="cuda")
    assert "table 'new' is not in inductor_kernels/cpu" in error("{{ table inductor_kernels:new }}", ResultStore(tmp_path))


def test_columns_an_older_run_does_not_hold_are_said_in_its_place(tmp_path):
    """Today's lab added a column: the older GPU run's table is not shown with the wrong headers."""
    wider = {"columns": ["batch", "eager_us", "verdict", "new"], "rows": [[2, 11.757, "slower", 1]], "units": {}}
    today(tmp_path, "cpu", tables={"latency": wider})
    write_result(tmp_path, device="cuda")
    store = ResultStore(tmp_path)
    shown = ok('{{ table inductor_kernels:latency headers="a|b|c|d" }}', store)
    assert "not in the GPU run" in shown and "| 2 |" in shown
    shown = ok("{{ table inductor_kernels:latency columns=batch,new }}", store)
    assert "not in the GPU run" in shown
    assert "no column nope" in error("{{ table inductor_kernels:latency columns=batch,nope }}", store).replace("'", "")


SIDE = {"launch": "side_by_side", "gpus": ["2"], "node_gpus": 4, "cores": "16-31", "core_count": 16,
        "node_cores": 64, "beside": ["capstone", "explain"], "beside_most": 2}


@pytest.mark.parametrize("placement", [None, "serial", "side", "side_alone"])
def test_provenance_says_how_gpu_results_ran_the_lab(tmp_path, placement):
    chosen = {None: None, "serial": SIDE | {"launch": "serial", "gpus": ["0", "1", "2", "3"], "beside": []},
              "side": SIDE, "side_alone": SIDE | {"beside": [], "beside_most": 0}}[placement]
    provenance = manifest()["provenance"] | {"device": "cuda"} | ({"placement": chosen} if chosen else {})
    write_result(tmp_path, device="cuda", provenance=provenance)
    store = ResultStore(tmp_path)
    en = ok("{{ provenance inductor_kernels/cuda }}", store)
    es = ok("{{ provenance inductor_kernels/cuda }}", store, "es")
    assert ("ran alone on the machine" in en) == (placement == "serial")
    assert ("se ejecutó solo en la máquina" in es) == (placement == "serial")
    assert ("side by side" in en) == (placement == "side")          # only when another lab ran beside it
    assert ("en paralelo" in es) == (placement == "side")
    if placement == "side":
        assert "GPU 2 of 4, cores 16-31 (16 of 64), beside <code>capstone</code>, <code>explain</code>" in en
        assert "GPU 2 de 4, núcleos 16-31 (16 de 64), junto a <code>capstone</code>, <code>explain</code>" in es
    if placement == "side_alone":   # launched side by side with nothing beside it: alone, on its share
        assert "ran alone: GPU 2 of 4, cores 16-31 (16 of 64)" in en
        assert "se ejecutó solo: GPU 2 de 4, núcleos 16-31 (16 de 64)" in es


def test_a_placement_is_text_even_past_the_schema():
    """The schema refuses markup in a placement; the page escapes it all the same."""
    from course.markers.results import placement_text
    shown = placement_text(SIDE | {"gpus": ["<b>x</b>"], "cores": "<i>1</i>", "beside": ["<s>y</s>"]}, "en")
    assert "<b>" not in shown and "<i>" not in shown and "<s>" not in shown


# -- benchmark: figures of the committed benchmark outputs (benchmarks/<bench>/*.json) -----------

@pytest.fixture
def bench_store(tmp_path, monkeypatch):
    """benchmarks/<folder>/ of the test's own, one JSON file per run, and an empty results folder."""
    monkeypatch.setattr(benchmarks, "BENCHMARKS_DIR", tmp_path / "benchmarks")

    def make(folder, runs):
        bench = tmp_path / "benchmarks" / folder
        bench.mkdir(parents=True)
        for index, run in enumerate(runs):
            (bench / f"run-{index}.json").write_text(json.dumps(run), encoding="utf-8")
        (tmp_path / "results").mkdir()
        return ResultStore(tmp_path / "results")
    return make


def test_benchmark_figures_come_from_the_repositorys_benchmarks_whatever_results_the_build_reads(tmp_path):
    # the site tests build from a smoke run's results in a folder of their own
    assert ok("{{ benchmark probe_noise:compile_s digits=2 }}", ResultStore(tmp_path)).endswith("×")


def test_benchmark_reads_the_widest_spread_of_every_run(bench_store):
    runs = [{"samples": {"compile_s": {"a": [10.0, 14.0], "b": [5.0, 6.0]}, "compiled_us": {"a": [1.0, 1.1]}}},
            {"samples": {"compile_s": {"a": [2.0, 3.0, 2.5]}, "compiled_us": {"a": [4.0, 2.0]}}}]
    store = bench_store("probe_noise", runs)
    assert ok("{{ benchmark probe_noise:compile_s digits=2 }}", store) == "1.5×"      # 3 / 2, the second run
    assert ok("{{ benchmark probe_noise:compiled_us digits=2 }}", store, "es") == "2,0×"


def test_benchmark_reads_the_solo_spreads_of_one_class(bench_store):
    figures = [{"class": "compile", "solo_spread": 0.216}, {"class": "device", "solo_spread": 0.0056},
               {"class": "compile", "solo_spread": 0.604}, {"class": "device", "solo_spread": 0.353}]
    store = bench_store("side_by_side", [{"figures": figures[:2]}, {"figures": figures[2:]}])
    assert seen(ok("{{ benchmark side_by_side:compile_spread.low decimals=0 }}", store)) == "22%"
    assert seen(ok("{{ benchmark side_by_side:compile_spread.high decimals=0 }}", store)) == "60%"
    assert seen(ok("{{ benchmark side_by_side:device_spread.low digits=1 }}", store, "es")) == "0,6\u00a0%"
    assert seen(ok("{{ benchmark side_by_side:device_spread.high decimals=0 }}", store, "es")) == "35\u00a0%"


def clock_row(n: int, kernels: float, span: float, device: float, before: float) -> dict:
    return {"n": n, "kernels_us": kernels, "span_us": span, "device_us": device, "before_us": before,
            "error": device / kernels - 1, "span_error": device / span - 1}


def test_benchmark_reads_the_clocks_errors_by_kernel_count_and_its_small_calls_residual(bench_store):
    rows = [clock_row(1, 2.21, 2.21, 2.45, 5.92),         # +10.9 %, before +168 %
            clock_row(1, 4.0, 4.0, 3.8, 8.0),             # -5 %: counted by its size; before +100 %
            clock_row(2, 5.52, 6.14, 6.29, 9.89),         # +13.9 % against the sum, +2.4 % against the span
            clock_row(2, 271.0, 271.6, 267.2, 271.8)]     # -1.6 % against the span; span over 10 µs
    store = bench_store("clock", [{"rows": rows[:2]}, {"rows": rows[2:]}])
    assert seen(ok("{{ benchmark clock:one_kernel.error digits=3 }}", store)) == "10.9%"
    assert seen(ok("{{ benchmark clock:one_kernel.before decimals=0 }}", store)) == "168%"
    assert seen(ok("{{ benchmark clock:several_kernels.error digits=3 }}", store)) == "13.9%"
    assert seen(ok("{{ benchmark clock:several_kernels.span_error digits=2 }}", store, "es")) == "2,4\u00a0%"
    # below 10 µs of span: +0.24, -0.2, +0.15 -> median 0.15; the 271 µs call is left out
    assert seen(ok("{{ benchmark clock:small_calls.residual digits=2 }}", store)).startswith("0.15")


@pytest.mark.parametrize("marker, runs, says", [
    ("{{ benchmark probe_noise:compile_time }}", [{"samples": {}}], "no benchmark figure probe_noise:compile_time"),
    ("{{ benchmark probe_noise:compile_s }}", [], "holds no output"),
    ("{{ benchmark probe_noise:compile_s }}", [{"samples": {"compile_s": {"a": [1.0, 2.0]}}}, {"samples": {}}],
     "does not hold compile_s in every run"),
])
def test_benchmark_errors_say_what_to_do(bench_store, marker, runs, says):
    assert says in error(marker, bench_store("probe_noise", runs))


def test_benchmark_clock_errors_count_an_under_read_by_its_size(bench_store):
    rows = [clock_row(1, 4.0, 4.0, 3.2, 8.0),          # -20 %: the largest, though negative
            clock_row(1, 2.21, 2.21, 2.45, 5.92),      # +10.9 %
            clock_row(2, 10.0, 10.5, 7.0, 12.0),       # -30 % against the sum, -33.3 % against the span
            clock_row(2, 5.52, 6.14, 6.29, 9.89)]
    store = bench_store("clock", [{"rows": rows}])
    assert seen(ok("{{ benchmark clock:one_kernel.error digits=2 }}", store)) == "20%"
    assert seen(ok("{{ benchmark clock:several_kernels.error digits=2 }}", store)) == "30%"
    assert seen(ok("{{ benchmark clock:several_kernels.span_error digits=3 }}", store)) == "33.3%"
