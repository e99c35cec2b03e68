"""score.py's counts, draft and table on one small dump, with its reader's expectations edited by hand.

The gelu MLP's CPU dump has one kernel and seven facts (expected.json, read by a person): pattern, nodes,
one load, one store, ir_nodes, ir:buf1 and call_line; its checks of meaning give six verdicts, all passed.
The tiny head's dump states eighteen facts of which one, the pattern, is "unknown" and agreed so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from labs.common.kernel_facts import score

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GELU = FIXTURES / "cpu-torch2.13-gelu_mlp"
TINYHEAD = FIXTURES / "cpu-torch2.13-tinyhead"
KERNEL = "cpp_fused_gelu_0"


def _copy(tmp_path: Path, edit=None, folder: Path = GELU) -> Path:
    """The dump in a scratch folder, its expected.json changed by `edit` (None: removed)."""
    out = tmp_path / folder.name
    shutil.copytree(folder, out)
    path = out / score.EXPECTED_FILE
    if edit is None:
        path.unlink()
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
        edit(data["kernels"])
        path.write_text(json.dumps(data), encoding="utf-8")
    return out


def test_a_dump_read_right_counts_every_fact_correct():
    c = score.score(GELU)
    assert c == {"kernels": 1, "stated": 7, "unknown": 0, "correct": 7, "wrong": 0, "missed": 0, "unchecked": 0,
                 "checks_passed": 6, "checks_failed": 0, "problems": [], "has_expected": True}


def test_an_unknown_the_reader_agrees_with_is_neither_stated_nor_correct():
    c = score.score(TINYHEAD)
    assert (c["stated"], c["unknown"], c["correct"], c["wrong"], c["unchecked"]) == (17, 1, 17, 0, 0)


def test_one_value_off_by_one_line_is_one_wrong_fact(tmp_path):
    folder = _copy(tmp_path, lambda k: k[KERNEL].update(call_line=104))
    c = score.score(folder)
    assert (c["correct"], c["wrong"], c["missed"]) == (6, 1, 0)
    assert c["problems"] == [f"{KERNEL} call_line: stated 103, expected 104"]


def test_a_fact_without_expectation_is_wrong_and_says_so(tmp_path):
    folder = _copy(tmp_path, lambda k: k[KERNEL].pop("pattern"))
    c = score.score(folder)
    assert (c["correct"], c["wrong"], c["missed"]) == (6, 1, 0)
    assert c["problems"] == [f"{KERNEL} pattern: stated 'gelu', expected '(no expectation)'"]


def test_an_expected_fact_not_stated_is_missed_but_a_readers_note_is_not(tmp_path):
    folder = _copy(tmp_path, lambda k: k[KERNEL].update(exp_home="buf9", _why="a note"))
    c = score.score(folder)
    assert (c["correct"], c["wrong"], c["missed"]) == (7, 0, 1)
    assert c["problems"] == [f"{KERNEL} exp_home: expected 'buf9', not stated"]


def test_a_kernel_the_reader_left_out_is_unchecked(tmp_path):
    folder = _copy(tmp_path, lambda k: k.clear())
    c = score.score(folder)
    assert (c["stated"], c["correct"], c["wrong"], c["missed"], c["unchecked"]) == (7, 0, 0, 0, 7)
    assert c["has_expected"] is True and c["problems"] == []


def test_without_expectations_nothing_is_unchecked_and_the_checks_still_count(tmp_path):
    c = score.score(_copy(tmp_path, None))
    assert (c["stated"], c["correct"], c["wrong"], c["unchecked"], c["has_expected"]) == (7, 0, 0, 0, False)
    assert (c["checks_passed"], c["checks_failed"]) == (6, 0)


def test_the_draft_quotes_each_cited_kernel_line_and_no_line_outside_the_kernel():
    kernels = json.loads(score.draft(GELU))["kernels"]
    assert list(kernels) == [KERNEL]
    # lines 16 and 28 of the kernel's source (the load and the store); call_line 103 is in call(), not the kernel
    assert kernels[KERNEL]["_lines"] == {
        "16": "auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), "
              "static_cast<int64_t>(16));",
        "28": "tmp11.store(in_out_ptr0 + static_cast<int64_t>(x0));"}
    assert kernels[KERNEL]["call_line"] == 103 and kernels[KERNEL]["pattern"] == "gelu"


@pytest.mark.parametrize("value, numbers", [
    (True, []), (False, []), (0, [0]), (7, [7]), ("12", []), (None, []), ([3, [4, True], "5"], [3, 4]),
    ({"lines": [1, 2], "stored": 3, "consumed_by": [4], "size": [16, 256], "step": 9}, [1, 2, 3, 4]),
])
def test_the_numbers_a_draft_cites(value, numbers):
    assert score._numbers(value) == numbers


def test_the_table_names_each_dump_and_skips_a_folder_without_a_kernel_file(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert score.main([str(GELU), str(tmp_path / "empty")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("| fixture | kernels | facts stated | correct |") and out[1] == "|---|---|---|---|---|---|---|---|---|"
    assert out[2:] == [f"| {GELU.name} | 1 | 7 | 7 | 0 | 0 | 0 | 0 | 6/6 |"]


def test_one_wrong_fact_fails_the_table_and_problems_lists_it(tmp_path, capsys):
    folder = _copy(tmp_path, lambda k: k[KERNEL].update(call_line=104))
    assert score.main([str(folder)]) == 1
    assert capsys.readouterr().out.splitlines()[2:] == [f"| {GELU.name} | 1 | 7 | 6 | 1 | 0 | 0 | 0 | 6/6 |"]
    assert score.main(["--problems", str(folder)]) == 1
    assert capsys.readouterr().out.splitlines()[3:] == [f"    {KERNEL} call_line: stated 103, expected 104"]


def test_a_missed_fact_alone_fails_the_table(tmp_path, capsys):
    assert score.main([str(_copy(tmp_path, lambda k: k[KERNEL].update(exp_home="buf9")))]) == 1


def test_without_expectations_the_table_shows_dashes(tmp_path, capsys):
    assert score.main([str(_copy(tmp_path, None))]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == [f"| {GELU.name} | 1 | 7 | — | — | — | 0 | — | 6/6 |"]


def test_draft_prints_the_first_folders_expectations(capsys):
    assert score.main(["--draft", str(GELU), str(TINYHEAD)]) == 0
    assert list(json.loads(capsys.readouterr().out)["kernels"]) == [KERNEL]


def test_flat_states_unknown_nodes_and_steps_and_leaves_out_a_missing_index():
    from labs.common.kernel_facts.records import KernelFacts, Step
    kf = KernelFacts(kernel="k", language="python", style="triton_persistent", calls=[], nodes=None,
                     nodes_source="unknown",
                     steps=[Step("max", [], None), Step("sum", [], None, other_kernel="triton_red_1"),
                            Step("exp", [], [7, 8])],
                     loads=[{"pointer": "in_ptr0", "buffer": "arg0_1", "at": [[3, None, False], [4, "x0", False]]}],
                     stores=[{"pointer": "out_ptr0", "buffer": "buf0", "at": [[9, None, "div"], [10, "r0", "div"]]}])
    assert score.flat(kf) == {
        "pattern": "unknown", "nodes": "unknown",
        "step:max": "unknown", "step:sum": "other:triton_red_1", "step:exp": [7, 8],
        "load:in_ptr0": {"buffer": "arg0_1", "lines": [3, 4], "indexes": ["x0"]},
        "store:out_ptr0": {"buffer": "buf0", "lines": [9, 10], "indexes": ["r0"], "values": ["div"]},
        "ir": "unknown"}


def test_every_wrong_and_missed_fact_adds_up_over_facts_and_kernels(tmp_path):
    folder = FIXTURES / "cpu-torch2.13-causal_attention"
    first, second, *_ = json.loads((folder / score.EXPECTED_FILE).read_text(encoding="utf-8"))["kernels"]

    def edit(kernels):
        kernels[first].update(call_line=-1, pattern="not_this", **{"step:never": [1]})
        kernels[second].update(**{"step:never": [1]})
    c = score.score(_copy(tmp_path, edit, folder))
    assert (c["wrong"], c["missed"]) == (2, 2)


def test_the_table_goes_on_after_a_folder_without_kernels_and_a_failing_one(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    wrong = _copy(tmp_path, lambda k: k[KERNEL].update(call_line=104))
    assert score.main([str(tmp_path / "empty"), str(wrong), str(GELU)]) == 1
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [r.split(" | ")[0] for r in rows] == [f"| {GELU.name}"] * 2


def test_help_names_the_command_and_its_options(capsys):
    with pytest.raises(SystemExit) as stop:
        score.main(["--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("usage: python -m labs.common.kernel_facts.score [-h]")
    assert ("Facts against a person's reading: how many a dump's annotation states, gets right, leaves unknown. "
            in out)
    assert "--draft print a draft expected.json for one folder" in out
    assert "--problems list every wrong or missed fact" in out


def test_the_draft_is_indented_one_space_a_level():
    assert score.draft(GELU).startswith('{\n "kernels": {\n  "cpp_fused_gelu_0": {\n   "pattern": "gelu",\n')
