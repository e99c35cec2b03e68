"""`comments="COLUMN"` on a table marker: the Python comments of a code column in Spanish on a
Spanish page, through the table the listings of lab code use (code_comments.es.toml).

compile_compare's Spanish page listed step_variants.py with "# ruptura: print" and, right under
it, explain's table quoting the same line as "# break: print".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from course import code_comments
from course.markers import PageContext, expand
from course.notebooks import TranslationError, Translator
from course.results import ResultStore

ROOT = Path(__file__).resolve().parent.parent
WORDS = {"break: print": "ruptura: print", "break: if on a tensor": "ruptura: if sobre un tensor"}


def words() -> Translator:
    return Translator(dict(WORDS), "code_comments")


@pytest.mark.parametrize("line, spanish", [
    ('print(f"loss for {n}")           # break: print', 'print(f"loss for {n}")           # ruptura: print'),
    ("if entropy < ENTROPY_FLOOR:   # break: if on a tensor", "if entropy < ENTROPY_FLOOR:   # ruptura: if sobre un tensor"),
    ('print("# break: print")', 'print("# break: print")'),        # a string, not a comment
    ("x = f(a,   # break: print", "x = f(a,   # ruptura: print"),    # a fragment: an open bracket
    ("x = 1", "x = 1"),
    ("x = 1  # noqa: E501", "x = 1  # noqa: E501"),                  # a tool's directive stays
])
def test_a_quoted_lines_comments_are_translated_and_its_code_kept(line, spanish):
    assert code_comments.comments_in_spanish(line, words()) == spanish


def test_a_comment_without_spanish_is_an_error_that_names_it():
    with pytest.raises(TranslationError, match="break: untraceable call"):
        code_comments.comments_in_spanish("t = time.perf_counter()  # break: untraceable call", words())


def _expanded(marker: str, lang: str):
    context = PageContext(page=f"{lang}/labs/compile_compare.md", lang=lang, page_dir="labs", site_root="../..")
    return expand(marker, context, ResultStore(ROOT / "results"))


TABLE = '{{ table compile_compare/cpu:graph_breaks columns="line,code" code="code" OPTION headers="Line|Code" }}'


def test_a_spanish_page_quotes_the_comments_as_its_listing_does():
    es = _expanded(TABLE.replace("OPTION", 'comments="code"'), "es")
    en = _expanded(TABLE.replace("OPTION", 'comments="code"'), "en")
    assert not es.errors and not en.errors
    assert "&#35; ruptura: print" in es.markdown and "&#35; break: print" not in es.markdown
    assert "&#35; break: print" in en.markdown          # English stays as the file is
    # near miss: without the option the Spanish page quotes the file as it is
    assert "&#35; break: print" in _expanded(TABLE.replace("OPTION", ""), "es").markdown


def test_comments_must_name_a_code_column():
    out = _expanded(TABLE.replace("OPTION", 'comments="line"'), "es")
    assert any("comments names line, not a column shown as code" in error for error in map(str, out.errors))
