"""Lab 03 in its smoke preset on CPU: checks, deliverables, the kernel and its annotation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from labs.lab03_compile import distributed

ROOT = Path(__file__).resolve().parent.parent.parent
DELIVERABLES = ("REPORT.md", "kernel.cpp", "KERNEL_ANNOTATION.md", "DISTRIBUTED.md", "manifest.json")


def test_every_check_passes(lab_smoke):
    run = lab_smoke("lab03_compile")
    checks = run.manifest["checks"]
    assert {"tinyhead_compile_match", "minigpt_compile_match", "kernel_saved_and_annotated",
            "softmax_pattern_identified", "survey_distinguishes_patterns"} <= set(checks)
    failed = {k: c for k, c in checks.items() if not c["passed"]}
    assert not failed, failed
    assert run.metric("tinyhead.max_abs_err") < 1e-6
    assert run.metric("minigpt.max_abs_err") <= run.metric("minigpt.tolerance")


def test_deliverables_land_at_the_top_of_the_output_folder(lab_smoke):
    run = lab_smoke("lab03_compile")
    for name in DELIVERABLES:
        assert (run.out / name).is_file(), name
    for model in ("tinyhead", "minigpt"):
        tree = (run.out / model / "inductor_tree.txt").read_text()
        assert "output_code.py" in tree and "bytes)" in tree


def test_kernel_is_the_fused_softmax(lab_smoke):
    run = lab_smoke("lab03_compile")
    assert run.metric("softmax_kernel.file") == "kernel.cpp"
    kernel = (run.out / "kernel.cpp").read_text()
    assert "#pragma omp" in kernel and ".exp()" in kernel and "maximum" in kernel and " / " in kernel
    assert run.metric("annotation.steps_found") == 5
    assert "extern_kernels.addmm" in (run.out / "tinyhead" / "wrapper_call.py").read_text()


def test_annotation_facts_cite_the_lines_of_the_saved_kernel(lab_smoke):
    run = lab_smoke("lab03_compile")
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


def test_both_models_are_timed_with_spread_and_verdicts(lab_smoke):
    run = lab_smoke("lab03_compile")
    for name in ("tinyhead", "minigpt"):
        table = run.manifest["tables"][f"{name}_latency"]
        for row in table["rows"]:
            values = dict(zip(table["columns"], row))
            assert values["eager_min_us"] <= values["eager_us"] <= values["eager_p95_us"]
            assert values["compiled_min_us"] <= values["compiled_us"] <= values["compiled_p95_us"]
            assert values["verdict"] in ("faster", "slower", "same")
            assert values["compile_s"] > 0
        assert f"{name}_latency" in run.manifest["figures"]


def test_gpu_only_part_is_skipped_on_cpu_with_its_reason(lab_smoke):
    part = lab_smoke("lab03_compile").manifest["parts"]["E3"]
    assert part["status"] == "skipped" and "CUDA" in part["reason"]


def test_survey_has_four_two_sentence_distinctions_and_a_computed_pick(lab_smoke):
    run = lab_smoke("lab03_compile")
    text = (run.out / "DISTRIBUTED.md").read_text()
    assert distributed.two_sentence_distinctions(text) == {"DDP": 2, "FSDP": 2, "TP": 2, "PP": 2}
    assert f"{run.metric('distributed.params'):,} parameters" in text
    assert run.metric("distributed.pick") in ("DDP", "FSDP")


def test_stretch_attention_kernel_and_exported_graph(lab_smoke):
    run = lab_smoke("lab03_compile")
    assert "softmax" in run.metric("attention_kernel.name")
    assert run.metric("attention.steps_found") == 5
    assert "torch.ops.aten" in (run.out / "minigpt" / "exported_graph.py").read_text()
    modes = [row[0] for row in run.manifest["tables"]["autotune"]["rows"]]
    assert modes == ["default", "max-autotune"]


def test_notebooks_share_their_code_and_run(checkpoint_dir, tmp_path):
    """The English and Spanish notebooks differ only in their markdown; the code runs."""
    def code(path: Path) -> list[str]:
        return [line for line in path.read_text().splitlines() if not line.startswith("#")]

    english = ROOT / "docs" / "en" / "labs" / "lab03_compile_notebook.py"
    assert code(english) == code(ROOT / "docs" / "es" / "labs" / "lab03_compile_notebook.py")
    env = dict(os.environ, COURSE_CHECKPOINT_DIR=str(checkpoint_dir), LAB03_PRESET="smoke",
               TMPDIR=str(tmp_path))
    proc = subprocess.run([sys.executable, english.name], cwd=english.parent, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "softmax steps found: ['max', 'sub', 'exp', 'sum', 'div']" in proc.stdout
