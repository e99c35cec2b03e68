"""MkDocs hook: refuse to build when a Spanish page is missing or does not mirror its English
page (see course.translations); a strict build stops on these warnings."""

from __future__ import annotations

import logging
from pathlib import Path

from course.translations import mirror_problems

log = logging.getLogger("mkdocs.hooks.translations")


def on_pre_build(config) -> None:
    for problem in mirror_problems(Path(config["docs_dir"])):
        log.warning(problem)
