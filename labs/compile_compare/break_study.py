"""Part graph_breaks' measurement: explain both step variants, try fullgraph, time both steps."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

import torch
import torch._dynamo

from labs.common import timing
from labs.compile_compare import compiling, graph_breaks, recompile_log, step_variants, training
from labs.compile_compare.findings import GraphBreakStudy, VariantRun
from labs.compile_compare.settings import Settings


def time_variant(settings: Settings, device: str, loss_fn: training.LossFn) -> VariantRun:
    """First call (compile) and steady step of the training step with `loss_fn` compiled.

    Warm-up runs past Dynamo's recompile limit: a variant that recompiles every step (as a
    resume function guarding on an .item() value does) has then settled into what it will
    run for the rest of training, and that is what gets timed.
    """
    compiling.reset()
    replica = training.new_replicas(settings.model, device, 1)[0]
    compiled_loss = torch.compile(loss_fn, dynamic=False)
    step = training.on_rotation(training.make_step(replica, replica.model, compiled_loss),
                                training.batches(settings.batch_size, settings.seq_len, device))
    warmup = int(torch._dynamo.config.recompile_limit) + 2
    with contextlib.redirect_stdout(io.StringIO()), recompile_log.Capture() as log:  # it prints
        first = timing.first_call_s(step, device)
        steady = timing.bench(step, device, warmup=warmup, budget_s=settings.bench_budget_s)
    return VariantRun(first, steady, log.recompiles())


def measure(settings: Settings, device: str, progress: Callable[[str], None]) -> GraphBreakStudy:
    replica = training.new_replicas(settings.model, device, 1)[0]
    idx, targets = training.batches(settings.batch_size, settings.seq_len, device, count=1)[0]
    args = (replica.model, idx, targets)
    broken_fn, fixed_fn = step_variants.loss_with_breaks, step_variants.loss_without_breaks
    source = step_variants.__file__
    with contextlib.redirect_stdout(io.StringIO()):  # the broken variant prints
        broken = graph_breaks.explain(broken_fn, *args, prefer_file=source)
        fixed = graph_breaks.explain(fixed_fn, *args, prefer_file=source)
        fullgraph_broken = graph_breaks.try_fullgraph(broken_fn, *args)
        fullgraph_fixed = graph_breaks.try_fullgraph(fixed_fn, *args)
        loss_diff = abs(broken_fn(*args) - fixed_fn(*args)).item()
    progress("timing the step with breaks and the fixed step")
    return GraphBreakStudy(
        broken=broken, fixed=fixed, fullgraph_broken=fullgraph_broken, fullgraph_fixed=fullgraph_fixed,
        loss_diff=loss_diff, broken_run=time_variant(settings, device, broken_fn),
        fixed_run=time_variant(settings, device, fixed_fn))
