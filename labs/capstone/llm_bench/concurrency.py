"""Several requests in flight: static batching, measured the way a server reports it.

B requests of the same prompt length are prefilled together and decoded in lockstep, one
step of the growing-cache eager decoder for all of them, each step's tokens sent to the host
as a server streams them. Every request of a batch sees the same timestamps, so TTFT and TPOT
are the batch's; throughput counts every request's tokens; goodput counts only the tokens of
requests that met the latency target (TTFT and TPOT both within it), which is what a service
with a latency objective can sell (vLLM's benchmarks report it the same way).

A decode step at batch 1 reads every weight to produce one token per layer; at batch B the
same read produces B tokens. Throughput then grows with B until the step stops being bound by
latency and starts being bound by the hardware: how far it grows is the measurement.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import torch

from labs.capstone.llm_bench.decoder import GrowingCacheDecoder
from labs.capstone.llm_bench.metrics import TokenTimes, percentile, supported_percentile
from labs.capstone.llm_bench.models import LoadedModel


@dataclass(frozen=True)
class Target:
    """The latency objective a request must meet for its tokens to count as goodput."""
    ttft_ms: float
    tpot_ms: float

    def met(self, times: TokenTimes) -> bool:
        tpot = times.tpot_s
        return times.ttft_s * 1e3 <= self.ttft_ms and (tpot is None or tpot * 1e3 <= self.tpot_ms)


@dataclass(frozen=True)
class BatchResult:
    batch: int
    batches: int                 # timed batches (n of TTFT and TPOT)
    ttft_p50_ms: float
    tpot_p50_ms: float | None
    itl_n: int
    itl_p99_ms: float | None
    throughput_tok_s: float
    goodput_tok_s: float
    met_share: float             # % of requests within the target

    @property
    def requests(self) -> int:
        return self.batches * self.batch


# --8<-- [start:batch]
@torch.no_grad()
def generate_batch(step: GrowingCacheDecoder, ids: torch.Tensor, new_tokens: int,
                   clock: Callable[[], float] = time.perf_counter) -> TokenTimes:
    """One static batch, prefill then lockstep decode; a stamp when each step's tokens reach the host."""
    start = clock()
    token, cache = step(ids, [])
    token.cpu()
    stamps = [clock()]
    while len(stamps) < new_tokens:
        token, cache = step(token, cache)
        token.cpu()
        stamps.append(clock())
    return TokenTimes(start, tuple(stamps))
# --8<-- [end:batch]


def run_batch_size(loaded: LoadedModel, batch: int, prompt_tokens: int, new_tokens: int, target: Target,
                   budget_s: float, min_batches: int = 2) -> BatchResult:
    device = loaded.model.tok_emb.weight.device
    generator = torch.Generator().manual_seed(batch)
    ids = torch.randint(loaded.model.config.vocab_size, (batch, prompt_tokens), generator=generator).to(device)
    step = GrowingCacheDecoder(loaded.model)
    generate_batch(step, ids, new_tokens)                      # warm-up, untimed
    runs: list[TokenTimes] = []
    began = time.perf_counter()
    while len(runs) < min_batches or time.perf_counter() - began < budget_s:
        runs.append(generate_batch(step, ids, new_tokens))
    tokens = batch * new_tokens
    seconds = sum(r.e2e_s for r in runs)
    good = sum(tokens for r in runs if target.met(r))
    tpots = [r.tpot_s * 1e3 for r in runs if r.tpot_s is not None]
    gaps = [gap * 1e3 for r in runs for gap in r.inter_token_s]
    return BatchResult(batch=batch, batches=len(runs), ttft_p50_ms=percentile([r.ttft_s * 1e3 for r in runs], 50),
                       tpot_p50_ms=percentile(tpots, 50) if tpots else None, itl_n=len(gaps),
                       itl_p99_ms=supported_percentile(gaps, 99), throughput_tok_s=tokens * len(runs) / seconds,
                       goodput_tok_s=good / seconds, met_share=100 * sum(target.met(r) for r in runs) / len(runs))
