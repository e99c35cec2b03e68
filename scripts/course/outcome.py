"""What one lab's run came to: the shape the runner fills and the progress display reads.

It sits below both (it imports neither), so the runner and the display do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class LabOutcome:
    lab: str
    status: str                            # cached | ok | skipped | failed | timeout
    wall_s: float = 0.0
    message: str = ""
    log: Path | None = None
    parts: dict[str, str] = field(default_factory=dict)         # part -> status, once committed
    parts_titles: dict[str, str] = field(default_factory=dict)  # part -> title, while it runs
    resumed: list[str] = field(default_factory=list)            # parts restored from an earlier attempt

    @property
    def succeeded(self) -> bool:
        return self.status in ("cached", "ok", "skipped")
