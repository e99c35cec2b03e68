"""MkDocs hook: a page per cohort in each language, generated from `cohorts/<id>/`, and listed
under "Cohorts" in the navigation. An instructor writes a cohort.toml, never Markdown. After
the build, each cohort's whole table of submissions is written beside its English page as CSV
and JSON (both languages' pages link there), rather than inlined into the page.

Each page is a title and one `{{ cohort id="…" }}` marker, which hooks/markers.py expands like
any other. mkdocs-static-i18n (priority -100) rebuilds every file it finds in docs/ and would
drop in-memory ones, so the pages are added after it, for the language being built, with
the destination i18n would have given them (English at the root, Spanish under es/).
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, _add_previous_and_next_links

from course import escape
from course.build_errors import ENGINE_ERRORS
from course.cohorts import export, report
from course.cohorts.config import CohortError, cohort_ids, load_cohort
from course.results import RESULTS_DIR, ResultStore
from labs.common.contract import LANGUAGES

log = logging.getLogger("mkdocs.hooks.cohorts")
INDEX = "cohorts/index.md"


def _language(config) -> str:
    i18n = config.plugins.get("i18n")
    return getattr(i18n, "current_language", None) or LANGUAGES[0]


def page_markdown(cohort_id: str, title: str) -> str:
    return f'# {escape.text(title)}\n\n{{{{ cohort id="{cohort_id}" }}}}\n'


@event_priority(-150)
def on_files(files: Files, config) -> Files:
    lang = _language(config)
    for cohort_id in cohort_ids():
        try:
            cohort = load_cohort(cohort_id)
        except CohortError as error:
            log.warning(str(error))  # a strict build stops here, naming the file and field
            continue
        file = File.generated(config, f"{lang}/cohorts/{cohort_id}.md",
                              content=page_markdown(cohort_id, cohort.title[lang]))
        inner = f"cohorts/{cohort_id}/index.html"
        file.dest_uri = inner if lang == LANGUAGES[0] else f"{lang}/{inner}"
        # What mkdocs-static-i18n records on the files it made (language switcher, sitemap).
        file.alternates, file.locale, file.locale_alternate_of = {lang: file}, lang, lang
        file.localization, file.norm_src_uri = lang, f"cohorts/{cohort_id}.md"
        file.course_cohort = cohort_id
        files.append(file)
        # i18n listed the language's pages for its sitemap before this hook ran.
        getattr(config.plugins.get("i18n"), "i18n_files_per_language", {}).get(lang, []).append(file)
    return files


@event_priority(-150)
def on_nav(nav: Navigation, config, files: Files) -> Navigation:
    """Put each cohort page after the Cohorts index, in its section, newest cohort first."""
    index = next((p for p in nav.pages if p.file.src_uri.endswith(INDEX)), None)
    if index is None or index.parent is None:
        return nav
    section = index.parent
    cohort_pages = [f.page for f in files.documentation_pages() if getattr(f, "course_cohort", None) and f.page]
    for page in cohort_pages:
        page.parent = section
        section.children.append(page)
    at = nav.pages.index(index) + 1
    nav.pages[at:at] = cohort_pages
    _add_previous_and_next_links(nav.pages)
    return nav


def on_post_build(config) -> None:
    store = ResultStore(RESULTS_DIR)
    for cohort_id in cohort_ids():
        try:
            rep = report.build(load_cohort(cohort_id), store)
        except ENGINE_ERRORS as error:  # a broken cohort.toml or manifest: one line, as its page says
            log.warning(f"cohort {cohort_id}: no downloads: {error}")
            continue
        folder = Path(config["site_dir"]) / "cohorts" / cohort_id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / export.download_name(rep.cohort, "csv")).write_text(export.download_csv(rep), encoding="utf-8")
        (folder / export.download_name(rep.cohort, "json")).write_text(export.download_json(rep), encoding="utf-8")
