"""Pipeline parallelism (`torch.distributed.pipelining`, GPipe): the model cut by depth.

Rank r holds stage r: a run of consecutive blocks, plus the embeddings on the first stage and
the final LayerNorm and LM head on the last. GPipe splits each batch into micro-batches, runs
all their forwards through the stages, then all their backwards; activations cross each stage
boundary forward and their gradients cross it back, point to point.

The tie. The LM head reads the token embedding's matrix, but the embedding lives on the first
stage and the head on the last. Megatron-LM's answer, used here: the last stage keeps a copy
of the matrix (identical at initialisation, every rank builds the same model), and after
backward the first and last stage all-reduce the two copies' gradients. Each copy then holds
the sum of both uses' gradients, which is what the single tied parameter gets, and AdamW takes
the same step on both, so they stay identical.

The schedule's `scale_grads` (True by default) divides the gradients by the number of
micro-batches, which matches a loss that averages over each micro-batch: the step is the full
batch's mean.
Compiled per stage: `torch.compile(stage_module)` before the stage is built, then run once
forward and backward on a zero micro-batch, locally. Stages compile different graphs, and at
the first real step each would otherwise compile while its neighbour waits in a receive,
longer than a short collective timeout allows on a slow machine. The warm-up's time counts
as part of the first step; its gradients are cleared by the first step's zero_grad.
"""

from __future__ import annotations

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn
from torch.distributed.pipelining import PipelineStage, Schedule1F1B, ScheduleGPipe

from labs.distributed.patterns import Setup, Trainer, compile_module, make_optimizer
from labs.distributed.predict import stage_layers


class StageModule(nn.Module):
    """One stage of the MiniGPT: its blocks, with the embeddings or the head at the ends."""

    def __init__(self, model: nn.Module, layers: range, first: bool, last: bool):
        super().__init__()
        self.first, self.last = first, last
        if first:
            self.tok_emb, self.pos_emb = model.tok_emb, model.pos_emb
        self.blocks = nn.ModuleList(model.blocks[i] for i in layers)
        if last:
            self.ln_f, self.lm_head = model.ln_f, model.lm_head
            if not first:  # the tie crosses stages: the head gets its own copy (see above)
                self.lm_head.weight = nn.Parameter(model.tok_emb.weight.detach().clone())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.first:
            x = self.tok_emb(x) + self.pos_emb(torch.arange(x.shape[1], device=x.device))
        for block in self.blocks:
            x = block(x)
        return self.lm_head(self.ln_f(x)) if self.last else x

    def tied_weight(self) -> nn.Parameter | None:
        if self.first and not self.last:
            return self.tok_emb.weight
        if self.last and not self.first:
            return self.lm_head.weight
        return None


def compile_locally(runnable: nn.Module, stage_module: StageModule, setup: Setup) -> float:
    """One forward and backward of the compiled stage on a micro-batch of zeros; its seconds."""
    import time
    v = setup.variant
    rows = v.batch_size // v.microbatches
    if stage_module.first:
        x = torch.zeros(rows, v.block_size, dtype=torch.long, device=setup.device)
    else:  # what a stage receives: an activation that needs its gradient
        x = torch.zeros(rows, v.block_size, v.n_embd, device=setup.device, requires_grad=True)
    started = time.perf_counter()
    out = runnable(x)
    out.backward(torch.ones_like(out))
    if setup.device.type == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - started


def next_token_loss(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return F.cross_entropy(logits.flatten(0, 1), targets.flatten())


def build(model: nn.Module, setup: Setup) -> Trainer:
    rank, world, variant = setup.rank, setup.world, setup.variant
    layers = stage_layers(model.config.n_layer, world)
    if any(len(r) == 0 for r in layers):
        raise ValueError(f"{model.config.n_layer} layers cannot fill {world} stages")
    first, last = rank == 0, rank == world - 1
    stage_module = StageModule(model, layers[rank], first, last).to(setup.device)
    del model                                       # the other stages' layers are freed here
    runnable = compile_module(stage_module, setup) if setup.compiled else stage_module
    warmup_s = compile_locally(runnable, stage_module, setup) if setup.compiled else 0.0
    stage = PipelineStage(runnable, stage_index=rank, num_stages=world, device=setup.device)
    # GPipe runs every micro-batch's forward, then every backward: all m micro-batches' activations
    # are held at once. 1F1B starts each backward as soon as it can: at most p are in flight.
    # Both leave the same bubble, (p - 1) / (m + p - 1).
    schedule_class = {"gpipe": ScheduleGPipe, "1f1b": Schedule1F1B}[setup.schedule]
    schedule = schedule_class(stage, n_microbatches=variant.microbatches, loss_fn=next_token_loss)
    # Every rank must create the group, even those outside it.
    tie_group = dist.new_group([0, world - 1]) if world > 1 else None
    tied = stage_module.tied_weight()

    def forward_backward(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor | None:
        losses: list[torch.Tensor] = []
        if first:
            schedule.step(x)
        elif last:
            schedule.step(target=y, losses=losses)
        else:
            schedule.step()
        if tied is not None:
            dist.all_reduce(tied.grad, group=tie_group)
        return torch.stack(losses).mean().detach() if last else None

    facts = {"stage_layers": len(layers[rank]), "microbatches": variant.microbatches, "schedule": setup.schedule,
             "compile_warmup_s": warmup_s}
    return Trainer(stage_module, make_optimizer(stage_module.parameters(), setup.settings), forward_backward, facts)
