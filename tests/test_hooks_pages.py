"""The small MkDocs hooks without a build: the language switcher's links (language_switch) and the
pages a renamed lab's old address leaves behind (renamed_labs). Expected links are worked out
by hand from where each page sits, not with posixpath.relpath."""

from __future__ import annotations

import re
import types

import pytest

from tests.helpers_hooks import hook
from tests.helpers_locale import locale_encoding

switch = hook("language_switch")
renamed = hook("renamed_labs")

SWITCHER = ('<a href="/" hreflang="en" class="md-select__link">English</a>'
            '<a href="/es/" hreflang="es" class="md-select__link">Español</a>')


def links(url: str, html: str = SWITCHER) -> dict[str, str]:
    out = switch.on_post_page(html, types.SimpleNamespace(url=url), None)
    return dict((lang, href) for href, lang in re.findall(r'href="([^"]*)" hreflang="([a-z]+)"', out))


@pytest.mark.parametrize("url, en, es", [
    ("", "./", "es/"),                                       # the English home page
    ("es/", "../", "./"),                                    # the Spanish home page
    ("labs/x/", "./", "../../es/labs/x/"),
    ("es/labs/x/", "../../../labs/x/", "./"),
    ("labs/", "./", "../es/labs/"),
    ("es/labs/x_notebook/", "../../../labs/x_notebook/", "./"),
    ("espresso/", "./", "../es/espresso/"),                 # a page named es… is no Spanish page
])
def test_the_switcher_points_at_the_same_page_in_the_other_language_relative_to_this_one(url, en, es):
    assert links(url) == {"en": en, "es": es}


def test_only_the_switchers_links_change():
    other = '<a href="/x/" hreflang="es" class="md-nav__link">x</a>'
    assert switch.on_post_page(other + SWITCHER, types.SimpleNamespace(url="labs/x/"), None).startswith(other)


def test_a_renamed_labs_old_address_sends_each_language_to_its_new_page(tmp_path):
    renamed.on_post_build({"site_dir": str(tmp_path)})
    pages = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("index.html"))
    assert pages == ["es/labs/lab03_compile/index.html", "labs/lab03_compile/index.html"]
    english = (tmp_path / "labs/lab03_compile/index.html").read_text(encoding="utf-8")
    spanish = (tmp_path / "es/labs/lab03_compile/index.html").read_text(encoding="utf-8")
    for page in (english, spanish):
        assert '<meta http-equiv="refresh" content="0; url=../inductor_kernels/">' in page
        assert '<link rel="canonical" href="../inductor_kernels/">' in page
        assert "<title>inductor_kernels</title>" in page and '<a href="../inductor_kernels/">' in page
    assert "This lab has a new address:" in english and "Este laboratorio tiene una dirección nueva:" in spanish


# -- the other small hooks: their pure parts, without MkDocs ---------------------------------------

def test_the_theme_gets_the_engines_strings():
    from course.strings import STRINGS
    config = types.SimpleNamespace(extra={})
    assert hook("strings").on_config(config) is config and config.extra["course_strings"] is STRINGS


def test_a_missing_spanish_page_is_a_build_warning(tmp_path, caplog):
    (tmp_path / "en").mkdir()
    (tmp_path / "es").mkdir()
    (tmp_path / "en" / "a.md").write_text("# A\n", encoding="utf-8")
    hook("translations").on_pre_build({"docs_dir": str(tmp_path)})
    assert [r.getMessage() for r in caplog.records if r.levelname == "WARNING"] == [
        "docs/es/a.md is missing: the Spanish tree must mirror docs/en/a.md; add its translation"]


def test_a_cohort_page_is_its_escaped_title_and_one_marker():
    cohorts = hook("cohorts")
    assert cohorts.page_markdown("pilot-1", "A *b* <c>") == '# A &#42;b&#42; &lt;c&gt;\n\n{{ cohort id="pilot-1" }}\n'


@pytest.mark.parametrize("plugins, lang", [({"i18n": types.SimpleNamespace(current_language="es")}, "es"),
                                           ({"i18n": types.SimpleNamespace(current_language=None)}, "en"),
                                           ({}, "en")])
def test_the_cohort_pages_language_is_the_one_being_built(plugins, lang):
    assert hook("cohorts")._language(types.SimpleNamespace(plugins=plugins)) == lang


def test_a_published_text_file_is_utf8_and_a_binary_one_is_copied_as_it_is(tmp_path):
    assets = hook("site_assets")
    (tmp_path / "a.txt").write_bytes("kernel é\n".encode())
    (tmp_path / "b.png").write_bytes(b"\x89PNG\xff\x00")
    assets.publish(tmp_path / "a.txt", tmp_path / "a.out")
    assets.publish(tmp_path / "b.png", tmp_path / "b.out")
    assert (tmp_path / "a.out").read_bytes() == "kernel é\n".encode()
    assert (tmp_path / "b.out").read_bytes() == b"\x89PNG\xff\x00"


def test_a_published_text_file_is_utf8_on_a_machine_whose_locale_is_not(tmp_path, monkeypatch):
    locale_encoding(monkeypatch)   # a Windows machine: cp1252 has no ≥, and writes é as one byte
    (tmp_path / "a.txt").write_bytes("tamaño ≥ 2 é\n".encode())
    hook("site_assets").publish(tmp_path / "a.txt", tmp_path / "a.out")
    assert (tmp_path / "a.out").read_bytes() == "tamaño ≥ 2 é\n".encode()


# -- the markers hook around expand(): a page through it, the project folder, error grouping -------

def test_a_page_goes_through_the_markers_hook_expanded_with_its_includes_folder(tmp_path, monkeypatch, caplog):
    from course.results import ResultStore
    from tests.manifests import todays_code, write_result
    markers_hook = hook("markers")
    write_result(tmp_path / "results", device="cpu", provenance=todays_code())
    monkeypatch.setattr(markers_hook, "_store", ResultStore(tmp_path / "results"))
    (tmp_path / "part.md").write_text("included", encoding="utf-8")
    page = types.SimpleNamespace(file=types.SimpleNamespace(src_uri="en/labs/x.md"), url="labs/x/", meta={})
    config = {"config_file_path": str(tmp_path / "mkdocs.yml")}
    text = '{{ metric inductor_kernels/cpu:eager_us }}\n--8<-- "part.md"\n--8<-- "gone.md"\n'
    with caplog.at_level("WARNING"):
        out = markers_hook.on_page_markdown(text, page, config, None)
    assert out == '11.8\u00a0µs\n--8<-- "part.md"\n(missing include: gone.md)\n' and page.meta == {}
    assert [r.getMessage() for r in caplog.records] == [
        "en/labs/x.md: line 3 includes gone.md, which does not exist; fix the path (relative to the folder of "
        "mkdocs.yml) or remove the line"]


def test_markers_that_fail_for_one_cause_are_one_warning_naming_the_page(tmp_path, monkeypatch, caplog):
    from course.results import ResultStore
    markers_hook = hook("markers")
    monkeypatch.setattr(markers_hook, "_store", ResultStore(tmp_path / "results"))   # no result at all
    page = types.SimpleNamespace(file=types.SimpleNamespace(src_uri="es/labs/y.md"), url="es/labs/y/", meta={})
    text = "{{ metric inductor_kernels/cuda:eager_us }}\n{{ metric inductor_kernels/cuda:err }}\n"
    with caplog.at_level("WARNING"):
        markers_hook.on_page_markdown(text, page, {}, None)
    assert [r.getMessage() for r in caplog.records] == [
        "es/labs/y.md: marker {{ metric inductor_kernels/cuda:eager_us }} and 1 more marker(s): no result for lab "
        "inductor_kernels on cuda; run: make labs LAB=inductor_kernels DEVICE=cuda"]


@pytest.mark.parametrize("config, folder", [({"config_file_path": "/x/y/mkdocs.yml"}, "/x/y"), ({}, None),
                                            (None, None)])
def test_included_files_are_read_beside_mkdocs_yml_or_from_here(config, folder):
    from pathlib import Path
    assert hook("markers")._project_folder(config) == (Path(folder) if folder else Path.cwd())


def test_errors_are_grouped_by_the_cause_after_the_first_marker_even_if_it_names_another():
    markers_hook = hook("markers")
    cause = "needs {{ lab }}: a target"
    errors = [f"p.md: marker {{{{ a }}}}: {cause}", f"p.md: marker {{{{ b }}}}: {cause}"]
    assert markers_hook.group_errors("p.md", errors) == [f"p.md: marker {{{{ a }}}} and 1 more marker(s): {cause}"]


@pytest.mark.parametrize("url, site_root", [("a/b/x.html", "../.."), ("a/b/c/x.html", "../../..")])
def test_a_page_file_deep_in_the_tree_is_in_its_folder(url, site_root):
    assert hook("markers").page_context("en/" + url.replace(".html", ".md"), url).site_root == site_root


def test_a_renamed_labs_pages_are_written_again_into_a_site_that_has_them(tmp_path):
    renamed.on_post_build({"site_dir": str(tmp_path)})
    renamed.on_post_build({"site_dir": str(tmp_path)})    # mkdocs build --dirty, or serve's rebuilds
    assert (tmp_path / "labs/lab03_compile/index.html").is_file()
