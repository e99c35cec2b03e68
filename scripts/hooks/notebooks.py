"""Notebook pages: write them from each lab's notebook and its run, in both languages, and
make mkdocs-jupyter's pages survive mkdocs-static-i18n.

i18n's on_files (priority -100) rebuilds every file as a plain File, so a notebook comes out
as its raw .py source. Running after it, this hook wraps notebook files again as
mkdocs-jupyter's NotebookFile, keeping the destination i18n chose for the language being
built (en at the root, es under /es/), so the page renders and the language switch works.
"""

from __future__ import annotations

import logging

from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs_jupyter.plugin import NotebookFile

from course.notebooks import TranslationError, write_notebook_pages
from course.results import RESULTS_DIR

NOTEBOOK_SUFFIX = "_notebook.ipynb"
log = logging.getLogger("mkdocs.hooks.notebooks")


def on_pre_build(config) -> None:
    """Write the notebook pages, both languages, before MkDocs collects the files (see course/notebooks.py)."""
    try:
        warnings = write_notebook_pages(RESULTS_DIR)
    except TranslationError as error:  # one line that names the text; the strict build stops
        warnings = [str(error)]
    for warning in warnings:
        log.warning(warning)


def _notebook_page(file, config) -> NotebookFile:
    """Wrap `file` again; mkdocs-jupyter already gave it a page's destination
    (x_notebook/index.html) before i18n moved it into the language's folder: keep that."""
    page = NotebookFile(file, use_directory_urls=config["use_directory_urls"], site_dir=config["site_dir"])
    page.dest_uri = file.dest_uri
    page.abs_dest_path = file.abs_dest_path
    page.url = file.url
    return page


@event_priority(-200)
def on_files(files: Files, config) -> Files:
    # Swap in place: `files` is i18n's own Files subclass, which resolves the nav per language.
    notebooks = [f for f in files if f.src_uri.endswith(NOTEBOOK_SUFFIX) and not isinstance(f, NotebookFile)]
    for file in notebooks:
        page = _notebook_page(file, config)
        page.alternates = getattr(file, "alternates", {})
        files.remove(file)
        files.append(page)
    return files
