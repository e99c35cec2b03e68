"""The background chapter's figures, checked against hand calculations written out here.

Each expected value is spelled as the arithmetic a reader would do on paper, independently of
labs/background_numbers/formulas.py, so a wrong formula there cannot also be wrong here.
"""

from __future__ import annotations

import pytest

LAB = "background_numbers"
GiB = 2**30




def test_every_part_ran_and_every_paper_check_passes(run):
    parts = ("weights", "kv_cache", "training_memory", "roofline", "speculative_decoding", "lora")
    assert {k: p["status"] for k, p in run.manifest["parts"].items()} == dict.fromkeys(parts, "ok")
    failed = {k: c for k, c in run.manifest["checks"].items() if not c["passed"]}
    assert not failed


def test_llama2_parameter_counts(run):
    # 7B: embedding + head 2*32000*4096; per layer 4*4096^2 (attention) + 3*4096*11008 (MLP)
    # + 2*4096 (norms); final norm 4096. Published: "6.74B".
    seven = 2 * 32000 * 4096 + 32 * (4 * 4096**2 + 3 * 4096 * 11008 + 2 * 4096) + 4096
    assert seven == 6_738_415_616
    assert run.metric("params.llama2_7b") == seven
    # 70B: K and V are 8192 x 1024 (8 KV heads of 128).
    seventy = (2 * 32000 * 8192
               + 80 * (2 * 8192**2 + 2 * 8192 * 1024 + 3 * 8192 * 28672 + 2 * 8192) + 8192)
    assert run.metric("params.llama2_70b") == seventy


def test_weight_memory(run):
    assert run.metric("weights.llama2_7b.bf16_gb") == pytest.approx(6_738_415_616 * 2 / 1e9, abs=0.05)
    assert run.metric("weights.llama2_7b.int4_gb") == pytest.approx(6_738_415_616 / 2 / 1e9, abs=0.05)
    assert run.metric("weights.llama2_70b.fp32_gb") == pytest.approx(68_976_648_192 * 4 / 1e9, abs=0.05)


def test_kv_cache_7b(run):
    # The brief's example: 2 (K,V) * 32 layers * 32 heads * 128 dims * 4096 tokens * 2 bytes = 2 GiB.
    assert 2 * GiB == 2 * 32 * 32 * 128 * 4096 * 2
    assert run.metric("kv.mha.4096_gib") == 2.0
    assert run.metric("kv.per_token.mha_kib") == 2 * 32 * 32 * 128 * 2 / 1024        # 512 KiB
    assert run.metric("kv.gqa8.4096_gib") == 2 * 32 * 8 * 128 * 4096 * 2 / GiB       # 0.5
    assert run.metric("kv.mqa.4096_gib") == 2 * 32 * 1 * 128 * 4096 * 2 / GiB        # 1/16
    assert run.metric("kv.mha.1m_gib") == 512.0                                      # 2^20 * 0.5 MiB
    assert run.metric("kv.per_token.llama2_70b_kib") == 2 * 80 * 8 * 128 * 2 / 1024  # 320 KiB
    rows = {(r["context"], r["batch"]): r for r in run.table("kv_cache")}
    assert rows[(32768, 8)]["mha_gib"] == 128.0
    assert rows[(131072, 32)]["gqa8_gib"] == 512.0


def test_mixed_precision_adamw_is_16_bytes(run):
    rows = {r["component"]: r["bytes_per_param"] for r in run.table("adam_bytes")}
    assert run.metric("train.bytes.fp32_master") == 4
    assert rows == {"bf16_weights": 2, "bf16_grads": 2, "fp32_master": 4, "adam_m": 4, "adam_v": 4,
                    "total": 16}
    assert run.metric("train.llama2_7b_one_gpu_gb") == pytest.approx(16 * 6_738_415_616 / 1e9, abs=0.05)


def test_zero_stages(run):
    # ZeRO paper, Fig. 1: 7.5B params, 64 GPUs, K = 12.
    psi, n = 7.5e9, 64
    assert (2 + 2 + 12) * psi / 1e9 == 120
    assert round((4 * psi + 12 * psi / n) / 1e9, 1) == 31.4
    assert round((2 * psi + 14 * psi / n) / 1e9, 1) == 16.6
    assert round(16 * psi / n / 1e9, 2) == 1.88
    # The lab's table for Llama-2-7B on 8 GPUs.
    p = 6_738_415_616
    row = next(r for r in run.table("zero") if r["model"] == "Llama-2-7B" and r["gpus"] == 8)
    assert row["ddp_gb"] == pytest.approx(16 * p / 1e9, abs=0.05)
    assert row["zero1_gb"] == pytest.approx((4 * p + 12 * p / 8) / 1e9, abs=0.05)
    assert row["zero2_gb"] == pytest.approx((2 * p + 14 * p / 8) / 1e9, abs=0.05)
    assert row["zero3_gb"] == pytest.approx(16 * p / 8 / 1e9, abs=0.05)


def test_allreduce_and_bubble(run):
    grads = 6_738_415_616 * 2
    assert run.metric("train.allreduce_7b_8gpu_gb") == pytest.approx(2 * 7 / 8 * grads / 1e9, abs=0.05)
    assert run.metric("train.bubble_p8_m32_pct") == pytest.approx(100 * 7 / 39, abs=0.05)
    assert run.metric("train.bubble_p8_m1_pct") == 87.5


def test_roofline(run):
    # Datasheet inputs: 989.4 TFLOP/s dense BF16, 3.35 TB/s.
    assert run.metric("roof.h100.ridge_bf16") == pytest.approx(989.4 / 3.35, abs=0.05)
    assert run.metric("roof.a100.ridge_bf16") == pytest.approx(312 / 2.039, abs=0.05)
    assert run.metric("roof.add_intensity") == pytest.approx(1 / 6, abs=1e-3)     # 1 FLOP, 3 x 2 bytes
    # A decode step: [B,4096] @ [4096,4096] has intensity 2*B*d*d / (2*(B*d + d*d + B*d)).
    d, ridge = 4096, 989.4 / 3.35
    b = run.metric("roof.decode_batch_to_ridge")
    intensity = lambda batch: 2 * batch * d * d / (2 * (2 * batch * d + d * d))
    assert intensity(b) >= ridge > intensity(b - 1)
    rows = {r["op"]: r for r in run.table("roofline_ops")}
    assert rows["`[4096,4096] @ [4096,4096]`"]["intensity"] == pytest.approx(4096 / 3, abs=0.01)
    assert run.metric("tpu_v1.peak_tops") == pytest.approx(256 * 256 * 2 * 700e6 / 1e12, abs=0.01)


def test_fusion_and_attention(run):
    rows = {r["ops"]: r for r in run.table("fusion")}
    one_pass = 16384 * 4096 * 2 * 2                          # read + write, BF16
    assert rows[8]["unfused_gb"] == pytest.approx(8 * one_pass / 1e9, abs=1e-3)
    assert rows[8]["fused_us"] == pytest.approx(one_pass / 3.35e12 * 1e6, abs=0.05)
    assert run.metric("attn.scores_4096_gib") == 32 * 4096 * 4096 * 2 / GiB            # 1 GiB


def test_speculative_decoding(run):
    # Leviathan et al., Eq. 1: (1 - a^(g+1)) / (1 - a); a = 0.8, g = 4: (1 - 0.32768) / 0.2.
    assert run.metric("spec.a08_g4_tokens") == pytest.approx((1 - 0.8**5) / 0.2, abs=0.005)
    assert run.metric("spec.a08_g4_speedup") == pytest.approx((1 - 0.8**5) / 0.2 / (4 * 0.05 + 1), abs=0.005)
    rows = {r["alpha_pct"]: r for r in run.table("spec_tokens")}
    assert rows[50]["gamma_1"] == 1.5                      # 1 + a
    assert rows[90]["gamma_2"] == pytest.approx(1 + 0.9 + 0.81, abs=1e-5)


def test_lora(run):
    # r = 8 on W_q and W_v of Llama-2-7B: 32 layers * 2 matrices * 8 * (4096 + 4096).
    qv = 32 * 2 * 8 * (4096 + 4096)
    assert run.metric("lora.r8_qv_pct") == pytest.approx(100 * qv / 6_738_415_616, abs=5e-4)
    # r = 16 on all seven linears: 4 * 16 * 8192 + 3 * 16 * (4096 + 11008) per layer.
    every = 32 * (4 * 16 * 8192 + 3 * 16 * (4096 + 11008))
    assert run.metric("lora.r16_all_millions") == pytest.approx(every / 1e6, abs=0.05)
    # GPT-3: 96 layers * 2 matrices * 4 * (12288 + 12288) = 18,874,368 parameters.
    assert run.metric("lora.gpt3_r4_qv_millions") == pytest.approx(18.87, abs=0.005)
    assert run.metric("lora.gpt3_ratio") == round(175e9 / 18_874_368)


def test_qlora(run):
    assert run.metric("qlora.scale_bits_fp32") == 32 / 64
    assert run.metric("qlora.scale_bits_double") == pytest.approx(8 / 64 + 32 / (64 * 256), rel=1e-5)
    saving_gb = 65e9 * (0.5 - 0.126953125) / 8 / 1e9          # about 3 GB, as the paper says
    assert run.metric("qlora.dq_saving_65b_gb") == pytest.approx(saving_gb, abs=0.005)


def test_chinchilla_compute(run):
    assert run.metric("train.chinchilla_tokens_per_param") == 20.0
    assert run.metric("train.chinchilla_flops") == pytest.approx(6 * 70e9 * 1.4e12, rel=1e-6)
    days = 6 * 70e9 * 1.4e12 / (1024 * 989.4e12 * 0.4) / 86400
    assert run.metric("train.chinchilla_days") == pytest.approx(days, abs=0.05)


def test_decode_floor(run):
    # Batch 1 reads all BF16 weights per token: 2 bytes * 6.74e9 / 3.35e12 B/s = about 4 ms.
    floor_ms = 6_738_415_616 * 2 / 3.35e12 * 1e3
    assert run.metric("decode.llama2_7b_bf16_floor_ms") == pytest.approx(floor_ms, rel=1e-5)
    assert run.metric("decode.llama2_7b_int4_max_tokens_s") == pytest.approx(4 * 1e3 / floor_ms, rel=1e-5)
