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
# This notebook walks through Parts A to E of Lab 03 one cell at a time, on your own
# machine. It uses the lab's own modules, so what you see here is what the lab measures.
# Run it from anywhere inside the course repository; a CPU is enough (on a GPU the kernels
# are Triton instead of C++).
#
# Inductor reads `TORCH_COMPILE_DEBUG` and `TORCH_LOGS` once, when torch is imported, so the
# first cell sets them, and points every folder Inductor writes at a fresh scratch folder.

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
os.environ["TORCH_COMPILE_DEBUG"] = "1"
os.environ["TORCH_COMPILE_DEBUG_DIR"] = str(SCRATCH / "debug")
os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(SCRATCH / "inductor-cache")  # fresh: kernels are dumped
PRESET = os.environ.get("LAB03_PRESET", "smoke")  # "full" trains the real MiniGPT (minutes on a CPU)

import torch  # noqa: E402  (after the environment, on purpose)

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
print(f"torch {torch.__version__} on {DEVICE}; scratch folder {SCRATCH}")

# %% [markdown]
# ## Part A: does the compiled model compute the same thing?
#
# TinyHead is one linear layer and a softmax. Compile it, call it once (that first call is
# the compile), and compare with eager on the seed's `(2, 64)` input.

# %%
from labs.common import timing
from labs.lab03_compile.tinyhead import TinyHead

torch.manual_seed(42)
tiny = TinyHead().to(DEVICE).eval()
tiny_compiled = torch.compile(tiny, dynamic=False)
x = torch.randn(2, 64, device=DEVICE)
with torch.no_grad():
    compile_s = timing.first_call_s(lambda: tiny_compiled(x), DEVICE)
    error = (tiny(x) - tiny_compiled(x)).abs().max().item()
print(f"first call (compile): {compile_s:.1f} s; max |eager - compiled| = {error:.2e} (seed: < 1e-6)")

# %% [markdown]
# Now the grammar MiniGPT. `trained_minigpt` trains it once and caches the checkpoint; the
# next call, from any lab or notebook, loads it. Its logits are compared against a tolerance
# derived from float32's epsilon: a fused kernel adds in another order than eager does.

# %%
from labs.common import minigpt
from labs.common.grammar import build_corpus
from labs.lab03_compile.lab import logits_tolerance

gpt, info = minigpt.trained_minigpt(PRESET, DEVICE)
print(f"{info.params:,} parameters; held-out exact match {info.val_exact_match:.1%} "
      f"({'loaded from the cache' if info.cached else f'trained in {info.train_s:.0f} s'})")

_, val_data = minigpt.encoded_splits(build_corpus())
idx, _ = minigpt.get_batch(val_data, 8, gpt.config.block_size, torch.Generator().manual_seed(0), DEVICE)
gpt_compiled = torch.compile(gpt, dynamic=False)
with torch.no_grad():
    eager_logits = gpt(idx)[0]
    error = (eager_logits - gpt_compiled(idx)[0]).abs().max().item()
tolerance = logits_tolerance(eager_logits.abs().max().item(), 4 * gpt.config.n_embd)
print(f"max |eager - compiled| = {error:.2e}, tolerance {tolerance:.2e}: {'ok' if error <= tolerance else 'FAIL'}")

# %% [markdown]
# ## Part B: what Inductor wrote
#
# One folder per compiled graph, each with the FX graph, the IR before and after fusion and
# `output_code.py`; the kernels themselves sit in the cache folder.

# %%
from labs.common import inductor_output

graphs = inductor_output.graph_folders(SCRATCH / "debug")
for folder in graphs:
    print(folder.name)
    for relpath, size in inductor_output.tree_listing(folder):
        print(f"    {relpath:55s} {size:>8,} bytes")
cache_files = inductor_output.tree_listing(SCRATCH / "inductor-cache")
print(f"cache: {len(cache_files)} files, e.g. {[p for p, _ in cache_files if p.endswith(('.cpp', '.py'))][:3]}")

# %% [markdown]
# ## Part C: the fused softmax kernel
#
# The first graph is TinyHead's. Find the kernel with `softmax` in its name and print it
# with line numbers: max, x - max, exp, sum and the division all happen inside it.

# %%
tiny_graph = inductor_output.load_graph(graphs[0])
_, kernel = inductor_output.find_kernel([tiny_graph], r"softmax")
print(kernel.name, "\n")
for number, line in enumerate(kernel.source.splitlines(), start=1):
    print(f"{number:4d}  {line}")

# %% [markdown]
# And the wrapper's `call()`: the matrix product is a library call, and only the buffers
# that leave a kernel are allocated.

# %%
print(tiny_graph.wrapper_call)

# %% [markdown]
# ## Part D: the annotation, extracted by code
#
# `annotate` reads the kernel, the wrapper and `ir_post_fusion.txt` and returns facts, each
# with the kernel line it comes from. Compare them with the listing above.

# %%
from labs.lab03_compile import annotate

annotation = annotate.annotate(tiny_graph, kernel)
print("fused ops:", annotation.fused_ops, f"(from {annotation.fused_ops_source})")
print("softmax steps found:", annotation.steps_found)
print("reductions:", annotation.reduction_style, "| exp(x - max) lives in:", annotation.exp_home)
print("IR buffers never allocated by call():", [(b.name, b.role) for b in annotation.absent])
for fact in annotation.facts:
    where = f"{fact.file}:{fact.line}" if fact.line else ""
    print(f"{where:>18}  {fact.topic:14s} {fact.detail}")

# %% [markdown]
# ## Part E: eager against compiled, on the warm path
#
# A fresh compile per size, the first call timed apart as the compile time, then both
# models timed within a time budget (never a fixed count of a slow call).

# %%
from labs.lab03_compile import profiling

with torch.no_grad():
    for batch in (2, 1024):
        result = profiling.measure(tiny, lambda b: torch.randn(b, 64, device=DEVICE), batch, DEVICE, budget_s=0.5)
        print(f"TinyHead batch {batch:5d}: eager {result.eager.median_s * 1e6:8.1f} µs, "
              f"compiled {result.compiled.median_s * 1e6:8.1f} µs -> {result.verdict} "
              f"(compile {result.compile_s:.1f} s)")

# %% [markdown]
# The same for the MiniGPT, whose many small operations (norms, GELU, the masked softmax)
# give fusion more to save. What do you see on your machine? Both outcomes are lessons:
# a model too small to benefit is as instructive as a speed-up.

# %%
with torch.no_grad():
    for batch in (1, 16):
        make = lambda b: minigpt.get_batch(val_data, b, gpt.config.block_size,  # noqa: E731
                                           torch.Generator().manual_seed(b), DEVICE)[0]
        result = profiling.measure(gpt, make, batch, DEVICE, budget_s=0.5)
        print(f"MiniGPT batch {batch:3d}: eager {result.eager.median_s * 1e6:8.1f} µs, "
              f"compiled {result.compiled.median_s * 1e6:8.1f} µs -> {result.verdict} "
              f"(compile {result.compile_s:.1f} s)")
