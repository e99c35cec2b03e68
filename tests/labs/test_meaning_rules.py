"""The recogniser (`meaning.recognise`) on the recorded CPU graphs, whole, and rule by rule on
small graphs: each form a rule folds, and the near miss next to it that it must not take.

Expected values are read off each dump's module (labs/explain/examples.py) and its graph by hand:
LayerNorm's default eps 1e-5 over the last of 3 dims, RMSNorm's 1e-6, `fc(x) / 0.7` a scale of
1/0.7, `x * 2.0` a scale of 2, attention's scores of rank 4."""

from __future__ import annotations

from pathlib import Path

import pytest

from labs.common.kernel_facts import meaning, post_grad
from labs.common.kernel_facts.post_grad import FxNode, PostGradGraph

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LN = {"dim": (2,), "eps": 1e-05}
RMS = {"dim": (2,), "eps": 1e-06}
ROW = {"dim": (1,), "scale": 1.0}
RECORDED = {
    "causal_attention": [("attention_softmax", "div_1", ["where"], {"dim": (3,), "scale": 1.0})],
    "conv_bn_silu": [("silu", "div", ["add_1"], {})],
    "cross_entropy": [("log_softmax", "sub_1", ["addmm"], ROW), ("cross_entropy", "div", ["addmm"], {})],
    "exp2_softmax": [("softmax", "div", ["arg0_1"], ROW)],
    "gelu_mlp": [("gelu", "mul_2", ["addmm"], {})],
    "gelu_tanh_mlp": [("gelu", "mul_5", ["addmm"], {"approximate": "tanh"})],
    "hand_softmax": [("softmax", "div", ["arg0_1"], ROW)],
    # the norm is found at each node that completes one more of its forms: bare, weighted, with bias
    "layer_norm": [("layer_norm", "mul", ["arg2_1"], LN),
                   ("layer_norm", "mul_1", ["arg2_1"], LN | {"weight": "arg0_1"}),
                   ("layer_norm", "add_1", ["arg2_1"], LN | {"weight": "arg0_1", "bias": "arg1_1"})],
    "log_softmax_nll": [("log_softmax", "sub_1", ["addmm"], ROW), ("cross_entropy", "div", ["addmm"], {})],
    "other_numerator_lookalike": [],
    "rms_norm": [("rms_norm", "mul", ["arg0_1"], RMS), ("rms_norm", "mul_1", ["arg0_1"], RMS | {"weight": "arg1_1"})],
    "scaled_softmax": [("softmax", "div_1", ["addmm"], {"dim": (1,), "scale": 1.428571})],
    "softmax_dim0": [("softmax", "div", ["addmm"], {"dim": (0,), "scale": 1.0})],
    "swiglu_mlp": [("silu", "div", ["mm"], {}), ("swiglu", "mul", ["mm", "mm_1"], {})],
    "wide_softmax": [("softmax", "div", ["arg0_1"], {"dim": (1,), "scale": 2.0})],
    "wrong_dim_lookalike": [],
}


def found(graph: PostGradGraph) -> list[tuple]:
    return [(r.pattern, r.output, r.inputs, r.detail) for r in meaning.recognise(graph)]


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_each_recorded_graph_is_recognised_whole(name):
    assert found(post_grad.load(FIXTURES / f"cpu-torch2.13-{name}")) == RECORDED[name]


# -- small graphs -------------------------------------------------------------------------------

def ref(name: str) -> dict:
    return {"node": name}


class G:
    """A post-grad graph written node by node: `g.add("exp", "aten.exp.default", g.x)`."""

    def __init__(self, *inputs: str, shape: list | None = (16, 100)):
        self.nodes: dict[str, FxNode] = {}
        for name in inputs or ("x",):
            self.nodes[name] = FxNode(name, "placeholder", shape=list(shape) if shape else None)

    def add(self, name: str, target: str, *args, shape: list | None = (16, 100)) -> dict:
        args = [ref(a) if isinstance(a, str) else a for a in args]
        self.nodes[name] = FxNode(name, target, args=args, shape=list(shape) if shape else None)
        return ref(name)

    def graph(self) -> PostGradGraph:
        return PostGradGraph(dict(self.nodes), "test")

    def found(self) -> list[tuple]:
        return found(self.graph())


def softmax_tail(g: G, scores: str, dim=1, sum_args=(True,)) -> None:
    """exp(scores − max) / sum(exp(scores − max)) over `dim`, from node `scores` on."""
    g.add("amax", "aten.amax.default", scores, [dim], True)
    g.add("sub", "aten.sub.Tensor", scores, "amax")
    g.add("exp", "aten.exp.default", "sub")
    g.add("sum", "aten.sum.dim_IntList", "exp", [dim], *sum_args)
    g.add("div", "aten.div.Tensor", "exp", "sum")


def test_a_scale_of_a_scale_is_one_scale_of_the_input():
    g = G()
    g.add("mul", "aten.mul.Tensor", "x", 2.0)
    g.add("mul_1", "aten.mul.Tensor", "mul", 3.0)
    softmax_tail(g, "mul_1")
    assert g.found() == [("softmax", "div", ["x"], {"dim": (1,), "scale": 6.0})]


def test_a_factor_of_one_is_no_scale_and_a_factor_of_two_is():
    for factor in (1.0, 2.0):
        g = G()
        g.add("mul", "aten.mul.Tensor", "x", factor)
        softmax_tail(g, "mul")
        assert g.found() == [("softmax", "div", ["x"], {"dim": (1,), "scale": factor})]


def test_a_zero_scale_is_not_a_softmax_of_the_input():
    # every row of 0·x is uniform: exp(0·x − max) / sum(...) is a constant, not a softmax of x
    g = G()
    g.add("mul", "aten.mul.Tensor", "x", 0.0)
    softmax_tail(g, "mul")
    assert g.found() == []
    g = G()  # the zero after the shift: exp(0 · (x − max))
    g.add("amax", "aten.amax.default", "x", [1], True)
    g.add("sub", "aten.sub.Tensor", "x", "amax")
    g.add("mul", "aten.mul.Tensor", "sub", 0.0)
    g.add("exp", "aten.exp.default", "mul")
    g.add("sum", "aten.sum.dim_IntList", "exp", [1], True)
    g.add("div", "aten.div.Tensor", "exp", "sum")
    assert g.found() == []


def test_a_divisor_given_as_a_constant_tensor_is_a_scale():
    for target, args in (("aten.full.default", ([], 4.0)), ("aten.scalar_tensor.default", (4.0,))):
        g = G()
        g.add("c", target, *args, shape=[])
        g.add("div_0", "aten.div.Tensor", "x", "c")
        softmax_tail(g, "div_0")
        assert g.found() == [("softmax", "div", ["x"], {"dim": (1,), "scale": 0.25})], target


def test_a_constant_divided_by_the_input_is_not_a_scale_of_it():
    g = G()  # 2 / x is not 2·x
    g.add("div_0", "aten.div.Tensor", 2.0, "x")
    softmax_tail(g, "div_0")
    assert g.found() == [("softmax", "div", ["div_0"], {"dim": (1,), "scale": 1.0})]


def test_max_dim_without_keepdim_and_over_the_last_of_three_dims():
    g = G(shape=(4, 8, 16))
    g.add("max_1", "aten.max.dim", "x", -1, True, shape=None)
    g.add("getitem", "getitem", "max_1", 0, shape=[4, 8, 1])
    g.add("sub", "aten.sub.Tensor", "x", "getitem", shape=[4, 8, 16])
    g.add("exp", "aten.exp.default", "sub", shape=[4, 8, 16])
    g.add("sum", "aten.sum.dim_IntList", "exp", [-1], True, shape=[4, 8, 1])
    g.add("div", "aten.div.Tensor", "exp", "sum", shape=[4, 8, 16])
    assert g.found() == [("softmax", "div", ["x"], {"dim": (2,), "scale": 1.0})]
    g = G()  # max.dim(x, 1) with no keepdim, the sum unsqueezed back
    g.add("max_1", "aten.max.dim", "x", 1, shape=None)
    g.add("getitem", "getitem", "max_1", 0, shape=[16])
    g.add("unsqueeze", "aten.unsqueeze.default", "getitem", 1, shape=[16, 1])
    g.add("sub", "aten.sub.Tensor", "x", "unsqueeze")
    g.add("exp", "aten.exp.default", "sub")
    g.add("sum", "aten.sum.dim_IntList", "exp", [1], shape=[16])
    g.add("unsqueeze_1", "aten.unsqueeze.default", "sum", 1, shape=[16, 1])
    g.add("div", "aten.div.Tensor", "exp", "unsqueeze_1")
    assert g.found() == [("softmax", "div", ["x"], ROW)]


def test_a_log_softmax_whose_sum_drops_the_dim():
    g = G()
    g.add("amax", "aten.amax.default", "x", [1], True)
    g.add("sub", "aten.sub.Tensor", "x", "amax")
    g.add("exp", "aten.exp.default", "sub")
    g.add("sum", "aten.sum.dim_IntList", "exp", [1], shape=[16])
    g.add("log", "aten.log.default", "sum", shape=[16])
    g.add("unsqueeze", "aten.unsqueeze.default", "log", 1, shape=[16, 1])
    g.add("sub_1", "aten.sub.Tensor", "sub", "unsqueeze")
    assert g.found() == [("log_softmax", "sub_1", ["x"], ROW)]


@pytest.mark.parametrize("op", ["sqrt", "reciprocal", "sigmoid", "tanh", "erf", "rsqrt", "log", "neg"])
def test_an_op_computed_twice_is_one_value(op):
    # softmax(op(x)) with op(x) written twice (once for the max, once for the shift)
    g = G()
    g.add("f", f"aten.{op}.default", "x")
    g.add("f_1", f"aten.{op}.default", "x")
    g.add("amax", "aten.amax.default", "f", [1], True)
    g.add("sub", "aten.sub.Tensor", "f_1", "amax")
    g.add("exp", "aten.exp.default", "sub")
    g.add("sum", "aten.sum.dim_IntList", "exp", [1], True)
    g.add("div", "aten.div.Tensor", "exp", "sum")
    assert g.found() == [("softmax", "div", ["f"], ROW)]


def test_a_softmax_plus_or_times_a_tensor_is_no_second_softmax():
    for op in ("add", "mul"):
        g = G("x", "y")
        softmax_tail(g, "x")
        g.add("out", f"aten.{op}.Tensor", "div", "y")
        assert g.found() == [("softmax", "div", ["x"], ROW)], op


# -- SiLU, GELU ------------------------------------------------------------------------------

def silu_by_exp(g: G, plus: float = 1, neg: bool = True, factor: float | None = None) -> None:
    z = "x"
    if factor is not None:
        z = g.add("m", "aten.mul.Tensor", "x", factor)["node"]
    if neg:
        z = g.add("neg", "aten.neg.default", z)["node"]
    g.add("exp", "aten.exp.default", z)
    g.add("add", "aten.add.Tensor", "exp", plus)
    g.add("div", "aten.div.Tensor", "x", "add")


def test_silu_by_exp_and_its_near_misses():
    g = G()
    silu_by_exp(g)
    assert g.found() == [("silu", "div", ["x"], {})]
    for near in ({"plus": 2}, {"neg": False, "factor": 2.0}):   # x / (2 + exp(−x)), x / (1 + exp(2x))
        g = G()
        silu_by_exp(g, **near)
        assert g.found() == [], near


def test_silu_by_sigmoid_either_way_round_and_its_near_misses():
    for a, b in (("x", "sig"), ("sig", "x")):
        g = G()
        g.add("sig", "aten.sigmoid.default", "x")
        g.add("mul", "aten.mul.Tensor", a, b)
        assert g.found() == [("silu", "mul", ["x"], {})]
    g = G("x", "y")   # y · sigmoid(x): a gate, not SiLU
    g.add("sig", "aten.sigmoid.default", "x")
    g.add("mul", "aten.mul.Tensor", "y", "sig")
    assert g.found() == []
    g = G()   # −x · x: neither a cube nor a SiLU
    g.add("neg", "aten.neg.default", "x")
    g.add("mul", "aten.mul.Tensor", "neg", "x")
    assert g.found() == []


def gelu_erf(g: G, half=("x", 0.5), plus: float = 1) -> None:
    g.add("half", "aten.mul.Tensor", *half)
    g.add("s", "aten.mul.Tensor", "x", 0.7071067811865476)
    g.add("erf", "aten.erf.default", "s")
    g.add("add", "aten.add.Tensor", "erf", plus)
    g.add("out", "aten.mul.Tensor", "half", "add")


def test_gelu_by_erf_with_the_half_written_first_and_its_near_misses():
    for half in (("x", 0.5), (0.5, "x")):
        g = G()
        gelu_erf(g, half=half)
        assert g.found() == [("gelu", "out", ["x"], {})], half
    for near in ({"half": ("x", 0.25)}, {"plus": 2}):   # ¼x · (1 + erf), ½x · (2 + erf)
        g = G()
        gelu_erf(g, **near)
        assert g.found() == [], near


# -- norms -----------------------------------------------------------------------------------

def layer_norm(g: G, var_of: str = "x", var_dim: int = 1, stat: str = "var", root: str = "rsqrt",
               eps_op: str = "add") -> None:
    g.add("var_mean", "aten.var_mean.correction", var_of, [var_dim], shape=None)
    g.add("var", "getitem", "var_mean", 0, shape=[16, 1])
    g.add("vm2", "aten.var_mean.correction", "x", [1], shape=None)
    g.add("mean", "getitem", "vm2", 1, shape=[16, 1])
    g.add("center", "aten.sub.Tensor", "x", "mean")
    g.add("eps", f"aten.{eps_op}.Tensor", "var" if stat == "var" else "mean", 1e-05, shape=[16, 1])
    g.add("r", f"aten.{root}.default", "eps", shape=[16, 1])
    g.add("out", "aten.mul.Tensor", "center", "r")


def test_layer_norm_and_its_near_misses():
    g = G()
    layer_norm(g)
    assert g.found() == [("layer_norm", "out", ["x"], {"dim": (1,), "eps": 1e-05})]
    for near in ({"var_of": "y"},             # the variance of another tensor
                 {"var_dim": 0},              # over another dim
                 {"stat": "mean"},            # rsqrt(mean + eps): the mean where the variance goes
                 {"root": "sqrt"},            # times sqrt(var + eps): not a division by it
                 {"eps_op": "maximum"}):      # max(var, eps): a clamp, not var + eps
        g = G("x", "y")
        layer_norm(g, **near)
        assert g.found() == [], near


def test_a_residual_after_the_norms_bias_is_not_its_bias():
    g = G("x", "w", "b", "r")
    layer_norm(g)
    g.add("mul_w", "aten.mul.Tensor", "out", "w")
    g.add("add_b", "aten.add.Tensor", "mul_w", "b")
    g.add("add_r", "aten.add.Tensor", "add_b", "r")
    g.add("mul_2", "aten.mul.Tensor", "add_r", "w")
    ln = {"dim": (1,), "eps": 1e-05}
    assert g.found() == [("layer_norm", "out", ["x"], ln), ("layer_norm", "mul_w", ["x"], ln | {"weight": "w"}),
                         ("layer_norm", "add_b", ["x"], ln | {"weight": "w", "bias": "b"})]


def test_centering_by_a_sum_is_not_a_layer_norm():
    g = G()
    g.add("s", "aten.sum.dim_IntList", "x", [1], True, shape=[16, 1])
    g.add("center", "aten.sub.Tensor", "x", "s")
    g.add("vm", "aten.var_mean.correction", "x", [1], shape=None)
    g.add("var", "getitem", "vm", 0, shape=[16, 1])
    g.add("eps", "aten.add.Tensor", "var", 1e-05, shape=[16, 1])
    g.add("r", "aten.rsqrt.default", "eps", shape=[16, 1])
    g.add("out", "aten.mul.Tensor", "center", "r")
    g.add("e", "aten.exp.default", "x")   # and x − exp(x) is just a difference
    g.add("d", "aten.sub.Tensor", "x", "e")
    assert g.found() == []


def rms(g: G, square=("aten.pow.Tensor_Scalar", "x", 2), mean_args=([-1], True)) -> None:
    g.add("sq", square[0], *square[1:])
    g.add("mean", "aten.mean.dim" if mean_args else "aten.mean.default", "sq", *mean_args,
          shape=[16, 1] if mean_args else [])
    g.add("eps", "aten.add.Tensor", "mean", 1e-06, shape=[16, 1])
    g.add("r", "aten.rsqrt.default", "eps", shape=[16, 1])
    g.add("out", "aten.mul.Tensor", "x", "r")


def test_rms_norm_over_a_dim_or_everything_and_its_near_misses():
    g = G()
    rms(g)
    assert g.found() == [("rms_norm", "out", ["x"], {"dim": (1,), "eps": 1e-06})]
    g = G()
    rms(g, mean_args=())
    assert g.found() == [("rms_norm", "out", ["x"], {"dim": (), "eps": 1e-06})]
    for square in (("aten.pow.Tensor_Scalar", "y", 2),   # another tensor's mean square
                   ("aten.add.Tensor", "x", 2.0)):       # x + 2 where x² goes
        g = G("x", "y")
        rms(g, square=square)
        assert g.found() == [], square


# -- cross-entropy ----------------------------------------------------------------------------

def log_softmax_then(g: G, *tail) -> None:
    g.add("amax", "aten.amax.default", "x", [1], True)
    g.add("sub", "aten.sub.Tensor", "x", "amax")
    g.add("exp", "aten.exp.default", "sub")
    g.add("sum", "aten.sum.dim_IntList", "exp", [1], True)
    g.add("log", "aten.log.default", "sum")
    g.add("ls", "aten.sub.Tensor", "sub", "log")
    for name, target, *args in tail:
        g.add(name, target, *args)


NLL = (("g", "aten.gather.default", "ls", 1, "t"), ("n", "aten.neg.default", "g"))
LS = ("log_softmax", "ls", ["x"], ROW)


def test_cross_entropy_and_its_near_misses():
    mean = (("w", "aten.where.self", "c", "n", 0.0), ("s", "aten.sum.default", "w"),
            ("d", "aten.div.Tensor", "s", "count"))
    g = G("x", "t", "c", "count")
    log_softmax_then(g, *NLL, *mean)
    assert g.found() == [LS, ("cross_entropy", "d", ["x"], {})]
    near = {
        "where(·, −nll, 1)": (*NLL, ("w", "aten.where.self", "c", "n", 1.0), *mean[1:]),
        "not summed": (*NLL, ("d", "aten.div.Tensor", "n", "count")),
        "the sum of the probabilities": (("e", "aten.exp.default", "ls"), ("s", "aten.sum.default", "e"),
                                         ("d", "aten.div.Tensor", "s", "count")),
    }
    for what, tail in near.items():
        g = G("x", "t", "c", "count")
        log_softmax_then(g, *tail)
        assert g.found() == [LS], what
    g = G("x", "count")   # a sum over everything divided by a count: a mean, not a loss
    g.add("s", "aten.sum.default", "x", shape=[])
    g.add("d", "aten.div.Tensor", "s", "count", shape=[])
    assert g.found() == []


# -- graphs with gaps: a fragment (no shapes, inputs not in the graph) ------------------------

def test_a_fragment_without_shapes_or_producers_keeps_its_dims_as_written():
    g = G(shape=None)
    g.add("amax", "aten.amax.default", "x", [-1], True, shape=None)
    g.add("sub", "aten.sub.Tensor", "x", "amax", shape=None)
    g.add("exp", "aten.exp.default", "sub", shape=None)
    g.add("sum", "aten.sum.dim_IntList", "exp", [-1], True, shape=None)
    g.add("div", "aten.div.Tensor", "exp", "sum", shape=None)
    assert g.found() == [("softmax", "div", ["x"], {"dim": (-1,), "scale": 1.0})]
    g = G()
    del g.nodes["x"]   # a producer outside the fragment: an atom, named as it is
    softmax_tail(g, "x")
    graph = g.graph()
    [r] = meaning.recognise(graph)
    assert (r.pattern, r.inputs, r.detail) == ("softmax", ["x"], {"dim": (1,), "scale": 1.0})
    assert meaning.for_kernel([r], graph, ["exp", "div"]) == [r]


def test_a_mean_of_everything_is_no_reduction_over_a_dim():
    g = G()
    g.add("m", "aten.mean.default", "x", shape=[])
    g.add("sub", "aten.sub.Tensor", "x", "m")
    assert g.found() == []


def test_a_second_factor_or_a_factor_after_the_bias_is_not_the_weight():
    ln = {"dim": (1,), "eps": 1e-05}
    g = G("x", "w", "v")
    layer_norm(g)
    g.add("mul_w", "aten.mul.Tensor", "out", "w")
    g.add("mul_v", "aten.mul.Tensor", "mul_w", "v")
    assert g.found() == [("layer_norm", "out", ["x"], ln), ("layer_norm", "mul_w", ["x"], ln | {"weight": "w"})]
    g = G("x", "b", "w")
    layer_norm(g)
    g.add("add_b", "aten.add.Tensor", "out", "b")
    g.add("mul_w", "aten.mul.Tensor", "add_b", "w")
    assert g.found() == [("layer_norm", "out", ["x"], ln), ("layer_norm", "add_b", ["x"], ln | {"bias": "b"})]


def test_an_rms_norm_takes_a_bias_as_a_layer_norm_does():
    g = G("x", "w", "b")
    rms(g)
    g.add("mul_w", "aten.mul.Tensor", "out", "w")
    g.add("add_b", "aten.add.Tensor", "mul_w", "b")
    r = {"dim": (1,), "eps": 1e-06}
    assert g.found() == [("rms_norm", "out", ["x"], r), ("rms_norm", "mul_w", ["x"], r | {"weight": "w"}),
                         ("rms_norm", "add_b", ["x"], r | {"weight": "w", "bias": "b"})]


def test_the_outermost_pattern_comes_first_whatever_the_fragment_lacks():
    g = G("t", "c", "count")   # x, the logits, comes from outside the fragment
    log_softmax_then(g, *NLL, ("w", "aten.where.self", "c", "n", 0.0), ("s", "aten.sum.default", "w"),
                     ("d", "aten.div.Tensor", "s", "count"))
    graph = g.graph()
    found_here = meaning.recognise(graph)
    assert [(r.pattern, r.output) for r in found_here] == [("log_softmax", "ls"), ("cross_entropy", "d")]
    outermost = meaning.for_kernel(found_here, graph, list(graph.nodes))
    assert [(r.pattern, r.output) for r in outermost] == [("cross_entropy", "d"), ("log_softmax", "ls")]
    assert meaning.for_kernel(found_here, graph, ["amax", "ls"]) == [found_here[0]]


def test_attention_scores_are_found_past_a_producer_outside_the_graph():
    g = G("q", "k")
    g.add("bmm", "aten.bmm.default", "q", "k")
    g.add("scores", "aten.add.Tensor", "bmm", "mask")   # the mask's producer is not in this graph
    softmax_tail(g, "scores")
    assert [(p, out) for p, out, *_ in g.found()] == [("attention_softmax", "div")]
