"""What a person sees, on every page of the built site, at a phone's and a desktop's width, in
both languages, with the site served under a sub-path as project pages are (/course/):

- the rendered text holds no HTML entity (`&#95;` is escaping gone twice);
- nothing overflows the window sideways (code blocks and tables scroll by design);
- every plot's legend and axis titles lie inside the figure, clear of the plotting area,
  the tick labels and each other, and plotly's toolbar covers no bars;
- a Spanish page holds none of the engine's English strings outside code;
- typing in the search box finds pages of that language only;
- no absolute path of a build machine appears anywhere in site/ (a scan of files);
- the language switch, a renamed lab's old address, the sitemap and the 404 page work
  under the sub-path.

Every rule is also run on a small page that breaks it, and must report it. Screenshots of
each lab page at both widths go to screenshots/ (git-ignored; COURSE_SCREENSHOTS moves it).
"""

from __future__ import annotations

import contextlib
import functools
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import pytest

from course.strings import LAB_MESSAGES, STRINGS
from labs.common.contract import FORMER_LAB_IDS
from tests.browser import Browser, BrowserError
from tests.conftest import ENGINE_PATH

ROOT = Path(__file__).resolve().parent.parent
CHECKS = (Path(__file__).parent / "visible_checks.js").read_text()
SCREENSHOTS = Path(os.environ.get("COURSE_SCREENSHOTS", ROOT / "screenshots"))
SUB_PATH = "/course"
SITE_URL = "https://learners.example.org/course/"
WIDTHS = (1400, 390)


# -- the engine's English, as a reader would see it on a Spanish page -----------------------

def english_phrases() -> list[str]:
    """The engine's English strings, cut at their placeholders and code spans, keeping the
    pieces of two words or more that the Spanish table does not also use."""
    spanish = " ".join(STRINGS["es"].values())
    phrases = set()
    for key, english in STRINGS["en"].items():
        if english == STRINGS["es"][key]:
            continue
        for piece in re.split(r"\{[^}]*\}|`[^`]*`", english):
            piece = piece.strip(" .,;:()")
            if len(piece.split()) >= 2 and piece not in spanish:
                phrases.add(piece)
    for pattern, _ in LAB_MESSAGES:   # the labs' known messages, by their fixed words
        words = re.split(r"\(\?P<\w+>[^)]*\)|\\[()]|\\S\+|\\w\+|\\d\+|\\\.", pattern.pattern)
        phrases.update(w.strip() for w in words if len(w.strip().split()) >= 3)
    return sorted(phrases)


ENGLISH = english_phrases()


def run_checks(page, spanish: bool) -> dict:
    script = f"const ENGLISH = {json.dumps(ENGLISH)}; const CHECK_ENGLISH = {json.dumps(spanish)};\n{CHECKS}"
    return page.evaluate(script)


# -- no build machine's path in site/ (files, not a browser) --------------------------------

# Written apart from course/machine_paths.py, which it checks: an absolute path through this
# repository's folders or a Python installation, a home folder, the runner's scratch folders,
# or this checkout's own root.
MACHINE_PATH = re.compile(
    r"(?<![\w.~/:-])(?:/[\w.+@-]+)+/(?:labs|results|\.work|\.venv|experiments|site-packages|dist-packages)/"
    r"|(?<![\w.~/:-])/(?:home|Users)/[\w.-]+/|(?<![\w.~/:-])/root/"
    r"|(?<![\w.~/:-])/tmp/\w+-(?:cpu|cuda)-\w+")


def machine_paths_in(folder: Path) -> list[str]:
    found = []
    needles = [str(ROOT)]
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".png", ".woff", ".woff2", ".gz", ".pt"):
            continue
        text = path.read_text(errors="replace")
        # a link's address under the site's sub-path (href="/course/labs/") is not a file path
        hit = next((m for m in MACHINE_PATH.finditer(text)
                    if not re.search(r'(?:href|src|content|action)="$', text[max(0, m.start() - 9):m.start()])), None)
        literal = next((n for n in needles if n in text), None)
        if hit or literal:
            found.append(f"{path.relative_to(folder)}: {hit.group(0) if hit else literal}")
    return found


def test_no_build_machines_path_anywhere_in_the_site(site):
    found = machine_paths_in(site)
    assert not found, f"{len(found)} files show a build machine's path: {found[:5]}"


def test_the_path_scan_finds_a_planted_path(tmp_path):
    (tmp_path / "ok.html").write_text('python -m labs.x --out /tmp/run; tlparse /tmp/trace/*.log; a/b labs/x.py '
                                      '<a href="/course/labs/x/">')
    assert machine_paths_in(tmp_path) == []
    for planted in ("# File: /home/ada/course/labs/x/block.py:24", "/opt/t/.venv/lib/python3.12/site-packages/torch/a.py",
                    "'/tmp/inside_compile-cuda-y9vkc3_e/inductor-cache'", f"{ROOT}/x"):
        (tmp_path / "bad.log").write_text(f"line\n{planted}\n")
        assert machine_paths_in(tmp_path), planted


# -- the site, built for a sub-path and served under it ------------------------------------

@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("visible") / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=ENGINE_PATH, SITE_URL=SITE_URL)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder under SUB_PATH, with static hosts' 404 page; `swaps` serves one file
    in place of another (a deliberately broken site)."""
    swaps: ClassVar[dict[str, str]] = {}

    def log_message(self, *args) -> None:
        pass

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        if not path.startswith(SUB_PATH + "/"):
            return str(Path(self.directory) / "__nowhere__")
        local = path[len(SUB_PATH):]
        return super().translate_path(self.swaps.get(local, local))

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def serving_under_sub_path(folder: Path, swaps: dict[str, str] | None = None):
    handler = type("Handler", (_Handler,), {"swaps": swaps or {}})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{SUB_PATH}"
    finally:
        httpd.shutdown()


@pytest.fixture(scope="session")
def base(site):
    with serving_under_sub_path(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with Browser() as chromium:
        yield chromium


class Tab:
    """One browser tab at one width, reused page after page (a new tab per page is slow)."""

    def __init__(self, browser: Browser, width: int):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})

    def send(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def open(self, url: str) -> Tab:
        before = None
        for _ in range(100):  # the page before may still be navigating (a redirect page)
            if (before := self.poll("location.href")) is not None:
                break
            time.sleep(0.05)
        self.send("Page.navigate", {"url": url})
        for _ in range(300):  # a load event of the page before may still be queued: ask the page itself
            if self.poll(f"(location.href === {json.dumps(url)} || location.href !== {json.dumps(before)})"
                         " && document.readyState === 'complete'"):
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"{url} did not load")
        self.browser.events = [e for e in self.browser.events if e.get("sessionId") != self.session]
        for _ in range(50):   # plotly draws after the load event
            if self.poll("[...document.querySelectorAll('.course-figure')].every(f => f.querySelector('.main-svg'))"):
                break
            time.sleep(0.1)
        time.sleep(0.3)       # Material's layout and plotly's resize settle
        return self

    def poll(self, expression: str):
        """`evaluate`, or None while the page is navigating away (a redirect page does, right after
        it loads: asking then fails with "Inspected target navigated or closed"; ask again)."""
        try:
            return self.evaluate(expression)
        except BrowserError as error:
            if "navigated or closed" not in str(error):
                raise
            return None

    def evaluate(self, expression: str):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path) -> None:
        from tests.browser import Page
        Page(self.browser, self.session).screenshot(path)


def site_pages(site: Path) -> list[str]:
    """Every page a reader can reach: its address below the site's root."""
    pages = []
    for page in sorted(site.rglob("index.html")):
        relative = page.parent.relative_to(site).as_posix()
        text = page.read_text(errors="replace")[:3000]
        if relative.startswith(("results", "assets")) or 'http-equiv="refresh"' in text:
            continue   # served artifacts (tlparse's report), and a renamed lab's redirect
        pages.append("" if relative == "." else relative + "/")
    return pages


@pytest.fixture(scope="session")
def seen(site, base, browser) -> dict[tuple[str, int], dict]:
    """Every page at each width, checked once: (page, width) -> problems found."""
    found = {}
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        tab = Tab(browser, width)
        for page in site_pages(site):
            tab.open(f"{base}/{page}")
            found[(page, width)] = run_checks(tab, spanish=page.startswith("es/"))
            if re.fullmatch(r"(es/)?labs/[a-z_]+/", page):
                name = page.strip("/").replace("/", "-").replace("labs-", "")
                tab.screenshot(SCREENSHOTS / f"{name if page.startswith('es/') else 'en-' + name}-{width}.png")
        tab.send("Page.close")
    return found


def _report(seen: dict, rule: str) -> list[str]:
    return [f"{page or '/'} at {width} px: {problem}" for (page, width), problems in seen.items()
            for problem in problems[rule]]


def test_every_page_in_both_languages_at_both_widths_is_checked(site, seen):
    pages = site_pages(site)
    assert len(seen) == 2 * len(pages) and any(p.startswith("es/") for p in pages) and len(pages) >= 30
    print(f"\n{len(pages)} pages × {len(WIDTHS)} widths checked")


@pytest.mark.parametrize("rule", ["entities", "overflow", "plots", "english"])
def test_what_a_person_sees_breaks_no_rule(seen, rule):
    problems = _report(seen, rule)
    assert not problems, f"{len(problems)} problems ({rule}):\n" + "\n".join(problems[:12])


# -- each rule fails on a page that breaks it ------------------------------------------------

def synthetic_page(folder: Path, body: str, plot: str = "") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    script = '<script src="../plotly.min.js"></script>' if plot else ""
    (folder / "index.html").write_text(
        f"<!doctype html><html><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width'>{script}</head>"
        f"<body style='margin:0;font:16px sans-serif'>{body}"
        f"<div class='course-figure'><div id='f' class='js-plotly-plot'></div></div>"
        f"<script>{plot}</script></body></html>" if plot else
        f"<!doctype html><html><head><meta charset='utf-8'><meta name='viewport' content='width=device-width'>"
        f"</head><body style='margin:0'>{body}</body></html>")


PLOT = """Plotly.newPlot('f', [{type: 'bar', x: ['bytecode_instructions', 'fx_graph_ops'], y: [1, 2], name: 'a'},
                     {type: 'bar', x: ['bytecode_instructions', 'fx_graph_ops'], y: [2, 1], name: 'b'}],
  {height: 300, margin: {l: 30, r: 10, t: 10, b: 30}, yaxis: {title: {text: 'a long title'}},
   legend: LEGEND}, {displaylogo: false});"""

BREAKS = {   # rule -> (page that breaks it, the same page mended)
    "entities": ("<p>decompiled&amp;#95;forward.py</p>", "<p>decompiled_forward.py &amp; a &lt;b&gt;</p>"),
    "overflow": ("<p>x</p><div style='width:2000px'>wide</div>",
                 "<div style='overflow-x:auto'><table style='width:2000px'><tr><td>t</td></tr></table></div>"),
    "english": ("<p>Hecho en casa. Made with Material for MkDocs</p>",
                "<p>Hecho con Material for MkDocs</p><pre><code>Made with Material</code></pre>"),
}


@pytest.mark.parametrize("rule", sorted(BREAKS) + ["plots"])
def test_each_rule_fails_on_a_page_that_breaks_it(tmp_path, site, browser, rule):
    if rule == "plots":
        shutil.copyfile(site / "assets" / "javascripts" / "plotly.min.js", tmp_path / "plotly.min.js")
        bad = PLOT.replace("LEGEND", "{x: 0, y: 0}")   # on top of the bars and the tick labels
        good = (PLOT.replace("LEGEND", "{orientation: 'h', y: -0.25}").replace("b: 30", "b: 90")
                .replace("yaxis: {", "yaxis: {automargin: true, ").replace("displaylogo: false", "displayModeBar: false"))
        synthetic_page(tmp_path / "bad", "", bad)
        synthetic_page(tmp_path / "good", "", good)
    else:
        bad_body, good_body = BREAKS[rule]
        synthetic_page(tmp_path / "bad", bad_body)
        synthetic_page(tmp_path / "good", good_body)
    with serving_under_sub_path(tmp_path) as url:
        tab = Tab(browser, 390 if rule == "overflow" else 1000)
        bad_found = run_checks(tab.open(f"{url}/bad/"), spanish=True)[rule]
        good_found = run_checks(tab.open(f"{url}/good/"), spanish=True)[rule]
        tab.send("Page.close")
    assert bad_found, f"the {rule} rule let a page that breaks it through"
    assert not good_found, f"the {rule} rule flags a page that keeps it: {good_found}"


# -- a plot in a tab opened later (the GPU tab) fits its box -------------------------------

OPEN_GPU_TAB = ("(() => { const label = [...document.querySelectorAll('.tabbed-set .tabbed-labels label')]"
                ".find(l => /GPU/.test(l.textContent)); if (!label) return false; label.click(); return true; })()")
SHOWN_PLOT_WIDTHS = ("[...document.querySelectorAll('.course-figure')].filter(f => f.offsetParent !== null)"
                     ".map(f => { const svg = f.querySelector('.main-svg');"
                     " return [f.clientWidth, svg ? svg.getBoundingClientRect().width : -1]; })")


def plots_cut_after_the_gpu_tab_opens(tab: Tab, url: str) -> list[str]:
    tab.open(url)
    assert tab.evaluate(OPEN_GPU_TAB), f"{url}: no GPU tab to open"
    time.sleep(1.0)        # the tab's content shows, then plotly redraws
    widths = tab.evaluate(SHOWN_PLOT_WIDTHS)
    assert widths, f"{url}: no plot shown in the GPU tab"
    return [f"plot {i + 1} drawn {drawn:.0f} px wide in a box of {box} px"
            for i, (box, drawn) in enumerate(widths) if drawn > box + 1]


@pytest.mark.parametrize("page", ["labs/compile_compare/", "es/labs/distributed/"])
def test_a_plot_in_the_gpu_tab_fits_its_box_on_a_phone(base, browser, page):
    tab = Tab(browser, 390)
    try:
        assert plots_cut_after_the_gpu_tab_opens(tab, f"{base}/{page}") == []
    finally:
        tab.send("Page.close")


def test_without_the_redraw_the_gpu_tabs_plots_are_cut(site, browser):
    """The near miss: the same page without the redraw script, as the site was before it."""
    page = (site / "labs" / "compile_compare" / "index.html").read_text(encoding="utf-8")
    unmended = re.sub(r'<script id="course-plot-resize">.*?</script>', "", page, flags=re.S)
    assert unmended != page
    (site / "labs" / "compile_compare" / "unmended.html").write_text(unmended, encoding="utf-8")
    tab = Tab(browser, 390)
    try:
        with serving_under_sub_path(site, {"/labs/compile_compare/": "/labs/compile_compare/unmended.html"}) as url:
            assert plots_cut_after_the_gpu_tab_opens(tab, f"{url}/labs/compile_compare/")
    finally:
        tab.send("Page.close")
        (site / "labs" / "compile_compare" / "unmended.html").unlink()


TICKS = """Plotly.newPlot('f', [{type: 'scatter', mode: 'lines', x: XS, y: [1, 2, 3]}],
  {height: 300, width: WIDTH, margin: {l: 30, r: 0, t: 10, b: 30}}, {displayModeBar: false});"""


def test_a_tick_label_is_cut_only_when_a_reader_sees_it_cut(tmp_path, site, browser):
    """Category labels past the figure's edge stay drawn (cut); on a numeric axis plotly hides
    a label that would pass the edge (display: none), which a reader never sees: the near miss
    that once failed the distributed page at 390 px."""
    shutil.copyfile(site / "assets" / "javascripts" / "plotly.min.js", tmp_path / "plotly.min.js")
    pages = {"cut": TICKS.replace("XS", "['a_long_category_name', 'b', 'another_long_category']"),
             "hidden": TICKS.replace("XS", "[0, 100, 200]")}
    for name, plot in pages.items():
        # below the page's top, as on a lab page: a hidden label's empty box sits at (0, 0)
        synthetic_page(tmp_path / name, "<div style='height:600px'></div>", plot.replace("WIDTH", "300"))
    with serving_under_sub_path(tmp_path) as url:
        tab = Tab(browser, 390)
        found = {name: run_checks(tab.open(f"{url}/{name}/"), spanish=False)["plots"] for name in pages}
        hidden = tab.evaluate("[...document.querySelectorAll('.xtick text')]"
                              ".filter(e => getComputedStyle(e).display === 'none').length")
        tab.send("Page.close")
    assert found["cut"] == ["f: a tick label is cut"], found
    assert hidden >= 1, "plotly hid no label: the near miss no longer tests anything"
    assert found["hidden"] == [], found


def test_the_english_phrases_hold_the_footer_and_the_labs_messages():
    assert "Made with" in ENGLISH and "this run used" in " ".join(ENGLISH)
    assert not any(phrase in " ".join(STRINGS["es"].values()) for phrase in ENGLISH)


# -- search, language switch, redirects, sitemap, 404 under the sub-path --------------------

SEARCH = """(async () => {
  const input = document.querySelector('.md-search__input');
  input.focus(); input.value = WORD;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true, key: 'e'}));
  for (let i = 0; i < 100; i++) {
    const found = [...document.querySelectorAll('.md-search-result__item > a')].map(a =>
        ({href: a.href, title: (a.querySelector('h1') || a.querySelector('h2') || a).textContent.trim()}));
    if (found.length) return found;
    await new Promise(r => setTimeout(r, 100));
  }
  return [];
})()"""


def search(tab: Tab, url: str, word: str) -> list[dict]:
    return tab.open(url).evaluate(f"const WORD = {json.dumps(word)};" + SEARCH)


def page_titles(site: Path, lang: str) -> set[str]:
    """The headings of every page of one language, read from the built HTML (not the search
    index): a search result is titled by its page's <h1> or its section's heading."""
    root = site / lang if lang else site
    titles = set()
    for page in root.rglob("index.html"):
        if not lang and page.relative_to(site).parts[0] == "es":
            continue
        for heading in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", page.read_text(errors="replace"), re.S):
            heading = heading[1]
            titles.add(" ".join(html.unescape(re.sub(r"<[^>]+>", "", heading)).replace("¶", "").split()))
    return titles


def strangers(found: list[dict], site: Path, base_url: str, lang: str) -> list[str]:
    """Results that are not pages of the searched language: by address and by title."""
    titles = page_titles(site, lang)
    return [f"{hit['title']} ({hit['href']})" for hit in found
            if hit["href"].startswith(f"{base_url}/es/") != (lang == "es/") or " ".join(hit["title"].split()) not in titles]


@pytest.mark.parametrize("lang, word", [("", "guard"), ("es/", "guardas")])
def test_search_finds_pages_of_its_own_language_only(site, base, browser, lang, word):
    tab = Tab(browser, 1400)
    found = search(tab, f"{base}/{lang}", word)
    tab.send("Page.close")
    assert found, f"searching {word!r} found nothing"
    assert strangers(found, site, base, lang) == []


def test_search_rule_fails_when_a_language_gets_the_others_index(site, browser):
    with serving_under_sub_path(site, {"/es/search/search_index.json": "/search/search_index.json"}) as url:
        tab = Tab(browser, 1400)
        found = search(tab, f"{url}/es/", "guard")
        tab.send("Page.close")
    assert found and strangers(found, site, url, "es/")


@pytest.mark.parametrize("page, other", [("labs/inductor_kernels/", "es/labs/inductor_kernels/"),
                                         ("es/labs/inductor_kernels/", "labs/inductor_kernels/"),
                                         ("es/", "")])
def test_language_switch_under_the_sub_path(base, browser, page, other):
    tab = Tab(browser, 1400)
    wanted = "es" if other.startswith("es/") else "en"
    href = tab.open(f"{base}/{page}").evaluate(f'document.querySelector("a[hreflang={wanted}].md-select__link").href')
    tab.send("Page.close")
    assert href == f"{base}/{other}"


@pytest.mark.parametrize("old, new", [(f"{lang}labs/{old}/", f"{lang}labs/{new}/")
                                      for old, new in FORMER_LAB_IDS.items() for lang in ("", "es/")])
def test_a_renamed_labs_old_address_under_the_sub_path(base, browser, old, new):
    tab = Tab(browser, 1400)
    tab.open(f"{base}/{old}")
    where = None
    for _ in range(50):
        where = _address(tab)
        if where == f"{base}/{new}":
            break
        time.sleep(0.1)
    tab.send("Page.close")
    assert where == f"{base}/{new}"


def _address(tab: Tab) -> str | None:
    """The tab's address, or None while the redirect is navigating it."""
    return tab.poll("location.href")


def test_sitemap_names_every_page_under_the_site_url(site, base):
    import urllib.request
    sitemap = (site / "sitemap.xml").read_text()
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert locations and all(loc.startswith(SITE_URL) for loc in locations)
    assert any(loc.startswith(SITE_URL + "es/") for loc in locations)
    for loc in locations[::7]:
        with urllib.request.urlopen(base + "/" + loc[len(SITE_URL):]) as reply:
            assert reply.status == 200, loc


@pytest.mark.parametrize("path, words", [("/no/such/page/", ("404", "Page not found")),
                                         ("/es/no/existe/", ("404", "Página no encontrada"))])
def test_a_missing_page_shows_the_404_page_in_its_language(base, browser, path, words):
    tab = Tab(browser, 390)
    text = tab.open(base + path).evaluate("document.body.innerText")
    styled = tab.evaluate("getComputedStyle(document.querySelector('.md-header')).position")
    tab.send("Page.close")
    assert all(word in text for word in words), text[:300]
    assert styled in ("sticky", "fixed"), "the 404 page lost its stylesheet under the sub-path"
