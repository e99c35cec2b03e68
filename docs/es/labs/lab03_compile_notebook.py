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
# # Lab 03, paso a paso: compilar, volcar, leer, anotar, medir
#
# Este cuaderno recorre las partes A a E del Lab 03 celda a celda, en tu propia máquina.
# Usa los módulos del propio laboratorio, así que lo que ves aquí es lo que el laboratorio
# mide. Ejecútalo desde cualquier carpeta dentro del repositorio del curso; basta una CPU
# (en una GPU los kernels son de Triton en lugar de C++).
#
# Inductor lee `TORCH_COMPILE_DEBUG` y `TORCH_LOGS` una sola vez, al importar torch, así que
# la primera celda las define y dirige todas las carpetas que escribe Inductor a una carpeta
# de trabajo nueva.

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
# ## Parte A: ¿calcula lo mismo el modelo compilado?
#
# TinyHead es una capa lineal y un softmax. Compílalo, llámalo una vez (esa primera llamada
# es la compilación) y compáralo con eager con la entrada `(2, 64)` de la especificación.

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
# Ahora el MiniGPT de gramática. `trained_minigpt` lo entrena una vez y guarda el punto de
# control en caché; la siguiente llamada, desde cualquier laboratorio o cuaderno, lo carga.
# Sus logits se comparan con una tolerancia que sale del épsilon de float32: un kernel
# fusionado suma en otro orden que eager.

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
# ## Parte B: lo que escribió Inductor
#
# Una carpeta por grafo compilado, cada una con el grafo FX, la IR antes y después de la
# fusión y `output_code.py`; los kernels propiamente dichos están en la carpeta de caché.

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
# ## Parte C: el kernel de softmax fusionado
#
# El primer grafo es el de TinyHead. Busca el kernel que lleva `softmax` en el nombre e
# imprímelo con números de línea: el máximo, x - max, exp, la suma y la división ocurren
# todos dentro de él.

# %%
tiny_graph = inductor_output.load_graph(graphs[0])
_, kernel = inductor_output.find_kernel([tiny_graph], r"softmax")
print(kernel.name, "\n")
for number, line in enumerate(kernel.source.splitlines(), start=1):
    print(f"{number:4d}  {line}")

# %% [markdown]
# Y el `call()` del envoltorio: el producto de matrices es una llamada a una biblioteca, y
# solo se reservan los búferes que salen de un kernel.

# %%
print(tiny_graph.wrapper_call)

# %% [markdown]
# ## Parte D: la anotación, extraída por código
#
# `annotate` lee el kernel, el envoltorio y `ir_post_fusion.txt` y devuelve hechos, cada uno
# con la línea del kernel de la que sale. Compáralos con el listado de arriba.

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
# ## Parte E: eager frente a compilado, en caliente
#
# Una compilación nueva por tamaño, la primera llamada medida aparte como tiempo de
# compilación, y después los dos modelos medidos dentro de un presupuesto de tiempo (nunca
# un número fijo de llamadas lentas).

# %%
from labs.lab03_compile import profiling

with torch.no_grad():
    for batch in (2, 1024):
        result = profiling.measure(tiny, lambda b: torch.randn(b, 64, device=DEVICE), batch, DEVICE, budget_s=0.5)
        print(f"TinyHead batch {batch:5d}: eager {result.eager.median_s * 1e6:8.1f} µs, "
              f"compiled {result.compiled.median_s * 1e6:8.1f} µs -> {result.verdict} "
              f"(compile {result.compile_s:.1f} s)")

# %% [markdown]
# Lo mismo para el MiniGPT, cuyas muchas operaciones pequeñas (normalizaciones, GELU, el
# softmax con máscara) dan a la fusión más que ahorrar. ¿Qué ves en tu máquina? Los dos
# resultados enseñan algo: un modelo demasiado pequeño para beneficiarse es tan instructivo
# como una aceleración.

# %%
with torch.no_grad():
    for batch in (1, 16):
        make = lambda b: minigpt.get_batch(val_data, b, gpt.config.block_size,  # noqa: E731
                                           torch.Generator().manual_seed(b), DEVICE)[0]
        result = profiling.measure(gpt, make, batch, DEVICE, budget_s=0.5)
        print(f"MiniGPT batch {batch:3d}: eager {result.eager.median_s * 1e6:8.1f} µs, "
              f"compiled {result.compiled.median_s * 1e6:8.1f} µs -> {result.verdict} "
              f"(compile {result.compile_s:.1f} s)")
