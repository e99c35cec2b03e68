"""The notebook pages in both languages (course/notebooks.py), from a toy lab's notebook and
translation table: the Spanish source and executed notebook worked out by hand (prose and
comments translated, code and outputs as they are), each refusal's line, and the pages
written only where they change."""

from __future__ import annotations

import json

import pytest

from course import notebooks
from course.notebooks import TranslationError, Translator, load_table, translate, translate_ipynb
from tests.helpers_locale import locale_encoding

SOURCE = """# ---
# jupyter: toy
# ---

# %% [markdown]
# # Title
#
# Some prose.

# %%
x = 1  # one
    # indented
y = []  # type: list[int]
print(x)  # noqa: T201
z = 2  #not a comment
unit = "µs"

# %% [markdown]
# Done.
"""
SPANISH = """# ---
# jupyter: toy
# ---

# %% [markdown]
# # Título
#
# Algo de prosa.

# %%
x = 1  # uno
    # sangrado
y = []  # type: list[int]
print(x)  # noqa: T201
z = 2  #not a comment
unit = "µs"

# %% [markdown]
# Hecho.
"""
TABLE_TOML = """[[text]]
en = '''
# Title

Some prose.'''
es = '''
# Título

Algo de prosa.'''

[[text]]
en = "one"
es = "uno"

[[text]]
en = "indented"
es = "sangrado"

[[text]]
en = "Done."
es = "Hecho."
"""
TABLE = {"# Title\n\nSome prose.": "# Título\n\nAlgo de prosa.", "one": "uno", "indented": "sangrado",
         "Done.": "Hecho."}


# -- the table ------------------------------------------------------------------------------------

def test_a_table_is_each_english_text_to_its_spanish_without_the_newlines_around_them(tmp_path):
    path = tmp_path / "toy_notebook.es.toml"
    path.write_text(TABLE_TOML, encoding="utf-8")
    assert load_table(path) == TABLE


def test_only_the_newlines_around_a_text_are_dropped_never_its_spaces_or_letters(tmp_path):
    # an indented block opening a markdown cell, a comment about X
    path = tmp_path / "toy_notebook.es.toml"
    path.write_text("[[text]]\nen = '''\n    x = load()\nthen  '''\nes = '''\n    x = load()\ndespués  '''\n\n"
                    "[[text]]\nen = \"X is the input\"\nes = \"la entrada es X\"\n", encoding="utf-8")
    assert load_table(path) == {"    x = load()\nthen  ": "    x = load()\ndespués  ", "X is the input": "la entrada es X"}


def test_a_table_is_read_as_utf8_whatever_the_machines_locale(tmp_path, monkeypatch):
    path = tmp_path / "toy_notebook.es.toml"
    path.write_text('[[text]]\nen = "Tree"\nes = "Árbol"\n', encoding="utf-8")
    locale_encoding(monkeypatch)     # cp1252 cannot decode the UTF-8 bytes of "Á"
    assert load_table(path) == {"Tree": "Árbol"}


def test_a_table_without_entries_is_empty(tmp_path):
    path = tmp_path / "empty.es.toml"
    path.write_text("# nothing translated yet\n", encoding="utf-8")
    assert load_table(path) == {}


@pytest.mark.parametrize("text, why", [
    ('[[text]]\nen = "a"\nes = "b"\n\n[[text]]\nen = "c"\n', "entry 2 needs both en and es texts"),
    ('[[text]]\nes = "b"\n', "entry 1 needs both en and es texts"),
    ('[[text]]\nen = "a"\nes = 2\n', "entry 1 needs both en and es texts"),
    ('[[text]]\nen = 1\nes = "b"\n', "entry 1 needs both en and es texts"),
])
def test_an_entry_without_both_texts_is_refused_by_its_number(tmp_path, text, why):
    path = tmp_path / "toy_notebook.es.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TranslationError) as error:
        load_table(path)
    assert str(error.value) == f"{path}: {why}"


def test_a_table_that_is_missing_or_not_toml_is_refused_with_the_reason(tmp_path):
    missing = tmp_path / "missing.es.toml"
    with pytest.raises(TranslationError) as error:
        load_table(missing)
    assert str(error.value).startswith(f"{missing}: cannot read the translation table ([Errno 2] No such file")
    broken = tmp_path / "broken.es.toml"
    broken.write_text("[[text]\n", encoding="utf-8")
    with pytest.raises(TranslationError) as error:
        load_table(broken)
    assert str(error.value).startswith(f"{broken}: cannot read the translation table (") and error.value.__cause__ is None


# -- the Spanish source -----------------------------------------------------------------------------

def test_the_spanish_source_is_the_english_with_its_prose_and_comments_translated():
    assert translate(SOURCE, TABLE, "toy_notebook") == SPANISH


def test_a_cell_or_comment_without_spanish_is_named_with_the_table_to_add_it_to():
    with pytest.raises(TranslationError) as error:
        translate(SOURCE.replace("# one", "# the first"), TABLE, "toy_notebook")
    assert str(error.value) == ("toy_notebook: no Spanish for the comment: 'the first'; "
                                "add it to docs/translations/toy_notebook.es.toml")
    with pytest.raises(TranslationError) as error:
        translate(SOURCE.replace("# Done.", "# Done!"), {**TABLE, "Done!": "¡Hecho!"}, "toy_notebook")
    assert "translations of text the notebook no longer has: 'Done.'" in str(error.value)


def test_a_markdown_cell_without_spanish_is_named_as_one():
    with pytest.raises(TranslationError) as error:
        translate(SOURCE.replace("# Done.", "# Done at last."), TABLE | {"Done at last.": "Por fin."}, "toy_notebook")
    assert "no longer has: 'Done.'" in str(error.value)      # (a table that kept up: the stale one)
    with pytest.raises(TranslationError) as error:
        translate(SOURCE.replace("# Done.", "# Done at last."), TABLE, "toy_notebook")
    assert str(error.value) == ("toy_notebook: no Spanish for the markdown cell: 'Done at last.'; "
                                "add it to docs/translations/toy_notebook.es.toml")


def test_a_missing_text_is_quoted_up_to_80_characters():
    words = Translator({}, "toy")
    with pytest.raises(TranslationError) as error:
        words.text("a" * 80, "markdown cell")
    assert str(error.value) == f"toy: no Spanish for the markdown cell: '{'a' * 80}'; add it to docs/translations/toy.es.toml"
    with pytest.raises(TranslationError) as error:
        words.text("b" * 80 + "c", "comment")
    assert str(error.value) == f"toy: no Spanish for the comment: '{'b' * 80}'; add it to docs/translations/toy.es.toml"


def test_translations_the_notebook_no_longer_has_are_named_first_in_order_with_how_many_more():
    words = Translator({"zz": "1", "aa": "2", "mm": "3", "used": "4"}, "toy")
    words.text("used", "comment")
    with pytest.raises(TranslationError) as error:
        words.check_unused()
    assert str(error.value) == "toy: translations of text the notebook no longer has: 'aa' (and 2 more)"
    two = Translator({"zz": "1", "aa": "2"}, "toy")
    with pytest.raises(TranslationError) as error:
        two.check_unused()
    assert str(error.value) == "toy: translations of text the notebook no longer has: 'aa' (and 1 more)"
    one = Translator({"c" * 81: "x", "used": "4"}, "toy")
    one.text("used", "comment")
    with pytest.raises(TranslationError) as error:
        one.check_unused()
    assert str(error.value) == f"toy: translations of text the notebook no longer has: '{'c' * 80}'"


def test_every_translation_used_leaves_nothing_to_refuse():
    words = Translator({"a": "b"}, "toy")
    assert words.text("a", "comment") == "b"
    words.check_unused()


def test_code_keeps_its_directives_and_translates_whole_line_and_trailing_comments():
    words = Translator({"one": "uno", "two words": "dos palabras"}, "toy")
    assert words.code("# one\nx = f(1)   # two words\n\ty = 2  # type: int\nz = 3  # noqa\n") == \
        "# uno\nx = f(1)   # dos palabras\n\ty = 2  # type: int\nz = 3  # noqa\n"


# -- the Spanish executed notebook -----------------------------------------------------------------

RUN = {"nbformat": 4, "nbformat_minor": 4, "metadata": {"kernel": "toy"}, "cells": [
    {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "\n", "Some prose."]},
    {"cell_type": "code", "execution_count": 1, "metadata": {},
     "source": ["x = 1  # one\n", "    # indented\n", "print(x)  # noqa: T201"],
     "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1  # one\n"]}]},
    {"cell_type": "markdown", "metadata": {}, "source": ["Done."]},
]}


def test_the_spanish_executed_notebook_translates_prose_and_comments_and_keeps_code_and_outputs():
    before = json.dumps(RUN)
    spanish = translate_ipynb(RUN, TABLE, "toy_notebook")
    assert spanish == {"nbformat": 4, "nbformat_minor": 4, "metadata": {"kernel": "toy"}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Título\n", "\n", "Algo de prosa."]},
        {"cell_type": "code", "execution_count": 1, "metadata": {},
         "source": ["x = 1  # uno\n", "    # sangrado\n", "print(x)  # noqa: T201"],
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1  # one\n"]}]},   # printed: as it was
        {"cell_type": "markdown", "metadata": {}, "source": ["Hecho."]},
    ]}
    assert json.dumps(RUN) == before     # the English notebook is left as it was


def test_an_executed_notebook_whose_text_has_no_spanish_or_whose_table_is_stale_is_refused():
    with pytest.raises(TranslationError, match=r"toy_notebook: no Spanish for the markdown cell: 'Done\.'"):
        translate_ipynb(RUN, {k: v for k, v in TABLE.items() if k != "Done."}, "toy_notebook")
    with pytest.raises(TranslationError, match="no longer has: 'extra'"):
        translate_ipynb(RUN, {**TABLE, "extra": "más"}, "toy_notebook")


def test_a_notebook_no_run_executed_is_its_cells_without_outputs():
    assert notebooks.unexecuted(SOURCE) == {"nbformat": 4, "nbformat_minor": 4, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "\n", "Some prose."]},
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
         "source": ["x = 1  # one\n", "    # indented\n", "y = []  # type: list[int]\n", "print(x)  # noqa: T201\n",
                    "z = 2  #not a comment\n", 'unit = "µs"']},
        {"cell_type": "markdown", "metadata": {}, "source": ["Done."]},
    ]}


def test_a_code_cell_no_run_executed_is_its_lines_without_the_blank_lines_around_them():
    source = "# %%\n\nX = 1\nprint(X)\n\n# %% [markdown]\n# X marks it.\n"
    assert notebooks.unexecuted(source)["cells"] == [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": ["X = 1\n", "print(X)"]},
        {"cell_type": "markdown", "metadata": {}, "source": ["X marks it."]}]


# -- the pages ------------------------------------------------------------------------------------

@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A labs folder with one lab that has a notebook, one folder with a notebook but no
    lab.toml, and the toy's translation table; returns (results folder, docs folder)."""
    labs, translations = tmp_path / "labs", tmp_path / "translations"
    (labs / "toy").mkdir(parents=True)
    (labs / "toy" / "lab.toml").write_text("", encoding="utf-8")
    (labs / "toy" / "notebook.py").write_text(SOURCE, encoding="utf-8")
    (labs / "common").mkdir()
    (labs / "common" / "notebook.py").write_text("# the runner, not a lab\n", encoding="utf-8")
    translations.mkdir()
    (translations / "toy_notebook.es.toml").write_text(TABLE_TOML, encoding="utf-8")
    monkeypatch.setattr(notebooks, "LABS_DIR", labs)
    monkeypatch.setattr(notebooks, "TRANSLATIONS", translations)
    return tmp_path / "results", tmp_path / "docs"


def test_the_labs_with_a_notebook_are_the_lab_folders_that_hold_one(toy):
    assert notebooks.notebook_labs() == {"toy": notebooks.LABS_DIR / "toy" / "notebook.py"}


def test_the_course_has_one_notebook_lab():
    assert notebooks.notebook_labs() == {"inductor_kernels": notebooks.LABS_DIR / "inductor_kernels" / "notebook.py"}


def test_the_pages_hold_the_runs_outputs_in_both_languages(toy):
    results, docs = toy
    (results / "toy" / "cpu").mkdir(parents=True)
    (results / "toy" / "cpu" / "notebook.ipynb").write_text(json.dumps(RUN), encoding="utf-8")
    assert notebooks.write_notebook_pages(results, docs) == []
    assert (docs / "en" / "labs" / "toy_notebook.py").read_text(encoding="utf-8") == SOURCE
    assert (docs / "es" / "labs" / "toy_notebook.py").read_text(encoding="utf-8") == SPANISH
    assert json.loads((docs / "en" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8")) == RUN
    page = (docs / "es" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8")
    assert json.loads(page) == translate_ipynb(RUN, TABLE, "toy_notebook")
    # Spanish as it is written, one space of indent, and a last newline
    assert '"# Título\\n"' in page and page.startswith('{\n "nbformat": 4,\n') and page.endswith("}\n")


def test_a_lab_without_a_run_gets_its_cells_without_outputs_and_a_warning(toy):
    results, docs = toy
    assert notebooks.write_notebook_pages(results, docs) == [
        "the toy_notebook page has no outputs: results/toy/cpu has no notebook.ipynb; run: make labs LAB=toy"]
    page = json.loads((docs / "en" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8"))
    assert page == notebooks.unexecuted(SOURCE) and page["cells"][1]["outputs"] == []


def test_a_source_or_an_older_run_with_text_the_table_lacks_is_refused_naming_the_notebook(toy):
    results, docs = toy
    (notebooks.LABS_DIR / "toy" / "notebook.py").write_text(SOURCE.replace("# Done.", "# Done!"), encoding="utf-8")
    with pytest.raises(TranslationError) as error:
        notebooks.write_notebook_pages(results, docs)
    assert str(error.value).startswith("toy_notebook: no Spanish for the markdown cell: 'Done!'")
    # the source is translated, but the run was made by an older notebook whose prose differed
    (notebooks.LABS_DIR / "toy" / "notebook.py").write_text(SOURCE, encoding="utf-8")
    old = json.loads(json.dumps(RUN))
    old["cells"][2]["source"] = ["Finished."]
    (results / "toy" / "cpu").mkdir(parents=True)
    (results / "toy" / "cpu" / "notebook.ipynb").write_text(json.dumps(old), encoding="utf-8")
    with pytest.raises(TranslationError) as error:
        notebooks.write_notebook_pages(results, docs)
    assert str(error.value).startswith("toy_notebook: no Spanish for the markdown cell: 'Finished.'")


def test_the_runs_notebook_is_read_as_utf8_whatever_the_machines_locale(toy, monkeypatch):
    results, _ = toy
    run = json.loads(json.dumps(RUN))
    run["cells"][1]["outputs"][0]["text"] = ["Árbol\n"]
    (results / "toy" / "cpu").mkdir(parents=True)
    (results / "toy" / "cpu" / "notebook.ipynb").write_text(json.dumps(run, ensure_ascii=False), encoding="utf-8")
    locale_encoding(monkeypatch)
    assert notebooks.executed("toy", results) == run
    assert notebooks.executed("other", results) is None


def test_a_page_is_rewritten_only_when_its_text_changes(toy):
    results, docs = toy
    notebooks.write_notebook_pages(results, docs)
    page = docs / "es" / "labs" / "toy_notebook.py"
    before = page.stat().st_ino
    notebooks.write_notebook_pages(results, docs)
    assert page.stat().st_ino == before       # unchanged: not replaced (a rebuild would follow)
    page.write_text("stale", encoding="utf-8")
    notebooks.write_notebook_pages(results, docs)
    assert page.read_text(encoding="utf-8") == SPANISH


def test_sources_and_pages_are_read_as_utf8_whatever_the_machines_locale(toy, monkeypatch):
    results, docs = toy
    locale_encoding(monkeypatch)     # cp1252 reads the UTF-8 bytes of "µ" and "í" as two characters each
    notebooks.write_notebook_pages(results, docs)
    assert (docs / "en" / "labs" / "toy_notebook.py").read_text(encoding="utf-8") == SOURCE
    page = docs / "es" / "labs" / "toy_notebook.py"
    assert page.read_text(encoding="utf-8") == SPANISH
    before = page.stat().st_ino
    notebooks.write_notebook_pages(results, docs)
    assert page.stat().st_ino == before       # its Spanish read back as written: the same text


# -- the note naming the run -------------------------------------------------------------------------

PROVENANCE = {"device_name": "AMD EPYC", "torch": "2.13.0+cpu", "preset": "full",
              "commit": "0ff9d1ace17424a7a9fd6216674983c6c705999f", "date_utc": "2026-11-28T21:05:42Z"}


def _ran(results, provenance: dict | None = PROVENANCE) -> None:
    """The toy's CPU run: its executed notebook and, unless None, the manifest beside it."""
    (results / "toy" / "cpu").mkdir(parents=True)
    (results / "toy" / "cpu" / "notebook.ipynb").write_text(json.dumps(RUN), encoding="utf-8")
    if provenance is not None:
        (results / "toy" / "cpu" / "manifest.json").write_text(json.dumps({"provenance": provenance}),
                                                               encoding="utf-8")


def test_each_page_ends_with_a_note_naming_the_run_that_printed_its_outputs(toy):
    results, docs = toy
    _ran(results)
    notebooks.write_notebook_pages(results, docs)
    en = json.loads((docs / "en" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8"))
    es = json.loads((docs / "es" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8"))
    assert en["cells"][:-1] == RUN["cells"]           # the run's cells as they were, then the note
    assert en["cells"][-1] == {"cell_type": "markdown", "metadata": {}, "source": [
        "*The outputs above are those of the course's CPU run: AMD EPYC, torch 2.13.0+cpu, preset "
        "<code>full</code>, commit <code>0ff9d1a</code>, 2026-11-28.*"]}
    assert es["cells"][:-1] == translate_ipynb(RUN, TABLE, "toy_notebook")["cells"]
    assert es["cells"][-1]["source"] == [
        "*Las salidas de arriba son las de la ejecución en CPU del curso: AMD EPYC, torch 2.13.0+cpu, preajuste "
        "<code>full</code>, commit <code>0ff9d1a</code>, 2026-11-28.*"]
    # the downloadable source is the notebook itself: no note in it
    assert (docs / "en" / "labs" / "toy_notebook.py").read_text(encoding="utf-8") == SOURCE


def test_a_run_without_its_manifest_or_a_page_without_outputs_names_no_run(toy):
    results, docs = toy
    _ran(results, provenance=None)
    notebooks.write_notebook_pages(results, docs)
    assert json.loads((docs / "en" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8")) == RUN
    # near miss: a manifest but no executed notebook: the page has no outputs for a note to speak of
    (results / "toy" / "cpu" / "notebook.ipynb").unlink()
    (results / "toy" / "cpu" / "manifest.json").write_text(json.dumps({"provenance": PROVENANCE}), encoding="utf-8")
    notebooks.write_notebook_pages(results, docs)
    assert json.loads((docs / "en" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8")) == \
        notebooks.unexecuted(SOURCE)


def test_a_machine_name_in_the_note_is_text_not_markup(toy):
    results, docs = toy
    _ran(results, PROVENANCE | {"device_name": "<img src=x onerror=alert(1)>"})
    notebooks.write_notebook_pages(results, docs)
    note = json.loads((docs / "en" / "labs" / "toy_notebook.ipynb").read_text(encoding="utf-8"))["cells"][-1]
    assert "<img" not in note["source"][0] and "&lt;img src=x onerror=alert(1)&gt;" in note["source"][0]
