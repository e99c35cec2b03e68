"""What each part records through the Lab API: metrics, checks, and the bandwidth table.

Metric keys are the page's vocabulary (docs/*/labs/distributed.md): `<pattern>.<variant>.<what>`
for a pattern's numbers, `... .compiled.<what>` for its compiled run. Categorical metrics
("yes", "faster", a pattern's key) exist so that the page's prose can branch on them.
"""

from __future__ import annotations

import math

from labs.common import measure
from labs.common.harness import Lab
from labs.distributed import comm, gradcheck, predict
from labs.distributed.gather import ModeResult, PatternResult
from labs.distributed.settings import Settings, Variant

MIB = 2**20
FLOAT32_EPS = 2.0**-23
COMM_BAND = 0.10           # measured bytes within +-10 % of the textbook volume


def ms(seconds: float) -> float:
    return seconds * 1e3


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def loss_tolerance(variant: Variant, steps: int, reference_loss: float) -> float:
    """How far a correct pattern's loss may drift from the single process's after `steps` steps.

    Splitting a batch or a matrix product changes only the order of float32 sums. A mean over
    K = B x T tokens summed in another order differs by about sqrt(K) rounding errors of
    eps = 2^-23 relative to its size; each step's update inherits a difference of that order
    and the next steps add theirs, so after N steps: N sqrt(K) eps |loss| (|loss| at least 1).
    A pattern that trained on the wrong data or dropped a gradient is off by far more.
    """
    return steps * math.sqrt(variant.tokens()) * FLOAT32_EPS * max(1.0, abs(reference_loss))


def loss_gap(run: ModeResult, reference: ModeResult) -> float:
    """The largest |loss - single loss| over the checked steps."""
    return max(abs(a - b) for a, b in zip(run.losses, reference.losses))


def bandwidth(lab: Lab, per_rank: list[dict], world: int) -> None:
    """Median over the slowest rank's samples; bus bandwidth as nccl-tests defines it."""
    rows = []
    for sizes in zip(*(rank["sizes"] for rank in per_rank)):
        size = sizes[0]["bytes"]
        steps = [max(samples) for samples in zip(*(s["samples_s"] for s in sizes))]
        stats = measure.summarize(steps, "latency")
        algbw = size / stats.median_s
        sent = [s.get("sent_bytes") for s in sizes]
        on_device = [s.get("device_s") for s in sizes]        # GPU only: each rank's median, the slowest
        rows.append([size / 1024, stats.median_s * 1e6, stats.q1_s * 1e6, stats.q3_s * 1e6, stats.reps,
                     algbw / 1e9, algbw * 2 * (world - 1) / world / 1e9,
                     sum(sent) / len(sent) / size if None not in sent else None,
                     max(on_device) * 1e6 if None not in on_device else None])
    lab.table("allreduce_bandwidth", ["size_kib", "median_us", "q1_us", "q3_us", "reps", "algbw_gbs", "busbw_gbs",
                                      "sent_per_byte", "device_us"],
              rows, {"size_kib": "KiB", "median_us": "µs", "q1_us": "µs", "q3_us": "µs", "algbw_gbs": "GB/s",
                     "busbw_gbs": "GB/s", "sent_per_byte": "×", "device_us": "µs"})
    lab.figure("allreduce_bandwidth", "allreduce_bandwidth", x="size_kib", y=["busbw_gbs"], log_x=True)
    largest = rows[-1]
    lab.metric("bandwidth.largest_mib", largest[0] / 1024, "MiB")
    lab.metric("bandwidth.largest_us", largest[1], "µs")
    lab.metric("bandwidth.busbw_gbs", largest[6], "GB/s")
    lab.metric("bandwidth.smallest_us", rows[0][1], "µs")


def mode_metrics(lab: Lab, prefix: str, run: ModeResult, reference: ModeResult | None,
                 timing_reference: measure.Stats | None) -> None:
    """A run's numbers. `reference`: the single process's run (losses); `timing_reference`: one
    process's step timed in the same rounds as this run (None for the single process itself)."""
    lab.metric(f"{prefix}.step_ms", ms(run.step.median_s), "ms")
    lab.metric(f"{prefix}.step_q1_ms", ms(run.step.q1_s), "ms")
    lab.metric(f"{prefix}.step_q3_ms", ms(run.step.q3_s), "ms")
    lab.metric(f"{prefix}.steps_timed", run.step.reps)
    lab.metric(f"{prefix}.first_step_s", run.first_step_s, "s")
    lab.metric(f"{prefix}.loss_final", run.losses[-1])
    if run.peak_bytes is not None:
        lab.metric(f"{prefix}.peak_mib", run.peak_bytes / MIB, "MiB")
        lab.metric(f"{prefix}.held_mib", run.held_bytes / MIB, "MiB")
    if run.reserved_bytes is not None:
        lab.metric(f"{prefix}.reserved_mib", run.reserved_bytes / MIB, "MiB")
    if run.comm is not None:
        lab.metric(f"{prefix}.comm_mib", run.payload_bytes / MIB, "MiB")
        lab.metric(f"{prefix}.ring_mib", run.ring_bytes / MIB, "MiB")
    if run.sent_bytes is not None:
        lab.metric(f"{prefix}.sent_mib", run.sent_bytes / MIB, "MiB")
    if reference is not None and reference is not run:
        lab.metric(f"{prefix}.loss_diff", loss_gap(run, reference))
    if timing_reference is not None:
        lab.metric(f"{prefix}.single_ref_ms", ms(timing_reference.median_s), "ms")
        lab.metric(f"{prefix}.vs_single", measure.verdict(timing_reference, run.step))
        lab.metric(f"{prefix}.speedup_vs_single", timing_reference.median_s / run.step.median_s, "×")


def gradient_keys(result: PatternResult, variant: str) -> list[str]:
    """Every gradient check a variant's runs made, eager first ("wide", then "wide.1f1b",
    "wide.compiled", ...): a mode that checks its gradients is reported without being listed here."""
    return sorted(key for key in result.gradients if key == variant or key.startswith(f"{variant}."))


def pattern(lab: Lab, result: PatternResult, single: PatternResult | None, settings: Settings) -> None:
    """A pattern's part: its numbers per variant and mode, its loss and traffic checks."""
    name = result.pattern
    for variant in settings.variants:
        eager = result.run(variant.name)
        if eager is None:
            continue
        for mode_key in gradient_keys(result, variant.name):
            gradient(lab, f"{name}.{mode_key}", result.gradients[mode_key])
        reference = single.run(variant.name) if single else None
        timing_reference = result.reference(variant.name)
        mode_metrics(lab, f"{name}.{variant.name}", eager, reference, timing_reference)
        if eager.memory_method:
            lab.metric("memory.method", eager.memory_method)
        if reference is not None and name != "single":
            tolerance = loss_tolerance(variant, settings.check_steps, reference.losses[-1])
            lab.metric(f"loss.tolerance.{variant.name}", tolerance)
            lab.check(f"loss_match.{name}.{variant.name}", loss_gap(eager, reference), "<=", tolerance,
                      label={"en": f"{name}, {variant.name}: every step's loss matches one process's",
                             "es": f"{name}, {variant.name}: la pérdida de cada paso coincide con la de un proceso"})
            comm_check(lab, name, variant, eager, single.extras[variant.name]["prediction_inputs"], result.world)
        compiled = result.run(variant.name, "compiled")
        if compiled is not None:
            prefix = f"{name}.{variant.name}.compiled"
            mode_metrics(lab, prefix, compiled, reference, timing_reference)
            lab.metric(f"{prefix}.speedup", eager.step.median_s / compiled.step.median_s, "×")
            lab.metric(f"{prefix}.verdict", measure.verdict(eager.step, compiled.step))
            for key in ("graphs", "dynamo_graphs", "graph_breaks"):
                lab.metric(f"{prefix}.{key}", compiled.compile[key])
            if reference is not None:
                tolerance = loss_tolerance(variant, settings.check_steps, reference.losses[-1])
                lab.check(f"loss_match_compiled.{name}.{variant.name}", loss_gap(compiled, reference), "<=",
                          tolerance,
                          label={"en": f"{name} compiled, {variant.name}: every step's loss matches one process's",
                                 "es": f"{name} compilado, {variant.name}: la pérdida de cada paso coincide "
                                       "con la de un proceso"})
    if name == "pipeline":
        for variant in settings.variants:
            one_f_one_b(lab, variant, result, single, settings)

    if name == "ddp":
        for variant in settings.variants:
            run = result.run(variant.name)
            if run is not None and run.comm:
                lab.metric(f"ddp.{variant.name}.buckets", int(run.comm.get("all_reduce", {}).get("calls", 0)))


def gradient(lab: Lab, key: str, verdict: gradcheck.Verdict) -> None:
    """Step 0's gradients and one SGD step against the float64 plain model (`gradcheck`)."""
    pattern, variant = key.split(".", 1)
    lab.metric(f"{key}.grad_max_err", verdict.grad_err)
    lab.metric(f"{key}.grad_tolerance", verdict.grad_tolerance)
    lab.metric(f"{key}.grad_worst_tensor", verdict.worst_tensor)
    lab.metric(f"{key}.sgd_param_max_err", verdict.param_err)
    lab.metric(f"{key}.sgd_param_vs_tolerance", verdict.param_ratio, "×")
    problems = "; ".join(verdict.problems) or "none"
    lab.metric(f"{key}.grad_problems", problems if len(problems) <= 500 else problems[:497] + "...")
    lab.check(f"grad_layout.{key}", len(verdict.problems), "==", 0,
              label={"en": f"{pattern}, {variant}: every parameter, gathered under the plain model's name, "
                           "equals the plain model's before step 0 (tensors that do not)",
                     "es": f"{pattern}, {variant}: cada parámetro, reunido bajo el nombre del modelo simple, "
                           "es igual al del modelo simple antes del paso 0 (tensores que no lo son)"})
    lab.check(f"grad_match.{key}", verdict.grad_err, "<=", verdict.grad_tolerance,
              label={"en": f"{pattern}, {variant}: step 0's gradients match the float64 plain model "
                           "(largest |g − g_ref| ÷ max|g_ref| over tensors)",
                     "es": f"{pattern}, {variant}: los gradientes del paso 0 coinciden con el modelo simple "
                           "en float64 (mayor |g − g_ref| ÷ max|g_ref| entre tensores)"})
    lab.check(f"sgd_step_match.{key}", verdict.param_ratio, "<=", 1.0, unit="×",
              label={"en": f"{pattern}, {variant}: parameters after one SGD step match the float64 plain "
                           "model's (worst error ÷ its tolerance)",
                     "es": f"{pattern}, {variant}: los parámetros tras un paso de SGD coinciden con los del "
                           "modelo simple en float64 (peor error ÷ su tolerancia)"})


def one_f_one_b(lab: Lab, variant: Variant, result: PatternResult, single: PatternResult | None,
                settings: Settings) -> None:
    """The pipeline's 1F1B schedule beside its GPipe, timed in the same rounds: same bubble,
    fewer micro-batches' activations held at once."""
    gpipe, run = result.run(variant.name), result.run(variant.name, "1f1b")
    if gpipe is None or run is None:
        return
    prefix = f"pipeline.{variant.name}.1f1b"
    reference = single.run(variant.name) if single else None
    mode_metrics(lab, prefix, run, reference, result.reference(variant.name))
    lab.metric(f"{prefix}.vs_gpipe", measure.verdict(gpipe.step, run.step))
    lab.metric(f"{prefix}.speedup_vs_gpipe", gpipe.step.median_s / run.step.median_s, "×")
    if run.peak_bytes is not None and gpipe.peak_bytes is not None:
        lab.metric(f"{prefix}.memory_vs_gpipe", run.peak_bytes / gpipe.peak_bytes, "×")
    if single is not None:
        inputs = single.extras[variant.name]["prediction_inputs"]
        shape = predict.ModelShape(**inputs["shape"])
        for schedule in ("gpipe", "1f1b"):
            predicted = predict.predicted_memory("pipeline", shape, result.world, inputs["activations_full"],
                                                 inputs["activations_split"], variant.microbatches, schedule)
            lab.metric(f"pipeline.{variant.name}.{schedule}.memory_predicted_mib", predicted / MIB, "MiB")
    if reference is not None:
        tolerance = loss_tolerance(variant, settings.check_steps, reference.losses[-1])
        lab.check(f"loss_match_1f1b.pipeline.{variant.name}", loss_gap(run, reference), "<=", tolerance,
                  label={"en": f"pipeline 1F1B, {variant.name}: every step's loss matches one process's",
                         "es": f"pipeline 1F1B, {variant.name}: la pérdida de cada paso coincide con la de un proceso"})


def comm_check(lab: Lab, name: str, variant: Variant, run: ModeResult, inputs: dict, world: int) -> None:
    """The payload the collectives' tensors held against the pattern's textbook payload (checked);
    on gloo, the bytes the sockets carried against the ring's estimate (reported)."""
    shape = predict.ModelShape(**inputs["shape"])
    key = f"{name}.{variant.name}"
    predicted = sum(predict.predicted_payload(name, shape, world).values())
    ratio = run.payload_bytes / predicted
    lab.metric(f"{key}.comm_predicted_mib", predicted / MIB, "MiB")
    lab.metric(f"{key}.comm_ratio", ratio, "×")
    lab.check(f"comm_prediction.{key}", abs(ratio - 1.0), "<=", COMM_BAND,
              label={"en": f"{name}, {variant.name}: the collectives' tensors per step within ±10 % of the "
                           "textbook payload (|measured ÷ predicted − 1|)",
                     "es": f"{name}, {variant.name}: los tensores de los colectivos por paso a ±10 % de la "
                           "carga de manual (|medido ÷ previsto − 1|)"})
    ring = sum(predict.predicted_comm(name, shape, world).values())
    lab.metric(f"{key}.ring_predicted_mib", ring / MIB, "MiB")
    if run.sent_bytes is not None:
        lab.metric(f"{key}.sent_vs_ring", run.sent_bytes / ring, "×")
        lab.metric(f"{key}.sent_vs_payload", run.sent_bytes / run.payload_bytes, "×")


RING_BAND = 0.05   # gloo's headers add well under 5 % to messages of 100 KiB and more


def four_ranks_table(lab: Lab, rows: list[list]) -> None:
    lab.table("four_ranks_collectives", ["kind", "payload_kib", "sent_mean_kib", "sent_max_kib", "ring_kib",
                                         "sent_vs_ring"], rows,
              {"payload_kib": "KiB", "sent_mean_kib": "KiB", "sent_max_kib": "KiB", "ring_kib": "KiB",
               "sent_vs_ring": "×"})


def four_ranks(lab: Lab, per_rank: list[dict], probe_bytes: int, variant: str) -> None:
    """Four gloo ranks: what each collective and one DDP step wrote to the sockets, against the ring's
    estimate and "send once"; the gradient check of DDP, FSDP2 and tensor parallelism at four ranks."""
    world = len(per_rank)
    rows = []
    for kind in per_rank[0]["collectives"]:
        sent = [rank["collectives"][kind] for rank in per_rank]
        if None in sent:      # no /proc/self/io on this system: nothing measured, nothing claimed
            continue
        mean, ring = sum(sent) / world, comm.wire_bytes(kind, probe_bytes, world)
        rows.append([kind, probe_bytes / 1024, mean / 1024, max(sent) / 1024, ring / 1024, mean / ring])
        lab.metric(f"four_ranks.{kind}.sent_vs_payload", mean / probe_bytes, "×")
        lab.metric(f"four_ranks.{kind}.ring_vs_payload", ring / probe_bytes, "×")
    four_ranks_table(lab, rows)
    lab.metric("four_ranks.world", world)
    lab.metric("four_ranks.probe_kib", probe_bytes / 1024, "KiB")
    ddp = [rank["ddp"] for rank in per_rank]
    payload = comm.sent_total(comm.merge_ranks([r["comm"] for r in ddp]), "payload_bytes")
    lab.metric("four_ranks.ddp.payload_mib", payload / MIB, "MiB")
    if all(r["sent_bytes"] is not None for r in ddp):
        sent = sum(r["sent_bytes"] for r in ddp) / world
        ring = comm.wire_bytes("all_reduce", payload, world)
        lab.metric("four_ranks.ddp.sent_mib", sent / MIB, "MiB")
        lab.metric("four_ranks.ddp.ring_mib", ring / MIB, "MiB")
        lab.metric("four_ranks.ddp.sent_vs_ring", sent / ring, "×")
        lab.metric("four_ranks.ddp.sent_vs_send_once", sent / payload, "×")
        lab.check("four_ranks_ddp_sends_ring_volume", abs(sent / ring - 1), "<=", RING_BAND,
                  label={"en": "Four ranks: one DDP step's socket bytes match a ring's 2(n − 1)/n of the gradients, "
                               "not send-once's 1× (|sent ÷ ring − 1|)",
                         "es": "Cuatro rangos: los bytes de socket de un paso de DDP coinciden con los 2(n − 1)/n "
                               "de los gradientes de un anillo, no con el 1× de enviar una vez (|enviado ÷ anillo − 1|)"})
    for pattern in per_rank[0]["gradient"]:
        gradient(lab, f"{pattern}.{variant}", gradcheck.merge([rank["gradient"][pattern] for rank in per_rank]))


def naive_tensor_parallel(lab: Lab, error: str) -> None:
    lab.metric("tensor_parallel.naive_failed", yes_no(bool(error)))
    lab.metric("tensor_parallel.naive_error", error or "none")


def drill(lab: Lab, failure, launch_s: float, killed_rank: int, kill_step: int) -> None:
    named = failure is not None and f"rank {killed_rank}" in str(failure)
    # Without the rank's last words to time from, the whole launch is the honest upper bound.
    detected = failure.detected_after_s if failure is not None and failure.detected_after_s is not None else launch_s
    lab.metric("rank_failure.killed_rank", killed_rank)
    lab.metric("rank_failure.kill_step", kill_step + 1)
    lab.metric("rank_failure.message", str(failure) if failure else "the launch did not fail")
    lab.metric("rank_failure.detected_s", detected, "s")
    lab.metric("rank_failure.launch_s", launch_s, "s")
    lab.check("rank_failure_names_rank", 1 if named else 0, "==", 1,
              label={"en": "A rank killed mid-step: the failure names it",
                     "es": "Un rango muerto a mitad de paso: el fallo lo nombra"})
    lab.check("rank_failure_detected_fast", detected, "<", 10.0, unit="s",
              label={"en": "A rank killed mid-step: the lab fails within seconds, not at a timeout",
                     "es": "Un rango muerto a mitad de paso: el laboratorio falla en segundos, no al expirar un plazo"})
