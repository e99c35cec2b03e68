"""Every knob of the lab, one frozen dataclass per preset."""

from __future__ import annotations

from dataclasses import dataclass, replace

from labs.common import autotune, minigpt
from labs.common.labmeta import DEVICES
from labs.common.settings_rules import all_of, all_positive, at_most, keyed_by, non_empty, one_of, positive
from labs.compile_compare.shapes import POLICIES

# Backends the studies may compile with: Inductor (what the page reports) or aot_eager (no codegen).
STUDY_BACKENDS = ("inductor", "aot_eager")


@dataclass(frozen=True)
class Settings:
    model: minigpt.TrainSettings
    """The MiniGPT's shape and optimizer (fresh weights: timing only)."""
    batch_size: int
    """Sequences per training step."""
    seq_len: int
    """Tokens per row; at most model.block_size."""
    trace_steps: int
    """Steps timed one by one from a cold start (the spike figure)."""
    steady_budget_s: float
    """The whole budget of the eager-against-compiled comparison."""
    compare_budget_s: float
    """The budget of each other interleaved A/B comparison."""
    study_model: minigpt.TrainSettings
    """The model of the recompilation and graph-break studies: the same width, vocabulary and
    block size with fewer blocks. They count graphs, recompilations and breaks and compare
    variants of one step with each other; every variant compiles in a cold cache (the policies
    up to four graphs each), and a deeper model only makes each compile slower."""
    recompile_shapes: tuple[tuple[int, int], ...]
    """(batch, seq_len) fed one after another to one compiled step, per shape policy; each
    seq_len at most study_model.block_size."""
    shape_policies: tuple[str, ...]
    """How part "recompiles" compiles for those shapes (names in shapes.POLICIES)."""
    symbolic_shape: tuple[int, int]
    """Where symbolic sizes are compared with constant ones: a shape of the sequence whose
    length is below the block size, so that dynamic=True's graph is symbolic there."""
    autotune_bounds: dict[str, dict[str, object]]
    """Inductor options that bound max-autotune's search, per device (see modes.py)."""
    study_backend: str = "inductor"
    """The backend of the recompilation and graph-break studies. Full compiles with Inductor, as
    the page reports. Smoke uses "aot_eager": the same graphs, guards, recompilations and
    breaks (Dynamo and AOTAutograd decide all of them) without generating and compiling C++
    kernels in each of a dozen cold caches, minutes on 2 cores for numbers no page shows."""

    def __post_init__(self) -> None:
        for name in ("batch_size", "seq_len", "trace_steps", "steady_budget_s", "compare_budget_s"):
            positive(name, getattr(self, name))
        at_most("seq_len", self.seq_len, self.model.block_size, "model.block_size")
        non_empty("recompile_shapes", self.recompile_shapes)
        for at, shape in enumerate(self.recompile_shapes):
            self._check_shape(f"recompile_shapes[{at}]", shape)
        all_of("shape_policies", self.shape_policies, POLICIES)
        self._check_shape("symbolic_shape", self.symbolic_shape)
        if self.symbolic_shape[1] >= self.study_model.block_size:
            raise ValueError(f"settings: symbolic_shape = {self.symbolic_shape!r}; its length must be below "
                             f"study_model.block_size ({self.study_model.block_size}), where dynamic=True's "
                             "graph is symbolic")
        keyed_by("autotune_bounds", self.autotune_bounds, DEVICES)
        one_of("study_backend", self.study_backend, STUDY_BACKENDS)

    def _check_shape(self, field: str, shape: tuple[int, int]) -> None:
        if len(shape) != 2:
            raise ValueError(f"settings: {field} = {shape!r}; give (batch, seq_len)")
        all_positive(field, shape)
        at_most(f"{field} seq_len", shape[1], self.study_model.block_size, "study_model.block_size")

    @property
    def tokens_per_step(self) -> int:
        return self.batch_size * self.seq_len


SETTINGS = {
    # A one-layer MiniGPT and two shapes: every code path in about a minute on 2 idle CPU cores,
    # most of it compiling (each fresh graph costs seconds of C++ compilation here). Smoke keeps
    # ATen alone among max-autotune's GEMM candidates: the mode's code path, no template compiles.
    "smoke": Settings(
        model=replace(minigpt.PRESETS["smoke"], n_layer=1, n_head=2, n_embd=32, block_size=32),
        batch_size=8, seq_len=32, trace_steps=5, steady_budget_s=0.8, compare_budget_s=0.8,
        study_model=replace(minigpt.PRESETS["smoke"], n_layer=1, n_head=2, n_embd=32, block_size=32),
        recompile_shapes=((8, 32), (16, 24)),
        shape_policies=("static", "automatic", "dynamic", "mark_dynamic"),
        symbolic_shape=(16, 24),
        autotune_bounds={device: {**bounds, "max_autotune_gemm_backends": "ATEN"}
                         for device, bounds in autotune.BOUNDS.items()},
        study_backend="aot_eager"),
    # The MiniGPT that `trained_minigpt("full")` trains, at its own batch and block size; shapes
    # change batch first, then length, then both, then come back: what a real loop meets when it
    # evaluates, packs variable-length data or ends an epoch on a short batch.
    "full": Settings(
        model=minigpt.PRESETS["full"],
        batch_size=64, seq_len=64, trace_steps=12, steady_budget_s=2.4, compare_budget_s=1.6,
        study_model=replace(minigpt.PRESETS["full"], n_layer=1),
        recompile_shapes=((64, 64), (32, 64), (64, 48), (48, 40), (64, 64)),
        shape_policies=("static", "automatic", "dynamic", "mark_dynamic"),
        symbolic_shape=(48, 40),
        # bounded as in every lab: labs/common/autotune.py says which bounds and why
        autotune_bounds=autotune.BOUNDS),
}
