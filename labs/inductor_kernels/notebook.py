# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 03, step by step: compile, dump, read, annotate, time
#
# This notebook walks through the main parts of Lab 03 one cell at a time, on your own
# machine. It uses the lab's own modules, so what you see here is what the lab measures.
# Run it from anywhere inside the course repository; a CPU is enough (on a GPU the kernels
# are Triton instead of C++). The outputs below come from the course's own run of it, which
# a note after the last cell names. `LAB03_PRESET` picks the MiniGPT: `smoke`, the default,
# trains it for a few steps; `full` loads the trained checkpoint. The lab runs this notebook
# with its own preset, and the first cell prints which one.
#
# It works in two phases, as the lab does: first it compiles with Inductor's dumps switched
# on (`capture.dumps()`), and reads them; then it switches them off and times. Dumps and logs
# slow every call down, so nothing is ever timed while they are on.

# %%
import os
import sys
import tempfile
from pathlib import Path

ROOT = next((p for p in [Path.cwd(), *Path.cwd().parents] if (p / "labs" / "common").is_dir()), None)
if ROOT is None:
    raise SystemExit("Start this notebook from inside the course repository (it imports labs.*).")
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp(prefix="lab03-notebook-"))
os.environ["TORCH_COMPILE_DEBUG_DIR"] = str(SCRATCH / "debug")         # where the dumps go
os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(SCRATCH / "inductor-cache")  # fresh: every kernel compiles
PRESET = os.environ.get("LAB03_PRESET", "smoke")  # "full" loads the real MiniGPT

import torch

from labs.common import capture, inductor_output, measure

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
if DEVICE == "cpu":  # which vector instructions C++ kernels may use: test programs built once per machine
    measure.search_vector_isa()
torch.manual_seed(42)
print(f"torch {torch.__version__} on {DEVICE}, preset {PRESET}")

# %% [markdown]
# ## Part A: does the compiled model compute the same thing?
#
# TinyHead is one linear layer and a softmax. Compile it with the dumps on, call it once
# (that first call compiles), and compare with eager on the seed's `(2, 64)` input.

# %%
from labs.inductor_kernels.tinyhead import TinyHead

tiny = TinyHead().to(DEVICE).eval()
tiny_compiled = torch.compile(tiny, dynamic=False)
x = torch.randn(2, 64, device=DEVICE)
with torch.no_grad(), capture.dumps():
    error = (tiny(x) - tiny_compiled(x)).abs().max().item()
print(f"max |eager - compiled| = {error:.2e} (the seed asks for < 1e-6)")

# %% [markdown]
# Now the grammar MiniGPT. `trained_minigpt` trains it once and caches the checkpoint; the
# next call, from any lab or notebook, loads it. Its logits are compared against an estimate
# of float32's reordering error: a fused kernel adds in another order than eager does.

# %%
from labs.common import minigpt
from labs.inductor_kernels.inputs import minigpt_input
from labs.inductor_kernels.lab import logits_tolerance

gpt, info = minigpt.trained_minigpt(PRESET, DEVICE)
print(f"{info.params:,} parameters; held-out exact match {info.val_exact_match:.1%}")
idx = minigpt_input(gpt, 8, DEVICE)
gpt_compiled = torch.compile(gpt, dynamic=False)
with torch.no_grad(), capture.dumps():
    eager_logits = gpt(idx)[0]
    error = (eager_logits - gpt_compiled(idx)[0]).abs().max().item()
tolerance = logits_tolerance(eager_logits.abs().max().item(), 4 * gpt.config.n_embd)
print(f"max |eager - compiled| = {error:.2e}, estimate {tolerance:.2e}: {'ok' if error <= tolerance else 'over'}")

# %% [markdown]
# ## Part B: what Inductor wrote
#
# One folder per compiled graph, each with the FX graphs, the IR before and after fusion,
# the post-grad graph and `output_code.py`; the kernels themselves sit in the cache folder.

# %%
folders = inductor_output.graph_folders(SCRATCH / "debug")
for folder in folders:
    print(folder.name)
    for relpath, size in inductor_output.tree_listing(folder):
        print(f"    {relpath:55s} {size:>8} bytes")

# %% [markdown]
# ## Part C: the fused softmax kernel
#
# Which kernel is the softmax? Not the one with "softmax" in its name: the one that computes
# the softmax's output node in the post-grad graph, as Inductor's provenance mapping says.
# Print it with line numbers: max, x - max, exp, sum and the division are all in it.

# %%
from labs.inductor_kernels import annotate

graphs = [inductor_output.load_graph(folder) for folder in folders]
chosen = annotate.pattern_kernel(graphs[:1], "softmax")
print(chosen.kernel.name, "computes", chosen.kernel_facts.output_node, "\n")
for number, line in enumerate(chosen.kernel.source.splitlines(), start=1):
    print(f"{number:4d}  {line}")

# %% [markdown]
# ## Part D: the annotation, from Inductor's own structures
#
# Each step of the softmax, the graph nodes it comes from, and the kernel lines that compute
# it, found by following the kernel's variables. Compare them with the listing above.

# %%
facts = chosen.kernel_facts
print("pattern:", facts.pattern, f"({facts.form})", "| reductions:", facts.style)
for step in facts.steps:
    print(f"  {step.step:4s} nodes {', '.join(step.nodes):28s} lines {step.lines}")
print("buffers the IR has but call() never allocates:",
      [b["name"] for b in facts.ir_buffers or [] if b["in_call"] == "absent"])

# %% [markdown]
# ## Part E: eager against compiled, on the warm path
#
# The dumps are off from here on. Each size compiles afresh in an empty cache (its first call
# is its compile time), then eager and compiled are timed in alternating rounds, each within a
# time budget, never a fixed count of a slow call. On a GPU there are two clocks: latency
# and device time. These timings come from this notebook's own process and budget
# (`budget_s` below), not from the lab's sweep, so where eager and compiled lie a few per cent
# apart their verdict may differ from the lab page's, whose table gives each side's quartiles.

# %%
from labs.inductor_kernels.profiling import Cost, measure_size

with torch.no_grad():
    for batch in (2, 1024):
        result = measure_size(tiny, lambda b: torch.randn(b, 64, device=DEVICE), batch, DEVICE,
                              budget_s=0.5, cost=Cost(bytes=0, flops=0))
        eager, compiled = result.timing.latency
        print(f"TinyHead batch {batch:5d}: eager {eager.median_s * 1e6:8.1f} µs, "
              f"compiled {compiled.median_s * 1e6:8.1f} µs -> {result.verdict} (compile {result.compile_s:.1f} s)")

# %% [markdown]
# The same for the MiniGPT, whose many small operations (norms, GELU, the masked softmax)
# give fusion more to save. What do you see on your machine? Both outcomes are lessons:
# a model too small to benefit is as instructive as a speed-up.

# %%
from labs.inductor_kernels.inputs import LogitsOnly

with torch.no_grad():
    for batch in (1, 16):
        result = measure_size(LogitsOnly(gpt), lambda b: minigpt_input(gpt, b, DEVICE), batch, DEVICE,
                              budget_s=0.5, cost=Cost(bytes=0, flops=0))
        eager, compiled = result.timing.latency
        print(f"MiniGPT batch {batch:3d}: eager {eager.median_s * 1e6:8.1f} µs, "
              f"compiled {compiled.median_s * 1e6:8.1f} µs -> {result.verdict} (compile {result.compile_s:.1f} s)")
