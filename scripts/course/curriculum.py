"""The curriculum: phases and weeks (labs/curriculum.toml) filled with the labs' metadata."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from labs.common.contract import LABS_DIR, LabMeta, lab_ids, load_lab_meta

CURRICULUM_PATH = LABS_DIR / "curriculum.toml"


@dataclass(frozen=True)
class Reading:
    week: int
    page: str
    duration_min: int
    title: dict[str, str]
    teaches: dict[str, list[str]]


@dataclass(frozen=True)
class Phase:
    id: str
    title: dict[str, str]
    summary: dict[str, str]
    readings: tuple[Reading, ...]
    labs: tuple[LabMeta, ...]

    def weeks(self) -> list[int]:
        return sorted({r.week for r in self.readings} | {lab.week for lab in self.labs})


@lru_cache(maxsize=1)
def phases() -> tuple[Phase, ...]:
    raw = tomllib.loads(Path(CURRICULUM_PATH).read_text(encoding="utf-8"))
    metas = [load_lab_meta(lab) for lab in lab_ids()]
    known = {p["id"] for p in raw["phase"]}
    for meta in metas:
        if meta.phase not in known:
            raise ValueError(f"labs/{meta.id}/lab.toml: phase {meta.phase!r} is not in "
                             f"{CURRICULUM_PATH.name} (known: {', '.join(sorted(known))})")
    return tuple(
        Phase(id=p["id"], title=p["title"], summary=p["summary"],
              readings=tuple(Reading(**r) for r in p.get("reading", [])),
              labs=tuple(m for m in metas if m.phase == p["id"] and m.listed))
        for p in raw["phase"])


def ordered_labs() -> list[LabMeta]:
    """Labs in the order a learner meets them (the order field, then the name)."""
    return [lab for phase in phases() for lab in phase.labs]
