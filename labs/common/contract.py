"""The contract between the labs and the scripts that turn their runs into pages.

The engine (`scripts/course`) imports this module and nothing else from `labs/`: what a
device and a preset are, the manifest's schema, the progress line a lab prints, a lab's
metadata, what a result's cache key covers, how files are written atomically, how numbers
read in each language (pages and the labs' own reports format them alike). A lab that
keeps to this contract can be run, cached, validated and shown without the engine knowing
anything else about it. Standard library only: a bare GPU machine runs labs without the
engine's dependencies.
"""

from __future__ import annotations

import operator
from pathlib import Path

from labs.common.atomic import write_json_atomic, write_text_atomic
from labs.common.environment import default_device
from labs.common.fingerprint import cache_key, device_name, machine_fingerprint, source_hash
from labs.common.formatting import format_number, with_unit
from labs.common.labmeta import DEVICES, LABS_DIR, LANGUAGES, PRESETS, LabMeta, LabMetaError, lab_ids, load_lab_meta
from labs.common.notebook import split_cells

# The manifest format; bump it (and the schema's "const") when a field changes meaning.
SCHEMA_VERSION = 1
MANIFEST_SCHEMA_PATH = Path(__file__).resolve().with_name("manifest.schema.json")
# A line the runner reads from a lab's stdout to show which part is running.
PROGRESS_PREFIX = "@@course "

# How an acceptance check compares its value with its threshold. The engine recomputes every
# check's verdict with these, so a manifest cannot claim a pass its own numbers contradict.
CHECK_OPERATORS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
                   "==": operator.eq}

# Labs that were renamed: a learner's submission made before the rename still names its old id
# (inside its content hash), so readers map it instead of refusing it.
FORMER_LAB_IDS = {"lab03_compile": "inductor_kernels"}


def current_lab_id(lab: str) -> str:
    """The lab's id today, for an id recorded before a rename."""
    return FORMER_LAB_IDS.get(lab, lab)


__all__ = [
                   "CHECK_OPERATORS",
                   "DEVICES",
                   "FORMER_LAB_IDS",
                   "LABS_DIR",
                   "LANGUAGES",
                   "MANIFEST_SCHEMA_PATH",
                   "PRESETS",
                   "PROGRESS_PREFIX",
                   "SCHEMA_VERSION",
                   "LabMeta",
                   "LabMetaError",
                   "cache_key",
                   "current_lab_id",
                   "default_device",
                   "device_name",
                   "format_number",
                   "lab_ids",
                   "load_lab_meta",
                   "machine_fingerprint",
                   "source_hash",
                   "split_cells",
                   "with_unit",
                   "write_json_atomic",
                   "write_text_atomic",
]
