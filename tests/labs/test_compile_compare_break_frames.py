"""Why the step with breaks can recompile more often than Dynamo's recompile limit.

The CPU run logged 15 recompilations against a limit of 8. Dynamo counts recompilations, and
applies its limit, per frame: on torch 2.13 two frames resumed after the breaks guard on the
`.item()` value (the one after `.item()`, line 33, and the one after the `if`, line 35, which
keeps the value alive), 8 log records in the first (7 recompilations and the attempt the limit
refused) and 7 in the second. The lab records the count per frame, and COMPILE_LOG and the page
say it. The recompilations here are built by hand, as the run's log named them.
"""

from __future__ import annotations

import pytest

from labs.common import measure
from labs.common.harness import Lab
from labs.common.options import LabOptions
from labs.compile_compare import compile_log, report
from labs.compile_compare.findings import AB, Findings, GraphBreakStudy
from labs.compile_compare.graph_breaks import Break, Explained, FullgraphOutcome
from labs.compile_compare.recompile_log import GuardFailure, Recompile

FILE = "/work/main/labs/compile_compare/step_variants.py"
AFTER_ITEM = ("torch_dynamo_resume_in_loss_with_breaks_at_33", f"{FILE}:33")
AFTER_IF = ("torch_dynamo_resume_in_loss_with_breaks_at_35", f"{FILE}:35")


def _recompile(frame: tuple[str, str], value: float) -> Recompile:
    guard = "___stack0" if frame is AFTER_ITEM else "__resume_frame_values[2]"
    return Recompile(*frame, (GuardFailure("2/0", f"{guard} == {value}"),))


def cpu_runs_recompiles() -> list[Recompile]:
    """As the log listed them: the two frames in turn, step by step, until the first one's limit."""
    found = []
    for step in range(8):
        found.append(_recompile(AFTER_ITEM, 0.04 + step / 1000))
        if step < 7:
            found.append(_recompile(AFTER_IF, 0.04 + step / 1000))
    return found


def _study(recompiles: list[Recompile]) -> GraphBreakStudy:
    def stats(ms):
        return measure.Stats(ms / 1e3, ms / 1e3 * 0.99, ms / 1e3 * 1.01, ms / 1e3 * 0.98, ms / 1e3 * 1.02, 40, "latency")
    broken = Explained(5, 4, (Break("print", "Failed to trace builtin operator", "step_variants.py", 31,
                                    "print(...)  # break: print"),))
    timing = measure.Comparison(latency=(stats(19.6), stats(18.4)))
    return GraphBreakStudy(broken=broken, fixed=Explained(1, 0, ()), fullgraph_broken=FullgraphOutcome(True, "E", "m"),
                           fullgraph_fixed=FullgraphOutcome(False), loss_diff=0.0,
                           ab=AB("with_breaks", "fixed", timing, 14.4, 8.38), broken_recompiles=recompiles,
                           fixed_recompiles=[])


def test_the_recompilations_are_counted_per_frame_in_the_order_they_began():
    assert _study(cpu_runs_recompiles()).broken_recompiles_by_frame() == [(*AFTER_ITEM, 8), (*AFTER_IF, 7)]


def test_one_frame_is_one_row():
    # near miss: the GPU run's torch guarded in one frame only
    one = [_recompile(AFTER_ITEM, 0.1 + step) for step in range(8)]
    assert _study(one).broken_recompiles_by_frame() == [(*AFTER_ITEM, 8)]
    assert _study([]).broken_recompiles_by_frame() == []


@pytest.mark.parametrize("recompiles, frames, rows", [
    (cpu_runs_recompiles(), 2, [["torch_dynamo_resume_in_loss_with_breaks_at_33", "step_variants.py:33", 8],
                                ["torch_dynamo_resume_in_loss_with_breaks_at_35", "step_variants.py:35", 7]]),
    ([_recompile(AFTER_ITEM, 0.1)], 1, [["torch_dynamo_resume_in_loss_with_breaks_at_33", "step_variants.py:33", 1]]),
])
def test_the_part_records_each_frames_count(tmp_path, recompiles, frames, rows):
    lab = Lab(LabOptions("compile_compare", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    report.graph_break_study(lab, _study(recompiles), 8, "aot_eager", 1)
    metrics, table = lab.result["metrics"], lab.result["tables"]["break_recompiles"]
    assert metrics["breaks.broken_recompiles"]["value"] == len(recompiles)
    assert metrics["breaks.broken_recompile_frames"]["value"] == frames
    assert table["columns"] == ["frame", "resumed_at", "recompiles"] and table["rows"] == rows


def _log(recompiles: list[Recompile], lang: str) -> str:
    f = Findings("cpu", "full", "2.13.0", breaks=_study(recompiles), recompile_limit=8, study_layers=1)
    return "\n".join(compile_log.breaks_section(f, {}, compile_log._Writer(lang)))


def test_compile_log_says_the_limit_is_per_frame_and_gives_each_frames_count():
    en, es = _log(cpu_runs_recompiles(), "en"), _log(cpu_runs_recompiles(), "es")
    assert "recompiled 15 times (the first on the guard `___stack0 == 0.04`)" in en
    assert "Dynamo counts recompilations per frame, each frame against its own limit (8)" in en
    assert ("By frame: `torch_dynamo_resume_in_loss_with_breaks_at_33` (step_variants.py:33): 8; "
            "`torch_dynamo_resume_in_loss_with_breaks_at_35` (step_variants.py:35): 7.") in en
    assert "recompiló además 15 veces" in es and "cada uno con su propio límite (8)" in es
    assert "Por marco: `torch_dynamo_resume_in_loss_with_breaks_at_33` (step_variants.py:33): 8;" in es


def test_one_recompilation_reads_singular():
    one = [_recompile(AFTER_ITEM, 0.1)]
    assert "recompiled 1 time (" in _log(one, "en") and "recompiló además 1 vez (" in _log(one, "es")
    assert "recompiled" not in _log([], "en")


@pytest.mark.parametrize("fixed, passed", [(Explained(1, 0, ()), True), (Explained(2, 1, ()), False)])
def test_the_fixed_steps_check_is_labelled_by_what_it_checks(tmp_path, fixed, passed):
    # the check compares the break count, so its label speaks of breaks, not of how many graphs
    lab = Lab(LabOptions("compile_compare", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    study = _study([])
    report.graph_break_study(lab, GraphBreakStudy(**{**vars(study), "fixed": fixed}), 8, "aot_eager", 1)
    check = lab.result["checks"]["fixed_step_breaks"]
    assert (check["value"], check["passed"]) == (fixed.graph_break_count, passed)
    assert check["label"] == {"en": "The fixed step has no graph break",
                              "es": "El paso corregido no tiene ninguna ruptura de grafo"}
    assert lab.result["metrics"]["breaks.fixed_graphs"]["value"] == fixed.graph_count
