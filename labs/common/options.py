"""What one run of a lab was asked for: which lab, device, preset and folders.

A shape only, at the bottom of the harness: `harness` builds it from the command line and
`environment` reads it to prepare the process and record provenance, so it lives here, where
it imports neither of them. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class LabOptions:
    lab_id: str
    device: str                       # one of contract.DEVICES
    preset: str                       # one of contract.PRESETS
    out: Path                         # the result: manifest.json and artifacts
    work: Path                        # scratch: caches, dumps
    keep_work: bool = True
    allow_failed_checks: bool = False
    parts_dir: Path | None = None     # where finished parts are recorded, for a rerun to resume
