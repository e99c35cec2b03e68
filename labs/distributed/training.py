"""The one training loop every pattern runs, with its measurements on chosen steps.

    record = train(ctx, pattern, setup, batches, instrument_timeline=True)

Steps 0 .. check_steps-1 train on the same global batches as the single-process run, and
their losses are the correctness check. A few of them also measure, each on its own step so
that one measurement never disturbs another (none changes the arithmetic):

    step 0   the first step: in a compiled run, the compile time
    step 1   peak memory (memory.MemoryWatch; on CPU its profiler runs from the model's build)
    step 2   bytes communicated, by collective kind (comm.CollectiveCounter; eager only)
    step 3   a profiler timeline (timeline.capture; eager, one variant)

Then warm-up steps, and timed steps: their number is chosen by rank 0 from the warm-up's
step time and the budget, and broadcast, because every rank must take the same number of
steps or the last collective waits forever. Each timed step ends with a device
synchronisation, so its time is the work's time.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import time

import torch
import torch.distributed as dist

from labs.common import measure
from labs.common.minigpt import GPTConfig, MiniGPT
from labs.distributed import comm, timeline
from labs.distributed.launch import RankContext
from labs.distributed.memory import METHOD, MemoryWatch
from labs.distributed.patterns import Setup, Trainer, builder

MEMORY_STEP, COMM_STEP, TIMELINE_STEP = 1, 2, 3


def new_model(setup: Setup, vocab_size: int) -> MiniGPT:
    """The same initial weights on every rank, pattern and device: seeded, built on the CPU."""
    v = setup.variant
    torch.manual_seed(setup.settings.seed)
    return MiniGPT(GPTConfig(vocab_size=vocab_size, block_size=v.block_size, n_layer=v.n_layer,
                             n_head=v.n_head, n_embd=v.n_embd))


def one_step(trainer: Trainer, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor | None:
    trainer.optimizer.zero_grad(set_to_none=True)
    loss = trainer.forward_backward(x, y)
    trainer.optimizer.step()
    return loss


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize()


def _timed(trainer: Trainer, batch, device: torch.device) -> tuple[float, torch.Tensor | None]:
    start = time.perf_counter()
    loss = one_step(trainer, *batch)
    _sync(device)
    return time.perf_counter() - start, loss


def _traced(trainer: Trainer, batch, device: torch.device) -> tuple[float, torch.Tensor | None, dict]:
    """One step under torch.profiler: its time, its loss, and its timeline."""
    box = {}

    def step() -> None:
        box["loss"] = one_step(trainer, *batch)

    trace = timeline.capture(step, device.type)
    return trace["step_ms"] / 1e3, box["loss"], trace


def _agreed_reps(warmup_s: list[float], settings, world: int) -> int:
    """Timed steps for this budget, decided on rank 0 and broadcast to all."""
    wanted = [0]
    if dist.get_rank() == 0:
        per_step = statistics.median(warmup_s) if warmup_s else 1.0
        wanted[0] = int(min(settings.max_timed_steps,
                            max(settings.min_timed_steps, settings.timing_budget_s / max(per_step, 1e-6))))
    if world > 1:
        dist.broadcast_object_list(wanted, src=0)
    return wanted[0]


def _compile_counts() -> dict:
    from torch._dynamo.utils import counters
    reasons = sorted({reason.splitlines()[0] for reason in counters["graph_break"]})
    return {"graphs": int(counters["aot_autograd"]["total"]),        # after DDPOptimizer's split
            "dynamo_graphs": int(counters["stats"]["unique_graphs"]),
            "graph_breaks": int(sum(counters["graph_break"].values())),
            "break_reasons": reasons}


def train(ctx: RankContext, pattern: str, setup: Setup, batches: list, vocab_size: int,
          kill_step: int | None = None, instrument_timeline: bool = False) -> dict:
    settings, device = setup.settings, setup.device
    label = f"{setup.variant.name} {'compiled' if setup.compiled else 'eager'}"
    watch = MemoryWatch(device.type) if (device.type == "cuda" or not setup.compiled) else None
    record: dict = {"losses": [], "memory": None, "memory_method": METHOD[device.type] if watch else None}
    with contextlib.ExitStack() as stack:
        if setup.compiled:
            stack.enter_context(measure.cold_caches())   # a fresh Inductor cache: a real compile
            from torch._dynamo.utils import counters
            counters.clear()
        if watch:
            watch.start()
        trainer = builder(pattern)(new_model(setup, vocab_size), setup)
        record["facts"] = trainer.facts
        for step in range(settings.check_steps):
            if kill_step == step:   # the failure drill: die while the others are mid-step
                ctx.last_words(f"{label}, step {step + 1}: killed on purpose")
                os._exit(1)
            ctx.progress(f"{label}, step {step + 1}/{settings.check_steps}")
            batch = batches[step]
            if step == MEMORY_STEP and watch:
                with watch.step():
                    seconds, loss = _timed(trainer, batch, device)
                record["memory"] = watch.stop().as_dict()
            elif step == COMM_STEP and not setup.compiled:
                with comm.CollectiveCounter(setup.world) as counter:
                    seconds, loss = _timed(trainer, batch, device)
                record["comm"] = counter.tally.as_dict()
            elif step == TIMELINE_STEP and instrument_timeline and not setup.compiled:
                seconds, loss, record["timeline"] = _traced(trainer, batch, device)
            else:
                seconds, loss = _timed(trainer, batch, device)
            if step == 0:
                record["first_step_s"] = seconds
            record["losses"].append(None if loss is None else loss.detach().item())
        if setup.compiled:
            record["compile"] = _compile_counts()

        measure.ensure_clean()
        ctx.progress(f"{label}, timing")
        warmup = [_timed(trainer, batches[i % len(batches)], device)[0] for i in range(settings.warmup_steps)]
        reps = _agreed_reps(warmup, settings, setup.world)
        if setup.world > 1:
            dist.barrier()
        record["samples_s"] = [_timed(trainer, batches[i % len(batches)], device)[0] for i in range(reps)]
        if device.type == "cuda":
            record["peak_timed_bytes"] = torch.cuda.max_memory_allocated()
    return record
