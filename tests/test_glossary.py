"""The glossary's words to avoid (docs/translations/glossary.toml), found in a Spanish page's
prose as whole words in any case, never inside code or a marker, and named with the term to
use instead: what the build and test_site.py hold every Spanish page to. The glossary page
lists those words beside each term, quoted as code so that it keeps to them too."""

from __future__ import annotations

import re

import markdown
import pytest

from course.glossary import avoided_terms
from course.markers import PageContext, expand
from course.results import ResultStore


def test_an_avoided_word_is_named_with_the_term_to_use_instead():
    assert avoided_terms("Guarda el fichero de salida.") == [("fichero", "archivo")]
    assert avoided_terms("Reproduce el grafo CUDA.") == [("grafo CUDA", "CUDA graph")]


def test_an_avoided_word_is_found_in_any_case():
    assert avoided_terms("FICHERO y Un Frame") == [("un frame", "marco"), ("fichero", "archivo")]


def test_each_avoided_word_is_named_once_in_the_glossarys_order():
    page = "Los ficheros, un fichero, el frame y otro fichero."
    assert avoided_terms(page) == [("el frame", "marco"), ("fichero", "archivo"), ("ficheros", "archivo")]


@pytest.mark.parametrize("page", [
    "Los subficheros no cuentan.",             # inside a longer word
    "El ficherox tampoco.",
    "archivo_fichero_viejo",                   # an identifier: `_` is part of a word
    "El frameworks es otra cosa.",
    "",
])
def test_a_word_that_only_contains_an_avoided_one_is_not_named(page):
    assert avoided_terms(page) == []


@pytest.mark.parametrize("page", [
    "Llama a `abrir(fichero)` primero.",
    "```python\nfichero = open('x')\n# un fichero\n```\n",       # a fenced block over several lines
    "{{ code lab:fichero.py }}",
    "{{ table lab/cpu:x\n  title=\"fichero\" }}",                 # a marker over two lines
])
def test_code_and_markers_may_use_any_word(page):
    assert avoided_terms(page) == []


def test_code_is_taken_out_as_a_space_so_a_word_right_after_it_is_still_found():
    assert avoided_terms("Llama a `open()`fichero.") == [("fichero", "archivo")]


def test_backticks_on_two_lines_are_no_code_span():
    assert avoided_terms("un ` suelto, fichero\ny otro `") == [("fichero", "archivo")]


def rendered_glossary(lang: str, tmp_path) -> str:
    ctx = PageContext(page=f"{lang}/reference/glossary.md", lang=lang, page_dir="reference", site_root="../..")
    expansion = expand("{{ glossary }}", ctx, ResultStore(tmp_path))
    assert expansion.errors == []
    return expansion.markdown


@pytest.mark.parametrize("lang, header", [
    ("en", "| English | Spanish | Avoid (in Spanish) | Note (in Spanish) |"),
    ("es", "| Español | Inglés | Evitar | Nota |"),
])
def test_the_glossary_page_shows_the_words_to_avoid_beside_each_term(tmp_path, lang, header):
    # the page says the tests refuse a word "the table lists as one to avoid": the table lists them
    lines = rendered_glossary(lang, tmp_path).splitlines()
    assert header in lines
    [file_row] = [line for line in lines if "archivo" in line and "file" in line]
    assert "<code>fichero</code>, <code>ficheros</code>" in file_row
    [graph_row] = [line for line in lines if line.startswith(("| graph |", "| grafo |"))]
    assert graph_row.split(" | ")[2] == "—"                   # a term with nothing to avoid


def test_the_words_to_avoid_are_quoted_as_code_so_the_spanish_page_itself_keeps_to_the_glossary(tmp_path):
    page = markdown.markdown(rendered_glossary("es", tmp_path), extensions=["tables", "md_in_html"])
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<code>.*?</code>", " ", page, flags=re.S))
    assert "fichero" in page and avoided_terms(text) == []


@pytest.mark.parametrize("page, found", [
    ("Búferes reservados: inferencia / entrenamiento", [("búferes reservados", "asignada / reservada")]),
    ("in situ: sin reservar memoria, pero", [("sin reservar memoria", "asignada / reservada")]),
    ("Búferes asignados y sin asignar memoria.", []),                       # the glossary's word for a buffer
    ("La memoria reservada por el asignador con caché.", []),               # reserved memory is the allocator's
])
def test_a_buffer_is_allocated_never_reserved(page, found):
    assert avoided_terms(page) == found
