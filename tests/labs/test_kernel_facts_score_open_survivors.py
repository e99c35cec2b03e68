"""score.py where the first tests left it open: the draft's quotes at a kernel's first and last
lines (and line 0), a check of meaning that fails (counted as failed, shown over the total), and
`--help`'s description (the docstring's first line only)."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest

from labs.common.kernel_facts import facts, score
from labs.common.kernel_facts.records import GraphFacts, KernelFacts, Step

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GELU = FIXTURES / "cpu-torch2.13-gelu_mlp"
GPU_SOFTMAX = FIXTURES / "cuda-torch2.11-softmax_dim0"

EXP_KERNEL = """\
triton_poi_fused_exp_0 = async_compile.triton('triton_poi_fused_exp_0', '''
@triton.jit
def triton_poi_fused_exp_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl_math.exp(tmp0)
    tl.store(out_ptr0 + (x0), tmp1, xmask)
''', device_str='cuda')
"""


def test_the_draft_quotes_a_kernels_first_and_last_lines_and_nothing_outside(tmp_path, monkeypatch):
    (tmp_path / "output_code.py").write_text(EXP_KERNEL, encoding="utf-8")
    # facts citing the kernel's five lines and the two just outside it (0 and 6)
    kf = KernelFacts("triton_poi_fused_exp_0", "python", "triton_poi", [], ["exp"], "provenance",
                     input={"pointers": {"in_ptr0": "arg0_1"}, "lines": [1, 3]},
                     steps=[Step("exp", ["exp"], [0, 4, 6])],
                     stores=[{"pointer": "out_ptr0", "buffer": "buf0", "at": [[5, "x0", "exp"]]}])
    monkeypatch.setattr(facts, "analyze", lambda folder: GraphFacts("exp", {}, [], [kf]))
    quoted = json.loads(score.draft(tmp_path))["kernels"]["triton_poi_fused_exp_0"]["_lines"]
    assert quoted == {"1": "@triton.jit",
                      "3": "tmp0 = tl.load(in_ptr0 + (x0), xmask)",
                      "4": "tmp1 = tl_math.exp(tmp0)",
                      "5": "tl.store(out_ptr0 + (x0), tmp1, xmask)"}


def test_the_draft_of_a_gpu_dump_quotes_the_store_on_the_kernels_last_line():
    # the softmax kernel is 46 lines long; its output store is the last (expected.json quotes it too)
    [quotes] = [k["_lines"] for k in json.loads(score.draft(GPU_SOFTMAX))["kernels"].values()]
    assert quotes["46"] == "tl.store(in_out_ptr0 + (x0 + 100*r0_1), tmp15, xmask)"
    assert "47" not in quotes and max(map(int, quotes)) == 46


@pytest.fixture
def gelu_called_the_other_gelu(monkeypatch):
    """The gelu MLP's facts with the other approximation claimed (erf called tanh): the pattern
    check of meaning fails; every fact the reader wrote down is still stated right."""
    analyze = facts.analyze

    def planted(folder):
        graph = analyze(folder)
        [kf] = graph.kernels
        claims = copy.deepcopy(kf.claims)
        assert claims[0]["detail"].get("approximate") is None   # erf, as the reader found it
        claims[0]["detail"]["approximate"] = "tanh"
        graph.kernels = [replace(kf, claims=claims)]
        return graph
    monkeypatch.setattr(facts, "analyze", planted)


def test_a_check_of_meaning_that_fails_is_counted_failed(gelu_called_the_other_gelu):
    c = score.score(GELU)
    assert (c["checks_passed"], c["checks_failed"]) == (5, 1)
    assert (c["stated"], c["correct"], c["wrong"], c["missed"]) == (7, 7, 0, 0)


def test_the_table_shows_the_checks_passed_over_all_checks_and_fails(gelu_called_the_other_gelu, capsys):
    assert score.main([str(GELU)]) == 1
    assert capsys.readouterr().out.splitlines()[2:] == [f"| {GELU.name} | 1 | 7 | 7 | 0 | 0 | 0 | 0 | 5/6 |"]


def test_help_describes_the_command_by_the_docstrings_first_line_only(capsys):
    with pytest.raises(SystemExit):
        score.main(["--help"])
    out = capsys.readouterr().out
    description = out.split("\n\n")[1]   # between the usage and the arguments, however wrapped
    assert " ".join(description.split()) == ("Facts against a person's reading: how many a dump's annotation "
                                             "states, gets right, leaves unknown.")
    assert "expected.json" not in out.split("positional arguments")[0]   # the docstring's later lines
