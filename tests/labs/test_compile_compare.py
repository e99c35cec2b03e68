"""Lab compile_compare: its smoke run, and the parsers, predictions and sentences it relies on.

The unit tests feed hand-made inputs (captured log text, compilation records, sweeps whose
verdicts disagree); the smoke-run tests check values that depend on the code under test: the
compiled loss equals eager's, the warm start hits the cache, each policy recompiles as often
as predicted, fullgraph raises on the broken step, and COMPILE_LOG quotes the manifest.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from labs.common import measure
from labs.common.formatting import format_number, with_unit
from labs.compile_compare import compile_phases, graph_breaks, machine, payoff, recompile_log, shapes, summaries
from labs.compile_compare.findings import AB
from tests.helpers_compile_compare import first_step_findings

LAB = "compile_compare"
ROOT = Path(__file__).resolve().parent.parent.parent

# -- fast unit tests on captured text -----------------------------------------------------

# What Capture receives: one message per recompilation (torch 2.13, the "recompiles" log).
CAPTURED = """Recompiling function forward in /work/main/labs/common/minigpt.py:126
    triggered by the following guard failure(s):
    - 0/1: tensor 'idx' size mismatch at index 1. expected 32, actual 16
    - 0/0: tensor 'idx' size mismatch at index 0. expected 8, actual 16"""

# The same log on stderr: every line carries the logger's prefix.
STDERR = """V1121 13:06:18.307000 4785 torch/_dynamo/guards.py:5396] [0/1] [__recompiles] Recompiling function forward in /tmp/standin.py:19
V1121 13:06:18.307000 4785 torch/_dynamo/guards.py:5396] [0/1] [__recompiles]     triggered by the following guard failure(s):
V1121 13:06:18.307000 4785 torch/_dynamo/guards.py:5396] [0/1] [__recompiles]     - 0/0: tensor 'idx' size mismatch at index 0. expected 8, actual 16
some other line of output
V1121 13:17:02.508000 12865 torch/_dynamo/guards.py:5396] [2/1] [__recompiles] Recompiling function torch_dynamo_resume_in_loss_with_breaks_at_33 in /work/main/labs/compile_compare/step_variants.py:33
V1121 13:17:02.508000 12865 torch/_dynamo/guards.py:5396] [2/1] [__recompiles]     triggered by the following guard failure(s):
V1121 13:17:02.508000 12865 torch/_dynamo/guards.py:5396] [2/1] [__recompiles]     - 2/0: ___stack0 == 0.04465429484844208                         # if entropy < ENTROPY_FLOOR:  # labs/compile_compare/step_variants.py:35 in torch_dynamo_resume_in_loss_with_breaks_at_33
V1121 13:17:02.508000 12865 torch/_dynamo/guards.py:5396] [2/1] [__recompiles]     - User stack trace:
V1121 13:17:02.508000 12865 torch/_dynamo/guards.py:5396] [2/1] [__recompiles]     -   File "/work/main/labs/compile_compare/step_variants.py", line 35, in torch_dynamo_resume_in_loss_with_breaks_at_33
"""


def test_parse_captured_recompile_names_the_guard_of_the_newest_graph():
    [recompile] = recompile_log.parse(CAPTURED)
    assert recompile.function == "forward"
    assert recompile.location.endswith("minigpt.py:126")
    assert [f.entry for f in recompile.failures] == ["0/1", "0/0"]
    reason = recompile.reason
    assert (reason.tensor, reason.dim, reason.expected, reason.actual) == ("idx", 1, "32", "16")
    assert reason.describe(shapes.DIM_NAMES["en"]) == "idx dim 1 (length): 32 → 16"
    assert reason.describe(shapes.DIM_NAMES["es"]) == "idx dim 1 (longitud): 32 → 16"


def test_parse_stderr_strips_prefixes_and_trailing_source_comments():
    first, second = recompile_log.parse(STDERR)
    assert first.reason.describe() == "idx dim 0: 8 → 16"
    assert second.function == "torch_dynamo_resume_in_loss_with_breaks_at_33"
    assert second.reason.guard == "___stack0 == 0.04465429484844208"
    assert second.reason.tensor is None
    assert second.reason.describe() == second.reason.guard  # not a size check: shown as written
    assert len(second.failures) == 1  # "User stack trace" lines are not guard failures


def test_parse_of_text_without_recompiles_is_empty():
    assert recompile_log.parse("") == []
    assert recompile_log.parse("W1121 some warning\nnothing here") == []


def test_capture_collects_records_from_dynamos_logger():
    import logging
    with recompile_log.Capture() as log:
        logging.getLogger(recompile_log.LOGGER_NAMES[0]).warning(CAPTURED)
    logging.getLogger(recompile_log.LOGGER_NAMES[0]).warning(CAPTURED)  # after: not captured
    assert len(log.messages) == 1
    assert log.recompiles()[0].reason.dim == 1


def test_the_recompiles_log_is_on_inside_the_block_only():
    import torch
    step = torch.compile(lambda x: x.sin() + 1, backend="eager", dynamic=False)
    before = measure.pollution()  # pytest's own log capture may already hang handlers on torch's loggers
    with recompile_log.logged() as log:
        assert "torch._logging artifacts: recompiles" in measure.pollution()
        step(torch.randn(3))
        step(torch.randn(4))  # a new size: one recompilation, with its guard
    assert measure.pollution() == before  # as clean as before: timing may follow at once
    [recompile] = log.recompiles()
    assert recompile.reason.describe() == "x dim 0: 3 → 4"


def _record(**fields_us):
    return SimpleNamespace(**fields_us)


def test_phases_of_a_cold_compile_add_up_to_the_outer_timers():
    forward = _record(dynamo_cumulative_compile_time_us=10_000_000, aot_autograd_cumulative_compile_time_us=9_000_000,
                      inductor_cumulative_compile_time_us=7_000_000, triton_compile_time_us=4_000_000,
                      inductor_fx_local_cache_miss_count=1, aotautograd_local_cache_miss_count=1)
    backward = _record(backward_cumulative_compile_time_us=3_000_000, inductor_cumulative_compile_time_us=2_500_000,
                       triton_compile_time_us=2_000_000, inductor_fx_local_cache_miss_count=1)
    runtime = _record(is_runtime=True, duration_us=5_000_000)  # not a compilation: ignored
    phases = compile_phases.phases_from_records([forward, backward, runtime])
    assert phases.dynamo_s == pytest.approx(1.0)
    assert phases.aot_autograd_s == pytest.approx(2.0 + 0.5)
    assert phases.inductor_s == pytest.approx(3.0 + 0.5)
    assert phases.kernel_compile_s == pytest.approx(6.0)
    assert phases.total_s == pytest.approx(13.0)
    assert (phases.records, phases.fx_cache_misses, phases.aot_cache_misses) == (2, 2, 1)


def test_phases_of_a_cache_hit_put_the_load_in_aot_autograd():
    hit = _record(dynamo_cumulative_compile_time_us=3_600_000, aot_autograd_cumulative_compile_time_us=2_500_000,
                  triton_compile_time_us=10_000, aotautograd_local_cache_hit_count=1,
                  inductor_fx_local_cache_hit_count=2)
    phases = compile_phases.phases_from_records([hit])
    assert phases.inductor_s == 0
    assert phases.aot_autograd_s == pytest.approx(2.49)
    assert phases.total_s == pytest.approx(3.6)
    assert (phases.aot_cache_hits, phases.fx_cache_hits) == (1, 2)


def test_split_rows_end_with_the_rest_of_the_step():
    phases = compile_phases.CompilePhases(dynamo_s=1, aot_autograd_s=1, inductor_s=1, kernel_compile_s=1)
    rows = compile_phases.split_rows(phases, first_step_s=5.0)
    assert [row[0] for row in rows] == ["dynamo", "aot_autograd", "inductor", "kernel_compile", "rest"]
    assert rows[-1][1:] == [pytest.approx(1.0), pytest.approx(0.2)]


@pytest.mark.parametrize("extra, base, cand, verdict, expected", [
    (10.0, 0.010, 0.008, "faster", 5000),     # 10 s / 2 ms saved per step
    (10.0, 0.010, 0.0099, "same", "never"),   # inside the noise: no break-even is claimed
    (10.0, 0.010, 0.012, "slower", "never"),
    (-1.0, 0.010, 0.008, "faster", 0),        # compiles faster and runs faster
    (0.001, 0.010, 0.009, "faster", 1),       # a partial step still counts as one
])
def test_break_even_steps(extra, base, cand, verdict, expected):
    steps = payoff.break_even_steps(extra, base, cand, verdict)
    assert steps == expected
    assert payoff.payoff_case(steps) == {"never": "never", 0: "immediately"}.get(steps, "after")


@pytest.mark.parametrize("extra, verdict, expected", [
    (1.19, "faster", "unplaced"),   # 13.7 s against 12.5 s: inside one cold compile's 2x
    (-4.1, "faster", "unplaced"),   # 10.8 s against 14.9 s: cheaper, but inside the noise too
    (1.19, "same", "never"),        # not faster: never, whatever the compiles did
])
def test_no_break_even_is_placed_on_first_steps_within_compile_noise(extra, verdict, expected):
    steps = payoff.break_even_steps(extra, 0.010, 0.008, verdict, first_steps_differ=False)
    assert steps == expected and payoff.payoff_case(steps) == expected


@pytest.mark.parametrize("baseline, candidate, apart", [
    (10.0, 20.0, False), (10.0, 20.001, True),    # 2x is still noise; just beyond it is not
    (10.0, 5.0, False), (10.0, 4.999, True),      # the same the other way
    (12.46, 13.66, False), (0.785, 12.46, True),  # reduce-overhead's first step; eager against compiled
])
def test_first_steps_are_apart_only_beyond_compile_noise(baseline, candidate, apart):
    assert payoff.first_steps_apart(baseline, candidate) is apart


def test_an_ab_places_no_break_even_when_its_first_steps_are_within_noise():
    timing = measure.Comparison(latency=(_stats(0.010), _stats(0.008)))
    assert AB("default", "graphed", timing, baseline_first_s=12.46, candidate_first_s=13.66
              ).break_even("latency") == "unplaced"
    assert AB("default", "graphed", timing, baseline_first_s=12.46, candidate_first_s=25.0
              ).break_even("latency") == math.ceil((25.0 - 12.46) / 0.002)


def _stats(median: float, spread: float = 0.01, clock: str = "latency") -> measure.Stats:
    return measure.Stats(median_s=median, q1_s=median * (1 - spread), q3_s=median * (1 + spread),
                         min_s=median * 0.9, max_s=median * 1.1, reps=20, clock=clock)


def test_an_ab_decides_and_breaks_even_on_each_clock_apart():
    # Latency: 10 ms against 8 ms, clearly faster. Device time: 5.0 ms against 4.95 ms, noise.
    timing = measure.Comparison(latency=(_stats(0.010), _stats(0.008)),
                                device=(_stats(0.005, clock="device"), _stats(0.00495, clock="device")))
    ab = AB("eager", "compiled", timing, baseline_first_s=0.1, candidate_first_s=10.1)
    assert ab.clocks() == ["latency", "device"]
    assert (ab.verdict("latency"), ab.verdict("device")) == ("faster", "same")
    assert ab.break_even("latency") == 5000 and ab.break_even("device") == "never"
    assert ab.clocks_agree() == "no"
    cpu = AB("eager", "compiled", measure.Comparison(latency=timing.latency), 0.1, 10.1)
    assert cpu.clocks() == ["latency"] and cpu.clocks_agree() == "one_clock"
    with pytest.raises(ValueError):
        cpu.pair("device")


@pytest.mark.parametrize("reason, kind", [
    ("Failed to trace builtin operator\n  Explanation: Dynamo does not know how to trace builtin operator `print` "
     "with argument types ['str'] (has_kwargs False)", "print"),
    ("Unsupported Tensor.item() call with capture_scalar_outputs=False\n  Explanation: ...", "item"),
    ("generic_jump TensorVariable()", "data_dependent_branch"),
    ("Attempted to call function marked as skipped\n  Explanation: Dynamo does not know how to trace the "
     "builtin `time.perf_counter.`", "untraceable_call"),
    ("Something new in a future torch", "other"),
])
def test_break_kinds_from_dynamos_reasons(reason, kind):
    assert graph_breaks.classify(reason) == kind


def test_break_summary_keeps_the_explanation():
    text = "Failed to trace builtin operator\n  Explanation: Dynamo does not know `print`\n  Hint: avoid it"
    assert graph_breaks.summary(text) == "Failed to trace builtin operator: Dynamo does not know `print`"


def test_every_break_kind_has_a_fix_in_both_languages():
    kinds = {kind for kind, _ in graph_breaks.KINDS} | {"other"}
    assert set(graph_breaks.FIXES["en"]) == set(graph_breaks.FIXES["es"]) == kinds


def test_breaks_from_prefers_the_users_own_file():
    frame = lambda name, line: SimpleNamespace(filename=name, lineno=line, line="x = f()")
    item = SimpleNamespace(reason="generic_jump TensorVariable()",
                           user_stack=[frame("/a/step_variants.py", 35), frame("/t/torch/functional.py", 9)])
    [brk] = graph_breaks.breaks_from([item], prefer_file="/somewhere/step_variants.py")
    assert (brk.kind, brk.file, brk.line) == ("data_dependent_branch", "step_variants.py", 35)


def test_graph_shapes_from_compilation_records():
    static = SimpleNamespace(graph_node_shapes="{'l_idx_': [8, 32], 'l_targets_': [8, 32]}")
    symbolic = SimpleNamespace(graph_node_shapes="{'l_idx_': ['s95', 's75'], 'x': [3]}")
    assert shapes.graph_idx_shape([static]) == "[8, 32]"
    assert shapes.graph_idx_shape([SimpleNamespace(graph_node_shapes=None), symbolic]) == "[s95, s75]"
    assert shapes.is_symbolic("[s95, 32]") and not shapes.is_symbolic("[8, 32]")
    assert shapes.graph_dims("[s95, 32]") == ("s95", "32")
    assert shapes.graph_dims("") == ("", "")  # no graph compiled at that call


@pytest.mark.parametrize("reason, name", [
    ("<class 'torch._dynamo.exc.TensorifyScalarRestartAnalysis'>", "TensorifyScalarRestartAnalysis"),
    ("<class 'SpeculationRestartAnalysis'>", "SpeculationRestartAnalysis"),     # no module path
    ("  <class 'torch._dynamo.exc.UnspecializeRestartAnalysis'>\n", "UnspecializeRestartAnalysis"),
    ("Tensorify restart: a float was used", "Tensorify restart: a float was used"),   # words stay
    ("  Tensorify restart: a float was used\n", "Tensorify restart: a float was used"),  # trimmed, as a class
    ("<class 'a.B'> and more", "<class 'a.B'> and more"),                     # not a bare class name
])
def test_a_restart_reason_is_named_by_its_exception_class(reason, name):
    assert shapes.restart_reason_name(reason) == name


def test_restarts_are_counted_per_compilation_with_the_time_before_them():
    tensorify = "<class 'torch._dynamo.exc.TensorifyScalarRestartAnalysis'>"
    records = [SimpleNamespace(restart_reasons={tensorify}, dynamo_time_before_restart_s=1.5),
               SimpleNamespace(restart_reasons=set(), dynamo_time_before_restart_s=9.0),   # no restart: no time
               SimpleNamespace(restart_reasons=None),                                      # an older record
               SimpleNamespace(restart_reasons={tensorify, "words"}, dynamo_time_before_restart_s=None),
               SimpleNamespace(restart_reasons={tensorify}, dynamo_time_before_restart_s=0.25)]
    assert shapes.restarts_in(records) == (3, 1.75, ("TensorifyScalarRestartAnalysis", "words"))
    assert shapes.restarts_in([]) == (0, 0.0, ())


@pytest.mark.parametrize("float_restarts, is_floats", [((1, 0), "yes"), ((0, 0), "no"), ((2, 1), "no")])
def test_the_restart_metrics_say_what_the_records_and_the_float_probe_counted(tmp_path, float_restarts, is_floats):
    """report.recompiles without compiling: the smoke run only ever sees one machine's counts, (1, 0).
    restart_is_floats is "yes" only when the floats restarted the compile and specialize_float
    took every restart away; the model's floats are counted one by one, not by kind."""
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    from labs.compile_compare import report
    from labs.compile_compare.settings import SETTINGS
    lab = Lab(LabOptions("compile_compare", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    runs = {"static": shapes.PolicyRun("static", graphs=2, compile_s=3.0),
            "dynamic": shapes.PolicyRun("dynamic", graphs=1, compile_s=2.0, restarts=2, restart_s=0.5,
                                        restart_reasons=("TensorifyScalarRestartAnalysis",))}
    report.recompiles(lab, SETTINGS["smoke"], runs, 8, "", float_restarts, {"Dropout.p": 4, "LayerNorm.eps": 3})
    metrics = {key: entry["value"] for key, entry in lab.result["metrics"].items()}
    assert (metrics["recompiles.floats_symbolic_restarts"], metrics["recompiles.floats_constant_restarts"]) == \
        float_restarts
    assert metrics["recompiles.restart_is_floats"] == is_floats
    assert metrics["recompiles.model_floats_count"] == 7
    assert metrics["recompiles.model_floats"] == "Dropout.p ×4, LayerNorm.eps ×3"
    assert (metrics["recompiles.restarts"], metrics["recompiles.restart_reasons"]) == (2, "TensorifyScalarRestartAnalysis")
    assert (metrics["recompiles.dynamic.restarts"], metrics["recompiles.dynamic.restart_s"]) == (2, 0.5)
    summary = lab.result["tables"]["recompile_summary"]
    at = [summary["columns"].index(column) for column in ("policy", "restarts", "restart_s")]
    assert [tuple(row[i] for i in at) for row in summary["rows"]] == [("static", 0, 0.0), ("dynamic", 2, 0.5)]


def test_module_floats_are_the_float_attributes_of_each_module_counted_by_kind():
    torch = pytest.importorskip("torch")

    class Scaled(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.scale, self.steps, self.flag, self._hidden = 0.5, 3, True, 1.5   # one float counts
            self.norm = torch.nn.LayerNorm(4)
            self.drops = torch.nn.ModuleList([torch.nn.Dropout(0.1), torch.nn.Dropout(0.0)])
            self.emb = torch.nn.Embedding(10, 4, max_norm=1.0)        # max_norm is a float too

    assert shapes.module_floats(Scaled()) == {"Dropout.p": 2, "Embedding.max_norm": 1, "Embedding.norm_type": 1,
                                              "LayerNorm.eps": 1, "Scaled.scale": 1}
    assert list(shapes.module_floats(Scaled())) == ["Dropout.p", "Embedding.max_norm", "Embedding.norm_type",
                                                    "LayerNorm.eps", "Scaled.scale"]   # the most first, then by name
    assert shapes.module_floats(torch.nn.Linear(2, 2)) == {}


def test_the_probe_compiles_with_floats_symbolic_then_constant_and_counts_each_ones_restarts():
    """On torch 2.13, a dynamic compile of MiniGPT's loss restarts once while its modules' floats
    are symbolic and not at all with specialize_float; a probe that compiled the same way twice,
    or read the records of the wrong compile, would not give (1, 0)."""
    torch = pytest.importorskip("torch")
    from labs.common import minigpt
    from labs.compile_compare import training
    study = dataclasses.replace(minigpt.PRESETS["smoke"], n_layer=1, n_head=2, n_embd=16, block_size=16)
    replica = training.new_replicas(study, "cpu", 1)[0]
    weights = {k: v.clone() for k, v in replica.model.state_dict().items()}
    assert shapes.probe_float_restart(replica, 2, 8) == (1, 0)
    # Dynamo remembers a float a restart made constant, by its source, for the whole process: a
    # dynamic compile of the same loss just before must not hide the floats' restart from the probe
    torch._dynamo.reset()
    earlier = torch.compile(training.own_copy(training.model_loss, "loss_earlier"), dynamic=True, backend="aot_eager")
    with torch.no_grad():
        earlier(replica.model, *training.batches(2, 8, "cpu", count=1)[0])
    assert shapes.probe_float_restart(replica, 2, 8) == (1, 0)
    assert all(torch.equal(weights[k], v) for k, v in replica.model.state_dict().items())   # not trained
    assert torch._dynamo.config.specialize_float is False                                # patched back


FULL = ((64, 64), (32, 64), (64, 48), (48, 40), (64, 64))


@pytest.mark.parametrize("policy, sequence, block, expected", [
    ("static", FULL, 64, 3),            # four distinct shapes; the last repeats the first
    ("automatic", FULL, 64, 2),         # batch goes symbolic at call 2, length at call 3
    ("dynamic", FULL, 64, 2),           # 64 = block size specializes the length, and the batch with it
    ("mark_dynamic", FULL, 64, 1),      # batch symbolic from the start; the length at call 3
    ("dynamic", ((8, 32), (16, 24)), 32, 1),       # batch 8 stays symbolic; the full-block length does not
    ("dynamic", ((8, 24), (16, 20), (4, 12)), 32, 0),  # below the block size nothing specializes
    ("automatic", ((8, 24), (16, 20), (4, 12)), 32, 1),  # both sizes change at once: one recompile
    ("mark_dynamic", ((8, 24), (16, 20)), 32, 0),
])
def test_expected_recompiles(policy, sequence, block, expected):
    assert shapes.expected_recompiles(policy, sequence, block) == expected


def test_busy_watch_calls_a_quarter_of_the_cores_contention():
    assert machine.BusyWatch(cores=2, samples=[1, 1, 0, 0]).contended        # half a core on average
    assert not machine.BusyWatch(cores=2, samples=[0, 0, 1, 0]).contended    # a quarter of one
    assert not machine.BusyWatch(cores=2).contended                          # no samples, no claim


def test_proc_stat_fields_survive_odd_command_names(tmp_path):
    stat = tmp_path / "stat"
    stat.write_text("4242 (my (odd) name) R 17 4242 4242 0 -1 4194304")
    assert machine._stat_fields(stat)[:3] == ["4242", "R", "17"]


# -- sentences from every row, with verdicts that disagree -----------------------------------

def test_clock_sentence_says_when_the_clocks_disagree():
    rows = [("latency", "faster", 1.29, False), ("device", "same", 1.02, True)]
    assert summaries.clocks(rows, "en") == ("faster on latency (1.29×) and the same within the noise "
                                            "on device time (1.02×)")
    assert summaries.clocks(rows, "es") == ("más rápido en latencia (1,29×) e igual dentro del ruido "
                                            "en tiempo de dispositivo (1,02×)")
    agree = [("latency", "slower", 0.8, False), ("device", "slower", 0.9, False)]
    assert summaries.clocks(agree, "en") == "slower on both clocks (latency 0.800× and device time 0.900×)"
    assert summaries.clocks([("latency", "same", 1.01, True)], "es") == "igual dentro del ruido en latencia (1,01×)"


def test_policy_sentence_reads_every_row_ties_and_misses_included():
    rows = [("static", 3, 3, 40.0), ("automatic", 2, 2, 30.0), ("dynamic", 2, 1, 12.0), ("mark_dynamic", 1, 1, 12.0)]
    text = summaries.policies(rows, "en")
    assert text.startswith("fewest recompilations: mark_dynamic (1), most: static (3)")
    assert "shortest compile: dynamic and mark_dynamic (12.0\u00a0s), longest: static (40.0\u00a0s)" in text
    assert text.endswith("not as predicted: dynamic (2 against 1 predicted)")
    # one cold compile each: times closer than COMPILE_NOISE rank nothing, the edge included
    close = [("static", 3, 3, 35.7), ("mark_dynamic", 1, 1, 27.0)]
    assert summaries.policies(close, "en") == (
        "fewest recompilations: mark_dynamic (1), most: static (3); compile times from 27.0\u00a0s to 35.7\u00a0s, "
        "within the 2× by which one cold compile of the same code can vary: no policy compiled measurably "
        "faster; every policy recompiled as predicted")
    assert "ninguna política compiló mediblemente más rápido" in summaries.policies(close, "es")
    for slow in (23.9, 24.0):
        edge = summaries.policies([("static", 3, 3, slow), ("dynamic", 2, 2, 12.0)], "en")
        assert ("shortest compile" in edge) is (slow >= 2 * 12.0), slow
    same = [("static", 1, 1, 4.0), ("automatic", 1, 1, 4.0)]
    assert summaries.policies(same, "es") == ("todas las políticas recompilaron 1 vez; todas compilaron en el mismo "
                                              "tiempo (4,00\u00a0s); todas recompilaron como se predijo")


def test_the_compile_noise_is_wider_than_every_committed_noise_benchmark():
    # measured apart from this lab: one release's cold compiles, repeated (scripts/bench_probe_noise.py)
    benchmarks = sorted((Path(__file__).resolve().parents[2] / "benchmarks" / "probe_noise").glob("*.json"))
    assert benchmarks
    for path in benchmarks:
        samples = json.loads(path.read_text(encoding="utf-8"))["samples"]["compile_s"]
        assert max(max(v) / min(v) for v in samples.values()) < summaries.COMPILE_NOISE, path.name


def test_comparison_sentence_counts_every_verdict():
    rows = [("a", "faster", False), ("b", "slower", False), ("c", "same", True), ("d", "faster", False)]
    assert summaries.comparisons(rows, "en") == ("of 4 one-change comparisons, the changed step was faster in 2 "
                                                 "(a and d), the same within the noise in 1 (c) and slower in 1 (b)")
    assert summaries.comparisons(rows[:2], "es").endswith("más rápido en 1 (a) y más lento en 1 (b)")
    with pytest.raises(ValueError):
        summaries.comparisons([("a", "quicker", False)], "en")


def test_the_lab_sets_no_logging_variable_for_the_whole_process():
    meta = tomllib.loads((ROOT / "labs" / LAB / "lab.toml").read_text())
    assert not set(meta.get("env", {})) & set(measure.POLLUTING_ENV)


# -- the smoke run ------------------------------------------------------------------------

def test_every_part_ran_and_every_check_passed(run):
    parts = {key: part["status"] for key, part in run.manifest["parts"].items()}
    assert parts == {"first_step": "ok", "steady_state": "ok", "modes": "ok", "cuda_graphs": "skipped",
                     "recompiles": "ok", "graph_breaks": "ok", "compile_log": "ok"}
    assert {"compiled_loss_matches_eager", "warm_cache_hit", "recompiles_as_predicted", "symbolic_graph_compared",
            "fullgraph_raises_on_breaks"} <= set(run.manifest["checks"])
    failed = {key: check for key, check in run.manifest["checks"].items() if not check["passed"]}
    assert not failed
    assert run.manifest["provenance"]["timing_threads"]  # CPU timings say how many threads they used


def test_compiled_loss_equals_eager_and_the_warm_start_hits_the_cache(run):
    assert run.metric("first_step.loss_diff") < 1e-3
    split = {row["phase"]: row for row in run.table("first_step_split")}
    assert set(split) == {"dynamo", "aot_autograd", "inductor", "kernel_compile", "rest"}
    assert sum(row["cold_s"] for row in split.values()) == pytest.approx(run.metric("first_step.compiled_s"), rel=1e-6)
    assert run.metric("warm.cache_hits") >= 1
    assert split["inductor"]["warm_s"] < split["inductor"]["cold_s"]  # a hit skips Inductor's work
    figure = run.manifest["figures"]["first_steps"]
    assert figure["log_y"] and figure["y"] == ["eager_ms", "compiled_ms"]


@pytest.mark.parametrize("key, names", [("steady", ("eager", "compiled")), ("autotune", ("default", "tuned")),
                                        ("dynamic", ("static", "symbolic")), ("breaks", ("broken", "fixed"))])
def test_each_comparison_has_both_sides_their_spread_and_one_clock_on_cpu(run, key, names):
    rows = {row["variant"]: row for row in run.table(key)}
    assert set(rows) == set(names)
    for row in rows.values():
        assert row["q1_ms"] <= row["median_ms"] <= row["q3_ms"] and row["reps"] >= 3
        assert row["dev_median_ms"] is None  # a CPU has no device clock
    a, b = names
    assert run.metric(f"{key}.speedup") == pytest.approx(rows[a]["median_ms"] / rows[b]["median_ms"])
    assert run.metric(f"{key}.verdict") in ("faster", "slower", "same")
    assert run.metric(f"{key}.dev_verdict") == "—" and run.metric(f"{key}.clocks_agree") == "one_clock"
    summary = run.metric(f"{key}.summary")
    assert summary.startswith({"faster": "faster", "slower": "slower", "same": "the same"}[run.metric(f"{key}.verdict")])


def test_each_policy_compiles_cold_and_recompiles_as_predicted(run):
    summary = {row["policy"]: row for row in run.table("recompile_summary")}
    assert set(summary) == {"static", "automatic", "dynamic", "mark_dynamic"}
    for row in summary.values():
        assert row["recompiles"] == row["predicted"], row
        assert row["graphs"] == row["recompiles"] + 1
        assert row["compile_s"] > 0
    assert summary["static"]["recompiles"] == run.metric("recompiles.distinct_shapes") - 1
    recompiled = [row for row in run.table("recompile_calls") if row["recompiled"] == "yes"]
    assert len(recompiled) == sum(row["recompiles"] for row in summary.values())
    for row in recompiled:
        assert re.fullmatch(r"idx dim [01] \((batch|length)\): \d+ → \d+(; .*)?", row["reason"]), row
    spanish = [row for row in run.table("recompile_calls.es") if row["recompiled"] == "yes"]
    assert all(re.search(r"\((lote|longitud)\)", row["reason"]) for row in spanish)
    assert run.metric("recompiles.length_mark_raised") == "yes"  # the full-block length specializes
    assert run.metric("recompiles.automatic_went_dynamic") == "yes"
    for row in summary.values():          # restarts are read from the same records, per policy
        assert row["restarts"] == run.metric(f"recompiles.{row['policy']}.restarts")
        assert (row["restart_s"] > 0) == (row["restarts"] > 0), row
    assert run.metric("recompiles.restarts") == sum(row["restarts"] for row in summary.values())
    # torch 2.13: the dynamic policy restarts for the modules' floats, and the probe with
    # specialize_float takes the restart away
    assert summary["dynamic"]["restarts"] >= 1
    assert "TensorifyScalarRestartAnalysis" in run.metric("recompiles.restart_reasons")
    assert (run.metric("recompiles.floats_symbolic_restarts"), run.metric("recompiles.floats_constant_restarts")) == (1, 0)
    assert run.metric("recompiles.restart_is_floats") == "yes"
    assert "LayerNorm.eps ×" in run.metric("recompiles.model_floats") and run.metric("recompiles.model_floats_count") > 0


def test_symbolic_sizes_are_compared_on_graphs_that_really_differ(run):
    assert shapes.is_symbolic(run.metric("dynamic.symbolic_graph"))
    assert not shapes.is_symbolic(run.metric("dynamic.static_graph"))


def test_graph_breaks_found_fixed_and_refused_by_fullgraph(run):
    assert run.metric("breaks.broken_count") >= 4
    assert run.metric("breaks.fixed_count") == 0
    assert "Unsupported" in run.metric("breaks.fullgraph_error")
    kinds = {row["kind"] for row in run.table("graph_breaks")}
    assert kinds == {"print", "item", "data_dependent_branch", "untraceable_call"}
    assert all(row["line"] > 0 and row["code"] for row in run.table("graph_breaks"))
    assert run.metric("breaks.broken_recompiles") > 0 and run.metric("breaks.fixed_recompiles") == 0


def test_gpu_only_comparison_leaves_its_keys_saying_none(run):
    assert run.manifest["parts"]["cuda_graphs"]["reason"].startswith("needs a CUDA device")
    assert run.metric("cuda_graphs.verdict") == "—" and run.metric("cuda_graphs.graphed_ms") == "—"


def _number(run, key: str, lang: str) -> str:
    entry = run.manifest["metrics"][key]
    return with_unit(format_number(entry["value"], lang), entry["unit"], lang)


@pytest.mark.parametrize("lang, name, headings", [
    ("en", "COMPILE_LOG.md", ["## 1. First step", "## 2. Steady state", "## 3. Recompilations",
                              "## 4. Compile modes", "## 5. Graph breaks", "## 6. Warm-up procedure"]),
    ("es", "COMPILE_LOG.es.md", ["## 1. Primer paso", "## 2. Régimen estacionario", "## 3. Recompilaciones",
                                 "## 4. Modos de compilación", "## 5. Rupturas de grafo", "## 6. Procedimiento"]),
])
def test_compile_log_has_every_section_and_quotes_the_manifest(run, lang, name, headings):
    text = (run.out / name).read_text()
    positions = [text.index(heading) for heading in headings]
    assert positions == sorted(positions)
    assert text.count("### " + ("Break " if lang == "en" else "Ruptura ")) == run.metric("breaks.reasons")
    suffix = "" if lang == "en" else ".es"
    for key in ("comparisons.summary", "steady.summary", "recompiles.summary", "breaks.summary"):
        assert run.metric(key + suffix) in text, key
    for policy in ("static", "automatic", "dynamic", "mark_dynamic"):
        row = re.search(rf"^\| {policy} \| [^|]+ \| (\d+) \| (\d+) \| (\d+) \|", text, re.M)
        assert row, policy
        assert [int(n) for n in row.groups()] == [run.metric(f"recompiles.{policy}.predicted"),
                                                  run.metric(f"recompiles.{policy}"),
                                                  run.metric(f"recompiles.{policy}.graphs")]
    assert _number(run, "first_step.compiled_s", lang) in text
    # The recommendation follows the run: mark_dynamic raised on the length, so maybe_mark_dynamic.
    procedure = text[text.index(headings[-1]):]
    assert "maybe_mark_dynamic" in procedure and "ConstraintViolationError" in procedure
    assert run.manifest["artifacts"]["compile_log" + suffix]["path"] == name


# -- a lab's report says what the page says ------------------------------------------------------

@pytest.mark.parametrize(("method", "outcome"), [("queued", "not_separable"), ("graph", "device_bound")])
def test_compile_log_states_host_overhead_through_the_same_claim(method, outcome):
    """COMPILE_LOG's steady section, from a synthetic comparison whose clocks agree within their spread."""
    from labs.compile_compare import compile_log
    from labs.compile_compare.claims import host_overhead_said
    from labs.compile_compare.findings import Findings

    def stats(median, clock="latency"):
        return measure.Stats(median, median * 0.98, median * 1.02, median * 0.9, median * 1.1, 20, clock,
                             method if clock == "device" else "")
    timing = measure.Comparison(latency=(stats(0.0144), stats(0.0106)),
                                device=(stats(0.0144, "device"), stats(0.0106, "device")))
    findings = Findings.__new__(Findings)
    findings.steady, findings.tokens_per_step = AB("eager", "compiled", timing, 0.45, 16.2), 4096
    for lang in ("en", "es"):
        text = "\n".join(compile_log.steady_section(findings, {}, compile_log._Writer(lang)))
        said = host_overhead_said(timing.device_method, (None, None), ("eager", "compiled"))
        assert said.outcome == outcome and said.text(lang) in text


@pytest.mark.parametrize(("sides", "es"), [
    (("eager", "compiled"), "1,25\u00a0ms por paso eager, ninguna medible por paso compilado"),
    (("default", "graphed"), "1,25\u00a0ms por paso por defecto, ninguna medible por paso con CUDA graphs"),
    (("broken", "fixed"), "1,25\u00a0ms por paso con rupturas, ninguna medible por paso corregido"),
])
def test_measured_host_overhead_in_spanish_names_the_sides_and_uses_a_decimal_comma(sides, es):
    from labs.compile_compare.claims import SIDES, host_overhead_said
    said = host_overhead_said("graph", (1.25, None), sides)
    assert said.outcome == "measured" and es in said.es
    assert f"1.25\u00a0ms per {sides[0]} step, none measurable per {sides[1]} step" in said.en
    assert sides in SIDES.values()


@pytest.mark.parametrize(("static_s", "says"), [
    (39.9, "recompiled least"),      # 39.9 < 2 × 20.0: within a cold compile's noise, no fastest named
    (40.0, "least time"),            # 2× apart: the shortest compile is named
])
def test_the_warm_up_procedure_names_a_fastest_policy_only_beyond_the_noise(static_s, says):
    from labs.compile_compare import compile_log
    from labs.compile_compare.findings import Findings
    runs = {"static": shapes.PolicyRun("static", recompiles_logged=3, graphs=4, compile_s=static_s),
            "mark_dynamic": shapes.PolicyRun("mark_dynamic", recompiles_logged=1, graphs=2, compile_s=20.0)}
    for lang, words in (("en", {"recompiled least": "`mark_dynamic` recompiled least (1)",
                                "least time": "`mark_dynamic` compiled in the least time"}),
                        ("es", {"recompiled least": "`mark_dynamic` fue la que menos recompiló (1)",
                                "least time": "`mark_dynamic` fue la que menos tardó en compilar"})):
        text = "\n".join(compile_log.warmup_section(Findings("cpu", "full", "2.13.0", policies=runs), compile_log._Writer(lang)))
        assert words[says] in text
        assert all(other not in text for key, other in words.items() if key != says)


def test_compile_log_payoff_sentences_name_each_clock_and_the_steps_only_when_after():
    from labs.compile_compare.compile_log import _Writer
    timing = measure.Comparison(latency=(_stats(0.010), _stats(0.008)),
                                device=(_stats(0.005, clock="device"), _stats(0.004, clock="device")))
    later = AB("eager", "compiled", timing, baseline_first_s=0.1, candidate_first_s=10.1)   # 10 s extra
    assert _Writer("en").payoff(later, "Compiling") == [
        "Compiling pays off after 5,000 steps on latency.",      # 10 s / 2 ms
        "Compiling pays off after 10,000 steps on device time."]  # 10 s / 1 ms
    first = AB("broken", "fixed", timing, baseline_first_s=30.0, candidate_first_s=10.0)    # 3x cheaper
    lines = _Writer("es").payoff(first, "Arreglarlo")
    assert lines[0].startswith("Arreglarlo se amortiza desde el primer paso en latencia")
    assert "tiempo de dispositivo" in lines[1] and not any(ch.isdigit() for line in lines for ch in line)


@pytest.mark.parametrize("built", [0, 6])
def test_the_vector_instruction_search_is_reported_apart_with_what_it_built(tmp_path, built):
    """report.first_step and COMPILE_LOG without compiling: the figures come from the search as
    measured, the count of programs built stays a count (the page's 0= case reads it)."""
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    from labs.compile_compare import compile_log, report
    from labs.compile_compare.findings import Findings
    lab = Lab(LabOptions("compile_compare", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    result = first_step_findings(measure.IsaSearch(seconds=7.25, built=built, chosen="avx2"), warm_isa_s=1.125)
    report.first_step(lab, result)
    metrics = {key: entry["value"] for key, entry in lab.result["metrics"].items()}
    assert (metrics["first_step.vector_isa_s"], metrics["first_step.vector_isa_built"],
            metrics["first_step.vector_isa"]) == (7.25, built, "avx2")
    assert (metrics["first_step.toolchain_s"], metrics["warm.vector_isa_s"]) == (2.5, 1.125)
    findings = Findings(device="cpu", preset="smoke", torch_version="x", first_step=result)
    for lang, built_words, found_words in (("en", "6 test programs built now", "already built by an earlier"),
                                          ("es", "construyó ahora 6 programas", "ya los había construido")):
        text = "\n".join(compile_log.first_step_section(findings, {}, compile_log._Writer(lang)))
        assert (built_words in text, found_words in text) == (built == 6, built == 0), lang
        assert "avx2" in text


def test_a_gpu_run_reports_no_vector_instruction_search(tmp_path):
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    from labs.compile_compare import compile_log, report
    from labs.compile_compare.findings import Findings
    lab = Lab(LabOptions("compile_compare", "cuda", "smoke", tmp_path / "out", tmp_path / "work"))
    result = first_step_findings(None, warm_isa_s=None)
    report.first_step(lab, result)
    assert not [key for key in lab.result["metrics"] if "vector_isa" in key]
    text = "\n".join(compile_log.first_step_section(Findings("cuda", "smoke", "x", first_step=result), {},
                                                    compile_log._Writer("en")))
    assert "vector" not in text
