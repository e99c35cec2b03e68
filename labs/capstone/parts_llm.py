"""Project C's parts: the grammar MiniGPT (real text, checked) and the GPT-2-shaped model (timing)."""

from __future__ import annotations

import time

import torch

from labs.capstone.llm_bench import backends, compile_events, concurrency, models, workloads
from labs.capstone.llm_bench.base import GenerationConfig
from labs.capstone.llm_bench.metrics import decode_bandwidth
from labs.capstone.llm_bench.runner import CellResult, run_cell
from labs.capstone.recording import dtype_of, require, yes_no
from labs.capstone.settings import ALL_BACKENDS, Settings, gpt2_cell_budget_s
from labs.common import grammar, minigpt
from labs.common.ceilings import copy_bandwidth
from labs.common.harness import Lab

CELL_COLUMNS = ["backend", "generations", "ttft_p50_ms", "ttft_p95_ms", "tpot_p50_ms", "e2e_p50_ms", "e2e_p95_ms",
                "throughput_tok_s", "peak_added_mib", "warmup_s", "itl_n", "itl_p50_ms", "itl_p99_ms",
                "peak_reserved_mib", "timed_compiles", "timed_graphs", "first_s"]
CELL_UNITS = {"ttft_p50_ms": "ms", "ttft_p95_ms": "ms", "tpot_p50_ms": "ms", "e2e_p50_ms": "ms", "e2e_p95_ms": "ms",
              "throughput_tok_s": "tok/s", "peak_added_mib": "MiB", "warmup_s": "s", "itl_p50_ms": "ms",
              "itl_p99_ms": "ms", "peak_reserved_mib": "MiB", "first_s": "s"}


def cell_phases(cell: CellResult) -> str:
    """Where a cell's seconds went, for the log of a run that may be cut short."""
    timed = cell.timed_events
    return (f"{cell.backend} {cell.workload}: warm-up {cell.warmup_s:.1f} s (first generation {cell.first_s:.1f} s), "
            f"{cell.summary.generations} timed; while timed: {timed.compiles} compiles, {timed.graphs_recorded} graphs")


def cell_row(cell: CellResult) -> list:
    s, timed = cell.summary, cell.timed_events
    return [cell.backend, s.generations, s.ttft_p50_ms, s.ttft_p95_ms, s.tpot_p50_ms, s.e2e_p50_ms, s.e2e_p95_ms,
            s.throughput_tok_s, cell.peak_added_mib, cell.warmup_s, s.itl_n, s.itl_p50_ms, s.itl_p99_ms,
            cell.peak_reserved_mib, timed.compiles if timed else None, timed.graphs_recorded if timed else None,
            cell.first_s]


GPT2_COLUMNS = ["backend", "workload", "prompt_tokens", "new_tokens", "measured", "generations", "ttft_p50_ms",
                "seed_ttft_ms", "tpot_p50_ms", "e2e_p50_ms", "e2e_p95_ms", "throughput_tok_s", "peak_added_mib",
                "peak_total_mib", "step_mb", "achieved_gbs", "copy_share", "itl_n", "itl_p50_ms", "itl_p99_ms",
                "peak_reserved_mib", "warmup_s", "first_s", "timed_compiles", "timed_graphs", "reason"]


@backends.floats_as_constants
def part_llm_minigpt(lab: Lab, settings: Settings) -> None:
    lab.progress("training or loading the grammar MiniGPT")
    loaded, info = models.grammar_minigpt(lab.preset, lab.device,
                                          progress=lambda step, loss: lab.progress(f"MiniGPT step {step}, loss {loss:.3f}"))
    lab.metric("minigpt.params", info.params)
    lab.metric("minigpt.val_exact_match", 100 * info.val_exact_match, "%")
    lab.metric("minigpt.cached", "cached" if info.cached else "trained")
    prompts = workloads.grammar_prompts(settings.minigpt_prompts)
    stop = loaded.tokenizer.encode(grammar.END)[0]
    config = GenerationConfig(max_new_tokens=max(len(p.answer) for p in prompts) + 2, stop_token=stop)
    reference = minigpt.greedy_complete(loaded.model, [p.text for p in prompts], loaded.tokenizer,
                                        config.max_new_tokens, lab.device)
    lab.metric("minigpt.prompts", len(prompts))
    rows, ratios, agreement, exact, restarts = [], [], {}, {}, 0
    for name in settings.minigpt_backends:
        lab.progress(f"MiniGPT, {name}")
        restarts_before = compile_events.restarts()
        backend = backends.make_backend(name, lab.device)
        backend.load_model("minigpt", loaded=loaded)
        cell = run_cell(backend, "grammar", [p.text for p in prompts], config, settings.cell_budget_s,
                        min_generations=len(prompts))
        texts = [r.output_text for r in cell.results[:len(prompts)]]   # the first round, prompt order
        exact[name] = 100 * sum(t == p.answer for t, p in zip(texts, prompts)) / len(prompts)
        agreement[name] = 100 * sum(t == ref for t, ref in zip(texts, reference)) / len(prompts)
        rows.append(cell_row(cell) + [exact[name], agreement[name]])
        lab.progress(cell_phases(cell))
        ratios.append(cell.summary.ttft_p50_ms / cell.summary.e2e_p50_ms)
        if name == "eager":
            record_samples(lab, prompts, texts)
        restarts += retire(backend, restarts_before)
    lab.table("llm_minigpt", CELL_COLUMNS + ["exact_match", "agrees"], rows,
              CELL_UNITS | {"exact_match": "%", "agrees": "%"})
    timed = [row[CELL_COLUMNS.index("timed_compiles")] + row[CELL_COLUMNS.index("timed_graphs")] for row in rows]
    lab.metric("minigpt.timed_compile_events", sum(timed))
    check_warm_before_timing(lab, "minigpt", sum(timed))
    check_compiled_once(lab, "minigpt", restarts)
    lab.metric("minigpt.max_new_tokens", config.max_new_tokens)
    lab.metric("minigpt.min_agreement", min(agreement.values()), "%")
    lab.metric("minigpt.min_exact_match", min(exact.values()), "%")
    lab.check("minigpt_ttft_before_e2e", max(ratios), "<", 1.0,
              label={"en": "MiniGPT: the first token arrives before the last (TTFT < e2e), every backend",
                     "es": "MiniGPT: el primer token llega antes que el último (TTFT < e2e), en todos los backends"})
    lab.check("minigpt_backends_agree", min(agreement.values()), ">=", 90, unit="%",
              label={"en": "MiniGPT: every backend's text equals the cache-free reference generation",
                     "es": "MiniGPT: el texto de cada backend coincide con la generación de referencia sin caché"})
    checks = ["minigpt_ttft_before_e2e", "minigpt_backends_agree", "minigpt_warm_before_timing"]
    if lab.preset == "full":  # smoke trains for seconds: it is not meant to conjugate
        lab.check("minigpt_conjugates", min(exact.values()), ">=", 100 * minigpt.TARGET_VAL_EXACT_MATCH, unit="%",
                  label={"en": "MiniGPT: generated conjugations of held-out verbs are correct",
                         "es": "MiniGPT: las conjugaciones generadas de verbos no vistos son correctas"})
        checks.append("minigpt_conjugates")
    require(lab, *checks)


WARM_LABELS = {"minigpt": ("MiniGPT", "MiniGPT"), "gpt2": ("GPT-2-shaped", "Forma de GPT-2")}


def check_warm_before_timing(lab: Lab, model: str, events: int) -> None:
    """Fails the part when anything compiled or a CUDA graph was recorded inside a timed window:
    those generations timed the warm-up, not serving (the counts are the tables' columns)."""
    en, es = WARM_LABELS[model]
    lab.check(f"{model}_warm_before_timing", events, "==", 0,
              label={"en": f"{en}: nothing compiled and no CUDA graph recorded while generations were timed",
                     "es": f"{es}: nada se compiló ni se grabó ningún CUDA graph mientras se cronometraban "
                           "las generaciones"})


def retire(backend, restarts_before: int) -> int:
    """Free a backend; return the restarts its compiles took since `restarts_before`, read before
    cleanup() resets Dynamo, which clears the records they are counted from."""
    restarts = compile_events.restarts() - restarts_before
    backend.cleanup()
    return restarts


def check_compiled_once(lab: Lab, model: str, restarts: int) -> None:
    """Records the analyses Dynamo restarted while the backends warmed up, and checks there were
    none: a restart analyses a compiled step twice (see backends.floats_as_constants)."""
    en, es = WARM_LABELS[model]
    lab.metric(f"{model}.restarts", restarts)
    lab.check(f"{model}_compiled_once", restarts, "==", 0,
              label={"en": f"{en}: Dynamo restarted no analysis (every float read as a constant)",
                     "es": f"{es}: Dynamo no reinició ningún análisis (cada float se lee como constante)"})


def record_samples(lab: Lab, prompts: list[workloads.GrammarPrompt], texts: list[str]) -> None:
    rows = [[p.example.prompt.strip(), p.answer, t, yes_no(t == p.answer)] for p, t in zip(prompts, texts)][:8]
    lab.table("llm_minigpt_samples", ["prompt", "expected", "generated", "correct"], rows)


COMPILE_MARGIN_S = 90.0   # GPU: the time a compiled backend's first cell may take, compile included


def gpt2_model(lab: Lab, settings: Settings) -> models.LoadedModel:
    return models.gpt2_small_shaped(lab.device, dtype_of(settings.llm_dtype), settings.gpt2_layers,
                                    settings.gpt2_width, settings.gpt2_heads)


@backends.floats_as_constants
def part_llm_gpt2(lab: Lab, settings: Settings, ceilings: dict | None, deadline: float) -> None:
    loaded = gpt2_model(lab, settings)
    params = sum(p.numel() for p in loaded.model.parameters())
    lab.metric("gpt2.params", params)
    lab.metric("gpt2.shape", f"{settings.gpt2_layers} × {settings.gpt2_width}")
    lab.metric("gpt2.dtype", settings.llm_dtype)
    lab.metric("gpt2.weight_mib", loaded.weight_bytes() / 2**20, "MiB")
    # The copy ceiling again, right before it is used; the faster measurement stands.
    copy = max(copy_bandwidth(lab.device), (ceilings or {}).get("copy", 0.0))
    lab.metric("ceiling.copy_gbs", copy / 1e9, "GB/s")
    if copy:  # no decode step can beat reading every weight once at the copy rate
        lab.metric("gpt2.tpot_floor_ms", 1e3 * loaded.weight_bytes() / copy, "ms")
    chosen = [workloads.WORKLOADS[w].scaled(settings.gpt2_token_scale) for w in settings.gpt2_workloads]
    cell_budget = gpt2_cell_budget_s(settings)          # refused before the run when too small
    lab.metric("gpt2.budget_s", settings.llm_budget_s, "s")
    lab.metric("gpt2.cell_budget_s", cell_budget, "s")
    rows, ratios, mismatched, phases, restarts = [], [], 0, [], 0
    for name in settings.gpt2_backends:
        compile_before, restarts_before = compile_events.phase_seconds(), compile_events.restarts()
        try:
            backend = backends.make_backend(name, lab.device)
            backend.load_model("gpt2_small_shaped", loaded=loaded)
        except Exception as error:     # a backend that cannot even build: every one of its cells says why
            rows += [unmeasured(name, w, f"the backend failed to build: {one_line(error)}") for w in chosen]
            continue
        for index, workload in enumerate(chosen):
            # a compiled backend's first cell compiles it (the slowest step of a GPU cell, 12 layers):
            # started too close to the deadline, it would overrun the command that runs the lab
            needed = COMPILE_MARGIN_S if index == 0 and name != "eager" and lab.device == "cuda" else 0.0
            if time.perf_counter() + needed > deadline:
                rows.append(unmeasured(name, workload, "the lab's deadline left too little time for this cell"))
                continue
            lab.progress(f"GPT-2-shaped, {name}, {workload.name}")
            config = GenerationConfig(max_new_tokens=workload.max_new_tokens)
            try:
                cell = run_cell(backend, workload.name, [workload.prompt_ids(models.GPT2_VOCAB)], config,
                                cell_budget)
            except Exception as error:    # out of memory, a failed capture: a row with its reason
                rows.append(unmeasured(name, workload, one_line(error)))
                if lab.device == "cuda":
                    torch.cuda.empty_cache()   # what the failed cell held, back for the next one
                continue
            lab.progress(cell_phases(cell))
            mismatched += sum(1 for r in cell.results if r.output_tokens != workload.max_new_tokens)
            ratios.append(cell.summary.ttft_p50_ms / cell.summary.e2e_p50_ms)
            attended = loaded.max_len if name == "static_kv" else workload.prompt_tokens + workload.max_new_tokens / 2
            step_bytes = loaded.weight_bytes() + loaded.kv_bytes_per_position() * attended
            tpot = cell.summary.tpot_p50_ms
            achieved = decode_bandwidth(step_bytes, tpot / 1e3) if tpot else None
            s, timed = cell.summary, cell.timed_events
            rows.append([name, workload.name, workload.prompt_tokens, workload.max_new_tokens, yes_no(True),
                         s.generations, s.ttft_p50_ms, s.e2e_p50_ms / workload.max_new_tokens, s.tpot_p50_ms,
                         s.e2e_p50_ms, s.e2e_p95_ms, s.throughput_tok_s, cell.peak_added_mib, cell.peak_total_mib,
                         step_bytes / 1e6, achieved / 1e9 if achieved else None,
                         100 * achieved / copy if achieved and copy else None, s.itl_n, s.itl_p50_ms, s.itl_p99_ms,
                         cell.peak_reserved_mib, cell.warmup_s, cell.first_s, timed.compiles, timed.graphs_recorded,
                         ""])
        spent = compile_events.phases_since(compile_before)
        phases += [[name, phase, seconds] for phase, seconds in spent]
        lab.progress(f"{name}: " + ", ".join(f"{phase} {seconds:.1f} s" for phase, seconds in spent[:6]))
        restarts += retire(backend, restarts_before)
    rows.sort(key=lambda row: ALL_BACKENDS.index(row[0]))   # the ladder's order, whatever ran first
    lab.table("llm_gpt2", GPT2_COLUMNS, rows,
              {"ttft_p50_ms": "ms", "seed_ttft_ms": "ms", "tpot_p50_ms": "ms", "e2e_p50_ms": "ms", "e2e_p95_ms": "ms",
               "throughput_tok_s": "tok/s", "peak_added_mib": "MiB", "peak_total_mib": "MiB", "step_mb": "MB",
               "achieved_gbs": "GB/s", "copy_share": "%", "itl_p50_ms": "ms", "itl_p99_ms": "ms",
               "peak_reserved_mib": "MiB", "warmup_s": "s", "first_s": "s"})
    # where the compiled backends' warm-ups went (Dynamo's and Inductor's timers; nested phases overlap)
    lab.table("llm_gpt2_compile_phases", ["backend", "phase", "seconds"], phases, {"seconds": "s"})
    record_gpt2_summary(lab, rows)
    lab.check("gpt2_every_cell_measured", sum(1 for r in rows if r[GPT2_COLUMNS.index("measured")] == "yes"), "==",
              len(rows), label={"en": "GPT-2-shaped: every backend × workload cell was measured",
                                "es": "Forma de GPT-2: se midió cada combinación de backend y carga"})
    if not ratios:
        require(lab, "gpt2_every_cell_measured")
    lab.check("gpt2_ttft_before_e2e", max(ratios), "<", 1.0,
              label={"en": "GPT-2-shaped: TTFT < e2e for every backend and workload measured",
                     "es": "Forma de GPT-2: TTFT < e2e en todos los backends y cargas medidos"})
    lab.check("gpt2_tokens_as_requested", mismatched, "==", 0,
              label={"en": "GPT-2-shaped: every generation produced the tokens asked for",
                     "es": "Forma de GPT-2: cada generación produjo los tokens pedidos"})
    measured = [dict(zip(GPT2_COLUMNS, r)) for r in rows if r[GPT2_COLUMNS.index("measured")] == "yes"]
    check_warm_before_timing(lab, "gpt2", timed_event_count(measured))
    check_compiled_once(lab, "gpt2", restarts)
    require(lab, "gpt2_ttft_before_e2e", "gpt2_tokens_as_requested", "gpt2_every_cell_measured",
            "gpt2_warm_before_timing")


def one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"[:300]


def unmeasured(backend: str, workload: workloads.Workload, reason: str) -> list:
    """A cell that could not be measured: a row of its own, with why."""
    row = dict.fromkeys(GPT2_COLUMNS)
    row.update(backend=backend, workload=workload.name, prompt_tokens=workload.prompt_tokens,
               new_tokens=workload.max_new_tokens, measured=yes_no(False), reason=reason)
    return [row[c] for c in GPT2_COLUMNS]


def timed_event_count(measured: list[dict]) -> int:
    """Compiles and CUDA graphs recorded inside the timed windows of the measured cells."""
    return sum(r["timed_compiles"] + r["timed_graphs"] for r in measured if r["timed_compiles"] is not None)


def record_gpt2_summary(lab: Lab, rows: list[list]) -> None:
    """The sentences the page quotes, computed from every measured row."""
    measured = [dict(zip(GPT2_COLUMNS, r)) for r in rows if r[GPT2_COLUMNS.index("measured")] == "yes"]
    lab.metric("gpt2.cells", len(measured))
    lab.metric("gpt2.unmeasured_cells", len(rows) - len(measured))
    lab.metric("gpt2.timed_compile_events", timed_event_count(measured))
    if not measured:              # every cell failed: the table says why, the check fails the part
        return
    best = max(measured, key=lambda r: r["copy_share"] or 0)
    lab.metric("gpt2.best_share_backend", best["backend"])
    lab.metric("gpt2.best_share_workload", best["workload"])
    lab.metric("gpt2.best_copy_share", best["copy_share"], "%")
    lab.metric("gpt2.best_achieved_gbs", best["achieved_gbs"], "GB/s")
    lab.metric("gpt2.best_tpot_ms", best["tpot_p50_ms"], "ms")
    # A CPU's copy also reads every destination line before writing it (write-allocate), so a
    # stream of pure reads, as decoding is, can beat the copy figure; a GPU's copy cannot be beaten.
    lab.metric("gpt2.above_copy", yes_no((best["copy_share"] or 0) > 100))
    eager = {r["workload"]: r for r in measured if r["backend"] == "eager"}
    speedups = [eager[r["workload"]]["tpot_p50_ms"] / r["tpot_p50_ms"] for r in measured
                if r["backend"] == "static_kv" and r["workload"] in eager and r["tpot_p50_ms"]]
    lab.metric("gpt2.static_over_eager_tpot", min(speedups) if speedups else "not_measured",
               "×" if speedups else "")
    seed_errors = [r["seed_ttft_ms"] / r["ttft_p50_ms"] for r in measured]   # the seed's e2e/n over measured TTFT
    lab.metric("gpt2.seed_ttft_low", min(seed_errors), "×")
    lab.metric("gpt2.seed_ttft_high", max(seed_errors), "×")


CONCURRENCY_COLUMNS = ["batch", "batches", "requests", "ttft_p50_ms", "tpot_p50_ms", "itl_n", "itl_p99_ms",
                       "throughput_tok_s", "goodput_tok_s", "met_share"]


def part_llm_concurrency(lab: Lab, settings: Settings) -> None:
    """1, 4, 16 requests in flight on the GPT-2-shaped model (eager, static batching)."""
    loaded = gpt2_model(lab, settings)
    workload = workloads.WORKLOADS["chat_short"].scaled(settings.gpt2_token_scale)
    target = concurrency.Target(*settings.latency_target_ms)
    lab.metric("concurrency.workload", workload.name)
    lab.metric("concurrency.new_tokens", workload.max_new_tokens)
    lab.metric("concurrency.target_ttft_ms", target.ttft_ms, "ms")
    lab.metric("concurrency.target_tpot_ms", target.tpot_ms, "ms")
    rows = []
    for batch in settings.concurrency:
        lab.progress(f"{batch} request(s) in flight")
        r = concurrency.run_batch_size(loaded, batch, workload.prompt_tokens, workload.max_new_tokens, target,
                                       settings.concurrency_budget_s)
        rows.append([r.batch, r.batches, r.requests, r.ttft_p50_ms, r.tpot_p50_ms, r.itl_n, r.itl_p99_ms,
                     r.throughput_tok_s, r.goodput_tok_s, r.met_share])
    lab.table("llm_concurrency", CONCURRENCY_COLUMNS, rows,
              {"ttft_p50_ms": "ms", "tpot_p50_ms": "ms", "itl_p99_ms": "ms", "throughput_tok_s": "tok/s",
               "goodput_tok_s": "tok/s", "met_share": "%"})
    first, last = rows[0], rows[-1]
    column = CONCURRENCY_COLUMNS.index
    lab.metric("concurrency.throughput_gain", last[column("throughput_tok_s")] / first[column("throughput_tok_s")],
               "×")
