"""MkDocs hook: the engine's words (scripts/course/strings.py) for the theme's templates.

The templates in scripts/overrides/ read `config.extra.course_strings[<language>]`, so every
word they show comes from the same translation table as the markers' words.
"""

from __future__ import annotations

from course.strings import STRINGS


def on_config(config):
    config.extra["course_strings"] = STRINGS
    return config
