"""What the lab records beyond the four patterns (torchtitan's other levers), each next to its
prediction and each checked against the single process:

    activation checkpointing   one process, every block checkpointed, beside the plain process in
                               the same launch and rounds: memory saved against recompute time
    FSDP2 in bf16              MixedPrecisionPolicy(bf16 parameters, float32 reduction) beside
                               float32 FSDP2 in the same launch and rounds: memory, bytes, speed
    2-D                        FSDP2 over tensor parallelism on four gloo ranks (2 x 2): the
                               step-0 gradient check, and the collectives of each mesh dimension

The gradient checks themselves are recorded by `report.gradient` (every mode's, keyed
`<pattern>.<variant>.<mode>`); here are the numbers that compare a mode with its plain twin.
"""

from __future__ import annotations

from labs.common import measure
from labs.common.harness import Lab
from labs.distributed import comm, gradcheck, predict
from labs.distributed.gather import PatternResult
from labs.distributed.report import MIB, gradient, loss_gap, loss_tolerance, mode_metrics
from labs.distributed.settings import FOUR_RANK_VARIANT, TWO_D_MESH, Settings


def checkpointing(lab: Lab, result: PatternResult, settings: Settings) -> None:
    """One process under activation checkpointing against the plain one (same launch, same rounds)."""
    for v in settings.variants:
        plain, run = result.run(v.name), result.run(v.name, "checkpointed")
        if plain is None or run is None:
            continue
        prefix = f"single.{v.name}.checkpointed"
        mode_metrics(lab, prefix, run, plain, None)
        inputs = result.extras[v.name]["prediction_inputs"]
        shape = predict.ModelShape(**inputs["shape"])
        full, root = inputs["activations_full"], inputs["activations_root"]
        kept = predict.checkpointed_activations(shape, full, root)
        lab.metric(f"{prefix}.activations_mib", full / MIB, "MiB")
        lab.metric(f"{prefix}.activations_kept_predicted_mib", kept / MIB, "MiB")
        lab.metric(f"{prefix}.saved_predicted_mib", (full - kept) / MIB, "MiB")
        predicted = predict.checkpointed_memory(shape, full, root)
        lab.metric(f"{prefix}.memory_predicted_mib", predicted / MIB, "MiB")
        if run.peak_bytes is not None and plain.peak_bytes is not None:
            lab.metric(f"{prefix}.saved_mib", (plain.peak_bytes - run.peak_bytes) / MIB, "MiB")
            lab.metric(f"{prefix}.memory_vs_plain", run.peak_bytes / plain.peak_bytes, "×")
            lab.metric(f"{prefix}.memory_vs_prediction", run.peak_bytes / predicted, "×")
            if v.name == "wide":
                lab.check("checkpointing_saves_memory.wide", run.peak_bytes / plain.peak_bytes, "<", 1.0, unit="×",
                          label={"en": "Wide variant: activation checkpointing lowers one process's peak "
                                       "(checkpointed ÷ plain)",
                                 "es": "Variante ancha: el checkpointing de activaciones baja el pico de un "
                                       "proceso (con checkpointing ÷ sin él)"})
        lab.metric(f"{prefix}.time_ratio", run.step.median_s / plain.step.median_s, "×")
        lab.metric(f"{prefix}.time_ratio_predicted", predict.recompute_time_ratio(shape), "×")
        lab.metric(f"{prefix}.vs_plain", measure.verdict(plain.step, run.step))
        # The recompute repeats the same float32 arithmetic: the plain process's losses, to the bit
        # or within float32's reduction error.
        tolerance = loss_tolerance(v, settings.check_steps, plain.losses[-1])
        lab.check(f"loss_match_checkpointed.single.{v.name}", loss_gap(run, plain), "<=", tolerance,
                  label={"en": f"one process checkpointed, {v.name}: every step's loss matches the plain process's",
                         "es": f"un proceso con checkpointing, {v.name}: la pérdida de cada paso coincide con la "
                               "del proceso sin él"})


def mixed_precision(lab: Lab, result: PatternResult, single: PatternResult | None, settings: Settings) -> None:
    """FSDP2 with bf16 parameters against float32 FSDP2 (same launch, same rounds)."""
    for v in settings.variants:
        fp32, run = result.run(v.name), result.run(v.name, "bf16")
        if fp32 is None or run is None:
            continue
        prefix = f"fsdp2.{v.name}.bf16"
        mode_metrics(lab, prefix, run, single.run(v.name) if single else None, result.reference(v.name))
        lab.metric(f"{prefix}.speedup_vs_fp32", fp32.step.median_s / run.step.median_s, "×")
        lab.metric(f"{prefix}.vs_fp32", measure.verdict(fp32.step, run.step))
        if single is None:
            continue
        inputs = single.extras[v.name]["prediction_inputs"]
        shape = predict.ModelShape(**inputs["shape"])
        predicted = predict.fsdp2_bf16_memory(shape, result.world, inputs["activations_split"])
        predicted_fp32 = predict.predicted_memory("fsdp2", shape, result.world, inputs["activations_full"],
                                                  inputs["activations_split"])
        lab.metric(f"{prefix}.memory_predicted_mib", predicted / MIB, "MiB")
        lab.metric(f"{prefix}.memory_vs_fp32_predicted", predicted / predicted_fp32, "×")
        if run.peak_bytes is not None and fp32.peak_bytes is not None:
            lab.metric(f"{prefix}.memory_vs_fp32", run.peak_bytes / fp32.peak_bytes, "×")
            lab.metric(f"{prefix}.memory_vs_prediction", run.peak_bytes / predicted, "×")
        payload = sum(predict.fsdp2_bf16_payload(shape).values())
        fp32_payload = sum(predict.predicted_payload("fsdp2", shape, result.world).values())
        lab.metric(f"{prefix}.comm_predicted_mib", payload / MIB, "MiB")
        lab.metric(f"{prefix}.comm_vs_fp32_predicted", payload / fp32_payload, "×")
        if run.comm is not None and fp32.comm is not None:
            lab.metric(f"{prefix}.comm_vs_fp32", run.payload_bytes / fp32.payload_bytes, "×")
            lab.metric(f"{prefix}.comm_ratio", run.payload_bytes / payload, "×")
            lab.check(f"comm_prediction.{prefix}", abs(run.payload_bytes / payload - 1.0), "<=", 0.10,
                      label={"en": f"fsdp2 bf16, {v.name}: the collectives' tensors per step within ±10 % of bf16 "
                                   "all-gathers and a float32 reduce-scatter (|measured ÷ predicted − 1|)",
                             "es": f"fsdp2 bf16, {v.name}: los tensores de los colectivos por paso a ±10 % de "
                                   "all-gathers en bf16 y un reduce-scatter en float32 (|medido ÷ previsto − 1|)"})


def two_d_table(lab: Lab, rows: list[list]) -> None:
    lab.table("two_d_collectives", ["kind", "mesh_dim", "calls", "payload_kib", "predicted_kib", "ratio"], rows,
              {"payload_kib": "KiB", "predicted_kib": "KiB", "ratio": "×"})


def two_d(lab: Lab, per_rank: list[dict]) -> None:
    """The 2-D step's collectives, per kind, against `predict.two_d_payload` (mean over ranks)."""
    records = per_rank
    measured = comm.merge_ranks([r["comm"] for r in records])
    dp, tp = TWO_D_MESH
    predicted = predict.two_d_payload(predict.ModelShape(**records[0]["shape"]), dp, tp)
    dimension = {"all_reduce": "tp", "all_gather": "dp", "reduce_scatter": "dp"}
    rows = []
    for kind in sorted(set(measured) | set(predicted)):
        got = measured.get(kind, {})
        expected = predicted.get(kind)
        rows.append([kind, dimension.get(kind, "?"), got.get("calls", 0), got.get("payload_bytes", 0) / 1024,
                     expected / 1024 if expected is not None else None,
                     got.get("payload_bytes", 0) / expected if expected else None])
    two_d_table(lab, rows)
    gradient(lab, f"fsdp_tp.{FOUR_RANK_VARIANT.name}", gradcheck.merge([r["gradient"] for r in per_rank]))
    lab.metric("two_d.dp", dp)
    lab.metric("two_d.tp", tp)
    total = comm.sent_total(measured, "payload_bytes")
    expected_total = sum(predicted.values())
    lab.metric("two_d.comm_kib", total / 1024, "KiB")
    lab.metric("two_d.comm_ratio", total / expected_total, "×")
    lab.check("comm_prediction.two_d", abs(total / expected_total - 1.0), "<=", 0.10,
              label={"en": "2-D (FSDP2 over tensor parallelism): the collectives' tensors per step within ±10 % of "
                           "the prediction (|measured ÷ predicted − 1|)",
                     "es": "2-D (FSDP2 sobre paralelismo de tensores): los tensores de los colectivos por paso a "
                           "±10 % de la previsión (|medido ÷ previsto − 1|)"})
