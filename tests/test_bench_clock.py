"""scripts/bench_clock.py's bookkeeping: which profiler kernels belong to which replay, what a
replay's kernel sum and span are, and the verdict lines, on hand-written traces (the GPU part
runs on a lent machine; its output is committed in benchmarks/clock/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers_scripts import script

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench():
    return script("bench_clock")


def kernel(name: str, ts: float, dur: float) -> dict:
    return {"name": name, "ts": ts, "dur": dur}


def test_each_flush_opens_a_replay_and_stays_out_of_it(bench):
    trace = [kernel("stray", 0, 1),                                  # before the first flush: no replay's
             kernel("void at::bitwise_not_kernel", 10, 50), kernel("softmax", 61, 4),
             kernel("void at::bitwise_not_kernel", 100, 50), kernel("gemm", 151, 3), kernel("softmax", 154.3, 2),
             kernel("void at::bitwise_not_kernel", 200, 50)]          # a flush with nothing after it: dropped
    groups = bench.per_replay(list(reversed(trace)))                  # the trace's order is not trusted
    assert [[k["name"] for k in group] for group in groups] == [["softmax"], ["gemm", "softmax"]]


def test_a_replays_span_counts_the_spacing_its_sum_does_not(bench):
    total, span = bench.sum_and_span([kernel("gemm", 151, 3), kernel("softmax", 154.3, 2)])
    assert total == pytest.approx(5.0) and span == pytest.approx(5.3)
    assert bench.sum_and_span([kernel("softmax", 61, 4)]) == (4, 4)   # one kernel: the same


def row(n: int, error: float, span_error: float) -> dict:
    return {"n": n, "error": error, "span_error": span_error}


def test_verdicts_judge_each_kernel_count_against_both_references_at_five_percent(bench):
    lines = bench.verdicts([row(1, -0.044, -0.044), row(1, 0.05, 0.05), row(2, 0.089, 0.012), row(2, -0.0501, -0.02)])
    assert lines == [
        "calls of 1 kernel: largest error against kernels 5.0% over 2 sizes, within the 5 % target",
        "calls of 1 kernel: largest error against span 5.0% over 2 sizes, within the 5 % target",
        "calls of 2 kernels: largest error against kernels 8.9% over 2 sizes, NOT within the 5 % target",
        "calls of 2 kernels: largest error against span 2.0% over 2 sizes, within the 5 % target",
    ]
    # a negative error counts by its size, just past the target
    assert "NOT within" in bench.verdicts([row(3, -0.0501, 0.0)])[0]
