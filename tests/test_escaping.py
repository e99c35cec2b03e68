"""escape.py, the one door from data to a page: properties over any text (no payload survives
into markup, every character comes back as text, in prose, in a table cell and in an attribute
value), and the table cell whose code span holds a `|`."""

from __future__ import annotations

import html
import re
import urllib.parse
from html.parser import HTMLParser

import markdown
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from course import escape

# The Markdown extensions the site's pages go through (mkdocs.yml), those that read inline text.
EXTENSIONS = ["tables", "md_in_html", "attr_list", "pymdownx.inlinehilite", "pymdownx.superfences"]
# Characters that make markup: any of them raw in the output would be a way in.
MARKUP = set("<>\"'`*_{}[]#!|~\\")
PAYLOADS = ["<script>alert(1)</script>", '" onmouseover="x', "' autofocus onfocus='x", "[a](javascript:x)",
            "{{ metric a/cpu:b }}", "`code`", "**b**", "a|b", "&lt;", "&#60;", "\\*", "<!--", "]]>", "![i](x)",
            "x\u2028y", "a\rb\nc", "\x00\x1b"]

# Text of any kind, weighted toward the characters that matter (a lone surrogate is no text:
# JSON can carry one, but neither a page nor a URL can hold it).
texts = st.text(alphabet=st.one_of(st.sampled_from(sorted(MARKUP | set("&;:/=() \t\n\r#%.-\x00\x7f\u2028é€"))),
                                   st.characters(blacklist_categories=("Cs",))), max_size=40)


def cleaned(value: str) -> str:
    """What the reader should see: the text itself, each control or line break a space."""
    return re.sub(r"[\x00-\x08\x0a-\x1f\x7f\u2028\u2029]", " ", value)


def visible(rendered: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


def spaced(value: str) -> str:
    """Runs of white space as one space: Markdown expands tabs, a browser collapses the rest."""
    return re.sub(r"\s+", " ", value)


class Attributes(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, list]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, attrs))


@settings(max_examples=300, deadline=None)
@given(texts)
def test_escaped_text_holds_no_markup_character(value):
    out = escape.text(value)
    assert not re.search(r"&(?!(amp|lt|gt|quot|#\d+);)", out), out    # every & starts an entity
    assert not MARKUP.intersection(re.sub(r"&(amp|lt|gt|quot|#\d+);", "", out)), out
    assert "\n" not in out and "\r" not in out


@settings(max_examples=300, deadline=None)
@given(texts)
@example("<b>x</b>")
@example("    indented")
def test_escaped_text_round_trips_as_text(value):
    assert html.unescape(escape.text(value)) == cleaned(value)
    rendered = markdown.markdown("before " + escape.text(value) + " after", extensions=EXTENSIONS)
    assert rendered.count("<") == 2, rendered                        # only the <p> and </p>
    assert spaced(visible(rendered)) == spaced("before " + cleaned(value) + " after")


@settings(max_examples=200, deadline=None)
@given(texts)
def test_escaped_text_is_one_attribute_value_in_either_quote(value):
    # escape.text promises attribute values: it must close neither quote nor the tag.
    for quote in ('"', "'"):
        parser = Attributes()
        parser.feed(f"<span title={quote}{escape.text(value)}{quote} class=x>y</span>")
        assert parser.found == [("span", [("title", cleaned(value)), ("class", "x")])]


@settings(max_examples=200, deadline=None)
@given(st.lists(texts, min_size=1, max_size=3))
def test_escaped_cells_keep_a_table_shape(values):
    rows = "| " + " | ".join(escape.text(v) for v in values) + " |"
    table = "| " + " | ".join("h" for _ in values) + " |\n|" + "---|" * len(values) + "\n" + rows + "\n"
    rendered = markdown.markdown(table, extensions=EXTENSIONS)
    cells = re.findall(r"<td>(.*?)</td>", rendered, re.S)
    assert [spaced(html.unescape(c)).strip() for c in cells] == [spaced(cleaned(v)).strip() for v in values]


def test_known_payloads_stay_text():
    for payload in PAYLOADS:
        rendered = markdown.markdown(escape.text(payload), extensions=EXTENSIONS)
        assert re.sub(r"</?p>", "", rendered).count("<") == 0, (payload, rendered)


# -- code spans a lab wrote on purpose (listings.cell) -----------------------------------------


def cell_html(cell: str) -> str:
    rendered = markdown.markdown(f"| h | k |\n|---|---|\n| {cell} | 2 |\n", extensions=EXTENSIONS)
    [first, second] = re.findall(r"<td>(.*?)</td>", rendered, re.S)
    assert second == "2", rendered          # the cell did not spill into the next one
    return first


def test_a_pipe_inside_a_code_span_in_a_table_cell_shows_no_backslash():
    shown = cell_html(escape.text("runs `a|b` then `c || d`", code_spans=True))
    assert shown == "runs <code>a|b</code> then <code>c || d</code>", shown


def test_a_pipe_outside_a_code_span_stays_in_its_cell():
    assert visible(cell_html(escape.text("a | b `x|y` c|", code_spans=True))) == "a | b x|y c|"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="`\n\r", blacklist_categories=("Cs", "Cc")),
               min_size=1, max_size=20).filter(lambda s: s.strip() == s and s.strip()),
       texts)
def test_code_spans_show_their_content_verbatim_and_the_rest_is_escaped(inside, around):
    around = around.replace("`", "'")
    shown = cell_html(escape.text(f"{around} `{inside}`", code_spans=True))
    code = re.search(r"<code>(.*)</code>", shown, re.S)
    assert code and html.unescape(code.group(1)) == inside, shown
    assert spaced(html.unescape(shown[:code.start()]).strip()) == spaced(cleaned(around).strip())


def test_code_spans_option_is_off_by_default():
    assert escape.text("`x`") == "&#96;x&#96;"


def test_code_wraps_escaped_text():
    assert escape.code("[a](b) <i>") == "<code>&#91;a&#93;(b) &lt;i&gt;</code>"


# -- links -----------------------------------------------------------------------------------


@pytest.mark.parametrize("link", ["javascript:alert(1)", "JavaScript:alert(1)", "DATA:text/html,x", "x1+.-:y",
                                  "//host/x", "mailto:a@b"])
def test_href_refuses_a_scheme_or_host_in_any_case_and_names_it(link):
    with pytest.raises(ValueError, match="refusing a link") as refused:
        escape.href(link)
    assert repr(link) in str(refused.value)


@pytest.mark.parametrize("link, expected", [("a/b.txt", "a/b.txt"), ("1x:y", "1x%3Ay"), ("./a:b", "./a%3Ab"),
                                            ("k-e_r.n~el/x y", "k-e_r.n~el/x%20y")])
def test_href_keeps_a_relative_path_and_encodes_the_rest(link, expected):
    assert escape.href(link) == expected


@settings(max_examples=200, deadline=None)
@given(texts, st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), texts)
def test_href_refuses_a_lone_surrogate_anywhere_in_one_line_naming_it(before, surrogate, after):
    # quote() would raise UnicodeEncodeError (a ValueError too, but one that names a codec, not the link)
    assume(not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", before) and not before.startswith("//"))
    path = before + surrogate + after
    with pytest.raises(ValueError) as refused:
        escape.href(path)
    assert type(refused.value) is ValueError
    message = str(refused.value)
    assert message.startswith("refusing a link with a lone surrogate") and "\n" not in message
    first = next(i for i, c in enumerate(path) if 0xD800 <= ord(c) <= 0xDFFF)
    assert f"U+{ord(path[first]):04X}" in message and f"at character {first}," in message


@pytest.mark.parametrize("near", ["\ud7ff", "\ue000", "\U0001F600", "\ufffd"])
def test_href_encodes_the_characters_either_side_of_the_surrogate_range(near):
    assert escape.href("a" + near) == "a" + urllib.parse.quote(near)


@settings(max_examples=200, deadline=None)
@given(texts.filter(lambda s: not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", s) and not s.startswith("//")))
def test_href_is_one_attribute_value_and_decodes_back_to_the_path(path):
    link = escape.href(path)
    assert urllib.parse.unquote(html.unescape(link)) == path
    parser = Attributes()
    parser.feed(f'<a href="{link}" class=x>y</a>')
    assert parser.found == [("a", [("href", link), ("class", "x")])]
