"""The kernel history page's noise bounds say where they came from: the benchmark that measured
them (scripts/bench_probe_noise.py) and its machine, as its committed outputs record it; and that
a lab run's machine can move further, which is why each sentence about a time reads the eager
call too (labs/kernel_history/release_changes.py: CALL_BAND, the eager control)."""

from __future__ import annotations

import re

import pytest

from labs.kernel_history import release_changes
from tests.manifests import ROOT

BENCH = ROOT / "benchmarks" / "probe_noise"
# what the page says of the benchmark's machine, per language, and how the outputs' header says it
MACHINE = {"en": "on a {cores}-core CPU machine", "es": "en una máquina de CPU de {cores} núcleos"}
EAGER = {"en": ("the same module's eager call", "when the eager call moved more than {band}× the same way"),
         "es": ("la llamada eager del mismo módulo", "cuando la llamada eager se movió más de {band}× en el mismo")}


def trend(lang: str) -> str:
    text = (ROOT / "docs" / lang / "labs" / "kernel_history.md").read_text(encoding="utf-8")
    start = text.index("{ #trend }")
    end = text.find("\n## ", start)        # the section ends at the next heading, or with the page
    return " ".join(text[start:end if end >= 0 else None].split())


def benchmark_cores(header: str) -> int:
    """The machine's cores as bench_probe_noise.py's text output names them: "AMD EPYC, 2 cores, torch …"."""
    found = re.match(r"[^,]+, (\d+) cores,", header)
    assert found, f"not a probe_noise header: {header!r}"
    return int(found.group(1))


def committed_cores() -> set[int]:
    outputs = sorted(BENCH.glob("*.txt"))
    assert outputs and len(outputs) == len(list(BENCH.glob("*.json")))     # each run's text beside its samples
    return {benchmark_cores(path.read_text(encoding="utf-8").splitlines()[0]) for path in outputs}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_noise_bounds_name_the_benchmark_and_the_machine_its_outputs_record(lang):
    said = trend(lang)
    assert "`scripts/bench_probe_noise.py`" in said and "`benchmarks/probe_noise/`" in said
    [cores] = committed_cores()          # a run on another machine must be named on the page too
    assert MACHINE[lang].format(cores=cores) in said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_says_a_runs_machine_can_move_more_and_the_eager_call_is_the_control(lang):
    said = trend(lang)
    band = f"{release_changes.CALL_BAND[1]:g}".replace(".", "," if lang == "es" else ".")
    control, moved = EAGER[lang]
    assert control in said and moved.format(band=band) in said


def test_a_header_from_another_machine_reads_its_own_cores():
    assert benchmark_cores("AMD EPYC, 2 cores, torch 2.13.0+cpu, python 3.11.7, commit 69949f2") == 2
    assert benchmark_cores("Intel Xeon, 16 cores, torch 2.14.1") == 16
    with pytest.raises(AssertionError):
        benchmark_cores("module       cold compile (s)")
