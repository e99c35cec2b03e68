"""A lab's metadata, read from `labs/<lab>/lab.toml`: titles, needs, duration, environment.

Kept in TOML so that the bilingual titles and summaries read naturally; the engine uses the
same loader to draw the curriculum map and each lab's header. A malformed file raises
`LabMetaError` with one line naming the file, the field and what to write instead; it never
breaks the commands that do not need that lab.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEVICES = ("cpu", "cuda")
PRESETS = ("smoke", "full")
LANGUAGES = ("en", "es")
# The folder of lab packages; tests point it at a folder of toy labs.
LABS_DIR = Path(os.environ.get("COURSE_LABS_DIR") or Path(__file__).resolve().parent.parent).resolve()


class LabMetaError(ValueError):
    """A lab.toml that cannot be used; the message names the file and the field."""


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
    key_variables: list[str] = field(default_factory=list)  # environment variables that change the result
    listed: bool = True               # false for support labs (numbers for a chapter, not a lesson)

    @property
    def source_dir(self) -> Path:
        return LABS_DIR / self.id


def lab_ids() -> list[str]:
    """Every lab folder with a lab.toml, in curriculum order (unreadable ones last, by name)."""
    def order(lab_id: str) -> tuple[int, str]:
        try:
            return load_lab_meta(lab_id).order, lab_id
        except LabMetaError:
            return 10**9, lab_id
    return sorted((p.parent.name for p in LABS_DIR.glob("*/lab.toml")), key=order)


class _Reader:
    """Typed access to one lab.toml's fields, each failure a one-line LabMetaError."""

    def __init__(self, path: Path, raw: dict[str, Any]):
        self.path, self.raw = path, raw

    def fail(self, name: str, wanted: str, got: Any = None) -> LabMetaError:
        found = "it is missing" if got is None else f"got {got!r}"
        return LabMetaError(f"{self.path}: field '{name}': expected {wanted}, {found}; fix it and run again")

    def get(self, name: str, default: Any = ..., kind: type | tuple = object, wanted: str = "") -> Any:
        if name not in self.raw:
            if default is ...:
                raise self.fail(name, wanted or kind.__name__)
            return default
        value = self.raw[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(name, wanted or getattr(kind, "__name__", str(kind)), value)
        return value

    def bilingual(self, name: str, item: type = str, default: Any = ...) -> dict[str, Any]:
        value = self.get(name, default, dict, "a table with en and es")
        for lang in LANGUAGES:
            entry = value.get(lang) if isinstance(value, dict) else None
            ok = isinstance(entry, str) if item is str else (
                isinstance(entry, list) and all(isinstance(x, str) for x in entry))
            if value is not default and not ok:
                what = "a text" if item is str else "a list of texts"
                raise self.fail(f"{name}.{lang}", what, entry)
        return value

    def positive_int(self, name: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise self.fail(name, "a whole number above 0", value)
        return value


def load_lab_meta(lab_id: str, labs_dir: Path | None = None) -> LabMeta:
    labs_dir = labs_dir or LABS_DIR
    path = labs_dir / lab_id / "lab.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.parent.name for p in labs_dir.glob("*/lab.toml"))) or "none"
        raise FileNotFoundError(f"no lab named {lab_id!r} ({path} is missing); known labs: {known}")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise LabMetaError(f"{path}: not valid TOML ({error}); fix the file and run again") from None
    read = _Reader(path, raw)
    devices = read.get("devices", kind=list, wanted="a list of devices")
    if not devices or any(d not in DEVICES for d in devices):
        raise read.fail("devices", f"a list drawn from {list(DEVICES)}", devices)
    timeouts = read.get("timeout_s", kind=dict, wanted="a table of seconds per preset")
    missing = [p for p in PRESETS if p not in timeouts]
    if missing:
        raise read.fail(f"timeout_s.{missing[0]}", "a whole number of seconds")
    env = read.get("env", {}, dict, "a table of variable names and texts")
    if not all(isinstance(v, (str, int, float)) for v in env.values()):
        raise read.fail("env", "text values", env)
    prerequisites = read.get("prerequisites", [], list, "a list of lab names")
    key_variables = read.get("key_variables", [], list, "a list of environment variable names")
    if not all(isinstance(v, str) and re.fullmatch(r"[A-Z_][A-Z0-9_]*", v) for v in key_variables):
        raise read.fail("key_variables", "a list of environment variable names such as \"MY_VARIABLE\"",
                        key_variables)
    return LabMeta(
        id=lab_id,
        order=read.get("order", kind=int, wanted="a whole number"),
        phase=read.get("phase", kind=str, wanted="a phase id from labs/curriculum.toml"),
        week=read.get("week", kind=int, wanted="a whole number"),
        title=read.bilingual("title"),
        summary=read.bilingual("summary"),
        teaches=read.bilingual("teaches", list),
        duration_min=read.positive_int("duration_min", read.get("duration_min", kind=int)),
        devices=list(devices),
        device_notes=read.bilingual("device_notes", default={}),
        prerequisites=[str(p) for p in prerequisites],
        timeout_s={p: read.positive_int(f"timeout_s.{p}", timeouts[p]) for p in PRESETS},
        env={k: str(v) for k, v in env.items()},
        key_variables=list(key_variables),
        listed=read.get("listed", True, bool, "true or false"),
    )
