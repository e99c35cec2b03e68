"""`python -m course status`: every lab's result per device, and what it means here.

Each line says whether the result is current for this machine, from another machine (the
committed runs of the named machines), stale (the lab's code changed since), failed or
damaged, and what to run about it. One bad file is one line; the others still show.
"""

from __future__ import annotations

from pathlib import Path

from course import results
from labs.common.contract import DEVICES, LabMetaError, cache_key, lab_ids, load_lab_meta

STATES = {
    "current": "current  (this machine, this code)",
    "other_machine": "other machine  (current code; FORCE=1 measures this one)",
    "stale": "STALE  (the lab's code or preset changed since this run)",
    "failed": "FAILED",
    "missing": "(no result)",
}


def describe(results_dir: Path, lab: str, device: str) -> str:
    store = results.ResultStore(results_dir)
    failure = store.failure(lab, device)
    if failure:
        return (f"FAILED {failure.date_utc}: {failure.reason}\n{'':29}log: {failure.log}\n"
                f"{'':29}re-run: {failure.command}")
    try:
        result = store.get(lab, device)
    except results.ManifestError as error:
        return f"DAMAGED: {error}"
    if result is None:
        return STATES["missing"]
    state = results.freshness_of(result, lab, cache_key(lab, result.provenance["preset"], device),
                                 result.provenance["preset"]).value
    p = result.provenance
    line = f"{STATES[state]} · {p['preset']} · {p['date_utc']} · torch {p['torch']} · {p['device_name']}"
    if state == "stale":
        line += f"\n{'':29}refresh: make labs LAB={lab} DEVICE={device} PRESET={p['preset']} FORCE=1"
    return line


def print_status(results_dir: Path) -> int:
    for lab in lab_ids():
        try:
            devices = load_lab_meta(lab).devices
        except (FileNotFoundError, LabMetaError) as error:
            print(f"{lab:20} UNREADABLE lab.toml: {error}")
            continue
        for device in DEVICES:
            if device in devices:
                print(f"{lab:20} {device:6} {describe(results_dir, lab, device)}")
    return 0
