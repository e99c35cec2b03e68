"""Every knob of the lab, one frozen dataclass per preset."""

from __future__ import annotations

from dataclasses import dataclass, replace

from labs.common import minigpt


@dataclass(frozen=True)
class Settings:
    model: minigpt.TrainSettings     # the MiniGPT's shape and optimizer (fresh weights: timing only)
    batch_size: int
    seq_len: int                     # tokens per row; at most model.block_size
    trace_steps: int                 # steps timed one by one from a cold start (the spike figure)
    bench_budget_s: float            # time budget of each steady-state measurement
    # (batch, seq_len) fed one after another to one compiled model, per shape policy
    recompile_shapes: tuple[tuple[int, int], ...]
    # how part "recompiles" compiles for those shapes (names in shapes.POLICIES)
    shape_policies: tuple[str, ...]
    # max-autotune's GEMM candidates; None keeps torch's (ATen, Triton, C++ templates). Smoke
    # keeps ATen only: the mode's code path runs without compiling a template per matmul.
    autotune_gemm_backends: str | None

    @property
    def tokens_per_step(self) -> int:
        return self.batch_size * self.seq_len


SETTINGS = {
    # A one-layer MiniGPT and two shapes: every code path in about two minutes on 2 CPU cores,
    # most of it compiling (each fresh graph costs seconds of C++ compilation here).
    "smoke": Settings(
        model=replace(minigpt.PRESETS["smoke"], n_layer=1, n_head=2, n_embd=32, block_size=32),
        batch_size=8, seq_len=32, trace_steps=6, bench_budget_s=0.5,
        recompile_shapes=((8, 32), (16, 24)),
        shape_policies=("static", "automatic", "dynamic", "mark_dynamic"),
        autotune_gemm_backends="ATEN"),
    # The MiniGPT that `trained_minigpt("full")` trains, at its own batch and block size; shapes
    # change batch first, then length, then both, then come back: what a real loop meets when it
    # evaluates, packs variable-length data or ends an epoch on a short batch.
    "full": Settings(
        model=minigpt.PRESETS["full"],
        batch_size=64, seq_len=64, trace_steps=25, bench_budget_s=4.0,
        recompile_shapes=((64, 64), (32, 64), (64, 48), (48, 40), (64, 64)),
        shape_policies=("static", "automatic", "dynamic", "mark_dynamic"),
        autotune_gemm_backends=None),
}
