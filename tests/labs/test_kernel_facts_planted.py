"""Each kind of fact, planted wrong, fails a check that does not reuse what made it.

One row per kind: the fixture, how the fact is made wrong, and the check (a key of
`checks.verify`) that must turn from passed to failed. The facts as extracted pass the same
check, so a row cannot pass by a check that always fails. The pattern check is also run with
the recogniser broken (it finds nothing): the numeric oracle must notice the missed softmax.
Fast tier: saved fixtures only, no compile."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest

from labs.common.kernel_facts import checks, document, facts, meaning, render

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SOFTMAX = FIXTURES / "cpu-torch2.13-softmax_dim0"
ATTENTION = FIXTURES / "cpu-torch2.13-causal_attention"
LOSS = FIXTURES / "cpu-torch2.13-log_softmax_nll"
SCALED = FIXTURES / "cpu-torch2.13-scaled_softmax"
HAND = FIXTURES / "cpu-torch2.13-hand_softmax"
SWIGLU = FIXTURES / "cpu-torch2.13-swiglu_mlp"
LOOKALIKE = FIXTURES / "cpu-torch2.13-wrong_dim_lookalike"
GELU = FIXTURES / "cpu-torch2.13-gelu_mlp"
GELU_TANH = FIXTURES / "cpu-torch2.13-gelu_tanh_mlp"
GPU_LOSS = FIXTURES / "cuda-torch2.11-log_softmax_nll"   # two kernels, each with its graph fragment


def _main(folder: Path) -> facts.KernelFacts:
    graph = facts.analyze(folder)
    return next((k for k in graph.kernels if k.pattern not in ("none", None)), graph.kernels[-1])


def _steps(kf, change):
    return replace(kf, steps=[change(s) for s in kf.steps])


def drop_a_step_line(kf):
    return _steps(kf, lambda s: replace(s, lines=s.lines[:-1]) if s.step == "exp" else s)


def shift_step_lines(kf):
    return _steps(kf, lambda s: replace(s, lines=[n + 1 for n in s.lines]))


def shift_input_lines(kf):
    return replace(kf, input={**kf.input, "lines": [n + 1 for n in kf.input["lines"]]})


def drop_an_input_line(kf):
    return replace(kf, input={**kf.input, "lines": kf.input["lines"][1:]})


def relabel_stores(kf):
    stores = copy.deepcopy(kf.stores)
    swap = {"exp": "div", "div": "exp", "max": "exp", "sum": "exp", "mul": "exp", "add": "exp"}
    for entry in stores:
        entry["at"] = [[line, index, swap.get(what, what)] for line, index, what in entry["at"]]
    return replace(kf, stores=stores)


def shift_reduction_lines(kf):
    reductions = [{**r, "lines": [n + 1 for n in r["lines"]]} for r in kf.reductions]
    return replace(kf, reductions=reductions)


def drop_a_reduction_line(kf):
    reductions = copy.deepcopy(kf.reductions)
    reductions[0]["lines"] = reductions[0]["lines"][:-1]
    return replace(kf, reductions=reductions)


def change_buffer_fates(kf):
    fates = {"absent": "argument", "argument": "absent", "allocated": "absent"}
    return replace(kf, ir_buffers=[{**b, "in_call": fates.get(b["in_call"], "absent")} for b in kf.ir_buffers])


def shift_read_back_sources(kf):
    loads = copy.deepcopy(kf.loads)
    for entry in loads:
        entry["at"] = [[line, index, source + 1 if source is not None else None] for line, index, source in entry["at"]]
    return replace(kf, loads=loads)


def move_a_node_between_groups(kf):
    groups = {pre: list(posts) for pre, posts in kf.source_nodes.items()}
    first, second = list(groups)[:2]
    groups[second].append(groups[first].pop())
    return replace(kf, source_nodes=groups)


def drop_a_node_from_its_group(kf):
    groups = {pre: list(posts) for pre, posts in kf.source_nodes.items()}
    next(posts for posts in groups.values() if len(posts) > 1).pop()
    return replace(kf, source_nodes=groups)


def claim_log_softmax(kf):
    return replace(kf, pattern="log_softmax")


def claim_none(kf):
    return replace(kf, pattern="none")


def claim_wrong_dim(kf):
    claims = copy.deepcopy(kf.claims)
    claims[0]["detail"]["dim"] = [1 - claims[0]["detail"]["dim"][0]]
    return replace(kf, claims=claims)


def claim_wrong_scale(kf):
    claims = copy.deepcopy(kf.claims)
    claims[0]["detail"]["scale"] = 1.0
    return replace(kf, claims=claims)


def claim_softmax_for_a_lookalike(kf):
    return replace(kf, pattern="softmax", output_node="div", input_node="arg0_1",
                   claims=[{"pattern": "softmax", "output_node": "div", "inputs": ["arg0_1"],
                            "detail": {"dim": [1], "scale": 1.0}, "where": None}])


def claim_the_other_gelu(kf):
    claims = copy.deepcopy(kf.claims)
    detail = claims[0]["detail"]
    if detail.pop("approximate", None) is None:
        detail["approximate"] = "tanh"
    return replace(kf, claims=claims)


def claim_silu_for_swiglu(kf):
    return replace(kf, pattern="silu", output_node="div", input_node="mm")


def drop_a_fused_node(kf):
    return replace(kf, nodes=kf.nodes[:-1])


def add_a_node_of_the_other_kernel(kf):
    return replace(kf, nodes=[*kf.nodes, "prepare_softmax_online_default"])


def output_store_elsewhere(kf):
    stored = sorted({line for e in kf.stores for line, *_ in e["at"]} - set(kf.output["stored"]))
    return replace(kf, output={"stored": stored[:1]})


# kind of fact -> (fixture, how it is planted, the check that must fail)
PLANTED = {
    "steps: a line left out": (SOFTMAX, drop_a_step_line, "steps_complete"),
    "steps: every line shifted": (SOFTMAX, shift_step_lines, "step_lines"),
    "input lines: shifted": (SOFTMAX, shift_input_lines, "input_lines"),
    "input lines: one left out": (HAND, drop_an_input_line, "input_lines"),
    "store labels: swapped": (HAND, relabel_stores, "store_labels"),
    "reduction lines: shifted": (HAND, shift_reduction_lines, "reduction_lines"),
    "reduction lines: one left out": (HAND, drop_a_reduction_line, "reduction_lines"),
    "buffer fates: changed": (HAND, change_buffer_fates, "buffer_fates"),
    "read-back sources: every one shifted by a line": (SOFTMAX, shift_read_back_sources, "read_back_sources"),
    "grouping by source: a node moved": (ATTENTION, move_a_node_between_groups, "grouping"),
    "output store: another line": (HAND, output_store_elsewhere, "output_store"),
    "grouping by source: a node left out of its group": (SCALED, drop_a_node_from_its_group, "grouping"),
    "fused nodes: one left out": (SOFTMAX, drop_a_fused_node, "nodes"),
    "fused nodes: one left out (GPU)": (GPU_LOSS, drop_a_fused_node, "nodes"),
    "fused nodes: a node of the other kernel added (GPU)": (GPU_LOSS, add_a_node_of_the_other_kernel, "nodes"),
    "pattern: softmax called log-softmax": (SCALED, claim_log_softmax, "pattern"),
    "pattern: softmax called none": (SCALED, claim_none, "pattern"),
    "pattern: wrong dimension": (SOFTMAX, claim_wrong_dim, "pattern"),
    "pattern: the temperature dropped": (SCALED, claim_wrong_scale, "pattern"),
    "pattern: a look-alike called softmax": (LOOKALIKE, claim_softmax_for_a_lookalike, "pattern"),
    "pattern: SwiGLU called SiLU": (SWIGLU, claim_silu_for_swiglu, "pattern"),
    "pattern: erf GELU called tanh-approximated": (GELU, claim_the_other_gelu, "pattern"),
    "pattern: tanh-approximated GELU called erf": (GELU_TANH, claim_the_other_gelu, "pattern"),
}


def _verdict(kf: facts.KernelFacts, folder: Path, check: str) -> bool | None:
    graph = facts.analyze(folder)
    graph.kernels = [kf if k.kernel == kf.kernel else k for k in graph.kernels]
    return checks.verify(graph, folder)[kf.kernel][check]


@pytest.mark.parametrize("kind", list(PLANTED))
def test_a_planted_wrong_fact_fails_its_check(kind):
    folder, plant, check = PLANTED[kind]
    kf = _main(folder)
    assert _verdict(kf, folder, check) is True, "the facts as extracted must pass the check"
    assert _verdict(plant(kf), folder, check) is False, f"{kind}: {check} did not notice"


def test_the_pattern_check_fails_when_recognition_is_broken(monkeypatch):
    assert _verdict(_main(SCALED), SCALED, "pattern") is True
    monkeypatch.setattr(meaning, "recognise", lambda graph: [])
    broken = facts.analyze(SCALED)
    [kf] = broken.kernels
    assert kf.pattern == "none"  # the recogniser missed the softmax...
    assert checks.verify(broken, SCALED)[kf.kernel]["pattern"] is False  # ...and the oracle says so


def test_the_pattern_check_fails_when_recognition_invents_one(monkeypatch):
    real = meaning.recognise
    monkeypatch.setattr(meaning, "recognise", lambda graph: [
        *real(graph), meaning.Recognised("softmax", "div", ["arg0_1"], {"dim": (1,), "scale": 1.0})])
    invented = facts.analyze(LOOKALIKE)
    [kf] = invented.kernels
    assert kf.pattern == "softmax"
    assert checks.verify(invented, LOOKALIKE)[kf.kernel]["pattern"] is False


def test_a_batch_wide_store_is_not_called_the_rows_sum():
    kf = _main(LOSS)
    totals = [(line, index) for e in kf.stores for line, index, what in e["at"] if index == "0L" and what == "sum"]
    assert len(totals) == 2  # the loss sum and the count of targets
    rows = {(line, topic) for file, line, topic, *_ in render.rows(kf) if file == "kernel"}
    for line, _ in totals:
        assert (line, "store_total") in rows and (line, "store_step") not in rows
    text = document.document(kf, "en", "kernel.cpp", "", checks.kernel_source(LOSS, kf.kernel).source)
    assert "one number for the whole batch" in text


def test_a_vectorized_body_reads_back_the_body_not_the_tail():
    kf = _main(SOFTMAX)
    sources = {line: source for e in kf.loads for line, _, source in e["at"] if source is not None}
    assert sources[84] == 58 and sources[89] == 66  # body reads body, tail reads tail
    assert sources[55] == 36 and sources[63] == 40


def test_a_write_through_a_transpose_is_a_store_and_is_counted():
    folder = FIXTURES / "cpu-torch2.13-conv_bn_silu"
    kf = next(k for k in facts.analyze(folder).kernels if k.pattern == "silu")
    [transposed] = [e for e in kf.stores if e.get("transposed")]
    assert transposed["buffer"] == "buf4" and transposed["at"][0][2] == "div"  # x / (1 + exp(−x)), the SiLU


def test_every_fact_names_the_learners_line():
    kf = _main(SCALED)
    assert kf.claims[0]["where"] == "labs/explain/examples.py:124"
    assert any(o["where"] == "labs/explain/examples.py:124" and "softmax" in (o["code"] or "") for o in kf.origins)
    text = document.document(kf, "es", "kernel.cpp", "", checks.kernel_source(SCALED, kf.kernel).source)
    assert "`labs/explain/examples.py:124`" in text


def test_a_bare_dump_recognises_from_the_graph_fragment(tmp_path):
    """No post-grad graph, no provenance: the Triton kernel's own fragment comment says what it
    computes; the numeric oracle runs that fragment; a fragment never proves "none"."""
    import shutil
    folder = tmp_path / "bare"
    shutil.copytree(FIXTURES / "cuda-torch2.11-softmax_dim0", folder)
    for name in ("post_grad_graph.json", "fx_graph_transformed.py", "inductor_provenance_tracking_node_mappings.json",
                 facts.FACTS_FILE):
        (folder / name).unlink()
    [kf] = facts.analyze(folder).kernels
    assert (kf.pattern, kf.nodes_source, kf.output_node) == ("softmax", "graph_fragment", "div")
    assert "pattern_from_fragment" in kf.unknown
    verdicts = checks.verify(facts.analyze(folder), folder)[kf.kernel]
    assert verdicts["pattern"] is True
    assert checks.pattern_computes(replace(kf, pattern="log_softmax"), folder) is False
    gelu = tmp_path / "gelu"
    shutil.copytree(FIXTURES / "cuda-torch2.11-layer_norm", gelu)
    for name in ("post_grad_graph.json", "fx_graph_transformed.py", facts.FACTS_FILE):
        (gelu / name).unlink()
    assert all(k.pattern in (None, "layer_norm") for k in facts.analyze(gelu).kernels)  # never "none"


def test_a_graph_too_large_to_run_leaves_the_claim_unverified(monkeypatch):
    from labs.common.kernel_facts import oracle
    monkeypatch.setattr(oracle, "MAX_ELEMENTS", 10)
    monkeypatch.setattr(checks, "_EVALUATED", {})
    for folder in (SOFTMAX, LOOKALIKE):  # a softmax claimed, and "none" claimed
        graph = facts.analyze(folder)
        kf = _main(folder)
        assert checks.verify(graph, folder)[kf.kernel]["pattern"] is None
