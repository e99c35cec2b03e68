"""Every knob of the lab: one frozen dataclass, chosen by preset and device.

The GPU run and the CPU run differ in the wide variant's size (what a 2-core laptop can train
in minutes is not what makes sharding visible on an 80 GB GPU), in the timing budget and in
threads per rank; everything else is shared.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from labs.common import minigpt
from labs.common.settings_rules import PerDevice, all_positive, at_most, divides, non_empty, not_negative, one_of, positive

# Ranks on CPU unless COURSE_RANKS asks for more; on GPUs one rank per visible GPU.
RANKS_ENV = "COURSE_RANKS"
PATTERNS = ("single", "ddp", "fsdp2", "tensor_parallel", "pipeline")
DISTRIBUTED_PATTERNS = PATTERNS[1:]
# What a compiled pattern may compile with: Inductor, or aot_eager (Dynamo and AOTAutograd, no codegen).
COMPILE_BACKENDS = ("inductor", "aot_eager")


@dataclass(frozen=True)
class Variant:
    """One model shape and the global batch every pattern trains it on."""
    name: str
    """"minigpt" | "wide" (the four-rank part's: "four_ranks")."""
    n_layer: int
    """Transformer blocks; 0 is a model without blocks (embeddings and head: what activation
    checkpointing leaves alone, worker.py)."""
    n_head: int
    """Attention heads; they split n_embd evenly."""
    n_embd: int
    """The model's width."""
    block_size: int
    """Tokens per sequence."""
    batch_size: int
    """Sequences per step, all ranks together (data parallel splits it)."""
    microbatches: int
    """GPipe's micro-batches per step (whether they split the batch on a rank count is
    validate.py's question: it depends on the ranks)."""

    def __post_init__(self) -> None:
        non_empty("name", self.name)
        not_negative(f"{self.name}.n_layer", self.n_layer)
        for name in ("n_head", "n_embd", "block_size", "batch_size", "microbatches"):
            positive(f"{self.name}.{name}", getattr(self, name))
        divides(f"{self.name}.n_head", self.n_head, self.n_embd, f"{self.name}.n_embd")

    def tokens(self) -> int:
        return self.batch_size * self.block_size


@dataclass(frozen=True)
class Settings:
    variants: tuple[Variant, ...]
    """The model shapes every pattern trains, each name once."""
    check_steps: int
    """Steps whose losses every pattern must reproduce."""
    lr: float
    """AdamW's learning rate, constant: the loss check compares trajectories."""
    warmup_steps: int
    """Untimed steps after the check steps."""
    timing_budget_s: float
    """Per pattern, variant and mode."""
    min_timed_steps: int
    """Timed steps at least, whatever the budget."""
    max_timed_steps: int
    """Timed steps at most, whatever the budget."""
    compiled: tuple[tuple[str, str], ...]
    """(pattern, variant) pairs also run under torch.compile."""
    compile_backend: str
    """GPU: "inductor"; CPU: "aot_eager" (Dynamo and AOTAutograd, no codegen)."""
    timeline_variant: str
    """The variant whose one step is traced per pattern."""
    ddp_bucket_cap_mb: float
    """At least 1: DDPOptimizer refuses buckets under its 1 MiB first one."""
    threads_per_rank: int
    """Intra-op threads of each rank (CPU: 1; a GPU rank's host thread only launches kernels)."""
    collective_timeout_s: int
    """init_process_group(timeout=...): a stuck collective fails."""
    launch_timeout_s: int
    """One launch (one pattern, every variant) must end by then."""
    bandwidth_sizes: tuple[int, ...]
    """Bytes per all-reduce in the bandwidth sweep."""
    bandwidth_budget_s: float
    """Per size of that sweep."""
    drill_kill_step: int
    """The failure drill kills the last rank during this step, one of the checked steps."""
    seed: int = 0
    """Seeds the models' weights and the batches."""

    def __post_init__(self) -> None:
        non_empty("variants", self.variants)
        names = [v.name for v in self.variants]
        if len(set(names)) != len(names):
            raise ValueError(f"settings: variants named {names}; name each variant once")
        for name in ("check_steps", "lr", "timing_budget_s", "min_timed_steps", "max_timed_steps",
                     "threads_per_rank", "collective_timeout_s", "launch_timeout_s", "bandwidth_budget_s"):
            positive(name, getattr(self, name))
        not_negative("warmup_steps", self.warmup_steps)
        at_most("min_timed_steps", self.min_timed_steps, self.max_timed_steps, "max_timed_steps")
        for pattern, variant_name in self.compiled:
            one_of("compiled: pattern", pattern, PATTERNS)
            one_of("compiled: variant", variant_name, names)
        one_of("compile_backend", self.compile_backend, COMPILE_BACKENDS)
        one_of("timeline_variant", self.timeline_variant, names)
        if not self.ddp_bucket_cap_mb >= 1:
            raise ValueError(f"settings: ddp_bucket_cap_mb = {self.ddp_bucket_cap_mb!r}; set at least 1 "
                             "(DDPOptimizer refuses buckets under its 1 MiB first one)")
        all_positive("bandwidth_sizes", self.bandwidth_sizes)
        not_negative("drill_kill_step", self.drill_kill_step)
        at_most("drill_kill_step", self.drill_kill_step, self.check_steps - 1, "check_steps - 1")


MINIGPT = minigpt.PRESETS["full"]   # the course's MiniGPT: 4 layers, 4 heads, 64 wide, 64 tokens
MINIGPT_VARIANT = Variant("minigpt", MINIGPT.n_layer, MINIGPT.n_head, MINIGPT.n_embd,
                          MINIGPT.block_size, MINIGPT.batch_size, microbatches=4)

FULL = Settings(
    variants=(MINIGPT_VARIANT,
              # 3.2 M parameters: a CPU step of a few hundred ms with one thread per rank.
              Variant("wide", n_layer=4, n_head=8, n_embd=256, block_size=64, batch_size=16, microbatches=4)),
    # 8 checked steps: steps 0 .. 4 each measure something of their own (training.py), and the
    # step-0 gradient check, not the loss trajectory, is what catches a wrong gradient.
    check_steps=8, lr=3e-3, warmup_steps=2, timing_budget_s=1.0, min_timed_steps=5, max_timed_steps=200,
    # On a CPU only DDP's wide variant compiles: its gradients fill several buckets, so
    # DDPOptimizer's split shows (the MiniGPT's fit in one, and DDPOptimizer refuses buckets
    # under 1 MiB). And it compiles with aot_eager: Dynamo's capture, DDPOptimizer's split and
    # AOTAutograd's graphs, without Inductor's C++ code generation. A cold Inductor compile of a
    # training step costs about 30 s on 2 idle cores (one per pattern was half of a 362 s run)
    # and took 374 s on busy ones. The GPU run compiles every pattern with Inductor (CUDA_FULL).
    compiled=(("ddp", "wide"),), compile_backend="aot_eager",
    timeline_variant="wide",
    ddp_bucket_cap_mb=2.0, threads_per_rank=1, collective_timeout_s=60, launch_timeout_s=900,
    bandwidth_sizes=tuple(4**k * 1024 for k in range(8)),   # 1 KiB .. 16 MiB
    bandwidth_budget_s=0.2, drill_kill_step=2)
# (launch_timeout_s: a cold compile of a training step took 2 to 4 minutes per rank on this
# project's 2-core machine while other jobs ran.)

SMOKE = replace(
    FULL,
    variants=(Variant("minigpt", n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=8, microbatches=2),
              Variant("wide", n_layer=2, n_head=4, n_embd=64, block_size=32, batch_size=8, microbatches=2)),
    # 5 checked steps: steps 0 .. 4 each measure something of their own (training.py).
    check_steps=5, warmup_steps=1, timing_budget_s=0.3, min_timed_steps=3, max_timed_steps=20,
    # Smoke compiles DDP only, with the aot_eager backend: the same Dynamo capture, the same
    # DDPOptimizer split at bucket boundaries and the same AOTAutograd graphs, without
    # generating and compiling C++, which costs minutes on a busy 2-core machine. The full
    # preset compiles every pattern with Inductor.
    compiled=(("ddp", "minigpt"),), compile_backend="aot_eager", timeline_variant="minigpt",
    bandwidth_sizes=(1024, 64 * 1024, 1024 * 1024), bandwidth_budget_s=0.2, launch_timeout_s=300)

# On GPUs: the wide variant is large enough that sharding its 1.6 GB of training state shows
# in every rank's peak memory. What compiles is what compiles on a CPU: with both variants
# of every pattern compiled, the cold compiles alone (20 to 50 s each on 2 H200s, DDP's
# several graphs the longest) made the run longer than a lab may take.
CUDA_FULL = replace(
    FULL,
    variants=(MINIGPT_VARIANT,
              Variant("wide", n_layer=8, n_head=16, n_embd=1024, block_size=64, batch_size=32, microbatches=4)),
    # 1 s per side, as on a CPU: about 110 steps of the MiniGPT's 9 ms step and 33 of the wide
    # variant's 30 ms one, over four rounds (min_timed_steps is the floor). At 2 s the timing
    # rounds took 69 s of a 285 s run on two H200s (2026-11-28).
    timing_budget_s=1.0,
    compiled=tuple((p, "minigpt") for p in PATTERNS) + (("ddp", "wide"),), compile_backend="inductor",
    ddp_bucket_cap_mb=25.0,
    bandwidth_sizes=tuple(4**k * 1024 for k in range(10)),  # 1 KiB .. 256 MiB
    launch_timeout_s=420)


# The four-rank part's model (gloo on CPU, every preset): four processes on a 2-core laptop are
# slow, so the model is tiny; its 4 heads, 2 layers and batch of 8 split over 4 ranks.
FOUR_RANKS = 4
FOUR_RANK_VARIANT = Variant("four_ranks", n_layer=2, n_head=4, n_embd=32, block_size=32, batch_size=8,
                            microbatches=2)
# The 2-D part's mesh on those four ranks: (data-parallel, tensor-parallel) degrees. FSDP2 shards
# over the first dimension, tensor parallelism splits over the second; their product is the ranks.
TWO_D_MESH = (2, 2)
# The four-rank part's probe: one collective of each kind on this many bytes.
PROBE_BYTES = 2**20


def _on_gpus(settings: Settings) -> Settings:
    return replace(settings, threads_per_rank=4)   # a GPU rank's host thread launches kernels; a few suffice


# One instance per preset, as in every lab: the CPU's and the GPU's settings.
SETTINGS = {"smoke": PerDevice(cpu=SMOKE, cuda=_on_gpus(SMOKE)),
            "full": PerDevice(cpu=FULL, cuda=_on_gpus(CUDA_FULL))}


def settings_for(preset: str, device: str) -> Settings:
    try:
        return SETTINGS[preset].on(device)
    except (KeyError, ValueError):
        raise ValueError(f"no settings for preset {preset!r} on {device!r}") from None


def variant(settings: Settings, name: str) -> Variant:
    return next(v for v in settings.variants if v.name == name)
