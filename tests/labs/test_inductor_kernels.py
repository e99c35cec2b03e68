"""Lab 03 in its smoke preset on CPU: checks, deliverables, the kernel and its annotation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from labs.common import measure
from labs.common.training_memory import TrainingMemory
from labs.inductor_kernels import distributed_survey

ROOT = Path(__file__).resolve().parent.parent.parent
DELIVERABLES = ("REPORT.md", "REPORT.es.md", "kernel.cpp", "KERNEL_ANNOTATION.md", "DISTRIBUTED.md",
                "DISTRIBUTED.es.md", "manifest.json")
LAB = "inductor_kernels"


def test_every_check_passes(run):
    checks = run.manifest["checks"]
    assert {"tinyhead_compile_match", "minigpt_compile_match", "kernel_saved_and_annotated",
            "softmax_pattern_identified", "survey_distinguishes_patterns"} <= set(checks)
    failed = {k: c for k, c in checks.items() if not c["passed"]}
    assert not failed, failed
    assert run.metric("tinyhead.max_abs_err") < 1e-6
    assert run.metric("minigpt.max_abs_err") <= run.metric("minigpt.tolerance")


def test_deliverables_land_at_the_top_of_the_output_folder(run):
    for name in DELIVERABLES:
        assert (run.out / name).is_file(), name
    for model in ("tinyhead", "minigpt"):
        tree = (run.out / model / "inductor_tree.txt").read_text()
        assert "output_code.py" in tree and "bytes)" in tree


def test_each_models_file_tree_is_written_in_both_languages_and_no_suffix_is_a_word(run):
    for model in ("tinyhead", "minigpt"):
        assert run.manifest["artifacts"][f"{model}_inductor_tree.es"]["path"] == f"{model}/inductor_tree.es.txt"
        english = (run.out / model / "inductor_tree.txt").read_text(encoding="utf-8")
        spanish = (run.out / model / "inductor_tree.es.txt").read_text(encoding="utf-8")
        assert spanish.count(" bytes)") == english.count(" bytes)") > 0
        assert "(none)" not in [row[0] for row in run.manifest["tables"][f"{model}_files_by_suffix"]["rows"]]


def test_kernel_is_the_fused_softmax(lab_smoke):
    run = lab_smoke("inductor_kernels")
    assert run.metric("softmax_kernel.file") == "kernel.cpp"
    kernel = (run.out / "kernel.cpp").read_text()
    assert "#pragma omp" in kernel and ".exp()" in kernel and "maximum" in kernel and " / " in kernel
    assert run.metric("annotation.steps_found") == 5
    assert "extern_kernels.addmm" in (run.out / "tinyhead" / "wrapper_call.py").read_text()


def test_annotation_facts_cite_the_lines_of_the_saved_kernel(lab_smoke):
    run = lab_smoke("inductor_kernels")
    kernel_lines = (run.out / "kernel.cpp").read_text().splitlines()
    table = run.manifest["tables"]["kernel_annotation"]
    rows = [dict(zip(table["columns"], row)) for row in table["rows"]]
    kernel_rows = [r for r in rows if r["file"] == "kernel"]
    assert {"load", "store", "step:max", "step:sub", "step:exp", "step:sum", "step:div"} <= {
        r["topic"] for r in kernel_rows}
    for row in kernel_rows:
        if row["line"] is not None:
            assert kernel_lines[row["line"] - 1].strip() == row["code"], row
    text = (run.out / "KERNEL_ANNOTATION.md").read_text()
    for step in ("max", "sub", "exp", "sum", "div"):
        assert f"kernel.cpp:{run.metric(f'annotation.{step}_line')}" in text
    assert run.metric("annotation.load_index") in text and run.metric("annotation.store_index") in text
    assert run.metric("annotation.exp_home") == "local_buffer"
    assert "buf" in run.metric("annotation.absent_buffers")


def test_both_models_are_timed_with_spread_and_verdicts_that_follow_them(run):
    for name in ("tinyhead", "minigpt"):
        rows = run.table(f"{name}_latency")
        assert rows, name
        for row in rows:
            for side in ("eager", "compiled"):
                assert row[f"{side}_q1_us"] <= row[f"{side}_us"] <= row[f"{side}_q3_us"], row
            # the verdict is what the recorded medians and quartiles say, not a label of its own
            eager = measure.Stats(row["eager_us"], row["eager_q1_us"], row["eager_q3_us"], 0, 0, 1, "latency")
            compiled = measure.Stats(row["compiled_us"], row["compiled_q1_us"], row["compiled_q3_us"], 0, 0, 1,
                                     "latency")
            assert row["verdict"] == measure.verdict(eager, compiled), row
            assert row["speedup"] == pytest.approx(row["eager_us"] / row["compiled_us"])
            assert row["compile_s"] > 0 and row["bound"] in ("overhead", "bandwidth", "compute", "neither")
        assert f"{name}_latency" in run.manifest["figures"]
        verdicts = [row["verdict"] for row in rows]
        sentence = run.metric(f"{name}.summary.en")
        assert f"over {len(rows)} batch sizes" in sentence
        for verdict, word in (("faster", "faster"), ("slower", "slower"), ("same", "the same")):
            assert (word in sentence) == (verdict in verdicts), (sentence, verdicts)


def test_timing_ran_clean_and_reports_its_threads(run):
    assert run.manifest["provenance"]["timing_threads"]
    assert "TORCH_LOGS" not in (ROOT / "labs" / LAB / "lab.toml").read_text()
    torch_log = (run.out / "torch.log").read_text()
    assert "__trace" not in torch_log  # the structured trace was never switched on


def test_ceilings_place_three_kernels_against_the_copy(run):
    rows = {row["kernel"]: row for row in run.table("ceilings")}
    assert set(rows) == {"softmax", "attention_softmax", "gelu"}
    bandwidth = run.metric("ceilings.copy_gb_s")
    for row in rows.values():
        assert row["share_of_copy"] == pytest.approx(100 * row["compiled_gb_s"] / bandwidth)
        assert row["compiled_gb_s"] == pytest.approx(row["mbytes"] * 1e6 / (row["compiled_us"] * 1e-6) / 1e9)


def test_gpu_only_part_is_skipped_on_cpu_with_its_reason(run):
    part = run.manifest["parts"]["cuda_graphs"]
    assert part["status"] == "skipped" and "CUDA" in part["reason"]


def test_survey_sections_each_name_their_own_pattern_and_the_pick_follows_the_numbers(run):
    text = (run.out / "DISTRIBUTED.md").read_text()
    assert all(facts.distinct for facts in distributed_survey.survey_facts(text).values())
    assert f"{run.metric('distributed.params'):,} parameters" in text
    spanish = (run.out / "DISTRIBUTED.es.md").read_text()
    assert "En dos frases" in spanish and "In two sentences" not in spanish


def memory(total_mib: float) -> TrainingMemory:
    quarter = int(total_mib * 2**20 / 4)
    return TrainingMemory(params=quarter // 4, param_bytes=quarter, grad_bytes=quarter, optimizer_bytes=quarter,
                          activation_bytes=quarter, batch_size=8, block_size=64)


@pytest.mark.parametrize("total_mib, device_gib, expected", [(100, 16, "DDP"), (9000, 16, "FSDP"),
                                                              (9000, 80, "DDP"), (50_000, 80, "FSDP")])
def test_pick_follows_memory_against_the_device(total_mib, device_gib, expected):
    assert distributed_survey.pick(memory(total_mib), device_gib * 2**30).strategy == expected


def test_survey_check_fails_when_sections_hold_the_wrong_text():
    choice = distributed_survey.pick(memory(100), 16 * 2**30)
    good = distributed_survey.render(memory(100), choice, "a 16 GiB GPU")
    assert all(f.distinct for f in distributed_survey.survey_facts(good).values())
    ddp_body = distributed_survey.SECTIONS["en"]["DDP"][1]
    swapped = good.replace(distributed_survey.SECTIONS["en"]["FSDP"][1], ddp_body)
    facts = distributed_survey.survey_facts(swapped)
    assert not facts["FSDP"].distinct and facts["DDP"].distinct
    assert not distributed_survey.survey_facts(good.replace("## 4. PP:", "## 4. XX:"))["PP"].own_api


def test_reports_in_both_languages_quote_the_run(run):
    english, spanish = (run.out / "REPORT.md").read_text(), (run.out / "REPORT.es.md").read_text()
    assert run.metric("tinyhead.summary.en") in english and run.metric("tinyhead.summary.es") in spanish
    assert "Every number below comes from this run" in english and "Informe del Lab 03" in spanish
    for sentence in ("Every number below", "compiled matches eager", "eager against compiled"):
        assert sentence not in spanish


def test_stretch_attention_kernel_exported_graph_and_one_change_autotune(run):
    assert "softmax" in run.metric("attention_kernel.name")
    assert "torch.ops.aten" in (run.out / "minigpt" / "exported_graph.py").read_text()
    rows = run.table("autotune")
    assert [row["mode"] for row in rows] == ["default", "max-autotune"]
    assert {row["freezing"] for row in rows} == {True}   # on CPU both sides freeze: one change only


def test_the_lab_runs_its_notebook_and_keeps_every_cells_output(run):
    executed = json.loads((run.out / "notebook.ipynb").read_text())
    code = [cell for cell in executed["cells"] if cell["cell_type"] == "code"]
    assert len(code) == run.metric("notebook.code_cells") and all(cell["outputs"] for cell in code[1:])
    assert not any(o["output_type"] == "error" for cell in code for o in cell["outputs"])
    printed = "".join("".join(o.get("text", [])) for cell in code for o in cell["outputs"])
    assert "max |eager - compiled|" in printed and "TinyHead batch" in printed


# -- the two clocks' disagreement, as record() writes it ----------------------------------------

class _MetricsOnly:
    """A lab that keeps the metrics record() writes and ignores its tables and figures."""
    device = "cuda"

    def __init__(self):
        self.metrics = {}

    def metric(self, key, value, unit=None):
        self.metrics[key] = value

    def table(self, *args, **kwargs):
        pass

    def figure(self, *args, **kwargs):
        pass


def _sized(batch: int, latency: tuple[float, float], device: tuple[float, float]):
    from labs.inductor_kernels import profiling

    def stats(median: float, clock: str) -> measure.Stats:
        return measure.Stats(median_s=median, q1_s=median * 0.99, q3_s=median * 1.01, min_s=median * 0.98,
                             max_s=median * 1.02, reps=50, clock=clock)
    timing = measure.Comparison(latency=(stats(latency[0], "latency"), stats(latency[1], "latency")),
                                device=(stats(device[0], "device"), stats(device[1], "device")))
    return profiling.SizeResult(batch, timing, compile_s=0.5, launches=(2, 2), cost=profiling.Cost(1e6, 1e6))


@pytest.mark.parametrize("device_times, says, batches", [
    ([(6e-6, 4.8e-6), (6.6e-6, 5.2e-6)], "all", "2, 16"),      # latency slower, device faster at both
    ([(6e-6, 4.8e-6), (6.6e-6, 9.0e-6)], "some", "2"),         # device slower at 16, as latency is
    ([(6e-6, 9.0e-6), (6.6e-6, 9.0e-6)], "no", "none"),        # both clocks say slower everywhere
])
def test_record_says_whether_the_clocks_disagree_at_all_some_or_no_sizes(device_times, says, batches):
    from labs.inductor_kernels import profiling
    results = [_sized(batch, (54e-6, 135e-6), times) for batch, times in zip((2, 16), device_times)]
    lab = _MetricsOnly()
    profiling.record(lab, "tinyhead", results, profiling.Ceilings(3e12, 5e13, 1e-6))
    assert (lab.metrics["tinyhead.clocks_disagree"], lab.metrics["tinyhead.clocks_disagree_batches"]) == (says, batches)
