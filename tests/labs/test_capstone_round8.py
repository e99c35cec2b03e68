"""Round 8: near misses for the capstone's own checks (tests/mutation/fresh_bugs.toml, round 8).
Every expected value is written out by hand, never computed with the code under test."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from labs.capstone.memfuse import bench
from labs.capstone.mlopt.capture import CaptureError, validate
from labs.capstone.mlopt.fold import fold_conv_bn


def test_capture_validation_refuses_a_nan_and_an_error_just_over_its_tolerance():
    # guards capture.validate: NaN fails, error == rtol passes, error a hair above fails
    x = torch.tensor([1.0, 2.0, 4.0], dtype=torch.float64)        # scale 4
    with pytest.raises(CaptureError):
        validate(nn.Identity(), lambda t: t * torch.tensor([1.0, float("nan"), 1.0], dtype=torch.float64), x)
    assert validate(nn.Identity(), lambda t: t + torch.tensor([0.0, 0.0, 1.0], dtype=torch.float64), x,
                    rtol=0.25) == 0.25
    with pytest.raises(CaptureError):
        validate(nn.Identity(), lambda t: t + torch.tensor([0.0, 0.0, 1.0001], dtype=torch.float64), x, rtol=0.25)


def test_folding_divides_by_the_square_root_of_var_plus_eps():
    # guards fold_conv_bn's scale gamma / sqrt(var + eps), where eps is not negligible against var
    conv = nn.Conv2d(1, 1, 1)
    bn = nn.BatchNorm2d(1, eps=0.25).eval()
    with torch.no_grad():
        conv.weight.fill_(1.0), conv.bias.fill_(3.0)
        bn.running_var.fill_(0.0), bn.running_mean.fill_(1.0), bn.weight.fill_(1.0), bn.bias.fill_(0.5)
    folded = fold_conv_bn(conv, bn)
    assert folded.weight.item() == 2.0                 # 1 / sqrt(0 + 0.25)
    assert folded.bias.item() == 4.5                   # (3 - 1) x 2 + 0.5


def _case(default: float, tuned: float | None) -> bench.CaseResult:
    def stats(seconds):
        return bench.measure.Stats(seconds, seconds, seconds, seconds, seconds, 5, "device")
    return bench.CaseResult(512, "float16", "cuda", memfuse=stats(1.0), default=stats(default),
                            max_autotune=stats(tuned) if tuned else None, error=0.0, tolerance=1.0,
                            default_strategy="", max_strategy=None, compile_s={})


def test_the_best_inductor_mode_is_the_faster_one():
    # guards best_inductor: ratio = Inductor's time / memfuse's, so the faster mode has the smaller ratio
    assert _case(1.2, 0.8).best_inductor() == "max_autotune"
    assert bench.against(_case(1.2, 0.8), "best_inductor") == 0.8
    assert _case(1.2, 1.5).best_inductor() == "default"
    assert _case(1.2, 1.2).best_inductor() == "default"       # a tie keeps the default mode
    assert _case(1.2, None).best_inductor() == "default"
