"""The measuring method on a fake clock: which statistic summarises the samples, that warm-up
calls are not timed, which side of a comparison is the baseline, where the budget stops, and
the ceilings' arithmetic. Every sample set here has a mean far from its median, warm-up calls
are slower than timed ones, and the two sides of a comparison differ, so a swap shows."""

from __future__ import annotations

import contextlib
import types
from pathlib import Path

import pytest
import torch

from labs.common import ceilings, measure


class FakeClock:
    """perf_counter() that moves only when a timed call says so."""

    def __init__(self):
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def call(self, durations: list[float]):
        """A function whose n-th call takes durations[n] seconds (the last one repeats)."""
        calls = iter(durations)
        last = [durations[-1]]

        def fn():
            last[0] = next(calls, last[0])
            self.now += last[0]
        return fn


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(measure, "time", types.SimpleNamespace(perf_counter=fake.perf_counter))
    monkeypatch.setattr(measure, "ensure_clean", lambda: None)
    return fake


def stats(median: float, q1: float | None = None, q3: float | None = None, **extra) -> measure.Stats:
    q1 = median if q1 is None else q1
    q3 = median if q3 is None else q3
    return measure.Stats(median, q1, q3, extra.pop("min_s", q1), extra.pop("max_s", q3), extra.pop("reps", 5),
                         extra.pop("clock", "latency"), **extra)


# -- statistics --------------------------------------------------------------------------------

@pytest.mark.parametrize(("one_us", "many_us", "floor_us"), [
    (5.0, 12.5, 4.5),      # a tiny kernel (and its spacing) costs (12.5 − 5) / 15 = 0.5 µs
    (4.0, 4.0, 4.0),       # the kernels cost nothing the events can see: all of it is floor
    (1.0, 40.0, 0.0),      # 2.6 µs a kernel from graphs of 1 µs: noise, and the floor is not negative
])
def test_the_replays_floor_from_its_two_graphs_by_hand(one_us, many_us, floor_us):
    assert measure.FLOOR_KERNELS == 16
    assert measure.replay_floor_s(one_us * 1e-6, many_us * 1e-6) == pytest.approx(floor_us * 1e-6, abs=1e-15)


def test_summarize_takes_the_median_not_the_mean():
    s = measure.summarize([1.0, 100.0, 2.0, 3.0, 4.0], "latency")   # mean 22
    assert (s.median_s, s.min_s, s.max_s, s.reps, s.clock) == (3.0, 1.0, 100.0, 5, "latency")
    assert (s.q1_s, s.q3_s) == (2.0, 4.0)


def test_summarize_interpolates_quartiles_and_halves_an_even_median():
    s = measure.summarize([10.0, 1.0, 2.0, 3.0], "device")
    assert s.median_s == 2.5 and s.q1_s == pytest.approx(1.75) and s.q3_s == pytest.approx(4.75)
    one = measure.summarize([7.0], "device")
    assert (one.median_s, one.q1_s, one.q3_s, one.reps) == (7.0, 7.0, 7.0, 1)


def test_stats_in_microseconds_and_spread():
    s = stats(2e-6, 1e-6, 4e-6, min_s=0.5e-6, max_s=9e-6)
    assert s.us() == pytest.approx({"median": 2.0, "q1": 1.0, "q3": 4.0, "min": 0.5, "max": 9.0})
    assert s.iqr_s == pytest.approx(3e-6)
    assert s.within_spread(1e-6) and s.within_spread(4e-6) and not s.within_spread(4.01e-6)
    assert s.as_dict()["median_s"] == 2e-6 and s.as_dict()["method"] == ""


def test_merge_takes_the_median_of_round_medians_and_the_extremes_of_all():
    rounds = [stats(1.0, 0.5, 1.5, min_s=0.1, reps=3), stats(2.0, 1.5, 2.5, reps=4),
              stats(30.0, 29.0, 31.0, max_s=99.0, reps=5)]      # mean of medians 11
    merged = measure.merge(rounds)
    assert (merged.median_s, merged.q1_s, merged.q3_s) == (2.0, 1.5, 2.5)
    assert (merged.min_s, merged.max_s, merged.reps, merged.clock) == (0.1, 99.0, 12, "latency")


@pytest.mark.parametrize("ratio, margin, expected", [
    (0.949, 0.05, "faster"), (0.951, 0.05, "same"), (1.049, 0.05, "same"), (1.051, 0.05, "slower"),
    (0.5, 0.05, "faster"), (1.08, 0.1, "same"), (0.92, 0.1, "same"), (1.11, 0.1, "slower")])
def test_verdict_margin_either_way(ratio, margin, expected):
    # tight spreads, so only the margin decides
    assert measure.verdict(stats(1.0, 0.999, 1.001), stats(ratio, ratio * 0.999, ratio * 1.001),
                           margin=margin) == expected
    if margin == 0.05:          # the default
        assert measure.verdict(stats(1.0, 0.999, 1.001), stats(ratio, ratio * 0.999, ratio * 1.001)) == expected


def test_verdict_at_exactly_the_margin_is_not_same():
    assert measure.verdict(stats(1.0), stats(1.5), margin=0.5) == "slower"
    assert measure.verdict(stats(1.0), stats(0.5), margin=0.5) == "faster"


def test_compile_seconds_resets_dynamo_by_default_and_times_one_call(clock, monkeypatch):
    resets = []

    @contextlib.contextmanager
    def cold(reset_dynamo=True, keep_in=None):
        resets.append((reset_dynamo, keep_in))
        yield
    monkeypatch.setattr(measure, "cold_caches", cold)
    assert measure.compile_seconds(clock.call([9.0]), "cpu") == 9.0
    measure.compile_seconds(clock.call([1.0]), "cpu", reset_dynamo=False)
    measure.compile_seconds(clock.call([1.0]), "cpu", keep_in=Path("kept"))
    assert resets == [(True, None), (False, None), (True, Path("kept"))]


def test_verdict_needs_both_medians_inside_the_other_spread_to_call_noise():
    baseline = stats(1.0, 0.7, 1.3)
    assert measure.verdict(baseline, stats(1.2, 1.15, 1.25)) == "slower"     # only one way inside
    assert measure.verdict(baseline, stats(1.2, 0.95, 1.25)) == "same"       # both ways inside
    assert measure.verdict(stats(1.2, 0.95, 1.25), baseline) == "same"


def test_verdict_is_not_same_when_only_the_candidates_wide_spread_covers_the_baseline():
    # The baseline is tight; the candidate is 20 % slower with a wide spread that reaches back
    # over the baseline's median. The baseline's spread does not reach the candidate's median,
    # so the difference is not noise on both sides: "slower", and "faster" the other way round.
    tight, wide = stats(1.0, 0.99, 1.01), stats(1.2, 0.8, 1.6)
    assert measure.verdict(tight, wide) == "slower"
    assert measure.verdict(wide, tight) == "faster"
    # near miss: once the tight side's spread reaches the other median too, it is noise
    assert measure.verdict(stats(1.0, 0.9, 1.25), wide) == "same"


@pytest.mark.parametrize("gap, expected", [(0.5, None), (0.51, 0.51), (-1.0, None)])
def test_host_overhead_must_exceed_half_the_wider_iqr(gap, expected):
    latency = stats(10.0 + gap, 10.0 + gap - 0.5, 10.0 + gap + 0.5)    # IQR 1: half is 0.5
    device = stats(10.0, 9.9, 10.1)                                     # IQR 0.2
    got = measure.host_overhead_s(latency, device)
    assert got == (None if expected is None else pytest.approx(expected))
    assert measure.host_overhead_s(device, latency if gap > 0 else device) is None


# -- the latency clock, on a fake clock --------------------------------------------------------

def test_latency_does_not_time_its_warm_up_calls(clock):
    fn = clock.call([50.0, 50.0, 50.0, 1.0, 2.0, 3.0, 4.0, 100.0])
    timing = measure.latency(fn, "cpu", budget_s=1e9, warmup=3, min_reps=5, max_reps=5)
    assert (timing.min_s, timing.median_s, timing.max_s, timing.reps) == (1.0, 3.0, 100.0, 5)


def test_latency_warm_up_count_is_what_it_says(clock):
    fn = clock.call([50.0, 1.0, 2.0, 3.0])
    assert measure.latency(fn, "cpu", budget_s=1e9, warmup=1, min_reps=3, max_reps=3).max_s == 3.0
    fn = clock.call([1.0, 2.0, 3.0])
    assert measure.latency(fn, "cpu", budget_s=1e9, warmup=0, min_reps=3, max_reps=3).min_s == 1.0


def test_latency_stops_once_the_budget_is_spent_but_not_before_min_reps(clock):
    fn = clock.call([1.0])
    assert measure.latency(fn, "cpu", budget_s=3.5, warmup=0, min_reps=2).reps == 4     # 4 s > 3.5 s
    assert measure.latency(fn, "cpu", budget_s=4.0, warmup=0, min_reps=2).reps == 5     # 4 s is not past 4
    assert measure.latency(fn, "cpu", budget_s=0.1, warmup=0, min_reps=6).reps == 6
    assert measure.latency(fn, "cpu", budget_s=1e9, warmup=0, min_reps=2, max_reps=9).reps == 9


def test_latency_budget_counts_only_timed_calls(clock):
    fn = clock.call([100.0, 1.0])      # a long warm-up must not eat the budget
    assert measure.latency(fn, "cpu", budget_s=2.5, warmup=1, min_reps=1).reps == 3


def test_first_call_is_one_call(clock):
    assert measure.first_call_s(clock.call([7.0, 1.0]), "cpu") == 7.0


# -- comparisons: which side is the baseline ---------------------------------------------------

def test_compare_keeps_the_baseline_first_and_speedup_is_baseline_over_candidate(clock):
    slow, fast = clock.call([4.0]), clock.call([1.0])
    result = measure.compare(slow, fast, "cpu", budget_s=80.0, rounds=2)
    assert result.latency[0].median_s == 4.0 and result.latency[1].median_s == 1.0
    assert result.speedup == 4.0 and result.verdict == "faster"
    assert result.device is None and result.device_speedup is None and result.device_method is None
    assert result.device_verdict is None and result.overhead_s() is None
    swapped = measure.compare(fast, slow, "cpu", budget_s=80.0, rounds=2)
    assert swapped.speedup == 0.25 and swapped.verdict == "slower"


def test_compare_splits_its_budget_over_rounds_and_sides(clock, monkeypatch):
    budgets = []
    real = measure.latency
    monkeypatch.setattr(measure, "latency", lambda fn, device, **kw: budgets.append(kw) or real(fn, device, **kw))
    measure.compare(clock.call([1.0]), clock.call([1.0]), "cpu", budget_s=12.0, rounds=3)
    assert [b["budget_s"] for b in budgets] == [2.0] * 6
    assert all(b["warmup"] == 1 and b["min_reps"] == 3 for b in budgets)


def test_a_comparison_on_both_clocks_reads_each_side():
    lat = (stats(4.0, 3.9, 4.1), stats(2.0, 1.9, 2.1))
    dev = (stats(3.0, 2.99, 3.01, clock="device", method="graph"),
           stats(0.5, 0.49, 0.51, clock="device", method="queued"))
    result = measure.Comparison(latency=lat, device=dev)
    assert result.speedup == 2.0 and result.device_speedup == 6.0
    assert result.device_verdict == "faster" and result.device_method == "queued"
    assert result.overhead_s() == (pytest.approx(1.0), pytest.approx(1.5))


def test_device_time_is_none_on_a_cpu_and_compare_has_one_clock(clock):
    assert measure.device_time(clock.call([1.0]), "cpu") is None
    assert measure.device_time(clock.call([1.0]), "cpu", reps=1) is None
    for wrong in (0, -3):     # a fixed sample count is checked on every device
        with pytest.raises(ValueError, match="reps must be a positive count"):
            measure.device_time(clock.call([1.0]), "cpu", reps=wrong)
    assert measure.compare(clock.call([1.0]), clock.call([1.0]), "cpu", budget_s=8, rounds=1).device is None


# -- threads -----------------------------------------------------------------------------------

@pytest.mark.parametrize("setting, expected", [("1", 1), (" 3 ", 3), ("0", None), ("-2", None), ("two", None),
                                               ("", None), (None, None)])
def test_timing_threads_reads_a_positive_count_else_torch_default(monkeypatch, setting, expected):
    if setting is None:
        monkeypatch.delenv("COURSE_TIMING_THREADS", raising=False)
    else:
        monkeypatch.setenv("COURSE_TIMING_THREADS", setting)
    assert measure.timing_threads("cpu") == (expected or torch.get_num_threads())
    assert measure.timing_threads("cuda") is None


def test_cpu_threads_restores_the_count_and_leaves_a_gpu_alone(monkeypatch):
    monkeypatch.setattr(measure, "_timing_threads", set())
    before = torch.get_num_threads()
    with measure.cpu_threads(before + 1, "cpu", timing=True):
        assert torch.get_num_threads() == before + 1
    assert torch.get_num_threads() == before and measure.threads_used() == [before + 1]
    with measure.cpu_threads(before + 2, "cuda"):
        assert torch.get_num_threads() == before
    with measure.cpu_threads(None, "cpu"):
        assert torch.get_num_threads() == before
    assert measure.threads_used() == sorted({before, before + 1})


# -- ceilings: the arithmetic, on fake timings -------------------------------------------------

@pytest.fixture
def timed(monkeypatch):
    """ceilings' clocks replaced: every call 'takes' 2 ms; each timing's arguments are kept,
    with what one call of the timed function returned (what it computed)."""
    class Seen(list):
        pass
    seen = Seen()
    devices: list = []

    def fake(fn, device, **kw):
        devices.append(("latency", device, kw.get("budget_s")))
        seen.append(kw)
        fake.returned = fn()
        return stats(2e-3, 1e-3, 9e-3)

    def no_device_clock(fn, device, **kw):
        devices.append(("device_time", device, kw.get("budget_s"), kw.get("graph", True)))
        return None
    monkeypatch.setattr(ceilings, "latency", fake)
    monkeypatch.setattr(ceilings, "device_time", no_device_clock)
    seen.fake, seen.devices = fake, devices
    return seen


def test_copy_bandwidth_counts_read_and_write_over_the_median(timed):
    assert ceilings.copy_bandwidth("cpu", nbytes=4096, budget_s=0.3) == pytest.approx(2 * 4096 / 2e-3)
    assert timed == [{"budget_s": 0.3}]
    # the device clock is asked first, queued (a replayed copy runs on the copy engines)
    assert timed.devices == [("device_time", "cpu", 0.3, False), ("latency", "cpu", 0.3)]
    copied = timed.fake.returned
    assert copied.dtype == torch.float32 and copied.numel() == 1024 and copied.abs().sum() > 0   # a real copy


def test_copy_bandwidth_uses_256_mib_on_a_cpu_and_one_second_by_default(timed, monkeypatch):
    sizes = []
    real_empty = torch.empty
    monkeypatch.setattr(ceilings.torch, "empty", lambda n, **kw: sizes.append(n) or real_empty(4, **kw))
    monkeypatch.setattr(ceilings.torch, "empty_like", lambda t: torch.zeros_like(t))
    assert ceilings.copy_bandwidth("cpu") == pytest.approx(2 * 2**28 / 2e-3)
    assert sizes == [2**28 // 4] and timed == [{"budget_s": 1.0}]


def test_matmul_peak_counts_two_flops_per_multiply_add(timed):
    assert ceilings.matmul_peak("cpu", n=8, dtype=torch.float64, budget_s=0.4) == pytest.approx(2 * 8**3 / 2e-3)
    product = timed.fake.returned
    assert product.shape == (8, 8) and product.dtype == torch.float64
    assert timed.devices == [("device_time", "cpu", 0.4, True), ("latency", "cpu", 0.4)]


def test_matmul_peak_is_1024_square_on_a_cpu_by_default(timed, monkeypatch):
    monkeypatch.setattr(ceilings.torch, "randn", lambda *shape, **kw: torch.ones(2, 2, dtype=kw["dtype"]))
    assert ceilings.matmul_peak("cpu") == pytest.approx(2 * 1024**3 / 2e-3) and timed == [{"budget_s": 1.0}]


def test_call_floor_is_the_median_of_the_tiny_call(timed, monkeypatch):
    compiled = []
    monkeypatch.setattr(ceilings.torch, "compile", lambda fn, **kw: compiled.append(kw) or fn)
    assert ceilings.call_floor("cpu", budget_s=0.2) == 2e-3 and timed == [{"budget_s": 0.2}]
    assert compiled == [{"dynamic": False}] and torch.equal(timed.fake.returned, torch.ones(1))   # 0 + 1
    assert timed.devices[0] == ("device_time", "cpu", 0.2, True)
    ceilings.call_floor("cpu")
    assert timed[-1] == {"budget_s": 1.0}


def test_ceilings_use_device_time_when_there_is_one(monkeypatch):
    monkeypatch.setattr(ceilings, "device_time", lambda fn, device, **kw: stats(1e-3))
    monkeypatch.setattr(ceilings, "latency", lambda fn, device, **kw: stats(5e-3))
    assert ceilings.matmul_peak("cpu", n=4) == pytest.approx(2 * 64 / 1e-3)


@pytest.mark.parametrize("seconds, moved, flops, fixed, expected", [
    (2.0, 1.0, 0.5, 0.0, "bandwidth"),      # memory floor exactly half the time: counts
    (2.0, 0.99, 0.5, 0.0, "neither"),
    (2.0, 1.0, 1.0, 0.0, "bandwidth"),      # a tie goes to memory
    (2.0, 0.5, 1.5, 0.0, "compute"),
    (2.0, 0.1, 0.1, 1.0, "overhead"),       # fixed cost exactly half: counts
    (2.0, 0.1, 0.1, 0.99, "neither"),
])
def test_bound_by_edges(seconds, moved, flops, fixed, expected):
    assert ceilings.bound_by(seconds, moved, flops, 1.0, 1.0, fixed) == expected
    assert ceilings.bound_by(seconds, moved * 10, flops * 10, 10.0, 10.0, fixed) == expected   # rates divide


def test_bound_by_share_is_a_parameter():
    assert ceilings.bound_by(2.0, 1.0, 0.0, 1.0, 1.0, 0.0, share=0.6) == "neither"
    assert ceilings.bound_by(2.0, 1.2, 0.0, 1.0, 1.0, 0.0, share=0.6) == "bandwidth"


def test_kernel_launches_is_none_on_a_cpu():
    assert ceilings.kernel_launches(lambda: None, "cpu") is None


# -- defaults, read on the fake clock ----------------------------------------------------------------

def test_latency_defaults_warm_up_three_at_least_five_samples_one_second(clock):
    fn = clock.call([50.0, 50.0, 50.0, 0.31, 0.3])
    timing = measure.latency(fn, "cpu")
    assert timing.reps == 5 and timing.max_s == pytest.approx(0.31) and timing.clock == "latency"   # 5 samples
    fn = clock.call([0.0, 0.0, 0.0, 0.4])
    assert measure.latency(fn, "cpu").reps == 5                                       # 1.2 s after 3: still 5
    fn = clock.call([0.0, 0.0, 0.0, 0.15])
    assert measure.latency(fn, "cpu").reps == 7                                       # past 1 s after 7


def test_latency_stops_at_ten_thousand_samples(clock):
    assert measure.latency(clock.call([0.0]), "cpu", budget_s=1.0).reps == 10_000


def test_compare_defaults_two_seconds_over_four_rounds(clock, monkeypatch):
    budgets = []
    real = measure.latency
    monkeypatch.setattr(measure, "latency", lambda fn, device, **kw: budgets.append(kw["budget_s"]) or real(fn, device, **kw))
    measure.compare(clock.call([1.0]), clock.call([1.0]), "cpu")
    assert budgets == [0.25] * 8


def test_what_pollutes_a_timing_is_named_exactly(monkeypatch):
    from torch._inductor import config as inductor_config
    for name in measure.POLLUTING_ENV:
        monkeypatch.delenv(name, raising=False)
    with inductor_config.patch({"trace.enabled": True}):
        assert measure.pollution() == ["torch._inductor.config.trace.enabled"]
    torch._logging.set_logs(recompiles=True, graph_breaks=True)
    try:
        assert measure.pollution() == ["torch._logging artifacts: graph_breaks, recompiles"]
    finally:
        torch._logging.set_logs()
    monkeypatch.setenv("TORCH_LOGS", "+dynamo")
    with pytest.raises(measure.TimingPolluted) as refused:
        measure.ensure_clean()
    assert str(refused.value) == ("refusing to time with compile logging or dumps on: TORCH_LOGS=+dynamo. "
                                  "Capture inside labs.common.capture.dumps() and time outside it.")
    monkeypatch.setenv("TORCH_COMPILE_DEBUG", "1")
    with pytest.raises(measure.TimingPolluted, match="on: TORCH_LOGS=\\+dynamo; TORCH_COMPILE_DEBUG=1\\. Capture"):
        measure.ensure_clean()
