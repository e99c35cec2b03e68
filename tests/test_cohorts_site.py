"""Cohort pages in a real build: a cohort of hostile aliases (HTML, JavaScript, Markdown, a path,
right-to-left text, emoji) must show each alias as text, in the HTML, in the search index and in
the DOM Chromium builds; an empty cohort says so. The build uses its own cohorts folder (the
course's real cohorts, copied, plus these two), so nothing here is ever published."""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from course.cohorts.submission import to_text
from course.cohorts.submit import from_manifest
from course.results import RESULTS_DIR, read_manifest
from tests.browser import Browser
from tests.conftest import ENGINE_PATH
from tests.helpers_cohorts import HOSTILE_ALIASES

ROOT = Path(__file__).resolve().parent.parent
SHOWN = 'title = {en = "Hostile aliases", es = "Alias hostiles"}\nlabs = ["inside_compile"]\npreset = "full"\n' \
        'alias_mode = "shown"\n'
EMPTY = 'title = {en = "Nobody yet", es = "Nadie aún"}\nlabs = ["inside_compile"]\npreset = "full"\n'


def _hostile_cohort(cohorts: Path, inbox: Path) -> None:
    from course.cohorts import config, store
    (cohorts / "test-hostile").mkdir(parents=True)
    (cohorts / "test-hostile" / "cohort.toml").write_text(SHOWN)
    (cohorts / "test-empty").mkdir()
    (cohorts / "test-empty" / "cohort.toml").write_text(EMPTY)
    base = read_manifest(RESULTS_DIR / "inside_compile" / "cpu" / "manifest.json")  # a real run's shape
    inbox.mkdir()
    files = []
    for n, alias in enumerate(HOSTILE_ALIASES):
        base["provenance"]["date_utc"] = f"2026-11-21T12:00:{n:02d}Z"  # one distinct run per alias
        files.append(inbox / f"{n}.json")
        files[-1].write_text(to_text(from_manifest(base, alias)[0]), encoding="utf-8")
    outcomes = store.add(config.load_cohort("test-hostile", cohorts), files)
    assert [o.verdict for o in outcomes] == ["accepted"] * len(files), [o.line() for o in outcomes]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("cohort-site")
    cohorts = tmp / "cohorts"
    shutil.copytree(ROOT / "cohorts", cohorts, ignore=shutil.ignore_patterns(".lock", ".submissions.*", ".add-*",
                                                                         ".aggregate.json"))  # rebuilt by the build
    _hostile_cohort(cohorts, tmp / "inbox")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=ENGINE_PATH, COURSE_COHORTS_DIR=str(cohorts))
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return tmp / "site"


def page(site: Path, lang: str, cohort: str) -> str:
    return (site / ("" if lang == "en" else lang) / "cohorts" / cohort / "index.html").read_text()


def visible(markup: str) -> str:
    """The page's text as a reader sees it: scripts dropped, tags dropped, entities decoded."""
    markup = re.sub(r"<script.*?</script>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hostile_aliases_are_text_on_the_built_page(site, lang):
    built = page(site, lang, "test-hostile")
    seen = visible(built)
    for alias in HOSTILE_ALIASES:
        assert alias in seen, f"{alias!r} is not shown as written"
    assert "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>" in built
    assert not re.search(r"<img[^>]*onerror", built), "an alias became an <img> element"
    assert 'href="javascript:' not in built and "<strong>bold</strong>" not in built
    assert "<bdi>مرحبا</bdi>" in built


def test_hostile_aliases_are_text_in_the_search_index(site):
    index = json.loads((site / "search" / "search_index.json").read_text())
    texts = [doc["text"] for doc in index["docs"] if "cohorts/test-hostile/" in doc["location"]]
    assert texts, "the cohort page is not in the search index"
    joined = " ".join(texts)
    assert "&lt;img src=x onerror=alert(1)&gt;" in joined  # Material's search shows it as text
    assert "<img" not in joined and "javascript:" not in joined.replace("[x](javascript:alert(1))", "")
    assert "مرحبا" in joined and "🦜 Ada" in joined


def test_an_empty_cohort_has_a_page_that_says_so(site):
    assert "No submissions yet" in visible(page(site, "en", "test-empty"))
    assert "Aún no hay envíos" in visible(page(site, "es", "test-empty"))


def test_every_cohort_is_listed_and_in_the_navigation(site):
    for lang, root in (("en", site), ("es", site / "es")):
        listing = (root / "cohorts" / "index.html").read_text()
        for cohort in ("test-hostile", "test-empty", "2026-11-pilot"):
            assert f'href="{cohort}/"' in listing, f"{lang} cohorts page does not link {cohort}"
        nav = page(site, lang, "test-empty").split('<div class="md-content"')[0]
        assert 'href="../2026-11-pilot/"' in nav, "the pilot cohort is not in the navigation"


def test_the_browser_renders_aliases_as_text(site):
    with Browser() as browser:
        page = browser.open((site / "cohorts" / "test-hostile" / "index.html").as_uri())
        text = page.evaluate("document.body.innerText")
        assert "<img src=x onerror=alert(1)>" in text and "مرحبا" in text
        assert page.evaluate("document.querySelectorAll('img[onerror], a[href^=\"javascript:\"]').length") == 0
        assert page.evaluate("document.querySelectorAll('.course-figure .main-svg').length") > 0  # plots drawn


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_whole_table_is_a_download_both_languages_link_to(site, lang):
    """The page links the cohort's table as CSV and JSON files of the built site, not inlined."""
    folder = site / ("" if lang == "en" else lang) / "cohorts" / "test-hostile"
    links = re.findall(r'href="([^"]+-submissions\.(?:csv|json))"', page(site, lang, "test-hostile"))
    assert len(links) == 2
    for link in links:
        target = (folder / link).resolve()
        assert target.is_file() and target.parent == (site / "cohorts" / "test-hostile").resolve(), link
    rows = list(csv.DictReader(io.StringIO((site / "cohorts/test-hostile/test-hostile-submissions.csv").read_text())))
    assert sorted(r["learner"].lstrip("'") for r in rows) == sorted(a.lstrip("'") for a in HOSTILE_ALIASES)
    assert not list(site.glob("**/.aggregate.json"))
