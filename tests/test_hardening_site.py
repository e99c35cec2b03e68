"""Round three of the hardening, in real builds of the site (slow: two strict builds).

1. An instructor's cohort title that tries to close <title> and run a script, in both languages:
   the tags of every built page are collected and none comes from the title; Chromium loads the
   cohort pages and no injected script runs and no injected request is made.
11. A strict build over broken inputs (a manifest that fails its schema, a table with a row too
   long, a CPU result filed under cuda, a capitalised marker, an unknown option, an include of a
   file that does not exist) fails with one
   line per problem that names the file and the field and says what to do: no traceback.
Both builds use copies (cohorts, results, docs), so nothing here is ever published."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.browser import Browser, serving
from tests.conftest import ENGINE_PATH

pytestmark = pytest.mark.slow  # builds the whole site twice (about three minutes)

ROOT = Path(__file__).resolve().parent.parent
SITE_NAME = {"en": "ML Compilers, Executed", "es": "Compiladores de ML, ejecutados"}
TITLE = {lang: (f'{word} </title><script>window.__injected = 1</script><img src="/injected.png" '
                'onerror="window.__injected = 2"><x-injected></x-injected> &amp; "q" \'a\' {{ cohorts }}')
         for lang, word in (("en", "Cohort"), ("es", "Cohorte"))}


def build(cwd: Path, site: Path, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=ENGINE_PATH, **env)
    environment.pop("COURSE_VERBOSE", None)
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                          cwd=cwd, env=environment, capture_output=True, text=True, timeout=900)


# -- 1. instructor text never reaches the page head as markup ---------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("title-site")
    cohorts = tmp / "cohorts"
    shutil.copytree(ROOT / "cohorts", cohorts, ignore=shutil.ignore_patterns(".lock", ".submissions.*"))
    (cohorts / "test-title").mkdir()
    (cohorts / "test-title" / "cohort.toml").write_text(
        f'title = {{en = {json.dumps(TITLE["en"])}, es = {json.dumps(TITLE["es"])}}}\n'
        'labs = ["inside_compile"]\npreset = "full"\n')
    done = build(ROOT, tmp / "site", COURSE_COHORTS_DIR=str(cohorts))
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr[-5000:]}"
    return tmp / "site"


class Collector(HTMLParser):
    """Every start tag with its attributes, the text of each <title> and of each <script>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.titles: list[str] = []
        self.scripts: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in ("title", "script"):
            self._in = tag
            (self.titles if tag == "title" else self.scripts).append("")

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == "title":
            self.titles[-1] += data
        elif self._in == "script":
            self.scripts[-1] += data


def collect(path: Path) -> Collector:
    collector = Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def cohort_page(site: Path, lang: str) -> Path:
    return site / ("" if lang == "en" else lang) / "cohorts" / "test-title" / "index.html"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_title_is_text_in_the_page_head(site, lang):
    found = collect(cohort_page(site, lang))
    assert found.titles == [f"{TITLE[lang]} - {SITE_NAME[lang]}"]      # exactly as the instructor typed it
    head = cohort_page(site, lang).read_text().split("</head>")[0]
    assert "&lt;/title&gt;&lt;script&gt;" in head


def test_no_page_of_the_site_holds_a_tag_from_the_title(site):
    """The title reaches every page (navigation, previous/next links): look at all of them."""
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        found = collect(path)
        where = path.relative_to(site)
        if where.parts[0] != "results":  # the site's own pages; results/ holds the labs' HTML reports
            assert len(found.titles) == 1, f"{where}: {found.titles}"
        assert not [t for t, _ in found.tags if t == "x-injected"], f"{where}: an element from the title"
        assert not [a for t, a in found.tags if t == "img" and a.get("src") == "/injected.png"], where
        assert not [s for s in found.scripts if "__injected" in s], f"{where}: a script from the title"
        for tag, attributes in found.tags:
            assert not any("__injected" in (v or "") for k, v in attributes.items() if k.startswith("on")), \
                f"{where}: <{tag}> runs the title's handler"


def test_the_search_index_holds_the_title_as_escaped_text(site):
    index = (site / "search" / "search_index.json").read_text()
    docs = [d for d in json.loads(index)["docs"] if "cohorts/test-title/" in d["location"]]
    assert docs, "the cohort page is not in the search index"
    for doc in docs:
        for value in (doc["title"], doc["text"]):
            assert "<script" not in value and "<img" not in value and "<x-injected" not in value, value
    assert any("&lt;/title&gt;&lt;script&gt;" in d["title"] for d in docs)


def test_chromium_runs_no_script_and_makes_no_request_from_the_title(site):
    with serving(site) as base, Browser() as browser:
        for lang in ("en", "es"):
            prefix = "" if lang == "en" else "es/"
            for address in (f"{base}/{prefix}cohorts/test-title/", f"{base}/{prefix}"):
                page = browser.open(address)
                assert page.evaluate("typeof window.__injected") == "undefined", address
                assert page.evaluate("document.querySelectorAll('x-injected, img[onerror]').length") == 0
                requested = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
                assert not [r for r in requested if "injected" in r], requested
                if address.endswith("test-title/"):
                    assert page.evaluate("document.title") == f"{TITLE[lang]} - {SITE_NAME[lang]}"
                    assert page.evaluate("document.querySelector('h1').textContent").strip().removesuffix("¶") == TITLE[lang]


# -- 11. a strict build over broken inputs: one line per problem, no traceback -------------------

def break_results(results: Path) -> None:
    schema = results / "inside_compile" / "cpu" / "manifest.json"
    data = json.loads(schema.read_text())
    data["metrics"][next(iter(data["metrics"]))]["value"] = {"not": "a number"}
    schema.write_text(json.dumps(data))
    table = results / "background_numbers" / "cpu" / "manifest.json"
    data = json.loads(table.read_text())
    key = next(k for k, t in data["tables"].items() if t["rows"])
    data["tables"][key]["rows"][0].append("a cell too many")
    table.write_text(json.dumps(data))
    misfiled = results / "inductor_kernels" / "cuda"
    shutil.rmtree(misfiled)
    shutil.copytree(results / "inductor_kernels" / "cpu", misfiled)       # a CPU run, filed under cuda


def break_docs(project: Path) -> Path:
    page = project / "docs" / "en" / "labs" / "inside_compile.md"
    page.write_text(page.read_text() + "\n\n{{ Metric inside_compile/cpu:x }} {{ lab_nav inside_compile colour=red }}\n"
                    '\n```python\n--8<-- "labs/inside_compile/no_such_file.py:block"\n```\n')
    return page


@pytest.fixture(scope="module")
def broken_build(tmp_path_factory) -> subprocess.CompletedProcess:
    tmp = tmp_path_factory.mktemp("broken-build")
    project = tmp / "project"
    for name in ("docs", "scripts", "labs"):  # pages include code from labs/
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(ROOT / "results", tmp / "results")
    break_results(tmp / "results")
    break_docs(project)
    return build(project, tmp / "site", COURSE_RESULTS_DIR=str(tmp / "results"))


def problems(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in (done.stdout + done.stderr).splitlines() if line.startswith(("WARNING", "ERROR"))]


def test_the_broken_build_fails_without_a_traceback(broken_build):
    output = broken_build.stdout + broken_build.stderr
    assert broken_build.returncode != 0
    assert "Traceback" not in output and 'File "' not in output
    assert "Aborted with" in output and "in strict mode" in output
    unexpected = [line for line in output.splitlines()
                  if line.strip() and not line.startswith(("WARNING", "ERROR", "INFO", "  - ", "Aborted"))]
    assert not unexpected, unexpected      # every message is one line


@pytest.mark.parametrize("says", [
    ["inside_compile/cpu/manifest.json: field 'metrics.", "re-run the lab (make labs LAB=inside_compile DEVICE=cpu"],
    ["background_numbers/cpu/manifest.json: field 'tables.", "cells for", "re-run the lab"],
    ["inductor_kernels/cuda/manifest.json: field 'device'", "filed under results/inductor_kernels/cuda/",
     "move it to results/inductor_kernels/cpu/"],
    ["en/labs/inside_compile.md: marker {{ Metric inside_compile/cpu:x }}", "kinds are lower case: write 'metric'"],
    ["en/labs/inside_compile.md: marker {{ lab_nav inside_compile colour=red }}", "takes no option colour"],
    ["en/labs/inside_compile.md: line", "includes labs/inside_compile/no_such_file.py, which does not exist",
     "fix the path"],
], ids=["schema", "table", "misfiled", "capitalised", "option", "include"])
def test_each_problem_is_one_line_naming_file_field_and_what_to_do(broken_build, says):
    lines = [line for line in problems(broken_build) if all(s in line for s in says)]
    assert lines, "\n".join(problems(broken_build)[:40])


def test_many_markers_on_one_broken_manifest_are_grouped(broken_build):
    on_the_page = [line for line in problems(broken_build)
                   if "en/labs/inside_compile.md" in line and "field 'metrics." in line]
    assert 1 <= len(on_the_page) <= 8, on_the_page    # causes, not one line per marker
    assert any("more marker(s)" in line for line in on_the_page)

