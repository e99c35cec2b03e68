"""Project B's parts: the backend on GPT-2's MLP block, its pitfalls, and the kernel benchmark."""

from __future__ import annotations

import copy
import time

import torch

from labs.capstone.memfuse import bench, inductor_code, pitfalls, tiles
from labs.capstone.memfuse.backend import REFUSAL, MemfuseBackend
from labs.capstone.memory import peak_bytes
from labs.capstone.numerics import kernel_tolerance, relative_error
from labs.capstone.recording import require, yes_no
from labs.capstone.settings import SEED, Settings
from labs.common.ceilings import matmul_peak
from labs.common.harness import Lab


def block_dtype(device: str) -> torch.dtype:
    return torch.float16 if device == "cuda" else torch.float32


def part_memfuse_backend(lab: Lab, settings: Settings) -> None:
    dtype = block_dtype(lab.device)
    torch.manual_seed(SEED)
    block = pitfalls.MLPBlock(settings.mlp_width).to(lab.device).eval()
    x = torch.randn(settings.mlp_rows, settings.mlp_width, generator=torch.Generator().manual_seed(SEED))
    x = x.to(lab.device, dtype)
    block = block.to(dtype)
    lab.metric("memfuse.shape", f"{settings.mlp_rows} × {settings.mlp_width}")
    lab.metric("memfuse.dtype", str(dtype).removeprefix("torch."))
    lab.metric("memfuse.preactivation_mib",
               settings.mlp_rows * 4 * settings.mlp_width * x.element_size() / 2**20, "MiB")
    torch._dynamo.reset()
    backend = MemfuseBackend(fallback="inductor")
    compiled = torch.compile(block, backend=backend, dynamic=False)
    lab.progress("compiling the MLP block with memfuse (Inductor for the rest)")
    started = time.perf_counter()
    out = compiled(x)
    lab.metric("memfuse.compile_s", time.perf_counter() - started, "s")
    record = backend.records[0]
    rows = [[g.kind, g.ops, ", ".join(g.nodes), g.dispatch(backend.fallback), g.dispatch(backend.fallback, "cuda")]
            for g in record.groups]
    lab.table("memfuse_groups", ["kind", "ops", "nodes", "runs_here", "runs_on_gpu"], rows)
    fused = sum(1 for g in record.groups if g.kind == "linear_gelu")
    lab.metric("memfuse.groups", len(record.groups))
    lab.metric("memfuse.fused_groups", fused)
    lab.metric("memfuse.registered", yes_no("memfuse" in torch._dynamo.list_backends(exclude_tags=())))
    lab.check("memfuse_dispatches_fused_op", fused, ">=", 1,
              label={"en": "memfuse replaces Linear + GELU with its fused operator",
                     "es": "memfuse sustituye Linear + GELU por su operador fusionado"})
    reference = copy.deepcopy(block).double()(x.double())
    eager_error, error = relative_error(block(x), reference), relative_error(out, reference)
    tolerance = kernel_tolerance(dtype, 4 * settings.mlp_width)
    lab.metric("memfuse.eager_error", eager_error)
    lab.metric("memfuse.relative_error", error)
    lab.metric("memfuse.tolerance", tolerance)
    lab.check("memfuse_matches_float64", error, "<=", tolerance,
              label={"en": "The memfuse-compiled block matches a float64 reference",
                     "es": "El bloque compilado con memfuse coincide con una referencia en float64"})
    record_memory(lab, record, block, compiled, x)
    require(lab, "memfuse_dispatches_fused_op", "memfuse_matches_float64")


def record_memory(lab: Lab, record, block, compiled, x: torch.Tensor) -> None:
    """The liveness estimates against the measured peaks of one call, eager and memfuse."""
    peaks = {"eager": peak_bytes(lambda: block(x), lab.device), "memfuse": peak_bytes(lambda: compiled(x), lab.device)}
    measured = {name: peak.bytes for name, peak in peaks.items()}
    # reserved: what the caching allocator held from the device at the peak (GPU; None on a CPU)
    reserved = {name: peak.reserved / 2**20 if peak.reserved is not None else None for name, peak in peaks.items()}
    rows = [["original", "eager", record.before.peak_bytes / 2**20, measured["eager"] / 2**20,
             measured["eager"] / record.before.peak_bytes, record.before.peak_node, reserved["eager"]],
            ["rewritten", "memfuse", record.after.peak_bytes / 2**20, measured["memfuse"] / 2**20,
             measured["memfuse"] / record.after.peak_bytes, record.after.peak_node, reserved["memfuse"]]]
    lab.table("memfuse_memory", ["graph", "runs_as", "estimated_mib", "measured_mib", "measured_over_estimate",
                                 "peak_node", "reserved_mib"], rows,
              {"estimated_mib": "MiB", "measured_mib": "MiB", "measured_over_estimate": "×", "reserved_mib": "MiB"})
    lab.metric("memfuse.estimate_before_mib", record.before.peak_mib, "MiB")
    lab.metric("memfuse.estimate_after_mib", record.after.peak_mib, "MiB")
    lab.metric("memfuse.measured_eager_mib", measured["eager"] / 2**20, "MiB")
    lab.metric("memfuse.measured_memfuse_mib", measured["memfuse"] / 2**20, "MiB")
    lab.metric("memfuse.estimate_saving", 100 * (1 - record.after.peak_bytes / record.before.peak_bytes), "%")
    lab.metric("memfuse.eager_estimate_ratio", measured["eager"] / record.before.peak_bytes, "×")
    lab.metric("memfuse.memfuse_estimate_ratio", measured["memfuse"] / record.after.peak_bytes, "×")


def part_memfuse_pitfalls(lab: Lab, settings: Settings) -> None:
    torch.manual_seed(SEED)
    width = 64
    block = pitfalls.MLPBlock(width).to(lab.device).eval()
    calls = (32, 16, 48, 32)
    rows = []
    for policy in pitfalls.POLICIES:
        lab.progress(f"guards: {policy}")
        run = pitfalls.guard_run(block, policy, calls, width, lab.device)
        rows.append([policy, ", ".join(map(str, calls)), run.compiles, len(run.reasons),
                     run.reasons[0] if run.reasons else ""])
        lab.metric(f"guards.{policy}.compiles", run.compiles)
        lab.metric(f"guards.{policy}.reason", run.reasons[0] if run.reasons else "")
    lab.table("pitfall_guards", ["policy", "calls", "compiles", "reasons", "first_reason"], rows)
    static = rows[0]
    lab.check("guards_each_recompile_reported", static[3], "==", static[2] - 1,
              label={"en": "Static shapes: every recompilation comes with the guard that failed",
                     "es": "Formas estáticas: cada recompilación llega con la guarda que falló"})
    lab.check("guards_mark_dynamic_compiles_once", rows[2][2], "==", 1,
              label={"en": "mark_dynamic: one compilation for every batch size",
                     "es": "mark_dynamic: una sola compilación para todos los tamaños de lote"})

    lab.progress("aliasing: liveness against the measured peak")
    aliasing = pitfalls.aliasing(512, lab.device)
    mib = 2**20
    lab.table("pitfall_aliasing", ["analysis", "peak_mib", "peak_node"],
              [["naive", aliasing.naive.peak_bytes / mib, aliasing.naive.peak_node],
               ["alias_aware", aliasing.aware.peak_bytes / mib, aliasing.aware.peak_node],
               ["measured", aliasing.measured_bytes / mib, ""]], {"peak_mib": "MiB"})
    lab.metric("aliasing.tensor_mib", aliasing.tensor_bytes / mib, "MiB")
    lab.metric("aliasing.naive_mib", aliasing.naive.peak_bytes / mib, "MiB")
    lab.metric("aliasing.aware_mib", aliasing.aware.peak_bytes / mib, "MiB")
    lab.metric("aliasing.measured_mib", aliasing.measured_bytes / mib, "MiB")
    miss_percent = 100 * abs(aliasing.aware.peak_bytes - aliasing.measured_bytes) / aliasing.measured_bytes
    lab.check("liveness_matches_measured_peak", miss_percent, "<=", 5, unit="%",
              label={"en": "Alias-aware liveness estimate within 5% of the measured peak",
                     "es": "La estimación por vivacidad con alias queda a menos del 5 % del pico medido"})

    lab.progress("autograd: compiling for training")
    with torch.enable_grad():
        refusal = pitfalls.training_refusal(block, width, lab.device)
    lab.metric("autograd.refusal", refusal)
    lab.check("backend_refuses_training", int(refusal.startswith(REFUSAL)), "==", 1,
              label={"en": "memfuse refuses a training graph with a clear message",
                     "es": "memfuse rechaza un grafo de entrenamiento con un mensaje claro"})

    lab.progress("precision: float16 against float32 accumulation")
    errors = pitfalls.accumulation_errors(256, 256, 768)
    lab.metric("precision.float32_error", errors["float32"])
    lab.metric("precision.float16_error", errors["float16"])
    lab.metric("precision.ratio", errors["float16"] / errors["float32"], "×")
    lab.check("float32_accumulation_more_accurate", errors["float16"] / errors["float32"], ">", 1.0, unit="×",
              label={"en": "Accumulating in float16 loses accuracy that float32 keeps (K = 768)",
                     "es": "Acumular en float16 pierde una precisión que float32 conserva (K = 768)"})
    require(lab, "guards_each_recompile_reported", "guards_mark_dynamic_compiles_once",
            "liveness_matches_measured_peak", "backend_refuses_training", "float32_accumulation_more_accurate")


def part_memfuse_kernel_bench(lab: Lab, settings: Settings, ceilings: dict | None) -> None:
    results = []
    for dtype in settings.bench_dtypes:
        for rows in settings.bench_rows:
            lab.progress(f"Linear + GELU, M={rows}, {dtype}")
            results.append(bench.run_case(rows, dtype, lab.device, settings.bench_budget_s,
                                          settings.bench_max_autotune and lab.device == "cuda"))
    peaks = best_matmul_peaks(lab, settings, ceilings)
    table = []
    for r in results:
        tflops = r.tflops("memfuse")
        peak = peaks.get(r.dtype)
        us = lambda stats: stats.median_s * 1e6 if stats is not None else None
        table.append([r.rows, r.dtype, us(r.memfuse), r.memfuse.q1_s * 1e6, r.memfuse.q3_s * 1e6,
                      us(r.default), us(r.max_autotune), us(r.library), r.ratio("default"), r.ratio("max_autotune"),
                      bench.against(r, "best_inductor"), r.ratio("library"), tflops,
                      100 * tflops * 1e12 / peak if peak else None, r.error, r.library_error, r.tolerance,
                      r.default_strategy, r.max_strategy or "", r.best_tile or "", r.memfuse.reps, r.memfuse.clock])
    lab.table("kernel_bench", ["rows", "dtype", "memfuse_us", "memfuse_q1_us", "memfuse_q3_us", "default_us",
                               "max_autotune_us", "library_us", "vs_default", "vs_max_autotune", "vs_best_inductor",
                               "vs_library", "memfuse_tflops", "peak_share", "error", "library_error", "tolerance",
                               "default_strategy", "max_strategy", "best_tile", "reps", "clock"], table,
              {"memfuse_us": "µs", "memfuse_q1_us": "µs", "memfuse_q3_us": "µs", "default_us": "µs",
               "max_autotune_us": "µs", "library_us": "µs", "vs_default": "×", "vs_max_autotune": "×",
               "vs_best_inductor": "×", "vs_library": "×", "memfuse_tflops": "TFLOP/s", "peak_share": "%"})
    record_autotune_choices(lab, results)
    record_target(lab, results)
    record_tiles(lab, results)
    # Inductor's code for the case the backend part compiled, which the page shows
    representative = next((r for r in results if r.rows == settings.mlp_rows), results[len(results) // 2])
    lab.metric("bench.code_case", representative.label)
    for variant, code in representative.codes.items():
        lab.write_artifact(f"inductor_{variant}", f"memfuse/inductor_{variant}.py", inductor_code.listing(code), "python")
        lab.metric(f"bench.{variant}_kernels", inductor_code.kernel_count(code))
    worst = max(r.error / r.tolerance for r in results)
    lab.metric("bench.worst_error_share", worst)
    lab.check("kernel_matches_float64", worst, "<=", 1.0,
              label={"en": "memfuse's Linear + GELU within its dtype's tolerance of float64, every case",
                     "es": "El Linear + GELU de memfuse dentro de la tolerancia de su tipo frente a float64, en todos los casos"})
    require(lab, "kernel_matches_float64")


def best_matmul_peaks(lab: Lab, settings: Settings, ceilings: dict | None) -> dict[str, float]:
    """The matmul ceiling, measured again right before it is used; the faster of the two
    measurements stands (a busy machine can only make a ceiling look lower than it is)."""
    peaks = {}
    for name in settings.bench_dtypes:
        again = matmul_peak(lab.device, getattr(torch, name))
        peaks[name] = max(again, (ceilings or {}).get("matmul", {}).get(name, 0.0))
        lab.metric(f"ceiling.matmul_tflops.{name}", peaks[name] / 1e12, "TFLOP/s")
    return peaks


# How the target table names a baseline where a page cannot: max-autotune is the mode as torch.compile
# spells it, the same in both languages, and only a GPU run has it, so a page's values= (which must name
# a value some run holds) cannot translate it on a site without one. The pages name the others.
TARGET_LABELS = {"max_autotune": "max-autotune"}


def record_target(lab: Lab, results: list[bench.CaseResult]) -> None:
    rows = []
    for baseline in bench.BASELINES:
        summary = bench.target_summary(results, baseline)
        for key in ("cases", "met", "worst_ratio", "worst_case", "verdict", "shortfall"):
            if summary.get(key) is not None:
                lab.metric(f"bench.target_{baseline}.{key}", summary[key], "×" if key == "worst_ratio" else "")
        if summary["cases"]:
            rows.append([TARGET_LABELS.get(baseline, baseline), summary["cases"], summary["met"],
                         summary["worst_ratio"], summary["worst_case"], yes_no(summary["verdict"] == "met")])
    lab.metric("bench.target", bench.TARGET, "×")
    lab.table("kernel_target", ["baseline", "cases", "met", "worst_ratio", "worst_case", "target_met"], rows,
              {"worst_ratio": "×"})


def record_autotune_choices(lab: Lab, results: list[bench.CaseResult]) -> None:
    """What max-autotune's GEMM search timed and chose, per case (GPU): why a bounded search that
    includes ATen's kernel can still end slower than the default is then a question of the rest
    of the mode (its pointwise configurations, its epilogue fusion), not of this choice."""
    rows = []
    for r in results:
        for rank, (choice, ms) in enumerate(r.autotune_choices):
            rows.append([r.label, rank + 1, choice, ms * 1e3, yes_no(rank == 0)])
    lab.metric("bench.autotune_choices_recorded", len(rows))
    lab.table("kernel_autotune_choices", ["case", "rank", "choice", "benchmark_us", "chosen"], rows,
              {"benchmark_us": "µs"})


def record_tiles(lab: Lab, results: list[bench.CaseResult]) -> None:
    """Every candidate tile and the rejected examples: the rules, and (GPU) what autotuning measured."""
    element_bytes = 2
    limit = tiles.REFERENCE_SHARED_MEMORY
    if lab.device == "cuda":
        from labs.capstone.memfuse import triton_kernel  # GPU only
        limit = triton_kernel.shared_memory_limit()
    lab.metric("tiles.shared_kib", limit // 1024, "KiB")
    timings = {(r.label, tile): ms for r in results for tile, ms in r.tuning}
    rows = []
    for tile in tiles.CANDIDATES + tiles.REJECTED_EXAMPLES:
        problems = tiles.problems(tile, element_bytes, limit)
        won = [r.label for r in results if r.best_tile == tile.label]
        first, last = results[0].label, results[-1].label
        rows.append([tile.block_m, tile.block_n, tile.block_k, tile.num_warps, tile.num_stages,
                     tile.shared_memory(element_bytes) / 1024,
                     yes_no(not any("power of two" in p for p in problems)),
                     yes_no(not any("below 16" in p for p in problems)),
                     yes_no(not any("shared memory" in p for p in problems)),
                     yes_no(tile in tiles.CANDIDATES),
                     timings.get((first, tile.label)), timings.get((last, tile.label)), ", ".join(won)])
    lab.table("kernel_tiles", ["block_m", "block_n", "block_k", "warps", "stages", "shared_kib", "power_of_two",
                               "at_least_16", "fits_shared", "autotuned", "first_case_ms", "last_case_ms",
                               "chosen_for"], rows, {"shared_kib": "KiB", "first_case_ms": "ms", "last_case_ms": "ms"})
    lab.metric("tiles.first_case", results[0].label)
    lab.metric("tiles.last_case", results[-1].label)
