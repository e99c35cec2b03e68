"""Every knob of the capstone, per preset and device: smoke runs in the test suite, full is
what the site shows. A GPU and a 2-core CPU differ by orders of magnitude, so each preset has
one Settings per device (`SETTINGS[preset]` is a PerDevice); `settings_for(preset, device)` picks it."""

from __future__ import annotations

from dataclasses import dataclass

from labs.capstone.llm_bench.workloads import WORKLOADS
from labs.common.labmeta import PRESETS
from labs.common.settings_rules import PerDevice, all_of, all_positive, divides, not_negative, one_of, positive

SEED = 0


@dataclass(frozen=True)
class Settings:
    # -- Project A: mlopt on ResNet-18 -------------------------------------------------------
    resnet_input: tuple[int, ...]
    """ResNet-18's input: (batch, channels, height, width)."""
    resnet_budget_s: float
    """Per interleaved A/B comparison."""
    resnet_compare_compile: bool
    """Time torch.compile too (its CPU compile is ~30 s)."""
    pass_budget_s: float
    """Per pass: before/after timing inside the pipeline."""
    cli_budget_s: float
    """--budget-s of the command-line run (0: no timing)."""
    # -- Project B: memfuse ------------------------------------------------------------------
    mlp_rows: int
    """M of the MLP block the backend compiles."""
    mlp_width: int
    """n_embd of that block (GPT-2 small: 768)."""
    bench_rows: tuple[int, ...]
    """M values of the Linear + GELU benchmark."""
    bench_dtypes: tuple[str, ...]
    """dtypes of that benchmark (names in DTYPES)."""
    bench_budget_s: float
    """Per variant and case."""
    bench_max_autotune: bool
    """Also compile Inductor's max-autotune (GPU only)."""
    # -- Project C: llm_bench ----------------------------------------------------------------
    minigpt_prompts: int
    """Held-out grammar prompts per generation batch."""
    minigpt_backends: tuple[str, ...]
    """The MiniGPT's backends (names in ALL_BACKENDS)."""
    gpt2_layers: int
    """GPT-2 small: 12 layers of width 768, 12 heads."""
    gpt2_width: int
    """The GPT-2-shaped model's width; its heads split it evenly."""
    gpt2_heads: int
    """The GPT-2-shaped model's attention heads."""
    gpt2_backends: tuple[str, ...]
    """The GPT-2-shaped model's backends, in the order they are measured (names in ALL_BACKENDS)."""
    gpt2_workloads: tuple[str, ...]
    """Names from llm_bench.workloads.WORKLOADS."""
    gpt2_token_scale: float
    """Output tokens of the seed's workloads are scaled by this."""
    llm_dtype: str
    """The GPT-2-shaped model's dtype (a name in DTYPES)."""
    cell_budget_s: float
    """MiniGPT: timed generations per backend, by time."""
    llm_budget_s: float
    """GPT-2: timed generations of the whole sweep, split evenly over its cells (warm-ups apart);
    every cell runs (gpt2_cell_budget_s refuses a budget too small for them)."""
    deadline_s: float
    """The whole lab: a GPT-2 cell that would start after it is a row saying so (a GPU command
    may run 10 minutes)."""
    # -- Project C: several requests in flight (static batching, the GPT-2-shaped model) -----
    concurrency: tuple[int, ...] = (1, 4, 16)
    """Requests in flight."""
    concurrency_budget_s: float = 1.0
    """Timed batches per batch size, by time."""
    latency_target_ms: tuple[float, float] = (500.0, 50.0)
    """Goodput's (TTFT, TPOT) objective: a reader's pace, 20 tokens/s, on any machine."""
    cpu_timing_threads: int | None = 1
    """Intra-op threads while timing on CPU (None: torch's default): one thread times the code,
    not the scheduler of a small machine shared with other work (see labs.common.measure.cpu_threads)."""

    def __post_init__(self) -> None:
        if len(self.resnet_input) != 4:
            raise ValueError(f"settings: resnet_input = {self.resnet_input!r}; give (batch, channels, height, width)")
        all_positive("resnet_input", self.resnet_input)
        for name in ("resnet_budget_s", "pass_budget_s", "mlp_rows", "mlp_width", "bench_budget_s",
                     "minigpt_prompts", "gpt2_layers", "gpt2_width", "gpt2_heads", "gpt2_token_scale",
                     "cell_budget_s", "llm_budget_s", "deadline_s", "concurrency_budget_s"):
            positive(name, getattr(self, name))
        not_negative("cli_budget_s", self.cli_budget_s)
        all_positive("bench_rows", self.bench_rows)
        all_of("bench_dtypes", self.bench_dtypes, DTYPES)
        one_of("llm_dtype", self.llm_dtype, DTYPES)
        all_of("minigpt_backends", self.minigpt_backends, ALL_BACKENDS)
        all_of("gpt2_backends", self.gpt2_backends, ALL_BACKENDS)
        all_of("gpt2_workloads", self.gpt2_workloads, WORKLOADS)
        divides("gpt2_heads", self.gpt2_heads, self.gpt2_width, "gpt2_width")
        all_positive("concurrency", self.concurrency)
        if len(self.latency_target_ms) != 2:
            raise ValueError(f"settings: latency_target_ms = {self.latency_target_ms!r}; give (TTFT, TPOT) in ms")
        all_positive("latency_target_ms", self.latency_target_ms)
        if self.cpu_timing_threads is not None:
            positive("cpu_timing_threads", self.cpu_timing_threads)


# The dtypes a benchmark or the GPT-2-shaped model may run in (torch's names).
DTYPES = ("float32", "float16", "bfloat16")
ALL_BACKENDS = ("eager", "compile_default", "compile_reduce_overhead", "static_kv")
# reduce-overhead is CUDA graphs; on a CPU it would compile the same code as default again.
CPU_BACKENDS = ("eager", "compile_default", "static_kv")
# The GPU's order of measurement (tables list them in ALL_BACKENDS' order): the cheapest first.
GPU_GPT2_ORDER = ("eager", "static_kv", "compile_default", "compile_reduce_overhead")

_SETTINGS = {
    ("smoke", "cpu"): Settings(
        resnet_input=(1, 3, 64, 64), resnet_budget_s=0.3, resnet_compare_compile=False,
        pass_budget_s=0.1, cli_budget_s=0.0,
        mlp_rows=32, mlp_width=64, bench_rows=(32,), bench_dtypes=("float32",), bench_budget_s=0.1,
        bench_max_autotune=False,
        minigpt_prompts=4, minigpt_backends=("eager", "static_kv"),
        gpt2_layers=2, gpt2_width=128, gpt2_heads=4, gpt2_backends=("eager",),
        gpt2_workloads=("chat_short",), gpt2_token_scale=0.125, llm_dtype="float32",
        cell_budget_s=0.2, llm_budget_s=0.2, deadline_s=900.0, concurrency=(1, 4), concurrency_budget_s=0.1),
    ("full", "cpu"): Settings(
        resnet_input=(1, 3, 224, 224), resnet_budget_s=1.2, resnet_compare_compile=True,
        pass_budget_s=0.5, cli_budget_s=0.5,
        mlp_rows=256, mlp_width=768, bench_rows=(64, 256), bench_dtypes=("float32",),
        bench_budget_s=0.3, bench_max_autotune=False,
        minigpt_prompts=24, minigpt_backends=CPU_BACKENDS,
        # Compiling the 12-layer model takes minutes on 2 cores: eager only, for the bandwidth.
        gpt2_layers=12, gpt2_width=768, gpt2_heads=12, gpt2_backends=("eager",),
        gpt2_workloads=("chat_short",), gpt2_token_scale=0.25, llm_dtype="float32",
        cell_budget_s=1.0, llm_budget_s=1.0, deadline_s=1500.0, concurrency_budget_s=1.0),
    ("smoke", "cuda"): Settings(
        resnet_input=(2, 3, 64, 64), resnet_budget_s=0.3, resnet_compare_compile=True,
        pass_budget_s=0.1, cli_budget_s=0.0,
        mlp_rows=64, mlp_width=128, bench_rows=(512,), bench_dtypes=("float16",), bench_budget_s=0.1,
        bench_max_autotune=False,
        minigpt_prompts=4, minigpt_backends=ALL_BACKENDS,
        gpt2_layers=2, gpt2_width=128, gpt2_heads=4, gpt2_backends=GPU_GPT2_ORDER,
        gpt2_workloads=("chat_short",), gpt2_token_scale=0.25, llm_dtype="float16",
        cell_budget_s=0.2, llm_budget_s=0.8, deadline_s=600.0, concurrency_budget_s=0.1),
    # The seed's shapes: GPT-2 small's MLP at three token counts, two half-precision types;
    # the seed's four workloads at an eighth of their output length, every backend on every one:
    # 16 cells of at most 1 s of timed generations each (a cell stops sooner once its published
    # percentiles have their samples: 20 generations, 100 gaps), compile warm-ups apart. Those
    # cost far more than the timing (H100, 2026-11-25: about 30 s of compile in each compiled
    # backend's first cell: Dynamo about 6 s, AOTAutograd's tracing about 10, Inductor about 12;
    # reduce-overhead then records one CUDA graph per decode step of every prompt's path, 116
    # here, about 17 s, against 288 steps at 0.3). Budgets elsewhere are what a stable median needs (the verdicts held at half of the
    # earlier ones). The whole lab (about 5 minutes on an H100) must fit one 10-minute GPU command:
    # the deadline leaves room for the last parts and the report.
    ("full", "cuda"): Settings(
        resnet_input=(32, 3, 224, 224), resnet_budget_s=1.0, resnet_compare_compile=True,
        pass_budget_s=0.25, cli_budget_s=0.25,
        mlp_rows=2048, mlp_width=768, bench_rows=(512, 2048, 8192), bench_dtypes=("float16", "bfloat16"),
        bench_budget_s=0.2, bench_max_autotune=True,
        minigpt_prompts=24, minigpt_backends=ALL_BACKENDS,
        gpt2_layers=12, gpt2_width=768, gpt2_heads=12, gpt2_backends=GPU_GPT2_ORDER,
        gpt2_workloads=("chat_short", "chat_long", "code_gen", "summarize"), gpt2_token_scale=0.125,
        llm_dtype="float16", cell_budget_s=1.0, llm_budget_s=16.0, deadline_s=470.0, concurrency_budget_s=0.5),
}

# One instance per preset, as in every lab.
SETTINGS = {preset: PerDevice(cpu=_SETTINGS[(preset, "cpu")], cuda=_SETTINGS[(preset, "cuda")])
            for preset in PRESETS}


# Each GPT-2 cell times generations for at least this long (and at least two of them): less is
# not a measurement, so a sweep whose budget cannot give every cell this much is refused.
MIN_CELL_S = 0.2


def gpt2_cell_budget_s(settings: Settings) -> float:
    """The timed budget of one GPT-2 cell; a ValueError, saying the smallest budget that works,
    when the sweep's budget cannot measure every cell (fewer tokens, never fewer cells)."""
    cells = len(settings.gpt2_backends) * len(settings.gpt2_workloads)
    if settings.llm_budget_s < cells * MIN_CELL_S:
        raise ValueError(f"the GPT-2 sweep's budget of {settings.llm_budget_s:g} s cannot measure its {cells} "
                         f"cells (at least {MIN_CELL_S:g} s each): set llm_budget_s to at least "
                         f"{cells * MIN_CELL_S:g} s, or scale the tokens down with gpt2_token_scale")
    return settings.llm_budget_s / cells


def settings_for(preset: str, device: str) -> Settings:
    try:
        return SETTINGS[preset].on(device)
    except (KeyError, ValueError):
        raise ValueError(f"no settings for preset {preset!r} on {device!r}") from None
