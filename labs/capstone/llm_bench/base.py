"""The interface every serving backend implements, and what one generation returns.

A generation streams: the backend records the time each token reaches the host, as a
server sending tokens to a client would, so time to first token (TTFT) is measured at the
first token, not estimated as end-to-end time divided by the number of tokens.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from labs.capstone.llm_bench.metrics import TokenTimes


@dataclass(frozen=True)
class GenerationConfig:
    max_new_tokens: int = 128
    temperature: float = 0.0          # greedy: the benchmark compares backends on the same tokens
    stop_token: int | None = None     # stop early when this token is generated


@dataclass
class GenerationResult:
    output_text: str
    output_tokens: int
    token_ids: list[int]
    times: TokenTimes
    peak_memory_mb: float | None = None   # measured on a separate, untimed generation

    @property
    def ttft_ms(self) -> float:
        return self.times.ttft_s * 1e3

    @property
    def tpot_ms(self) -> float | None:
        tpot = self.times.tpot_s
        return None if tpot is None else tpot * 1e3

    @property
    def e2e_ms(self) -> float:
        return self.times.e2e_s * 1e3


@dataclass
class LLMBackend(ABC):
    """Load a model, generate from a prompt (text or token ids), clean up."""
    device: str = "cpu"
    clock: Callable[[], float] = field(default=time.perf_counter)   # tests pass a fake clock

    @abstractmethod
    def name(self) -> str: ...

    @abstractmethod
    def load_model(self, model_name: str, **kwargs) -> None: ...

    @abstractmethod
    def generate(self, prompt: str | Sequence[int], config: GenerationConfig) -> GenerationResult: ...

    @abstractmethod
    def cleanup(self) -> None: ...
