"""Round 8: near misses for the distributed lab's own checks (tests/mutation/fresh_bugs.toml, round 8).
Every expected value is written out by hand, never computed with the code under test."""

from __future__ import annotations

import torch

from labs.common import measure
from labs.distributed import gather, gradcheck, memory, pick, tables


def _stats(ms: float) -> measure.Stats:
    s = ms / 1e3
    return measure.Stats(median_s=s, q1_s=s * 0.98, q3_s=s * 1.02, min_s=s * 0.9, max_s=s * 1.1, reps=20,
                         clock="latency")


def test_tolerance_takes_the_longer_of_the_tokens_and_the_mlps_four_d_features():
    # guards the sqrt(N) term: N is max(tokens, 4 d), so the MLP's inner sums set it when they are longer
    eps = 2.0**-23
    assert gradcheck.tolerance(1, 64, 16, eps) == 4 * 4 * 16 * eps     # SAFETY 4, 2L+2 = 4, sqrt(4 x 64)
    assert gradcheck.tolerance(1, 64, 400, eps) == 4 * 4 * 20 * eps    # 400 tokens outnumber 256 features


def test_a_parameter_of_another_shape_or_name_is_a_layout_mismatch():
    # guards the layout check: a shape or a name the plain model lacks is a mismatch, like a nudged value
    value = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    module = torch.nn.Module()
    module.same = torch.nn.Parameter(value.clone())
    module.nudged = torch.nn.Parameter(torch.nextafter(value, value + 1))   # one float32 step up
    module.reshaped = torch.nn.Parameter(value.t().clone())
    module.unknown = torch.nn.Parameter(value.clone())
    names = ("same", "nudged", "reshaped")
    ref = gradcheck.Reference(initial={n: value.clone() for n in names},
                              grads={n: torch.ones(2, 3, dtype=torch.float64) for n in names},
                              after_sgd={n: value.double() - 1 for n in names})

    def forward_backward():
        sum(p.sum() for p in module.parameters()).backward()

    record = gradcheck.compare("single", module, lambda: None, forward_backward, ref, None, 1, 2.0**-23,
                               grad_tolerance=1e-6)
    assert record["layout_mismatch"] == ["nudged", "reshaped", "unknown"]


def test_a_peak_equal_to_the_budget_fits_and_one_byte_over_does_not():
    # guards pick's memory rule at its edge: peak <= budget fits
    rows = [pick.Candidate("single", _stats(10.0), 500, True), pick.Candidate("ddp", _stats(5.0), 501, True)]
    choice = pick.choose(rows, budget_bytes=500)
    assert choice.fits == {"single": True, "ddp": False}
    assert (choice.pattern, choice.reason) == ("single", "none_faster")


def test_allocations_at_the_steps_first_and_last_instants_count_in_the_step():
    # guards peak_from_events' window: [start, end] is closed at both ends
    events = [(0, 100), (10, 40), (20, 50), (21, 70)]
    assert memory.peak_from_events(events, 10, 20) == memory.MemoryReading(peak_bytes=190, held_bytes=100)
    assert memory.peak_from_events(events, 10, 19) == memory.MemoryReading(peak_bytes=140, held_bytes=100)
    assert memory.peak_from_events(events, 11, 20) == memory.MemoryReading(peak_bytes=190, held_bytes=140)


def test_speed_is_divided_by_the_same_launch_reference_before_the_one_process_row():
    # guards tables.baseline: a pattern's own interleaved reference wins over the one-process launch
    alone = type("Run", (), {"step": _stats(10.0)})()
    paired = gather.PatternResult("ddp", 2, extras={"minigpt": {"reference_samples_s": [0.02] * 5}})
    assert tables.baseline(paired, "minigpt", alone).median_s == 0.02
    assert tables.baseline(gather.PatternResult("ddp", 2), "minigpt", alone).median_s == 0.01
    assert tables.baseline(gather.PatternResult("ddp", 2), "minigpt", None) is None


def test_every_gradient_check_a_variant_made_is_reported():
    # guards the wiring: a mode whose gradients were checked (compiled, say) gets its own checks
    from labs.distributed import report
    from labs.distributed.gather import PatternResult
    result = PatternResult(pattern="ddp", world=2)
    result.gradients = {key: object() for key in ("wide", "wide.compiled", "wide.1f1b", "minigpt", "widest")}
    assert report.gradient_keys(result, "wide") == ["wide", "wide.1f1b", "wide.compiled"]
    assert report.gradient_keys(result, "minigpt") == ["minigpt"]
