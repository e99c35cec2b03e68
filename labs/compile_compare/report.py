"""What the pages can quote: each part's findings as metrics, tables, figures and checks.

The keys here are the page's vocabulary (docs/*/labs/compile_compare.md names them), so a
renamed key is a page to update. Categorical metrics ("faster", "never", "yes") exist so
that the page's prose can branch on them instead of on a number typed into it.
"""

from __future__ import annotations

from pathlib import Path

from labs.common import timing
from labs.common.harness import Lab
from labs.compile_compare import compile_phases, graph_breaks, payoff, shapes, step_variants
from labs.compile_compare.findings import FirstStep, GraphBreakStudy, ModeComparison, SteadyState
from labs.compile_compare.machine import BusyWatch
from labs.compile_compare.settings import Settings

LOSS_MATCH = 1e-3          # |eager - compiled| loss on the same weights and batch (float32)
MS = {"median_ms": "ms", "min_ms": "ms", "p95_ms": "ms"}


def ms(seconds: float) -> float:
    return seconds * 1e3


def timing_cells(t: timing.Timing) -> list[float | int]:
    return [ms(t.median_s), ms(t.min_s), ms(t.p95_s), t.reps]


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def machine(lab: Lab, busy: BusyWatch) -> None:
    lab.metric("machine.cores", busy.cores)
    lab.metric("machine.others_busy", busy.mean_others)   # other programs' runnable threads, mean
    lab.metric("machine.samples", len(busy.samples))
    lab.metric("machine.contended", yes_no(busy.contended))


def first_step(lab: Lab, result: FirstStep) -> None:
    first, warm = result, result.warm
    lab.table("first_steps", ["step", "eager_ms", "compiled_ms"],
              [[i + 1, ms(e), ms(c)] for i, (e, c) in enumerate(zip(first.eager_trace_s, first.compiled_trace_s))],
              {"eager_ms": "ms", "compiled_ms": "ms"})
    lab.figure("first_steps", "first_steps", x="step", y=["eager_ms", "compiled_ms"], log_y=True)
    cold_rows = compile_phases.split_rows(first.phases, first.compiled_s)
    warm_rows = compile_phases.split_rows(warm.phases, warm.first_step_s)
    lab.table("first_step_split", ["phase", "cold_s", "cold_share", "warm_s", "warm_share"],
              [[c[0], c[1], 100 * c[2], w[1], 100 * w[2]] for c, w in zip(cold_rows, warm_rows)],
              {"cold_s": "s", "cold_share": "%", "warm_s": "s", "warm_share": "%"})

    explained = 100 * first.phases.total_s / first.compiled_s
    lab.metric("first_step.eager_s", first.eager_s, "s")
    lab.metric("first_step.eager_ms", ms(first.eager_s), "ms")
    lab.metric("first_step.compiled_s", first.compiled_s, "s")
    lab.metric("first_step.ratio", first.compiled_s / first.eager_s, "×")
    lab.metric("first_step.compile_s", first.phases.total_s, "s")
    lab.metric("first_step.explained_share", explained, "%")
    for phase, seconds, share in cold_rows:
        lab.metric(f"first_step.{phase}_s", seconds, "s")
        lab.metric(f"first_step.{phase}_share", 100 * share, "%")
    lab.metric("first_step.largest_phase", max(cold_rows, key=lambda row: row[1])[0])
    lab.metric("first_step.graphs", first.phases.records)
    lab.metric("first_step.toolchain_s", first.toolchain_s, "s")
    lab.metric("first_step.built_precompiled_header", yes_no(first.built_precompiled_header))
    lab.metric("first_step.loss_diff", first.first_loss_diff)
    hits = warm.phases.aot_cache_hits + warm.phases.fx_cache_hits
    lab.metric("warm.first_step_s", warm.first_step_s, "s")
    lab.metric("warm.process_s", warm.process_s, "s")
    lab.metric("warm.startup_s", warm.startup_s, "s")
    lab.metric("warm.toolchain_s", warm.toolchain_s, "s")
    lab.metric("warm.saved_s", first.compiled_s - warm.first_step_s, "s")
    lab.metric("warm.saved_share", 100 * (1 - warm.first_step_s / first.compiled_s), "%")
    lab.metric("warm.speedup", first.compiled_s / warm.first_step_s, "×")
    lab.metric("warm.dynamo_s", warm.phases.dynamo_s, "s")
    lab.metric("warm.cache_hits", hits)
    lab.metric("warm.largest_phase", max(warm_rows, key=lambda row: row[1])[0])

    lab.check("compiled_loss_matches_eager", first.first_loss_diff, "<", LOSS_MATCH,
              label={"en": "Step 1: compiled loss matches eager's",
                     "es": "Paso 1: la pérdida compilada coincide con la de eager"})
    lab.check("phases_explain_first_step", explained, ">=", 50, unit="%",
              label={"en": "Compile phases account for most of the first compiled step",
                     "es": "Las fases de compilación explican la mayor parte del primer paso compilado"})
    lab.check("warm_cache_hit", hits, ">=", 1,
              label={"en": "The restarted process hits the warm cache",
                     "es": "El proceso reiniciado acierta en la caché caliente"})
    lab.check("warm_start_faster", warm.first_step_s, "<", first.compiled_s, unit="s",
              label={"en": "Warm-cache first step is faster than the cold one",
                     "es": "El primer paso con caché caliente es más rápido que en frío"})


def steady_state(lab: Lab, steady: SteadyState, compile_cost_s: float) -> None:
    eager, compiled, tokens = steady.eager, steady.compiled, steady.tokens_per_step
    lab.table("steady_state", ["variant", "median_ms", "min_ms", "p95_ms", "reps", "tokens_per_s"],
              [["eager", *timing_cells(eager), tokens / eager.median_s],
               ["compiled", *timing_cells(compiled), tokens / compiled.median_s]],
              MS | {"tokens_per_s": "tokens/s"})
    lab.metric("steady.eager_ms", ms(eager.median_s), "ms")
    lab.metric("steady.compiled_ms", ms(compiled.median_s), "ms")
    lab.metric("steady.speedup", eager.median_s / compiled.median_s, "×")
    lab.metric("steady.verdict", steady.verdict)
    lab.metric("steady.eager_tokens_per_s", tokens / eager.median_s, "tokens/s")
    lab.metric("steady.compiled_tokens_per_s", tokens / compiled.median_s, "tokens/s")
    lab.metric("steady.tokens_per_step", tokens)
    lab.metric("steady.compile_cost_s", compile_cost_s, "s")
    lab.metric("steady.break_even_steps", steady.break_even_steps)
    lab.metric("steady.payoff", payoff.payoff_case(steady.break_even_steps))
    lab.check("steady_reps", min(eager.reps, compiled.reps), ">=", 5,
              label={"en": "Each steady-state median comes from at least 5 steps",
                     "es": "Cada mediana en régimen estacionario sale de al menos 5 pasos"})


def recompiles(lab: Lab, settings: Settings, by_policy: dict[str, shapes.PolicyRun], recompile_limit: int,
               length_mark_error: str) -> None:
    runs = list(by_policy.values())
    static = by_policy.get("static")
    lab.table("recompile_calls",
              ["policy", "call", "batch", "seq_len", "recompiled", "reason", "graph_idx_shape", "first_call_s"],
              [[run.policy, c.index + 1, c.batch, c.seq_len, yes_no(c.recompiled), "; ".join(c.reasons),
                c.graph_idx_shape, c.first_call_s] for run in runs for c in run.calls],
              {"first_call_s": "s"})
    lab.table("recompile_summary", ["policy", "recompiles", "graphs", "compile_s", "step_ms", "step_vs_static"],
              [[run.policy, run.recompiles_logged, run.graphs, run.compile_s, ms(run.steady.median_s),
                shapes.step_ratio(run, static) if static else 1.0] for run in runs],
              {"compile_s": "s", "step_ms": "ms", "step_vs_static": "×"})
    lab.write_artifact("recompiles_log", "recompiles.log",
                       "".join(f"## policy {run.policy}\n" + "".join(m + "\n" for m in run.log_messages) + "\n"
                               for run in runs))

    distinct = len(set(settings.recompile_shapes))
    lab.metric("recompiles.shapes", len(settings.recompile_shapes))
    lab.metric("recompiles.distinct_shapes", distinct)
    lab.metric("recompiles.limit", recompile_limit)
    lab.metric("recompiles.block_size", settings.model.block_size)
    for run in runs:
        lab.metric(f"recompiles.{run.policy}", run.recompiles_logged)
        lab.metric(f"recompiles.{run.policy}.graphs", run.graphs)
        lab.metric(f"recompiles.{run.policy}.compile_s", run.compile_s, "s")
        lab.metric(f"recompiles.{run.policy}.step_ms", ms(run.steady.median_s), "ms")
    lab.metric("recompiles.length_mark_raised", yes_no(bool(length_mark_error)))
    lab.metric("recompiles.length_mark_error", length_mark_error or "none")
    if "dynamic" in by_policy and by_policy["dynamic"].calls:
        lab.metric("recompiles.dynamic_first_graph", shapes.first_graph(by_policy["dynamic"]))
        # "yes" when dynamic=True still compiled the length as a constant (MiniGPT's mask slice),
        # and the batch too (duck sizing: equal sizes share one symbol, so they specialize together)
        batch_fixed, length_fixed = shapes.specialized(by_policy["dynamic"])
        lab.metric("recompiles.dynamic_specialized_length", yes_no(length_fixed))
        lab.metric("recompiles.dynamic_specialized_batch", yes_no(batch_fixed))
    if "automatic" in by_policy:
        lab.metric("recompiles.automatic_went_dynamic", yes_no(shapes.went_dynamic(by_policy["automatic"])))
    if static and "dynamic" in by_policy:
        ratio, verdict = shapes.symbolic_cost(static, by_policy["dynamic"])
        lab.metric("dynamic.step_ratio", ratio, "×")
        lab.metric("dynamic.verdict", verdict)  # symbolic against static

    mismatched = sum(run.recompiles_logged != run.recompiles_recorded for run in runs)
    unparsed = sum(reason == "?" or not reason for run in runs for c in run.calls if c.recompiled
                   for reason in c.reasons)
    lab.check("recompile_log_matches_records", mismatched, "==", 0,
              label={"en": "TORCH_LOGS=recompiles reports every recompilation Dynamo recorded",
                     "es": "TORCH_LOGS=recompiles informa de cada recompilación que registró Dynamo"})
    lab.check("recompile_reasons_parsed", unparsed, "==", 0,
              label={"en": "Every recompilation's failed guard is parsed from the log",
                     "es": "La guarda fallida de cada recompilación se extrae del log"})
    if static:
        lab.check("static_recompiles_every_new_shape", static.recompiles_logged, "==", distinct - 1,
                  label={"en": "dynamic=False recompiles once per new shape",
                         "es": "dynamic=False recompila una vez por cada forma nueva"})


def comparison(lab: Lab, key: str, compared: ModeComparison) -> None:
    base, cand = compared.baseline, compared.candidate
    rows = [[run.mode, run.first_step_s, run.phases.total_s, *timing_cells(run.steady), verdict, steps]
            for run, verdict, steps in ((base, "", ""), (cand, compared.verdict, compared.break_even_steps))]
    lab.table(key, ["mode", "first_step_s", "compile_s", "median_ms", "min_ms", "p95_ms", "reps",
                    "verdict", "break_even_steps"], rows, MS | {"first_step_s": "s", "compile_s": "s"})
    lab.metric(f"{key}.baseline_first_step_s", base.first_step_s, "s")
    lab.metric(f"{key}.first_step_s", cand.first_step_s, "s")
    lab.metric(f"{key}.extra_compile_s", compared.extra_compile_s, "s")
    lab.metric(f"{key}.baseline_ms", ms(base.steady.median_s), "ms")
    lab.metric(f"{key}.step_ms", ms(cand.steady.median_s), "ms")
    lab.metric(f"{key}.speedup", base.steady.median_s / cand.steady.median_s, "×")
    lab.metric(f"{key}.verdict", compared.verdict)
    lab.metric(f"{key}.break_even_steps", compared.break_even_steps)
    lab.metric(f"{key}.payoff", payoff.payoff_case(compared.break_even_steps))


def graph_break_study(lab: Lab, study: GraphBreakStudy, recompile_limit: int) -> None:
    broken, fixed = study.broken, study.fixed
    lab.write_artifact("step_variants", "step_variants.py", Path(step_variants.__file__).read_text(), "python")
    lab.table("graph_breaks", ["break", "kind", "line", "code", "reason"],
              [[i + 1, b.kind, b.line, b.code, b.reason] for i, b in enumerate(broken.breaks)])
    lab.table("graph_break_steps", ["variant", "graphs", "breaks", "first_step_s", "median_ms", "min_ms",
                                    "p95_ms", "reps"],
              [["with_breaks", broken.graph_count, broken.graph_break_count, study.broken_first_step_s,
                *timing_cells(study.broken_step)],
               ["fixed", fixed.graph_count, fixed.graph_break_count, study.fixed_first_step_s,
                *timing_cells(study.fixed_step)]],
              MS | {"first_step_s": "s"})
    lab.metric("breaks.broken_graphs", broken.graph_count)
    lab.metric("breaks.broken_count", broken.graph_break_count)
    lab.metric("breaks.reasons", len(broken.breaks))
    lab.metric("breaks.fixed_count", fixed.graph_break_count)
    lab.metric("breaks.fullgraph_error", study.fullgraph_broken.error_type or "none")
    lab.metric("breaks.fullgraph_message", study.fullgraph_broken.message)
    lab.metric("breaks.broken_first_step_s", study.broken_first_step_s, "s")
    lab.metric("breaks.fixed_first_step_s", study.fixed_first_step_s, "s")
    lab.metric("breaks.broken_ms", ms(study.broken_step.median_s), "ms")
    lab.metric("breaks.fixed_ms", ms(study.fixed_step.median_s), "ms")
    lab.metric("breaks.fixed_speedup", study.broken_step.median_s / study.fixed_step.median_s, "×")
    lab.metric("breaks.verdict", study.verdict)
    lab.metric("breaks.loss_diff", study.loss_diff)
    lab.metric("breaks.broken_recompiles", study.broken_recompiles)
    lab.metric("breaks.broken_recompile_guard", study.broken_recompile_guard or "none")
    lab.metric("breaks.fixed_recompiles", study.fixed_recompiles)
    lab.metric("breaks.recompile_limit", recompile_limit)

    kinds = {b.kind for b in broken.breaks}
    expected = {kind for kind, _ in graph_breaks.KINDS}
    lab.check("broken_step_breaks", broken.graph_break_count, ">=", 4,
              label={"en": "explain finds the four planted graph breaks",
                     "es": "explain encuentra las cuatro rupturas de grafo sembradas"})
    lab.check("break_kinds_named", len(expected & kinds), "==", len(expected),
              label={"en": "Each break's cause is named from Dynamo's reason",
                     "es": "La causa de cada ruptura se identifica a partir del motivo de Dynamo"})
    lab.check("fixed_step_breaks", fixed.graph_break_count, "==", 0,
              label={"en": "The fixed step compiles to one graph",
                     "es": "El paso corregido se compila en un solo grafo"})
    lab.check("fullgraph_raises_on_breaks", int(study.fullgraph_broken.raised), "==", 1,
              label={"en": "fullgraph=True raises on the step with breaks",
                     "es": "fullgraph=True lanza una excepción en el paso con rupturas"})
    lab.check("fullgraph_accepts_fixed", int(study.fullgraph_fixed.raised), "==", 0,
              label={"en": "fullgraph=True accepts the fixed step",
                     "es": "fullgraph=True acepta el paso corregido"})
    lab.check("fixed_loss_matches", study.loss_diff, "<", LOSS_MATCH,
              label={"en": "The fixed step computes the same loss",
                     "es": "El paso corregido calcula la misma pérdida"})
