"""Every knob of the background numbers: which rows each table computes.

Arithmetic takes milliseconds, so the smoke preset (the tests) computes exactly what the site
shows: both presets are one instance.
"""

from __future__ import annotations

from dataclasses import dataclass

from labs.common.settings_rules import all_positive, fraction, positive


@dataclass(frozen=True)
class Settings:
    contexts: tuple[int, ...]
    """KV-cache table: tokens per sequence."""
    batches: tuple[int, ...]
    """KV-cache table: sequences in flight."""
    zero_gpus: tuple[int, ...]
    """ZeRO table: the data-parallel degree."""
    pipeline_stages: tuple[int, ...]
    """Pipeline-bubble table: stages of the pipeline."""
    microbatches: tuple[int, ...]
    """Pipeline-bubble table: micro-batches per step."""
    score_contexts: tuple[int, ...]
    """Attention-score matrix table: tokens per sequence."""
    fusion_chain: tuple[int, ...]
    """Fusion table: pointwise ops in a chain."""
    fusion_tokens: int
    """Fusion table: rows of the activation the chain runs over."""
    acceptance: tuple[float, ...]
    """Speculative decoding: the chance alpha that the target accepts a drafted token (below 1)."""
    draft_lengths: tuple[int, ...]
    """Speculative decoding: gamma, tokens drafted per target step."""
    draft_cost: float
    """Speculative decoding: the cost of one draft step over one target step (assumed)."""
    lora_ranks: tuple[int, ...]
    """LoRA table: adapter ranks."""
    cluster_gpus: int
    """Training-time estimate: H100s in the cluster (assumed)."""
    mfu: float
    """Training-time estimate: model FLOPs utilization, a fraction of the BF16 peak (assumed)."""

    def __post_init__(self) -> None:
        for name in ("contexts", "batches", "zero_gpus", "pipeline_stages", "microbatches", "score_contexts",
                     "fusion_chain", "draft_lengths", "lora_ranks"):
            all_positive(name, getattr(self, name))
        for name in ("fusion_tokens", "draft_cost", "cluster_gpus"):
            positive(name, getattr(self, name))
        all_positive("acceptance", self.acceptance)
        for at, alpha in enumerate(self.acceptance):   # alpha = 1 divides by zero in the expectation
            fraction(f"acceptance[{at}]", alpha, one_allowed=False)
        fraction("mfu", self.mfu, one_allowed=True)


_SETTINGS = Settings(
    contexts=(1024, 4096, 32768, 131072),
    batches=(1, 8, 32),
    zero_gpus=(8, 64, 512),
    pipeline_stages=(4, 8),
    microbatches=(1, 4, 8, 16, 32, 64),
    score_contexts=(1024, 4096, 16384, 65536),
    fusion_chain=(1, 2, 4, 8),
    fusion_tokens=16384,
    acceptance=(0.5, 0.6, 0.7, 0.8, 0.9),
    draft_lengths=(1, 2, 3, 4, 5, 8),
    draft_cost=0.05,
    lora_ranks=(4, 8, 16, 64),
    cluster_gpus=1024,
    mfu=0.4,
)
SETTINGS = {"smoke": _SETTINGS, "full": _SETTINGS}
