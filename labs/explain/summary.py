"""The page's summary of both examples on this run's device, built from the metrics their parts
recorded (so a resumed run, whose parts were restored, gets the same tables):

    timings   one row per example and clock: eager against compiled, the ratio and the verdict
    examples  one row per example: its kernels, cold compile, whole explanation, checks of meaning

Standard library only: the tests feed it a saved manifest's metrics.
"""

from __future__ import annotations

TIMING_COLUMNS = ["module", "clock", "eager_us", "compiled_us", "speedup", "verdict"]
TIMING_UNITS = {"eager_us": "µs", "compiled_us": "µs", "speedup": "×"}
EXAMPLE_COLUMNS = ["module", "kernels", "compile_s", "explain_s", "checks_passed", "checks_failed"]
EXAMPLE_UNITS = {"compile_s": "s", "explain_s": "s"}

# Each clock's metric names (after the example's key) and its name in each language. The
# verdict of a clock comes from the same two samples as its medians (measure.verdict).
CLOCKS = {"latency": ("eager_us", "compiled_us", "verdict"),
          "device": ("device_eager_us", "device_compiled_us", "device_verdict")}
CLOCK_WORDS = {"en": {"latency": "latency", "device": "device time"},
               "es": {"latency": "latencia", "device": "tiempo de dispositivo"}}


def value(metrics: dict, key: str):
    """A recorded metric's value, None when the run did not record it."""
    return metrics.get(key, {}).get("value")


def timing_rows(metrics: dict, examples: list[tuple[str, str]], lang: str) -> list[list]:
    """examples: (key, module name) in page order. A clock the device has no figures for (a CPU
    has no device time) has no row; a part that failed left no figures, and so no rows."""
    rows = []
    for key, name in examples:
        for clock, (eager_key, compiled_key, verdict_key) in CLOCKS.items():
            eager, compiled = value(metrics, f"{key}.{eager_key}"), value(metrics, f"{key}.{compiled_key}")
            if eager is None or compiled is None:
                continue
            rows.append([name, CLOCK_WORDS[lang][clock], eager, compiled,
                         eager / compiled if compiled else None, value(metrics, f"{key}.{verdict_key}")])
    return rows


def example_rows(metrics: dict, examples: list[tuple[str, str]]) -> list[list]:
    """One row per example that recorded its checks of meaning (a failed part has none)."""
    return [[name, value(metrics, f"{key}.kernels"), value(metrics, f"{key}.compile_s"),
             value(metrics, f"{key}.explain_s"), value(metrics, f"{key}.checks_passed"),
             value(metrics, f"{key}.checks_failed")]
            for key, name in examples if value(metrics, f"{key}.checks_passed") is not None]
