"""One training step of one rank, as intervals of compute and communication, from torch.profiler.

On a GPU the lanes are the device's own: CUDA kernels, NCCL's (communication) apart from the
rest (compute). On a CPU they are the threads': the operators the rank's main thread runs
(compute) and gloo's work, which runs on gloo's own threads (communication). Intervals closer
than a small gap are merged, so a lane reads as busy stretches, not thousands of operators;
what is left is a picture of the step: when each rank computes, when it talks, and how much
of the talking hides behind computing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch.profiler import ProfilerActivity, profile, record_function

STEP_MARK = "timeline_step"
COMMUNICATION = re.compile(r"nccl|gloo|c10d|all_?reduce|all_?gather|reduce_?scatter|broadcast|send|recv",
                           re.IGNORECASE)
MAX_INTERVALS = 40           # per lane, after merging: enough for a picture, small in the manifest
# The NCCL kernel families a collective's kernel name carries; the i-th kernel of a family is the
# same collective on every rank (NCCL requires every rank to issue them in the same order).
FAMILIES = ("AllReduce", "AllGather", "ReduceScatter", "SendRecv", "Broadcast", "Send", "Recv")


@dataclass(frozen=True)
class Interval:
    kind: str       # "compute" | "communication"
    start_ms: float
    end_ms: float


def merge(spans: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    """Union of spans, joining those less than `gap` apart."""
    merged: list[list[float]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + gap:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(a, b) for a, b in merged]


def compact(spans: list[tuple[float, float]], step_ms: float) -> list[tuple[float, float]]:
    """Merge with a gap that grows until the lane has at most MAX_INTERVALS stretches."""
    gap = step_ms / 1000
    result = merge(spans, gap)
    while len(result) > MAX_INTERVALS:
        gap *= 2
        result = merge(result, gap)
    return result


def overlap_ms(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    """Total time covered by both lists of disjoint, sorted spans."""
    total, i, j = 0.0, 0, 0
    while i < len(a) and j < len(b):
        total += max(0.0, min(a[i][1], b[j][1]) - max(a[i][0], b[j][0]))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def subtract(spans: list[tuple[float, float]], holes: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of `spans` outside every hole (both lists sorted and disjoint)."""
    result = []
    for start, end in spans:
        for hole_start, hole_end in holes:
            if hole_end <= start or hole_start >= end:
                continue
            if hole_start > start:
                result.append((start, hole_start))
            start = max(start, hole_end)
        if start < end:
            result.append((start, end))
    return result


def _under(event, mark) -> bool:
    parent = event.cpu_parent
    while parent is not None:
        if parent is mark:
            return True
        parent = parent.cpu_parent
    return False


def family(kernel_name: str) -> str:
    return next((f for f in FAMILIES if f in kernel_name), "other")


def nccl_kernels(events, mark) -> list[list]:
    """[family, start_ms, end_ms] of each NCCL kernel of the step, in launch order, from the mark."""
    start, end = mark.time_range.start, mark.time_range.end
    found = [e for e in events if e.device_type == torch.autograd.DeviceType.CUDA and "nccl" in e.name.lower()
             and e.time_range.start <= end and e.time_range.end >= start]
    return [[family(e.name), (e.time_range.start - start) / 1e3, (e.time_range.end - start) / 1e3]
            for e in sorted(found, key=lambda e: e.time_range.start)]


def split_waiting(per_rank: list[list[list]]) -> list[dict[str, list[tuple[float, float]]]] | None:
    """Each rank's NCCL kernel time split into waiting and transfer.

    A collective cannot move a byte before the last rank has launched it: on each rank, its
    kernel's time before the latest start of the same collective on any rank is waiting (for a
    peer that was still computing), the rest is transfer. The ranks' steps start together (a
    barrier before the traced step), so their times compare. The i-th kernel of a family is
    matched across ranks; if the ranks ran different numbers of a family (a middle pipeline
    stage talks to two neighbours), nothing is matched and None says so.
    """
    by_family: list[dict[str, list]] = [{} for _ in per_rank]
    for rank, kernels in enumerate(per_rank):
        for fam, a, b in kernels:
            by_family[rank].setdefault(fam, []).append((a, b))
    families = set(by_family[0])
    if any(set(f) != families or any(len(f[k]) != len(by_family[0][k]) for k in families) for f in by_family):
        return None
    out = [{"waiting": [], "transfer": []} for _ in per_rank]
    for fam in sorted(families):
        for index in range(len(by_family[0][fam])):
            last_start = max(f[fam][index][0] for f in by_family)
            for rank, f in enumerate(by_family):
                a, b = f[fam][index]
                if last_start > a:
                    out[rank]["waiting"].append((a, min(b, last_start)))
                if b > last_start:
                    out[rank]["transfer"].append((max(a, last_start), b))
    return [{kind: merge(spans, 0.0) for kind, spans in lanes_.items()} for lanes_ in out]


def lanes(events, device: str) -> tuple[float, dict[str, list[tuple[float, float]]]]:
    """(step duration, {kind: spans}) in ms from the step mark's start, from FunctionEvents.

    GPU: kernels, NCCL's as communication. CPU: the step's own operators on the main thread
    are compute, except those (at any depth) that communicate; gloo's threads communicate.
    """
    marks = [e for e in events if e.name == STEP_MARK]
    if not marks:
        raise RuntimeError("the traced step left no mark in the profile")
    mark = marks[0]
    start, end = mark.time_range.start, mark.time_range.end
    compute, talk, main_talk = [], [], []   # main_talk: the main thread's own waits and calls
    for event in events:
        if event is mark or event.time_range.end < start or event.time_range.start > end:
            continue
        span = ((event.time_range.start - start) / 1e3, (min(event.time_range.end, end) - start) / 1e3)
        on_gpu = event.device_type == torch.autograd.DeviceType.CUDA
        talks = bool(COMMUNICATION.search(event.name))
        if device == "cuda":
            if on_gpu:
                (talk if talks else compute).append(span)
        elif not on_gpu:
            if talks and event.thread != mark.thread:
                talk.append(span)
            elif talks and _under(event, mark):
                talk.append(span)
                main_talk.append(span)
            elif event.cpu_parent is mark:
                compute.append(span)
    compute = subtract(merge(compute, 0.0), merge(main_talk, 0.0))
    talk = merge(talk, 0.0)
    step_ms = (end - start) / 1e3
    return step_ms, {"compute": compact(compute, step_ms), "communication": compact(talk, step_ms)}


def capture(step: Callable[[], object], device: str) -> dict:
    """Trace one call of `step`; return its lanes and busy times (JSON-ready). On a GPU also its
    NCCL kernels one by one, for `split_waiting` to compare across ranks."""
    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device == "cuda" else [])
    with profile(activities=activities) as prof, record_function(STEP_MARK):
        step()
        if device == "cuda":
            torch.cuda.synchronize()
    events = prof.events()
    step_ms, found = lanes(events, device)
    busy = {kind: sum(b - a for a, b in spans) for kind, spans in found.items()}
    hidden = overlap_ms(found["compute"], found["communication"])
    kernels = nccl_kernels(events, next(e for e in events if e.name == STEP_MARK)) if device == "cuda" else []
    return {"step_ms": step_ms, "spans": {k: [[round(a, 3), round(b, 3)] for a, b in v] for k, v in found.items()},
            "compute_ms": busy["compute"], "communication_ms": busy["communication"],
            "hidden_ms": hidden, "nccl_kernels": kernels}


def bubble_share(trace: dict) -> float:
    """The share of the step a rank did not compute: the pipeline bubble's own definition, since
    (p - 1) / (m + p - 1) counts a stage busy only while it computes. Transfer and waiting both
    count as bubble here; `split_waiting` says how much of it was which, where it can."""
    return max(0.0, 1.0 - trace["compute_ms"] / trace["step_ms"])
