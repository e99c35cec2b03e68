"""A lab's metadata, read from `labs/<lab>/lab.toml`: titles, needs, duration, environment.

Kept in TOML so that the bilingual titles and summaries read naturally; the engine uses the
same loader to draw the curriculum map and each lab's header.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The folder of lab packages; tests point it at a folder of toy labs.
LABS_DIR = Path(os.environ.get("COURSE_LABS_DIR") or Path(__file__).resolve().parent.parent).resolve()


@dataclass(frozen=True)
class LabMeta:
    id: str
    order: int
    phase: str
    week: int
    title: dict[str, str]
    summary: dict[str, str]
    teaches: dict[str, list[str]]
    duration_min: int
    devices: list[str]                # where the lab means something: ["cpu", "cuda"]
    device_notes: dict[str, str]      # language -> one sentence on what runs where
    prerequisites: list[str]
    timeout_s: dict[str, int]         # preset -> seconds
    env: dict[str, str] = field(default_factory=dict)
    deliverables_dir: str | None = None
    listed: bool = True               # false for support labs (numbers for a chapter, not a lesson)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def source_dir(self) -> Path:
        return LABS_DIR / self.id


def lab_ids() -> list[str]:
    """Every lab folder with a lab.toml, in curriculum order."""
    ids = [p.parent.name for p in LABS_DIR.glob("*/lab.toml")]
    return sorted(ids, key=lambda lab_id: (load_lab_meta(lab_id).order, lab_id))


def load_lab_meta(lab_id: str) -> LabMeta:
    path = LABS_DIR / lab_id / "lab.toml"
    if not path.is_file():
        known = ", ".join(p.parent.name for p in LABS_DIR.glob("*/lab.toml")) or "none"
        raise FileNotFoundError(f"no lab named {lab_id!r} ({path} is missing); known labs: {known}")
    with path.open("rb") as handle:
        raw = tomllib.load(handle)
    try:
        return LabMeta(
            id=lab_id,
            order=int(raw["order"]),
            phase=raw["phase"],
            week=int(raw["week"]),
            title=raw["title"],
            summary=raw["summary"],
            teaches=raw["teaches"],
            duration_min=int(raw["duration_min"]),
            devices=list(raw["devices"]),
            device_notes=raw.get("device_notes", {}),
            prerequisites=list(raw.get("prerequisites", [])),
            timeout_s={k: int(v) for k, v in raw["timeout_s"].items()},
            env={k: str(v) for k, v in raw.get("env", {}).items()},
            deliverables_dir=raw.get("deliverables_dir"),
            listed=bool(raw.get("listed", True)),
            extra=raw.get("extra", {}),
        )
    except KeyError as missing:
        raise ValueError(f"{path}: missing field {missing}") from None
