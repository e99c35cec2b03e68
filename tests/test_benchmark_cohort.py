"""The cohort benchmark's figures on a page (scripts/bench_cohort.py writes OUT/cohort.json, its
copies are committed in benchmarks/cohort/): one run's figure or table, the run the page names,
in the page's language; every near miss an error that stops the build."""

from __future__ import annotations

import html
import json
import re
import types
from pathlib import Path

import markdown
import pytest

from course.markers import MARKER, PageContext, benchmarks, expand
from course.results import ResultStore
from tests.helpers_hooks import hook
from tests.helpers_scripts import script

ROOT = Path(__file__).resolve().parents[1]
NBSP, THIN = "\u00a0", "\u202f"


def size(n: int, **figures) -> dict:
    return {"n": n, "load": 0.5, "add_s": 1.44, "one_more_s": 0.031, "page_en_s": 0.37, "page_es_s": 0.15,
            "page_en_kib": 323.6, "page_es_kib": 327.9, "downloads_s": 0.07, "csv_kib": 2560.0,
            "json_kib": 5734.4} | figures


def run(*sizes: dict, commit: str = "e35f307369c9", load: float = 5.1) -> dict:
    return {"machine": {"cpu_model": "AMD EPYC <b>", "cores": 2, "usable_cores": 2},
            "load_start": [load, 3.0, 2.0], "load_end": [4.3, 3.5, 2.5], "commit": commit,
            "changed_files": [], "date": "2026-11-28T08:35:24+00:00", "wall_s": 141.2, "sizes": list(sizes)}


@pytest.fixture
def cohort_runs(tmp_path, monkeypatch):
    """benchmarks/cohort/ of the test's own: two runs, the second a later one at other figures."""
    monkeypatch.setattr(benchmarks, "BENCHMARKS_DIR", tmp_path / "benchmarks")
    folder = tmp_path / "benchmarks" / "cohort"
    folder.mkdir(parents=True)
    runs = {"2026-11-24-2core-EPYC-7544e57": run(size(1000), size(10000, one_more_s=0.2249, downloads_s=0.55), size(50000, one_more_s=1.28)),
            "2026-11-28-2core-EPYC-e35f307": run(size(1000, add_s=9.93), size(10000, one_more_s=0.64),
                                                 commit="aaaaaaa1", load=14.5)}
    del runs["2026-11-28-2core-EPYC-e35f307"]["sizes"][1]["downloads_s"]    # not measured at that size
    for name, data in runs.items():
        (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "results").mkdir()
    return ResultStore(tmp_path / "results")


def page(lang: str) -> PageContext:
    return PageContext(page=f"{lang}/reference/cohorts.md", lang=lang, page_dir="reference", site_root="../..")


def ok(text: str, store: ResultStore, lang: str = "en") -> str:
    result = expand(text, page(lang), store)
    assert result.errors == [], result.errors
    return result.markdown


def error(text: str, store: ResultStore, lang: str = "en") -> str:
    result = expand(text, page(lang), store)
    assert len(result.errors) == 1, result.errors
    assert "!!! failure" in result.markdown
    return result.errors[0]


def seen(markdown_text: str) -> str:
    rendered = markdown.markdown(markdown_text, extensions=["tables", "md_in_html"])
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


OLD, NEW = "2026-11-24-2core-EPYC-7544e57", "2026-11-28-2core-EPYC-e35f307"


# -- one figure --------------------------------------------------------------------------------------

def test_a_figure_is_read_from_the_run_the_page_names_not_another(cohort_runs):
    assert ok(f"{{{{ benchmark cohort:{OLD}.1000.add_s digits=2 }}}}", cohort_runs) == f"1.4{NBSP}s"
    assert ok(f"{{{{ benchmark cohort:{NEW}.1000.add_s digits=2 }}}}", cohort_runs) == f"9.9{NBSP}s"
    assert ok(f"{{{{ benchmark cohort:{OLD}.10000.one_more_s decimals=2 }}}}", cohort_runs) == f"0.22{NBSP}s"
    assert ok(f"{{{{ benchmark cohort:{NEW}.10000.one_more_s decimals=2 }}}}", cohort_runs) == f"0.64{NBSP}s"


def test_a_figure_in_spanish_has_its_decimal_comma_and_its_unit(cohort_runs):
    assert ok(f"{{{{ benchmark cohort:{OLD}.50000.one_more_s decimals=2 }}}}", cohort_runs, "es") == f"1,28{NBSP}s"
    assert ok(f"{{{{ benchmark cohort:{OLD}.10000.json_mib digits=2 }}}}", cohort_runs, "es") == f"5,6{NBSP}MiB"
    assert ok(f"{{{{ benchmark cohort:{OLD}.10000.csv_mib digits=2 }}}}", cohort_runs) == f"2.5{NBSP}MiB"


def test_a_runs_own_figures_the_machine_load_code_date_and_duration(cohort_runs):
    text = (f"{{{{ benchmark cohort:{NEW}.cpu_model }}}}, {{{{ benchmark cohort:{NEW}.cores }}}} · "
            f"{{{{ benchmark cohort:{NEW}.commit }}}} · {{{{ benchmark cohort:{NEW}.date }}}} · "
            f"{{{{ benchmark cohort:{NEW}.load_start decimals=1 }}}} → {{{{ benchmark cohort:{NEW}.load_end decimals=1 }}}} · "
            f"{{{{ benchmark cohort:{NEW}.wall_s decimals=0 }}}}")
    assert seen(ok(text, cohort_runs, "es")) == f"AMD EPYC <b>, 2 · aaaaaaa · 2026-11-28 08:35 UTC · 14,5 → 4,3 · 141{NBSP}s"
    assert "<b>" not in ok(f"{{{{ benchmark cohort:{NEW}.cpu_model }}}}", cohort_runs)    # escaped as data


@pytest.mark.parametrize("figure, says", [
    (f"{OLD}.100000.add_s", f"run {OLD} of benchmarks/cohort/ measured no size 100000 (its sizes: 1000, 10000, 50000)"),
    (f"{NEW}.50000.add_s", f"run {NEW} of benchmarks/cohort/ measured no size 50000 (its sizes: 1000, 10000)"),
    (f"{NEW}.10000.downloads_s", f"run {NEW} of benchmarks/cohort/ does not hold downloads_s"),
    (f"{NEW}.10000.html_en_kib", f"run {NEW} of benchmarks/cohort/ does not hold html_en_kib"),
    ("2026-11-29-2core-EPYC-0000000.1000.add_s", f"benchmarks/cohort/ holds no run '2026-11-29-2core-EPYC-0000000'; "
                                                 f"its runs: {OLD}, {NEW}"),
    (f"{OLD}.1000.add_ms", f"no benchmark figure cohort:{OLD}.1000.add_ms; known: cohort:RUN.cores"),
    (f"{OLD}.add_s", f"no benchmark figure cohort:{OLD}.add_s"),          # a size's figure without its size
    (f"{OLD}.1000.wall_s", f"no benchmark figure cohort:{OLD}.1000.wall_s"),   # the run's figure at a size
    (OLD, f"no benchmark figure cohort:{OLD};"),
])
def test_a_figure_the_runs_do_not_hold_is_an_error_that_says_which(cohort_runs, figure, says):
    assert says in error(f"{{{{ benchmark cohort:{figure} }}}}", cohort_runs)


def test_no_run_at_all_says_what_to_run(tmp_path, monkeypatch):
    monkeypatch.setattr(benchmarks, "BENCHMARKS_DIR", tmp_path)
    assert "benchmarks/cohort/ holds no output (*.json): run its script (scripts/bench_cohort.py)" in \
        error(f"{{{{ benchmark cohort:{OLD}.1000.add_s }}}}", ResultStore(tmp_path))


# -- a table of one run ------------------------------------------------------------------------------

COLUMNS = 'columns="n,load,add_s,one_more_s,page_en_kib,downloads_s" decimals="load:1,add_s:1,one_more_s:2,page_en_kib:0,downloads_s:2"'


def test_a_table_is_one_runs_sizes_in_the_pages_language(cohort_runs):
    en = ok(f'{{{{ benchmark_table cohort:{OLD} {COLUMNS} headers="Submissions|Load|Add (s)|One more (s)|Page (KiB)|Downloads (s)" }}}}',
            cohort_runs)
    assert [line for line in en.splitlines() if line.startswith("|")] == [
        "| Submissions | Load | Add (s) | One more (s) | Page (KiB) | Downloads (s) |",
        "|---:|---:|---:|---:|---:|---:|",
        "| 1,000 | 0.5 | 1.4 | 0.03 | 324 | 0.07 |",
        "| 10,000 | 0.5 | 1.4 | 0.22 | 324 | 0.55 |",
        "| 50,000 | 0.5 | 1.4 | 1.28 | 324 | 0.07 |"]
    es = ok(f'{{{{ benchmark_table cohort:{NEW} {COLUMNS} headers="Envíos|Carga|Añadir (s)|Uno más (s)|Página (KiB)|Descargas (s)" }}}}',
            cohort_runs, "es")
    assert [line for line in es.splitlines() if line.startswith("|")][2:] == [
        "| 1000 | 0,5 | 9,9 | 0,03 | 324 | 0,07 |",
        f"| 10{THIN}000 | 0,5 | 1,4 | 0,64 | 324 | — |"]            # downloads not measured at that size


def test_a_table_without_headers_names_its_columns_with_their_units(cohort_runs):
    shown = ok(f'{{{{ benchmark_table cohort:{OLD} columns="n,add_s" }}}}', cohort_runs)
    assert "\nn\nadd_s (s)\n" in seen(shown)     # <th>n</th> <th>add_s (s)</th>, the tags dropped
    assert "<code>add&#95;s</code> (s)" in shown


@pytest.mark.parametrize("marker, says", [
    (f'{{{{ benchmark_table cohort:{OLD} columns="n,add_ms" }}}}', "no figure add_ms in a size of cohort"),
    (f'{{{{ benchmark_table cohort:{NEW} columns="n,site_s" }}}}', f"run {NEW} of benchmarks/cohort/ measured site_s at no size"),
    (f'{{{{ benchmark_table cohort:{OLD} columns="n,add_s" headers="Submissions" }}}}', "headers has 1 titles for 2 columns"),
    (f"{{{{ benchmark_table cohort:{OLD} }}}}", 'benchmark_table needs columns="…"'),
    ('{{ benchmark_table cohort:2026-01-01-nowhere columns="n" }}', "benchmarks/cohort/ holds no run '2026-01-01-nowhere'"),
    (f'{{{{ benchmark_table cohort:{OLD}.1000 columns="n" }}}}', f"benchmark_table names a run, not a figure: cohort:{OLD}"),
    ('{{ benchmark_table clock:x columns="n" }}', "benchmark_table needs FOLDER:RUN, FOLDER one of cohort"),
    (f'{{{{ benchmark_table cohort:{OLD} columns="n" digits="add_s:2" }}}}', "digits names add_s, not a shown column"),
])
def test_a_table_that_cannot_be_laid_out_is_an_error_that_says_why(cohort_runs, marker, says):
    assert says in error(marker, cohort_runs)


# -- the build ---------------------------------------------------------------------------------------

def test_a_page_naming_a_figure_no_run_holds_is_a_warning_that_stops_the_strict_build(cohort_runs, monkeypatch, caplog):
    markers_hook = hook("markers")
    monkeypatch.setattr(markers_hook, "_store", cohort_runs)
    page_ = types.SimpleNamespace(file=types.SimpleNamespace(src_uri="es/reference/cohorts.md"),
                                  url="es/reference/cohorts/", meta={})
    with caplog.at_level("WARNING"):
        markers_hook.on_page_markdown(f"{{{{ benchmark cohort:{NEW}.50000.add_s }}}}\n", page_, {}, None)
    assert [r.getMessage() for r in caplog.records] == [
        f"es/reference/cohorts.md: marker {{{{ benchmark cohort:{NEW}.50000.add_s }}}}: run {NEW} of "
        "benchmarks/cohort/ measured no size 50000 (its sizes: 1000, 10000)"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cohort_reference_page_reads_every_figure_from_the_committed_records(lang):
    text = (ROOT / "docs" / lang / "reference" / "cohorts.md").read_text(encoding="utf-8")
    markers = [m.group(0) for m in MARKER.finditer(text) if m.group("kind").startswith("benchmark")]
    assert any("benchmark_table" in m for m in markers) and len(markers) > 5
    result = expand("\n\n".join(markers), page(lang), ResultStore(ROOT / "results"))
    assert result.errors == []
    assert re.search(r"\d", result.markdown)


# -- the script's record -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bench():
    return script("bench_cohort")


def test_the_record_holds_the_machine_load_code_and_every_size_written_whole(bench, tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_COMMIT", "abc1234")
    args = types.SimpleNamespace(site=False, rebuild=False)
    code = bench.code_measured()
    assert code == {"commit": "abc1234", "changed_files": None}     # a copy without .git: no status to read
    data = bench.record(args, [size(1000)], "2026-11-28T08:35:24+00:00", (5.0, 4.0, 3.0), 12.5, code)
    assert data["commit"] == "abc1234" and data["load_start"] == [5.0, 4.0, 3.0] and len(data["load_end"]) == 3
    assert data["machine"]["cores"] >= 1 and data["machine"]["cpu_model"]
    assert data["sizes"] == [size(1000)] and data["wall_s"] == 12.5 and "commit_at_end" not in data
    written = bench.write_record(tmp_path / "out", data)
    assert written == tmp_path / "out" / "cohort.json" and json.loads(written.read_text(encoding="utf-8")) == data
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["cohort.json"]    # no scratch file left


def test_a_commit_made_while_it_ran_is_named_beside_the_one_it_measured(bench, monkeypatch):
    monkeypatch.setenv("COURSE_COMMIT", "abc1234")
    code = bench.code_measured()
    monkeypatch.setenv("COURSE_COMMIT", "def5678")
    data = bench.record(types.SimpleNamespace(site=True, rebuild=False), [], "d", (0, 0, 0), 1.0, code)
    assert (data["commit"], data["commit_at_end"], data["site"]) == ("abc1234", "def5678", True)
