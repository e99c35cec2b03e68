"""The numeric oracle over the recorded CPU dumps (tests/fixtures/): what it finds each graph
computes, named as a kernel is named (`headline`): the pattern, the node whose value it is, the
nodes it is a function of, and its details (a softmax's dimension and scale, a norm's epsilon and
which graph vectors are its weight and bias, GELU's approximation). The lookalikes compute
nothing the oracle knows. Recorded from today's oracle, checked against each dump's name; a
change here is a change of what the annotations are checked against."""

from __future__ import annotations

from pathlib import Path

import pytest

from labs.common.kernel_facts import oracle, post_grad

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
EXPECTED = {
    "causal_attention": [("softmax", "expand_2", ["where"], {"dim": 3, "scale": 1.0})],
    "conv_bn_silu": [("silu", "div", ["add_1"], {})],
    "cross_entropy": [
        ("cross_entropy", "div", ["addmm", "arg3_1"], {}),
        ("cross_entropy", "div", ["addmm", "where"], {}),
    ],
    "exp2_softmax": [("softmax", "div", ["arg0_1"], {"dim": 1, "scale": 1.0})],
    "gelu_mlp": [("gelu", "mul_2", ["addmm"], {})],
    "gelu_tanh_mlp": [("gelu", "mul_5", ["addmm"], {"approximate": "tanh"})],
    "hand_softmax": [("softmax", "div", ["arg0_1"], {"dim": 1, "scale": 1.0})],
    "layer_norm": [("layer_norm", "add_1", ["arg2_1"], {"eps": 1e-06, "weight": "arg0_1", "bias": "arg1_1"})],
    "log_softmax_nll": [
        ("cross_entropy", "div", ["addmm", "arg3_1"], {}),
        ("cross_entropy", "div", ["addmm", "where"], {}),
    ],
    "other_numerator_lookalike": [],
    "rms_norm": [("rms_norm", "mul_1", ["arg0_1"], {"eps": 1e-06, "weight": "arg1_1", "bias": None})],
    "scaled_softmax": [
        ("softmax", "div_1", ["div_tensor"], {"dim": 1, "scale": 1.0}),
        ("softmax", "div_1", ["addmm"], {"dim": 1, "scale": 1.428571}),
        ("softmax", "div_1", ["mul_tensor"], {"dim": 1, "scale": 1.428571}),
    ],
    "softmax_dim0": [("softmax", "div", ["addmm"], {"dim": 0, "scale": 1.0})],
    "swiglu_mlp": [("swiglu", "mul", ["mm", "mm_1"], {})],
    "wide_softmax": [
        ("softmax", "div", ["mul_tensor"], {"dim": 1, "scale": 1.0}),
        ("softmax", "div", ["arg0_1"], {"dim": 1, "scale": 2.0}),
        ("softmax", "div", ["mul_tensor_1"], {"dim": 1, "scale": 2.0}),
    ],
    "wrong_dim_lookalike": [],
}


def plain(pattern: str, output: str, inputs: list[str], detail: dict) -> tuple:
    return pattern, output, tuple(inputs), tuple(sorted((k, round(v, 6) if isinstance(v, float) else v)
                                                        for k, v in detail.items()))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_oracle_finds_what_each_recorded_graph_computes(name):
    graph = post_grad.load(FIXTURES / f"cpu-torch2.13-{name}")
    found = oracle.headline(oracle.computed(graph, oracle.evaluate(graph), list(graph.nodes)), graph)
    assert sorted(plain(f.pattern, f.output, f.inputs, f.detail) for f in found) == \
        sorted(plain(*finding) for finding in EXPECTED[name])
