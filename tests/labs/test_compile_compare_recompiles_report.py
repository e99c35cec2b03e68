"""compile_compare's part "recompiles" as the page reads it: every metric, table, check and the
log artifact, from four policy runs built by hand (nothing compiles), each figure written out.

The runs: shapes 8×32 → 16×24 → 16×16 on the smoke study model (block size 32). static compiles a
graph per shape (2 recompilations); automatic, dynamic and mark_dynamic recompile once, at the
second shape. Compile times 9, 6, 4 and 4 s; dynamic and mark_dynamic tie on time, and
mark_dynamic compiled one graph fewer.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from labs.common.harness import Lab
from labs.common.options import LabOptions
from labs.compile_compare import report
from labs.compile_compare.recompile_log import GuardFailure
from labs.compile_compare.settings import SETTINGS
from labs.compile_compare.shapes import PolicyRun, ShapeCall

SHAPES = ((8, 32), (16, 24), (16, 16))
BATCH = GuardFailure("0/0", "tensor 'idx' size mismatch at index 0. expected 8, actual 16", "idx", 0, "8", "16")
LENGTH = GuardFailure("0/1", "tensor 'idx' size mismatch at index 1. expected 32, actual 24", "idx", 1, "32", "24")
GLOBAL = GuardFailure("0/0", "___check_global_state()")


def _calls(graphs: tuple[str, str, str], reasons: tuple[tuple, tuple, tuple], seconds=(3.0, 2.0, 0.5)):
    return [ShapeCall(i, b, t, seconds[i], bool(reasons[i]), reasons[i], graphs[i])
            for i, (b, t) in enumerate(SHAPES)]


def _runs() -> dict[str, PolicyRun]:
    static = PolicyRun("static", _calls(("[8, 32]", "[16, 24]", "[16, 16]"), ((), (BATCH,), (LENGTH,))),
                       log_messages=["static one", "static two"], recompiles_logged=2, recompiles_recorded=2,
                       graphs=3, compile_s=9.0, predicted=2)
    automatic = PolicyRun("automatic", _calls(("[8, 32]", "[s0, s1]", ""), ((), (BATCH, GLOBAL), ())),
                          log_messages=["automatic one"], recompiles_logged=1, recompiles_recorded=1, graphs=2,
                          compile_s=6.0, predicted=1)
    dynamic = PolicyRun("dynamic", _calls(("[s0, 32]", "[s0, s1]", ""), ((), (LENGTH,), ())),
                        log_messages=["dynamic one"], recompiles_logged=1, recompiles_recorded=1, graphs=3,
                        compile_s=4.0, restarts=2, restart_s=0.75,
                        restart_reasons=("TensorifyScalarRestartAnalysis",), predicted=1)
    marked = PolicyRun("mark_dynamic", _calls(("[s0, 32]", "[s0, s1]", ""), ((), (LENGTH,), ())),
                       log_messages=[], recompiles_logged=1, recompiles_recorded=1, graphs=2, compile_s=4.0,
                       restarts=1, restart_s=0.25, restart_reasons=("RestartAnalysis",), predicted=1)
    return {run.policy: run for run in (static, automatic, dynamic, marked)}


def _record(tmp_path, runs=None, length_mark_error="ConstraintViolationError: L['idx'].size()[1] specialized",
            float_restarts=(2, 0), model_floats=None) -> Lab:
    lab = Lab(LabOptions("compile_compare", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    settings = replace(SETTINGS["smoke"], recompile_shapes=SHAPES)
    floats = {"Dropout.p": 2, "LayerNorm.eps": 3} if model_floats is None else model_floats
    report.recompiles(lab, settings, _runs() if runs is None else runs, 8, length_mark_error, float_restarts, floats)
    return lab


def _metrics(lab: Lab) -> dict[str, tuple[object, str]]:
    return {key: (entry["value"], entry.get("unit", "")) for key, entry in lab.result["metrics"].items()}


def _checks(lab: Lab) -> dict[str, tuple[object, str, object, bool]]:
    return {name: (c["value"], c["op"], c["threshold"], c["passed"]) for name, c in lab.result["checks"].items()}


def test_every_metric_of_the_part_is_its_runs_figure(tmp_path):
    metrics = _metrics(_record(tmp_path))
    expected = {
        "recompiles.shapes": 3, "recompiles.distinct_shapes": 3, "recompiles.sequence": "8×32 → 16×24 → 16×16",
        "recompiles.limit": 8, "recompiles.block_size": 32, "recompiles.model_layers": 1,
        "recompiles.backend": "aot_eager",
        "recompiles.static": 2, "recompiles.static.predicted": 2, "recompiles.static.graphs": 3,
        "recompiles.static.compile_s": (9.0, "s"), "recompiles.static.restarts": 0,
        "recompiles.static.restart_s": (0.0, "s"),
        "recompiles.automatic": 1, "recompiles.automatic.predicted": 1, "recompiles.automatic.graphs": 2,
        "recompiles.automatic.compile_s": (6.0, "s"), "recompiles.automatic.restarts": 0,
        "recompiles.automatic.restart_s": (0.0, "s"),
        "recompiles.dynamic": 1, "recompiles.dynamic.predicted": 1, "recompiles.dynamic.graphs": 3,
        "recompiles.dynamic.compile_s": (4.0, "s"), "recompiles.dynamic.restarts": 2,
        "recompiles.dynamic.restart_s": (0.75, "s"),
        "recompiles.mark_dynamic": 1, "recompiles.mark_dynamic.predicted": 1, "recompiles.mark_dynamic.graphs": 2,
        "recompiles.mark_dynamic.compile_s": (4.0, "s"), "recompiles.mark_dynamic.restarts": 1,
        "recompiles.mark_dynamic.restart_s": (0.25, "s"),
        "recompiles.restarts": 3, "recompiles.restart_reasons": "RestartAnalysis, TensorifyScalarRestartAnalysis",
        "recompiles.floats_symbolic_restarts": 2, "recompiles.floats_constant_restarts": 0,
        "recompiles.restart_is_floats": "yes",
        "recompiles.model_floats_count": 5, "recompiles.model_floats": "Dropout.p ×2, LayerNorm.eps ×3",
        "recompiles.summary": "fewest recompilations: automatic, dynamic and mark_dynamic (1), most: static (2); "
                              "shortest compile: dynamic and mark_dynamic (4.00\u00a0s), longest: static (9.00\u00a0s); "
                              "every policy recompiled as predicted",
        "recompiles.summary.es": "menos recompilaciones: automatic, dynamic y mark_dynamic (1), más: static (2); "
                                 "compilación más corta: dynamic y mark_dynamic (4,00\u00a0s), más larga: static (9,00\u00a0s); "
                                 "todas recompilaron como se predijo",
        # a tie on time goes to the policy that compiled fewer graphs
        "recompiles.fastest_policy": "mark_dynamic",
        "recompiles.length_mark_raised": "yes",
        "recompiles.length_mark_error": "ConstraintViolationError: L['idx'].size()[1] specialized",
        "recompiles.dynamic_first_graph": "[s0, 32]",
        "recompiles.dynamic_specialized_length": "yes", "recompiles.dynamic_specialized_batch": "no",
        "recompiles.automatic_went_dynamic": "yes",
    }
    expected = {key: value if isinstance(value, tuple) else (value, "") for key, value in expected.items()}
    assert sorted(metrics) == sorted(expected)
    for key, value in expected.items():
        assert metrics[key] == value, key


def test_each_call_is_a_row_with_its_guard_named_in_each_language(tmp_path):
    tables = _record(tmp_path).result["tables"]
    columns = ["policy", "call", "batch", "seq_len", "recompiled", "reason", "graph_idx_shape", "first_call_s"]
    for key in ("recompile_calls", "recompile_calls.es"):
        assert (tables[key]["columns"], tables[key]["units"]) == (columns, {"first_call_s": "s"})
    english, spanish = tables["recompile_calls"]["rows"], tables["recompile_calls.es"]["rows"]
    assert len(english) == len(spanish) == 12
    assert english[:3] == [
        ["static", 1, 8, 32, "no", "", "[8, 32]", 3.0],
        ["static", 2, 16, 24, "yes", "idx dim 0 (batch): 8 → 16", "[16, 24]", 2.0],
        ["static", 3, 16, 16, "yes", "idx dim 1 (length): 32 → 24", "[16, 16]", 0.5]]
    assert english[4] == ["automatic", 2, 16, 24, "yes", "idx dim 0 (batch): 8 → 16; ___check_global_state()",
                          "[s0, s1]", 2.0]
    assert spanish[4][5] == "idx dim 0 (lote): 8 → 16; ___check_global_state()"
    assert spanish[2][5] == "idx dim 1 (longitud): 32 → 24"
    assert [row[:2] for row in english[9:]] == [["mark_dynamic", 1], ["mark_dynamic", 2], ["mark_dynamic", 3]]
    assert [row[:5] + row[6:] for row in english] == [row[:5] + row[6:] for row in spanish]


def test_the_summary_table_has_a_row_per_policy(tmp_path):
    table = _record(tmp_path).result["tables"]["recompile_summary"]
    assert table["columns"] == ["policy", "predicted", "recompiles", "graphs", "compile_s", "restarts", "restart_s"]
    assert table["units"] == {"compile_s": "s", "restart_s": "s"}
    assert table["rows"] == [["static", 2, 2, 3, 9.0, 0, 0.0], ["automatic", 1, 1, 2, 6.0, 0, 0.0],
                             ["dynamic", 1, 1, 3, 4.0, 2, 0.75], ["mark_dynamic", 1, 1, 2, 4.0, 1, 0.25]]


def test_the_log_artifact_holds_each_policys_messages_under_its_name(tmp_path):
    lab = _record(tmp_path)
    artifact = lab.result["artifacts"]["recompiles_log"]
    assert artifact["path"] == "recompiles.log"
    assert (lab.out / "recompiles.log").read_text(encoding="utf-8") == (
        "## policy static\nstatic one\nstatic two\n\n## policy automatic\nautomatic one\n\n"
        "## policy dynamic\ndynamic one\n\n## policy mark_dynamic\n\n")


def test_the_checks_pass_on_runs_that_agree(tmp_path):
    lab = _record(tmp_path)
    assert _checks(lab) == {"recompile_log_matches_records": (0, "==", 0, True),
                            "recompile_reasons_parsed": (0, "==", 0, True),
                            "recompiles_as_predicted": (4, "==", 4, True)}
    for check in lab.result["checks"].values():
        assert check["label"]["en"] and check["label"]["es"] and check["label"]["en"] != check["label"]["es"]


def test_a_count_the_log_and_the_records_disagree_on_fails_its_check_alone(tmp_path):
    runs = _runs()
    runs["dynamic"].recompiles_recorded = 2
    assert _checks(_record(tmp_path, runs)) == {"recompile_log_matches_records": (1, "==", 0, False),
                                                "recompile_reasons_parsed": (0, "==", 0, True),
                                                "recompiles_as_predicted": (4, "==", 4, True)}


def test_a_recompilation_whose_guard_was_not_parsed_fails_its_check_and_reads_as_a_question_mark(tmp_path):
    runs = _runs()
    second = runs["automatic"].calls[1]
    runs["automatic"].calls[1] = replace(second, reasons=(None, GLOBAL))
    lab = _record(tmp_path, runs)
    assert _checks(lab)["recompile_reasons_parsed"] == (1, "==", 0, False)
    assert lab.result["tables"]["recompile_calls"]["rows"][4][5] == "?; ___check_global_state()"
    # a call that did not recompile is not asked for a reason, even with none recorded
    runs = _runs()
    runs["static"].calls[0] = replace(runs["static"].calls[0], reasons=(None,))
    assert _checks(_record(tmp_path / "b", runs))["recompile_reasons_parsed"] == (0, "==", 0, True)


def test_a_policy_off_its_prediction_fails_the_check_and_the_summary_names_it(tmp_path):
    runs = _runs()
    runs["mark_dynamic"].recompiles_logged = runs["mark_dynamic"].recompiles_recorded = 2
    lab = _record(tmp_path, runs)
    assert _checks(lab)["recompiles_as_predicted"] == (3, "==", 4, False)
    metrics = _metrics(lab)
    assert metrics["recompiles.summary"][0].endswith("; not as predicted: mark_dynamic (2 against 1 predicted)")
    assert metrics["recompiles.summary.es"][0].endswith("; no como se predijo: mark_dynamic (2 frente a 1 previstas)")


@pytest.mark.parametrize("float_restarts, said", [((2, 0), "yes"), ((2, 1), "no"), ((0, 0), "no"), ((1, 0), "yes")])
def test_the_floats_are_the_cause_only_when_making_them_constant_took_every_restart_away(tmp_path, float_restarts,
                                                                                          said):
    assert _metrics(_record(tmp_path, float_restarts=float_restarts))["recompiles.restart_is_floats"] == (said, "")


def test_a_run_without_floats_restarts_or_a_length_error_says_none(tmp_path):
    runs = _runs()
    for run in runs.values():
        run.restarts, run.restart_s, run.restart_reasons = 0, 0.0, ()
    metrics = _metrics(_record(tmp_path, runs, length_mark_error="", model_floats={}))
    assert {key: metrics[key][0] for key in ("recompiles.restarts", "recompiles.restart_reasons",
                                             "recompiles.model_floats_count", "recompiles.model_floats",
                                             "recompiles.length_mark_raised", "recompiles.length_mark_error")} == {
        "recompiles.restarts": 0, "recompiles.restart_reasons": "none", "recompiles.model_floats_count": 0,
        "recompiles.model_floats": "none", "recompiles.length_mark_raised": "no",
        "recompiles.length_mark_error": "none"}


def test_the_dynamic_policys_first_graph_says_which_sizes_it_fixed(tmp_path):
    runs = _runs()
    runs["dynamic"].calls[0] = replace(runs["dynamic"].calls[0], graph_idx_shape="[32, 32]")
    metrics = _metrics(_record(tmp_path, runs))
    assert (metrics["recompiles.dynamic_first_graph"][0], metrics["recompiles.dynamic_specialized_batch"][0],
            metrics["recompiles.dynamic_specialized_length"][0]) == ("[32, 32]", "yes", "yes")
    runs["dynamic"].calls[0] = replace(runs["dynamic"].calls[0], graph_idx_shape="[s0, s1]")
    metrics = _metrics(_record(tmp_path / "b", runs))
    assert (metrics["recompiles.dynamic_specialized_batch"][0],
            metrics["recompiles.dynamic_specialized_length"][0]) == ("no", "no")


def test_automatic_went_dynamic_only_when_one_of_its_graphs_had_a_symbol(tmp_path):
    runs = _runs()
    runs["automatic"].calls = [replace(call, graph_idx_shape=shape)
                               for call, shape in zip(runs["automatic"].calls, ("[8, 32]", "[16, 24]", "[16, 16]"))]
    assert _metrics(_record(tmp_path, runs))["recompiles.automatic_went_dynamic"] == ("no", "")


def test_policies_the_run_did_not_try_leave_their_metrics_out(tmp_path):
    runs = _runs()
    del runs["automatic"]
    runs["dynamic"].calls = []
    metrics = _metrics(_record(tmp_path, runs))
    assert not [key for key in metrics if key.startswith(("recompiles.dynamic_", "recompiles.automatic"))]
    assert metrics["recompiles.fastest_policy"] == ("mark_dynamic", "")
    assert _checks(_record(tmp_path / "b", runs))["recompiles_as_predicted"] == (3, "==", 3, True)
