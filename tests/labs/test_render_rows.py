"""render.py's rows as the pages' tables show them, from the hand-written facts of
tests/helpers_kernel_facts_hand.py: every cited line with its topic, quoted code and both
languages' words, and the small phrases (line lists, batch-wide stores, unknown codes)."""

from __future__ import annotations

import pytest

from labs.common.kernel_facts import render
from labs.common.kernel_facts.records import Step
from tests.helpers_kernel_facts_hand import GENERIC_SOURCE, SOFTMAX_SOURCE, generic_facts, softmax_facts

OUTPUT_CODE = "\n".join(f"# line {n}" for n in range(1, 40)) + "\n        cpp_fused__softmax_0(arg0_1, buf1, buf0)"


def test_the_softmax_table_has_every_cited_line_in_order_then_the_launch():
    table = render.table_rows(softmax_facts(), SOFTMAX_SOURCE, OUTPUT_CODE)
    assert [row[:3] for row in table] == [
        ["kernel", 3, "load"], ["kernel", 4, "step:max"], ["kernel", 5, "store_step"], ["kernel", 6, "load"],
        ["kernel", 7, "load_back"], ["kernel", 8, "step:sub"], ["kernel", 9, "step:exp"], ["kernel", 10, "store_exp"],
        ["kernel", 11, "step:sum"], ["kernel", 12, "load_back"], ["kernel", 13, "step:div"], ["kernel", 14, "store"],
        ["kernel", 15, "store_total"], ["kernel", 16, "reduction"], ["output_code", 40, "call"]]
    assert render.TABLE_COLUMNS == ["file", "line", "topic", "code", "detail", "what_en", "what_es"]


def test_each_row_quotes_its_line_and_says_what_it_does_in_both_languages():
    table = {row[1]: row[3:] for row in render.table_rows(softmax_facts(), SOFTMAX_SOURCE, OUTPUT_CODE)}
    assert table[3] == ["auto tmp0 = in_ptr0[x1 + 8L*x0];", "in_ptr0[x1 + 8L*x0] → arg0_1",
                        "reads what x is computed from (in_ptr0[x1 + 8L*x0] → arg0_1)",
                        "lee un dato del que se calcula x (in_ptr0[x1 + 8L*x0] → arg0_1)"]
    assert table[4][1:] == ["amax", "max(x): the maximum along the reduced dimension (node amax)",
                            "max(x): el máximo a lo largo de la dimensión reducida (nodo amax)"]
    assert table[5][2:] == ["writes the row's max, one number per row (out_ptr1[x0] → buf0)",
                            "escribe el máximo de la fila, un número por fila (out_ptr1[x0] → buf0)"]
    assert table[7][2:] == ["reads back what line 5 wrote (out_ptr1[x0] → buf0)",
                            "vuelve a leer lo que escribió la línea 5 (out_ptr1[x0] → buf0)"]
    assert table[10][2:] == ["writes exp(x − max) to a scratch row", "escribe exp(x − max) en una fila de trabajo"]
    assert table[14][2:] == ["writes the output, node div (out_ptr0[x1 + 8L*x0] → buf1)",
                             "escribe la salida, nodo div (out_ptr0[x1 + 8L*x0] → buf1)"]
    assert table[15][2:] == ["writes one number for the whole batch, a sum (out_ptr1[0L] → buf0)",
                             "escribe un solo número para todo el lote, sum (out_ptr1[0L] → buf0)"]
    assert table[16][1:] == ["welford", "Welford mean and variance reduction", "reducción: media y varianza de Welford"]
    assert table[40] == ["cpp_fused__softmax_0(arg0_1, buf1, buf0)", "cpp_fused__softmax_0", "launches the kernel",
                         "lanza el kernel"]


def test_a_launch_is_named_by_its_handle_and_a_line_past_the_file_quotes_nothing():
    table = render.table_rows(generic_facts(), GENERIC_SOURCE, "def call(args):\n    pass")
    assert table[-1] == ["output_code", 30, "call", "", "triton_poi_fused_0.run", "launches the kernel", "lanza el kernel"]
    assert [row[1] for row in table if row[0] == "kernel"] == [5, 6, 7, 8, 9]


def test_without_a_pattern_loads_and_stores_are_generic_and_an_exp_store_is_just_a_store():
    facts = generic_facts(stores=[{"pointer": "out_ptr0", "buffer": "buf0", "at": [[7, "x0", "exp"], [9, "x0", "sum"]]}])
    rows = {line: (topic, values) for _, line, topic, _, values in render.rows(facts)}
    assert rows[5] == ("generic_load", {"where": "in_ptr0[x0] → arg0_1"})
    assert rows[7] == ("generic_store", {"where": "out_ptr0[x0] → buf0", "values": ["exp"]})
    assert rows[9] == ("generic_store", {"where": "out_ptr0[x0] → buf0", "values": ["sum"]})  # a row's sum, not a total


def test_with_a_pattern_a_load_outside_x_and_stores_of_other_values_are_said_plainly():
    facts = softmax_facts(input={"pointers": {"in_ptr0": "arg0_1"}, "lines": [3]}, exp_home=None, reductions=[],
                          stores=[{"pointer": "out_ptr0", "buffer": "buf1", "at": [[10, "x1", "exp"], [16, "x1", "mul"],
                                                                                   [15, "x1", "sum"]]}])
    rows = {line: (topic, values) for _, line, topic, _, values in render.rows(facts)}
    assert ("kernel", 6, "load_other", "in_ptr0[x1 + 8L*x0] → arg0_1", {"where": "in_ptr0[x1 + 8L*x0] → arg0_1"}) \
        in render.rows(facts)
    assert rows[6] == ("load_other", {"where": "in_ptr0[x1 + 8L*x0] → arg0_1"})
    assert rows[10] == ("store_other", {"where": "out_ptr0[x1] → buf1", "values": ["exp"]})   # no home for exp known
    assert rows[16] == ("store_other", {"where": "out_ptr0[x1] → buf1", "values": ["mul"]})   # not the output's line
    assert rows[15] == ("store_step", {"where": "out_ptr0[x1] → buf1", "step": "sum"})
    assert render.what("store_other", rows[16][1], "en") == "writes `mul` (out_ptr0[x1] → buf1)"
    assert render.what("load_other", rows[6][1], "es") == "lee in_ptr0[x1 + 8L*x0] → arg0_1"
    assert render.what("store_step", rows[15][1], "es") == "escribe la suma de la fila, un número por fila (out_ptr0[x1] → buf1)"


def test_a_batch_wide_max_is_a_total_called_max():
    facts = generic_facts(stores=[{"pointer": "out_ptr1", "buffer": "buf1", "at": [[8, "0", "max"], [9, "0", "amax"]]}])
    rows = {line: values for _, line, topic, _, values in render.rows(facts) if topic == "store_total"}
    assert rows == {8: {"where": "out_ptr1[0] → buf1", "what": "max"}, 9: {"where": "out_ptr1[0] → buf1", "what": "max"}}


def test_the_highlighted_lines_are_the_kernels_cited_lines_once_each():
    assert render.highlighted_lines(softmax_facts()) == list(range(3, 17))
    assert render.highlighted_lines(generic_facts()) == [5, 6, 7, 8, 9]


@pytest.mark.parametrize(("index", "wide"), [
    ("0", True), ("0L", True), ("static_cast<int64_t>(0L)", True), (None, False),
    ("x0", False), ("r0_1 + 64*x0", False), ("y0", False), ("xindex", False), ("r0_index", False),
    ("x", True), ("rnumel", True),   # a name without a number is no loop variable
])
def test_a_store_is_batch_wide_when_its_index_names_no_loop_variable(index, wide):
    assert render.batch_wide(index) is wide


@pytest.mark.parametrize(("lines", "en", "es"), [
    ([], "no line", "ninguna línea"),
    ([98], "line 98", "la línea 98"),
    ([27, 32], "lines 27 and 32", "las líneas 27 y 32"),
    ([27, 32, 36], "lines 27, 32 and 36", "las líneas 27, 32 y 36"),
])
def test_lines_are_listed_as_a_sentence_says_them(lines, en, es):
    assert (render.lines_phrase(lines, "en"), render.lines_phrase(lines, "es")) == (en, es)


def test_an_unknown_code_is_said_with_its_count_and_a_code_without_words_as_itself():
    assert render.unknown_text("steps_found:2", "en") == ("the lines of each step: the kernel's dataflow shows 2 such "
                                                          "computations where the graph has one, so no line is claimed")
    assert render.unknown_text("no_ir", "es") == "qué búferes planificó el planificador: el volcado no tiene ir_post_fusion.txt"
    assert render.unknown_text("new_code:4", "en") == "new_code"


def test_a_pointer_without_an_index_is_named_alone():
    facts = generic_facts(stores=[{"pointer": "out_ptr0", "buffer": "buf0", "at": [[7, None, "load"]]},
                                  {"pointer": "out_ptr1", "buffer": None, "at": [[8, None, "mul"]]}])
    rows = {line: values for _, line, topic, _, values in render.rows(facts) if topic == "generic_store"}
    assert rows == {7: {"where": "out_ptr0 → buf0", "values": ["load"]}, 8: {"where": "out_ptr1", "values": ["mul"]}}


def test_a_step_row_names_all_its_nodes_or_a_question_mark():
    assert render.what("step:sub", {"step": "sub", "nodes": ["sub", "sub_1"]}, "en") == \
        "x − max: shifts x so that exp cannot overflow (node sub, sub_1)"
    assert render.what("step:exp", {"step": "exp", "nodes": []}, "es") == "exp(x − max) (nodo ?)"


def test_exp_kept_elsewhere_than_a_scratch_row_is_said_where():
    assert render.what("store_exp", {"home": "in_place"}, "en") == \
        "writes exp(x − max) to the kernel's own input buffer, overwritten in place and read back"
    assert render.what("store_exp", {"home": "buffer"}, "es") == "escribe exp(x − max) en un búfer de salida del kernel"


def test_the_step_table_says_where_a_step_is_when_not_here():
    facts = softmax_facts(steps=[Step("max", ["amax"], None, "cpp_fused_0"), Step("sub", ["sub", "sub_1"], [8, 12]),
                                 Step("exp", ["exp"], [])])
    assert render.step_table(facts, "es", []) == [
        "| Paso | Nodo del grafo | Líneas | Qué calcula |", "|---|---|---|---|",
        "| max | `amax` | en el kernel `cpp_fused_0` | max(x): el máximo a lo largo de la dimensión reducida |",
        "| sub | `sub`, `sub_1` | 8, 12 | x − max: desplaza x para que exp no pueda desbordarse |",
        "| exp | `exp` | no encontrada | exp(x − max) |"]
    assert render.step_table(facts, "en", [])[2:] == [
        "| max | `amax` | in kernel `cpp_fused_0` | max(x): the maximum along the reduced dimension |",
        "| sub | `sub`, `sub_1` | 8, 12 | x − max: shifts x so that exp cannot overflow |",
        "| exp | `exp` | not found | exp(x − max) |"]


def test_a_kernel_without_a_step_pattern_has_a_step_table_of_its_head_only():
    assert render.step_table(generic_facts(), "en", []) == ["| Step | Graph node | Lines | What it computes |",
                                                            "|---|---|---|---|"]
    assert render.step_table(generic_facts(pattern=None), "en", [])[2:] == []


def test_the_first_line_of_a_file_is_quoted_and_a_line_zero_is_not():
    facts = generic_facts(calls=[{"handle": None, "line": 1}], loads=[], stores=[], reductions=[])
    assert render.table_rows(facts, GENERIC_SOURCE, "call(args)\nmore")[0][3] == "call(args)"
    facts.calls = [{"handle": None, "line": 0}]
    assert render.table_rows(facts, GENERIC_SOURCE, "call(args)\nmore")[0][3] == ""


def test_rows_are_the_kernels_by_line_and_topic_then_the_first_launch_only():
    facts = generic_facts(calls=[{"handle": "first.run", "line": 2}, {"handle": "second.run", "line": 3}],
                          reductions=[{"kind": "amax", "lines": [5], "step": None}],
                          steps=[Step("sub", ["sub", "sub_1"], [9])])
    rows = [(file, line, topic, detail) for file, line, topic, detail, _ in render.rows(facts)]
    # a step makes the loads and stores say how they relate to it; one line, two rows: by topic
    assert rows == [("kernel", 5, "load_other", "in_ptr0[x0] → arg0_1"), ("kernel", 5, "reduction", "amax"),
                    ("kernel", 7, "store_other", "out_ptr0[x0] → buf0"), ("kernel", 8, "store_total", "out_ptr1[0] → buf1"),
                    ("kernel", 9, "step:sub", "sub, sub_1"), ("kernel", 9, "store_other", "out_ptr2[x0]"),
                    ("output_code", 2, "call", "first.run")]
