"""Lab 03: compile a model, dump what Inductor writes, find the fused softmax, time it.

Parts (the seed's letters):
  A  compile match: max |eager - compiled| on the seed's input
  B  Inductor's dump: the tree of files it wrote, and the graph's output_code.py
  C  the fused softmax kernel, found by name, saved as kernel.cpp (CPU) or kernel.py (GPU)
  E  eager against compiled, warm path, over batch sizes; first call reported as compile time

Everything runs under torch.no_grad(): this is inference, and the graphs Inductor
writes are the inference graphs a deployed model would get.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import torch

from labs.common import inductor_output, timing
from labs.common.harness import Lab
from labs.lab03_compile.tinyhead import TinyHead

SEED = 42
FEATURES = 64
SEED_BATCH = 2                      # the seed's input shape is (2, 64)
MATCH_THRESHOLD = 1e-6              # the seed's acceptance threshold for TinyHead


@dataclass(frozen=True)
class Settings:
    batch_sizes: tuple[int, ...]    # Part E's sweep; must include SEED_BATCH
    bench_budget_s: float           # time budget for each (size, variant) measurement


SETTINGS = {
    "smoke": Settings(batch_sizes=(2, 256), bench_budget_s=0.2),
    # up to 65536 rows: where a fused kernel could pay for its launch overhead, if ever
    "full": Settings(batch_sizes=(2, 16, 128, 1024, 8192, 65536), bench_budget_s=1.5),
}


@dataclass
class Compiled:
    """What Part A leaves for the parts after it."""
    eager: torch.nn.Module
    compiled: torch.nn.Module


def make_input(batch: int, device: str) -> torch.Tensor:
    generator = torch.Generator().manual_seed(SEED + batch)
    return torch.randn(batch, FEATURES, generator=generator).to(device)


def part_a_compile_match(lab: Lab) -> Compiled:
    torch.manual_seed(SEED)
    model = TinyHead().to(lab.device).eval()
    compiled = torch.compile(model, mode="default", dynamic=False)
    x = make_input(SEED_BATCH, lab.device)
    compile_s = timing.first_call_s(lambda: compiled(x), lab.device)
    error = (model(x) - compiled(x)).abs().max().item()
    lab.metric("tinyhead.first_call_s", compile_s, "s")
    lab.metric("tinyhead.max_abs_err", error)
    lab.check("tinyhead_compile_match", error, "<", MATCH_THRESHOLD,
              label={"en": "TinyHead: compiled matches eager",
                     "es": "TinyHead: lo compilado coincide con eager"})
    return Compiled(eager=model, compiled=compiled)


def _debug_root() -> Path:
    return Path(os.environ["TORCH_COMPILE_DEBUG_DIR"])


def part_b_dump(lab: Lab) -> inductor_output.GraphDump:
    folders = inductor_output.graph_folders(_debug_root())
    if not folders:
        raise RuntimeError(f"Inductor wrote no output_code.py under {_debug_root()}; "
                           "was TORCH_COMPILE_DEBUG set before torch was imported?")
    graph = inductor_output.load_graph(folders[0])
    roots = {"debug": _debug_root(), "inductor-cache": Path(os.environ["TORCHINDUCTOR_CACHE_DIR"])}
    lines = []
    counts: dict[str, int] = {}
    for label, root in roots.items():
        lines.append(f"{label}/")
        for relpath, size in inductor_output.tree_listing(root):
            lines.append(f"  {relpath}  ({size:,} bytes)")
            suffix = Path(relpath).suffix or "(none)"
            counts[suffix] = counts.get(suffix, 0) + 1
    lab.write_artifact("inductor_tree", "tinyhead/inductor_tree.txt", "\n".join(lines) + "\n")
    lab.table("tinyhead_files_by_suffix", ["suffix", "files"],
              sorted([[s, n] for s, n in counts.items()], key=lambda row: -row[1]))
    for name in ("output_code.py", "fx_graph_readable.py", "ir_post_fusion.txt"):
        source = graph.folder / name
        if source.is_file():
            key = "tinyhead_" + name.replace(".", "_")
            lab.write_artifact(key, f"tinyhead/{name}", source.read_text(),
                               "python" if name.endswith(".py") else "text")
    lab.metric("tinyhead.graphs", len(folders))
    lab.metric("tinyhead.kernels", len(graph.kernels))
    return graph


def part_c_softmax_kernel(lab: Lab, graph: inductor_output.GraphDump) -> inductor_output.Kernel:
    found = inductor_output.find_kernel([graph], r"softmax")
    if found is None:
        names = ", ".join(k.name for k in graph.kernels) or "none"
        raise RuntimeError(f"no kernel with 'softmax' in its name; kernels: {names}")
    _, kernel = found
    filename = "kernel.cpp" if kernel.language == "cpp" else "kernel.py"
    lab.write_artifact("kernel", filename, kernel.source + "\n", kernel.language)
    lab.write_artifact("wrapper_call", "tinyhead/wrapper_call.py", graph.wrapper_call, "python")
    lab.metric("softmax_kernel.name", kernel.name)
    lab.metric("softmax_kernel.file", filename)
    lab.metric("softmax_kernel.lines", kernel.source.count("\n") + 1)
    return kernel


def part_e_profile(lab: Lab) -> None:
    settings = SETTINGS[lab.preset]
    torch.manual_seed(SEED)
    model = TinyHead().to(lab.device).eval()
    rows = []
    for batch in settings.batch_sizes:
        lab.progress(f"batch {batch}")
        torch._dynamo.reset()  # a fresh compile per size: no recompile limit, no dynamic shapes
        compiled = torch.compile(model, mode="default", dynamic=False)
        x = make_input(batch, lab.device)
        compile_s = timing.first_call_s(lambda: compiled(x), lab.device)
        eager_t = timing.bench(lambda: model(x), lab.device, budget_s=settings.bench_budget_s)
        compiled_t = timing.bench(lambda: compiled(x), lab.device, budget_s=settings.bench_budget_s)
        verdict = timing.verdict(eager_t, compiled_t)
        rows.append([batch,
                     eager_t.median_s * 1e6, eager_t.min_s * 1e6, eager_t.p95_s * 1e6,
                     compiled_t.median_s * 1e6, compiled_t.min_s * 1e6, compiled_t.p95_s * 1e6,
                     eager_t.median_s / compiled_t.median_s, verdict, compile_s,
                     eager_t.reps, compiled_t.reps])
        if batch == SEED_BATCH:
            lab.metric("tinyhead.seed.eager_us", eager_t.median_s * 1e6, "µs")
            lab.metric("tinyhead.seed.compiled_us", compiled_t.median_s * 1e6, "µs")
            lab.metric("tinyhead.seed.speedup", eager_t.median_s / compiled_t.median_s, "×")
            lab.metric("tinyhead.seed.verdict", verdict)
    columns = ["batch", "eager_us", "eager_min_us", "eager_p95_us",
               "compiled_us", "compiled_min_us", "compiled_p95_us",
               "speedup", "verdict", "compile_s", "eager_reps", "compiled_reps"]
    units = {c: "µs" for c in columns if c.endswith("_us")} | {"speedup": "×", "compile_s": "s"}
    lab.table("tinyhead_latency", columns, rows, units)
    lab.figure("tinyhead_latency", "tinyhead_latency", x="batch", y=["eager_us", "compiled_us"],
               error_low={"eager_us": "eager_min_us", "compiled_us": "compiled_min_us"},
               error_high={"eager_us": "eager_p95_us", "compiled_us": "compiled_p95_us"},
               log_x=True, log_y=True)
    faster = [row[0] for row in rows if row[8] == "faster"]
    lab.metric("tinyhead.first_faster_batch", faster[0] if faster else "never")
    lab.metric("tinyhead.best_speedup", max(row[7] for row in rows), "×")


def run(lab: Lab) -> None:
    with torch.no_grad():
        lab.part("A", "Compile match", part_a_compile_match)
        graph = lab.part("B", "Dump Inductor's output", part_b_dump, after=("A",))
        lab.part("C", "Find the fused softmax kernel", part_c_softmax_kernel, graph, after=("B",))
        lab.part("E", "Eager against compiled", part_e_profile)
