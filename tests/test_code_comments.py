"""Spanish comments in the lab code Spanish pages include (course/code_comments.py): what is
translated, what is left alone, the errors, and the real pages against the real table."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from course import code_comments, glossary
from course.code_comments import shown_lines, spanish_includes, translate
from course.includes import INCLUDE, included_path
from course.notebooks import TranslationError, Translator, load_table
from tests.helpers_locale import locale_encoding

ROOT = Path(__file__).resolve().parent.parent

SOURCE = '''\
"""Module text."""

import torch

# --8<-- [start:demo]
def scale(x):
    """Double x.

    Twice as big."""
    y = x * 2          # the doubling
    text = "# not a comment"
    raw = """not a docstring"""
    return y  # noqa: E501
# --8<-- [end:demo]


def other():
    r"""Raw text,
    on two lines.
    """
    return 1  # outside the section
'''

TABLE = {
    "Module text.": "Texto del módulo.",
    "Double x.\n\nTwice as big.": "Duplica x.\n\nEl doble de grande.",
    "the doubling": "el doble",
    "Raw text,\non two lines.": "Texto en bruto,\nen dos líneas.",
    "outside the section": "fuera de la sección",
}


def words(table=TABLE) -> Translator:
    return Translator(dict(table), "code_comments")


def test_every_comment_and_docstring_of_the_whole_file_in_spanish_and_the_code_unchanged():
    spanish = translate(SOURCE, [range(1, 100)], words())
    assert '"""Texto del módulo."""' in spanish
    assert '    """Duplica x.\n\n    El doble de grande."""' in spanish          # indented as the original
    assert "y = x * 2          # el doble" in spanish                             # the column kept
    assert '    r"""Texto en bruto,\n    en dos líneas.\n    """' in spanish      # prefix, closing line kept
    assert "return 1  # fuera de la sección" in spanish
    # left alone: a "#" inside a string, a string that is not a docstring, directives, section markers
    for kept in ('text = "# not a comment"', 'raw = """not a docstring"""', "return y  # noqa: E501",
                 "# --8<-- [start:demo]", "# --8<-- [end:demo]"):
        assert kept in spanish


def test_only_the_shown_lines_are_translated_and_only_their_texts_looked_up():
    spanish = translate(SOURCE, [shown_lines(SOURCE, "demo")], words())
    assert "# el doble" in spanish and '"""Module text."""' in spanish and "# outside the section" in spanish
    table = {k: v for k, v in TABLE.items() if k in ("Double x.\n\nTwice as big.", "the doubling")}
    spanish = translate(SOURCE, [shown_lines(SOURCE, "demo")], words(table))
    assert "# el doble" in spanish and '"""Module text."""' in spanish and "# outside the section" in spanish


def test_a_missing_translation_names_the_text_and_the_table():
    table = dict(TABLE)
    del table["the doubling"]
    with pytest.raises(TranslationError, match=r"no Spanish for the comment: 'the doubling'.*code_comments\.es\.toml"):
        translate(SOURCE, [range(1, 100)], words(table))


def test_a_translation_cannot_close_its_docstring_early():
    with pytest.raises(TranslationError, match='cannot hold """'):
        translate(SOURCE, [range(1, 100)], words(TABLE | {"Module text.": 'Texto """ roto'}))


def test_a_translation_that_breaks_the_file_is_refused():
    with pytest.raises(TranslationError, match="no longer parses"):
        translate(SOURCE, [range(1, 100)], words(TABLE | {"Module text.": "acaba en \\"}))


def test_a_docstring_keeps_its_number_of_lines_so_line_numbers_match_the_file():
    longer = TABLE | {"Double x.\n\nTwice as big.": "Duplica x.\n\nEl doble\nde grande."}
    with pytest.raises(TranslationError, match="takes 4 lines, the English 3"):
        translate(SOURCE, [range(1, 100)], words(longer))
    shorter = TABLE | {"Double x.\n\nTwice as big.": "Duplica x. El doble de grande."}
    with pytest.raises(TranslationError, match="takes 1 lines, the English 3"):
        translate(SOURCE, [range(1, 100)], words(shorter))
    assert translate(SOURCE, [range(1, 100)], words()).count("\n") == SOURCE.count("\n")


@pytest.mark.parametrize(("section", "expected"), [
    ("demo", range(6, 14)),          # between the markers, the markers themselves excluded
    ("dem", None),                    # a near miss of the name is not the section
    ("other", None),
    (None, range(1, SOURCE.count("\n") + 2)),
])
def test_shown_lines(section, expected):
    assert shown_lines(SOURCE, section) == expected


def test_the_includes_of_lab_code_point_at_translated_copies_and_nothing_else_moves(tmp_path):
    (tmp_path / "labs" / "x").mkdir(parents=True)
    (tmp_path / "labs" / "x" / "y.py").write_text(SOURCE)
    (tmp_path / "notes.txt").write_text("# plain text\n")
    page = ('```python\n--8<-- "labs/x/y.py:demo"\n```\n\n'
            '=== "tab"\n\n    ```python\n    --8<-- "labs/x/y.py"\n    ```\n\n'
            '```text\n--8<-- "notes.txt"\n```\n')
    copies = tmp_path / code_comments.COPIES
    markdown, problems = spanish_includes(page, tmp_path, "es/labs/x.md", words())
    assert problems == []
    assert '--8<-- ".work/snippets/es/labs/x/y.py:demo"' in markdown
    assert '    --8<-- ".work/snippets/es/labs/x/y.py"' in markdown              # indentation kept
    assert '--8<-- "notes.txt"' in markdown
    assert "# el doble" in (copies / "labs" / "x" / "y.py").read_text()


def test_an_untranslated_include_is_a_problem_that_names_page_file_and_text_and_stays_english(tmp_path):
    (tmp_path / "labs").mkdir()
    (tmp_path / "labs" / "z.py").write_text("x = 1  # a brand new comment\n")
    page = '```python\n--8<-- "labs/z.py"\n```\n'
    markdown, problems = spanish_includes(page, tmp_path, "es/labs/z.md", words())
    assert markdown == page
    assert len(problems) == 1
    assert problems[0].startswith("es/labs/z.md: labs/z.py:") and "a brand new comment" in problems[0]


def test_lab_code_shown_by_line_numbers_is_refused_with_what_to_do_instead(tmp_path):
    (tmp_path / "labs").mkdir()
    (tmp_path / "labs" / "y.py").write_text(SOURCE)
    page = '```python\n--8<-- "labs/y.py:6:9"\n```\n'
    markdown, problems = spanish_includes(page, tmp_path, "es/labs/y.md", words())
    assert markdown == page
    assert len(problems) == 1 and "labs/y.py:6:9" in problems[0] and "[start:name]" in problems[0]


# -- the real pages and the real table ----------------------------------------------------------

def _code_tokens(source: str) -> list[str]:
    """The file's code, as tokens, without comments, strings or layout (written here on purpose,
    not taken from the module under test)."""
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.STRING}
    return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in skip]


def test_every_spanish_page_shows_translated_lab_code_with_the_same_code_and_no_stale_entry():
    assert code_comments.unused_translations(ROOT / "docs", ROOT) == []
    specs = {m.group("spec") for page in (ROOT / "docs" / "es").rglob("*.md")
             for m in INCLUDE.finditer(page.read_text()) if m.group("spec").startswith("labs/")}
    assert len(specs) >= 18
    for path in {included_path(spec) for spec in specs}:
        english = (ROOT / path).read_text()
        spanish = (ROOT / code_comments.COPIES / path).read_text()
        assert _code_tokens(spanish) == _code_tokens(english), path
        assert spanish.count("\n") >= english.count("\n"), path


def test_the_spanish_comments_keep_to_the_glossary():
    table = load_table(code_comments.TABLE)
    assert glossary.avoided_terms("\n\n".join(table.values())) == []


def doubled_words(text: str) -> list[str]:
    """A word written twice in a row ("del del"): a slip no reader misses."""
    return [m.group(0) for m in re.finditer(r"(?<!\w)(\w+)\s+\1(?!\w)", text, re.IGNORECASE)]


def test_no_spanish_comment_writes_a_word_twice_in_a_row():
    table = load_table(code_comments.TABLE)
    assert [text for text in table.values() if doubled_words(text)] == []
    # near misses: the slip an audit found, and a word that merely starts like the one before it
    assert doubled_words("hace las veces del del enunciado") == ["del del"]
    assert doubled_words("las veces del delta") == []


def _prose_comments(page: Path) -> set[str]:
    """Comments of four words or more in a page's own code blocks (not `text` ones)."""
    found = set()
    for block in re.finditer(r"^[ \t]*```(\w+)[^\n]*\n(.*?)^[ \t]*```", page.read_text(), re.M | re.S):
        if block.group(1) in ("text", "console"):
            continue
        for line in block.group(2).splitlines():
            comment = line.partition("#")[2].strip()
            if sum(bool(re.fullmatch(r"[A-Za-z][a-z'’-]*[,.:;]?", word)) for word in comment.split()) >= 4:
                found.add(comment)
    return found


@pytest.mark.parametrize("page", sorted(p.relative_to(ROOT / "docs" / "es").as_posix()
                                        for p in (ROOT / "docs" / "es").rglob("*.md")))
def test_the_code_a_page_writes_itself_has_its_comments_translated(page):
    same = _prose_comments(ROOT / "docs" / "en" / page) & _prose_comments(ROOT / "docs" / "es" / page)
    assert not same, f"English comments in the code blocks of es/{page}: {sorted(same)[:3]}"


# Quote styles and layouts the course's files do not all have yet.
QUOTES = ("class Box:\n"
          "    'Short.'\n"
          "\n"
          "    def put(self):\n"
          "        '''Put it in.'''  # and say so\n"
          "        return 1\n"
          "\n"
          "\n"
          "def tail():\n"
          '    """Tail."""\n'
          "\n"
          "x = 1  #tight\n")
QUOTES_TABLE = {"Short.": "Corto.", "Put it in.": "Mételo.", "and say so": "y dilo",
                "Tail.": "Cola.", "tight": "pegado"}


def test_every_quote_style_and_a_comment_after_a_docstring():
    spanish = translate(QUOTES, [range(1, 100)], words(QUOTES_TABLE))
    assert spanish == ("class Box:\n"
                       "    'Corto.'\n"
                       "\n"
                       "    def put(self):\n"
                       "        '''Mételo.'''  # y dilo\n"
                       "        return 1\n"
                       "\n"
                       "\n"
                       "def tail():\n"
                       '    """Cola."""\n'
                       "\n"
                       "x = 1  # pegado\n")


def test_a_missing_docstring_says_it_is_a_docstring_and_the_builds_table_is_named():
    table = {k: v for k, v in QUOTES_TABLE.items() if k != "Tail."}
    with pytest.raises(TranslationError, match=r"no Spanish for the docstring: 'Tail\.'"):
        translate(QUOTES, [range(1, 100)], words(table))
    with pytest.raises(TranslationError, match=r"docs/translations/code_comments\.es\.toml"):
        code_comments.translator().text("a comment no lab has", "comment")


@pytest.mark.parametrize("spec", ["scripts/x.py", "labs/x/lab.toml"])
def test_only_python_files_under_labs_are_lab_code(tmp_path, spec):
    (tmp_path / spec).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / spec).write_text("x = 1  # an English comment nobody translated\n")
    page = f'```python\n--8<-- "{spec}"\n```\n'
    assert spanish_includes(page, tmp_path, "es/p.md", words()) == (page, [])


def test_a_missing_file_does_not_stop_the_includes_after_it(tmp_path):
    (tmp_path / "labs").mkdir()
    (tmp_path / "labs" / "y.py").write_text(SOURCE)
    page = '--8<-- "labs/gone.py"\n\n--8<-- "labs/y.py:demo"\n'
    markdown, problems = spanish_includes(page, tmp_path, "es/p.md", words())
    assert problems == [] and '--8<-- ".work/snippets/es/labs/y.py:demo"' in markdown


def test_a_stale_page_is_named_when_the_table_is_checked(tmp_path):
    (tmp_path / "docs" / "es").mkdir(parents=True)
    (tmp_path / "labs").mkdir()
    (tmp_path / "labs" / "z.py").write_text("x = 1  # a comment the table lacks\n")
    (tmp_path / "docs" / "es" / "page.md").write_text('--8<-- "labs/z.py"\n')
    with pytest.raises(TranslationError, match=r"docs/es/page\.md: labs/z\.py: .*a comment the table lacks"):
        code_comments.unused_translations(tmp_path / "docs", tmp_path)


def test_one_refused_include_does_not_stop_the_others(tmp_path):
    (tmp_path / "labs").mkdir()
    (tmp_path / "labs" / "y.py").write_text(SOURCE)
    (tmp_path / "labs" / "w.py").write_text(SOURCE)
    (tmp_path / "labs" / "new.py").write_text("x = 1  # nobody translated this yet\n")
    for refused in ('--8<-- "labs/w.py:6:9"', '--8<-- "labs/new.py"'):   # by line numbers; untranslated
        copy = tmp_path / code_comments.COPIES / "labs" / "y.py"
        copy.unlink(missing_ok=True)
        markdown, problems = spanish_includes(f'{refused}\n\n--8<-- "labs/y.py:demo"\n', tmp_path, "es/p.md", words())
        assert len(problems) == 1 and refused in markdown
        assert '--8<-- ".work/snippets/es/labs/y.py:demo"' in markdown and "# el doble" in copy.read_text()


def test_files_are_read_as_utf8_whatever_the_locale(tmp_path, monkeypatch):
    # a lab file with "×" and "√" (the course's have both) on a machine whose locale is cp1252
    locale_encoding(monkeypatch)
    (tmp_path / "docs" / "es").mkdir(parents=True)
    (tmp_path / "labs").mkdir()
    (tmp_path / "labs" / "u.py").write_text("x = 1  # √K × 2\n", encoding="utf-8")
    (tmp_path / "docs" / "es" / "página.md").write_text('# Ámbito\n\n--8<-- "labs/u.py"\n', encoding="utf-8")
    monkeypatch.setattr(code_comments, "translator", lambda: words({"√K × 2": "√K × 2, en español"}))
    assert code_comments.unused_translations(tmp_path / "docs", tmp_path) == []
    _, problems = spanish_includes('--8<-- "labs/u.py"\n', tmp_path, "es/p.md", words({"√K × 2": "√K por 2"}))
    assert problems == []
    assert (tmp_path / code_comments.COPIES / "labs" / "u.py").read_text(encoding="utf-8") == "x = 1  # √K por 2\n"


def test_the_text_between_two_positions():
    lines = ["ab", "cd", "ef", "gh"]
    assert code_comments._between(lines, (1, 1), (4, 1)) == "b\ncd\nef\ng"
    assert code_comments._between(lines, (2, 0), (2, 1)) == "c"
    assert code_comments._between(lines, (3, 1), (4, 2)) == "f\ngh"
