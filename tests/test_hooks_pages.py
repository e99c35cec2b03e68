"""The small MkDocs hooks without a build: the language switcher's links (language_switch) and the
pages a renamed lab's old address leaves behind (renamed_labs). Expected links are worked out
by hand from where each page sits, not with posixpath.relpath."""

from __future__ import annotations

import re
import types

import pytest

from tests.test_hooks_fast import hook

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
