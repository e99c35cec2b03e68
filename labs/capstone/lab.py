"""Capstone: three tools built and measured (seed: Day 69, projects A, B and C; Day 70's report).

Parts, in the order they run:
  ceilings               the device's copy bandwidth and matmul rate: every number's floor
  mlopt_capture          A: ResNet-18 through symbolic_trace and torch.export; a capture failure
  mlopt_resnet18         A: fold, fusion and dead-code passes, verified, timed, memory measured
  mlopt_cli              A: `python -m labs.capstone.mlopt`, a good call and a bad one
  memfuse_backend        B: the backend on GPT-2's MLP block: groups, dispatch, memory estimates
  memfuse_pitfalls       B: guards, aliasing, autograd, precision (tile rules: in the benchmark)
  memfuse_kernel_bench   B: the fused Linear + GELU against Inductor's code, tiles, target
  llm_minigpt            C: the grammar MiniGPT served by every backend, answers checked
  llm_gpt2               C: the GPT-2-small-shaped model on the seed's workloads, bandwidth
  llm_concurrency        C: several requests in flight (static batching): throughput, goodput
  report                 Day 70: REPORT.md and REPORT.es.md

Everything runs for inference, under torch.no_grad(); timings on a CPU use the thread count
of settings.cpu_timing_threads.
"""

from __future__ import annotations

import time

import torch

from labs.capstone import parts_llm, parts_memfuse, parts_mlopt, report
from labs.capstone.recording import record_ceilings
from labs.capstone.settings import Settings, gpt2_cell_budget_s, settings_for
from labs.common import measure
from labs.common.harness import Lab


def part_ceilings(lab: Lab, settings: Settings):
    return record_ceilings(lab, settings.bench_dtypes)


def run(lab: Lab) -> None:
    settings = settings_for(lab.preset, lab.device)
    gpt2_cell_budget_s(settings)   # a sweep that cannot measure every cell is refused before anything runs
    deadline = time.perf_counter() + settings.deadline_s
    threads = settings.cpu_timing_threads or torch.get_num_threads()
    lab.metric("cpu_timing_threads", threads if lab.device == "cpu" else 0)
    with torch.no_grad(), measure.cpu_threads(threads, lab.device):
        ceilings = lab.part("ceilings", "The device's ceilings: copy bandwidth and matmul rate", part_ceilings,
                            settings)
        lab.part("mlopt_capture", "mlopt: capturing ResNet-18, and a capture that fails",
                 parts_mlopt.part_mlopt_capture, settings)
        lab.part("mlopt_resnet18", "mlopt: passes on ResNet-18", parts_mlopt.part_mlopt_resnet18, settings)
        lab.part("mlopt_cli", "mlopt: the command line", parts_mlopt.part_mlopt_cli, settings)
        lab.part("memfuse_backend", "memfuse: the backend on GPT-2's MLP block", parts_memfuse.part_memfuse_backend,
                 settings)
        lab.part("memfuse_pitfalls", "memfuse: the pitfalls, reproduced", parts_memfuse.part_memfuse_pitfalls, settings)
        lab.part("memfuse_kernel_bench", "memfuse: the fused Linear + GELU against Inductor",
                 parts_memfuse.part_memfuse_kernel_bench, settings, ceilings)
        lab.part("llm_minigpt", "llm_bench: the grammar MiniGPT", parts_llm.part_llm_minigpt, settings)
        lab.part("llm_gpt2", "llm_bench: a GPT-2-small-shaped model", parts_llm.part_llm_gpt2, settings, ceilings,
                 deadline)
        lab.part("llm_concurrency", "llm_bench: 1, 4 and 16 requests in flight", parts_llm.part_llm_concurrency,
                 settings)
    lab.part("report", "Day 70: the technical report", report.part_report)
