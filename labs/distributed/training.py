"""The one training loop every pattern runs, its measured steps, and its interleaved timing.

    trainer, record = check_run(ctx, pattern, setup, batches, vocab_size)
    samples = time_interleaved(ctx, {"eager": trainer, "compiled": ..., "single": ...}, batches, settings)

`check_run` builds the pattern and trains steps 0 .. check_steps-1 on the same global batches
as the single-process run; their losses are the correctness check. A few of them also
measure, each on its own step so that no measurement disturbs another (none changes the
arithmetic):

    step 0   the first step: in a compiled run, the compile time
    step 2   peak memory at steady state (memory.MemoryWatch; on CPU its profiler runs from the
             model's build): DDP rebuilds its buckets during step 1, holding old and new at once
    step 3   a profiler timeline (timeline.capture; eager, one variant), the ranks lined up by
             a barrier first, so that a collective's start can be compared across ranks
    step 4   bytes communicated: the collectives' tensors by kind (comm.CollectiveCounter) and,
             on gloo, what the process wrote to its sockets (comm.SentBytes); eager only. Not
             step 1: DDP's rebuild broadcasts its new bucket order then, a one-off.

`time_interleaved` then times every trainer of the launch in alternating rounds (the
pattern, its compiled twin, and one process on rank 0 as the reference), so that each
comparison sees the same machine: on a shared CPU the load changes from minute to minute.
The number of steps is chosen by rank 0 from warm-up steps and the budget, and broadcast,
because every rank must take the same number of steps or the last collective waits forever.
Each timed step ends with a device synchronisation, so its time is the work's time.
"""

from __future__ import annotations

import contextlib
import copy
import math
import os
import statistics
import time
from dataclasses import replace

import torch
import torch.distributed as dist

from labs.common import measure
from labs.common.minigpt import GPTConfig, MiniGPT
from labs.distributed import comm, timeline
from labs.distributed.launch import RankContext
from labs.distributed.memory import METHOD, MemoryWatch
from labs.distributed.patterns import Setup, Trainer, builder

MEMORY_STEP, TIMELINE_STEP, COMM_STEP = 2, 3, 4


# One pristine model per shape and seed in each rank, and the generator's state after its build.
# A rank builds each variant about thirty times; the GPU's wide one (101 M parameters) took 1.1
# to 1.7 s to build on an H200 node's 4 threads per rank, and a copy is a memcpy.
_PRISTINE: dict[tuple[GPTConfig, int], tuple[MiniGPT, torch.Tensor]] = {}


def pristine(setup: Setup, vocab_size: int) -> tuple[MiniGPT, torch.Tensor]:
    """This rank's one build for the setup's shape and seed (made on first use), and the
    generator's state after it. Never trained: `new_model` hands out copies."""
    v = setup.variant
    config = GPTConfig(vocab_size=vocab_size, block_size=v.block_size, n_layer=v.n_layer,
                       n_head=v.n_head, n_embd=v.n_embd)
    key = (config, setup.settings.seed)
    if key not in _PRISTINE:
        torch.manual_seed(setup.settings.seed)
        model = MiniGPT(config)
        _PRISTINE[key] = (model, torch.get_rng_state())
    return _PRISTINE[key]


def new_model(setup: Setup, vocab_size: int) -> MiniGPT:
    """The same initial weights on every rank, pattern and device: seeded, built on the CPU (once
    per shape and seed, then copied), the generator left as the build leaves it."""
    model, generator_after = pristine(setup, vocab_size)
    torch.set_rng_state(generator_after)
    return copy.deepcopy(model)


def one_step(trainer: Trainer, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor | None:
    trainer.optimizer.zero_grad(set_to_none=True)
    loss = trainer.forward_backward(x, y)
    trainer.optimizer.step()
    return loss


def _timed(trainer: Trainer, batch, device: torch.device) -> tuple[float, torch.Tensor | None]:
    start = time.perf_counter()
    loss = one_step(trainer, *batch)
    if device.type == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - start, loss


def _traced(trainer: Trainer, batch, device: torch.device) -> tuple[float, torch.Tensor | None, dict]:
    """One step under torch.profiler: its time, its loss, and its timeline.

    If the profiler cannot trace here (a machine without CUPTI, say), the step still counts,
    exactly once, and the timeline is {"error": why}: a missing picture must not cost a run.
    """
    box = {}

    def step() -> None:
        box["loss"] = one_step(trainer, *batch)

    if device.type == "cuda":
        torch.cuda.synchronize()
    if dist.is_initialized():
        dist.barrier()     # the ranks' traced steps start together: their collectives' starts compare

    try:
        trace = timeline.capture(step, device.type)
    except RuntimeError as error:
        why = {"error": f"{type(error).__name__}: {error}"}
        if "loss" in box:
            return 0.0, box["loss"], why
        seconds, loss = _timed(trainer, batch, device)
        return seconds, loss, why
    return trace["step_ms"] / 1e3, box["loss"], trace


def _compile_counts() -> dict:
    from torch._dynamo.utils import counters
    reasons = sorted({reason.splitlines()[0] for reason in counters["graph_break"]})
    return {"graphs": int(counters["aot_autograd"]["total"]),        # after DDPOptimizer's split
            "dynamo_graphs": int(counters["stats"]["unique_graphs"]),
            "graph_breaks": int(sum(counters["graph_break"].values())),
            "break_reasons": reasons}


def check_run(ctx: RankContext, pattern: str, setup: Setup, batches: list, vocab_size: int,
              kill_step: int | None = None, instrument_timeline: bool = False) -> tuple[Trainer, dict]:
    """Build the pattern and train the checked steps; return the trainer and what was measured."""
    settings, device = setup.settings, setup.device
    label = f"{setup.variant.name} {'compiled' if setup.compiled else 'eager'}" + (
        " 1F1B" if setup.schedule == "1f1b" else "") + (" bf16" if setup.bf16 else "") + (
        " checkpointed" if setup.checkpointed else "")
    watch = MemoryWatch(device.type) if (device.type == "cuda" or not setup.compiled) else None
    record: dict = {"losses": [], "memory": None, "memory_method": METHOD[device.type] if watch else None}
    with contextlib.ExitStack() as stack:
        if setup.compiled:
            stack.enter_context(measure.cold_caches())   # a fresh Inductor cache: a real compile
            from torch._dynamo.utils import counters
            counters.clear()
        pristine(setup, vocab_size)   # built before the reading: it counts one copy, as one build
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
                with comm.CollectiveCounter(setup.world) as counter, comm.SentBytes(device.type) as sent:
                    seconds, loss = _timed(trainer, batch, device)
                record["comm"] = counter.tally.as_dict()
                record["sent_bytes"] = sent.bytes
            elif step == TIMELINE_STEP and instrument_timeline and not setup.compiled:
                seconds, loss, record["timeline"] = _traced(trainer, batch, device)
            else:
                seconds, loss = _timed(trainer, batch, device)
            if step == 0:   # plus any compile a pattern did before its first step (the pipeline's)
                record["first_step_s"] = seconds + trainer.facts.get("compile_warmup_s", 0.0)
            record["losses"].append(None if loss is None else loss.detach().item())
        if setup.compiled:
            record["compile"] = _compile_counts()
    return trainer, record


def reference_trainer(ctx: RankContext, setup: Setup, vocab_size: int) -> Trainer | None:
    """One process's trainer on rank 0, the other ranks sit out: the timing's reference."""
    if ctx.rank != 0:
        return None
    single = replace(setup, rank=0, world=1, compiled=False)
    return builder("single")(new_model(single, vocab_size), single)


def _steps_per_round(warmup_s: list[float], settings, rounds: int) -> int:
    per_step = statistics.median(warmup_s)
    wanted = settings.timing_budget_s / rounds / max(per_step, 1e-6)
    low, high = math.ceil(settings.min_timed_steps / rounds), max(1, settings.max_timed_steps // rounds)
    return int(min(high, max(low, wanted)))


def time_interleaved(ctx: RankContext, sides: dict[str, Trainer | None], batches: list, settings,
                     device: torch.device, rounds: int = measure.ROUNDS) -> dict[str, list[float]]:
    """Per-step seconds of each side, timed in `rounds` alternating rounds.

    `sides` must name the same sides in the same order on every rank; a side whose trainer is
    None on a rank is one that rank sits out (it waits at the barrier that ends the side's turn).
    """
    measure.ensure_clean()
    world = dist.get_world_size()
    plan = {}
    for name, trainer in sides.items():       # warm up, and decide each side's steps per round
        ctx.progress(f"timing: warming up {name}")
        warmup = [_timed(trainer, batches[i % len(batches)], device)[0]
                  for i in range(settings.warmup_steps)] if trainer else []
        plan[name] = _steps_per_round(warmup, settings, rounds) if warmup else 0
        dist.barrier()
    decided = [plan]
    if world > 1:
        dist.broadcast_object_list(decided, src=0)
    plan = decided[0]
    samples: dict[str, list[float]] = {name: [] for name in sides}
    for round_index in range(rounds):
        for name, trainer in sides.items():
            ctx.progress(f"timing: round {round_index + 1}/{rounds}, {name}")
            dist.barrier()
            if trainer is not None:
                samples[name] += [_timed(trainer, batches[i % len(batches)], device)[0]
                                  for i in range(plan[name])]
    dist.barrier()
    return samples
