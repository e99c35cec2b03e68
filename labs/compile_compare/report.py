"""What the pages can quote: each part's findings as metrics, tables, figures and checks.

The keys here are the page's vocabulary (docs/*/labs/compile_compare.md names them), so a
renamed key is a page to update. Categorical metrics ("faster", "never", "yes") exist so
that the page's prose can branch on them instead of on a number typed into it. Sentences
and words the page shows come in both languages (`key` and `key.es`).

Every A/B comparison is recorded the same way (`ab`): on a GPU with both clocks, latency and
device time; on a CPU, which has one clock, the device-time keys hold "—", so that a page's
table with a column per device reads "—" in the CPU column rather than failing. Host overhead
(latency minus device time) is recorded only from a replayed device time: a queued one holds
the gaps the host leaves between launches, so the difference would not be the host's time.
"""

from __future__ import annotations

from pathlib import Path

from labs.common import measure
from labs.common.contract import LANGUAGES
from labs.common.harness import Lab
from labs.compile_compare import compile_phases, graph_breaks, payoff, shapes, step_variants, summaries
from labs.compile_compare.findings import AB, FirstStep, GraphBreakStudy, ModeComparison, SymbolicCost
from labs.compile_compare.machine import BusyWatch
from labs.compile_compare.settings import Settings

LOSS_MATCH = 1e-3          # |eager - compiled| loss on the same weights and batch (float32)
NONE = "—"                 # a quantity this device does not have (device time on a CPU)
AB_COLUMNS = ["variant", "median_ms", "q1_ms", "q3_ms", "reps", "dev_median_ms", "dev_q1_ms", "dev_q3_ms",
              "dev_reps", "overhead_ms", "first_step_s"]
AB_UNITS = {"median_ms": "ms", "q1_ms": "ms", "q3_ms": "ms", "dev_median_ms": "ms", "dev_q1_ms": "ms",
            "dev_q3_ms": "ms", "overhead_ms": "ms", "first_step_s": "s"}


def ms(seconds: float) -> float:
    return seconds * 1e3


def ms_or_none(seconds: float | None) -> float | None:
    return None if seconds is None else ms(seconds)


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def sentence(lab: Lab, key: str, texts: dict[str, str]) -> None:
    """A generated sentence, in English under `key` and in Spanish under `key.es`."""
    lab.metric(key, texts["en"])
    lab.metric(f"{key}.es", texts["es"])


def machine(lab: Lab, busy: BusyWatch) -> None:
    lab.metric("machine.cores", busy.cores)
    lab.metric("machine.others_busy", busy.mean_others)   # other programs' runnable threads, mean
    lab.metric("machine.samples", len(busy.samples))
    lab.metric("machine.contended", yes_no(busy.contended))


# -- one A/B comparison ------------------------------------------------------------------------

def ab_keys(key: str, names: tuple[str, str]) -> list[str]:
    """Every metric `ab` records for a comparison, for a part that cannot run on this device."""
    per_clock = ["speedup", "verdict", "break_even_steps", "payoff"]
    return ([f"{key}.{n}_ms" for n in names] + [f"{key}.{n}_dev_ms" for n in names]
            + [f"{key}.{n}_overhead_ms" for n in names] + [f"{key}.{n}_first_s" for n in names]
            + [f"{key}.{m}" for m in per_clock] + [f"{key}.dev_{m}" for m in per_clock]
            + [f"{key}.extra_compile_s", f"{key}.clocks_agree", f"{key}.device_method",
               f"{key}.summary", f"{key}.summary.es"])


def placeholders(lab: Lab, keys: list[str]) -> None:
    for key in keys:
        lab.metric(key, NONE)


def host_overhead_s(latency: measure.Stats, device: measure.Stats | None) -> float | None:
    """Latency minus device time, where the clocks can separate them: None on a CPU, on a
    queued device time (its launch gaps are the host's too) and inside the two clocks' noise."""
    if device is None or device.method == measure.QUEUED:
        return None
    return measure.host_overhead_s(latency, device)


def ab(lab: Lab, key: str, comparison: AB, names: tuple[str, str]) -> None:
    """Table `key` (a row per variant, both clocks) and the metrics `key.*` of one comparison."""
    timing = comparison.timing
    rows = []
    for side, (name, first_s) in enumerate(zip(names, (comparison.baseline_first_s, comparison.candidate_first_s))):
        lat = timing.latency[side]
        dev = timing.device[side] if timing.device else None
        overhead = host_overhead_s(lat, dev)
        rows.append([name, ms(lat.median_s), ms(lat.q1_s), ms(lat.q3_s), lat.reps,
                     ms(dev.median_s) if dev else None, ms(dev.q1_s) if dev else None,
                     ms(dev.q3_s) if dev else None, dev.reps if dev else None,
                     ms_or_none(overhead), first_s])
        lab.metric(f"{key}.{name}_ms", ms(lat.median_s), "ms")
        lab.metric(f"{key}.{name}_first_s", first_s, "s")
        if dev:
            lab.metric(f"{key}.{name}_dev_ms", ms(dev.median_s), "ms")
            if overhead is None:  # a queued device time, or the two clocks within their noise
                placeholders(lab, [f"{key}.{name}_overhead_ms"])
            else:
                lab.metric(f"{key}.{name}_overhead_ms", ms(overhead), "ms")
        else:
            placeholders(lab, [f"{key}.{name}_dev_ms", f"{key}.{name}_overhead_ms"])
    lab.table(key, AB_COLUMNS, rows, AB_UNITS)
    for clock, prefix in (("latency", ""), ("device", "dev_")):
        if clock not in comparison.clocks():
            placeholders(lab, [f"{key}.{prefix}{m}" for m in ("speedup", "verdict", "break_even_steps", "payoff")])
            continue
        steps = comparison.break_even(clock)
        lab.metric(f"{key}.{prefix}speedup", comparison.speedup(clock), "×")
        lab.metric(f"{key}.{prefix}verdict", comparison.verdict(clock))
        lab.metric(f"{key}.{prefix}break_even_steps", steps)
        lab.metric(f"{key}.{prefix}payoff", payoff.payoff_case(steps))
    lab.metric(f"{key}.extra_compile_s", comparison.extra_compile_s, "s")
    lab.metric(f"{key}.clocks_agree", comparison.clocks_agree())
    lab.metric(f"{key}.device_method", timing.device_method or NONE)
    sentence(lab, f"{key}.summary", {lang: summaries.clocks(comparison.summary_rows(), lang) for lang in LANGUAGES})


# -- part first_step ---------------------------------------------------------------------------

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
    if first.vector_isa is not None:
        lab.metric("first_step.vector_isa_s", first.vector_isa.seconds, "s")
        lab.metric("first_step.vector_isa_built", first.vector_isa.built)
        lab.metric("first_step.vector_isa", first.vector_isa.chosen)
    lab.metric("first_step.loss_diff", first.first_loss_diff)
    hits = warm.phases.aot_cache_hits + warm.phases.fx_cache_hits
    lab.metric("warm.first_step_s", warm.first_step_s, "s")
    lab.metric("warm.process_s", warm.process_s, "s")
    lab.metric("warm.startup_s", warm.startup_s, "s")
    lab.metric("warm.toolchain_s", warm.toolchain_s, "s")
    if warm.vector_isa_s is not None:
        lab.metric("warm.vector_isa_s", warm.vector_isa_s, "s")
    lab.metric("warm.saved_s", first.compiled_s - warm.first_step_s, "s")
    lab.metric("warm.saved_share", 100 * (1 - warm.first_step_s / first.compiled_s), "%")
    lab.metric("warm.speedup", first.compiled_s / warm.first_step_s, "×")
    lab.metric("warm.cache_hits", hits)
    lab.metric("warm.cache_misses", warm.phases.aot_cache_misses + warm.phases.fx_cache_misses)
    lab.metric("warm.largest_phase", max(warm_rows, key=lambda row: row[1])[0])
    for phase, seconds, share in warm_rows:
        lab.metric(f"warm.{phase}_s", seconds, "s")
        lab.metric(f"warm.{phase}_share", 100 * share, "%")

    lab.check("compiled_loss_matches_eager", first.first_loss_diff, "<", LOSS_MATCH,
              label={"en": "Step 1: compiled loss matches eager's",
                     "es": "Paso 1: la pérdida compilada coincide con la de eager"})
    lab.check("phases_explain_first_step", explained, ">=", 50, unit="%",
              label={"en": "Compile phases account for most of the first compiled step",
                     "es": "Las fases de compilación explican la mayor parte del primer paso compilado"})
    lab.check("phases_within_first_step", explained, "<=", 100, unit="%",
              label={"en": "Compile phases, nested timers taken apart, add up to no more than the step",
                     "es": "Las fases, separados sus temporizadores anidados, no suman más que el paso"})
    lab.check("warm_cache_hit", hits, ">=", 1,
              label={"en": "The restarted process hits the warm cache",
                     "es": "El proceso reiniciado acierta en la caché caliente"})
    lab.check("warm_start_faster", warm.first_step_s, "<", first.compiled_s, unit="s",
              label={"en": "Warm-cache first step is faster than the cold one",
                     "es": "El primer paso con caché caliente es más rápido que en frío"})


# -- part steady_state ------------------------------------------------------------------------

def steady_state(lab: Lab, comparison: AB, tokens: int,
                 loops: tuple[measure.Stats, measure.Stats] | None = None) -> None:
    """`loops`: each side's steps queued back to back between two events, not replayed (GPU
    only): the step time of an unsynchronised training loop, the host's launch gaps included."""
    ab(lab, "steady", comparison, ("eager", "compiled"))
    for name, loop in zip(("eager", "compiled"), loops or (None, None)):
        if loop is None:
            placeholders(lab, [f"steady.{name}_loop_ms"])
        else:
            lab.metric(f"steady.{name}_loop_ms", ms(loop.median_s), "ms")
    eager, compiled = comparison.timing.latency
    lab.metric("steady.tokens_per_step", tokens)
    lab.metric("steady.eager_tokens_per_s", tokens / eager.median_s, "tokens/s")
    lab.metric("steady.compiled_tokens_per_s", tokens / compiled.median_s, "tokens/s")
    lab.metric("steady.compile_cost_s", comparison.extra_compile_s, "s")


# -- part recompiles --------------------------------------------------------------------------

def _reason(failure, lang: str) -> str:
    return failure.describe(shapes.DIM_NAMES[lang]) if failure else "?"


def recompiles(lab: Lab, settings: Settings, by_policy: dict[str, shapes.PolicyRun], recompile_limit: int,
               length_mark_error: str, float_restarts: tuple[int, int], model_floats: dict[str, int]) -> None:
    runs = list(by_policy.values())
    for lang, key in (("en", "recompile_calls"), ("es", "recompile_calls.es")):
        lab.table(key, ["policy", "call", "batch", "seq_len", "recompiled", "reason", "graph_idx_shape",
                        "first_call_s"],
                  [[run.policy, c.index + 1, c.batch, c.seq_len, yes_no(c.recompiled),
                    "; ".join(_reason(r, lang) for r in c.reasons), c.graph_idx_shape, c.first_call_s]
                   for run in runs for c in run.calls],
                  {"first_call_s": "s"})
    lab.table("recompile_summary", ["policy", "predicted", "recompiles", "graphs", "compile_s", "restarts",
                                    "restart_s"],
              [[run.policy, run.predicted, run.recompiles_logged, run.graphs, run.compile_s, run.restarts,
                run.restart_s] for run in runs],
              {"compile_s": "s", "restart_s": "s"})
    lab.write_artifact("recompiles_log", "recompiles.log",
                       "".join(f"## policy {run.policy}\n" + "".join(m + "\n" for m in run.log_messages) + "\n"
                               for run in runs))

    distinct = len(set(settings.recompile_shapes))
    lab.metric("recompiles.shapes", len(settings.recompile_shapes))
    lab.metric("recompiles.distinct_shapes", distinct)
    lab.metric("recompiles.sequence", " → ".join(f"{b}×{t}" for b, t in settings.recompile_shapes))
    lab.metric("recompiles.limit", recompile_limit)
    lab.metric("recompiles.block_size", settings.study_model.block_size)
    lab.metric("recompiles.model_layers", settings.study_model.n_layer)
    lab.metric("recompiles.backend", settings.study_backend)
    for run in runs:
        lab.metric(f"recompiles.{run.policy}", run.recompiles_logged)
        lab.metric(f"recompiles.{run.policy}.predicted", run.predicted)
        lab.metric(f"recompiles.{run.policy}.graphs", run.graphs)
        lab.metric(f"recompiles.{run.policy}.compile_s", run.compile_s, "s")
        lab.metric(f"recompiles.{run.policy}.restarts", run.restarts)
        lab.metric(f"recompiles.{run.policy}.restart_s", run.restart_s, "s")
    reasons = sorted({reason for run in runs for reason in run.restart_reasons})
    lab.metric("recompiles.restarts", sum(run.restarts for run in runs))
    lab.metric("recompiles.restart_reasons", ", ".join(reasons) or "none")
    as_symbols, as_constants = float_restarts
    lab.metric("recompiles.floats_symbolic_restarts", as_symbols)
    lab.metric("recompiles.floats_constant_restarts", as_constants)
    # "yes" only when the one change (specialize_float) took every restart away
    lab.metric("recompiles.restart_is_floats", yes_no(as_symbols > 0 and as_constants == 0))
    lab.metric("recompiles.model_floats_count", sum(model_floats.values()))
    lab.metric("recompiles.model_floats", ", ".join(f"{name} ×{count}" for name, count in model_floats.items())
               or "none")
    rows = [(run.policy, run.recompiles_logged, run.predicted, run.compile_s) for run in runs]
    sentence(lab, "recompiles.summary", {lang: summaries.policies(rows, lang) for lang in LANGUAGES})
    fewest = min(runs, key=lambda run: (run.compile_s, run.graphs))
    lab.metric("recompiles.fastest_policy", fewest.policy)
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

    mismatched = sum(run.recompiles_logged != run.recompiles_recorded for run in runs)
    unparsed = sum(1 for run in runs for c in run.calls if c.recompiled for r in c.reasons if r is None)
    lab.check("recompile_log_matches_records", mismatched, "==", 0,
              label={"en": "The recompiles log reports every recompilation Dynamo recorded",
                     "es": "El log de recompilaciones informa de cada recompilación que registró Dynamo"})
    lab.check("recompile_reasons_parsed", unparsed, "==", 0,
              label={"en": "Every recompilation's failed guard is parsed from the log",
                     "es": "La guarda fallida de cada recompilación se extrae del log"})
    lab.check("recompiles_as_predicted", sum(run.recompiles_logged == run.predicted for run in runs), "==", len(runs),
              label={"en": "Each policy recompiles as often as the shapes and the model's specializations predict",
                     "es": "Cada política recompila tantas veces como predicen las formas y las "
                           "especializaciones del modelo"})


def symbolic(lab: Lab, result: SymbolicCost) -> None:
    ab(lab, "dynamic", result.ab, ("static", "symbolic"))
    lab.metric("dynamic.shape", f"{result.shape[0]} × {result.shape[1]}")
    lab.metric("dynamic.static_graph", result.static_graph)
    lab.metric("dynamic.symbolic_graph", result.dynamic_graph)
    lab.check("symbolic_graph_compared", int(shapes.is_symbolic(result.dynamic_graph)
                                              and not shapes.is_symbolic(result.static_graph)), "==", 1,
              label={"en": "The comparison sets a graph with symbolic sizes against one with constants",
                     "es": "La comparación enfrenta un grafo con tamaños simbólicos a uno con constantes"})
    lab.check("symbolic_timing_reused_graphs", result.recompiled_while_timing, "==", 0,
              label={"en": "No graph was compiled while the two steps were timed",
                     "es": "No se compiló ningún grafo mientras se medían los dos pasos"})


# -- parts modes and cuda_graphs --------------------------------------------------------------

MODE_NAMES = {"autotune": ("default", "tuned"), "cuda_graphs": ("default", "graphed")}


def mode_comparison(lab: Lab, key: str, compared: ModeComparison) -> None:
    ab(lab, key, compared.ab, MODE_NAMES[key])
    lab.metric(f"{key}.mode", compared.mode)
    lab.metric(f"{key}.bounds", ", ".join(f"{k}={v}" for k, v in compared.bounds.items()) or "none")
    lab.metric(f"{key}.gemm_autotunes", compared.gemm_autotunes)
    lab.metric(f"{key}.searched", yes_no(compared.gemm_autotunes > 0))


def mode_not_run(lab: Lab, key: str) -> None:
    """A mode comparison this device cannot make: its keys, holding "—"."""
    placeholders(lab, ab_keys(key, MODE_NAMES[key]) + [f"{key}.{m}" for m in ("mode", "bounds", "gemm_autotunes",
                                                                            "searched")])


# -- part graph_breaks ------------------------------------------------------------------------

def graph_break_study(lab: Lab, study: GraphBreakStudy, recompile_limit: int, backend: str,
                      settings_layers: int) -> None:
    broken, fixed = study.broken, study.fixed
    lab.metric("breaks.backend", backend)
    lab.metric("breaks.model_layers", settings_layers)
    lab.write_artifact("step_variants", "step_variants.py", Path(step_variants.__file__).read_text(encoding="utf-8"), "python")
    lab.table("graph_breaks", ["break", "kind", "line", "code", "reason"],
              [[i + 1, b.kind, b.line, b.code, b.reason] for i, b in enumerate(broken.breaks)])
    ab(lab, "breaks", study.ab, ("broken", "fixed"))
    lab.metric("breaks.broken_graphs", broken.graph_count)
    lab.metric("breaks.broken_count", broken.graph_break_count)
    lab.metric("breaks.reasons", len(broken.breaks))
    lab.metric("breaks.fixed_graphs", fixed.graph_count)
    lab.metric("breaks.fixed_count", fixed.graph_break_count)
    lab.metric("breaks.fullgraph_error", study.fullgraph_broken.error_type or "none")
    lab.metric("breaks.fullgraph_message", study.fullgraph_broken.message)
    lab.metric("breaks.loss_diff", study.loss_diff)
    lab.metric("breaks.broken_recompiles", len(study.broken_recompiles))
    by_frame = study.broken_recompiles_by_frame()
    lab.metric("breaks.broken_recompile_frames", len(by_frame))
    lab.table("break_recompiles", ["frame", "resumed_at", "recompiles"],
              [[function, Path(location).name, n] for function, location, n in by_frame])
    lab.metric("breaks.broken_recompile_guard", study.broken_recompile_guard or "none")
    lab.metric("breaks.fixed_recompiles", len(study.fixed_recompiles))
    lab.metric("breaks.recompile_limit", recompile_limit)

    kinds = {b.kind for b in broken.breaks}
    expected = {kind for kind, _ in graph_breaks.KINDS}
    lab.check("broken_step_breaks", broken.graph_break_count, ">=", 4,
              label={"en": "explain finds the four planted graph breaks",
                     "es": "explain encuentra las cuatro rupturas de grafo sembradas"})
    lab.check("break_kinds_named", len(expected & kinds), "==", len(expected),
              label={"en": "Each break's cause is named from Dynamo's reason",
                     "es": "La causa de cada ruptura se identifica a partir del motivo de Dynamo"})
    # the value is the break count, so the label names breaks (its graph count is breaks.fixed_graphs)
    lab.check("fixed_step_breaks", fixed.graph_break_count, "==", 0,
              label={"en": "The fixed step has no graph break",
                     "es": "El paso corregido no tiene ninguna ruptura de grafo"})
    lab.check("fullgraph_raises_on_breaks", int(study.fullgraph_broken.raised), "==", 1,
              label={"en": "fullgraph=True raises on the step with breaks",
                     "es": "fullgraph=True lanza una excepción en el paso con rupturas"})
    lab.check("fullgraph_accepts_fixed", int(study.fullgraph_fixed.raised), "==", 0,
              label={"en": "fullgraph=True accepts the fixed step",
                     "es": "fullgraph=True acepta el paso corregido"})
    lab.check("fixed_loss_matches", study.loss_diff, "<", LOSS_MATCH,
              label={"en": "The fixed step computes the same loss",
                     "es": "El paso corregido calcula la misma pérdida"})
    lab.check("fixed_step_never_recompiles", len(study.fixed_recompiles), "==", 0,
              label={"en": "The fixed step never recompiled while it warmed up",
                     "es": "El paso corregido no recompiló nunca durante el calentamiento"})
