"""The MkDocs hooks' pure parts, without a build: the per-language search index and the search
base of nested Spanish pages, and where a page sits for its markers. (test_site.py checks the
same on a built site, in the slow tier.)"""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest

import course
from tests.helpers_hooks import HOOKS, hook

search = hook("search_per_language")
markers_hook = hook("markers")

CONFIG = '<script id="__config" type="application/json">{"base": "..", "search": "x.js"}</script>'


def base_of(url: str) -> str | None:
    output = search.on_post_page(f"<html>{CONFIG}<p>body</p></html>", types.SimpleNamespace(url=url), {})
    data = json.loads(output.split('type="application/json">')[1].split("</script>")[0])
    assert data["search"] == "x.js" and output.endswith("<p>body</p></html>")
    return data["base"]


@pytest.mark.parametrize("url, base", [
    ("es/", "."),
    ("es/labs/", ".."),
    ("es/labs/inductor_kernels/", "../.."),
    ("es/reference/a/b/", "../../.."),
    ("es/labs/page.html", ".."),           # a page file sits in its folder
    ("es/404.html", "."),
])
def test_a_spanish_page_searches_the_spanish_root_from_any_depth(url, base):
    assert base_of(url) == base


@pytest.mark.parametrize("url", ["", "labs/", "labs/inductor_kernels/", "esquema/", "es.html"])
def test_an_english_page_keeps_its_base(url):
    assert base_of(url) == ".."


def test_only_the_config_script_is_touched():
    other = '<script id="other" type="application/json">{"base": ".."}</script>'
    output = search.on_post_page(other + CONFIG + CONFIG, types.SimpleNamespace(url="es/labs/x/"), {})
    assert output.startswith(other) and output.count('"base": ".."') == 2 and output.count('"base": "../.."') == 1


def build(tmp_path: Path, docs: list[dict]) -> Path:
    (tmp_path / "search").mkdir()
    index = {"config": {"lang": ["en"], "separator": "[\\s]+"}, "docs": docs}
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(index))
    search.on_post_build({"site_dir": str(tmp_path)})
    return tmp_path


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_each_language_gets_an_index_of_its_own_pages(tmp_path):
    docs = [{"location": "", "title": "Home", "text": "guard"},
            {"location": "labs/x/#a", "title": "X", "text": "guard"},
            {"location": "esquema/", "title": "English page named es…", "text": "x"},
            {"location": "es/", "title": "Inicio", "text": "guardas ñ"},
            {"location": "es/labs/x/#a", "title": "X", "text": "guardas"}]
    site = build(tmp_path, docs)
    english, spanish = read(site / "search" / "search_index.json"), read(site / "es" / "search" / "search_index.json")
    assert [d["location"] for d in english["docs"]] == ["", "labs/x/#a", "esquema/"]
    assert [d["location"] for d in spanish["docs"]] == ["", "labs/x/#a"]
    assert english["config"] == {"lang": ["en"], "separator": "[\\s]+"}
    assert spanish["config"] == {"lang": ["es"], "separator": "[\\s]+"}
    assert spanish["docs"][0]["text"] == "guardas ñ" and "\\u00f1" not in (site / "es" / "search" /
                                                                            "search_index.json").read_text()


def test_no_combined_index_means_nothing_to_split(tmp_path):
    search.on_post_build({"site_dir": str(tmp_path)})
    assert list(tmp_path.iterdir()) == []


# -- where a page sits, for its markers --------------------------------------------------------

@pytest.mark.parametrize("src_uri, url, lang, page_dir, site_root", [
    ("en/index.md", "", "en", "", "."),
    ("es/index.md", "es/", "es", "", ".."),
    ("en/labs/x.md", "labs/x/", "en", "labs", "../.."),
    ("es/labs/x.md", "es/labs/x/", "es", "labs", "../../.."),
    ("es/reference/a/b.md", "es/reference/a/b/", "es", "reference/a", "../../../.."),
    ("en/labs/x.md", "labs/x.html", "en", "labs", ".."),
    ("labs/x.md", "labs/x/", "en", "labs", "../.."),          # no language folder: English
])
def test_page_context(src_uri, url, lang, page_dir, site_root):
    ctx = markers_hook.page_context(src_uri, url)
    assert (ctx.page, ctx.lang, ctx.page_dir, ctx.site_root) == (src_uri, lang, page_dir, site_root)


# Hooks whose whole concern is MkDocs' own (addresses, search, assets): no engine module to match.
MKDOCS_ONLY_HOOKS = {"site_assets", "renamed_labs", "language_switch", "search_per_language"}


def test_a_hook_shares_its_name_with_the_engine_module_of_its_concern():
    engine = Path(course.__file__).parent   # scripts/course/, or course/ in mutmut's scratch tree
    names = {p.stem for p in HOOKS.glob("*.py")}
    assert names >= MKDOCS_ONLY_HOOKS, "a hook listed as MkDocs-only is gone: update MKDOCS_ONLY_HOOKS"
    unmatched = sorted(n for n in names - MKDOCS_ONLY_HOOKS
                       if not (engine / f"{n}.py").is_file() and not (engine / n / "__init__.py").is_file())
    assert not unmatched, f"name the engine module after the hook (or the hook after it): {unmatched}"
    listed = [line.strip()[2:] for line in (HOOKS.parent.parent / "mkdocs.yml").read_text().splitlines()
              if line.strip().startswith("- scripts/hooks/")]
    assert sorted(listed) == sorted(f"scripts/hooks/{n}.py" for n in names), "mkdocs.yml lists every hook, once"
