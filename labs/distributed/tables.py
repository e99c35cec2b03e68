"""The tables and figures that put the patterns side by side, once every pattern has run."""

from __future__ import annotations

from labs.common import measure
from labs.common.harness import Lab
from labs.distributed import predict, timeline
from labs.distributed.gather import PatternResult
from labs.distributed.report import MIB, loss_gap, ms
from labs.distributed.settings import Settings

ORDER = ("single", "ddp", "fsdp2", "tensor_parallel", "pipeline")


def _ordered(results: dict[str, PatternResult]) -> list[PatternResult]:
    return [results[p] for p in ORDER if p in results]


def baseline(result: PatternResult, variant: str, single_run) -> measure.Stats | None:
    """The one baseline every speed is divided into: one process timed in the same rounds of the
    same launch as the pattern (rank 0 alone, the other ranks waiting at a barrier); for the
    one-process row, its own launch's step, which is the same thing with nothing beside it."""
    return result.reference(variant) or (single_run.step if single_run else None)


def paired_over_alone(lab: Lab, results: dict[str, PatternResult], settings: Settings) -> None:
    """How far one process timed inside the patterns' launches sat from one process timed alone:
    the reason a pattern's speed is never divided by the one-process row's time."""
    single = results.get("single")
    for v in settings.variants:
        alone = single.run(v.name) if single else None
        paired = [r.reference(v.name) for r in _ordered(results) if r is not single and r.reference(v.name)]
        if alone and paired:
            ratios = sorted(p.median_s / alone.step.median_s for p in paired)
            lab.metric(f"baseline.{v.name}.paired_over_alone_min", ratios[0], "×")
            lab.metric(f"baseline.{v.name}.paired_over_alone_max", ratios[-1], "×")


def side_by_side(lab: Lab, results: dict[str, PatternResult], settings: Settings) -> None:
    """One row per pattern, columns per variant: step time, peak memory, bytes per step."""
    names = [v.name for v in settings.variants]
    columns = ["pattern"]
    for v in names:
        columns += [f"{v}_ms", f"{v}_q1_ms", f"{v}_q3_ms", f"{v}_baseline_ms", f"{v}_speedup", f"{v}_peak_mib",
                    f"{v}_reserved_mib", f"{v}_comm_mib", f"{v}_sent_mib", f"{v}_loss_diff", f"{v}_grad_err"]
    rows = []
    single = results.get("single")
    # Every pattern's eager run, each followed by its other modes as rows of their own: one process
    # checkpointed, FSDP2 in bf16, the pipeline's 1F1B schedule.
    lines = []
    for result in _ordered(results):
        lines.append((result, "eager", result.pattern))
        for mode in ("checkpointed", "bf16", "1f1b"):
            if any(result.run(v, mode) for v in names):
                lines.append((result, mode, f"{result.pattern}_{mode}"))
    for result, mode, label in lines:
        row = [label]
        for v in names:
            run, base = result.run(v, mode), single.run(v) if single else None
            grad_key = v if mode == "eager" else f"{v}.{mode}"
            if run is None:
                row += [None] * 11
                continue
            timing_reference = baseline(result, v, base)
            row += [ms(run.step.median_s), ms(run.step.q1_s), ms(run.step.q3_s),
                    ms(timing_reference.median_s) if timing_reference else None,
                    timing_reference.median_s / run.step.median_s if timing_reference else None,
                    run.peak_bytes / MIB if run.peak_bytes is not None else None,
                    run.reserved_bytes / MIB if run.reserved_bytes is not None else None,
                    run.payload_bytes / MIB if run.comm else None,
                    run.sent_bytes / MIB if run.sent_bytes is not None else None,
                    loss_gap(run, base) if base and result is not single else None,
                    result.gradients[grad_key].grad_err if grad_key in result.gradients else None]
        rows.append(row)
    units = {c: "ms" for c in columns if c.endswith("_ms")} | {c: "MiB" for c in columns if c.endswith("_mib")}
    lab.table("side_by_side", columns, rows, units)
    paired_over_alone(lab, results, settings)
    lab.figure("step_time", "side_by_side", x="pattern", y=[f"{v}_ms" for v in names], kind="bar", log_y=True,
               error_low={f"{v}_ms": f"{v}_q1_ms" for v in names},
               error_high={f"{v}_ms": f"{v}_q3_ms" for v in names})
    lab.figure("memory", "side_by_side", x="pattern", y=[f"{v}_peak_mib" for v in names], kind="bar", log_y=True)
    lab.figure("bytes_per_step", "side_by_side", x="pattern", y=[f"{v}_comm_mib" for v in names], kind="bar",
               log_y=True)


def prediction(lab: Lab, results: dict[str, PatternResult], settings: Settings, world: int) -> list[list]:
    """Lab 03's memory formula and the textbook volumes next to what the ranks measured."""
    single = results["single"]
    rows, kinds, wire = [], [], []
    for v in settings.variants:
        inputs = single.extras[v.name]["prediction_inputs"]
        shape = predict.ModelShape(**inputs["shape"])
        for result in _ordered(results):
            run = result.run(v.name)
            if run is None:
                continue
            n = 1 if result.pattern == "single" else world
            memory = predict.predicted_memory(result.pattern, shape, n, inputs["activations_full"],
                                              inputs["activations_split"])
            if run.peak_bytes is not None:
                rows.append([result.pattern, v.name, "memory", memory / MIB, run.peak_bytes / MIB,
                             run.peak_bytes / memory])
            payload = predict.predicted_payload(result.pattern, shape, n)
            if payload and run.comm is not None:
                total = sum(payload.values())
                rows.append([result.pattern, v.name, "communication", total / MIB, run.payload_bytes / MIB,
                             run.payload_bytes / total])
                ring = sum(predict.predicted_comm(result.pattern, shape, n).values())
                sent = run.sent_bytes
                wire.append([result.pattern, v.name, run.payload_bytes / MIB, ring / MIB,
                             sent / MIB if sent is not None else None, sent / ring if sent is not None else None])
                for kind in sorted(set(payload) | set(run.comm)):
                    measured = run.comm.get(kind, {})
                    kinds.append([result.pattern, v.name, kind, measured.get("calls", 0),
                                  measured.get("payload_bytes", 0) / MIB,
                                  payload[kind] / MIB if kind in payload else None,
                                  measured.get("ring_bytes", 0) / MIB])
    units = {"predicted_mib": "MiB", "measured_mib": "MiB", "ratio": "×"}
    for quantity in ("memory", "communication"):   # one table each: no words in the cells to translate
        lab.table(f"prediction_{quantity}", ["pattern", "variant", "predicted_mib", "measured_mib", "ratio"],
                  [[r[0], r[1]] + r[3:] for r in rows if r[2] == quantity], units)
    lab.table("comm_kinds", ["pattern", "variant", "kind", "calls", "payload_mib", "predicted_payload_mib",
                             "ring_mib"], kinds,
              {"payload_mib": "MiB", "predicted_payload_mib": "MiB", "ring_mib": "MiB"})
    lab.table("comm_wire", ["pattern", "variant", "payload_mib", "ring_mib", "sent_mib", "sent_vs_ring"], wire,
              {"payload_mib": "MiB", "ring_mib": "MiB", "sent_mib": "MiB", "sent_vs_ring": "×"})
    return rows


def scaling(lab: Lab, results: dict[str, PatternResult], variant: str, worlds=(2, 4, 8)) -> None:
    """What each pattern would send per rank and step with more ranks (the formulas only)."""
    shape = predict.ModelShape(**results["single"].extras[variant]["prediction_inputs"]["shape"])
    rows = [[p] + [sum(predict.predicted_comm(p, shape, n).values()) / MIB for n in worlds] for p in ORDER[1:]]
    lab.table(f"scaling_{variant}", ["pattern"] + [f"ranks_{n}_mib" for n in worlds], rows,
              {f"ranks_{n}_mib": "MiB" for n in worlds})


def compiled(lab: Lab, results: dict[str, PatternResult], settings: Settings) -> int:
    """Eager against compiled, per pattern and variant; returns how many runs compiled."""
    rows = []
    for result in _ordered(results):
        for v in settings.variants:
            eager, done = result.run(v.name), result.run(v.name, "compiled")
            if eager is None or done is None:
                continue
            rows.append([result.pattern, v.name, ms(eager.step.median_s), ms(done.step.median_s),
                         eager.step.median_s / done.step.median_s, measure.verdict(eager.step, done.step),
                         eager.first_step_s, done.first_step_s, done.compile["graphs"], done.compile["graph_breaks"],
                         done.peak_bytes / MIB if done.peak_bytes is not None else None])
    lab.table("compiled", ["pattern", "variant", "eager_ms", "compiled_ms", "speedup", "verdict", "eager_first_s",
                           "compiled_first_s", "graphs", "graph_breaks", "compiled_peak_mib"], rows,
              {"eager_ms": "ms", "compiled_ms": "ms", "speedup": "×", "eager_first_s": "s", "compiled_first_s": "s",
               "compiled_peak_mib": "MiB"})
    return len(rows)


def loss_curves(lab: Lab, results: dict[str, PatternResult], variant: str) -> None:
    ordered = [r for r in _ordered(results) if r.run(variant)]
    steps = len(ordered[0].run(variant).losses)
    rows = [[step + 1] + [r.run(variant).losses[step] for r in ordered] for step in range(steps)]
    lab.table(f"loss_curves_{variant}", ["step"] + [r.pattern for r in ordered], rows)
    lab.figure(f"loss_curves_{variant}", f"loss_curves_{variant}", x="step", y=[r.pattern for r in ordered])


def timelines(lab: Lab, results: dict[str, PatternResult], variant: str) -> None:
    """Per pattern, a plot of one step: each rank's compute and communication as bars in time.

    Drawn as lines with gaps: series "rank r compute" sits at height r, "rank r communication"
    just above it, and is blank (None) wherever that lane is idle. The summary splits a GPU's
    NCCL time into waiting for a peer and transfer (`timeline.split_waiting`); a CPU's gloo
    time cannot be split that way, and its cells stay empty.
    """
    summary = []
    for result in _ordered(results):
        run = result.run(variant)
        if run is None:
            continue
        if not run.timelines:   # not traced on this machine: an empty plot, so every page still builds
            if result.pattern != "single":
                series = [f"rank{r}_{kind}" for r in range(result.world) for kind in ("compute", "communication")]
                lab.table(f"timeline_{result.pattern}", ["t_ms"] + series, [], {"t_ms": "ms"})
                lab.figure(f"timeline_{result.pattern}", f"timeline_{result.pattern}", x="t_ms", y=series)
            continue
        kernels = [trace.get("nccl_kernels") or [] for trace in run.timelines]
        split = timeline.split_waiting(kernels) if all(kernels) else None
        for rank, trace in enumerate(run.timelines):
            idle = trace["step_ms"] - (trace["compute_ms"] + trace["communication_ms"] - trace["hidden_ms"])
            waiting = sum(b - a for a, b in split[rank]["waiting"]) if split else None
            transfer = sum(b - a for a, b in split[rank]["transfer"]) if split else None
            summary.append([result.pattern, rank, trace["step_ms"], trace["compute_ms"], trace["communication_ms"],
                            trace["hidden_ms"], max(0.0, idle), waiting, transfer,
                            100 * timeline.bubble_share(trace)])
        series, lanes = [], []
        for rank, trace in enumerate(run.timelines):
            for kind, offset in (("compute", 0.0), ("communication", 0.3)):
                series.append(f"rank{rank}_{kind}")
                lanes.append((rank + offset, trace["spans"][kind]))
        times = sorted({t for _, spans in lanes for a, b in spans for t in (a, b, b + 1e-6)})
        rows = [[t] + [height if any(a <= t <= b for a, b in spans) else None for height, spans in lanes]
                for t in times]
        lab.table(f"timeline_{result.pattern}", ["t_ms"] + series, rows, {"t_ms": "ms"})
        mine = [row for row in summary if row[0] == result.pattern]
        lab.metric(f"{result.pattern}.{variant}.idle_share", 100 * max(row[6] / row[2] for row in mine), "%")
        lab.metric(f"{result.pattern}.{variant}.bubble_measured", sum(row[9] for row in mine) / len(mine), "%")
        if split:
            lab.metric(f"{result.pattern}.{variant}.waiting_ms", max(row[7] for row in mine), "ms")
            lab.metric(f"{result.pattern}.{variant}.transfer_ms", max(row[8] for row in mine), "ms")
        lab.figure(f"timeline_{result.pattern}", f"timeline_{result.pattern}", x="t_ms", y=series)
    other = results["pipeline"].run(variant, "1f1b") if "pipeline" in results else None
    if other is not None and other.timelines:   # 1F1B's bubble, measured the same way as GPipe's
        shares = [timeline.bubble_share(trace) for trace in other.timelines]
        lab.metric(f"pipeline.{variant}.1f1b.bubble_measured", 100 * sum(shares) / len(shares), "%")
    times = ["step_ms", "compute_ms", "communication_ms", "hidden_ms", "idle_ms", "waiting_ms", "transfer_ms"]
    lab.table("timeline_summary", ["pattern", "rank"] + times + ["not_computing_pct"], summary,
              dict.fromkeys(times, "ms") | {"not_computing_pct": "%"})
