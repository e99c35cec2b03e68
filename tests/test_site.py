"""The site: the strict build, the English/Spanish mirror, and the built pages in Chromium."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path

import pytest

from course import notebook_i18n
from course.markers import MARKER
from tests.conftest import ENGINE_PATH

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HEADING = re.compile(r"^(#{1,6}) ", re.M)
FENCED = re.compile(r"^(`{3,}|~{3,}).*?^\1", re.M | re.S)
# Chromium's own background services (updates, clock, sign-in, autofill), never the page's:
# a font or CDN request from a page would still fail the test.
BROWSER_SERVICES = ("clients2.google.com", "update.googleapis.com", "accounts.google.com",
                    "content-autofill.googleapis.com", "optimizationguide-pa.googleapis.com")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                  "--virtual-time-budget=8000"]


def pages(lang: str) -> set[str]:
    """A language's pages; Spanish notebooks are generated from the English ones, so they count."""
    found = {p.relative_to(DOCS / lang).as_posix() for p in (DOCS / lang).rglob("*.md")}
    return found | {p.relative_to(DOCS / "en").as_posix() for p in (DOCS / "en").rglob("*_notebook.py")}


def test_every_page_has_its_translation():
    assert pages("en") == pages("es")


def test_every_notebook_translates_completely():
    """Every markdown cell and code comment has its Spanish, and no translation is stale."""
    for english in (DOCS / "en").rglob("*_notebook.py"):
        table = notebook_i18n.load_table(notebook_i18n.TRANSLATIONS / f"{english.stem}.es.toml")
        spanish = notebook_i18n.translate(english.read_text(), table, english.stem)
        assert spanish.count("# %%") == english.read_text().count("# %%")


@pytest.mark.parametrize("page", sorted(p for p in pages("en") if p.endswith(".md")))
def test_translation_mirrors_structure(page):
    en, es = (DOCS / "en" / page).read_text(), (DOCS / "es" / page).read_text()
    assert [m.group(1) for m in HEADING.finditer(FENCED.sub("", en))] == \
        [m.group(1) for m in HEADING.finditer(FENCED.sub("", es))], "headings differ in number or level"
    marker_targets = lambda text: [(m.group("kind"), m.group("body").split()[0] if m.group("body").split() else "")
                                   for m in MARKER.finditer(text)]
    assert marker_targets(en) == marker_targets(es), "markers differ"
    assert [m.group(0) for m in FENCED.finditer(en)] == [m.group(0) for m in FENCED.finditer(es)], \
        "code blocks differ (code stays in English in both)"


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=ENGINE_PATH)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return out


def test_strict_build_writes_both_languages(site):
    assert (site / "index.html").is_file() and (site / "es" / "index.html").is_file()
    assert (site / "assets" / "javascripts" / "plotly.min.js").is_file()
    for lang_root in (site, site / "es"):
        html = (lang_root / "labs" / "lab03_compile" / "index.html").read_text()
        assert "{{" not in html.replace("{{ ", "").replace("{%", ""), "an unexpanded marker is left"


def test_spanish_pages_use_decimal_commas(site):
    html = (site / "es" / "labs" / "lab03_compile" / "index.html").read_text()
    assert re.search(r"\d,\d+\s*×\s*10", html), "no number with a decimal comma on the Spanish page"


NOTEBOOKS = sorted(path.name for path in (DOCS / "en" / "labs").glob("*_notebook.py"))


def test_there_is_a_companion_notebook():
    assert NOTEBOOKS, "no docs/en/labs/*_notebook.py: the notebook pages would go untested"


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_notebook_page_renders_cells_with_its_own_download_link(site, name, lang):
    folder = (site if lang == "en" else site / lang) / "labs" / name.removesuffix(".py")
    html = (folder / "index.html").read_text()
    assert "jp-Cell" in html or "jupyter-wrapper" in html, f"{folder} is not a rendered notebook"
    assert f'href="{name}" download' in html
    assert (folder / name).read_bytes() == (DOCS / lang / "labs" / name).read_bytes()


def test_search_index_per_language(site):
    index = json.loads((site / "search" / "search_index.json").read_text())
    locations = [doc["location"] for doc in index["docs"]]
    assert any(loc.startswith("es/") for loc in locations) and any(not loc.startswith("es/") for loc in locations)


# -- in a browser -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def server(site):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def chromium(tmp_path: Path, url: str, *extra: str) -> str:
    if not CHROMIUM:
        pytest.fail("chromium is not installed: `make test` installs Debian's chromium package")
    profile = tmp_path / f"profile-{abs(hash(url + ''.join(extra)))}"
    done = subprocess.run([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *extra, "--dump-dom", url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("path, title", [("/", "ML Compilers, Executed"), ("/es/", "Compiladores de ML")])
def test_home_page_in_both_languages(tmp_path, server, path, title):
    dom = chromium(tmp_path, server + path)
    assert title in dom


@pytest.mark.parametrize("page, other", [("/labs/lab03_compile/", "/es/labs/lab03_compile/"),
                                         ("/es/labs/lab03_compile/", "/labs/lab03_compile/"),
                                         ("/es/", "/"),
                                         ("/cohorts/2026-11-pilot/", "/es/cohorts/2026-11-pilot/"),
                                         ("/es/cohorts/2026-11-pilot/", "/cohorts/2026-11-pilot/")])
def test_language_switch_keeps_the_page(tmp_path, server, page, other):
    dom = chromium(tmp_path, server + page)
    wanted = "en" if other == "/" or not other.startswith("/es/") else "es"
    link = re.search(rf'<a href="([^"]+)" hreflang="{wanted}" class="md-select__link"', dom)
    assert link, "no language switcher link"
    target = urllib.parse.urlparse(urllib.parse.urljoin(server + page, link.group(1))).path
    assert target == other


def test_plotly_figure_is_drawn(tmp_path, server):
    dom = chromium(tmp_path, server + "/labs/lab03_compile/")
    assert 'class="course-figure"' in dom
    assert "main-svg" in dom, "plotly did not draw the figure (is plotly.js loaded in <head>?)"


@pytest.mark.parametrize("path", ["/cohorts/2026-11-pilot/", "/es/cohorts/2026-11-pilot/"])
def test_the_first_cohort_is_published_with_its_plots(tmp_path, server, path):
    """The pilot cohort (cohorts/2026-11-pilot, real runs) has a generated page in each language."""
    dom = chromium(tmp_path, server + path)
    assert 'class="course-figure"' in dom and "main-svg" in dom
    assert ("Every submission" if path.startswith("/cohorts") else "Todos los envíos") in dom


def test_no_request_leaves_the_site(tmp_path, server):
    log = tmp_path / "netlog.json"
    for page in ("/labs/lab03_compile/", "/es/labs/lab03_compile/", "/", "/cohorts/2026-11-pilot/"):
        chromium(tmp_path, server + page, f"--log-net-log={log}")
        urls = set(re.findall(r'"url":"([a-z]+://[^"]+)"', log.read_text(errors="replace")))
        outside = {u for u in urls if not u.startswith(server) and not u.startswith("data:")
                   and not u.startswith("chrome")
                   and urllib.parse.urlparse(u).hostname not in BROWSER_SERVICES}
        assert not outside, f"{page} requested: {sorted(outside)}"
        assert any(u.startswith(server) for u in urls), "the net log saw no request at all"
