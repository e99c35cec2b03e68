"""What the ranks of one launch do: train one pattern on every variant, or time all-reduces.

Jobs are small frozen dataclasses, picklable, so `launch` can hand them to its rank processes.
They return plain dicts (JSON); the parent merges the ranks' dicts and records them.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import torch
import torch.distributed as dist

from labs.common import measure
from labs.common.training_memory import saved_activation_bytes
from labs.distributed import comm, gradcheck, training
from labs.distributed.comm import SentBytes
from labs.distributed.launch import RankContext
from labs.distributed.patterns import Setup, builder
from labs.distributed.predict import ModelShape
from labs.distributed.settings import Settings, Variant


@dataclass(frozen=True)
class PatternJob:
    pattern: str
    settings: Settings
    data_path: str                      # torch.save'd {variant: (x, y)}, shaped (steps, B, T)
    vocab_size: int
    predict_world: int = 2              # the distributed runs' world, for the single run's predictions
    kill: tuple[int, int] | None = None  # (rank, step) of the failure drill, first variant, eager
    variants: tuple[str, ...] = ()      # a subset of the settings' variants (default: all)

    def modes(self, variant: str) -> list[tuple[str, dict]]:
        """(mode, its Setup fields) of each run of this pattern and variant: eager; the pipeline's
        1F1B beside its GPipe; one process under activation checkpointing beside the plain one;
        FSDP2 with bf16 parameters beside float32; compiled where the preset says. The failure
        drill runs eager only."""
        modes = [("eager", {})]
        if self.kill:
            return modes
        if self.pattern == "pipeline":
            modes.append(("1f1b", {"schedule": "1f1b"}))
        if self.pattern == "single":
            modes.append(("checkpointed", {"checkpointed": True}))
        if self.pattern == "fsdp2":
            modes.append(("bf16", {"bf16": True}))
        if (self.pattern, variant) in self.settings.compiled:
            modes.append(("compiled", {"compiled": True}))
        return modes

    def __call__(self, ctx: RankContext) -> dict:
        data = torch.load(self.data_path, weights_only=True)
        device = ctx.torch_device
        out: dict = {"rank": ctx.rank, "variants": {}, "device_bytes": device_bytes(device),
                     "bf16_matrix_units": bf16_matrix_units(device)}
        wanted = [v for v in self.settings.variants if not self.variants or v.name in self.variants]
        for index, variant in enumerate(wanted):
            x, y = data[variant.name]
            batches = [(x[i].to(device), y[i].to(device)) for i in range(x.shape[0])]
            runs, sides = {}, {}
            # The drill's run is about the failure, not the arithmetic.
            gradients = {} if self.kill else {
                mode: gradient_check(ctx, self.pattern, self.settings, variant, batches[0], self.vocab_size,
                                     **fields)
                for mode, fields in self.modes(variant.name) if not fields.get("compiled")}
            for mode, fields in self.modes(variant.name):
                setup = Setup(ctx.rank, ctx.world, device, self.settings, variant, **({"compiled": False} | fields))
                kill_step = self.kill[1] if (self.kill and self.kill[0] == ctx.rank and index == 0
                                             and mode == "eager") else None
                sides[mode], runs[mode] = training.check_run(
                    ctx, self.pattern, setup, batches, self.vocab_size, kill_step,
                    instrument_timeline=variant.name == self.settings.timeline_variant)
            if self.pattern != "single":   # one process on rank 0, timed in the same rounds
                sides["single"] = training.reference_trainer(ctx, setup, self.vocab_size)
            samples = training.time_interleaved(ctx, sides, batches, self.settings, device)
            if not self.kill:   # compiled gradients too, checked once the compile and the timing are done
                gradients |= {mode: gradient_check(ctx, self.pattern, self.settings, variant, batches[0],
                                                   self.vocab_size, **fields)
                              for mode, fields in self.modes(variant.name) if fields.get("compiled")}
            for mode in runs:
                runs[mode]["samples_s"] = samples[mode]
            if self.pattern != "single":
                runs["reference_samples_s"] = samples["single"]    # filled on rank 0 only
            if gradients:
                runs["gradient"] = gradients     # per mode: the pipeline's 1F1B has its own
            del sides
            if self.pattern == "single":
                runs["prediction_inputs"] = prediction_inputs(ctx, self.settings, variant, self.vocab_size,
                                                              self.predict_world)
            if self.pattern == "tensor_parallel" and index == 0:
                runs["naive_error"] = naive_tensor_parallel(ctx, self.settings, variant, self.vocab_size, batches[0])
            out["variants"][variant.name] = runs
        return out


def gradient_check(ctx: RankContext, pattern: str, settings: Settings, variant, batch, vocab_size: int,
                   after_backward=None, **fields) -> dict:
    """Step 0 of `pattern` and one SGD step, against the float64 plain model (gradcheck).
    `fields`: the run's Setup fields (schedule, bf16, checkpointed, compiled)."""
    ctx.progress(f"{variant.name}: step 0's gradients against float64")
    device = ctx.torch_device
    setup = Setup(ctx.rank, ctx.world, device, settings, variant, **({"compiled": False} | fields))
    x, y = batch
    ref = gradcheck.reference(training.new_model(setup, vocab_size).to(device), x, y)
    trainer = builder(pattern)(training.new_model(setup, vocab_size), setup)
    if setup.compiled:   # a compiled pipeline stage warms up on zeros, leaving gradients behind
        trainer.module.zero_grad(set_to_none=True)
    sgd = torch.optim.SGD(trainer.module.parameters(), lr=gradcheck.SGD_LR)

    def forward_backward() -> None:
        trainer.forward_backward(x, y)
        if after_backward is not None:
            after_backward(trainer.module)

    # bf16 arithmetic has its own tolerance; the parameters it updates stay float32
    low = gradcheck.bf16_tolerance(variant.n_layer) if setup.bf16 else None
    record = gradcheck.compare(pattern, trainer.module, sgd.step, forward_backward, ref, variant, ctx.world,
                               gradcheck.matmul_eps(device), grad_tolerance=low)
    trainer = sgd = ref = None   # freed before the pool is emptied
    gc.collect()                 # with whatever a cycle still held
    if device.type == "cuda":
        torch.cuda.empty_cache()   # the reference's float64 copy must not sit in the pool of what follows
    return record


@dataclass(frozen=True)
class GradientJob:
    """Only the gradient check, for every variant: what a test runs, with a bug of its own
    planted in `after_backward(module)` (e.g. every gradient doubled, a sum instead of a mean)."""
    pattern: str
    settings: Settings
    data_path: str
    vocab_size: int
    fields: tuple[tuple[str, object], ...] = ()   # Setup fields of the mode checked, e.g. (("bf16", True),)

    def after_backward(self, module) -> None:
        pass

    def __call__(self, ctx: RankContext) -> dict:
        data = torch.load(self.data_path, weights_only=True)
        out = {}
        for variant in self.settings.variants:
            x, y = data[variant.name]
            batch = (x[0].to(ctx.torch_device), y[0].to(ctx.torch_device))
            out[variant.name] = gradient_check(ctx, self.pattern, self.settings, variant, batch, self.vocab_size,
                                               self.after_backward, **dict(self.fields))
        return out


def device_bytes(device: torch.device) -> int:
    """Memory one rank may use: the GPU's, or on CPU the machine's RAM (the ranks share it)."""
    if device.type == "cuda":
        return torch.cuda.get_device_properties(device).total_memory
    import os
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def bf16_matrix_units(device: torch.device) -> str:
    """'yes' where this machine multiplies bf16 matrices natively (a GPU that supports bf16, a
    CPU with AMX or AVX-512 BF16), 'no' where torch converts to float32 and back: the
    prediction of bf16's speed depends on it. Asked in a rank: the parent never touches a GPU."""
    if device.type == "cuda":
        return "yes" if torch.cuda.is_bf16_supported() else "no"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            flags = next((line.split(":", 1)[1].split() for line in info if line.startswith("flags")), [])
    except OSError:
        return "unknown"
    return "yes" if {"amx_bf16", "avx512_bf16"} & set(flags) else "no"


def prediction_inputs(ctx: RankContext, settings: Settings, variant, vocab_size: int, world: int) -> dict:
    """Lab 03's inputs to the formula: the model's shape and the activations it saves, measured
    at the whole batch and at a data-parallel rank's share of it."""
    setup = Setup(ctx.rank, ctx.world, ctx.torch_device, settings, variant, compiled=False)
    model = training.new_model(setup, vocab_size).to(ctx.torch_device)
    shape = ModelShape.of(model, variant.batch_size)
    # The same model without blocks: what activation checkpointing leaves alone (predict.py)
    rootless = replace(setup, variant=replace(variant, n_layer=0))
    root = training.new_model(rootless, vocab_size).to(ctx.torch_device)
    return {"shape": vars(shape),
            "activations_full": saved_activation_bytes(model, variant.batch_size, ctx.device),
            "activations_split": saved_activation_bytes(model, variant.batch_size // world, ctx.device),
            "activations_root": saved_activation_bytes(root, variant.batch_size, ctx.device)}


def naive_tensor_parallel(ctx: RankContext, settings: Settings, variant, vocab_size: int, batch) -> str:
    from labs.distributed.patterns import tensor_parallel
    setup = Setup(ctx.rank, ctx.world, ctx.torch_device, settings, variant, compiled=False)
    return tensor_parallel.naive_failure(training.new_model(setup, vocab_size), setup, *batch)


@dataclass(frozen=True)
class FourRankJob:
    """Gloo at 4 ranks, where a ring and "send once" differ: the bytes each collective of
    `probe_bytes` wrote to the sockets, one DDP step's bytes, and the gradient check of DDP,
    FSDP2 and tensor parallelism on a tiny model."""
    settings: Settings
    variant: Variant
    vocab_size: int
    probe_bytes: int

    def collectives(self) -> dict[str, Callable[[], None]]:
        """Each kind on a payload of `probe_bytes`, as the counter counts it: an all-reduce's
        buffer, an all-gather's output, a reduce-scatter's input, a broadcast's tensor."""
        n = dist.get_world_size()
        full, shard = torch.ones(self.probe_bytes // 4), torch.ones(self.probe_bytes // 4 // n)
        return {"all_reduce": lambda: dist.all_reduce(full),
                "all_gather": lambda: dist.all_gather_into_tensor(full, shard),
                "reduce_scatter": lambda: dist.reduce_scatter_tensor(shard, full),
                "broadcast": lambda: dist.broadcast(full, src=0)}

    def __call__(self, ctx: RankContext) -> dict:
        out: dict = {"rank": ctx.rank, "collectives": {}, "gradient": {}}
        import warnings
        # torch 2.13 renamed all_gather_into_tensor and reduce_scatter_tensor (*_single) and warns
        # on every call; the old names are the ones every torch this lab supports knows.
        warnings.filterwarnings("ignore", category=FutureWarning, module=r"torch\.distributed")
        for kind, run in self.collectives().items():
            ctx.progress(f"four ranks: {kind} of {self.probe_bytes} bytes")
            run()                       # the first call sets up gloo's pairs: not measured
            dist.barrier()
            with SentBytes(ctx.device) as sent:
                run()
            out["collectives"][kind] = sent.bytes
            dist.barrier()
        batch = four_rank_batch(self.settings, self.variant, self.vocab_size)
        setup = Setup(ctx.rank, ctx.world, ctx.torch_device, self.settings, self.variant, compiled=False)
        trainer = builder("ddp")(training.new_model(setup, self.vocab_size), setup)
        training.one_step(trainer, *batch)          # DDP builds its buckets on the first step
        with comm.CollectiveCounter(ctx.world) as counter, SentBytes(ctx.device) as sent:
            training.one_step(trainer, *batch)
        out["ddp"] = {"comm": counter.tally.as_dict(), "sent_bytes": sent.bytes}
        for pattern in ("ddp", "fsdp2", "tensor_parallel"):   # 2 layers make no 4 stages: no pipeline
            out["gradient"][pattern] = gradient_check(ctx, pattern, self.settings, self.variant, batch,
                                                      self.vocab_size)
        return out


def four_rank_batch(settings: Settings, variant: Variant, vocab_size: int) -> tuple[torch.Tensor, torch.Tensor]:
    """The four-rank parts' one global batch: random tokens, the same on every rank (seeded)."""
    generator = torch.Generator().manual_seed(settings.seed)
    shape = (variant.batch_size, variant.block_size)
    return (torch.randint(0, vocab_size, shape, generator=generator),
            torch.randint(0, vocab_size, shape, generator=generator))


@dataclass(frozen=True)
class TwoDJob:
    """FSDP2 over tensor parallelism on a dp x tp mesh of four ranks (`patterns.two_d`): the
    step-0 gradient check against float64, and one steady step's collectives by kind."""
    settings: Settings
    variant: Variant
    vocab_size: int

    def __call__(self, ctx: RankContext) -> dict:
        x, y = (t.to(ctx.torch_device) for t in four_rank_batch(self.settings, self.variant, self.vocab_size))
        gradient = gradient_check(ctx, "fsdp_tp", self.settings, self.variant, (x, y), self.vocab_size)
        setup = Setup(ctx.rank, ctx.world, ctx.torch_device, self.settings, self.variant, compiled=False)
        shape = ModelShape.of(training.new_model(setup, self.vocab_size), self.variant.batch_size)
        trainer = builder("fsdp_tp")(training.new_model(setup, self.vocab_size), setup)
        training.one_step(trainer, x, y)
        with comm.CollectiveCounter(ctx.world) as counter:    # a steady step's collectives, by kind
            training.one_step(trainer, x, y)
        return {"rank": ctx.rank, "gradient": gradient, "comm": counter.tally.as_dict(), "shape": vars(shape),
                "facts": trainer.facts}


@dataclass(frozen=True)
class BandwidthJob:
    """All-reduce of each size on its own: median time, and the bus bandwidth it implies."""
    sizes: tuple[int, ...]
    budget_s: float

    def __call__(self, ctx: RankContext) -> dict:
        device = ctx.torch_device
        rows = []
        for size in self.sizes:
            ctx.progress(f"all-reduce of {size} bytes")
            tensor = torch.zeros(size // 4, dtype=torch.float32, device=device)
            samples = [self._once(tensor, device) for _ in range(3)]      # warm-up, and a probe
            reps = [int(min(500, max(5, self.budget_s / max(statistics.median(samples), 1e-6))))]
            dist.broadcast_object_list(reps, src=0)                       # every rank the same count
            samples = [self._once(tensor, device) for _ in range(reps[0])]
            dist.barrier()
            # The same calls on CUDA events, no host sync between them: the device's time. Queued,
            # not captured (capturing NCCL on several ranks at once is not something to time),
            # and with a fixed count so every rank makes the same calls.
            on_device = (measure.device_time(lambda t=tensor: dist.all_reduce(t), "cuda", graph=False, reps=reps[0])
                         if device.type == "cuda" else None)
            dist.barrier()
            with SentBytes(ctx.device) as sent:    # one more call, its socket bytes (gloo)
                dist.all_reduce(tensor)
            rows.append({"bytes": size, "samples_s": samples, "sent_bytes": sent.bytes,
                         "device_s": on_device.median_s if on_device else None})
        return {"rank": ctx.rank, "sizes": rows}

    @staticmethod
    def _once(tensor: torch.Tensor, device: torch.device) -> float:
        start = time.perf_counter()
        dist.all_reduce(tensor)
        if device.type == "cuda":
            torch.cuda.synchronize()
        return time.perf_counter() - start
