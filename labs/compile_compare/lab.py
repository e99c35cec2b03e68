"""Compile and Compare: torch.compile on the MiniGPT's training loop, measured part by part.

Parts:
  first_step    eager's and the compiled step's first calls, the compile split into phases,
                the first steps one by one (the spike), and a restarted process on a warm cache
  steady_state  step time and tokens per second after warm-up; when compiling pays for itself
  recompiles    shapes that change: every recompilation and the guard behind it, per shape
                policy (static, automatic, dynamic=True, mark_dynamic); what dynamic shapes cost
  modes         max-autotune against default: compile time, step time, the break-even step
  cuda_graphs   reduce-overhead (CUDA graphs) against default; GPU only
  graph_breaks  a step with four realistic breaks: explain, fullgraph=True, the fixed step
  compile_log   COMPILE_LOG.md, the learner's deliverable, written from what the parts measured

Each part measures with the lab's modules and records through `report`; what it found goes
into `findings` for the parts after it and for COMPILE_LOG.md.
"""

from __future__ import annotations

import inspect

import torch
import torch._dynamo

from labs.common import timing
from labs.common.harness import Lab
from labs.compile_compare import break_study, compile_log, first_step, modes, payoff, report, shapes, training
from labs.compile_compare.findings import Findings, ModeRun, SteadyState
from labs.compile_compare.settings import SETTINGS, Settings


def part_first_step(lab: Lab, settings: Settings, findings: Findings) -> dict:
    findings.first_step, steps = first_step.measure(settings, lab.device, lab.preset, lab.work, lab.progress)
    report.first_step(lab, findings.first_step)
    source = inspect.getsource(training.model_loss) + "\n\n" + inspect.getsource(training.make_step)
    lab.write_artifact("training_step", "training_step.py", source, "python")
    return steps


def part_steady_state(lab: Lab, settings: Settings, findings: Findings, steps: dict) -> None:
    # Part first_step's steps, already compiled: bench's warm-up calls compile nothing.
    eager = timing.bench(steps["eager"], lab.device, budget_s=settings.bench_budget_s)
    compiled = timing.bench(steps["compiled"], lab.device, budget_s=settings.bench_budget_s)
    verdict = timing.verdict(eager, compiled)
    first = findings.first_step
    compile_cost_s = first.compiled_s - first.eager_s
    break_even = payoff.break_even_steps(compile_cost_s, eager.median_s, compiled.median_s, verdict)
    findings.steady = SteadyState(eager, compiled, verdict, break_even, settings.tokens_per_step)
    report.steady_state(lab, findings.steady, compile_cost_s)


def part_recompiles(lab: Lab, settings: Settings, findings: Findings) -> None:
    replica = training.new_replicas(settings.model, lab.device, 1)[0]
    for policy in settings.shape_policies:
        lab.progress(f"shape policy {policy}")
        findings.policies[policy] = shapes.run_policy(policy, replica, settings.recompile_shapes,
                                                      settings.bench_budget_s)
    first_batch, first_len = settings.recompile_shapes[0]
    findings.length_mark_error = shapes.probe_length_mark(replica, first_batch, first_len)
    report.recompiles(lab, settings, findings.policies, findings.recompile_limit, findings.length_mark_error)


def default_mode(lab: Lab, settings: Settings, findings: Findings) -> ModeRun:
    """The default mode compiled like the others: against an empty cache, after part first_step
    has warmed up everything a process pays once (compile workers, GPU libraries)."""
    if findings.default_mode is None:
        findings.default_mode = modes.measure(settings, lab.device, "default", lab.work, lab.progress)
    return findings.default_mode


def part_modes(lab: Lab, settings: Settings, findings: Findings) -> None:
    baseline = default_mode(lab, settings, findings)
    autotuned = modes.measure(settings, lab.device, "max-autotune", lab.work, lab.progress)
    findings.autotune = modes.compare(baseline, autotuned)
    report.comparison(lab, "autotune", findings.autotune)


def part_cuda_graphs(lab: Lab, settings: Settings, findings: Findings) -> None:
    baseline = default_mode(lab, settings, findings)
    graphed = modes.measure(settings, lab.device, "reduce-overhead", lab.work, lab.progress)
    findings.cuda_graphs = modes.compare(baseline, graphed)
    report.comparison(lab, "cuda_graphs", findings.cuda_graphs)


def part_graph_breaks(lab: Lab, settings: Settings, findings: Findings) -> None:
    findings.breaks = break_study.measure(settings, lab.device, lab.progress)
    report.graph_break_study(lab, findings.breaks, findings.recompile_limit)


def part_compile_log(lab: Lab, findings: Findings) -> None:
    text = compile_log.render(findings, lab.result["parts"])
    lab.write_artifact("compile_log", "COMPILE_LOG.md", text, "markdown")
    lab.metric("compile_log.lines", text.count("\n"))


def run(lab: Lab) -> None:
    settings = SETTINGS[lab.preset]
    findings = Findings(device=lab.device, preset=lab.preset, torch_version=torch.__version__,
                        recompile_limit=int(torch._dynamo.config.recompile_limit))
    findings.busy.start()  # other programs' load, sampled while the parts measure
    steps = lab.part("first_step", "First step: compile time, phase by phase, cold and warm",
                     part_first_step, settings, findings)
    lab.part("steady_state", "Steady state: step time and tokens per second",
             part_steady_state, settings, findings, steps, after=("first_step",))
    lab.part("recompiles", "Recompilations and dynamic shapes", part_recompiles, settings, findings)
    lab.part("modes", "max-autotune against default", part_modes, settings, findings)
    lab.part("cuda_graphs", "reduce-overhead (CUDA graphs) against default", part_cuda_graphs,
             settings, findings, requires="cuda")
    lab.part("graph_breaks", "Graph breaks: find, fix, prove", part_graph_breaks, settings, findings)
    findings.busy.stop()
    report.machine(lab, findings.busy)
    lab.part("compile_log", "COMPILE_LOG.md", part_compile_log, findings)
