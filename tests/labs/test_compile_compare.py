"""Lab compile_compare: its smoke run, and the parsers it relies on, tested on captured text."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from labs.compile_compare import compile_phases, graph_breaks, machine, payoff, recompile_log, shapes

LAB = "compile_compare"

# -- fast unit tests on captured text -----------------------------------------------------

# What Capture receives: one message per recompilation (torch 2.13, TORCH_LOGS="recompiles").
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
    assert reason.describe(shapes.DIM_NAMES) == "idx dim 1 (length): 32 → 16"


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


def test_busy_watch_calls_a_quarter_of_the_cores_contention():
    assert machine.BusyWatch(cores=2, samples=[1, 1, 0, 0]).contended        # half a core on average
    assert not machine.BusyWatch(cores=2, samples=[0, 0, 1, 0]).contended    # a quarter of one
    assert not machine.BusyWatch(cores=2).contended                          # no samples, no claim


def test_proc_stat_fields_survive_odd_command_names(tmp_path):
    stat = tmp_path / "stat"
    stat.write_text("4242 (my (odd) name) R 17 4242 4242 0 -1 4194304")
    assert machine._stat_fields(stat)[:3] == ["4242", "R", "17"]


# -- the smoke run ------------------------------------------------------------------------



def test_every_part_ran_and_every_check_passes(run):
    parts = {key: part["status"] for key, part in run.manifest["parts"].items()}
    assert parts == {"first_step": "ok", "steady_state": "ok", "recompiles": "ok", "modes": "ok",
                     "cuda_graphs": "skipped", "graph_breaks": "ok", "compile_log": "ok"}
    failed = {key: check for key, check in run.manifest["checks"].items() if not check["passed"]}
    assert not failed


def test_first_step_split_and_warm_cache(run):
    split = {row["phase"]: row for row in run.table("first_step_split")}
    assert set(split) == {"dynamo", "aot_autograd", "inductor", "kernel_compile", "rest"}
    assert sum(row["cold_s"] for row in split.values()) == pytest.approx(run.metric("first_step.compiled_s"), rel=1e-6)
    assert run.metric("warm.cache_hits") >= 1
    assert run.metric("warm.first_step_s") < run.metric("first_step.compiled_s")
    figure = run.manifest["figures"]["first_steps"]
    assert figure["log_y"] and figure["y"] == ["eager_ms", "compiled_ms"]


def test_recompile_table_has_reasons_parsed_from_guards(run):
    recompiled = [row for row in run.table("recompile_calls") if row["recompiled"] == "yes"]
    assert recompiled
    for row in recompiled:
        assert re.fullmatch(r"idx dim [01] \((batch|length)\): \d+ → \d+(; .*)?", row["reason"]), row
    summary = {row["policy"]: row for row in run.table("recompile_summary")}
    assert set(summary) == {"static", "automatic", "dynamic", "mark_dynamic"}
    assert summary["static"]["recompiles"] == run.metric("recompiles.distinct_shapes") - 1
    assert run.metric("recompiles.automatic_went_dynamic") == "yes"


def test_graph_breaks_found_fixed_and_refused_by_fullgraph(run):
    assert run.metric("breaks.broken_count") >= 4
    assert run.metric("breaks.fixed_count") == 0
    assert "Unsupported" in run.metric("breaks.fullgraph_error")
    kinds = {row["kind"] for row in run.table("graph_breaks")}
    assert kinds == {"print", "item", "data_dependent_branch", "untraceable_call"}
    assert all(row["line"] > 0 and row["code"] for row in run.table("graph_breaks"))


def test_break_even_is_a_number_or_never(run):
    for key in ("steady.break_even_steps", "autotune.break_even_steps"):
        value = run.metric(key)
        assert value == "never" or (isinstance(value, int) and value >= 0), (key, value)
    assert run.metric("autotune.payoff") in ("never", "immediately", "after")
    assert run.metric("steady.verdict") in ("faster", "slower", "same")


def test_compile_log_is_written_with_every_section(run):
    text = (run.out / "COMPILE_LOG.md").read_text()
    for heading in ("## 1. First step", "## 2. Steady state", "## 3. Recompilations",
                    "## 4. Compile modes", "## 5. Graph breaks", "## 6. Warm-up procedure"):
        assert heading in text
    assert text.count("### Break ") >= 4
    assert "Part `cuda_graphs` skipped" in text
    assert run.manifest["artifacts"]["compile_log"]["path"] == "COMPILE_LOG.md"
