"""Background numbers: every figure the background chapter quotes, computed instead of typed.

Pure arithmetic on published model shapes and datasheet peaks (`shapes.py`) with the
formulas of the papers the chapter cites (`formulas.py`). No torch, no timing: the results
are the same on any machine, and the tests check them against hand calculations.

Parts (keys in the manifest):
  weights               parameters and weight memory (Llama 2 7B and 70B, FP32 to 4-bit)
  kv_cache              the KV cache: MHA, GQA, MQA, over context length and batch
  training_memory       training memory: mixed-precision AdamW, ZeRO stages, all-reduce volume, pipeline bubble
  roofline              the roofline: ridge points, arithmetic intensity of common ops, fusion, attention scores
  speculative_decoding  speculative decoding: expected tokens per target step, and speed-up
  lora                  LoRA and QLoRA: trainable fraction, adapter size, quantization overhead

Units: GB = 10^9 bytes for weights and training state (parameter counts are decimal, as in
the papers); GiB = 2^30 bytes for KV caches and attention matrices (powers of two).
"""

from __future__ import annotations

import math

from labs.background_numbers import formulas as f
from labs.background_numbers.settings import SETTINGS
from labs.background_numbers.shapes import (
    A100_SXM,
    CHINCHILLA_PARAMS,
    CHINCHILLA_TOKENS,
    GB,
    GIB,
    GPT3_175B,
    H100_SXM,
    KIB,
    LLAMA2_7B,
    LLAMA2_70B,
    MIB,
    TPU_V1,
    Accelerator,
)
from labs.common.harness import Lab

BF16 = 2  # bytes per value

LORA_ATTENTION_QV = ("q", "v")                                     # the LoRA paper's choice
LORA_ALL_LINEAR = ("q", "k", "v", "o", "gate", "up", "down")        # QLoRA's choice


def _v(x: float) -> float | int:
    """A value for the manifest: an int when it is whole (the page prints "2 GiB", not "2.00"),
    else six significant digits; the page rounds to what it needs."""
    if isinstance(x, int):
        return x
    if abs(x) < 1e15 and abs(x - round(x)) <= 1e-9 * max(1.0, abs(x)):
        return round(x)
    return float(f"{x:.6g}")


def _paper_check(lab: Lab, key: str, value: float, printed: float, digits: int,
                 en: str, es: str, unit: str) -> None:
    """Our formula, rounded as the paper rounds, must give the paper's printed figure."""
    lab.check(key, _v(round(value, digits)), "==", printed, unit=unit,
              label={"en": en, "es": es})


# -- A ---------------------------------------------------------------------------------


def part_weights(lab: Lab) -> None:
    params = {m.name: f.decoder_params(m) for m in (LLAMA2_7B, LLAMA2_70B)}
    lab.metric("params.llama2_7b", params[LLAMA2_7B.name])
    lab.metric("params.llama2_70b", params[LLAMA2_70B.name])
    lab.metric("params.llama2_7b_billions", _v(params[LLAMA2_7B.name] / 1e9))
    lab.metric("params.llama2_70b_billions", _v(params[LLAMA2_70B.name] / 1e9))
    formats = [("fp32", 32), ("bf16", 16), ("int8", 8), ("int4", 4)]
    rows = []
    for name, count in params.items():
        sizes = [f.weight_bytes(count, bits) / GB for _, bits in formats]
        rows.append([name, _v(count / 1e9)] + [_v(s) for s in sizes])
        slug = "llama2_7b" if name == LLAMA2_7B.name else "llama2_70b"
        for (fmt, _), size in zip(formats, sizes):
            lab.metric(f"weights.{slug}.{fmt}_gb", _v(size), "GB")
    columns = ["model", "params_b"] + [f"{fmt}_gb" for fmt, _ in formats]
    lab.table("weights", columns, rows, {c: "GB" for c in columns[2:]} | {"params_b": "10^9"})
    # How many H100s (80 GB) the BF16 weights alone need: the first reason to shard.
    lab.metric("weights.llama2_70b.bf16_h100s",
               math.ceil(f.weight_bytes(params[LLAMA2_70B.name], 16) / H100_SXM.hbm_bytes))


# -- B ---------------------------------------------------------------------------------


def part_kv_cache(lab: Lab) -> None:
    s = SETTINGS[lab.preset]
    m = LLAMA2_7B
    variants = {"mha": m.heads, "gqa8": 8, "mqa": 1}
    for name, heads in variants.items():
        lab.metric(f"kv.per_token.{name}_kib", _v(f.kv_cache_bytes(m, 1, kv_heads=heads) / KIB), "KiB")
        lab.metric(f"kv.{name}.4096_gib", _v(f.kv_cache_bytes(m, 4096, kv_heads=heads) / GIB), "GiB")
    lab.metric("kv.per_token.llama2_70b_kib", _v(f.kv_cache_bytes(LLAMA2_70B, 1) / KIB), "KiB")
    lab.metric("kv.mha.1m_gib", _v(f.kv_cache_bytes(m, 2**20) / GIB), "GiB")
    lab.metric("kv.gqa8.1m_gib", _v(f.kv_cache_bytes(m, 2**20, kv_heads=8) / GIB), "GiB")
    lab.metric("kv.mha.4096_b32_gib", _v(f.kv_cache_bytes(m, 4096, batch=32) / GIB), "GiB")
    weights = f.weight_bytes(f.decoder_params(m), 16)
    lab.metric("kv.mha.tokens_equal_weights", math.ceil(weights / f.kv_cache_bytes(m, 1)), "tokens")
    # Decoding one token at batch 1 reads every weight once: HBM bandwidth sets a floor per token.
    for fmt, bits in (("bf16", 16), ("int4", 4)):
        floor_s = f.weight_bytes(f.decoder_params(m), bits) / H100_SXM.hbm_bytes_s
        lab.metric(f"decode.llama2_7b_{fmt}_floor_ms", _v(floor_s * 1e3), "ms")
        lab.metric(f"decode.llama2_7b_{fmt}_max_tokens_s", _v(1 / floor_s), "tokens/s")
    rows = []
    for context in s.contexts:
        for batch in s.batches:
            sizes = [f.kv_cache_bytes(m, context, batch, kv_heads=h) for h in variants.values()]
            rows.append([context, batch] + [_v(x / GIB) for x in sizes] + [_v(sizes[0] / weights)])
    lab.table("kv_cache", ["context", "batch", "mha_gib", "gqa8_gib", "mqa_gib", "mha_over_weights"],
              rows, {"mha_gib": "GiB", "gqa8_gib": "GiB", "mqa_gib": "GiB", "mha_over_weights": "×",
                     "context": "tokens"})


# -- C ---------------------------------------------------------------------------------


def part_training_memory(lab: Lab) -> None:
    s = SETTINGS[lab.preset]
    rows = [[name, size] for name, size in f.MIXED_ADAM_BYTES.items()]
    total = sum(f.MIXED_ADAM_BYTES.values())
    rows.append(["total", total])
    lab.table("adam_bytes", ["component", "bytes_per_param"], rows, {"bytes_per_param": "bytes"})
    for name, size in f.MIXED_ADAM_BYTES.items():
        lab.metric(f"train.bytes.{name}", size, "bytes")
    lab.metric("train.bytes_per_param", total, "bytes")
    lab.metric("train.optimizer_bytes_per_param", f.OPTIMIZER_BYTES, "bytes")

    # The ZeRO paper's own examples, reproduced by the same function the tables use.
    _paper_check(lab, "zero_paper_gpt2_1_5b", f.zero_bytes_per_gpu(1.5e9, 1, 0) / GB, 24, 0,
                 "ZeRO: GPT-2 1.5B needs 24 GB of model states",
                 "ZeRO: GPT-2 1,5B necesita 24 GB de estado del modelo", "GB")
    for stage, printed, digits in ((0, 120, 0), (1, 31.4, 1), (2, 16.6, 1), (3, 1.88, 2)):
        value = f.zero_bytes_per_gpu(7.5e9, 64, stage) / GB
        _paper_check(lab, f"zero_paper_7_5b_stage{stage}", value, printed, digits,
                     f"ZeRO Fig. 1: 7.5B model, 64 GPUs, stage {stage}: {printed} GB per GPU",
                     f"ZeRO fig. 1: modelo de 7,5B, 64 GPU, etapa {stage}: "
                     f"{str(printed).replace('.', ',')} GB por GPU", "GB")

    p7 = f.decoder_params(LLAMA2_7B)
    p70 = f.decoder_params(LLAMA2_70B)
    lab.metric("train.llama2_7b_one_gpu_gb", _v(f.zero_bytes_per_gpu(p7, 1, 0) / GB), "GB")
    lab.metric("train.llama2_70b_one_gpu_gb", _v(f.zero_bytes_per_gpu(p70, 1, 0) / GB), "GB")
    rows = []
    for model, count in ((LLAMA2_7B.name, p7), (LLAMA2_70B.name, p70)):
        for gpus in s.zero_gpus:
            rows.append([model, gpus] + [_v(f.zero_bytes_per_gpu(count, gpus, st) / GB) for st in range(4)])
    lab.table("zero", ["model", "gpus", "ddp_gb", "zero1_gb", "zero2_gb", "zero3_gb"], rows,
              {c: "GB" for c in ("ddp_gb", "zero1_gb", "zero2_gb", "zero3_gb")})
    lab.metric("train.llama2_7b_zero3_8gpu_gb", _v(f.zero_bytes_per_gpu(p7, 8, 3) / GB), "GB")
    lab.metric("train.llama2_70b_zero3_64gpu_gb", _v(f.zero_bytes_per_gpu(p70, 64, 3) / GB), "GB")

    # Data parallelism's price: every step all-reduces the BF16 gradients.
    grads = f.weight_bytes(p7, 16)
    allreduce = f.ring_allreduce_bytes_per_gpu(grads, 8)
    lab.metric("train.llama2_7b_grads_gb", _v(grads / GB), "GB")
    lab.metric("train.allreduce_7b_8gpu_gb", _v(allreduce / GB), "GB")
    # ZeRO-3 adds an all-gather of parameters in the backward pass: 1.5x plain DP (ZeRO, Sec. 7).
    lab.metric("train.zero3_7b_8gpu_comm_gb", _v(1.5 * allreduce / GB), "GB")

    # Compute: Chinchilla's budget, and what it takes on an H100 cluster at an assumed MFU.
    flops = f.training_flops(CHINCHILLA_PARAMS, CHINCHILLA_TOKENS)
    lab.metric("train.chinchilla_tokens_per_param", _v(CHINCHILLA_TOKENS / CHINCHILLA_PARAMS))
    lab.metric("train.chinchilla_flops", _v(flops), "FLOP")
    lab.metric("train.cluster_gpus", s.cluster_gpus)
    lab.metric("train.mfu_pct", _v(100 * s.mfu), "%")
    seconds = flops / (s.cluster_gpus * H100_SXM.bf16_flops * s.mfu)
    lab.metric("train.chinchilla_days", _v(seconds / 86400), "d")

    rows = [[mb] + [_v(100 * f.pipeline_bubble_fraction(p, mb)) for p in s.pipeline_stages]
            for mb in s.microbatches]
    lab.table("pipeline_bubble", ["microbatches"] + [f"p{p}_pct" for p in s.pipeline_stages], rows,
              {f"p{p}_pct": "%" for p in s.pipeline_stages})
    lab.metric("train.bubble_p8_m32_pct", _v(100 * f.pipeline_bubble_fraction(8, 32)), "%")
    lab.metric("train.bubble_p8_m1_pct", _v(100 * f.pipeline_bubble_fraction(8, 1)), "%")


# -- D ---------------------------------------------------------------------------------


def _accelerator_row(a: Accelerator) -> list:
    return [a.name, _v(a.bf16_flops / 1e12), _v(a.hbm_bytes_s / 1e12), _v(a.hbm_bytes / GB),
            _v(a.l2_bytes / 1e6), _v(a.smem_per_sm_bytes / 1e3), a.sms,
            _v(f.ridge_point(a.bf16_flops, a.hbm_bytes_s))]


def part_roofline(lab: Lab) -> None:
    s = SETTINGS[lab.preset]
    h = H100_SXM
    lab.table("datasheet",
              ["accelerator", "bf16_tflops", "hbm_tb_s", "hbm_gb", "l2_mb", "smem_per_sm_kb", "sms",
               "ridge_bf16"],
              [_accelerator_row(a) for a in (H100_SXM, A100_SXM)],
              {"bf16_tflops": "TFLOP/s", "hbm_tb_s": "TB/s", "hbm_gb": "GB", "l2_mb": "MB",
               "smem_per_sm_kb": "KB", "ridge_bf16": "FLOP/byte"})
    lab.metric("roof.h100.bf16_tflops", _v(h.bf16_flops / 1e12), "TFLOP/s")
    lab.metric("roof.h100.fp32_tflops", _v(h.fp32_flops / 1e12), "TFLOP/s")
    lab.metric("roof.h100.hbm_tb_s", h.hbm_bytes_s / 1e12, "TB/s")
    ridge = f.ridge_point(h.bf16_flops, h.hbm_bytes_s)
    lab.metric("roof.h100.ridge_bf16", _v(ridge), "FLOP/byte")
    lab.metric("roof.h100.ridge_fp8", _v(f.ridge_point(h.fp8_flops, h.hbm_bytes_s)), "FLOP/byte")
    lab.metric("roof.h100.ridge_fp32", _v(f.ridge_point(h.fp32_flops, h.hbm_bytes_s)), "FLOP/byte")
    lab.metric("roof.a100.ridge_bf16", _v(f.ridge_point(A100_SXM.bf16_flops, A100_SXM.hbm_bytes_s)),
               "FLOP/byte")
    # Bytes that must move per FLOP at the ridge, turned around: FLOPs per BF16 value loaded.
    lab.metric("roof.h100.flops_per_bf16_load", _v(ridge * BF16), "FLOP")

    d = LLAMA2_7B.hidden
    n = 2**24
    ops = [
        ("`x + y`", f.pointwise_flops_bytes(n, inputs=2)),
        ("`relu(x)`", f.pointwise_flops_bytes(n, inputs=1)),
        (f"`[1,{d}] @ [{d},{d}]`", f.gemm_flops_bytes(1, d, d)),
        (f"`[64,{d}] @ [{d},{d}]`", f.gemm_flops_bytes(64, d, d)),
        (f"`[512,{d}] @ [{d},{d}]`", f.gemm_flops_bytes(512, d, d)),
        (f"`[{d},{d}] @ [{d},{d}]`", f.gemm_flops_bytes(d, d, d)),
    ]
    rows = []
    for name, (flops, moved) in ops:
        intensity = flops / moved
        attainable = f.attainable_flops(intensity, h.bf16_flops, h.hbm_bytes_s)
        rows.append([name, _v(intensity), _v(attainable / 1e12), _v(100 * attainable / h.bf16_flops),
                     "memory" if intensity < ridge else "compute"])
    lab.table("roofline_ops", ["op", "intensity", "attainable_tflops", "pct_of_peak", "bound"], rows,
              {"intensity": "FLOP/byte", "attainable_tflops": "TFLOP/s", "pct_of_peak": "%"})
    add_flops, add_bytes = ops[0][1]
    gemv_flops, gemv_bytes = ops[2][1]
    lab.metric("roof.add_intensity", _v(add_flops / add_bytes), "FLOP/byte")
    lab.metric("roof.gemv_intensity", _v(gemv_flops / gemv_bytes), "FLOP/byte")
    lab.metric("roof.gemv_pct_of_peak", _v(rows[2][3]), "%")
    lab.metric("roof.decode_batch_to_ridge", f.min_batch_for_compute_bound(d, ridge))

    # Fusion: a chain of k unary pointwise ops over a (tokens, hidden) BF16 activation.
    elements = s.fusion_tokens * d
    _, one_op = f.pointwise_flops_bytes(elements, inputs=1)
    rows = []
    for k in s.fusion_chain:
        unfused, fused = k * one_op, one_op
        rows.append([k, _v(unfused / GB), _v(fused / GB),
                     _v(unfused / h.hbm_bytes_s * 1e6), _v(fused / h.hbm_bytes_s * 1e6)])
    lab.table("fusion", ["ops", "unfused_gb", "fused_gb", "unfused_us", "fused_us"], rows,
              {"unfused_gb": "GB", "fused_gb": "GB", "unfused_us": "µs", "fused_us": "µs"})
    lab.metric("fusion.tensor_mb", _v(elements * BF16 / 1e6), "MB")
    lab.metric("fusion.tokens", s.fusion_tokens)

    rows = []
    for tokens in s.score_contexts:
        scores = f.attention_scores_bytes(LLAMA2_7B, tokens)
        qkvo = f.attention_qkvo_bytes(LLAMA2_7B, tokens)
        rows.append([tokens, _v(scores / GIB), _v(qkvo / GIB), _v(scores / qkvo)])
    lab.table("attention_scores", ["context", "scores_gib", "qkvo_gib", "ratio"], rows,
              {"context": "tokens", "scores_gib": "GiB", "qkvo_gib": "GiB", "ratio": "×"})
    lab.metric("attn.scores_4096_gib", _v(f.attention_scores_bytes(LLAMA2_7B, 4096) / GIB), "GiB")
    lab.metric("attn.qkvo_4096_mib", _v(f.attention_qkvo_bytes(LLAMA2_7B, 4096) / MIB), "MiB")

    tops = f.systolic_peak_ops(TPU_V1) / 1e12
    lab.metric("tpu_v1.macs", TPU_V1.rows * TPU_V1.cols)
    lab.metric("tpu_v1.peak_tops", _v(tops), "TOPS")
    _paper_check(lab, "tpu_v1_peak", tops, 92, 0,
                 "TPU v1: 256×256 MACs at 700 MHz give the paper's 92 TOPS",
                 "TPU v1: 256×256 MAC a 700 MHz dan los 92 TOPS del artículo", "TOPS")


# -- E ---------------------------------------------------------------------------------


def part_speculative_decoding(lab: Lab) -> None:
    s = SETTINGS[lab.preset]
    columns = ["alpha_pct"] + [f"gamma_{g}" for g in s.draft_lengths]
    lab.table("spec_tokens", columns,
              [[_v(100 * a)] + [_v(f.speculative_expected_tokens(a, g)) for g in s.draft_lengths]
               for a in s.acceptance])
    lab.table("spec_speedup", columns,
              [[_v(100 * a)] + [_v(f.speculative_speedup(a, g, s.draft_cost)) for g in s.draft_lengths]
               for a in s.acceptance], {c: "×" for c in columns[1:]})
    lab.metric("spec.draft_cost", s.draft_cost)
    lab.metric("spec.a08_g4_tokens", _v(f.speculative_expected_tokens(0.8, 4)), "tokens")
    lab.metric("spec.a08_g4_speedup", _v(f.speculative_speedup(0.8, 4, s.draft_cost)), "×")
    lab.metric("spec.a05_g8_tokens", _v(f.speculative_expected_tokens(0.5, 8)), "tokens")
    best = max(range(1, 33), key=lambda g: f.speculative_speedup(0.8, g, s.draft_cost))
    lab.metric("spec.a08_best_gamma", best)
    lab.metric("spec.a08_best_speedup", _v(f.speculative_speedup(0.8, best, s.draft_cost)), "×")


# -- F ---------------------------------------------------------------------------------


def part_lora(lab: Lab) -> None:
    s = SETTINGS[lab.preset]
    m = LLAMA2_7B
    total = f.decoder_params(m)
    rows = []
    for rank in s.lora_ranks:
        qv = f.lora_params_decoder(m, rank, LORA_ATTENTION_QV)
        every = f.lora_params_decoder(m, rank, LORA_ALL_LINEAR)
        rows.append([rank, _v(qv / 1e6), _v(100 * qv / total), _v(every / 1e6), _v(100 * every / total)])
    lab.table("lora", ["rank", "qv_millions", "qv_pct", "all_millions", "all_pct"], rows,
              {"qv_millions": "10^6", "all_millions": "10^6", "qv_pct": "%", "all_pct": "%"})
    qv8 = f.lora_params_decoder(m, 8, LORA_ATTENTION_QV)
    all16 = f.lora_params_decoder(m, 16, LORA_ALL_LINEAR)
    lab.metric("lora.r8_qv_pct", _v(100 * qv8 / total), "%")
    lab.metric("lora.r16_all_pct", _v(100 * all16 / total), "%")
    lab.metric("lora.r16_all_millions", _v(all16 / 1e6))
    lab.metric("lora.r16_all_adapter_mb", _v(all16 * BF16 / 1e6), "MB")
    # Training memory: frozen BF16 base + mixed-precision AdamW state for the adapters only.
    lora_train = f.weight_bytes(total, 16) + all16 * sum(f.MIXED_ADAM_BYTES.values())
    lab.metric("lora.r16_all_train_gb", _v(lora_train / GB), "GB")

    # The LoRA paper's GPT-3 example: r = 4 on W_q and W_v, checkpoint "roughly 10,000x" smaller.
    gpt3 = f.lora_params_attention(GPT3_175B, rank=4, matrices=2)
    ratio = GPT3_175B.params / gpt3
    lab.metric("lora.gpt3_r4_qv_millions", _v(gpt3 / 1e6))
    lab.metric("lora.gpt3_r4_qv_mb", _v(gpt3 * BF16 / 1e6), "MB")
    lab.metric("lora.gpt3_ratio", round(ratio), "×")
    lab.check("lora_gpt3_order_of_magnitude", round(math.log10(ratio)), "==", 4,
              label={"en": "LoRA on GPT-3 (r = 4, W_q and W_v): log₁₀ of the parameter ratio "
                           "rounds to 4 (\"roughly 10,000×\")",
                     "es": "LoRA sobre GPT-3 (r = 4, W_q y W_v): el log₁₀ del cociente de parámetros "
                           "redondea a 4 («unas 10\u202f000 veces»)"})

    # QLoRA: 4-bit NormalFloat, one scale per 64 weights; double quantization of the scales.
    single = f.blockwise_quant_overhead_bits(64)
    double = f.double_quant_overhead_bits()
    lab.metric("qlora.scale_bits_fp32", single, "bit")
    lab.metric("qlora.scale_bits_double", _v(double), "bit")
    saving = f.weight_bytes(65e9, single - double) / GB
    lab.metric("qlora.dq_saving_65b_gb", _v(saving), "GB")
    _paper_check(lab, "qlora_double_quant_bits", double, 0.127, 3,
                 "QLoRA: double quantization costs 0.127 bits per parameter",
                 "QLoRA: la doble cuantización cuesta 0,127 bits por parámetro", "bit")
    _paper_check(lab, "qlora_double_quant_saving", saving, 3, 0,
                 "QLoRA: double quantization saves about 3 GB on a 65B model",
                 "QLoRA: la doble cuantización ahorra unos 3 GB en un modelo de 65B", "GB")
    lab.metric("qlora.weights_65b_gb", _v(f.weight_bytes(65e9, 4 + double) / GB), "GB")
    lab.metric("qlora.weights_65b_bf16_gb", _v(f.weight_bytes(65e9, 16) / GB), "GB")


def run(lab: Lab) -> None:
    lab.part("weights", "Parameters and weight memory", part_weights)
    lab.part("kv_cache", "The KV cache", part_kv_cache)
    lab.part("training_memory", "Training memory and parallelism", part_training_memory)
    lab.part("roofline", "The roofline, fusion and attention", part_roofline)
    lab.part("speculative_decoding", "Speculative decoding", part_speculative_decoding)
    lab.part("lora", "LoRA and QLoRA", part_lora)
