"""`explain`'s report on saved dumps (fast tier, no compile): each kernel names the learner's
lines it came from and what it computes by meaning, and shows the bytes it reads and writes,
its passes over memory and its writes through a transpose, in both languages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from labs.common import inductor_output as io
from labs.common.kernel_facts import checks, facts
from labs.explain import report
from labs.explain.explainer import Explanation, Graph

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def explanation(tmp_path: Path, name: str) -> Explanation:
    folder = tmp_path / name
    shutil.copytree(FIXTURES / name, folder)
    found = facts.analyze(folder)
    text = (folder / "output_code.py").read_text()
    graph = Graph(folder, found, {k.name: k.source for k in io.parse_kernels(text)},
                  io.extern_kernel_calls(io.wrapper_call(text)), checks.verify(found, folder))
    return Explanation(name, "cpu", ["x"], [graph], None, 0.0, "torch (fixture)")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_kernel_cites_the_learners_line_and_its_bytes(tmp_path, lang):
    e = explanation(tmp_path, "cpu-torch2.13-softmax_dim0")
    text = report.render_report(e, lang, "python -m labs.explain …", "a CPU")
    [row] = report.kernel_rows(e, lang)
    assert row[3] == "`examples.py:50`"       # torch.softmax(self.fc(x), dim=0), line 50 of examples.py
    assert row[5] == "52000 / 26400"          # x read 4 times (max, exp, sum, divide): 4 × 32 × 100 × 4 bytes
    assert row[6] == "4"
    assert "`labs/explain/examples.py:50`" in text
    assert {"en": "reads 52000 bytes", "es": "lee 52000 bytes"}[lang] in text


def test_a_transposed_write_is_counted_and_the_gate_named(tmp_path):
    e = explanation(tmp_path, "cpu-torch2.13-conv_bn_silu")
    rows = {row[0]: row for row in report.kernel_rows(e, "en")}
    silu = rows["cpp_fused__native_batch_norm_legit_no_training_silu_1"]
    assert silu[2].startswith("a SiLU")
    text = report.render_report(e, "en", "cmd", "a CPU")
    assert "1 write(s) through a transpose" in text and "2 write(s) through a transpose" in text


def test_look_alikes_are_not_called_softmax_in_the_report(tmp_path):
    for name in ("cpu-torch2.13-wrong_dim_lookalike", "cpu-torch2.13-other_numerator_lookalike"):
        e = explanation(tmp_path, name)
        for lang in ("en", "es"):
            [row] = report.kernel_rows(e, lang)
            assert "softmax" not in row[2].lower() and row[2].startswith(("no known", "ningún")), (name, row[2])


# What each fixture's one-line summary must name, read from the module's source: every kind
# meaning.py knows, not only the softmax family; a look-alike names nothing.
SUMMARY = {"cpu-torch2.13-swiglu_mlp": ["swiglu"], "cpu-torch2.13-gelu_tanh_mlp": ["gelu"],
           "cpu-torch2.13-rms_norm": ["rms_norm"], "cpu-torch2.13-layer_norm": ["layer_norm"],
           "cpu-torch2.13-cross_entropy": ["cross_entropy"], "cpu-torch2.13-conv_bn_silu": ["silu"],
           "cpu-torch2.13-causal_attention": ["attention_softmax"], "cpu-torch2.13-hand_softmax": ["softmax"],
           "cpu-torch2.13-wrong_dim_lookalike": []}


@pytest.mark.parametrize("name", list(SUMMARY))
def test_the_one_line_summary_names_every_recognised_kind(tmp_path, name):
    from labs.explain.cli import recognised_kinds
    named = recognised_kinds(explanation(tmp_path, name).graphs)
    assert [entry.split(" in ")[0] for entry in named] == SUMMARY[name]
    assert all(" in cpp_fused_" in entry for entry in named)
