"""The claims layer: every claim over every committed run, and over small synthetic runs on both
sides of its condition. A claim that CASES does not cover on two sides fails the meta-test."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from course import claims, glossary
from course.markers import PageContext, expand
from course.results import ResultStore
from labs.common.claims import SAME_BAND, ClaimError, Run, Spread, band, band_said, percent
from tests.manifests import committed

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = sorted(ROOT.glob("results/*/*/manifest.json"))


def run(lab: str, device: str, metrics: dict | None = None, tables: dict | None = None, torch: str = "2.13.0") -> dict:
    """A synthetic manifest: just the figures a claim reads."""
    return {"lab": lab, "device": device,
            "metrics": {key: {"value": value, "unit": ""} for key, value in (metrics or {}).items()},
            "tables": {name: {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}
                       for name, rows in (tables or {}).items()},
            "provenance": {"torch": torch}}


# -- synthetic runs, per claim: (manifest, subject, the outcome the condition must give) -------

def cc(device: str, method: str, agree: str = "yes", gaps=("—", "—"), verdict="faster", dev_speedup=1.3,
       speedup=1.1, autotunes=4) -> dict:
    metrics = {"autotune.gemm_autotunes": autotunes}
    for key, (base, cand) in {"steady": ("eager", "compiled"), "breaks": ("broken", "fixed")}.items():
        metrics |= {f"{key}.device_method": method, f"{key}.clocks_agree": agree,
                    f"{key}.{base}_overhead_ms": gaps[0], f"{key}.{cand}_overhead_ms": gaps[1],
                    f"{key}.verdict": verdict, f"{key}.dev_speedup": dev_speedup, f"{key}.speedup": speedup}
    return run("compile_compare", device, metrics)


def cc_ab(device: str, base: tuple, cand: tuple, dev: tuple | None = None, speedup: float | None = None) -> dict:
    """compile_compare's autotune comparison: each side's (median, q1, q3) in ms, its verdicts as
    measure.verdict rules them (band, quartiles), and the latency speedup (the medians' ratio
    unless given)."""
    def side(name, lat, device_time):
        row = {"variant": name, "median_ms": lat[0], "q1_ms": lat[1], "q3_ms": lat[2]}
        return row | dict(zip(("dev_median_ms", "dev_q1_ms", "dev_q3_ms"), device_time or (None,) * 3))
    def verdict(b, c):
        return band(Spread(*b), Spread(*c))[0]
    metrics = {"autotune.verdict": verdict(base, cand), "autotune.speedup": speedup or base[0] / cand[0],
               "autotune.dev_verdict": verdict(*dev) if dev else "—", "autotune.dev_speedup": dev[0][0] / dev[1][0]
               if dev else "—"}
    rows = [side("default", base, dev and dev[0]), side("tuned", cand, dev and dev[1])]
    return run("compile_compare", device, metrics, {"autotune": rows})


def loop(method: str, loop_ms: float, kernels_ms: float = 1.11) -> dict:
    """compile_compare's compiled step queued back to back against its device time."""
    return run("compile_compare", "cuda", {"steady.device_method": method, "steady.compiled_loop_ms": loop_ms,
                                           "steady.compiled_dev_ms": kernels_ms})


def kernels(name: str) -> dict:
    return run("inductor_kernels", "cuda", {"softmax_kernel.name": name, "attention_kernel.name": name})


def autotune(default: tuple, tuned: tuple, device="cuda", bounds="max_autotune_gemm_backends=ATEN,TRITON") -> dict:
    rows = [{"mode": m, "median_us": s[0], "q1_us": s[1], "q3_us": s[2]} for m, s in (("default", default),
                                                                                     ("max", tuned))]
    return run("inductor_kernels", device, {"autotune.bounds": bounds}, {"autotune": rows})


def sweep(device: str, eager: tuple, compiled: tuple) -> dict:
    clock = "dev_" if device == "cuda" else ""
    row = {"batch": 2, f"eager_{clock}us": eager[0], f"eager_{clock}q1_us": eager[1], f"eager_{clock}q3_us": eager[2],
           f"compiled_{clock}us": compiled[0], f"compiled_{clock}q1_us": compiled[1],
           f"compiled_{clock}q3_us": compiled[2]}
    return run("inductor_kernels", device, tables={"tinyhead_latency": [row], "minigpt_latency": [row]})


def ik(device="cpu", **metrics) -> dict:
    return run("inductor_kernels", device, {key.replace("__", "."): v for key, v in metrics.items()})


def tinyhead_rate(achieved_gb_s: float, copy_gb_s: float, batch: int = 65536, kernels: int = 1) -> dict:
    """Lab 03's largest TinyHead batch called "neither", with its floor rate and the copy ceiling."""
    return run("inductor_kernels", "cuda",
               {"tinyhead.largest.bound": "neither", "tinyhead.kernels": kernels, "tinyhead.largest_batch": batch,
                "ceilings.copy_gb_s": copy_gb_s},
               {"tinyhead_latency": [{"batch": 2, "achieved_gb_s": 30.0}, {"batch": batch, "achieved_gb_s": achieved_gb_s}]})


def launches(first: int, last: int) -> dict:
    rows = [{"batch": 1, "eager_launches": first, "eager_dev_us": 396.0},
            {"batch": 16, "eager_launches": last, "eager_dev_us": 267.0}]
    return run("inductor_kernels", "cuda", tables={"minigpt_latency": rows})


def softmax_steps(device: str, *steps: tuple) -> dict:
    """Lab 03's steps table: (step, its graph nodes, its first kernel line or None) per softmax step."""
    rows = [{"step": step, "nodes": nodes, "lines": str(line or "—"), "first_line": line} for step, nodes, line in steps]
    return run("inductor_kernels", device, tables={"kernel_annotation_steps": rows})


# the committed CPU run's five nodes and the GPU run's four, the online node computing the max and the sum
FIVE_NODES = (("max", "amax", 27), ("sub", "sub", 50), ("exp", "exp", 51), ("sum", "sum_1", 53), ("div", "div", 78))
ONLINE = "prepare_softmax_online_default"
FOUR_NODES = (("max", ONLINE, 37), ("sub", "sub_tensor", 38), ("exp", "exp_default", 39), ("sum", ONLINE, 42),
              ("div", "div", 45))


def guards(kinds: dict, torch: str) -> dict:
    rows = [{"kind": k, "inference": n, "training": n} for k, n in kinds.items()]
    return run("inside_compile", "cpu", {"inference.guards": sum(kinds.values())}, {"guards_by_kind": rows}, torch)


def bench_rows(*ratios: tuple, device: str = "cuda", target: float = 0.9) -> dict:
    """kernel_bench rows: (rows, vs_default, vs_max_autotune, vs_library) per case."""
    rows = [{"rows": m, "dtype": "float16", "vs_default": d, "vs_max_autotune": a, "vs_library": lib}
            for m, d, a, lib in ratios]
    return run("capstone", device, {"bench.target": target}, {"kernel_bench": rows})


def decode(share: float, device: str = "cuda") -> dict:
    return run("capstone", device, {"gpt2.best_copy_share": share, "gpt2.best_tpot_ms": 0.5,
                                    "gpt2.tpot_floor_ms": 0.5 * share / 100})


def timed(table: str, *events: tuple) -> dict:
    """llm tables with (backend, compiles, graphs) per row; None: the run did not count."""
    rows = [{"backend": b, "workload": "chat_short", "measured": "yes", "timed_compiles": c, "timed_graphs": g}
            for b, c, g in events]
    return run("capstone", "cuda", tables={table: rows})


def batches(*points: tuple) -> dict:
    """llm_concurrency rows: (batch, throughput tok/s, TPOT ms)."""
    rows = [{"batch": b, "throughput_tok_s": t, "tpot_p50_ms": p} for b, t, p in points]
    return run("capstone", "cuda", tables={"llm_concurrency": rows})


def versus_compile(verdict: str, speedup: float, clock: str = "latency", spread: float = 0.1,
                   optimized_spread: float | None = None) -> dict:
    """mlopt against torch.compile: the verdict metric and its row of mlopt_timing, each side's
    quartiles `spread` ms either side of its median (the optimized side's own when given)."""
    base, opt = 10.0 * speedup, 10.0
    held = spread if optimized_spread is None else optimized_spread
    row = {"baseline": "torch_compile", "baseline_ms": base, "baseline_q1_ms": base - spread,
           "baseline_q3_ms": base + spread, "optimized_ms": opt, "optimized_q1_ms": opt - held,
           "optimized_q3_ms": opt + held, "speedup": speedup, "verdict": verdict, "clock": clock}
    return run("capstone", "cpu", {"mlopt.vs_torch_compile.verdict": verdict}, {"mlopt_timing": [row]})


def peaks(before: float, after: float) -> dict:
    """mlopt's measured peak memory of one forward, before and after its passes (MiB)."""
    return run("capstone", "cuda", {"mlopt.peak_mib_eager": before, "mlopt.peak_mib_optimized": after})


def seed_cells(*cells: tuple) -> dict:
    """llm_gpt2 rows: (backend, the seed's estimate over the measured TTFT) per measured cell."""
    rows = [{"backend": b, "workload": "chat_short", "measured": "yes", "seed_ttft_ms": ratio * 4.0,
             "ttft_p50_ms": 4.0} for b, ratio in cells]
    return run("capstone", "cuda", tables={"llm_gpt2": rows})


def project(device: str = "cuda", vs_eager: str = "same", share: float = 13.8, ratios=((512, 1.07, 1.8, 0.7),)) -> dict:
    """What the Day-70 paragraphs read."""
    manifest = bench_rows(*ratios, device=device)
    metrics = {"mlopt.vs_eager.verdict": vs_eager, "mlopt.vs_eager.speedup": 1.2, "mlopt.fold.found": 20,
               "mlopt.fusion.found": 8, "gpt2.best_copy_share": share, "gpt2.best_tpot_ms": 0.5,
               "gpt2.tpot_floor_ms": 0.5 * share / 100}
    manifest["metrics"] |= {k: {"value": v, "unit": ""} for k, v in metrics.items()}
    return manifest


def strategies(*cases: tuple) -> dict:
    """kernel_bench rows: (vs_default, vs_max_autotune, max-autotune's strategy); the default's is addmm."""
    manifest = bench_rows(*[(512 * (i + 1), d, a, None) for i, (d, a, _) in enumerate(cases)])
    table = manifest["tables"]["kernel_bench"]
    table["columns"] += ["default_strategy", "max_strategy"]
    for row, (_, _, strategy) in zip(table["rows"], cases):
        row += ["addmm+Triton gelu", strategy]
    return manifest


CASES: dict[tuple[str, str], list[tuple[dict, str | None, str]]] = {
    ("capstone", "autotune_loss"): [
        (strategies((1.0, 1.3, "addmm+Triton gelu")), None, "same_choice"),
        (strategies((1.0, 1.7, "template+epilogue")), None, "other_choice"),
        (strategies((1.0, 1.3, "addmm+Triton gelu"), (1.0, 1.7, "template+epilogue")), None, "both"),
        (strategies((1.0, 1.04, "template+epilogue")), None, "not_slower"),        # inside the band
        (strategies((1.0, 0.9, "template+epilogue")), None, "not_slower")],
    ("capstone", "day70"): [
        (project(vs_eager="faster"), "mlopt", "faster"), (project(vs_eager="same"), "mlopt", "not_faster"),
        (project(vs_eager="slower"), "mlopt", "not_faster"),
        (project(ratios=((512, 1.07, 1.8, 0.7),)), "memfuse", "other"),
        (project(ratios=((512, 1.07, 1.8, 1.2),)), "memfuse", "memfuse"),
        (project("cpu", ratios=((64, 1.07, None, 1.2),)), "memfuse", "cpu"),
        (project(share=13.8), "llm_bench", "latency"), (project(share=47.0), "llm_bench", "mixed"),
        (project(share=80.0), "llm_bench", "memory")],
    ("capstone", "batching"): [
        (batches((1, 100, 10), (4, 380, 10.5), (16, 1400, 11.4)), None, "half_or_more"),
        (batches((16, 1400, 11.4), (1, 100, 10)), None, "half_or_more"),       # any row order
        (batches((1, 100, 10), (16, 140, 114)), None, "little"),
        (batches((1, 100, 10), (16, 149, 107)), None, "little"),               # 1.49×: still little
        (batches((1, 100, 10), (16, 150, 107)), None, "partly"),               # 1.5×: partly
        (batches((1, 100, 10), (16, 790, 20)), None, "partly"),
        (batches((1, 100, 10), (16, 800, 20)), None, "half_or_more"),          # exactly half
        (batches((1, 100, 10), (16, 1519, 10)), None, "half_or_more"),         # 15.19×: just under the band
        (batches((1, 100, 10), (16, 1520, 10)), None, "in_proportion"),        # 15.2×: the band's low edge
        (batches((1, 100, 10), (16, 1620, 9)), None, "in_proportion"),         # 16.2× for 16× (the GPU run)
        (batches((1, 100, 10), (16, 1700, 9)), None, "more_than_proportion"),   # 17× for 16×: beyond the band
        (batches((1, 100, 10), (16, 1680, 9)), None, "in_proportion"),         # 16.8×: on the band's edge
        (batches((1, 100, 10), (16, 1600, 9)), None, "in_proportion"),         # exactly in proportion
        (run("capstone", "cpu"), None, "not_measured")],
    ("capstone", "vs_torch_compile"): [
        (versus_compile("faster", 1.09), None, "faster"), (versus_compile("slower", 0.587), None, "slower"),
        (versus_compile("same", 1.03), None, "same_band"),                  # 10.3 against 10 ± 0.1: apart
        (versus_compile("same", 1.03, spread=0.4), None, "same_noise"),     # each median in the other's
        (versus_compile("same", 1.03, spread=0.3), None, "same_noise"),     # on both quartiles: still inside
        (versus_compile("same", 1.03, spread=0.29), None, "same_band"),     # just outside both
        (versus_compile("same", 1.03, spread=0.1, optimized_spread=0.4), None, "same_band"),   # one inside only
        (versus_compile("same", 1.08, spread=1.0), None, "same_noise"),     # past the band, yet inside: noise
        (run("capstone", "cpu", {"mlopt.vs_torch_compile.verdict": "not_measured"}), None, "not_measured")],
    ("capstone", "mlopt_peak"): [
        (peaks(214.41, 214.41), None, "unchanged"), (peaks(214.41, 214.49), None, "unchanged"),   # both 214
        (peaks(214.41, 214.51), None, "changed"),                                                 # 215: changed
        (peaks(10.34, 9.38), None, "changed"), (peaks(9.9996, 10.003), None, "unchanged"),       # both 10.0
        (peaks(9.994, 10.003), None, "changed")],                                                 # 9.99, 10.0
    ("capstone", "seed_ttft_backends"): [
        (seed_cells(("eager", 0.62), ("static_kv", 0.21)), None, "all_short"),
        (seed_cells(("eager", 0.999), ("static_kv", 0.21)), None, "all_short"),    # just short of 1
        (seed_cells(("eager", 1.0), ("static_kv", 0.21)), None, "some_short"),     # exactly 1: not short
        (seed_cells(("eager", 1.0), ("eager", 1.3)), None, "none_short"),
        (seed_cells(("eager", 0.9), ("eager", 1.1)), None, "some_short")],         # short in one workload only
    ("capstone", "timed_compiles"): [
        (timed("llm_minigpt", ("eager", 0, 0), ("static_kv", 0, 0)), "minigpt", "none"),
        (timed("llm_minigpt", ("eager", 0, 0), ("static_kv", 0, 1)), "minigpt", "inside"),
        (timed("llm_gpt2", ("compile_default", 1, 0)), "gpt2", "inside"),
        (timed("llm_gpt2", ("eager", None, None)), "gpt2", "not_counted")],
    ("capstone", "target"): [
        (bench_rows((512, 1.07, 1.8, None), (2048, 0.89, 1.2, None)), "default", "missed"),   # mixed
        (bench_rows((512, 1.07, 1.8, None), (2048, 0.90, 1.2, None)), "default", "met"),      # on the edge
        (bench_rows((512, 1.07, 0.85, None), (2048, 0.95, 1.2, None)), "best_inductor", "missed"),
        (bench_rows((512, 1.07, 1.8, None), (2048, 0.95, 1.2, None)), "best_inductor", "met"),
        (bench_rows((512, 1.07, None, 0.7)), "library", "missed"),
        (bench_rows((512, 1.07, None, None), device="cpu"), "max_autotune", "not_measured")],
    ("capstone", "fastest"): [
        (bench_rows((512, 1.07, 1.8, 1.2), (2048, 1.1, 1.2, 1.3)), None, "memfuse"),
        (bench_rows((512, 1.07, 1.8, 0.7), (2048, 0.89, 1.2, 0.75)), None, "beaten"),
        (bench_rows((512, 1.07, 1.8, 1.2), (2048, 0.89, 1.2, 0.95)), None, "split"),
        (bench_rows((512, 1.04, 1.8, 1.2)), None, "close"),            # the default within the band
        (bench_rows((512, 1.06, 1.8, 0.951)), None, "close"),          # just inside it on the fast side
        (bench_rows((512, 1.06, 1.8, 0.95)), None, "beaten"),          # on the edge: outside the band
        (bench_rows((512, 1.051, None, 1.2)), None, "memfuse")],       # a missing baseline is no case
    ("capstone", "seed_ttft"): [
        (run("capstone", "cpu", {"gpt2.seed_ttft_low": 0.6412, "gpt2.seed_ttft_high": 0.6449}), None, "one"),
        (run("capstone", "cpu", {"gpt2.seed_ttft_low": 0.6412, "gpt2.seed_ttft_high": 0.6451}), None, "range"),
        (run("capstone", "cpu", {"gpt2.seed_ttft_low": 0.5, "gpt2.seed_ttft_high": 1.9}), None, "range"),
        # both "1.0×" at two digits, yet one below the TTFT and one above it: a range, not one figure
        (run("capstone", "cpu", {"gpt2.seed_ttft_low": 0.998, "gpt2.seed_ttft_high": 1.003}), None, "range"),
        (run("capstone", "cpu", {"gpt2.seed_ttft_low": 1.0, "gpt2.seed_ttft_high": 1.0}), None, "one")],
    ("capstone", "decode_regime"): [(decode(13.8), None, "latency"), (decode(47.3, "cpu"), None, "mixed"),
                                    (decode(50.0), None, "memory"), (decode(24.9), None, "latency"),
                                    (decode(25.0), None, "mixed")],
    ("compile_compare", "host_overhead"): [
        (cc("cuda", "queued"), "steady", "not_separable"),           # the committed GPU run's case
        (cc("cuda", "graph"), "steady", "device_bound"),
        (cc("cuda", "graph", gaps=(0.5, "—")), "steady", "measured"),
        (cc("cpu", "—"), "steady", "one_clock")],
    ("compile_compare", "clocks_agree"): [
        (cc("cuda", "queued", "yes"), "breaks", "agree_queued"),
        (cc("cuda", "graph", "yes"), "breaks", "agree_graph"),
        (cc("cuda", "queued", "no"), "breaks", "disagree"),
        (cc("cpu", "—", "one_clock"), "breaks", "one_clock")],
    ("compile_compare", "device_speedup"): [
        (cc("cuda", "queued"), "steady", "queued"), (cc("cuda", "graph"), "steady", "graph"),
        (cc("cpu", "—"), "steady", "one_clock")],
    ("compile_compare", "item_wait"): [(cc("cuda", "queued"), None, "queued"), (cc("cuda", "graph"), None, "graph")],
    ("compile_compare", "graphs_unsync_loop"): [   # the GPU run's case first: queued, faster
        (run("compile_compare", "cuda", {"cuda_graphs.device_method": how, "cuda_graphs.dev_verdict": verdict}), None,
         f"{how}_{verdict}") for how in ("queued", "graph") for verdict in ("faster", "same", "slower")],
    ("compile_compare", "verdict"): [
        (cc_ab("cpu", (100, 99, 101), (100.5, 99.5, 101.5)), "autotune", "same_noise"),
        (cc_ab("cpu", (62.58, 62.13, 64.04), (64.95, 63.89, 66.63)), "autotune", "same_band"),   # the CPU run's
        (cc_ab("cuda", (10.43, 9.99, 10.96), (9.90, 9.63, 10.44)), "autotune", "faster"),        # 1.054×, past the band
        (cc_ab("cuda", (100, 99, 101), (106, 105, 107)), "autotune", "slower")],
    ("compile_compare", "dev_verdict"): [
        (cc_ab("cpu", (100, 99, 101), (100.5, 99.5, 101.5)), "autotune", "one_clock"),
        (cc_ab("cuda", (3.69, 3.57, 3.83), (3.83, 3.67, 4.02), dev=((0.339, 0.3386, 0.3400), (0.351, 0.3501, 0.3513))),
         "autotune", "same_band"),                                   # the GPU run's symbolic sizes: 3.4 % apart
        (cc_ab("cuda", (3.69, 3.57, 3.83), (3.83, 3.67, 4.02), dev=((1.0, 0.9, 1.1), (1.01, 0.91, 1.11))),
         "autotune", "same_noise")],
    ("compile_compare", "speedup"): [
        (cc_ab("cpu", (100, 99, 101), (80, 79, 81)), "autotune", "plain"),                       # 1.25×
        (cc_ab("cuda", (10.43, 9.99, 10.96), (9.90, 9.63, 10.44), speedup=1.0535), "autotune", "near_band"),
        (cc_ab("cuda", (100, 99, 101), (95.3, 95, 96), speedup=1.0496), "autotune", "near_band")],
    ("compile_compare", "loop_pace"): [
        (loop("graph", 10.49), None, "host"),                      # the GPU run: 10.5 ms queued, 1.11 ms replayed
        (loop("graph", 1.11 * 1.05), None, "device"),              # on the band's edge: still the device's pace
        (loop("graph", 1.11 * 1.051), None, "host"),               # just past it
        (loop("graph", 1.0), None, "unexplained"),                 # faster than its own kernels: not a pace
        (loop("queued", 10.49), None, "queued")],
    ("compile_compare", "fusion_cause"): [(cc("cpu", "—", verdict=v), None, o) for v, o in
                                          (("faster", "likely"), ("slower", "slower"), ("same", "same"))],
    ("compile_compare", "autotune_templates"): [(cc("cpu", "—", autotunes=4), None, "some"),
                                                (cc("cpu", "—", autotunes=0), None, "none")],
    ("inductor_kernels", "softmax_form"): [
        (kernels("triton_per_fused__softmax_prepare_softmax_online_0"), "softmax", "two_pass"),
        (kernels("triton_red_fused__softmax_prepare_softmax_online_0"), "attention", "online"),
        (kernels("triton_poi_fused_0"), "softmax", "unknown")],
    ("inductor_kernels", "autotune_verdict"): [
        (autotune((100, 99, 101), (100.5, 99.5, 101.5)), None, "same_overlap"),
        (autotune((100, 99, 101), (104.9, 104, 106)), None, "same_band"),     # the CPU run's case
        (autotune((100, 99, 101), (155, 154, 156)), None, "slower"),
        (autotune((100, 99, 101), (80, 79, 81)), None, "faster")],
    ("inductor_kernels", "autotune_cause"): [
        (autotune((214, 213, 215), (333, 332, 334)), None, "slower_not_search"),
        (autotune((214, 213, 215), (333, 332, 334), bounds="max_autotune_gemm_backends=TRITON"), None,
         "slower_unbounded"),
        (autotune((100, 99, 101), (80, 79, 81)), None, "faster"),
        (autotune((100, 99, 101), (100.5, 99, 101)), None, "same")],
    ("inductor_kernels", "sweep_band"): [
        (sweep("cuda", (10.4, 10.2, 10.6), (10.85, 10.65, 11.05)), "tinyhead", "band_only"),  # GPU batch 2
        (sweep("cuda", (10.4, 10.2, 10.9), (10.5, 10.3, 11.0)), "tinyhead", "none"),
        (sweep("cpu", (100, 90, 110), (104, 103, 105)), "minigpt", "band_only"),
        (sweep("cpu", (100, 90, 110), (150, 140, 160)), "minigpt", "no_same")],   # slower: not a "same" at all
    ("inductor_kernels", "attention_exp_home"): [
        (ik("cpu", attention__exp_home="in_place", annotation__exp_home="local_buffer"), None, "in_place"),
        (ik("cuda", attention__exp_home="registers", attention__exp_recomputed="yes",
            annotation__exp_home="registers"), None, "registers"),
        (ik("cpu", attention__exp_home="local_buffer", annotation__exp_home="local_buffer"), None, "local_buffer"),
        (ik("cpu", attention__exp_home="unknown", annotation__exp_home="local_buffer"), None, "unknown")],
    ("inductor_kernels", "copy_ceiling"): [(ik("cpu", ceilings__copy_gb_s=28.0), None, "cpu"),
                                           (ik("cuda", ceilings__copy_gb_s=2994.0), None, "cuda")],
    ("inductor_kernels", "softmax_ceiling"): [(ik(ceilings__softmax__bound=b), None, b)
                                              for b in ("neither", "bandwidth", "compute", "overhead")],
    ("inductor_kernels", "tinyhead_floor"): [
        (tinyhead_rate(661.0, 4248.0), None, "recounted_neither"),       # the H200 run: 43.7 % recounted
        (tinyhead_rate(661.0, 3002.0), None, "recounted_bandwidth"),     # the same rate against an H100's copy
        (ik(tinyhead__largest__bound="bandwidth", tinyhead__kernels=1), None, "as_measured"),
        (ik(tinyhead__largest__bound="neither", tinyhead__kernels=2), None, "as_measured")],
    ("inductor_kernels", "minigpt_launches"): [(launches(123, 86), None, "fewer"), (launches(86, 86), None, "steady"),
                                               (launches(80, 90), None, "steady")],
    ("inductor_kernels", "softmax_graph"): [
        (softmax_steps("cpu", *FIVE_NODES), None, "node_per_step"), (softmax_steps("cuda", *FOUR_NODES), None, "merged_nodes"),
        (softmax_steps("cuda", *FOUR_NODES[:4], ("div", "div", None)), None, "split"),     # a step in another kernel
        (softmax_steps("cpu", *((step, "", None) for step, _, _ in FIVE_NODES)), None, "unknown")],
    ("inductor_kernels", "softmax_buffers"): [
        (ik("cpu", annotation__ir_buffers="buf1, buf2, buf3, buf4", annotation__absent_buffers="buf2"), None, "unbacked"),
        (ik("cuda", annotation__ir_buffers="buf1, buf2, buf3", annotation__absent_buffers="buf1, buf2"), None, "unbacked"),
        (ik("cpu", annotation__ir_buffers="buf1", annotation__absent_buffers="none"), None, "all_backed"),
        (ik("cpu", annotation__ir_buffers="unknown", annotation__absent_buffers="none"), None, "unknown")],
    ("inductor_kernels", "softmax_exp_home"): [
        (ik("cpu", annotation__exp_home="local_buffer"), None, "local_buffer"),
        (ik("cuda", annotation__exp_home="registers", annotation__exp_recomputed="yes"), None, "registers"),
        (ik("cpu", annotation__exp_home="in_place"), None, "in_place"), (ik(annotation__exp_home="buffer"), None, "buffer"),
        (ik(annotation__exp_home="unknown"), None, "unknown")],
    ("inductor_kernels", "autotune_bounds"): [
        (ik("cpu", autotune__bounds="max_autotune_gemm_search_space=DEFAULT"), None, "default_backends"),
        (ik("cuda", autotune__bounds="max_autotune_gemm_search_space=DEFAULT, max_autotune_gemm_backends=ATEN,TRITON, "
            "test_configs.max_mm_configs=4"), None, "backends_bounded"),
        (ik("cuda", autotune__bounds=""), None, "unbounded")],
    ("inside_compile", "guard_count"): [
        (guards({"DIMENSION_DYNAMIC_MARKING_GUARD": 35, "TYPE_MATCH": 44}, "2.13.0"), None, "marking"),
        (guards({"TYPE_MATCH": 45}, "2.11.0"), None, "no_marking")],
}


def ids(claim) -> str:
    return f"{claim.lab}:{claim.name}"


@pytest.mark.parametrize("claim", claims.every_claim(), ids=ids)
def test_every_claim_has_synthetic_runs_on_two_sides_of_its_condition(claim):
    cases = CASES.get((claim.lab, claim.name))
    assert cases, f"claim {ids(claim)} has no synthetic runs in tests/test_claims.py CASES"
    assert len({outcome for _, _, outcome in cases}) >= 2, f"{ids(claim)}: every case falls on one side"


@pytest.mark.parametrize(("key", "index"), [(key, i) for key, cases in CASES.items() for i in range(len(cases))],
                         ids=lambda v: ":".join(v) if isinstance(v, tuple) else str(v))
def test_synthetic_run_decides_the_expected_side(key, index):
    manifest, subject, expected = CASES[key][index]
    said = claims.registry()[key[0]][key[1]](Run(manifest), subject)
    assert said.outcome == expected
    assert glossary.avoided_terms(said.es) == []
    # a claim may say nothing only where there is nothing to say: one clock, or no "same" row to qualify
    assert (said.en and said.es and said.en != said.es) or said.outcome in ("one_clock", "no_same")


def test_cases_name_only_registered_claims():
    registered = {(c.lab, c.name) for c in claims.every_claim()}
    assert set(CASES) <= registered, set(CASES) - registered


SWEEP = [(claim, path) for claim in claims.every_claim() for path in COMMITTED
         if path.parent.parent.name == claim.lab and path.parent.name in claim.devices]


@pytest.mark.parametrize(("claim", "path"), SWEEP, ids=lambda v: ids(v) if hasattr(v, "lab") else v.parent.name)
def test_every_claim_decides_every_committed_run(claim, path):
    manifest = json.loads(path.read_text())
    for subject in claim.subjects or (None,):
        said = claim(Run(manifest), subject)
        assert glossary.avoided_terms(said.es) == []
        for text in (said.en, said.es):
            assert "device-bound" not in text or said.outcome == "device_bound" or "not show" in text
        if manifest["device"] == "cuda" and manifest["metrics"].get(f"{subject}.device_method", {}).get("value") \
                == "queued":
            assert said.outcome != "device_bound" and said.outcome != "agree_graph"


def test_every_lab_with_a_result_and_claims_is_swept():
    assert {c.lab for c, _ in SWEEP} == set(claims.registry())


# -- what the committed runs decide (the statements) ------------------------------------

def test_committed_gpu_compile_compare_separates_host_time_only_on_a_replayed_clock():
    """Whatever the run: a figure the run took on the queued clock is never split into host and
    device time; one it replayed is (the run records each figure's clock)."""
    gpu = committed("compile_compare", "cuda")
    methods = {key: gpu.value(f"{key}.device_method") for key in ("steady", "autotune", "cuda_graphs", "breaks")}
    assert "queued" in methods.values()        # the run still has both kinds: the test sees both sides
    for key, method in methods.items():
        said = claims.registry()["compile_compare"]["host_overhead"](gpu, key)
        if method == "queued":
            assert said.outcome == "not_separable" and not said.decided, key
        else:
            assert said.outcome == "measured", key


def test_committed_gpu_softmax_kernels_are_persistent_so_two_pass():
    gpu = committed("inductor_kernels", "cuda")
    form = claims.registry()["inductor_kernels"]["softmax_form"]
    assert form(gpu, "softmax").outcome == form(gpu, "attention").outcome == "two_pass"


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_committed_autotune_verdict_follows_the_runs_own_quartiles(device):
    """Decided here from the table's numbers by the rule the reference page states (not by the
    claim's code): inside each other's quartiles is the same; else a difference under 5 % is the
    same on the band alone; else faster or slower. Whatever the next run measures."""
    run = committed("inductor_kernels", device)
    default, tuned = run.rows("autotune")
    ratio = tuned["median_us"] / default["median_us"]
    tuned_inside = default["q1_us"] <= tuned["median_us"] <= default["q3_us"]
    default_inside = tuned["q1_us"] <= default["median_us"] <= tuned["q3_us"]
    expected = ("same_overlap" if tuned_inside and default_inside
                else ("same_partial" if tuned_inside or default_inside else "same_band") if abs(ratio - 1) < 0.05
                else "faster" if ratio < 1 else "slower")
    said = claims.registry()["inductor_kernels"]["autotune_verdict"](run, None)
    assert said.outcome == expected, (ratio, tuned_inside, default_inside, said.en)
    if expected in ("same_band", "same_partial"):
        assert "5%" in said.en and "5\xa0%" in said.es
    # what the sentence says of the quartiles is what they show
    assert ("not noise" in said.en) == (expected == "same_band")


# -- the shared rules ---------------------------------------------------------------------------

def test_band_matches_the_measuring_code_margin():
    """The band the claims state is the margin `measure.verdict` uses (read from its source, not run)."""
    tree = ast.parse((ROOT / "labs/common/measure.py").read_text())
    verdict = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "verdict")
    assert verdict.args.defaults[-1].value == SAME_BAND == 0.05


@pytest.mark.parametrize(("base", "cand", "expected"), [
    ((100, 99, 101), (104.99, 104, 106), ("same", False)),     # just inside the band
    ((100, 99, 101), (105.01, 104, 106), ("slower", False)),   # just outside it
    ((100, 90, 110), (108, 95, 112), ("same", True)),          # outside the band, inside the noise
    ((100, 99, 101), (94.9, 94, 96), ("faster", False)),
])
def test_band_edges(base, cand, expected):
    assert band(Spread(*base), Spread(*cand)) == expected


def test_fastest_never_ranks_baselines_timed_in_separate_comparisons():
    # The library (0.80) and the default (0.90) each beat memfuse in its own comparison: both are
    # named, neither is called the fastest (they were never timed against each other).
    said = claims.registry()["capstone"]["fastest"](Run(bench_rows((256, 0.90, None, 0.80))), None)
    assert "M=256 float16 (Inductor's default and the library epilogue)" in said.en
    assert "fastest" not in said.en.lower() and "más rápido en cada caso" not in said.es
    assert "el modo por defecto y el epílogo de la biblioteca" in said.es
    assert said.en.startswith("Against memfuse, each baseline in its own interleaved comparison")


def test_percent_never_rounds_onto_the_band_edge():
    assert percent(4.998, "en") == "4.998%" and percent(3.2, "en") == "3.20%" and percent(5.0, "en") == "5.00%"


@pytest.mark.parametrize(("value", "en", "es"), [
    (4.9999999, "4.9999999%", "4,9999999\u00a0%"),             # 1e-7 under: eight digits tell it apart
    (5.0000001, "5.0000001%", "5,0000001\u00a0%"),
    (4.9999999999999, "<5.00%", "<5,00\u00a0%"),              # closer than twelve digits: the side is said
    (5.0000000000001, ">5.00%", ">5,00\u00a0%"),
])
def test_percent_says_which_side_of_the_edge_however_close(value, en, es):
    assert (percent(value, "en"), percent(value, "es")) == (en, es)


@given(st.floats(min_value=4.0, max_value=6.0).filter(lambda v: v != SAME_BAND * 100))
def test_percent_never_prints_the_bare_edge_for_a_value_off_it(value):
    shown = percent(value, "en")
    assert shown[0] in "<>" or float(shown.rstrip("%")) != SAME_BAND * 100


def test_band_sentence_discloses_the_band_only_when_it_decides():
    assert "band" not in band_said(Spread(100, 99, 101), Spread(100.5, 99.5, 101.5), ("x", "x")).en
    assert "5% band" in band_said(Spread(100, 99, 101), Spread(104, 103.5, 105), ("x", "x")).en


# -- errors and the marker ------------------------------------------------------------------------

def test_a_missing_figure_or_wrong_subject_is_an_error_that_names_it():
    host = claims.registry()["compile_compare"]["host_overhead"]
    with pytest.raises(ClaimError, match=r"records no metric .steady\."):
        host(Run(run("compile_compare", "cuda")), "steady")
    with pytest.raises(ClaimError, match="needs one of"):
        host(Run(cc("cuda", "queued")), "stedy")
    with pytest.raises(ClaimError, match="takes no subject"):
        claims.registry()["compile_compare"]["fusion_cause"](Run(cc("cpu", "—")), "steady")
    with pytest.raises(ClaimError, match="about cuda runs"):
        claims.registry()["compile_compare"]["item_wait"](Run(cc("cpu", "—")), None)
    with pytest.raises(ClaimError, match="has no claim 'nope'"):
        claims.find("compile_compare", "nope")


def ctx(lang: str) -> PageContext:
    return PageContext(page=f"{lang}/labs/compile_compare.md", lang=lang, page_dir="labs", site_root="../..")


def test_marker_renders_the_committed_run_in_each_language():
    store = ResultStore(ROOT / "results")
    gpu = committed("compile_compare", "cuda")
    queued = next(k for k in ("steady", "cuda_graphs", "breaks") if gpu.value(f"{k}.device_method") == "queued")
    en = expand(f"{{{{ claim compile_compare/cuda:host_overhead.{queued} }}}}", ctx("en"), store)
    es = expand(f"{{{{ claim compile_compare/cuda:host_overhead.{queued} }}}}", ctx("es"), store)
    assert not en.errors and not es.errors
    assert "not separable" in en.markdown and "no se puede separar" in es.markdown


@pytest.mark.parametrize(("marker", "message"), [
    ("{{ claim compile_compare/cuda:nope }}", "has no claim 'nope'"),
    ("{{ claim compile_compare/cuda:host_overhead }}", "needs one of"),
    ("{{ claim compile_compare/cuda }}", "needs a claim"),
    ("{{ claim compile_compare:host_overhead.steady }}", "needs a device"),
    ("{{ claim compile_compare/cuda:host_overhead.steady colour=red }}", "takes no option colour"),
])
def test_marker_errors(marker, message):
    out = expand(marker, ctx("en"), ResultStore(ROOT / "results"))
    assert len(out.errors) == 1 and message in out.errors[0]


def test_marker_escapes_what_the_run_wrote(tmp_path):
    folder = tmp_path / "inductor_kernels" / "cuda"
    folder.mkdir(parents=True)
    manifest = json.loads((ROOT / "results/inductor_kernels/cuda/manifest.json").read_text())
    manifest["metrics"]["softmax_kernel.name"]["value"] = "triton_red_<script>x</script>*[a](b)"
    (folder / "manifest.json").write_text(json.dumps(manifest))
    out = expand("{{ claim inductor_kernels/cuda:softmax_form.softmax }}", ctx("en"), ResultStore(tmp_path))
    assert "<script>" not in out.markdown.replace("`triton_red_<script>x</script>*[a](b)`", "")
    assert "`triton_red_<script>x</script>*[a](b)`" in out.markdown   # a code span: Markdown prints it inert


def test_marker_absent_text_for_a_device_without_a_result(tmp_path):
    out = expand('{{ claim inductor_kernels/cuda:copy_ceiling absent="(no GPU run yet)" }}', ctx("en"),
                 ResultStore(tmp_path))
    assert out.markdown == "(no GPU run yet)" and not out.errors



@pytest.mark.parametrize("device", ["cpu", "cuda"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_inside_inductor_report_states_the_same_claims_as_the_page(device, lang):
    from labs.inductor_kernels import report
    manifest = json.loads((ROOT / f"results/inductor_kernels/{device}/manifest.json").read_text())
    text = report.render(manifest, report.Machine("x", device, "full", "2.x", [2]), lang)
    ik = claims.registry()["inductor_kernels"]
    for name, subject in [("copy_ceiling", None), ("softmax_ceiling", None), ("autotune_verdict", None),
                          ("autotune_bounds", None), ("autotune_cause", None)] + (
                             [("softmax_form", "softmax")] if device == "cuda" else []):
        assert ik[name](Run(manifest), subject).text(lang) in text, name


def test_committed_gpu_capstone_target_counts_come_from_the_rows():
    """The committed H100 run, counted here from the kernel table's raw times (not through the
    claim's own ratios): how many cases reached the target against the default, and the worst."""
    gpu = committed("capstone", "cuda")
    goal = float(gpu.value("bench.target"))
    cases = [(row["default_us"] / row["memfuse_us"], f"M={row['rows']} {row['dtype']}")
             for row in gpu.rows("kernel_bench")]
    met, (worst, worst_case) = sum(ratio >= goal for ratio, _ in cases), min(cases)
    said = claims.registry()["capstone"]["target"](gpu, "default")
    assert said.outcome == ("met" if met == len(cases) else "missed")
    assert f"{met} of {len(cases)} cases" in said.en and f"{met} de {len(cases)} casos" in said.es
    shown = re.search(re.escape(worst_case) + r"[^0-9]*([0-9.]+)×", said.en).group(1)
    assert float(shown) == pytest.approx(worst, rel=5e-3) and f"{shown.replace('.', ',')}×" in said.es
    share = float(gpu.value("gpt2.best_copy_share"))       # the page's rule: < 25 % latency, >= 50 % memory
    expected = "latency" if share < 25 else "memory" if share >= 50 else "mixed"
    assert claims.registry()["capstone"]["decode_regime"](gpu, None).outcome == expected
    loss = claims.registry()["capstone"]["autotune_loss"](gpu, None)
    slower = [(row, row["max_autotune_us"] / row["default_us"]) for row in gpu.rows("kernel_bench")
              if row["max_autotune_us"] > row["default_us"] * (1 + SAME_BAND)]
    kept = {row["max_strategy"] == row["default_strategy"] for row, _ in slower}
    assert loss.outcome == ("not_slower" if not slower else "both" if len(kept) == 2
                            else "same_choice" if kept == {True} else "other_choice")
    for row, _ in slower:
        assert f"M={row['rows']} {row['dtype']} (" in loss.en


@pytest.mark.parametrize(("candidate", "outcome"), [
    ((102, 99, 103), "same_overlap"),     # each median inside the other's quartiles
    ((102, 101, 103), "same_partial"),    # 100 lies outside [101, 103]; 102 inside [98, 102]
    ((103, 102.5, 104), "same_band"),     # neither: 103 outside [98, 102], 100 outside [102.5, 104]
])
def test_a_difference_under_the_band_says_what_the_quartiles_show(candidate, outcome):
    said = band_said(Spread(100, 98, 102), Spread(*candidate), ("x", "x"))
    assert said.outcome == outcome
    assert ("not noise" in said.en) == ("no ruido" in said.es) == (outcome == "same_band")
    assert ("cannot tell" in said.en) == ("no distingue" in said.es) == (outcome == "same_partial")


@pytest.mark.parametrize(("candidate", "one_inside"), [
    ((94.6, 90, 99), False),     # 5.4 % faster; 100 is above [90, 99] and 94.6 below [98, 102]
    ((94.6, 93, 100.5), True),   # 100 lies inside [93, 100.5]: the band decides, not the spreads
    ((106, 103, 110), False),    # 6 % slower; 106 above [98, 102], 100 below [103, 110]
    ((106, 99, 110), True),      # 100 lies inside [99, 110]
])
def test_a_verdict_past_the_band_says_when_the_spreads_alone_would_not_tell_it(candidate, one_inside):
    from labs.common.claims import Spread, band_said
    said = band_said(Spread(100, 98, 102), Spread(*candidate), ("x", "x"))
    assert said.outcome in ("faster", "slower")
    assert ("beyond the noise" in said.en) == ("más allá del ruido" in said.es) == (not one_inside)
    assert ("would not tell it from noise" in said.en) == ("no lo distinguirían" in said.es) == one_inside


@pytest.mark.parametrize("share", [13.8, 24.99])
def test_decode_below_the_memory_regime_names_no_cause_the_run_did_not_measure(share):
    # The run measures bytes per step against the copy bandwidth, not launches or batching:
    # below a quarter it says memory is not the bound and that the rest is unmeasured.
    said = claims.registry()["capstone"]["decode_regime"](Run(decode(share)), None)
    assert said.outcome == "latency"
    for text in (said.en.lower(), said.es.lower()):
        assert not any(word in text for word in ("launch", "lanzamiento", "batch", "agrupar", "kernel"))
    assert "does not measure" in said.en and "no lo mide" in said.es


def test_tinyheads_recount_is_the_logits_round_trip_over_the_floor_by_hand():
    from labs.inductor_kernels import claims as ik_claims
    from labs.inductor_kernels.tinyhead import TinyHead
    head = TinyHead()
    assert (head.fc.in_features, head.fc.out_features) == (ik_claims.TINYHEAD_D, ik_claims.TINYHEAD_VOCAB)
    # batch 65,536: floor 4 × (65536·64 + 64·600 + 600 + 65536·600) = 174,219,616 B; the logits
    # written and read back add 2 × 4 × 65536·600 = 314,572,800 B: 488,792,416 / 174,219,616
    assert ik_claims.tinyhead_recount(65536) == pytest.approx(488_792_416 / 174_219_616)
    assert ik_claims.tinyhead_recount(2) == pytest.approx((161_312 + 9_600) / 161_312)   # 4 × (128 + 38,400 + 600 + 1,200)


@pytest.mark.parametrize("copy_gb_s, outcome", [
    (661.0 * 488_792_416 / 174_219_616 / 0.5, "recounted_bandwidth"),           # exactly half: the table's rule
    (661.0 * 488_792_416 / 174_219_616 / 0.4999, "recounted_neither"),         # just under half
])
def test_tinyhead_recount_is_called_bandwidth_from_half_the_copy_rate(copy_gb_s, outcome):
    said = claims.registry()["inductor_kernels"]["tinyhead_floor"](Run(tinyhead_rate(661.0, copy_gb_s)), None)
    assert said.outcome == outcome
    assert "2.81×" in said.en and "2,81×" in said.es and "neither" not in said.es


def test_tinyhead_recount_names_a_missing_row():
    with pytest.raises(ClaimError, match="no tinyhead_latency row at batch 4096"):
        claims.registry()["inductor_kernels"]["tinyhead_floor"](Run(tinyhead_rate(661.0, 4248.0) | {
            "metrics": tinyhead_rate(661.0, 4248.0)["metrics"] | {"tinyhead.largest_batch": {"value": 4096, "unit": ""}}}),
            None)


@pytest.mark.parametrize("bound, spanish", [("bandwidth", "limitada por el ancho de banda"),
                                            ("compute", "limitada por el cómputo"),
                                            ("overhead", "limitada por la sobrecarga")])
def test_tinyhead_floor_says_the_bound_in_spanish(bound, spanish):
    said = claims.registry()["inductor_kernels"]["tinyhead_floor"](
        Run(ik(tinyhead__largest__bound=bound, tinyhead__kernels=2)), None)
    assert spanish in said.es and bound in said.en


def test_decode_regime_writes_its_figures_with_a_decimal_comma_in_spanish():
    said = claims.registry()["capstone"]["decode_regime"](Run(decode(13.8)), None)
    assert "13.8%" in said.en and "13,8" in said.es and "13.8" not in said.es


def _numbers(text: str, decimal: str) -> list[float]:
    """Every number a sentence shows, read back as a reader would (not with the course's formatter)."""
    import re
    found = re.findall(r"\d[\d\u202f.,]*", text)
    out = []
    for token in found:
        token = token.rstrip(".,")
        token = token.replace("\u202f", "")
        token = token.replace(",", ".") if decimal == "," else token.replace(",", "")
        out.append(float(token))
    return out


@pytest.mark.parametrize("share", [9.56, 13.8, 44.2, 80.0])
def test_decode_regimes_time_beside_its_share_is_the_same_bytes_at_the_copy_rate(share):
    # The share is bytes ÷ time over the copy rate; the time the sentence sets beside it must be
    # those bytes at the copy rate, so the two shown figures divide back to the shown share (to
    # their rounding). The weights-only floor (what the committed GPU run once printed) does not.
    run = run_of_decode(share, tpot_ms=0.706)
    said = claims.registry()["capstone"]["decode_regime"](Run(run), None)
    for text, decimal in ((said.en, "."), (said.es, ",")):
        shown_share, tpot, same_bytes = _numbers(text, decimal)[:3]
        assert shown_share == pytest.approx(share, rel=5e-3)
        assert 100 * same_bytes / tpot == pytest.approx(shown_share, rel=1e-2)


def run_of_decode(share: float, tpot_ms: float) -> dict:
    return run("capstone", "cuda", {"gpt2.best_copy_share": share, "gpt2.best_tpot_ms": tpot_ms,
                                    "gpt2.tpot_floor_ms": tpot_ms * share / 100 * 0.87})   # a weights-only floor, lower


@pytest.mark.parametrize("lang", ["en", "es"])
def test_batching_shows_both_tpots_and_never_calls_a_fall_growth(lang):
    said = claims.registry()["capstone"]["batching"](Run(batches((1, 266, 3.76), (16, 5000, 3.24))), None)
    text = getattr(said, lang)
    assert said.outcome == "more_than_proportion"
    shown = ("3.76\xa0ms", "3.24\xa0ms") if lang == "en" else ("3,76\xa0ms", "3,24\xa0ms")
    assert all(figure in text for figure in shown)
    assert "grew 0." not in text and "creció 0," not in text
    assert "little extra time" not in text and "poco tiempo extra" not in text
