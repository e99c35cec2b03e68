"""Round 8: near misses for the explain lab's own checks (tests/mutation/fresh_bugs.toml, round 8)."""

from __future__ import annotations

from labs.common import measure
from labs.explain.explainer import Timing


def _stats(seconds: float) -> measure.Stats:
    return measure.Stats(seconds, seconds, seconds, seconds, seconds, 5, "latency")


def test_speedup_is_eager_time_over_compiled_time():
    # guards Timing.speedup's direction: a compiled call 2.5 times faster reads 2.5, not 0.4
    assert Timing(_stats(0.010), _stats(0.004), compile_s=1.0, verdict="faster").speedup == 2.5


def _spread(median: float, q1: float, q3: float) -> measure.Stats:
    return measure.Stats(median * 1e-6, q1 * 1e-6, q3 * 1e-6, q1 * 1e-6, q3 * 1e-6, 20, "latency")


def test_a_same_verdict_says_whether_the_quartiles_or_only_the_band_call_it_the_same():
    # the rmsnorm GPU report's case: eager 58.75 µs outside compiled's 59.3–63.2: the band alone
    from labs.explain import report
    band_only = Timing(_spread(58.75, 58.0, 59.5), _spread(60.6, 59.3, 63.2), compile_s=1.0, verdict="same")
    noise = Timing(_spread(60.0, 58.0, 61.0), _spread(60.6, 59.3, 63.2), compile_s=1.0, verdict="same")
    assert report.verdict_key(band_only) == "same_band" and report.verdict_key(noise) == "same"
    assert "5% band alone" in report.VERDICT["en"]["same_band"]
    assert "banda del 5\u00a0%" in report.VERDICT["es"]["same_band"]
    assert report.verdict_key(Timing(_spread(60, 58, 61), _spread(40, 39, 41), 1.0, "faster")) == "faster"
