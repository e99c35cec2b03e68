"""Every knob of the explain lab (the page's rendered examples), one instance per preset."""

from __future__ import annotations

from dataclasses import dataclass

from labs.common.settings_rules import positive


@dataclass(frozen=True)
class Settings:
    budget_s: float
    """Seconds of eager-against-compiled timing per example (on CPU with one thread, as Lab 03
    times: on a small shared machine two OpenMP threads wait on each other at every barrier)."""

    def __post_init__(self) -> None:
        positive("budget_s", self.budget_s)


SETTINGS = {"smoke": Settings(budget_s=0.3), "full": Settings(budget_s=1.0)}
