"""Round 8: near misses for the explain lab's own checks (tests/mutation/fresh_bugs.toml, round 8)."""

from __future__ import annotations

from labs.common import measure
from labs.explain.explainer import Timing


def _stats(seconds: float) -> measure.Stats:
    return measure.Stats(seconds, seconds, seconds, seconds, seconds, 5, "latency")


def test_speedup_is_eager_time_over_compiled_time():
    # guards Timing.speedup's direction: a compiled call 2.5 times faster reads 2.5, not 0.4
    assert Timing(_stats(0.010), _stats(0.004), compile_s=1.0, verdict="faster").speedup == 2.5
