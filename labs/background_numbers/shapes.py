"""The inputs of the background chapter's arithmetic: model shapes and datasheet figures.

Nothing here is measured. Model shapes come from the models' published configurations;
accelerator figures are the vendors' datasheet peaks (dense, i.e. without 2:4 sparsity),
which real kernels approach but do not reach. Every formula in `formulas.py` takes these
as arguments, so changing an input here changes every page that quotes the result.
"""

from __future__ import annotations

from dataclasses import dataclass

GB = 10**9          # decimal gigabyte: parameter counts are decimal, so are weight sizes
GIB = 2**30         # binary gibibyte: KV caches and attention matrices are powers of two
MIB = 2**20
KIB = 2**10


@dataclass(frozen=True)
class Decoder:
    """A Llama-style decoder: RMSNorm, attention with n_kv_heads K/V heads, SwiGLU MLP."""
    name: str
    layers: int
    hidden: int           # d_model
    heads: int            # query heads
    kv_heads: int         # K/V heads: == heads (MHA), 1 (MQA), in between (GQA)
    intermediate: int     # SwiGLU width: gate, up (hidden -> intermediate), down (back)
    vocab: int
    tied_embeddings: bool = False

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


# Llama 2 (Touvron et al., 2023), from the released configurations.
LLAMA2_7B = Decoder("Llama-2-7B", layers=32, hidden=4096, heads=32, kv_heads=32,
                    intermediate=11008, vocab=32000)
LLAMA2_70B = Decoder("Llama-2-70B", layers=80, hidden=8192, heads=64, kv_heads=8,
                     intermediate=28672, vocab=32000)


@dataclass(frozen=True)
class AttentionProjections:
    """The attention shapes of GPT-3 175B (Brown et al., 2020) that LoRA's paper adapts."""
    name: str
    layers: int
    hidden: int
    params: float         # the published parameter count


GPT3_175B = AttentionProjections("GPT-3 175B", layers=96, hidden=12288, params=175e9)


# Chinchilla (Hoffmann et al., 2022): 70B parameters trained on 1.4 trillion tokens.
CHINCHILLA_PARAMS = 70e9
CHINCHILLA_TOKENS = 1.4e12


@dataclass(frozen=True)
class Accelerator:
    """Datasheet peaks: dense tensor-core throughput and HBM bandwidth."""
    name: str
    bf16_flops: float     # FLOP/s, dense BF16/FP16 tensor core
    fp8_flops: float | None
    fp32_flops: float     # FLOP/s, FP32 on the ordinary (non-tensor) cores
    hbm_bytes_s: float    # bytes/s
    hbm_bytes: float      # capacity
    l2_bytes: float
    smem_per_sm_bytes: float
    sms: int


# NVIDIA H100 SXM5 datasheet: 1,979 TFLOPS BF16 and 3,958 TFLOPS FP8 are printed "with
# sparsity"; the dense peaks are half. 3.35 TB/s HBM3, 80 GB, 50 MB L2, 228 KB shared/SM.
H100_SXM = Accelerator("H100 SXM5", bf16_flops=989.4e12, fp8_flops=1978.9e12, fp32_flops=66.9e12,
                       hbm_bytes_s=3.35e12, hbm_bytes=80e9, l2_bytes=50e6,
                       smem_per_sm_bytes=228e3, sms=132)
# NVIDIA A100 SXM4 80GB datasheet: 312 TFLOPS BF16 dense, 2,039 GB/s, 40 MB L2, 164 KB shared/SM.
A100_SXM = Accelerator("A100 SXM4 80GB", bf16_flops=312e12, fp8_flops=None, fp32_flops=19.5e12,
                       hbm_bytes_s=2.039e12, hbm_bytes=80e9, l2_bytes=40e6,
                       smem_per_sm_bytes=164e3, sms=108)


@dataclass(frozen=True)
class SystolicArray:
    """A grid of multiply-accumulate units clocked together (Jouppi et al., 2017)."""
    name: str
    rows: int
    cols: int
    clock_hz: float


TPU_V1 = SystolicArray("TPU v1", rows=256, cols=256, clock_hz=700e6)
