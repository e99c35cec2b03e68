"""The oracle's inputs as its docstring promises them, drawn through `evaluate`: inputs of rank
≥ 2 standard normal, vectors in [0.5, 1.5], integers in [0, the smallest float dimension), a
symbolic dimension as 2, an unrecorded dtype as float32, and the same values for the same seed;
and how a fitted weight is named (the identity, a vector of the graph, or "fitted")."""

from __future__ import annotations

import torch

from labs.common.kernel_facts import oracle
from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph


def placeholders(*nodes: FxNode) -> PostGradGraph:
    return PostGradGraph({n.name: n for n in nodes}, "test")


GRAPH = placeholders(FxNode("x", "placeholder", shape=[64, 32], dtype="float32"),
                     FxNode("w", "placeholder", shape=[256], dtype="float16"),
                     FxNode("s", "placeholder", shape=["s0", 7], dtype=None),
                     FxNode("i", "placeholder", shape=[4000], dtype="int64"),
                     FxNode("m", "placeholder", shape=[4000], dtype="bool"),
                     FxNode("h", "placeholder", shape=[16, 16], dtype="bfloat16"))


def test_each_kind_of_input_is_drawn_as_documented():
    values = oracle.evaluate(GRAPH)
    x, w, s, i, m, h = (values[k] for k in "xwsimh")
    assert x.dtype == torch.float32 and x.shape == (64, 32) and x.min() < -2 and x.max() > 2
    assert abs(float(x.mean())) < 0.1 and abs(float(x.std()) - 1) < 0.1                    # standard normal
    assert w.dtype == torch.float16 and w.shape == (256,) and w.min() >= 0.5 and w.max() < 1.5
    assert w.min() < 0.55 and w.max() > 1.45                                                # the whole interval
    assert s.dtype == torch.float32 and s.shape == (2, 7)
    assert i.dtype == torch.int64 and set(i.tolist()) == set(range(7))   # smallest float dimension > 1: 7
    assert m.dtype == torch.bool and 0.75 < float(m.float().mean()) < 0.85                  # true 80 % of the time
    assert h.dtype == torch.bfloat16 and h.min() < -1
    again = oracle.evaluate(GRAPH)
    assert all(torch.equal(values[k], again[k]) for k in "xwsimh")
    other = oracle.evaluate(GRAPH, seed=1)
    assert not torch.equal(values["x"], other["x"])


def test_integers_are_below_2_when_no_float_dimension_is_larger_than_1():
    values = oracle.evaluate(placeholders(FxNode("i", "placeholder", shape=[500], dtype="int32"),
                                          FxNode("v", "placeholder", shape=[1], dtype="float32")))
    assert set(values["i"].tolist()) == {0, 1} and values["i"].dtype == torch.int32


def test_only_float_and_bfloat_dtypes_are_floats():
    kinds = {d: oracle._is_float(FxNode("n", "placeholder", dtype=d))
             for d in ("float32", "float16", "bfloat16", "float64", None, "int64", "bool", "uint8")}
    assert kinds == {"float32": True, "float16": True, "bfloat16": True, "float64": True, None: True,
                     "int64": False, "bool": False, "uint8": False}


def test_a_fitted_weight_is_the_identity_a_vector_of_the_graph_or_fitted():
    gamma = torch.tensor([0.7, 1.2, 0.9], dtype=torch.float64)
    vectors = {"bias": torch.tensor([0.1, 0.2]), "gamma": gamma.float()}
    assert oracle._named(torch.ones(3, dtype=torch.float64), vectors, 1.0) is None
    assert oracle._named(torch.zeros(3, dtype=torch.float64), vectors, 0.0) is None
    assert oracle._named(gamma * (1 + 1e-6), vectors, 1.0) == "gamma"
    assert oracle._named(gamma * 1.01, vectors, 1.0) == "fitted"
    assert oracle._named(torch.full((3,), 1.001, dtype=torch.float64), vectors, 1.0) == "fitted"
    assert oracle._named(torch.tensor([0.1, 0.2], dtype=torch.float64), {"bias": torch.tensor([0.1, 0.2])}, 0.0) \
        == "bias"
