"""Lab 03's annotation on saved dumps: the kernel is chosen by the softmax's output node, the
deliverables and the page's tables render from the structured facts, in both languages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from labs.common import inductor_output
from labs.common.kernel_facts import facts, words
from labs.inductor_kernels import annotate, annotation_doc

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ATTENTION = FIXTURES / "cpu-torch2.13-causal_attention"
GPU = FIXTURES / "h200-torch2.11-tinyhead"


def fresh_copy(folder: Path, parent: Path) -> Path:
    """The dump without the facts saved at capture time, so they are extracted by this code."""
    copy = parent / folder.name
    if not copy.exists():
        shutil.copytree(folder, copy)
        (copy / facts.FACTS_FILE).unlink(missing_ok=True)
    return copy


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("dumps")


def chosen(folder: Path, parent: Path) -> annotate.Chosen:
    return annotate.pattern_kernel([inductor_output.load_graph(fresh_copy(folder, parent))], "softmax")


@pytest.fixture
def attention(tmp_path) -> Path:
    return fresh_copy(ATTENTION, tmp_path)


def test_the_kernel_is_the_one_that_runs_the_softmax_output(attention):
    pick = chosen(attention, attention.parent)
    assert pick.kernel_facts.output_node == "div_1"  # div is the 1/sqrt(head_dim) scale
    assert "div_1" in pick.kernel_facts.nodes and pick.kernel.name == pick.kernel_facts.kernel
    assert (attention / facts.FACTS_FILE).is_file()  # saved beside the dump


def test_a_kernel_named_softmax_is_not_chosen_for_its_name(attention):
    text = (attention / "output_code.py").read_text()
    mapping = (attention / inductor_output.PROVENANCE_FILE).read_text()
    real = "cpp_fused__softmax_bitwise_not_div_masked_fill_view_1"
    decoy = "cpp_fused_clone_split_transpose_view_0"
    for path, content in ((attention / "output_code.py", text), (attention / inductor_output.PROVENANCE_FILE, mapping)):
        swapped = content.replace(real, "cpp_fused_mystery_1").replace(decoy, "cpp_fused__softmax_0")
        path.write_text(swapped)
    assert chosen(attention, attention.parent).kernel.name == "cpp_fused_mystery_1"


def test_no_softmax_in_the_graph_is_an_error_that_lists_what_was_found(tmp_path):
    folder = tmp_path / "nll"
    shutil.copytree(FIXTURES / "cpu-torch2.13-log_softmax_nll", folder)
    with pytest.raises(RuntimeError, match="log_softmax"):
        chosen(folder, tmp_path)


@pytest.mark.parametrize("folder", [ATTENTION, GPU], ids=["cpu", "gpu"])
def test_table_rows_quote_their_lines_and_speak_both_languages(folder, scratch):
    pick = chosen(folder, scratch)
    rows = annotation_doc.table_rows(pick.kernel_facts, pick.kernel.source, pick.graph.output_code.read_text())
    columns = annotation_doc.TABLE_COLUMNS
    files = {"kernel": pick.kernel.source.splitlines(), "output_code": pick.graph.output_code.read_text().splitlines()}
    topics = set()
    for row in rows:
        cell = dict(zip(columns, row))
        assert files[cell["file"]][cell["line"] - 1].strip() == cell["code"]
        assert cell["what_en"] and cell["what_es"] and cell["what_en"] != cell["what_es"]
        topics.add(cell["topic"])
    assert {"load", "store", "step:max", "step:sub", "step:exp", "step:sum", "step:div", "call"} <= topics


@pytest.mark.parametrize("folder", [ATTENTION, GPU], ids=["cpu", "gpu"])
def test_the_documents_cite_every_step_line_in_their_own_language(folder, scratch):
    pick = chosen(folder, scratch)
    kf = pick.kernel_facts
    english = annotation_doc.render_document(kf, "en", "kernel.cpp", "By a test.", pick.kernel.source)
    spanish = annotation_doc.render_document(kf, "es", "kernel.cpp", "Por una prueba.", pick.kernel.source)
    for step in kf.steps:
        for line in step.lines:
            assert f"kernel.cpp:{line}**" in english and f"kernel.cpp:{line}**" in spanish
    assert not any(text in spanish for text in words.STEP["en"].values() if text not in words.STEP["es"].values())
    assert "## Line by line" in english and "## Línea a línea" in spanish
    assert annotation_doc.document_name("KERNEL_ANNOTATION", "es") == "KERNEL_ANNOTATION.es.md"


def test_step_rows_give_each_step_its_node_and_lines(scratch):
    kf = chosen(ATTENTION, scratch).kernel_facts
    rows = {row[0]: row for row in annotation_doc.step_rows(kf)}
    assert list(rows) == list(annotate.SOFTMAX_STEPS)
    assert rows["div"][1] == "div_1" and rows["div"][3] == kf.step("div").lines[0]


def test_where_exp_lives_cpu_in_place_gpu_in_registers(scratch):
    cpu, gpu = chosen(ATTENTION, scratch).kernel_facts, chosen(GPU, scratch).kernel_facts
    assert (cpu.exp_home, cpu.exp_recomputed) == ("in_place", False)
    assert (gpu.exp_home, gpu.exp_recomputed) == ("registers", True)
    assert {b["name"] for b in gpu.ir_buffers if b["in_call"] == "absent"} == {"buf2", "buf3"}


def test_the_notebooks_interface_still_answers(scratch):
    graph = inductor_output.load_graph(fresh_copy(ATTENTION, scratch))
    kernel = next(k for k in graph.kernels if "softmax" in k.name)
    result = annotate.annotate(graph, kernel)
    assert result.steps_found == list(annotate.SOFTMAX_STEPS)
    assert result.fused_ops_source == "provenance" and result.reduction_style == "cpp_vectorized"
    assert result.exp_home == "in_place" and any(f.topic == "step:div" for f in result.facts)
