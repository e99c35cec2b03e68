"""What the site build says when something the engine reads is wrong: one line (the file, the
field, what to do), never a traceback, unless COURSE_VERBOSE=1 asks for the whole story.

The engine's own refusals (a manifest, a lab.toml, a cohort.toml) are errors a reader can fix,
so a marker that meets one reports it like any other marker error (course.markers.expand). Anything
else that escapes a hook is a bug in the engine: `one_line` still keeps it to one line, naming where,
and says how to see the traceback.
"""

from __future__ import annotations

import os

from course.cohorts.config import CohortError
from course.results import ManifestError
from labs.common.labmeta import LabMetaError

# Errors whose message already names the file and the field and says what to do.
ENGINE_ERRORS: tuple[type[Exception], ...] = (ManifestError, LabMetaError, CohortError)
VERBOSE_VARIABLE = "COURSE_VERBOSE"


def verbose() -> bool:
    return os.environ.get(VERBOSE_VARIABLE, "") not in ("", "0")


def one_line(error: BaseException, where: str) -> str:
    text = " ".join(str(error).split())  # a message of several lines becomes one
    if isinstance(error, ENGINE_ERRORS):
        return f"{where}: {text}"
    return (f"{where}: {type(error).__name__}: {text or '(no message)'}; a bug in the course's build: "
            f"run again with {VERBOSE_VARIABLE}=1 for the traceback")
