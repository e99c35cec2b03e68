"""The gradient check's own machinery, held from outside with small tensors whose answers are
written out by hand: how a pattern's parameter names and tensor parallelism's QKV rows map to
the plain model's, and how errors and tolerances are computed.

Added for the survivors of mutmut's first run over labs/distributed/gradcheck.py
(tests/mutation/REVIEW.md): the fast tier ran the check on one process only, so a pipeline
stage's renumbering, the tied matrix's name, the QKV re-laying and the SGD step's error scale
could each break with the fast tier green.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import torch
from torch import nn

from labs.distributed import gradcheck
from labs.distributed.settings import TWO_D_MESH

# n_head 2 over 2 ranks, width 4 (head_dim 2): the plain QKV rows are q 0-3, k 4-7, v 8-11; rank 0
# holds head 0 of each (0 1, 4 5, 8 9), rank 1 head 1 (2 3, 6 7, 10 11), one after the other.
VARIANT = SimpleNamespace(n_head=2, n_embd=4, n_layer=1, tokens=lambda: 8)
TP_ORDER = [0, 1, 4, 5, 8, 9, 2, 3, 6, 7, 10, 11]


@pytest.mark.parametrize("name, pattern, offset, plain", [
    ("blocks.0.attn.qkv.weight", "pipeline", 3, "blocks.3.attn.qkv.weight"),
    ("blocks.1.mlp.fc.bias", "pipeline", 2, "blocks.3.mlp.fc.bias"),
    ("blocks.1.mlp.fc.bias", "pipeline", 0, "blocks.1.mlp.fc.bias"),
    ("blocks.1.mlp.fc.bias", "ddp", 2, "blocks.1.mlp.fc.bias"),        # only a pipeline renumbers
    ("ln_f.weight", "pipeline", 2, "ln_f.weight"),                     # not a block
    ("head.blocks.1.w", "pipeline", 2, "head.blocks.1.w"),             # "blocks" only as the first part
    ("lm_head.weight", "pipeline", 2, "tok_emb.weight"),               # the last stage's tied copy
    ("lm_head.weight", "single", 0, "tok_emb.weight"),
    ("tok_emb.weight", "single", 0, "tok_emb.weight"),
    ("lm_head.bias", "single", 0, "lm_head.bias"),
])
def test_a_patterns_names_map_to_the_plain_models(name, pattern, offset, plain):
    assert gradcheck.plain_name(name, pattern, offset) == plain


def test_the_plain_qkv_rows_are_written_from_the_layout():
    assert gradcheck.qkv_plain_rows(2, 2, 4).tolist() == TP_ORDER
    assert gradcheck.qkv_plain_rows(2, 1, 4).tolist() == list(range(12))   # one rank: nothing moves


class Stage(nn.Module):
    """A module with the plain model's parameter names: two blocks, a QKV and the tied head."""

    def __init__(self, qkv_rows: list[int]):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Module(), nn.Module()])
        for block in self.blocks:
            block.attn = nn.Module()
            block.attn.qkv = nn.Linear(1, len(qkv_rows))
            with torch.no_grad():
                block.attn.qkv.weight.copy_(torch.tensor(qkv_rows, dtype=torch.float32)[:, None])
                block.attn.qkv.bias.copy_(torch.tensor(qkv_rows, dtype=torch.float32))
        self.lm_head = nn.Linear(1, 1, bias=False)
        nn.init.constant_(self.lm_head.weight, 0.5)


@pytest.mark.parametrize("pattern, world", [("tensor_parallel", 2), ("fsdp_tp", 4)])
def test_tensor_parallel_qkv_rows_are_put_back_in_the_plain_order(pattern, world):
    assert TWO_D_MESH[1] == 2      # fsdp_tp's tensor-parallel dimension: 2 ranks, as above
    held = gradcheck.held(Stage(TP_ORDER), pattern, VARIANT, world, lambda p: p)
    for block in ("blocks.0", "blocks.1"):
        assert held[f"{block}.attn.qkv.weight"][:, 0].tolist() == list(range(12))
        assert held[f"{block}.attn.qkv.bias"].tolist() == list(range(12))
    assert set(held) == {"blocks.0.attn.qkv.weight", "blocks.0.attn.qkv.bias", "blocks.1.attn.qkv.weight",
                         "blocks.1.attn.qkv.bias", "tok_emb.weight"}


# n_head 4 over 4 ranks, width 8 (head_dim 2): rank r holds rows 2r, 2r+1 of q (0-7), k (8-15), v (16-23).
VARIANT_4 = SimpleNamespace(n_head=4, n_embd=8, n_layer=1, tokens=lambda: 8)
TP_ORDER_4 = [row for r in range(4) for part in (0, 8, 16) for row in (part + 2 * r, part + 2 * r + 1)]


def test_tensor_parallelism_over_four_ranks_splits_by_four_and_the_2d_mesh_by_its_tp_dimension():
    held = gradcheck.held(Stage(TP_ORDER_4), "tensor_parallel", VARIANT_4, 4, lambda p: p)
    assert held["blocks.0.attn.qkv.bias"].tolist() == list(range(24))
    # On the 2 x 2 mesh the same four ranks split the heads over 2 only: another layout
    two_d = gradcheck.held(Stage(TP_ORDER_4), "fsdp_tp", VARIANT_4, 4, lambda p: p)
    assert two_d["blocks.0.attn.qkv.bias"].tolist() != list(range(24))


def test_other_patterns_leave_qkv_rows_where_they_are():
    held = gradcheck.held(Stage(TP_ORDER), "ddp", VARIANT, 2, lambda p: p)
    assert held["blocks.0.attn.qkv.bias"].tolist() == TP_ORDER


def test_a_pipeline_stage_numbers_its_blocks_after_the_earlier_stages(monkeypatch):
    def all_gather_object(counts, mine):
        assert mine == 2                       # this stage's own block count
        counts[:] = [3, 2]
    monkeypatch.setattr(gradcheck.dist, "all_gather_object", all_gather_object)
    monkeypatch.setattr(gradcheck.dist, "get_rank", lambda: 1)
    held = gradcheck.held(Stage(list(range(12))), "pipeline", VARIANT, 2, lambda p: p)
    assert sorted(held) == ["blocks.3.attn.qkv.bias", "blocks.3.attn.qkv.weight", "blocks.4.attn.qkv.bias",
                            "blocks.4.attn.qkv.weight", "tok_emb.weight"]


def test_a_parameter_without_a_gradient_is_named():
    with pytest.raises(RuntimeError, match=r"^ddp: blocks\.0\.attn\.qkv\.weight has no gradient after backward$"):
        gradcheck.held(Stage(TP_ORDER), "ddp", VARIANT, 2, lambda p: p.grad)


def test_relative_errors_divide_by_the_largest_scale_and_an_all_zero_scale_counts_as_one():
    ours = {"a": torch.tensor([1.0, 2.0]), "b": torch.tensor([0.5, 0.0])}
    theirs = {"a": torch.tensor([1.0, 2.5]), "b": torch.tensor([0.0, 0.0])}
    scale = {"a": torch.tensor([-4.0, 1.0]), "b": torch.zeros(2)}
    assert gradcheck.relative_errors(ours, theirs, scale) == {"a": 0.5 / 4.0, "b": 0.5}


def test_sgd_tolerances_add_the_parameters_rounding_relative_to_the_steps_size():
    ref = gradcheck.Reference(initial={"w": torch.tensor([3.0, -8.0])},
                              grads={"w": torch.tensor([0.5, -2.0], dtype=torch.float64)}, after_sgd={})
    eps = 2.0**-23
    assert gradcheck.sgd_tolerances(ref, 1e-4, eps) == {"w": pytest.approx(1e-4 + 2 * eps * 8.0 / 2.0, rel=1e-12)}


def _compare_on(stage: Stage, grad_error: float) -> dict:
    """compare() on a two-rank tensor-parallel layout held by one process: the reference is the
    plain order, the gradient is the parameter itself plus `grad_error`, and SGD steps with lr 1."""
    plain = Stage(list(range(12)))
    initial = {gradcheck.plain_name(n, "single", 0): p.detach().clone() for n, p in plain.named_parameters()}
    grads = {n: (2 * v.double() + 1.0) for n, v in initial.items()}    # every gradient is 2 p + 1
    ref = gradcheck.Reference(initial, grads, {n: initial[n].double() - grads[n] for n in grads})

    def forward_backward():
        for parameter in stage.parameters():
            parameter.grad = 2 * parameter.detach() + 1.0 + grad_error

    def sgd_step():
        with torch.no_grad():
            for parameter in stage.parameters():
                parameter -= gradcheck.SGD_LR * parameter.grad
    return gradcheck.compare("tensor_parallel", stage, sgd_step, forward_backward, ref, VARIANT, 2,
                             eps=2.0**-23, grad_tolerance=0.01)


def test_compare_maps_the_layout_and_measures_the_sgd_step_against_the_gradients_size():
    record = _compare_on(Stage(TP_ORDER), grad_error=0.25)
    assert record["layout_mismatch"] == []
    assert record["compared"] == record["reference_names"] == sorted(
        ["blocks.0.attn.qkv.weight", "blocks.0.attn.qkv.bias", "blocks.1.attn.qkv.weight",
         "blocks.1.attn.qkv.bias", "tok_emb.weight"])
    # The largest QKV gradient is 2 x 11 + 1 = 23: an error of 0.25 in the gradient, and so in the
    # parameter after a step of lr 1 (p - (2 p + 1), which differs row by row), is 0.25 / 23.
    assert record["grad_err"]["blocks.0.attn.qkv.weight"] == pytest.approx(0.25 / 23)
    assert record["param_err"]["blocks.1.attn.qkv.bias"] == pytest.approx(0.25 / 23)
    assert record["grad_tolerance"] == 0.01


def test_compare_reports_rows_in_the_wrong_order_as_a_layout_mismatch():
    record = _compare_on(Stage(list(range(12))), grad_error=0.0)       # laid out plainly, read as TP
    assert record["layout_mismatch"] == ["blocks.0.attn.qkv.bias", "blocks.0.attn.qkv.weight",
                                         "blocks.1.attn.qkv.bias", "blocks.1.attn.qkv.weight"]
