"""The course's reference runs that a cohort page sets beside its learners' runs.

The site shows whatever is in `results/`, and a learner's own `make labs` replaces what is
there with their run: the cohort page then called that local run "the course's reference
run". The reference is the run committed with the course: when `results/` is the repository's
and git can read it, the manifest at HEAD is used (a local run beside it changes nothing);
otherwise (results elsewhere, no git) the run in `results/` is used and the page says it is
the run found there, not the committed one.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from typing import Any

from course.cohorts.headlines import headlines
from course.results import ROOT, ManifestError, ResultStore, parse_json, validate_manifest

DEVICES = ("cpu", "cuda")


@dataclass(frozen=True)
class ReferenceRun:
    lab: str
    device: str
    device_class: tuple[str, str]   # as the cohort's plots group runs (report.device_class)
    provenance: dict[str, Any]
    headlines: dict[str, float]
    committed: bool             # True: the manifest committed at HEAD; False: the one found in results/


def _committed(store: ResultStore, lab: str, device: str) -> dict[str, Any] | None:
    """The manifest as committed at HEAD, or None (not the repository's results, no git, not committed)."""
    if store.results_dir.resolve() != (ROOT / "results").resolve():
        return None
    try:
        shown = subprocess.run(["git", "-C", str(ROOT), "show", f"HEAD:results/{lab}/{device}/manifest.json"],
                               capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    if shown.returncode:
        return None
    try:   # the usual case: results/ holds the committed run, read (and checked) once by the store
        if (store.results_dir / lab / device / "manifest.json").read_text(encoding="utf-8") == shown.stdout:
            return store.get(lab, device).manifest
    except (OSError, ManifestError, AttributeError):
        pass
    try:
        manifest = parse_json(shown.stdout)
        validate_manifest(manifest, f"HEAD:results/{lab}/{device}/manifest.json")
    except (ValueError, ManifestError):
        return None
    return manifest


def _numbers(manifest: dict[str, Any], lab: str) -> dict[str, float]:
    found = {}
    for headline in headlines(lab):
        metric = manifest["metrics"].get(headline.key)
        value = metric and metric["value"]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            found[headline.key] = value     # as recorded: a count stays an int, and is shown whole
    return found


def reference_runs(labs, store: ResultStore, named: dict[str, set[str]]) -> list[ReferenceRun]:
    """The reference run of each lab and device; `named`: the model names the cohort's plots give
    a class of their own (a model outside them shares the "other models" class)."""
    runs = []
    for lab in labs:
        for device in DEVICES:
            manifest, committed = _committed(store, lab, device), True
            if manifest is None:
                result, committed = store.get(lab, device), False
                manifest = result.manifest if result is not None else None
            if manifest is None or manifest["status"] != "ok":
                continue
            p = manifest["provenance"]
            name = p["device_name"] if p["device_name"] in named.get(device, ()) else ""
            runs.append(ReferenceRun(lab, device, (device, name), p, _numbers(manifest, lab), committed))
    return runs
