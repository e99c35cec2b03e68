"""Part F: DISTRIBUTED.md, the one-page survey of DDP, FSDP, tensor and pipeline parallelism.

The four sections are fixed text; the closing "which would I pick" paragraph is filled with
numbers computed from the trained MiniGPT (parameters, and the memory one training step
holds: weights, gradients, AdamW's two moments, activations measured at the training batch).
`two_sentence_distinctions` reads the generated text back, so the acceptance check tests
the document itself rather than trusting the template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from labs.common.training_memory import TrainingMemory

REFERENCE_GPU_BYTES = 16 * 2**30   # a modest accelerator, for judging a CPU run's numbers
PATTERNS = ("DDP", "FSDP", "TP", "PP")

SECTIONS = {
    "DDP": ("Distributed Data Parallel", """\
**In two sentences.** Every device holds a full copy of the model and trains on its own slice
of each batch. After backward the gradients are averaged across devices, so the copies take
identical steps and stay identical.

- **API:** `torch.nn.parallel.DistributedDataParallel(model)`, one process per device.
- **When to use:** the whole training state (weights, gradients, optimizer) fits on one
  device and you want more samples per second.
- **Communication:** one all-reduce of the gradients per step, bucketed so it overlaps with
  the rest of backward; its volume is the size of the gradients, whatever the batch.
- **When not to:** the model does not fit on one device; nothing here makes it smaller."""),
    "FSDP": ("Fully Sharded Data Parallel", """\
**In two sentences.** Like DDP each device trains on its own data, but weights, gradients and
optimizer state are split so that each device stores only a 1/N share. A layer's full
weights are gathered just before it runs and dropped right after, in forward and again in
backward.

- **API:** `torch.distributed.fsdp.fully_shard(module)` (FSDP2), or the older
  `FullyShardedDataParallel(model)` wrapper.
- **When to use:** the training state does not fit on one device, but one layer at a time does.
- **Communication:** an all-gather of each layer's weights in forward and in backward, and a
  reduce-scatter of its gradients: about one and a half times DDP's volume, and harder to hide.
- **When not to:** the model already fits (DDP is simpler and cheaper), or a single layer
  does not fit (then split the layer itself)."""),
    "TP": ("Tensor parallelism", """\
**In two sentences.** A single layer's weight matrices are cut across devices, by columns or
by rows, so each device computes part of every matrix product. The partial results are
combined inside the layer, which puts communication on the critical path of every layer.

- **API:** `torch.distributed.tensor.parallel.parallelize_module` with
  `ColwiseParallel`/`RowwiseParallel` plans (Megatron-LM introduced the pattern).
- **When to use:** one layer's weights or activations are too large for one device, as in
  the attention and MLP blocks of models with tens of billions of parameters.
- **Communication:** an all-reduce (or an all-gather and a reduce-scatter) of activations in
  every layer, forward and backward; it needs a fast link such as NVLink inside one node.
- **When not to:** devices talk over a slow network, or the layers are small: the
  communication then costs more than the split matrix product saves."""),
    "PP": ("Pipeline parallelism", """\
**In two sentences.** The model is cut by depth into stages, consecutive groups of layers,
each on its own device. Micro-batches flow through the stages like an assembly line, so
stages work at the same time on different micro-batches, with idle bubbles at the start and
the end of each step.

- **API:** `torch.distributed.pipelining` (`pipeline`, `ScheduleGPipe`, `Schedule1F1B`).
- **When to use:** a deep model that does not fit on one device, across links too slow for
  tensor parallelism, such as between nodes.
- **Communication:** point-to-point sends of the activations (forward) and their gradients
  (backward) at each stage boundary, once per micro-batch: little volume, but latency.
- **When not to:** the model is shallow or fits on one device: the bubbles waste compute
  that data parallelism would use."""),
}


@dataclass(frozen=True)
class Pick:
    strategy: str       # "DDP" or "FSDP"
    fits: bool          # the whole training step fits on one device with room to spare
    device_label: str
    device_bytes: int


def pick(memory: TrainingMemory, device_bytes: int, device_label: str) -> Pick:
    """DDP while the training state fits on one device with half of it to spare, else FSDP."""
    fits = memory.total_bytes < 0.5 * device_bytes
    return Pick("DDP" if fits else "FSDP", fits, device_label, device_bytes)


def _mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def pick_paragraph(memory: TrainingMemory, choice: Pick) -> str:
    """Three sentences: the numbers, the pick, and why not the other patterns."""
    state = memory.param_bytes + memory.grad_bytes + memory.optimizer_bytes
    share = memory.total_bytes / choice.device_bytes
    numbers = (f"The grammar MiniGPT has {memory.params:,} parameters, and one training step at batch "
               f"{memory.batch_size} × {memory.block_size} tokens holds {_mib(memory.total_bytes)}: "
               f"{_mib(memory.param_bytes)} of float32 weights, as much again of gradients, "
               f"{_mib(memory.optimizer_bytes)} of AdamW moments and {_mib(memory.activation_bytes)} of "
               "activations saved for backward (measured).")
    if choice.fits:
        verdict = (f"That is {share:.2%} of {choice.device_label}, so I would pick DDP, and only to "
                   "train faster: one device already holds the whole step, and DDP's only traffic is an "
                   f"all-reduce of {_mib(memory.grad_bytes)} of gradients per step.")
        others = ("FSDP would shard state that already fits, and tensor or pipeline parallelism would "
                  "split layers that take microseconds to compute, paying more in communication than "
                  "they could save.")
    else:
        verdict = (f"That is {share:.0%} of {choice.device_label}, more than one device should hold, so "
                   f"I would pick FSDP, which leaves each of N devices 1/N of the {_mib(state)} of "
                   "weights, gradients and optimizer state.")
        others = ("Tensor and pipeline parallelism only pay once a single layer, or the activations "
                  "of a whole model, no longer fit, which is not the case here.")
    return " ".join((numbers, verdict, others))


def render(memory: TrainingMemory, choice: Pick) -> str:
    out = ["# Distributed training: DDP, FSDP, tensor and pipeline parallelism", "",
           "Four ways to spread training over several devices. Each section says in two sentences "
           "what sets the pattern apart, then its API, when to use it, what it communicates, and "
           "when not to use it.", ""]
    for number, key in enumerate(PATTERNS, start=1):
        title, body = SECTIONS[key]
        out += [f"## {number}. {key}: {title}", "", body, ""]
    out += ["## Which would I pick for the grammar MiniGPT?", "", pick_paragraph(memory, choice), ""]
    return "\n".join(out)


def sentences(paragraph: str) -> list[str]:
    text = " ".join(paragraph.split())
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z`*])", text) if s.strip()]


def two_sentence_distinctions(document: str) -> dict[str, int]:
    """Pattern -> number of sentences in its "In two sentences" paragraph (0 if missing)."""
    counts = {}
    sections = re.split(r"^## \d+\. ", document, flags=re.M)[1:]
    for key in PATTERNS:
        section = next((s for s in sections if s.startswith(f"{key}:")), "")
        match = re.search(r"\*\*In two sentences\.\*\*(.*?)(?:\n\n|$)", section, re.S)
        counts[key] = len(sentences(match.group(1))) if match else 0
    return counts
