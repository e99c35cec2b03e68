"""COMPILE_LOG.md: the learner's deliverable, written from what the parts measured.

Every number and every judgement ("faster", "never pays off") comes from the run's findings;
a part that did not run says so instead of leaving a hole. Markdown, English, like code.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from labs.common import fingerprint
from labs.compile_compare import compile_phases, graph_breaks, shapes
from labs.compile_compare.findings import Findings, ModeComparison

POLICY_MEANING = {
    "static": "`dynamic=False`: every new shape is a new static graph",
    "automatic": "`dynamic=None` (the default): static first, then the sizes that changed become symbolic",
    "dynamic": "`dynamic=True`: symbolic sizes from the first compile",
    "mark_dynamic": ("`mark_dynamic` on the batch dimension, `maybe_mark_dynamic` on the length: "
                     "symbolic from the first compile where the model allows it"),
}


def _s(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 0.1 else f"{seconds * 1e3:.1f} ms"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def _table(headers: list[str], rows: Iterable[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in rows]
    return lines + [""]


def _missing(parts: dict[str, Any], key: str) -> list[str]:
    part = parts.get(key, {})
    return [f"_Part `{key}` {part.get('status', 'did not run')}: {part.get('reason', 'no result')}._", ""]


def _ratio_words(ratio: float) -> str:
    return f"{ratio:.2f}× slower" if ratio >= 1 else f"{1 / ratio:.2f}× faster"


def _break_even_words(steps: int | str, what: str) -> str:
    if steps == "never":
        return f"{what} never pays off here: it is not measurably faster per step."
    if steps == 0:
        return f"{what} pays off from the first step: it compiles no slower and runs faster."
    return f"{what} pays off after {steps} steps."


def first_step_section(f: Findings, parts: dict[str, Any]) -> list[str]:
    out = ["## 1. First step: what compiling costs", ""]
    fs = f.first_step
    if fs is None:
        return out + _missing(parts, "first_step")
    warm = fs.warm
    out += _table(["", "eager", "compiled, cold cache", "compiled, warm cache (new process)"],
                  [["first step", _s(fs.eager_s), _s(fs.compiled_s), _s(warm.first_step_s)]])
    out += [f"The compiled first step took {fs.compiled_s / fs.eager_s:.0f}× as long as eager's. "
            "Where the cold compile's time went, from Dynamo's compilation records:", ""]
    rows = []
    cold = compile_phases.split_rows(fs.phases, fs.compiled_s)
    hot = compile_phases.split_rows(warm.phases, warm.first_step_s)
    meaning = dict(compile_phases.PHASES) | {"rest": "running the step, guards, everything else"}
    for (key, seconds, share), (_, w_seconds, _) in zip(cold, hot):
        rows.append([key, meaning[key], _s(seconds), f"{100 * share:.0f}%", _s(w_seconds)])
    out += _table(["phase", "what happens", "cold", "share", "warm"], rows)
    header = (", and building Inductor's precompiled C++ header (once per machine and temp folder)"
              if fs.built_precompiled_header else "")
    out += [f"Not in these numbers: the process's first compile of anything (a one-line function, "
            f"compiled before the timings) took {_s(fs.toolchain_s)}: importing Inductor, starting its "
            f"compile workers{header}. Every process that compiles pays it once.", ""]
    saved = fs.compiled_s - warm.first_step_s
    out += [f"A new process pointed at the same `TORCHINDUCTOR_CACHE_DIR` took "
            f"{_s(warm.first_step_s)} for its first step ({100 * saved / fs.compiled_s:.0f}% less; "
            f"{warm.phases.aot_cache_hits} AOTAutograd and {warm.phases.fx_cache_hits} FX-graph cache "
            f"hits). Dynamo still traced the bytecode ({_s(warm.phases.dynamo_s)}): the cache keeps "
            f"compiled graphs, not the guarded frames of a process. Before that step the restart "
            f"cost {_s(warm.startup_s)} of imports and setup and {_s(warm.toolchain_s)} for its own "
            f"first compile of anything; {_s(warm.process_s)} from launch to the end of the first step.", ""]
    return out


def steady_section(f: Findings, parts: dict[str, Any]) -> list[str]:
    out = ["## 2. Steady state", ""]
    st = f.steady
    if st is None:
        return out + _missing(parts, "steady_state")
    rows = [[name, _ms(t.median_s), _ms(t.min_s), _ms(t.p95_s), t.reps, f"{st.tokens_per_step / t.median_s:,.0f}"]
            for name, t in (("eager", st.eager), ("compiled", st.compiled))]
    out += _table(["variant", "median", "min", "p95", "steps", "tokens/s"], rows)
    ratio = st.compiled.median_s / st.eager.median_s
    verdict = {"faster": f"Compiled is faster: {_ratio_words(ratio)} per step.",
               "slower": f"Compiled is slower here: {_ratio_words(ratio)} per step. On a model this "
                         "small the compiled graph has little to fuse that eager does not already do well.",
               "same": "Compiled and eager are the same within the noise of the measurement."}[st.verdict]
    out += [verdict, _break_even_words(st.break_even_steps, "Compiling (against eager)"), ""]
    return out


def recompiles_section(f: Findings, parts: dict[str, Any]) -> list[str]:
    out = ["## 3. Recompilations (`TORCH_LOGS=\"recompiles\"`)", ""]
    if not f.policies:
        return out + _missing(parts, "recompiles")
    runs = list(f.policies.values())
    sequence = " → ".join(f"{c.batch}×{c.seq_len}" for c in runs[0].calls)
    out += [f"One compiled training step met these (batch × length) shapes in order: {sequence}. "
            f"Dynamo's recompile limit per function is {f.recompile_limit}.", ""]
    static, dynamic, automatic = (f.policies.get(name) for name in ("static", "dynamic", "automatic"))
    rows = []
    for run in runs:
        relative = f"{shapes.step_ratio(run, static):.2f}×" if static else "—"
        rows.append([run.policy, POLICY_MEANING[run.policy], run.recompiles_logged, run.graphs,
                     _s(run.compile_s), _ms(run.steady.median_s), relative])
    out += _table(["policy", "meaning", "recompiles", "graphs", "compile time", "step", "step vs static"], rows)
    out += ["Why each recompilation happened (the guard that failed, from the log):", ""]
    for run in runs:
        for call in run.calls:
            for reason in call.reasons:
                shape = f" → graph input idx {call.graph_idx_shape}" if call.graph_idx_shape else ""
                out.append(f"- {run.policy}, call {call.index + 1} ({call.batch}×{call.seq_len}): {reason}{shape}")
        if not any(call.reasons for call in run.calls):
            out.append(f"- {run.policy}: no recompilation")
    out.append("")
    if dynamic:
        batch_fixed, length_fixed = shapes.specialized(dynamic)
        why = []
        if length_fixed:
            why.append("a length equal to the block size is compiled as a constant, because MiniGPT "
                       "slices its causal mask with `[:T, :T]` and the full-buffer case differs from a "
                       "shorter one")
        if batch_fixed:
            why.append("the batch equalled that length, and duck sizing gives equal sizes one symbol, "
                       "so the batch was specialized with it")
        if why:
            out += [f"With `dynamic=True` the first graph's `idx` was {shapes.first_graph(dynamic)}: "
                    + "; ".join(why) + ".", ""]
    if f.length_mark_error:
        out += ["A hard `torch._dynamo.mark_dynamic(idx, 1)` on that length raised: "
                f"`{f.length_mark_error}`. The `mark_dynamic` policy therefore marks the batch with "
                "`mark_dynamic` and the length with `maybe_mark_dynamic`, a hint Dynamo may overrule.", ""]
    if static and dynamic:
        ratio, verdict = shapes.symbolic_cost(static, dynamic)
        pace = {"faster": "faster than", "slower": "slower than",
                "same": "as fast as (within the noise)"}[verdict]
        out += [f"What symbolic sizes cost per step: at the first shape the `dynamic=True` step was {pace} "
                f"the static one ({ratio:.2f}× its time).", ""]
    if automatic:
        out += ["With the default (`automatic`), " + (
            "the recompilation after a size changed produced a graph with symbolic sizes (`sN`): "
            "automatic dynamic shapes. Later sizes along those dimensions reuse it."
            if shapes.went_dynamic(automatic) else "no recompiled graph had symbolic sizes in this run."), ""]
    return out


def _mode_rows(c: ModeComparison) -> list[list[Any]]:
    return [[run.mode, _s(run.first_step_s), _ms(run.steady.median_s), run.steady.reps]
            for run in (c.baseline, c.candidate)]


def modes_section(f: Findings, parts: dict[str, Any]) -> list[str]:
    out = ["## 4. Compile modes", ""]
    for key, comparison, what in (("modes", f.autotune, "max-autotune"),
                                  ("cuda_graphs", f.cuda_graphs, "reduce-overhead (CUDA graphs)")):
        out += [f"### {what} against default", ""]
        if comparison is None:
            out += _missing(parts, key)
            continue
        out += _table(["mode", "first step (cold cache)", "step (median)", "steps timed"], _mode_rows(comparison))
        ratio = comparison.candidate.steady.median_s / comparison.baseline.steady.median_s
        pace = {"faster": "are faster than default's", "slower": "are slower than default's",
                "same": "take the same time as default's, within the noise"}[comparison.verdict]
        out += [f"{what} compiled {_s(abs(comparison.extra_compile_s))} "
                f"{'longer' if comparison.extra_compile_s >= 0 else 'shorter'} and its steps {pace} "
                f"({_ratio_words(ratio)}). " + _break_even_words(comparison.break_even_steps, what), ""]
    return out


def breaks_section(f: Findings, parts: dict[str, Any]) -> list[str]:
    out = ["## 5. Graph breaks: triage", ""]
    b = f.breaks
    if b is None:
        return out + _missing(parts, "graph_breaks")
    out += [f"`torch._dynamo.explain` on `loss_with_breaks` (step_variants.py): {b.broken.graph_count} graphs, "
            f"{b.broken.graph_break_count} breaks. On `loss_without_breaks`: {b.fixed.graph_count} graph, "
            f"{b.fixed.graph_break_count} breaks.", ""]
    for i, brk in enumerate(b.broken.breaks, 1):
        out += [f"### Break {i}: {brk.kind} ({brk.file}:{brk.line})", "",
                f"- Code: `{brk.code}`",
                f"- Cause (Dynamo): {brk.reason}",
                f"- Fix: {graph_breaks.FIXES.get(brk.kind, graph_breaks.FIXES['other'])}", ""]
    ratio = b.fixed_step.median_s / b.broken_step.median_s
    out += ["### Effect", ""]
    out += _table(["variant", "graphs", "first step", "step (median)"],
                  [["with breaks", b.broken.graph_count, _s(b.broken_first_step_s), _ms(b.broken_step.median_s)],
                   ["fixed", b.fixed.graph_count, _s(b.fixed_first_step_s), _ms(b.fixed_step.median_s)]])
    effect = {"faster": f"The fixed step is faster ({_ratio_words(ratio)}).",
              "slower": f"The fixed step is slower here ({_ratio_words(ratio)}).",
              "same": "The two steps take the same time within the noise."}[b.verdict]
    raised = (f"`fullgraph=True` on the step with breaks raised `{b.fullgraph_broken.error_type}`: "
              f"\"{b.fullgraph_broken.message}\"." if b.fullgraph_broken.raised
              else "`fullgraph=True` on the step with breaks did not raise (unexpected).")
    accepted = ("It compiled the fixed step without complaint." if not b.fullgraph_fixed.raised
                else f"It also raised on the fixed step: {b.fullgraph_fixed.message}")
    out += [effect + f" Both compute the same loss (|difference| {b.loss_diff:.1e}).", "", raised + " " + accepted, ""]
    if b.broken_recompiles:
        out += [f"The step with breaks also recompiled {b.broken_recompiles} times while warming up "
                f"(the first on the guard `{b.broken_recompile_guard}`): the `.item()` value reaches the "
                "code after the break as a Python float, the resumed frame guards on its exact value, "
                "and every step brings a new value, until Dynamo's recompile limit "
                f"({f.recompile_limit}) stops compiling that frame and it runs eagerly.", ""]
    return out


def warmup_section(f: Findings) -> list[str]:
    out = ["## 6. Warm-up procedure for a job that compiles", ""]
    steps = ["Keep `TORCHINDUCTOR_CACHE_DIR` on storage that survives restarts (and ship it with the job "
             "image when the machine is new)"]
    if f.first_step:
        steps[0] += (f": here it turned a {_s(f.first_step.compiled_s)} first step into "
                     f"{_s(f.first_step.warm.first_step_s)}.")
    else:
        steps[0] += "."
    steps.append("Run one step per input shape the job will see before taking real traffic or starting "
                 "the clock; with varying shapes, mark the varying dimensions dynamic "
                 "(`torch._dynamo.mark_dynamic`) so they compile once.")
    steps.append("Compile with `fullgraph=True` in CI: a new graph break then fails a test instead of "
                 "silently splitting the step.")
    steps.append("Run with `TORCH_LOGS=\"recompiles\"` once per release and read every guard that fails.")
    return out + [f"{i}. {text}" for i, text in enumerate(steps, 1)] + [""]


def render(f: Findings, parts: dict[str, Any]) -> str:
    header = ["# COMPILE_LOG: torch.compile on the MiniGPT training loop", "",
              f"Device: {f.device} ({fingerprint.device_name(f.device)}); torch {f.torch_version}; "
              f"preset `{f.preset}`. Written by `python -m labs.compile_compare`: every number below "
              "is from that run.", ""]
    if f.busy.contended:
        header += [f"**Read the step times with care:** other programs kept {f.busy.mean_others:.1f} threads "
                   f"running on average, on {f.busy.cores} cores, while the lab measured. "
                   "Compiled CPU kernels, which run every kernel in parallel over all cores, slow down far "
                   "more under contention than eager's small single-threaded operations.", ""]
    sections = [first_step_section(f, parts), steady_section(f, parts), recompiles_section(f, parts),
                modes_section(f, parts), breaks_section(f, parts), warmup_section(f)]
    return "\n".join(header + [line for section in sections for line in section])
