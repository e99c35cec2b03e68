"""Every knob of Lab 03, per preset: smoke runs in the test suite, full is what the site shows."""

from __future__ import annotations

from dataclasses import dataclass

from labs.common.labmeta import DEVICES
from labs.common.settings_rules import all_positive, keyed_by, positive

SEED = 42
TINYHEAD_FEATURES = 64
TINYHEAD_VOCAB = 600             # the seed's vocabulary: the softmax runs over 600 logits per row
TINYHEAD_SEED_BATCH = 2          # the seed's input shape is (2, 64)
TINYHEAD_MATCH_THRESHOLD = 1e-6  # the seed's acceptance threshold


@dataclass(frozen=True)
class Settings:
    tinyhead_batches: tuple[int, ...]
    """Part E's sweep for TinyHead: rows per call; includes the seed's batch."""
    minigpt_batches: tuple[int, ...]
    """Part E's sweep for the MiniGPT: sequences of block_size tokens per call."""
    minigpt_match_batch: int
    """Sequences in Part A's eager-against-compiled comparison."""
    bench_budget_s: float
    """Time budget of each (size, variant) measurement."""
    pays_off_after: int
    """Stop the MiniGPT sweep after this many sizes in a row where compiled is faster: it has
    clearly paid off."""
    autotune_batch: int
    """The MiniGPT batch of max-autotune against default: one no other part compiles, so both
    modes start cold."""
    cuda_graph_batches: tuple[int, ...]
    """GPU only: the batches of reduce-overhead against default."""
    ceiling_shapes: dict[str, tuple[int, int, int, int]]
    """Part ceilings' three memory-bound kernels, per device: softmax rows (of 600), attention
    heads × seq × seq, GELU elements. Each input is far larger than the caches, so the kernel
    streams from memory, as a real model's large activations do."""

    def __post_init__(self) -> None:
        for name in ("tinyhead_batches", "minigpt_batches", "cuda_graph_batches"):
            all_positive(name, getattr(self, name))
        if TINYHEAD_SEED_BATCH not in self.tinyhead_batches:
            raise ValueError(f"settings: tinyhead_batches = {self.tinyhead_batches!r}; include the seed's batch, "
                             f"{TINYHEAD_SEED_BATCH} (Part E reads the seed's shape from the sweep)")
        for name in ("minigpt_match_batch", "bench_budget_s", "pays_off_after", "autotune_batch"):
            positive(name, getattr(self, name))
        keyed_by("ceiling_shapes", self.ceiling_shapes, DEVICES)
        for device, shape in self.ceiling_shapes.items():
            if len(shape) != 4:
                raise ValueError(f"settings: ceiling_shapes[{device!r}] = {shape!r}; give four sizes: softmax rows, "
                                 "attention heads, attention seq, GELU elements")
            all_positive(f"ceiling_shapes[{device!r}]", shape)


SETTINGS = {
    "smoke": Settings(tinyhead_batches=(2, 256), minigpt_batches=(1, 8), minigpt_match_batch=4,
                      bench_budget_s=0.2, pays_off_after=2, autotune_batch=2,
                      cuda_graph_batches=(1,),
                      ceiling_shapes={"cpu": (4096, 16, 128, 2**20), "cuda": (65536, 64, 256, 2**24)}),
    # TinyHead up to 65536 rows, where a fused softmax could pay for its overhead if ever;
    # the MiniGPT up to 256 sequences of 64 tokens (16384 tokens a call).
    "full": Settings(tinyhead_batches=(2, 16, 128, 1024, 8192, 65536),
                     minigpt_batches=(1, 4, 16, 64, 256), minigpt_match_batch=8,
                     bench_budget_s=0.6, pays_off_after=3, autotune_batch=32,
                     cuda_graph_batches=(1, 16),
                     ceiling_shapes={"cpu": (32768, 128, 256, 2**24), "cuda": (262144, 256, 256, 2**26)}),
}
