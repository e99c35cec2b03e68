"""The kernel annotator on two saved dumps: a CPU (C++) one and an H200 (Triton) one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from labs.common import inductor_output
from labs.lab03_compile import annotate, annotation_doc

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CPU = FIXTURES / "cpu-torch2.13-tinyhead"
GPU = FIXTURES / "h200-torch2.11-tinyhead"


def annotated(folder: Path) -> tuple[annotate.Annotation, inductor_output.Kernel]:
    dump = inductor_output.load_graph(folder)
    _, kernel = inductor_output.find_kernel([dump], r"softmax")
    return annotate.annotate(dump, kernel), kernel


def line(kernel: inductor_output.Kernel, number: int) -> str:
    return kernel.source.splitlines()[number - 1]


@pytest.mark.parametrize("folder", [CPU, GPU], ids=["cpu", "gpu"])
def test_finds_all_five_softmax_steps_at_lines_that_compute_them(folder):
    a, kernel = annotated(folder)
    assert a.steps_found == ["max", "sub", "exp", "sum", "div"]
    expected = {"max": ("maximum(", "max2("), "sub": (" - ",), "exp": ("exp(",),
                "sum": (" + tmp", "tl.sum("), "div": (" / ",)}
    for step, fact in a.steps.items():
        assert any(text in line(kernel, fact.line) for text in expected[step]), (step, fact)
    order = [a.steps[s].line for s in ("max", "sub", "exp", "div")]
    assert order == sorted(order), "max, then x - max, then exp, then the division"


@pytest.mark.parametrize("folder", [CPU, GPU], ids=["cpu", "gpu"])
def test_every_kernel_fact_quotes_its_own_line(folder):
    a, kernel = annotated(folder)
    kernel_facts = [f for f in a.facts if f.file == "kernel" and f.line is not None]
    assert len(kernel_facts) >= 7
    assert annotate.facts_matching(a, kernel.source + "\n") == len(kernel_facts)


def test_cpu_fused_ops_come_from_the_provenance_mapping():
    a, _ = annotated(CPU)
    assert a.fused_ops_source == "provenance"
    assert set(a.fused_ops) == {"amax", "sub", "exp", "sum_1", "div"}
    assert annotate.steps_in_ops(a.fused_ops) == set(annotate.SOFTMAX_STEPS)


def test_gpu_fused_ops_come_from_the_original_aten_comment():
    a, _ = annotated(GPU)
    assert a.fused_ops_source == "original_aten_comment"
    assert "prims.prepare_softmax_online" in a.fused_ops and "aten._softmax" in a.fused_ops
    assert annotate.steps_in_ops(a.fused_ops) == set(annotate.SOFTMAX_STEPS)


def test_without_provenance_or_comment_the_ops_come_from_the_ir(tmp_path):
    copy = tmp_path / "dump"
    shutil.copytree(CPU, copy)
    (copy / "inductor_provenance_tracking_node_mappings.json").unlink()
    a, _ = annotated(copy)
    assert a.fused_ops_source == "ir_post_fusion"
    assert {"max", "sub", "exp", "sum", "truediv"} <= set(a.fused_ops)


def test_cpu_load_and_store_lines_and_indexes():
    a, kernel = annotated(CPU)
    assert (a.input_read.pointer, a.input_read.index, a.input_read.line) == ("in_ptr0", "x1 + 600L*x0", 26)
    assert "loadu(in_ptr0" in line(kernel, 26)
    assert (a.output_write.pointer, a.output_write.index, a.output_write.line) == ("out_ptr2", "x1 + 600L*x0", 79)
    assert "store(out_ptr2" in line(kernel, 79)
    assert a.pointer_buffers == {"in_ptr0": "buf0", "out_ptr0": "buf1", "out_ptr1": "buf3", "out_ptr2": "buf4"}


def test_gpu_load_and_store_lines_and_indexes():
    a, kernel = annotated(GPU)
    assert (a.input_read.pointer, a.input_read.index, a.input_read.line) == ("in_ptr0", "r0_1 + 600*x0", 33)
    assert (a.output_write.pointer, a.output_write.index, a.output_write.line) == ("out_ptr2", "r0_1 + 600*x0", 46)
    assert "tl.store(out_ptr2" in line(kernel, 46)
    assert a.pointer_buffers == {"in_ptr0": "buf1", "out_ptr2": "buf4"}


def test_cpu_reductions_are_vectorized_accumulators():
    a, _ = annotated(CPU)
    assert a.reduction_style == "cpp_vectorized"
    topics = {f.topic for f in a.reduction_facts}
    assert {"parallel", "accumulator", "tail", "reduce_all"} <= topics
    assert any("16 floats wide" in f.detail for f in a.reduction_facts)


def test_gpu_reduction_is_persistent_with_max2_and_tl_sum():
    a, kernel = annotated(GPU)
    assert a.reduction_style == "triton_persistent"
    by_topic = {f.topic: f for f in a.reduction_facts}
    assert "max2(" in line(kernel, by_topic["reduce_max"].line)
    assert "tl.sum(" in line(kernel, by_topic["reduce_sum"].line)


def test_cpu_exp_buffer_is_in_the_ir_but_never_allocated():
    a, _ = annotated(CPU)
    assert [(b.name, b.role, b.size) for b in a.absent] == [("buf2", "exp", (2, 600))]
    assert "buf2" not in a.allocated and a.allocated == ["buf0", "buf1", "buf3", "buf4"]
    assert a.exp_home == "local_buffer"
    topics = {f.topic: f for f in a.facts}
    assert "make_unique<float []>(600L)" in topics["local_buffer"].code
    assert topics["store_exp"].detail.startswith("local_buffer_data_0[x1]")
    assert topics["load_exp"].line > topics["store_exp"].line


def test_gpu_keeps_max_sum_and_exp_out_of_memory():
    a, _ = annotated(GPU)
    assert {(b.name, b.role) for b in a.absent} == {("buf2", "max"), ("buf3", "sum")}
    assert a.exp_home == "registers"
    assert not any(b.role == "exp" for b in a.ir_buffers)
    again = [f for f in a.facts if f.topic == "exp_again"]
    assert [f.line for f in again] == [44]


@pytest.mark.parametrize("folder", [CPU, GPU], ids=["cpu", "gpu"])
def test_the_walkthrough_cites_the_lines(folder):
    a, kernel = annotated(folder)
    filename = "kernel.cpp" if kernel.language == "cpp" else "kernel.py"
    text = annotation_doc.render(a, filename, "Test.")
    for step in a.steps.values():
        assert f"{filename}:{step.line}" in text
    assert "## What is not there" in text and a.absent[0].name in text
    assert len(annotation_doc.table_rows(a)) == len(a.facts)


MINIGPT = FIXTURES / "cpu-torch2.13-minigpt-smoke"


def test_minigpt_attention_softmax_with_mask_scale_and_exp_in_place():
    a, kernel = annotated(MINIGPT)
    assert "softmax" in a.kernel and a.is_softmax
    assert {"amax_1", "exp_1", "sub_4", "sum_2", "div_1", "where_1", "mul_10"} <= set(a.fused_ops)
    topics = {f.topic: f for f in a.facts}
    assert "blendv(" in line(kernel, topics["mask"].line)
    assert topics["scale"].detail == "constant 0.17677669529663687"  # 1/sqrt(head_dim 32)
    # exp(x - max) goes back over the scores it came from (in_out_ptr0), then the division too.
    assert a.exp_home == "in_place"
    assert topics["store_exp"].detail.startswith("in_out_ptr0[") and a.output_write.pointer == "in_out_ptr0"
    assert [(b.name, b.role) for b in a.absent] == [("buf9", "exp")]
    # The input is read through an alias of the in-place pointer; the mapping follows it.
    assert a.input_read.pointer == "in_ptr1" and a.pointer_buffers["in_ptr1"] == a.pointer_buffers["in_out_ptr0"]
    assert a.parallel_loops == 3
