"""The README's durations are the committed runs' wall times, and its commands name things
that a fresh clone can create (a cohort example must not collide with a committed cohort)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def readme_durations(text: str) -> dict[tuple[str, str], float]:
    """(lab, device) -> seconds, from the README's `| `lab` … | N s | N s |` rows."""
    table = {}
    for lab, cpu, gpu in re.findall(r"^\| `(\w+)`[^|]*\| ([\d.]+) s \| ([\d.]+) s \|$", text, re.M):
        table[(lab, "cpu")], table[(lab, "cuda")] = float(cpu), float(gpu)
    return table


def committed_wall_times() -> dict[tuple[str, str], float]:
    times = {}
    for path in ROOT.glob("results/*/*/manifest.json"):
        provenance = json.loads(path.read_text())["provenance"]
        if provenance.get("preset") == "full":
            times[(path.parent.parent.name, path.parent.name)] = float(provenance["wall_s"])
    return times


def mismatches(said: dict, measured: dict) -> list[str]:
    wrong = [f"{lab}/{device}: README {seconds:g} s, run {measured.get((lab, device))}"
             for (lab, device), seconds in said.items()
             if (lab, device) not in measured or abs(measured[(lab, device)] - seconds) > max(2, 0.05 * seconds)]
    listed = {lab for lab, _ in said}
    wrong += [f"{lab}: no README row" for lab, _ in measured if lab not in listed and lab != "background_numbers"]
    return wrong


def test_the_readmes_durations_are_the_committed_runs():
    said = readme_durations(README)
    assert len(said) >= 10
    assert mismatches(said, committed_wall_times()) == []


def test_a_changed_run_or_a_typed_figure_is_caught():
    said = readme_durations(README)
    measured = committed_wall_times()
    lab, device = next(iter(said))
    assert mismatches({**said, (lab, device): said[(lab, device)] * 3}, measured)
    assert mismatches(said, {**measured, (lab, device): measured[(lab, device)] + 60})
    assert mismatches(said, {**measured, ("new_lab", "cpu"): 10.0})


def test_the_cohort_example_creates_a_cohort_that_does_not_exist_yet():
    created = re.findall(r"course cohort new (\S+)", README)
    assert created and not any((ROOT / "cohorts" / name).exists() for name in created)
