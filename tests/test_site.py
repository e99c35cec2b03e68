"""The site: the strict build, the English/Spanish mirror, and the built pages as a reader
sees them in headless Chromium (text, figures, tabs, width, search, requests).

The build reads a copy of results/ in which one lab's machine name is an HTML payload: the
pages must show it as text, and the browser must never request what it points at.
"""

from __future__ import annotations

import ast
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from course import glossary, notebooks
from course.translations import mirror_problems
from labs.common.contract import FORMER_LAB_IDS, format_number, lab_ids, load_lab_meta
from tests.browser import Browser, serving
from tests.conftest import ENGINE_PATH

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LAB_PAGES = [lab for lab in lab_ids() if load_lab_meta(lab).listed and (DOCS / "en" / "labs" / f"{lab}.md").is_file()]
# Where the payload goes, and what it would fetch if it ever ran.
POISONED_LAB = "inside_compile"
TRAP = "127.0.0.2:9"
PAYLOAD = f'AMD EPYC <img src="http://{TRAP}/x" onerror="fetch(\'http://{TRAP}/y\')">'
SCREENSHOTS = Path(os.environ.get("COURSE_SCREENSHOTS", "/tmp/course-screenshots"))


def pages(lang: str) -> set[str]:
    """A language's written pages (notebook pages are generated in both, from the lab's notebook)."""
    return {p.relative_to(DOCS / lang).as_posix() for p in (DOCS / lang).rglob("*.md")}


def test_every_page_has_its_translation_and_mirrors_it():
    assert pages("en") == pages("es")
    assert mirror_problems(DOCS) == []


@pytest.mark.parametrize("page", sorted(p.relative_to(DOCS / "es").as_posix() for p in (DOCS / "es").rglob("*.md")))
def test_spanish_pages_keep_to_the_glossary(page):
    assert glossary.avoided_terms((DOCS / "es" / page).read_text()) == []


NOTEBOOKS = sorted(notebooks.notebook_labs())


@pytest.mark.parametrize("lab", NOTEBOOKS)
def test_every_notebook_translates_completely(lab):
    """Every markdown cell and code comment has its Spanish, and no translation is stale."""
    source = notebooks.notebook_labs()[lab].read_text()
    table = notebooks.load_table(notebooks.TRANSLATIONS / f"{lab}_notebook.es.toml")
    spanish = notebooks.translate(source, table, f"{lab}_notebook")
    assert spanish.count("# %%") == source.count("# %%")
    code = lambda text: [line.split("  #")[0] for line in text.splitlines() if not line.lstrip().startswith("#")]
    assert code(spanish) == code(source)    # one copy of the code


def poisoned_results(target: Path) -> Path:
    shutil.copytree(ROOT / "results", target, ignore=shutil.ignore_patterns(".history"))
    path = target / POISONED_LAB / "cpu" / "manifest.json"
    data = json.loads(path.read_text())
    data["provenance"]["device_name"] = data["provenance"]["cpu_model"] = PAYLOAD  # one machine, a hostile name
    path.write_text(json.dumps(data))
    return target


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    results = poisoned_results(tmp_path_factory.mktemp("results") / "results")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=ENGINE_PATH, COURSE_RESULTS_DIR=str(results))
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return out


@pytest.mark.slow   # runs MkDocs
def test_the_makefiles_build_stops_on_a_page_it_cannot_expand(tmp_path):
    # `make site` must fail, not publish, when a page's marker cannot be expanded; MkDocs
    # lets warnings through under --strict when --quiet is given, so run its very command.
    quiet_make = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    printed = subprocess.run(["make", "--no-print-directory", "-n", "build"], cwd=ROOT, env=quiet_make,
                             capture_output=True, text=True, check=True).stdout   # run inside `make test` too
    [command] = [line.split() for line in printed.splitlines() if "mkdocs build" in line]
    results = tmp_path / "results"
    shutil.copytree(ROOT / "results", results, ignore=shutil.ignore_patterns(".history"))
    shutil.rmtree(results / POISONED_LAB / "cpu")   # its page's CPU markers have nothing to read
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=ENGINE_PATH, COURSE_RESULTS_DIR=str(results))
    assert command[0].endswith("/mkdocs")   # the venv's mkdocs: run it as this interpreter's module
    done = subprocess.run([sys.executable, "-m", "mkdocs", *command[1:], "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode != 0 and POISONED_LAB in done.stderr


def test_strict_build_writes_both_languages_and_serves_its_own_plotly(site):
    assert (site / "index.html").is_file() and (site / "es" / "index.html").is_file()
    assert (site / "assets" / "javascripts" / "plotly.min.js").is_file()


def visible_text(page_html: str) -> str:
    """The page's text outside code blocks and scripts, as a reader would read it."""
    body = re.sub(r"<(script|style|pre|code)\b.*?</\1>", " ", page_html, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("lang", ["", "es/"])
def test_no_marker_is_left_unexpanded_on_any_page(site, lang):
    for page in (site / lang).rglob("index.html"):
        if lang == "" and page.relative_to(site).parts[0] == "es":
            continue
        text = visible_text(page.read_text())
        assert "{{" not in text and "}}" not in text, f"{page}: {text[text.find('{{') - 80:text.find('{{') + 80]}"


def test_spanish_pages_as_rendered_keep_to_the_glossary(site):
    """What a reader sees, not the page's source: the engine's strings, generated claims, cohort
    headlines and table cells reach the page through markers the source check skips."""
    found = {page.relative_to(site).as_posix(): hits for page in sorted((site / "es").rglob("index.html"))
             if (hits := glossary.avoided_terms(visible_text(page.read_text())))}
    assert found == {}


def test_the_rendered_glossary_check_finds_a_word_in_a_cell_but_not_in_code():
    cell = '<table><tr><td>4 reproducidos como grafos CUDA</td></tr></table><pre><code>un frame</code></pre>'
    assert glossary.avoided_terms(visible_text(cell)) == [("grafos CUDA", "CUDA graph")]


def english_sentences(text: str) -> set[str]:
    """Runs of eight or more words that read as prose: what a Spanish page must not repeat."""
    words = r"[A-Za-z][a-z'’-]*"
    return {" ".join(m.group(0).split()) for m in re.finditer(rf"{words}(?:[ ,;:]+{words}){{7,}}", text)}


@pytest.mark.parametrize("lab", sorted(p.stem for p in (DOCS / "en" / "labs").glob("*.md")))
def test_spanish_lab_pages_hold_no_english_prose(site, lab):
    """Generated text too (deliverables, verdicts, summaries, captions): a sentence that reaches
    the Spanish page in English shows up here as the same words on both pages."""
    english = english_sentences(visible_text((site / "labs" / lab / "index.html").read_text()))
    spanish = " ".join(visible_text((site / "es" / "labs" / lab / "index.html").read_text()).split())
    leaked = sorted(sentence for sentence in english if sentence in spanish)
    assert not leaked, f"English on the Spanish page of {lab}: {leaked[:5]}"


# Pygments' classes for comments and docstrings in a highlighted block.
COMMENT_SPAN = re.compile(r'<span class="(?:c|c1|ch|cm|cs|sd)">(.*?)</span>', re.S)
INCLUDED = re.compile(r'^[ \t]*--8<-- "(labs/[^":]+\.py)(?::[^"]*)?"[ \t]*$', re.M)


def english_comments_shown(english_sources: list[str], spanish_html: str) -> list[str]:
    """Lines of the lab files a page includes, with four words or more, that a Spanish page shows
    as a comment or a docstring: English prose that should have been translated. Only the
    comment spans are read, so the code itself (the same on both pages) never counts."""
    shown = {" ".join(html.unescape(line).strip(' #"\'').split())
             for span in COMMENT_SPAN.findall(spanish_html) for line in span.split("\n")}
    leaked = set()
    for source in english_sources:
        for line in source.splitlines():
            text = " ".join(line.split("#", 1)[-1].strip(' #"\'').split())
            if len(re.findall(r"[A-Za-z]{2,}", text)) >= 4 and text in shown and not _is_python(text):
                leaked.add(text)
    return sorted(leaked)


def _is_python(text: str) -> bool:
    """A docstring's example line is code, the same in both languages."""
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def test_the_english_comment_finder_on_near_misses():
    source = 'x = compute(a, b)  # the sum of both values here\n    """A docstring line in English."""\n'
    caught = ('<span class="n">x</span> <span class="c1"># the sum of both values here</span>'
              '<span class="sd">"""A docstring line in English."""</span>')
    assert english_comments_shown([source], caught) == ["A docstring line in English.", "the sum of both values here"]
    translated = '<span class="c1"># la suma de los dos valores</span><span class="sd">"""Una línea."""</span>'
    assert english_comments_shown([source], translated) == []
    as_code = '<span class="n">the sum of both values here</span>'          # the same words, not a comment
    assert english_comments_shown([source], as_code) == []
    short = 'y = 1  # the sum\n'                                                # under four words: not prose
    assert english_comments_shown([short], '<span class="c1"># the sum</span>') == []
    example = '    """Use it so:\n\n        out = run(model, inputs, steps, settings)\n    """\n'  # code in a docstring
    assert english_comments_shown([example], '<span class="sd">        out = run(model, inputs, steps, settings)</span>') == []


@pytest.mark.parametrize("lab", sorted(p.stem for p in (DOCS / "es" / "labs").glob("*.md")
                                       if INCLUDED.search(p.read_text())))
def test_spanish_pages_show_lab_code_with_spanish_comments(site, lab):
    """Comments in code written into a page are translated: the lab files the English page
    includes, read here as they are, must not reach the Spanish page as comments."""
    sources = [(ROOT / path).read_text() for path in INCLUDED.findall((DOCS / "en" / "labs" / f"{lab}.md").read_text())]
    leaked = english_comments_shown(sources, (site / "es" / "labs" / lab / "index.html").read_text())
    assert not leaked, f"English comments in the Spanish page of {lab}: {leaked[:5]}"


def test_result_text_reaches_the_page_as_text(site):
    page = (site / "labs" / POISONED_LAB / "index.html").read_text()
    assert "<img src=\"http://127.0.0.2" not in page and 'onerror="fetch' not in page
    assert PAYLOAD in visible_text(page)


def test_each_language_searches_its_own_pages(site):
    indexes = {lang: site / folder / "search" / "search_index.json" for lang, folder in (("en", ""), ("es", "es"))}
    assert all(index.is_file() for index in indexes.values()), f"a language has no search index: {indexes}"
    english, spanish = (json.loads(index.read_text()) for index in indexes.values())
    assert english["config"]["lang"] == ["en"] and spanish["config"]["lang"] == ["es"]
    assert english["docs"] and spanish["docs"]
    assert not any(doc["location"].startswith("es/") for doc in english["docs"])
    assert any("guard" in doc["text"].lower() for doc in english["docs"])
    assert not any("guardas" in doc["text"].lower() for doc in english["docs"])
    assert any("guardas" in doc["text"].lower() for doc in spanish["docs"])


@pytest.mark.parametrize("lab", NOTEBOOKS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_notebook_page_shows_the_runs_outputs_and_offers_its_source(site, lab, lang):
    root = site if lang == "en" else site / lang
    page = (root / "labs" / f"{lab}_notebook" / "index.html").read_text()
    assert "jp-Cell" in page or "jupyter-wrapper" in page, f"{lab}'s notebook page is not a rendered notebook"
    assert "jp-OutputArea" in page, "the notebook page shows no outputs from the run"
    assert f'href="../{lab}_notebook.py" download' in page
    source = (root / "labs" / f"{lab}_notebook.py").read_text()
    assert source.startswith("# ---") and ("Parte A" in source) == (lang == "es")


# -- in a browser -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def server(site):
    with serving(site) as base_url:
        yield base_url


@pytest.fixture(scope="session")
def browser():
    with Browser() as chromium:
        yield chromium


@pytest.mark.parametrize("path, title", [("/", "ML Compilers, Executed"), ("/es/", "Compiladores de ML")])
def test_home_page_in_both_languages(browser, server, path, title):
    page = browser.open(server + path)
    assert title in page.evaluate("document.title")


@pytest.mark.parametrize("page, other", [("/labs/inductor_kernels/", "/es/labs/inductor_kernels/"),
                                         ("/es/labs/inductor_kernels/", "/labs/inductor_kernels/"),
                                         ("/es/", "/"),
                                         ("/cohorts/2026-11-pilot/", "/es/cohorts/2026-11-pilot/"),
                                         ("/es/cohorts/2026-11-pilot/", "/cohorts/2026-11-pilot/")])
def test_language_switch_keeps_the_page(browser, server, page, other):
    opened = browser.open(server + page)
    wanted = "en" if other == "/" or not other.startswith("/es/") else "es"
    target = opened.evaluate(f'document.querySelector("a[hreflang={wanted}].md-select__link").href')
    assert target == server + other


@pytest.mark.parametrize("old, new", [(f"/{lang}labs/{old}/", f"/{lang}labs/{new}/")
                                      for old, new in FORMER_LAB_IDS.items() for lang in ("", "es/")])
def test_a_renamed_labs_old_address_leads_to_its_page(browser, server, old, new):
    opened = browser.open(server + old)
    for _ in range(50):   # the old page sends the browser on at once; allow it a moment
        if opened.evaluate("location.href") == server + new:
            break
        time.sleep(0.1)
    assert opened.evaluate("location.href") == server + new
    assert opened.evaluate("document.querySelector('h1').textContent").strip()


# What the tests read off a lab page: plotly drew every figure, every tab set stands alone,
# nothing overflows the content column, no marker is left, and the page's height.
PAGE_FACTS = """(() => {
  const figures = [...document.querySelectorAll('.course-figure')];
  const sets = [...document.querySelectorAll('.tabbed-set')].map(set =>
      [...set.querySelectorAll(':scope > .tabbed-labels > label')].map(l => l.textContent.trim()));
  const column = document.querySelector('.md-content');
  const wide = [...document.querySelectorAll('.md-content .md-typeset > *')]
      .filter(e => e.getBoundingClientRect().right > column.getBoundingClientRect().right + 2)
      .map(e => e.tagName + '.' + e.className);
  return {figures: figures.length,
          drawn: figures.filter(f => f.querySelector('.main-svg')).length,
          sets: sets,
          pageWidth: document.documentElement.scrollWidth, window: window.innerWidth,
          wide: wide, text: document.body.innerText, height: document.documentElement.scrollHeight};
})()"""


@pytest.mark.parametrize("width", [390, 1400])
@pytest.mark.parametrize("lang", ["", "es/"])
@pytest.mark.parametrize("lab", LAB_PAGES)
def test_lab_pages_read_well_at_phone_and_desktop_widths(browser, server, lab, lang, width):
    page = browser.open(f"{server}/{lang}labs/{lab}/", width=width)
    facts = page.evaluate(PAGE_FACTS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(SCREENSHOTS / f"{lab}-{lang.strip('/') or 'en'}-{width}.png")
    assert facts["drawn"] == facts["figures"], f"plotly drew {facts['drawn']} of {facts['figures']} figures"
    for labels in facts["sets"]:
        assert len(labels) == len(set(labels)), f"two tab sets merged into one: {labels}"
    assert facts["pageWidth"] <= facts["window"], f"the page is {facts['pageWidth']} px wide in a {width} px window"
    assert not facts["wide"], f"wider than the content column: {facts['wide'][:5]}"
    assert "{{" not in facts["text"]


def test_the_reader_sees_each_number_next_to_its_label(browser, server):
    result = json.loads((ROOT / "results" / "inductor_kernels" / "cpu" / "manifest.json").read_text())
    for lang, label in (("", "TinyHead: compiled matches eager"), ("es/", "TinyHead: lo compilado coincide con eager")):
        text = browser.open(f"{server}/{lang}labs/inductor_kernels/").evaluate("document.body.innerText")
        check = result["checks"]["tinyhead_compile_match"]
        shown = format_number(check["value"], lang.strip("/") or "en")
        line = next((line for line in text.splitlines() if label in line), "")
        assert shown in line, f"{label!r} is not beside {shown!r}: {line!r}"


@pytest.mark.parametrize("path", ["/cohorts/2026-11-pilot/", "/es/cohorts/2026-11-pilot/"])
def test_the_first_cohort_is_published_with_its_plots(browser, server, path):
    """The pilot cohort (cohorts/2026-11-pilot, real runs) has a generated page in each language."""
    page = browser.open(server + path)
    facts = page.evaluate(PAGE_FACTS)
    assert facts["figures"] and facts["drawn"] == facts["figures"]
    assert ("Every submission" if path.startswith("/cohorts") else "Todos los envíos") in facts["text"]


def test_no_request_leaves_the_site(browser, server):
    pages = ["/", "/es/", f"/labs/{POISONED_LAB}/", f"/es/labs/{POISONED_LAB}/", "/labs/inductor_kernels/",
             "/cohorts/2026-11-pilot/"]
    for path in pages:
        page = browser.open(server + path)
        page.send("Network.enable")
        page.send("Page.reload")
        browser.wait_for_event("Page.loadEventFired", page.session)
        urls = [e["params"]["request"]["url"] for e in browser.events
                if e.get("method") == "Network.requestWillBeSent" and e.get("sessionId") == page.session]
        outside = [u for u in urls if not u.startswith(server) and not u.startswith(("data:", "blob:"))]
        assert urls and not outside, f"{path} requested {outside}"
        assert not any(TRAP in u for u in urls)
