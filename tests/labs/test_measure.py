"""The measuring method (labs/common/measure.py) and the sentences that summarise a sweep
(labs/common/prose.py): statistics, verdicts, the refusal to time with logging on, ceilings."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
import torch

from labs.common import ceilings, measure, prose


def stats(median: float, q1: float, q3: float) -> measure.Stats:
    return measure.Stats(median, q1, q3, q1, q3, 10, "latency")


def test_summarize_gives_median_and_quartiles_of_the_samples():
    s = measure.summarize([5.0, 1.0, 3.0, 2.0, 4.0], "latency")
    assert (s.median_s, s.q1_s, s.q3_s, s.min_s, s.max_s, s.reps) == (3.0, 2.0, 4.0, 1.0, 5.0, 5)
    assert measure.summarize([1.0, 2.0], "device").q1_s == pytest.approx(1.25)
    with pytest.raises(ValueError):
        measure.summarize([], "latency")


@pytest.mark.parametrize("candidate, expected", [
    (stats(0.50, 0.49, 0.51), "faster"),
    (stats(2.00, 1.90, 2.10), "slower"),
    (stats(0.98, 0.90, 1.10), "same"),     # within 5 %
    (stats(0.90, 0.80, 1.20), "same"),     # 10 % apart, but each median inside the other's IQR
    (stats(0.90, 0.89, 0.91), "faster"),   # 10 % apart and the spreads do not overlap
])
def test_verdict_is_noise_aware(candidate, expected):
    baseline = stats(1.00, 0.85, 1.15) if expected == "same" else stats(1.00, 0.99, 1.01)
    assert measure.verdict(baseline, candidate) == expected


def test_timing_refuses_to_run_with_compile_logging_on(monkeypatch):
    monkeypatch.setenv("TORCH_LOGS", "output_code")
    with pytest.raises(measure.TimingPolluted, match="TORCH_LOGS"):
        measure.latency(lambda: None, "cpu", budget_s=0.01)
    monkeypatch.delenv("TORCH_LOGS")
    from torch._inductor import config as inductor_config
    with inductor_config.patch({"trace.enabled": True}), pytest.raises(measure.TimingPolluted, match="trace"):
        measure.latency(lambda: None, "cpu", budget_s=0.01)
    torch._logging.set_logs(recompiles=True)
    try:
        with pytest.raises(measure.TimingPolluted, match="recompiles"):
            measure.compare(lambda: None, lambda: None, "cpu", budget_s=0.01)
    finally:
        torch._logging.set_logs()
    assert measure.latency(lambda: None, "cpu", budget_s=0.01).reps >= 5


def test_latency_stops_on_its_budget_and_counts_what_it_took():
    calls = []
    timing = measure.latency(lambda: calls.append(1), "cpu", budget_s=0.05, warmup=2, max_reps=1_000_000)
    assert timing.reps == len(calls) - 2 and timing.reps >= 5
    assert measure.latency(lambda: None, "cpu", budget_s=10, max_reps=7).reps == 7


def test_compare_interleaves_the_two_sides():
    order: list[str] = []
    measure.compare(lambda: order.append("a"), lambda: order.append("b"), "cpu", budget_s=0.02, rounds=3)
    switches = sum(1 for x, y in itertools.pairwise(order) if x != y)
    assert switches >= 5          # a…b…a…b…a…b: three rounds of each, alternating
    assert measure.device_time(lambda: None, "cpu") is None


def test_timing_threads_are_recorded_only_for_timing(monkeypatch):
    monkeypatch.setattr(measure, "_timing_threads", set())
    with measure.cpu_threads(1, "cpu", timing=False):
        pass
    assert measure.threads_used() == []
    monkeypatch.setenv("COURSE_TIMING_THREADS", "1")
    with measure.cpu_threads(measure.timing_threads("cpu"), "cpu"):
        assert torch.get_num_threads() == 1
    assert measure.threads_used() == [1]


@pytest.mark.parametrize("seconds, fixed_cost_s, expected", [
    (1.1e-6, 1e-6, "bandwidth"),   # 1 MB at 1 TB/s is 1 µs: the memory floor explains the call
    (1.1e-5, 1e-5, "compute"),     # 10 Mflop at 1 Tflop/s is 10 µs, the larger floor
    (1e-4, 6e-5, "overhead"),      # far from both floors, and the fixed cost is most of it
    (3.4e-2, 6e-5, "neither"),     # 34 ms, far from both floors and from the fixed cost (CPU softmax)
])
def test_bound_by_names_a_floor_the_fixed_cost_or_neither(seconds, fixed_cost_s, expected):
    moved, flops = (1e6, 1e3) if expected == "bandwidth" else (1e6, 1e7)
    assert ceilings.bound_by(seconds, moved, flops, 1e12, 1e12, fixed_cost_s) == expected


@pytest.mark.slow   # compiles a call
def test_the_call_floor_is_a_tiny_compiled_call():
    floor = ceilings.call_floor("cpu", budget_s=0.05)
    assert 1e-7 < floor < 5e-3


def test_a_measured_compile_runs_in_a_fresh_empty_cache(tmp_path, monkeypatch):
    warm = tmp_path / "warm"
    (warm / "fxgraph").mkdir(parents=True)
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(warm))
    monkeypatch.setenv("TRITON_CACHE_DIR", str(warm / "triton"))
    seen: dict[str, object] = {}

    def first_call() -> None:          # stands in for a compile: where would it write and read?
        folder = os.environ["TORCHINDUCTOR_CACHE_DIR"]
        seen.update(inductor=folder, triton=os.environ["TRITON_CACHE_DIR"], empty=not any(os.scandir(folder)))

    measure.compile_seconds(first_call, "cpu")
    assert seen["inductor"] != str(warm) and seen["empty"], "a measured compile could reuse the warm cache"
    assert not str(seen["triton"]).startswith(str(warm)), "Triton's cache stayed warm"
    assert os.environ["TORCHINDUCTOR_CACHE_DIR"] == str(warm)   # restored afterwards


def _where_it_compiles(seen: dict) -> None:
    folder = os.environ["TORCHINDUCTOR_CACHE_DIR"]
    seen.update(inductor=folder, triton=os.environ["TRITON_CACHE_DIR"], empty=not any(os.scandir(folder)))
    (Path(folder) / "kernel.so").write_text("built", encoding="utf-8")


@pytest.mark.parametrize("warm_before", [True, False])
def test_a_kept_cold_cache_is_the_folder_given_empty_and_stays_afterwards(tmp_path, monkeypatch, warm_before):
    if warm_before:
        monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "warm"))
        monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "warm" / "triton"))
    else:
        monkeypatch.delenv("TORCHINDUCTOR_CACHE_DIR", raising=False)
        monkeypatch.delenv("TRITON_CACHE_DIR", raising=False)
    kept, seen = tmp_path / "kept" / "cache", {}
    measure.compile_seconds(lambda: _where_it_compiles(seen), "cpu", keep_in=kept)
    assert seen == {"inductor": str(kept), "triton": str(kept / "triton"), "empty": True}
    assert (kept / "kernel.so").read_text(encoding="utf-8") == "built"          # kept for the capture
    if warm_before:
        assert os.environ["TORCHINDUCTOR_CACHE_DIR"] == str(tmp_path / "warm")
        assert os.environ["TRITON_CACHE_DIR"] == str(tmp_path / "warm" / "triton")
    else:
        assert "TORCHINDUCTOR_CACHE_DIR" not in os.environ and "TRITON_CACHE_DIR" not in os.environ


def test_a_kept_cache_that_is_not_empty_is_refused_before_anything_compiles(tmp_path):
    kept = tmp_path / "kept"
    (kept / "triton").mkdir(parents=True)              # a folder alone already makes it not empty
    called = []
    with pytest.raises(ValueError, match="not empty, so the compile would not be cold"):
        measure.compile_seconds(lambda: called.append(1), "cpu", keep_in=kept)
    assert called == []


def test_a_kept_cache_restores_the_variables_when_the_compile_fails(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "warm"))
    monkeypatch.delenv("TRITON_CACHE_DIR", raising=False)

    def failing() -> None:
        raise RuntimeError("the compile failed")
    with pytest.raises(RuntimeError, match="the compile failed"):
        measure.compile_seconds(failing, "cpu", keep_in=tmp_path / "kept")
    assert os.environ["TORCHINDUCTOR_CACHE_DIR"] == str(tmp_path / "warm") and "TRITON_CACHE_DIR" not in os.environ


# -- sentences from every row -----------------------------------------------------------------

MIXED = [(2, "same"), (16, "slower"), (128, "faster"), (1024, "faster"), (8192, "same")]


def test_a_mixed_sweep_reads_as_mixed_in_both_languages():
    en = prose.sweep_sentence(MIXED, "en", "batch sizes")
    assert en == ("over 5 batch sizes: faster at 2 (128 and 1,024), the same within the noise at 2 (2 and 8,192) "
                  "and slower at 1 (16)")
    es = prose.sweep_sentence(MIXED, "es", "tamaños de lote")
    assert es == ("en 5 tamaños de lote: más rápido en 2 (128 y 1024), igual dentro del ruido en 2 (2 y 8192) "
                  "y más lento en 1 (16)")


def test_a_uniform_sweep_says_every_size():
    assert prose.sweep_sentence([(1, "slower"), (4, "slower")], "en", "batch sizes") == \
        "over 2 batch sizes: slower at every one (1 and 4)"


@pytest.mark.parametrize("verdicts, outcome", [
    (["faster", "faster"], "always"), (["same", "slower"], "never"),
    (["same", "slower", "faster", "faster"], "from_size"), (["faster", "same", "faster"], "mixed"),
    (["slower", "faster", "same"], "mixed"),
])
def test_sweep_outcome_reads_every_row(verdicts, outcome):
    assert prose.sweep_outcome(verdicts) == outcome


def test_unknown_verdicts_and_empty_sweeps_are_refused():
    with pytest.raises(ValueError):
        prose.sweep_sentence([(1, "quicker")], "en", "sizes")
    with pytest.raises(ValueError):
        prose.sweep_sentence([], "en", "sizes")


def test_host_overhead_is_a_gap_beyond_the_noise_never_negative():
    latency = stats(1.00e-3, 0.98e-3, 1.02e-3)
    assert measure.host_overhead_s(latency, stats(0.50e-3, 0.49e-3, 0.51e-3)) == pytest.approx(0.5e-3)
    # separately sampled medians of a device-bound call: no overhead is measurable
    assert measure.host_overhead_s(latency, stats(1.01e-3, 0.99e-3, 1.03e-3)) is None
    assert measure.host_overhead_s(stats(11.0e-3, 10.0e-3, 12.5e-3), stats(11.59e-3, 11.0e-3, 12.0e-3)) is None
    assert measure.host_overhead_s(latency, stats(0.99e-3, 0.90e-3, 1.10e-3)) is None  # inside the spread


# -- the device clock: a replayed CUDA graph, or queued calls ------------------------------------

def test_a_merged_device_time_is_queued_when_any_round_was():
    graph = measure.Stats(1.0, 1.0, 1.0, 1.0, 1.0, 5, "device", measure.GRAPH)
    queued = measure.Stats(2.0, 2.0, 2.0, 2.0, 2.0, 5, "device", measure.QUEUED)
    assert measure.merge([graph, graph]).method == measure.GRAPH
    assert measure.merge([graph, queued, graph]).method == measure.QUEUED
    assert measure.summarize([1.0], "latency").method == ""


def test_there_is_no_device_clock_on_a_cpu():
    before = measure.device_methods_used()
    assert measure.device_time(lambda: torch.ones(1), "cpu") is None
    assert measure.device_methods_used() == before   # nothing was measured, nothing is counted


needs_gpu = pytest.mark.gpu   # skipped without CUDA (tests/conftest.py); `make test-gpu` runs it


@needs_gpu
def test_a_compiled_call_is_replayed_and_a_host_sync_is_queued():
    x = torch.randn(256, 256, device="cuda")
    compiled = torch.compile(lambda: (x @ x).softmax(-1))
    assert measure.device_time(compiled, "cuda", budget_s=0.05).method == measure.GRAPH
    assert measure.device_time(lambda: (x.sum().item(), x + 1), "cuda", budget_s=0.05).method == measure.QUEUED
    counted = measure.device_methods_used()
    assert counted.get("graph", 0) >= 1 and counted.get("queued", 0) >= 1


@needs_gpu
def test_a_replayed_launch_bound_call_costs_its_kernels_not_its_launches():
    """200 tiny kernels: queued, the events time 200 launches; replayed, 200 short kernels."""
    x = torch.zeros(16, device="cuda")

    def many_tiny_kernels():
        for _ in range(200):
            x.add_(1)
    replayed = measure.device_time(many_tiny_kernels, "cuda", budget_s=0.1)
    queued = measure.device_time(many_tiny_kernels, "cuda", budget_s=0.1, graph=False)
    assert replayed.method == measure.GRAPH and queued.method == measure.QUEUED
    assert replayed.median_s < queued.median_s


@needs_gpu
def test_a_comparison_times_both_sides_with_one_method():
    """A side that cannot be captured makes the other side queued too: one change at a time."""
    x = torch.randn(64, 64, device="cuda")
    graphable = lambda: x @ x
    syncing = lambda: (x.sum().item(), x @ x)
    both_graph = measure.compare(graphable, graphable, "cuda", budget_s=0.1)
    mixed = measure.compare(graphable, syncing, "cuda", budget_s=0.1)
    assert both_graph.device_method == measure.GRAPH
    assert mixed.device_method == measure.QUEUED and mixed.device[0].method == measure.QUEUED


@needs_gpu
def test_a_failed_capture_leaves_the_process_healthy():
    """A host sync inside a capture used to leave the CUDA generator mid-capture ("Offset increment
    outside graph capture" on the next random op) and the capture stream current."""
    x = torch.randn(64, 64, device="cuda")
    stream = torch.cuda.current_stream()
    assert measure.device_time(lambda: (x.sum().item(), x + 1), "cuda", budget_s=0.02).method == measure.QUEUED
    assert torch.cuda.current_stream() == stream
    torch.manual_seed(1)
    after = torch.randn(1000, device="cuda")             # raised before the fix
    torch.manual_seed(1)
    assert torch.equal(after, torch.randn(1000, device="cuda"))
    dropout = lambda: torch.nn.functional.dropout(x, 0.5)   # a random op can still be captured
    assert measure.device_time(dropout, "cuda", budget_s=0.02).method == measure.GRAPH
    assert measure.device_time(lambda: x.sum().item(), "cuda", budget_s=0.02).method == measure.QUEUED
    assert measure.device_time(dropout, "cuda", budget_s=0.02).method == measure.GRAPH


@needs_gpu
def test_the_clock_floor_is_out_one_kernel_is_a_two_hundredth_of_two_hundred():
    """With the replay's fixed cost (about 4 µs) in every sample, one tiny kernel read about 5.5 µs
    and 200 of them about 60 times that: the ratio must be near 200 once the floor is out."""
    x = torch.zeros(16, device="cuda")

    def many():
        for _ in range(200):
            x.add_(1)
    one = measure.device_time(lambda: x.add_(1), "cuda", budget_s=0.1)
    assert measure.device_clock_notes()[-1]["floor_s"] > 1e-6        # a floor was measured and taken out
    lots = measure.device_time(many, "cuda", budget_s=0.1)
    assert 140 < lots.median_s / one.median_s < 260, (one.median_s, lots.median_s)
    queued = measure.device_time(lambda: x.add_(1), "cuda", budget_s=0.02, graph=False)
    assert queued.method == measure.QUEUED and measure.device_clock_notes()[-1]["floor_s"] == 0.0


@needs_gpu
def test_a_fixed_count_of_samples_makes_the_same_calls_every_time():
    """reps=N: exactly N samples and a call count that does not depend on the clock (collectives)."""
    x = torch.randn(256, device="cuda")
    calls = []
    fn = lambda: calls.append(1) or x * 2
    for graph in (True, False):
        counts = []
        for _ in range(2):
            calls.clear()
            stats = measure.device_time(fn, "cuda", graph=graph, reps=7)
            assert stats.reps == 7
            counts.append(len(calls))
        assert counts[0] == counts[1]
    with pytest.raises(ValueError, match="reps"):
        measure.device_time(fn, "cuda", reps=0)
