"""Compile and Compare: torch.compile on the MiniGPT's training loop, measured part by part.

Parts, in the order they run:
  first_step    eager's and the compiled step's first calls, the compile split into phases,
                the first steps one by one (the spike), and a restarted process on a warm cache
  steady_state  eager against compiled, interleaved, on every clock; when compiling pays off
  modes         max-autotune against default: compiled cold, timed interleaved, break-even
  cuda_graphs   reduce-overhead (CUDA graphs) against default; GPU only
  recompiles    shapes that change: every recompilation and the guard behind it, per shape
                policy, each in a cold cache; then symbolic against constant sizes, interleaved
  graph_breaks  a step with four realistic breaks: explain, fullgraph=True, the fixed step
  compile_log   COMPILE_LOG.md and COMPILE_LOG.es.md, written from what the parts measured

How it measures (labs.common.measure): nothing is timed while a compile log or dump is on
(the recompilation log is switched on at run time, around the calls it records, and off
again); every reported compile runs against a cold cache, except the restarted process,
which is about the warm one; every comparison changes one thing and times its two sides in
alternating rounds, on a GPU on two clocks (latency and device time); on a CPU everything
runs with the thread count the provenance reports. The default-mode compiled step of part
first_step stays compiled and is the baseline of the parts after it: they are about what a
change does to it, not about its compile time, which part first_step measured.
"""

from __future__ import annotations

import inspect

import torch
import torch._dynamo

from labs.common import measure
from labs.common.contract import LANGUAGES
from labs.common.harness import Lab
from labs.compile_compare import (
    break_study,
    compile_log,
    compiling,
    first_step,
    modes,
    report,
    shapes,
    summaries,
    training,
)
from labs.compile_compare.compile_log_words import WORDS
from labs.compile_compare.findings import AB, Findings, SymbolicCost
from labs.compile_compare.settings import SETTINGS, Settings

COMPARISON_NAMES = {  # the run's one-change comparisons, for the sentence that sums them up
    "steady": {"en": "compiled against eager", "es": "compilado frente a eager"},
    "autotune": {"en": "max-autotune against default", "es": "max-autotune frente a default"},
    "cuda_graphs": {"en": "reduce-overhead against default", "es": "reduce-overhead frente a default"},
    "dynamic": {"en": "symbolic against constant sizes", "es": "tamaños simbólicos frente a constantes"},
    "breaks": {"en": "fixed step against the step with breaks", "es": "paso corregido frente al paso con rupturas"},
}
# On device time, a comparison whose steps could not be replayed says so by its name: its device
# time holds the gaps the host leaves, which the replayed ones do not.
QUEUED_NAME = {"en": "{name} on queued calls", "es": "{name} con llamadas encoladas"}


def comparison_name(key: str, ab, clock: str, lang: str) -> str:
    name = COMPARISON_NAMES[key][lang]
    queued = clock == "device" and ab.timing.device_method == "queued"
    return QUEUED_NAME[lang].format(name=name) if queued else name


def part_first_step(lab: Lab, settings: Settings, findings: Findings) -> first_step.Steps:
    findings.first_step, steps = first_step.run(settings, lab.device, lab.preset, lab.work, lab.progress)
    report.first_step(lab, findings.first_step)
    source = inspect.getsource(training.model_loss) + "\n\n" + inspect.getsource(training.make_step)
    lab.write_artifact("training_step", "training_step.py", source, "python")
    return steps


def part_steady_state(lab: Lab, settings: Settings, findings: Findings, steps: first_step.Steps) -> None:
    # Part first_step's two steps, already compiled: the comparison compiles nothing.
    lab.progress("eager and compiled steps, interleaved")
    timing = measure.compare(steps.eager, steps.compiled, lab.device, budget_s=settings.steady_budget_s)
    first = findings.first_step
    findings.steady = AB("eager", "compiled", timing, first.eager_s, first.compiled_s)
    findings.tokens_per_step = settings.tokens_per_step
    loops = None
    if lab.device == "cuda":   # the same steps queued, not replayed: an unsynchronised loop's step time
        loops = tuple(measure.device_time(fn, lab.device, budget_s=settings.steady_budget_s / 8, graph=False)
                      for fn in (steps.eager, steps.compiled))
    report.steady_state(lab, findings.steady, settings.tokens_per_step, loops)


def part_modes(lab: Lab, settings: Settings, findings: Findings, steps: first_step.Steps) -> None:
    mode = modes.autotune_mode(lab.device)
    lab.progress(f"compiling {mode} (cold cache), then timing it against default")
    findings.autotune = modes.compare(settings, steps.compiled_replica, steps.compiled,
                                      findings.first_step.compiled_s, mode, bounded=True)
    report.mode_comparison(lab, "autotune", findings.autotune)


def part_cuda_graphs(lab: Lab, settings: Settings, findings: Findings, steps: first_step.Steps) -> None:
    if lab.device != "cuda":
        report.mode_not_run(lab, "cuda_graphs")
        raise lab.skip(WORDS["en"]["needs_cuda"].format(device=lab.device))
    lab.progress("compiling reduce-overhead (cold cache), then timing it against default")
    findings.cuda_graphs = modes.compare(settings, steps.compiled_replica, steps.compiled,
                                         findings.first_step.compiled_s, "reduce-overhead", bounded=False)
    report.mode_comparison(lab, "cuda_graphs", findings.cuda_graphs)


def part_recompiles(lab: Lab, settings: Settings, findings: Findings) -> None:
    compiling.reset()  # the steps compiled so far are done with; the policies start afresh
    replicas = training.new_replicas(settings.study_model, lab.device, len(settings.shape_policies))
    first_batch, first_len = settings.recompile_shapes[0]
    # first: the probe resets Dynamo around each of its compiles, and the policies' steps must stay compiled
    lab.progress("dynamic=True with Python floats symbolic, then constant (aot_eager)")
    findings.float_restarts = shapes.probe_float_restart(replicas[0], first_batch, first_len)
    compiling.reset()
    for policy, replica in zip(settings.shape_policies, replicas):
        lab.progress(f"shape policy {policy} (cold cache)")
        findings.policies[policy] = shapes.run_policy(policy, replica, settings.recompile_shapes,
                                                      settings.study_backend)
    findings.length_mark_error = shapes.probe_length_mark(replicas[0], first_batch, first_len)
    report.recompiles(lab, settings, findings.policies, findings.recompile_limit, findings.length_mark_error,
                      findings.float_restarts, shapes.module_floats(replicas[0].model))
    static, dynamic = findings.policies.get("static"), findings.policies.get("dynamic")
    if static and dynamic:
        lab.progress(f"static against symbolic sizes at {settings.symbolic_shape}, interleaved")
        timing, compiled_meanwhile = shapes.compare_symbolic(static, dynamic, settings.symbolic_shape,
                                                             settings.compare_budget_s)
        shape = settings.symbolic_shape
        first = {run.policy: next((c.first_call_s for c in run.calls if c.shape == shape), 0.0)
                 for run in (static, dynamic)}
        findings.symbolic = SymbolicCost(
            ab=AB("static", "symbolic", timing, first["static"], first["dynamic"]), shape=shape,
            static_graph=static.graph_at(shape), dynamic_graph=dynamic.graph_at(shape),
            recompiled_while_timing=compiled_meanwhile)
        report.symbolic(lab, findings.symbolic)
    compiling.reset()


def part_graph_breaks(lab: Lab, settings: Settings, findings: Findings) -> None:
    findings.breaks = break_study.measure_study(settings, lab.device, lab.progress)
    report.graph_break_study(lab, findings.breaks, findings.recompile_limit, settings.study_backend,
                             settings.study_model.n_layer)


def part_compile_log(lab: Lab, findings: Findings) -> None:
    for lang, key, name in (("en", "compile_log", "COMPILE_LOG.md"), ("es", "compile_log.es", "COMPILE_LOG.es.md")):
        overall = lab.result["metrics"].get("comparisons.summary" + (".es" if lang == "es" else ""), {}).get("value")
        lab.write_artifact(key, name, compile_log.render(findings, lab.result["parts"], lang, overall), "markdown")


def sum_up(lab: Lab, findings: Findings) -> None:
    """One sentence over every comparison that ran, on the latency clock and, on a GPU, on device time."""
    done = {"steady": findings.steady, "autotune": findings.autotune and findings.autotune.ab,
            "cuda_graphs": findings.cuda_graphs and findings.cuda_graphs.ab,
            "dynamic": findings.symbolic and findings.symbolic.ab, "breaks": findings.breaks and findings.breaks.ab}
    done = {key: ab for key, ab in done.items() if ab}
    if not done:
        return
    for clock, suffix in (("latency", ""), ("device", ".device")):
        if clock not in next(iter(done.values())).clocks():
            report.placeholders(lab, [f"comparisons.summary{suffix}", f"comparisons.summary{suffix}.es"])
            continue
        report.sentence(lab, f"comparisons.summary{suffix}", {
            lang: summaries.comparisons([(comparison_name(k, ab, clock, lang), ab.verdict(clock),
                                          ab.within_noise(clock)) for k, ab in done.items()], lang)
            for lang in LANGUAGES})


def run(lab: Lab) -> None:
    settings = SETTINGS[lab.preset]
    findings = Findings(device=lab.device, preset=lab.preset, torch_version=torch.__version__,
                        recompile_limit=int(torch._dynamo.config.recompile_limit),
                        study_layers=settings.study_model.n_layer)
    # Resuming by part: each part's record keeps the findings as it left them (the load watch's
    # samples too: its thread goes on sampling); first_step hands its compiled steps to the three
    # parts that time them.
    lab.keep(findings)
    lab.resume_together("first_step", "steady_state", "modes", "cuda_graphs")
    findings.busy.start()  # other programs' load, sampled while the parts measure
    # Compiles and timings alike with the thread count the provenance reports: Inductor's C++
    # kernels are generated for the thread count they will run with.
    with measure.cpu_threads(measure.timing_threads(lab.device), lab.device):
        steps = lab.part("first_step", "First step: compile time, phase by phase, cold and warm",
                         part_first_step, settings, findings)
        lab.part("steady_state", "Steady state: eager against compiled, interleaved",
                 part_steady_state, settings, findings, steps, after=("first_step",))
        lab.part("modes", "max-autotune against default", part_modes, settings, findings, steps,
                 after=("first_step",))
        lab.part("cuda_graphs", "reduce-overhead (CUDA graphs) against default", part_cuda_graphs,
                 settings, findings, steps, after=("first_step",))
        lab.part("recompiles", "Recompilations and dynamic shapes", part_recompiles, settings, findings)
        lab.part("graph_breaks", "Graph breaks: find, fix, prove", part_graph_breaks, settings, findings)
    findings.busy.stop()
    report.machine(lab, findings.busy)
    sum_up(lab, findings)
    lab.part("compile_log", "COMPILE_LOG.md", part_compile_log, findings)
