"""The ranks' dicts of one launch, merged into what the parent records.

Per step, the slowest rank's time is the step's time (a step ends when the last rank ends);
memory is the busiest rank's (the one that would run out first); communication is the mean
over ranks; the loss is the mean over the ranks that computed one (data parallel ranks each
hold their slice's mean, the pipeline's last stage the whole batch's, tensor parallel ranks
all the same value).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from labs.common import measure
from labs.distributed import comm, gradcheck

# 1f1b: the pipeline's other schedule; checkpointed: one process under activation checkpointing;
# bf16: FSDP2 with bfloat16 parameters. All eager.
MODES = ("eager", "compiled", "1f1b", "checkpointed", "bf16")


@dataclass(frozen=True)
class ModeResult:
    losses: list[float]
    first_step_s: float
    step: measure.Stats
    peak_bytes: int | None
    held_bytes: int | None
    reserved_bytes: int | None                # GPU only: the caching allocator's peak pool
    memory_method: str | None
    comm: dict[str, dict] | None              # kind -> calls, payload_bytes, ring_bytes (per rank)
    sent_bytes: float | None                  # written to sockets in the comm step, mean over ranks (gloo)
    timelines: list[dict] | None              # one per rank
    compile: dict | None
    facts: dict = field(default_factory=dict)

    @property
    def payload_bytes(self) -> float:
        """What the collectives' tensors held, per rank and step (a receive's not counted again)."""
        return comm.sent_total(self.comm or {}, "payload_bytes")

    @property
    def ring_bytes(self) -> float:
        """The ring algorithms' estimate of the bytes sent for that payload."""
        return comm.sent_total(self.comm or {}, "ring_bytes")


@dataclass
class PatternResult:
    pattern: str
    world: int
    runs: dict[str, dict[str, ModeResult]] = field(default_factory=dict)   # variant -> mode -> result
    extras: dict[str, dict] = field(default_factory=dict)                    # variant -> anything else
    gradients: dict[str, gradcheck.Verdict] = field(default_factory=dict)    # variant -> step 0 against float64

    def run(self, variant: str, mode: str = "eager") -> ModeResult | None:
        return self.runs.get(variant, {}).get(mode)

    def reference(self, variant: str) -> measure.Stats | None:
        """One process's step, timed on rank 0 in the same rounds as this pattern."""
        samples = self.extras.get(variant, {}).get("reference_samples_s")
        return measure.summarize(samples, "latency") if samples else None


def mean_losses(per_rank: list[list[float | None]]) -> list[float]:
    steps = len(per_rank[0])
    merged = []
    for step in range(steps):
        values = [losses[step] for losses in per_rank if losses[step] is not None]
        if not values:
            raise ValueError(f"no rank reported a loss at step {step}")
        merged.append(sum(values) / len(values))
    return merged


def slowest_rank_steps(per_rank: list[list[float]]) -> list[float]:
    return [max(step) for step in zip(*per_rank)]


def merge_mode(records: list[dict]) -> ModeResult:
    memories = [r["memory"] for r in records if r.get("memory")]
    peak = max(m["peak_bytes"] for m in memories) if memories else None
    comms = [r["comm"] for r in records if "comm" in r]
    sent = [r.get("sent_bytes") for r in records if "comm" in r]
    timelines = [r["timeline"] for r in records if "timeline" in r and "error" not in r["timeline"]]
    if len(timelines) < len(records):
        timelines = []      # a picture with a rank missing would mislead: none at all
    return ModeResult(
        losses=mean_losses([r["losses"] for r in records]),
        first_step_s=max(r["first_step_s"] for r in records),
        step=measure.summarize(slowest_rank_steps([r["samples_s"] for r in records]), "latency"),
        peak_bytes=peak,
        held_bytes=max(m["held_bytes"] for m in memories) if memories else None,
        reserved_bytes=max(m["reserved_bytes"] for m in memories)
        if memories and all(m.get("reserved_bytes") is not None for m in memories) else None,
        memory_method=records[0].get("memory_method"),
        comm=comm.merge_ranks(comms) if comms else None,
        sent_bytes=sum(sent) / len(sent) if sent and None not in sent else None,
        timelines=timelines or None,
        compile=records[0].get("compile"),
        facts=records[0].get("facts", {}))


def merge(pattern: str, per_rank: list[dict]) -> PatternResult:
    result = PatternResult(pattern=pattern, world=len(per_rank))
    for variant in per_rank[0]["variants"]:
        runs = [rank["variants"][variant] for rank in per_rank]
        result.runs[variant] = {mode: merge_mode([r[mode] for r in runs]) for mode in MODES if mode in runs[0]}
        for mode in runs[0].get("gradient", {}):   # "wide" for the eager run, "wide.1f1b" for another mode
            key = variant if mode == "eager" else f"{variant}.{mode}"
            result.gradients[key] = gradcheck.merge([r["gradient"][mode] for r in runs])
        result.extras[variant] = {key: value for key, value in runs[0].items() if key not in MODES + ("gradient",)}
    return result
