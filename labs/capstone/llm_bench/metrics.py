"""Serving metrics from per-token timestamps.

    start ──prefill──▶ token 1 ──decode──▶ token 2 ── … ──▶ token n
    TTFT  = t(token 1) - start
    TPOT  = (t(token n) - t(token 1)) / (n - 1)      the decode tokens only
    e2e   = t(token n) - start

TTFT is what a user waits before anything appears (the prompt's prefill and the first
sample); TPOT is the streaming rate after it. Dividing e2e by n, as a benchmark without
streaming must, mixes the two and hides a slow prefill behind a long answer. ITL, the
inter-token latency, is every gap between two tokens (vLLM's and gpt-fast's measure): a TPOT
is one generation's mean of them, so ITL has as many samples as decoded tokens.

A percentile is published only when enough samples lie beyond it: the 95th needs 20 (one in
twenty above it), the 99th 100 (`MIN_SAMPLES`); below that it is None, never a number that is
really the largest sample. Every summary carries its n.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TokenTimes:
    start: float
    stamps: tuple[float, ...]        # when each generated token reached the host

    def __post_init__(self):
        if not self.stamps:
            raise ValueError("a generation produced no token")
        if any(b < a for a, b in zip((self.start,) + self.stamps, self.stamps)):
            raise ValueError("token timestamps must not go backwards")

    @property
    def ttft_s(self) -> float:
        return self.stamps[0] - self.start

    @property
    def tpot_s(self) -> float | None:
        """Mean time per decode token; None for a one-token answer (there is no decode)."""
        if len(self.stamps) < 2:
            return None
        return (self.stamps[-1] - self.stamps[0]) / (len(self.stamps) - 1)

    @property
    def e2e_s(self) -> float:
        return self.stamps[-1] - self.start

    @property
    def inter_token_s(self) -> list[float]:
        return [b - a for a, b in zip(self.stamps, self.stamps[1:])]


def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between ranks (numpy's default); q in [0, 100]."""
    return float(np.percentile(np.asarray(values, dtype=float), q))


MIN_SAMPLES = {50: 1, 95: 20, 99: 100}


def supported_percentile(values: list[float], q: int) -> float | None:
    """The q-th percentile, or None when fewer than MIN_SAMPLES[q] samples support it."""
    return percentile(values, q) if values and len(values) >= MIN_SAMPLES[q] else None


@dataclass(frozen=True)
class Summary:
    generations: int                 # n of TTFT, e2e (and of TPOT, less one-token answers)
    tokens: int
    ttft_p50_ms: float
    ttft_p95_ms: float | None        # None: fewer than 20 generations
    tpot_p50_ms: float | None
    e2e_p50_ms: float
    e2e_p95_ms: float | None
    throughput_tok_s: float          # tokens generated over the time spent generating them
    itl_n: int = 0                   # inter-token gaps measured
    itl_p50_ms: float | None = None
    itl_p99_ms: float | None = None  # None: fewer than 100 gaps
    ttft_p99_ms: float | None = None


def summarize(times: list[TokenTimes]) -> Summary:
    if not times:
        raise ValueError("no generations to summarize")
    ttft = [t.ttft_s * 1e3 for t in times]
    e2e = [t.e2e_s * 1e3 for t in times]
    tpot = [t.tpot_s * 1e3 for t in times if t.tpot_s is not None]
    itl = [gap * 1e3 for t in times for gap in t.inter_token_s]
    tokens = sum(len(t.stamps) for t in times)
    return Summary(generations=len(times), tokens=tokens,
                   ttft_p50_ms=percentile(ttft, 50), ttft_p95_ms=supported_percentile(ttft, 95),
                   tpot_p50_ms=supported_percentile(tpot, 50),
                   e2e_p50_ms=percentile(e2e, 50), e2e_p95_ms=supported_percentile(e2e, 95),
                   throughput_tok_s=tokens / (sum(e2e) / 1e3), itl_n=len(itl),
                   itl_p50_ms=supported_percentile(itl, 50), itl_p99_ms=supported_percentile(itl, 99),
                   ttft_p99_ms=supported_percentile(ttft, 99))


def decode_bandwidth(bytes_per_step: float, tpot_s: float) -> float:
    """Bytes per second a decode step reads: every weight once, plus the KV cache it attends
    over, in one TPOT. Decoding one token multiplies each weight once: there is nothing to
    reuse, so this rate, not arithmetic, bounds it."""
    return bytes_per_step / tpot_s
