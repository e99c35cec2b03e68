"""What `oracle.computed` finds on hand-written post-grad graphs, each built to compute one known
thing: a softmax whose scale (below 1) only a constant tensor of the graph holds, a log-softmax
with its scale, softmaxes along a dimension of 2 and after one of 1, layer and RMS norms whose
epsilon matters (inputs scaled by 0.02, variance 4e-4) and which must be read from the graph or
taken as the usual 1e-5, norms over two features, three rows or one token, outputs rounded to
bfloat16, a softmax whose row max an earlier kernel computed, cross-entropy targets outside the
classes; and the helpers' edges: which numbers are literals, the tolerances, how a fitted weight
is named, which finding names a kernel, a node whose input the recording lacks."""

from __future__ import annotations

import pytest
import torch

from labs.common.kernel_facts import oracle, post_grad
from tests.helpers_oracle import (
    findings,
    one_thread,  # noqa: F401  (autouse: importing it applies it)
    printed,
)


def softmax_of(node: str, dims: tuple[int, ...] = (8, 16), dim: int = 1) -> str:
    """The softmax of `node` along `dim`, as Inductor writes it, ending in `div`."""
    shape, kept = str(list(dims)), str([1 if i == dim else d for i, d in enumerate(dims)])
    return f"""
        amax: "f32{kept}" = torch.ops.aten.amax.default({node}, [{dim}], True)
        sub: "f32{shape}" = torch.ops.aten.sub.Tensor({node}, amax)
        exp: "f32{shape}" = torch.ops.aten.exp.default(sub)
        sum_1: "f32{kept}" = torch.ops.aten.sum.dim_IntList(exp, [{dim}], True)
        div: "f32{shape}" = torch.ops.aten.div.Tensor(exp, sum_1)
    """

CONSTANT = 'torch.ops.aten.{op}.default({size}0.5, dtype = torch.float32, layout = torch.strided, device = device(type=\'cpu\'))'


# -- scales ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("constant", [CONSTANT.format(op="full", size="[], "), CONSTANT.format(op="scalar_tensor", size="")])
def test_a_scale_below_1_held_by_a_constant_tensor_is_found(constant):
    # softmax(x · 0.5), the 0.5 a tensor the graph builds (an attention scale): a function of x
    # with scale 0.5, and of the product with scale 1
    graph = printed('x: "f32[8, 16]"', f"""
        scale: "f32[]" = {constant}
        mul: "f32[8, 16]" = torch.ops.aten.mul.Tensor(x, scale)
    """ + softmax_of("mul"))
    assert findings(graph) == [("softmax", "div", ("mul",), (("dim", 1), ("scale", 1.0))),
                               ("softmax", "div", ("x",), (("dim", 1), ("scale", 0.5)))]


def test_a_log_softmax_is_found_with_its_dimension_and_scale():
    graph = printed('x: "f32[8, 16]"', """
        mul: "f32[8, 16]" = torch.ops.aten.mul.Tensor(x, 2.0)
        amax: "f32[8, 1]" = torch.ops.aten.amax.default(mul, [1], True)
        sub: "f32[8, 16]" = torch.ops.aten.sub.Tensor(mul, amax)
        exp: "f32[8, 16]" = torch.ops.aten.exp.default(sub)
        sum_1: "f32[8, 1]" = torch.ops.aten.sum.dim_IntList(exp, [1], True)
        log: "f32[8, 1]" = torch.ops.aten.log.default(sum_1)
        sub_1: "f32[8, 16]" = torch.ops.aten.sub.Tensor(sub, log)
    """)
    assert findings(graph, named=True) == [("log_softmax", "sub_1", ("mul",), (("dim", 1), ("scale", 1.0))),
                                           ("log_softmax", "sub_1", ("x",), (("dim", 1), ("scale", 2.0)))]


def softmax_of_x(shape: list[int], dim: int) -> post_grad.PostGradGraph:
    return printed(f'x: "f32{shape}"', softmax_of("x", tuple(shape), dim))


def test_a_softmax_over_two_classes_is_found():
    assert findings(softmax_of_x([8, 2], 1)) == [("softmax", "div", ("x",), (("dim", 1), ("scale", 1.0)))]


def test_a_softmax_after_a_dimension_of_1_is_found():
    # one head of attention scores, (batch, 1, keys): the dimension of 1 has no softmax, the next one does
    assert findings(softmax_of_x([4, 1, 8], 2)) == [("softmax", "div", ("x",), (("dim", 2), ("scale", 1.0)))]


# -- norms -------------------------------------------------------------------------------------------

def layer_norm(rows: int, width: int, eps: float) -> post_grad.PostGradGraph:
    """A layer norm without weight of x · 0.02 (variance 4e-4: an epsilon of 1e-5 changes it by 1 %)."""
    shape, column = f"[{rows}, {width}]", f"[{rows}, 1]"
    return printed(f'x: "f32{shape}"', f"""
        mul: "f32{shape}" = torch.ops.aten.mul.Tensor(x, 0.02)
        var_mean = torch.ops.aten.var_mean.correction(mul, [1], correction = 0, keepdim = True)
        getitem: "f32{column}" = var_mean[0]
        getitem_1: "f32{column}" = var_mean[1]
        add: "f32{column}" = torch.ops.aten.add.Tensor(getitem, {eps!r})
        rsqrt: "f32{column}" = torch.ops.aten.rsqrt.default(add)
        sub: "f32{shape}" = torch.ops.aten.sub.Tensor(mul, getitem_1)
        mul_1: "f32{shape}" = torch.ops.aten.mul.Tensor(sub, rsqrt)
    """)


def bare_layer_norm(eps: float) -> tuple:
    return ("layer_norm", "mul_1", ("mul",), (("bias", None), ("eps", eps), ("weight", None)))


@pytest.mark.parametrize("eps", [1e-6, 1e-5, 1e-3, 0.0099])
def test_a_layer_norm_is_found_with_the_epsilon_the_graph_adds(eps):
    assert findings(layer_norm(32, 16, eps)) == [bare_layer_norm(eps)]


def test_an_epsilon_of_1e_2_is_not_read_as_one():
    # numbers of 1e-2 and more are scales, not epsilons: this norm is nothing the oracle knows
    assert findings(layer_norm(32, 16, 0.01)) == []


def test_a_layer_norm_whose_epsilon_the_graph_keeps_inside_the_op_is_found_at_1e_5():
    # aten.native_layer_norm kept whole (one token of 16 features per row): its 1e-05 is no literal the
    # oracle reads, so the usual epsilon has to be among those it tries
    graph = printed('x: "f32[8, 1, 16]"', """
        mul: "f32[8, 1, 16]" = torch.ops.aten.mul.Tensor(x, 0.02)
        native_layer_norm = torch.ops.aten.native_layer_norm.default(mul, [16], None, None, 1e-05)
        getitem: "f32[8, 1, 16]" = native_layer_norm[0]
    """)
    assert findings(graph) == [("layer_norm", "getitem", ("mul",), (("bias", None), ("eps", 1e-5), ("weight", None)))]


def test_an_rms_norm_is_found_with_its_epsilon_and_weight():
    graph = printed('x: "f32[32, 16]", w: "f32[16]"', """
        mul: "f32[32, 16]" = torch.ops.aten.mul.Tensor(x, 0.02)
        pow_1: "f32[32, 16]" = torch.ops.aten.pow.Tensor_Scalar(mul, 2)
        mean: "f32[32, 1]" = torch.ops.aten.mean.dim(pow_1, [1], True)
        add: "f32[32, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06)
        rsqrt: "f32[32, 1]" = torch.ops.aten.rsqrt.default(add)
        mul_1: "f32[32, 16]" = torch.ops.aten.mul.Tensor(mul, rsqrt)
        mul_2: "f32[32, 16]" = torch.ops.aten.mul.Tensor(mul_1, w)
    """)
    assert findings(graph, named=True) == [("rms_norm", "mul_2", ("mul",), (("bias", None), ("eps", 1e-6), ("weight", "w")))]


@pytest.mark.parametrize("rows, width", [(32, 2), (3, 16)])
def test_a_layer_norm_over_two_features_or_three_rows_is_found(rows, width):
    assert findings(layer_norm(rows, width, 1e-6)) == [bare_layer_norm(1e-6)]


def test_no_norm_is_claimed_from_two_rows_which_any_per_feature_affine_map_fits():
    graph = printed('x: "f32[2, 16]"', """
        mul: "f32[2, 16]" = torch.ops.aten.mul.Tensor(x, 3)
        add: "f32[2, 16]" = torch.ops.aten.add.Tensor(mul, 1)
    """)
    assert findings(graph) == []


# -- outputs rounded to bfloat16 -----------------------------------------------------------------------

TO_BF16 = 'convert_element_type: "bf16{shape}" = torch.ops.prims.convert_element_type.default({node}, torch.bfloat16)'


@pytest.mark.parametrize("body, node, expected", [
    (softmax_of("x"), "div",
     ("softmax", ("x",), (("dim", 1), ("scale", 1.0)))),
    ('gelu: "f32[8, 16]" = torch.ops.aten.gelu.default(x)', "gelu", ("gelu", ("x",), ())),
])
def test_an_output_rounded_to_bfloat16_is_compared_with_the_reference_rounded_alike(body, node, expected):
    # float32 arithmetic, then one rounding to bfloat16 (8 bits): the reference is rounded the same way
    graph = printed('x: "f32[8, 16]"', body + "\n" + TO_BF16.format(shape="[8, 16]", node=node))
    pattern, inputs, detail = expected
    assert findings(graph) == [(pattern, "convert_element_type", inputs, detail), (pattern, node, inputs, detail)]


def test_a_cross_entropy_rounded_to_bfloat16_is_found():
    graph = printed('x: "f32[16, 5]", t: "i64[16]"', """
        _log_softmax: "f32[16, 5]" = torch.ops.aten._log_softmax.default(x, 1, False)
        nll_loss_forward = torch.ops.aten.nll_loss_forward.default(_log_softmax, t, None, 1, -100)
        getitem: "f32[]" = nll_loss_forward[0]
    """ + "\n" + TO_BF16.format(shape="[]", node="getitem"))
    # the loss of the logits is the loss of their log-softmax too
    assert findings(graph, named=True) == [("cross_entropy", "convert_element_type", ("_log_softmax", "t"), ()),
                                           ("cross_entropy", "convert_element_type", ("x", "t"), ())]



def test_a_layer_norm_rounded_to_bfloat16_is_found_like_a_softmax_or_gelu_rounded_alike():
    # nn.LayerNorm on bfloat16 inputs, as Inductor computes it: in float32, one rounding at the end
    graph = printed('x: "bf16[32, 16]", w: "f32[16]", b: "f32[16]"', """
        upcast: "f32[32, 16]" = torch.ops.prims.convert_element_type.default(x, torch.float32)
        var_mean = torch.ops.aten.var_mean.correction(upcast, [1], correction = 0, keepdim = True)
        getitem: "f32[32, 1]" = var_mean[0]
        getitem_1: "f32[32, 1]" = var_mean[1]
        add: "f32[32, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05)
        rsqrt: "f32[32, 1]" = torch.ops.aten.rsqrt.default(add)
        sub: "f32[32, 16]" = torch.ops.aten.sub.Tensor(upcast, getitem_1)
        mul: "f32[32, 16]" = torch.ops.aten.mul.Tensor(sub, rsqrt)
        mul_1: "f32[32, 16]" = torch.ops.aten.mul.Tensor(mul, w)
        add_1: "f32[32, 16]" = torch.ops.aten.add.Tensor(mul_1, b)
    """ + "\n" + TO_BF16.format(shape="[32, 16]", node="add_1"))
    # its weight and bias, fitted on the rounded output, are a rounding step off: read as the graph's own
    detail = (("bias", "b"), ("eps", 1e-05), ("weight", "w"))
    assert findings(graph, named=True) == [("layer_norm", "convert_element_type", (source,), detail)
                                           for source in ("upcast", "x")]


def test_an_rms_norm_without_weight_rounded_to_bfloat16_is_found_with_none():
    graph = printed('x: "bf16[32, 16]"', """
        upcast: "f32[32, 16]" = torch.ops.prims.convert_element_type.default(x, torch.float32)
        pow_1: "f32[32, 16]" = torch.ops.aten.pow.Tensor_Scalar(upcast, 2)
        mean: "f32[32, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True)
        add: "f32[32, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06)
        rsqrt: "f32[32, 1]" = torch.ops.aten.rsqrt.default(add)
        mul: "f32[32, 16]" = torch.ops.aten.mul.Tensor(upcast, rsqrt)
    """ + "\n" + TO_BF16.format(shape="[32, 16]", node="mul"))
    detail = (("bias", None), ("eps", 1e-06), ("weight", None))
    assert findings(graph, named=True) == [("rms_norm", "convert_element_type", (source,), detail)
                                           for source in ("upcast", "x")]

# -- what a kernel reads -----------------------------------------------------------------------------

def test_a_row_max_an_earlier_kernel_computed_is_a_reduction_still():
    # a GPU splits the softmax: one kernel the max, the next x − max and the rest; x − max is no input
    # of a pattern (the softmax of x − max is the softmax of x, numerically)
    graph = softmax_of_x([8, 16], 1)
    assert findings(graph, kernel=["sub", "exp", "sum_1", "div"]) == \
        [("softmax", "div", ("x",), (("dim", 1), ("scale", 1.0)))]


def test_cross_entropy_targets_outside_the_classes_are_clamped_into_them_as_the_graph_clamps_them():
    # 3 classes sliced from 8 columns: the targets drawn below 8, then shifted by one (down to −1) and
    # clamped into [0, 2]; the loss is a function of the shifted and of the clamped targets
    graph = printed('x: "f32[16, 8]", t: "i64[16]"', """
        slice_1: "f32[16, 3]" = torch.ops.aten.slice.Tensor(x, 1, 0, 3)
        sub: "i64[16]" = torch.ops.aten.sub.Tensor(t, 1)
        clamp: "i64[16]" = torch.ops.aten.clamp.default(sub, 0, 2)
        _log_softmax: "f32[16, 3]" = torch.ops.aten._log_softmax.default(slice_1, 1, False)
        nll_loss_forward = torch.ops.aten.nll_loss_forward.default(_log_softmax, clamp, None, 1, -100)
        getitem: "f32[]" = nll_loss_forward[0]
    """)
    targets = oracle.evaluate(graph)["sub"].tolist()
    assert min(targets) == -1 and max(targets) > 2 and 2 in targets   # every edge is reached
    assert findings(graph, named=True) == [("cross_entropy", "getitem", (logits, target), ())
                                           for logits in ("_log_softmax", "slice_1") for target in ("clamp", "sub")]


def test_a_sum_of_a_vector_beside_integers_is_no_cross_entropy():
    graph = printed('x: "f32[8]", i: "i64[8]"', """
        index: "f32[8]" = torch.ops.aten.index.Tensor(x, [i])
        sum_1: "f32[]" = torch.ops.aten.sum.default(index)
    """)
    assert findings(graph) == []


def test_a_node_whose_input_the_recording_lacks_does_not_stop_the_others():
    graph = softmax_of_x([8, 16], 1)
    graph.nodes["add"] = post_grad.FxNode("add", "aten.add.Tensor", [{"node": "div"}, {"node": "lost"}], shape=[8, 16])
    assert sorted(oracle._ancestors(graph, "add")) == ["amax", "div", "exp", "sub", "sum_1", "x"]
    assert findings(graph) == [("softmax", "div", ("x",), (("dim", 1), ("scale", 1.0)))]


# -- the helpers' edges ------------------------------------------------------------------------------

def test_the_literals_are_the_numbers_of_arithmetic_and_constant_nodes_and_their_reciprocals():
    graph = printed('x: "f32[4]", c: "b8[4]"', """
        mul: "f32[4]" = torch.ops.aten.mul.Tensor(x, 2.0)
        div: "f32[4]" = torch.ops.aten.div.Tensor(x, 4)
        add: "f32[4]" = torch.ops.aten.add.Tensor(x, 0.001)
        sub: "f32[4]" = torch.ops.aten.sub.Tensor(x, 3.0)
        where: "f32[4]" = torch.ops.aten.where.self(c, x, 8.0)
        full: "f32[]" = torch.ops.aten.full.default([], 0.1, dtype = torch.float32)
        scalar_tensor: "f32[]" = torch.ops.aten.scalar_tensor.default(5.0)
        clamp: "f32[4]" = torch.ops.aten.clamp.default(x, 0.3, 0.7)
        mul_1: "f32[4]" = torch.ops.aten.mul.Tensor(x, 1)
        sub_1: "f32[4]" = torch.ops.aten.sub.Tensor(x, 0)
    """)
    # clamp's bounds are no scale; 0 and 1 are not numbers to scale by
    assert oracle._literals(graph) == [0.001, 0.1, 0.125, 0.2, 0.25, 1 / 3, 0.5, 2.0, 3.0, 4.0, 5.0, 8.0, 10.0, 1000.0]


def test_close_means_two_float_tensors_of_one_shape_within_1e_4_relative():
    big = torch.full((100,), 1000.0, dtype=torch.float64)
    assert oracle._close(big, big + 0.05)          # 5e-5 relative, on the first 64 values and the rest
    assert not oracle._close(big, big + 0.2)       # 2e-4
    assert oracle._close(big[:64], big[:64] + 0.05) and not oracle._close(big, torch.cat([big[:64], big[64:] + 0.2]))
    assert not oracle._close(torch.ones(6), torch.ones(1, 6))   # the same values, another shape
    assert not oracle._close(torch.ones(6), None) and not oracle._close(None, torch.ones(6))


def test_a_fitted_weight_is_named_within_the_tolerances():
    gamma = torch.tensor([0.7, 1.2, 0.9], dtype=torch.float64)
    vectors = {"gamma": gamma.float(), "beta": torch.tensor([1e-3, 2e-3, 3e-3])}
    assert oracle._named(torch.full((3,), 1 + 1.05e-5, dtype=torch.float64), vectors, 1.0) is None  # 1e-6 + 1e-5
    assert oracle._named(torch.full((3,), 1 + 1.2e-5, dtype=torch.float64), vectors, 1.0) == "fitted"
    assert oracle._named(torch.full((3,), 5e-7, dtype=torch.float64), vectors, 0.0) is None        # a fit's noise
    assert oracle._named(torch.full((3,), 2e-6, dtype=torch.float64), vectors, 0.0) == "fitted"
    assert oracle._named(gamma * (1 + 5e-5), vectors, 1.0) == "gamma"                               # 1e-4 relative
    assert oracle._named(gamma * (1 + 2e-4), vectors, 1.0) == "fitted"
    beta = torch.tensor([1e-3, 2e-3, 3e-3], dtype=torch.float64)
    assert oracle._named(beta + 5e-6, vectors, 0.0) == "beta"                                       # 1e-5 absolute
    assert oracle._named(beta + 2e-5, vectors, 0.0) == "fitted"


def test_a_fit_on_a_rounded_output_takes_the_nearest_graph_vector_within_four_rounding_steps():
    gamma = torch.tensor([0.5, 1.5, 2.0], dtype=torch.float64)
    step = 4 * torch.finfo(torch.bfloat16).eps * 2.0            # four steps at the largest entry, 2.0
    vectors = {"gamma": gamma.float(), "beside": (gamma + 0.5 * step).float(), "short": torch.ones(2)}
    assert torch.equal(oracle._snapped(gamma + 0.1 * step, vectors, 1.0, torch.bfloat16), gamma)
    assert torch.equal(oracle._snapped(gamma + 0.4 * step, vectors, 1.0, torch.bfloat16), gamma + 0.5 * step)
    far = gamma - 1.1 * step
    assert torch.equal(oracle._snapped(far, vectors, 1.0, torch.bfloat16), far)             # too far: kept
    assert torch.equal(oracle._snapped(gamma - 0.9 * step, vectors, 1.0, torch.bfloat16), gamma)
    near_one = torch.full((2,), 1 + 3.5 * torch.finfo(torch.bfloat16).eps, dtype=torch.float64)
    assert torch.equal(oracle._snapped(near_one, vectors, 1.0, torch.bfloat16), torch.ones(2, dtype=torch.float64))
    half = gamma + 0.5 * 4 * torch.finfo(torch.float16).eps * 2.0   # half's own steps, smaller
    assert torch.equal(oracle._snapped(half, vectors, 1.0, torch.float16), gamma)
    assert torch.equal(oracle._snapped(gamma + 0.3 * step, vectors, 1.0, torch.float16), gamma + 0.3 * step)
    # float32 outputs keep their fit: it is exact enough for the names' own tolerances
    assert torch.equal(oracle._snapped(gamma + 1e-6, vectors, 1.0, torch.float32), gamma + 1e-6)



def test_snapping_a_small_vector_counts_its_steps_at_one_and_the_last_step_still_snaps():
    """The steps are the dtype's at 1.0 for a vector below 1 (a bias near 0), not at twice that,
    and a distance of exactly four steps snaps (the bound is inclusive)."""
    eps = torch.finfo(torch.bfloat16).eps
    vectors = {"beta": torch.zeros(3)}
    five_steps = torch.full((3,), 5 * eps, dtype=torch.float64)       # beyond four steps at 1.0
    assert torch.equal(oracle._snapped(five_steps, vectors, 0.0, torch.bfloat16), five_steps)
    four_steps = torch.full((3,), 4 * eps, dtype=torch.float64)       # 2**-5: exact in float64
    assert torch.equal(oracle._snapped(four_steps, vectors, 0.0, torch.bfloat16), torch.zeros(3, dtype=torch.float64))


def test_a_kernel_is_named_by_swiglu_not_by_the_silu_inside_it_on_the_same_output():
    graph = printed('a: "f32[4, 8]", b: "f32[4, 8]"', """
        mul: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, b)
    """)
    found = [oracle.Finding("silu", "mul", ["a"]), oracle.Finding("swiglu", "mul", ["a", "b"]),
             oracle.Finding("gelu", "mul", ["b"])]
    assert [f.pattern for f in oracle.headline(found, graph)] == ["swiglu", "gelu"]
