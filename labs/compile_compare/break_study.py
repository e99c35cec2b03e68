"""Part graph_breaks' measurement: explain both step variants, try fullgraph, time both steps.

Finding the breaks (explain) and proving them (fullgraph=True) need no kernels: both run with
backends that stop at Dynamo. Then the two steps are compiled for real, each against an empty
cache, both kept compiled, warmed up, and timed in alternating rounds: the one change is the
loss function's code. The study runs on the settings' study model (the MiniGPT with fewer
blocks): the breaks are in the loss, after the model, and cost the same at any depth.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

import torch
import torch._dynamo

from labs.common import measure
from labs.compile_compare import compiling, graph_breaks, recompile_log, step_variants, training
from labs.compile_compare.findings import AB, GraphBreakStudy
from labs.compile_compare.settings import Settings

Step = Callable[[], torch.Tensor]


def compiled_variant(settings: Settings, device: str, loss_fn: training.LossFn, reset: bool
                     ) -> tuple[Step, float, list[recompile_log.Recompile]]:
    """The training step with `loss_fn` compiled: its first call in a cold cache, then a warm-up
    past Dynamo's recompile limit with the recompilation log on.

    A variant that recompiles every step (as a resumed frame guarding on an .item() value
    does) has then settled into what it will run for the rest of training, and that is what
    gets timed; the log says how many recompilations the warm-up took.
    """
    replica = training.new_replicas(settings.study_model, device, 1)[0]
    compiled_loss = torch.compile(loss_fn, dynamic=False, backend=settings.study_backend)
    step = training.on_rotation(training.make_step(replica, replica.model, compiled_loss),
                                training.batches(settings.batch_size, settings.seq_len, device))
    with measure.cold_caches(reset_dynamo=reset):
        first_s = measure.first_call_s(step, device)
        with recompile_log.logged() as log:
            for _ in range(int(torch._dynamo.config.recompile_limit) + 2):
                step()
    return step, first_s, log.recompiles()


def measure_study(settings: Settings, device: str, progress: Callable[[str], None]) -> GraphBreakStudy:
    replica = training.new_replicas(settings.study_model, device, 1)[0]
    idx, targets = training.batches(settings.batch_size, settings.seq_len, device, count=1)[0]
    args = (replica.model, idx, targets)
    broken_fn, fixed_fn = step_variants.loss_with_breaks, step_variants.loss_without_breaks
    source = step_variants.__file__
    with contextlib.redirect_stdout(io.StringIO()):  # the variant with breaks prints
        broken = graph_breaks.explain(broken_fn, *args, prefer_file=source)
        fixed = graph_breaks.explain(fixed_fn, *args, prefer_file=source)
        fullgraph_broken = graph_breaks.try_fullgraph(broken_fn, *args)
        fullgraph_fixed = graph_breaks.try_fullgraph(fixed_fn, *args)
        loss_diff = abs(broken_fn(*args) - fixed_fn(*args)).item()
        progress("compiling the step with breaks and the fixed step, each in a cold cache")
        broken_step, broken_first_s, broken_recompiles = compiled_variant(settings, device, broken_fn, reset=True)
        fixed_step, fixed_first_s, fixed_recompiles = compiled_variant(settings, device, fixed_fn, reset=False)
        progress("timing the two steps, interleaved")
        timing = measure.compare(broken_step, fixed_step, device, budget_s=settings.compare_budget_s)
    compiling.reset()
    return GraphBreakStudy(
        broken=broken, fixed=fixed, fullgraph_broken=fullgraph_broken, fullgraph_fixed=fullgraph_fixed,
        loss_diff=loss_diff, ab=AB("with_breaks", "fixed", timing, broken_first_s, fixed_first_s),
        broken_recompiles=broken_recompiles, fixed_recompiles=fixed_recompiles)
