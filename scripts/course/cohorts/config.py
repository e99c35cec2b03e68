"""A cohort's settings, read from `cohorts/<cohort-id>/cohort.toml`, which its instructor writes.

    title = {en = "Pilot cohort, November 2026", es = "Cohorte piloto, noviembre de 2026"}
    starts = 2026-11-02
    ends = 2026-11-27
    labs = ["inside_compile", "inductor_kernels", "compile_compare"]
    preset = "full"          # "full": only full runs; "smoke": smoke or full runs
    alias_mode = "numbered"  # "shown": aliases as written; "numbered": learner 1, 2, …

A malformed file raises CohortError naming the file, the field and what to write instead.
"""

from __future__ import annotations

import datetime
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from labs.common.contract import LANGUAGES, PRESETS, lab_ids, load_lab_meta

ROOT = Path(__file__).resolve().parents[3]
# Tests point this at a folder of their own cohorts.
COHORTS_DIR = Path(os.environ.get("COURSE_COHORTS_DIR") or ROOT / "cohorts")
# It names a folder and a page: keep it plain ("index" is the page that lists cohorts).
# \Z, not $: `$` also matches before a final newline, and "pilot\n" made a folder of that name.
COHORT_ID = re.compile(r"\A(?!index\Z)[a-z0-9][a-z0-9-]{0,62}\Z")
ALIAS_MODES = ("shown", "numbered")


class CohortError(ValueError):
    """A cohort that cannot be used; the message names the file or folder and the field."""


@dataclass(frozen=True)
class Cohort:
    id: str
    folder: Path
    title: dict[str, str]
    starts: datetime.date | None
    ends: datetime.date | None
    labs: tuple[str, ...]
    preset: str
    alias_mode: str

    def accepts_preset(self, preset: str) -> bool:
        """A full run satisfies a cohort that asks for smoke; a smoke run never one that asks for full."""
        return PRESETS.index(preset) >= PRESETS.index(self.preset)

    @property
    def submissions_dir(self) -> Path:
        return self.folder / "submissions"


def _date(path: Path, raw: dict, name: str) -> datetime.date | None:
    value = raw.get(name)
    if value is None or (isinstance(value, datetime.date) and not isinstance(value, datetime.datetime)):
        return value
    raise CohortError(f"{path}: field '{name}': expected a date such as 2026-11-02, got {value!r}")


def load_cohort(cohort_id: str, cohorts_dir: Path | None = None) -> Cohort:
    folder = Path(cohorts_dir or COHORTS_DIR) / cohort_id
    path = folder / "cohort.toml"
    if not COHORT_ID.match(cohort_id):
        raise CohortError(f"{cohort_id!r} is not a cohort id: lowercase letters, digits and dashes, "
                          "such as 2026-11-pilot")
    if not path.is_file():
        raise CohortError(f"{path} does not exist; create it with `.venv/bin/python -m course cohort new {cohort_id}`")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise CohortError(f"{path}: not valid TOML: {error}") from None

    def fail(name: str, wanted: str) -> CohortError:
        return CohortError(f"{path}: field '{name}': expected {wanted}, got {raw.get(name)!r}")

    title = raw.get("title")
    if not isinstance(title, dict) or any(not isinstance(title.get(lang), str) or not title[lang].strip()
                                          for lang in LANGUAGES):
        raise fail("title", '{en = "…", es = "…"}')
    labs = raw.get("labs")
    known = lab_ids()
    if not isinstance(labs, list) or not labs or any(lab not in known for lab in labs):
        raise fail("labs", f"a list of lab ids from: {', '.join(known)}")
    if raw.get("preset") not in PRESETS:
        raise fail("preset", " or ".join(f'"{p}"' for p in PRESETS))
    if raw.get("alias_mode", "numbered") not in ALIAS_MODES:
        raise fail("alias_mode", " or ".join(f'"{m}"' for m in ALIAS_MODES))
    if unknown := sorted(set(raw) - {"title", "starts", "ends", "labs", "preset", "alias_mode"}):
        raise CohortError(f"{path}: unknown field(s) {', '.join(unknown)}")
    return Cohort(id=cohort_id, folder=folder, title={lang: title[lang] for lang in LANGUAGES},
                  starts=_date(path, raw, "starts"), ends=_date(path, raw, "ends"), labs=tuple(labs),
                  preset=raw["preset"], alias_mode=raw.get("alias_mode", "numbered"))


def cohort_ids(cohorts_dir: Path | None = None) -> list[str]:
    """Every folder with a cohort.toml, newest id first (ids usually start with a date)."""
    base = Path(cohorts_dir or COHORTS_DIR)
    if not base.is_dir():
        return []
    return sorted((p.parent.name for p in base.glob("*/cohort.toml") if COHORT_ID.match(p.parent.name)),
                  reverse=True)


TEMPLATE = """\
# A cohort: learners' runs of some labs, published as a page in English and Spanish.
# `.venv/bin/python -m course cohort add {id} FILE...` adds submissions; `make site` publishes them.
title = {{en = "{title_en}", es = "{title_es}"}}
starts = {starts}
ends = {ends}
# The labs whose runs this cohort collects.
labs = [{labs}]
# "full": only runs of the full preset (the numbers the course shows); "smoke": smoke or full.
preset = "{preset}"
# "shown": each learner's alias as they wrote it; "numbered": learner 1, 2, … (aliases stay private).
alias_mode = "{alias_mode}"
"""


def _curriculum_labs() -> list[str]:
    return [lab for lab in lab_ids() if load_lab_meta(lab).listed]


def new_cohort(cohort_id: str, cohorts_dir: Path | None = None, *, labs: list[str] | None = None,
               preset: str = "full", alias_mode: str = "numbered") -> Path:
    """Write a cohort.toml to edit; refuses to overwrite one."""
    if not COHORT_ID.match(cohort_id):
        raise CohortError(f"{cohort_id!r} is not a cohort id: lowercase letters, digits and dashes")
    path = Path(cohorts_dir or COHORTS_DIR) / cohort_id / "cohort.toml"
    if path.exists():
        raise CohortError(f"{path} already exists; edit it instead")
    today = datetime.date.today()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(TEMPLATE.format(id=cohort_id, title_en=f"Cohort {cohort_id}", title_es=f"Cohorte {cohort_id}",
                                    starts=today, ends=today + datetime.timedelta(weeks=4),
                                    labs=", ".join(f'"{lab}"' for lab in (labs or _curriculum_labs())),
                                    preset=preset, alias_mode=alias_mode), encoding="utf-8")
    load_cohort(cohort_id, cohorts_dir)  # what it wrote must load
    return path
