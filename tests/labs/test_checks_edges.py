"""The checks of meaning (`checks.py`) at their edges: a claim matched against every finding of
the oracle (not only the first), the tolerance of a scale, the kernel's nodes by the handle it
was called with, the oracle's cache keyed by folder and by the files' stamps, and a kernel
chosen for a pattern that does run it. The oracle is faked where the question is how its
findings are read, and real where it is whether the right graph was run."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from labs.common import inductor_output as io
from labs.common.kernel_facts import checks, facts
from labs.common.kernel_facts.oracle import Finding
from labs.common.kernel_facts.records import KernelFacts
from tests.helpers_kernel_sources import ONLINE_LOOPED, SECOND_HALF

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ATTENTION = FIXTURES / "cpu-torch2.13-causal_attention"


def claimed(pattern="softmax", detail=None, claims=None, calls=None) -> KernelFacts:
    detail = {"dim": (1,), "scale": 1.0} if detail is None else detail
    return KernelFacts(kernel="k", language="cpp", style="cpp_scalar", calls=calls or [], nodes=["div"],
                       nodes_source="provenance", pattern=pattern, output_node="div", input_node="x",
                       claims=[{"pattern": pattern, "output_node": "div", "detail": detail}] if claims is None
                       else claims)


@pytest.fixture
def oracle_says(monkeypatch):
    """Makes the oracle find `findings` among the kernel's nodes (every node having run)."""
    def say(*findings: Finding) -> None:
        monkeypatch.setattr(checks, "_truth_nodes", lambda facts, folder: {"x", "div"})
        monkeypatch.setattr(checks, "_oracle", lambda folder, nodes, kernel=None: (object(), list(findings),
                                                                                    {"x": 1, "div": 1}))
    return say


def soft(output="div", inputs=("x",), **detail) -> Finding:
    return Finding("softmax", output, list(inputs), {"dim": 1, "scale": 1.0} | detail)


@pytest.mark.parametrize("first", [soft(output="sub"), soft(inputs=("y",)), soft(dim=0), soft(scale=2.0),
                                   Finding("layer_norm", "div", ["x"], {})])
def test_a_claim_is_held_by_any_finding_not_only_the_first(oracle_says, first):
    oracle_says(first, soft())
    assert checks.pattern_computes(claimed(), Path(".")) is True
    oracle_says(first)
    assert checks.pattern_computes(claimed(), Path(".")) is False


def test_gelus_approximation_is_matched_on_any_finding(oracle_says):
    gelu = claimed("gelu", detail={"approximate": "tanh"})
    oracle_says(Finding("gelu", "div", ["x"], {}), Finding("gelu", "div", ["x"], {"approximate": "tanh"}))
    assert checks.pattern_computes(gelu, Path(".")) is True
    oracle_says(Finding("gelu", "div", ["x"], {}))
    assert checks.pattern_computes(gelu, Path(".")) is False


def test_the_claimed_input_must_be_the_findings_first(oracle_says):
    oracle_says(soft(inputs=("y", "x")))   # x as a second input (a loss's target, say) is not the input
    assert checks.pattern_computes(claimed(), Path(".")) is False


def test_a_log_softmax_over_another_dim_fails(oracle_says):
    oracle_says(Finding("log_softmax", "div", ["x"], {"dim": 0, "scale": 1.0}))
    assert checks.pattern_computes(claimed("log_softmax"), Path(".")) is False
    oracle_says(Finding("log_softmax", "div", ["x"], {"dim": 1, "scale": 1.0}))
    assert checks.pattern_computes(claimed("log_softmax"), Path(".")) is True


def test_a_scale_is_matched_to_one_part_in_ten_thousand_of_itself(oracle_says):
    for found, holds in ((100.005, True), (100.02, False), (99.995, True)):
        oracle_says(soft(scale=found))
        assert checks.pattern_computes(claimed(detail={"dim": (1,), "scale": 100.0}), Path(".")) is holds, found
    oracle_says(Finding("softmax", "div", ["x"], {"dim": 1}))   # a finding without a scale: unscaled
    assert checks.pattern_computes(claimed(), Path(".")) is True
    assert checks.pattern_computes(claimed(detail={"dim": (1,), "scale": 2.0}), Path(".")) is False


def test_a_claim_without_its_record_or_detail_is_judged_on_pattern_output_and_input(oracle_says):
    oracle_says(soft(dim=0, scale=3.0))
    assert checks.pattern_computes(claimed(claims=[]), Path(".")) is True
    assert checks.pattern_computes(claimed(claims=[{"pattern": "softmax", "output_node": "div"}]), Path(".")) is True
    assert checks.pattern_computes(claimed(claims=[{"output_node": "other", "detail": {"dim": (1,)}}]),
                                   Path(".")) is True


def test_a_claim_whose_nodes_are_unknown_is_not_supported(monkeypatch):
    monkeypatch.setattr(checks, "_truth_nodes", lambda facts, folder: None)
    assert checks.pattern_computes(claimed(), ATTENTION) is False


class Provenance:
    def __init__(self, by_handle: dict):
        self.by_handle = by_handle

    def nodes_of(self, kernel: str) -> dict:
        return self.by_handle


def test_a_kernels_nodes_are_those_of_the_handle_it_was_called_with(monkeypatch):
    monkeypatch.setattr(checks.io, "load_provenance", lambda folder: Provenance({"h1": ["a"], "h2": ["b", "c"]}))
    assert checks._truth_nodes(claimed(calls=[{"handle": "h2"}]), ATTENTION) == {"b", "c"}
    assert checks._truth_nodes(claimed(calls=[{"handle": "h9"}]), ATTENTION) == {"a"}   # unknown handle: the first
    assert checks._truth_nodes(claimed(calls=[]), ATTENTION) == {"a"}
    monkeypatch.setattr(checks.io, "load_provenance", lambda folder: Provenance({}))
    assert checks._truth_nodes(claimed(calls=[{"handle": "h2"}]), ATTENTION) == set()
    monkeypatch.setattr(checks.io, "load_provenance", lambda folder: None)
    monkeypatch.setattr(checks.io, "fragment_nodes", lambda text, kernel: [])
    assert checks._truth_nodes(claimed(), ATTENTION) is None   # no mapping, no fragment: unknown


GRAPH_FILES = ("post_grad_graph.json", "fx_graph_transformed.py", "output_code.py",
               "inductor_provenance_tracking_node_mappings.json")


def main_kernel(folder: Path) -> KernelFacts:
    return next(k for k in facts.analyze(folder).kernels if k.pattern not in (None, "none"))


def test_the_oracles_cache_is_per_folder_and_per_file_stamp(tmp_path, monkeypatch):
    monkeypatch.setattr(checks, "_EVALUATED", {})
    softmax, log_softmax = FIXTURES / "cpu-torch2.13-softmax_dim0", FIXTURES / "cpu-torch2.13-log_softmax_nll"
    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(softmax, a)
    shutil.copytree(log_softmax, b)
    for folder in (a, b):   # the same stamps in both: only the folder tells them apart
        for name in GRAPH_FILES:
            os.utime(folder / name, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    kf_a, kf_b = main_kernel(a), main_kernel(b)
    assert checks.pattern_computes(kf_a, a) is True
    assert checks.pattern_computes(kf_b, b) is True
    for name in GRAPH_FILES:   # a rewritten dump in the same folder is run again
        shutil.copy(log_softmax / name, a / name)
        os.utime(a / name, ns=(1_800_000_000_000_000_000, 1_800_000_000_000_000_000))
    assert checks.pattern_computes(kf_b, a) is True


def test_the_kernel_chosen_for_a_pattern_runs_it():
    graph = facts.analyze(ATTENTION)
    chosen = graph.pattern_kernel("softmax")
    assert chosen.pattern == "attention_softmax"
    for pattern in ("attention_softmax", "softmax"):
        assert checks.kernel_computes_output(graph, chosen.kernel, pattern, ATTENTION) is True
    assert checks.kernel_computes_output(graph, chosen.kernel, "log_softmax", ATTENTION) is False
    assert checks.kernel_computes_output(graph, "no_such_kernel", "softmax", ATTENTION) is False


def test_a_kernel_without_steps_has_no_step_verdict():
    folder = FIXTURES / "cpu-torch2.13-layer_norm"
    graph = facts.analyze(folder)
    [kf] = graph.kernels
    assert not kf.steps
    verdicts = checks.verify(graph, folder)[kf.kernel]
    assert verdicts["step_lines"] is None and verdicts["steps_complete"] is None
    assert verdicts["pattern"] is True


def test_a_claim_for_a_node_the_dump_cannot_run_is_unverified():
    kf = main_kernel(ATTENTION)
    assert checks.pattern_computes(replace(kf, output_node="no_such_node"), ATTENTION) is None


def online_steps() -> list[facts.Step]:
    """The looped online softmax's steps, at the lines a reader finds them (helpers_kernel_sources)."""
    lines = {"max": [18, 21, 22, 23], "sum": [18, 21, 22, 23], "sub": [32], "exp": [33], "div": [34]}
    return [facts.Step(step, [step], found) for step, found in lines.items()]


def test_the_online_reduction_is_the_max_and_the_sum_of_exp_at_once():
    kernel = io.Kernel("triton_red_fused__softmax_0", "python", ONLINE_LOOPED, 1)
    claim = facts.KernelFacts(kernel.name, "python", "triton_looped", [], ["div"], "provenance",
                              pattern="softmax", steps=online_steps())
    assert checks.step_lines_compute(claim, kernel) == {"max": True, "sum": True, "sub": True, "exp": True,
                                                        "div": True}


def test_a_step_from_another_kernel_arrives_as_a_load_not_a_constant():
    # y − 0 (y computed here) is not y − max, even when the max is computed by another kernel
    source = SECOND_HALF.replace("    tmp12 = -tmp11\n", "    tmp12 = -tmp11\n    tmp20 = tmp12 - tmp3\n")
    kernel = io.Kernel("triton_per_fused_nll_loss_forward_1", "python", source, 1)
    steps = [facts.Step("max", ["amax"], [], "first"), facts.Step("sub", ["sub"], [15])]
    claim = facts.KernelFacts(kernel.name, "python", "triton_persistent", [], ["sub"], "provenance",
                              pattern="log_softmax", steps=steps)
    assert checks.step_lines_compute(claim, kernel) == {"sub": True}
    steps[1] = facts.Step("sub", ["sub"], [19])
    assert checks.step_lines_compute(claim, kernel) == {"sub": False}


def test_a_reduction_cited_without_all_its_update_lines_is_incomplete():
    kernel = io.Kernel("triton_red_fused__softmax_0", "python", ONLINE_LOOPED, 1)
    claim = facts.KernelFacts(kernel.name, "python", "triton_looped", [], ["div"], "provenance",
                              pattern="softmax", steps=online_steps())
    assert checks.steps_complete(claim, kernel) is True
    for step, left_out in (("max", 21), ("sum", 22)):   # a masked write back into the accumulators
        short = replace(claim, steps=[replace(s, lines=[n for n in s.lines if n != left_out]) if s.step == step else s
                                      for s in claim.steps])
        assert checks.steps_complete(short, kernel) is False, step
    no_exp = replace(claim, steps=[replace(s, lines=[]) if s.step == "exp" else s for s in claim.steps])
    assert checks.steps_complete(no_exp, kernel) is True   # nothing computes exp from the cited sub: not judged
