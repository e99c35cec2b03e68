"""The build's check that a Spanish page mirrors its English one (course/translations.py): the
same headings, markers and code, comments and prose translated, each difference named in the
one line the build prints; and every page present in both trees."""

from __future__ import annotations

import pytest

from course.translations import mirror_problems, page_problems
from tests.helpers_locale import locale_encoding

HEADINGS = "its headings differ in number or level from the English page"
CODE = "its code blocks differ from the English page's (only comments may be translated)"


def fenced(info: str, body: str, fence: str = "```", indent: str = "") -> str:
    lines = [f"{fence}{info}", *body.split("\n"), fence]
    return "\n".join(indent + line if line else line for line in lines) + "\n"


# -- headings -------------------------------------------------------------------------------------

def test_headings_translated_at_the_same_levels_mirror():
    assert page_problems("# Title\n\n## One\n\ntext\n\n### Two\n", "# Título\n\n## Uno\n\ntexto\n\n### Dos\n") == []


@pytest.mark.parametrize("spanish", [
    "# Título\n\n## Uno\n\n## Dos\n",            # a level changed
    "# Título\n\n## Uno\n",                      # one left out
    "# Título\n\n## Uno\n\n### Dos\n\n### Tres\n",
    "# Título\n\n### Dos\n\n## Uno\n",           # the order changed
])
def test_headings_of_another_number_level_or_order_are_named(spanish):
    assert page_problems("# Title\n\n## One\n\n### Two\n", spanish) == [HEADINGS]


def test_a_comment_in_code_is_no_heading():
    english = "# Title\n\n" + fenced("python", "# one\nx = 1")
    spanish = "# Título\n\n" + fenced("python", "# uno\n## otro\nx = 1")
    assert page_problems(english, spanish) == []


# -- markers --------------------------------------------------------------------------------------

EN_MARKERS = "{{ metric lab/cpu:x }}\n\n{{ table lab/cpu:t }}\n\n{{ figure lab/cpu:f }}\n"


def test_markers_compare_by_kind_and_target_their_options_translated():
    english = '{{ figure lab/cpu:f x_title="Batch" names="Eager|Compiled" }} and {{ curriculum }}'
    spanish = '{{ figure lab/cpu:f x_title="Lote" names="Eager|Compilado" }} y {{ curriculum }}'
    assert page_problems(english, spanish) == []


@pytest.mark.parametrize("spanish, where", [
    ("{{ metric lab/cpu:x }}\n\n{{ table lab/cpu:u }}\n\n{{ figure lab/cpu:f }}\n",
     "first at marker 2: ('table', 'lab/cpu:t') in English, ('table', 'lab/cpu:u') in Spanish"),
    ("{{ metric lab/cpu:x }}\n\n{{ figure lab/cpu:t }}\n\n{{ figure lab/cpu:f }}\n",
     "first at marker 2: ('table', 'lab/cpu:t') in English, ('figure', 'lab/cpu:t') in Spanish"),
    ("{{ metric lab/cpu:x }}\n\n{{ table lab/cpu:t }}\n",
     "first at marker 3: ('figure', 'lab/cpu:f') in English, none in Spanish"),
    ("{{ metric lab/cpu:x }}\n\n{{ table lab/cpu:t }}\n\n{{ figure lab/cpu:f }}\n\n{{ metric lab/cuda:y }}\n",
     "first at marker 4: none in English, ('metric', 'lab/cuda:y') in Spanish"),
    ("{{ metric lab/cpu:y }}\n", "first at marker 1: ('metric', 'lab/cpu:x') in English, ('metric', 'lab/cpu:y') in Spanish"),
    ("", "first at marker 1: ('metric', 'lab/cpu:x') in English, none in Spanish"),
])
def test_the_first_marker_that_differs_is_named_with_both_sides(spanish, where):
    assert page_problems(EN_MARKERS, spanish) == [f"its markers differ from the English page's ({where})"]


def test_a_marker_without_a_target_is_named_by_its_kind():
    assert page_problems("{{ curriculum }}", "{{ lab_nav }}") == [
        "its markers differ from the English page's (first at marker 1: ('curriculum', '') in English, "
        "('lab_nav', '') in Spanish)"]


# -- code -----------------------------------------------------------------------------------------

def test_code_whose_comments_alone_are_translated_mirrors():
    english = fenced("python", "# load the model\nx = 1  # one\n\ny = x // 2  # half\nz = 3   # three") + \
        fenced("js", "let a = 1; // one")
    spanish = fenced("python", "# carga el modelo\nx = 1  # uno\n\ny = x // 2 # la mitad\nz = 3 # tres") + \
        fenced("js", "let a = 1;   // uno")
    assert page_problems(english, spanish) == []


@pytest.mark.parametrize("spanish", [
    fenced("python", "x = 2  # uno"),                 # the code itself changed
    fenced("python", "  x = 1  # uno"),               # its indentation changed
    fenced("py", "x = 1  # uno"),                     # its language changed
    fenced("python", "x = 1  # uno\nx = 1"),          # a line added
    fenced("python", "x = 1  # uno") + fenced("python", "x = 1"),   # a block added
    "",
])
def test_code_that_changed_beyond_its_comments_is_named(spanish):
    assert page_problems(fenced("python", "x = 1  # one"), spanish) == [CODE]


def test_blank_lines_in_code_do_not_count():
    assert page_problems(fenced("python", "x = 1\n\n\ny = 2"), fenced("python", "x = 1\ny = 2\n")) == []


def test_a_shebang_and_a_jinja_block_are_code_not_comments():
    assert page_problems(fenced("bash", "#!/bin/bash\necho 1"), fenced("bash", "#!/bin/sh\necho 1")) == [CODE]
    assert page_problems(fenced("html", "#{ x }"), fenced("html", "#{ y }")) == [CODE]


@pytest.mark.parametrize("info", ["text", "console", ""])
def test_text_and_console_blocks_and_blocks_without_a_language_compare_only_by_count(info):
    english = fenced(info, "  step 1: compile\n  step 2: run") + fenced("python", "x = 1")
    assert page_problems(english, fenced(info, "  paso 1: compilar") + fenced("python", "x = 1")) == []
    assert page_problems(english, fenced("python", "x = 1")) == [CODE]
    assert page_problems(english, fenced(info, "a") + fenced(info, "b") + fenced("python", "x = 1")) == [CODE]


def test_a_blocks_options_after_its_language_may_be_translated():
    assert page_problems(fenced('python title="model.py"', "x = 1"), fenced('python title="modelo.py"', "x = 1")) == []


def test_fences_of_tildes_longer_backticks_and_indented_in_a_note_are_code_blocks():
    for fence, indent in (("~~~", ""), ("````", ""), ("```", "    ")):
        english = fenced("python", "x = 1  # one", fence, indent)
        assert page_problems(english, fenced("python", "x = 1  # uno", fence, indent)) == []
        assert page_problems(english, fenced("python", "x = 2  # uno", fence, indent)) == [CODE]


def test_every_difference_of_a_page_is_named_in_order():
    english = "# A\n\n## B\n\n{{ metric lab/cpu:x }}\n\n" + fenced("python", "x = 1")
    spanish = "# A\n\n{{ metric lab/cpu:y }}\n\n" + fenced("python", "x = 2")
    assert page_problems(english, spanish) == [
        HEADINGS,
        "its markers differ from the English page's (first at marker 1: ('metric', 'lab/cpu:x') in English, "
        "('metric', 'lab/cpu:y') in Spanish)",
        CODE]


# -- the two trees --------------------------------------------------------------------------------

def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_each_page_missing_from_a_tree_and_each_page_that_does_not_mirror_is_named_once(tmp_path):
    docs = tmp_path / "docs"
    write(docs / "en" / "a.md", "# A\n")
    write(docs / "es" / "a.md", "# Á\n")
    write(docs / "en" / "b.md", "# B\n")
    write(docs / "en" / "labs" / "z.md", "# Z\n")
    write(docs / "en" / "labs" / "c.md", "# C\n\n## D\n")
    write(docs / "es" / "labs" / "c.md", "# C\n\n### D\n")
    write(docs / "es" / "d.md", "# D\n")
    write(docs / "en" / "figure.png", "not a page")        # only pages are mirrored
    assert mirror_problems(docs) == [
        "docs/es/b.md is missing: the Spanish tree must mirror docs/en/b.md; add its translation",
        "docs/es/labs/z.md is missing: the Spanish tree must mirror docs/en/labs/z.md; add its translation",
        "docs/es/d.md has no English page docs/en/d.md; add it or remove the Spanish one",
        "docs/es/labs/c.md: " + HEADINGS,
    ]


def test_trees_that_mirror_have_no_problem(tmp_path):
    docs = tmp_path / "docs"
    for lang, title in (("en", "# Tree"), ("es", "# Árbol")):
        write(docs / lang / "index.md", title + "\n\n{{ curriculum }}\n")
        write(docs / lang / "labs" / "x.md", title + "\n\n" + fenced("python", "x = 1"))
    assert mirror_problems(docs) == []


def test_spanish_pages_are_read_as_utf8_whatever_the_machines_locale(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    # the same code on both sides: read in cp1252, "µs" would be "Âµs" on one side only
    write(docs / "en" / "index.md", "# Tree\n\n" + fenced("python", "unit = 'µs'  # the unit"))
    write(docs / "es" / "index.md", "# Árbol\n\n" + fenced("python", "unit = 'µs'  # la unidad, Ácer"))
    locale_encoding(monkeypatch)     # and cp1252 cannot decode the UTF-8 bytes of "Á" at all
    assert mirror_problems(docs) == []
