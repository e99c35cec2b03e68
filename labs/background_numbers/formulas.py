"""The formulas behind the background chapter's figures: plain arithmetic, one function each.

Every function returns exact quantities in base units (parameters, bytes, FLOPs, seconds);
`lab.py` converts them to GB, GiB or percentages, and pages round them. Each docstring names
where the formula comes from, so a reader can check it against the paper.
"""

from __future__ import annotations

from labs.background_numbers.shapes import AttentionProjections, Decoder, SystolicArray

# -- parameters and weights ------------------------------------------------------------


def decoder_params(m: Decoder) -> int:
    """Parameters of a Llama-style decoder, counted matrix by matrix (no biases).

    Per layer: Q and O are hidden x hidden; K and V are hidden x (kv_heads * head_dim);
    the SwiGLU MLP has three hidden x intermediate matrices; two RMSNorm weight vectors.
    Plus the token embedding, the final norm and the output head (unless tied).
    """
    kv_dim = m.kv_heads * m.head_dim
    attention = 2 * m.hidden * m.hidden + 2 * m.hidden * kv_dim
    mlp = 3 * m.hidden * m.intermediate
    norms = 2 * m.hidden
    embedding = m.vocab * m.hidden
    head = 0 if m.tied_embeddings else m.vocab * m.hidden
    return m.layers * (attention + mlp + norms) + embedding + m.hidden + head


def weight_bytes(params: float, bits_per_param: float) -> float:
    return params * bits_per_param / 8


def blockwise_quant_overhead_bits(block: int, scale_bits: int = 32) -> float:
    """Extra bits per weight for one scale per block of `block` weights (QLoRA, Sec. 3)."""
    return scale_bits / block


def double_quant_overhead_bits(block: int = 64, scale_bits: int = 8,
                               block2: int = 256, scale2_bits: int = 32) -> float:
    """QLoRA's double quantization: the per-block scales are themselves quantized to 8 bits
    in blocks of 256, each with one FP32 scale: 8/64 + 32/(64*256) bits per weight."""
    return scale_bits / block + scale2_bits / (block * block2)


# -- KV cache --------------------------------------------------------------------------


def kv_cache_bytes(m: Decoder, tokens: int, batch: int = 1, bytes_per_value: float = 2,
                   kv_heads: int | None = None) -> float:
    """K and V for every layer, K/V head and token: 2 * layers * kv_heads * head_dim * tokens
    * batch * bytes. kv_heads overrides the model's (to ask "what if this were MQA?")."""
    heads = m.kv_heads if kv_heads is None else kv_heads
    return 2 * m.layers * heads * m.head_dim * tokens * batch * bytes_per_value


def attention_scores_bytes(m: Decoder, tokens: int, batch: int = 1, bytes_per_value: float = 2) -> float:
    """One layer's N x N score matrix per query head, if materialized (what FlashAttention avoids)."""
    return batch * m.heads * tokens * tokens * bytes_per_value


def attention_qkvo_bytes(m: Decoder, tokens: int, batch: int = 1, bytes_per_value: float = 2) -> float:
    """One layer's Q, K, V and output activations (MHA shapes): 4 * tokens * hidden."""
    return 4 * batch * tokens * m.hidden * bytes_per_value


# -- training memory (ZeRO, Rajbhandari et al., 2020, Sec. 3 and 5) -------------------

# Mixed-precision Adam(W), bytes per parameter:
MIXED_ADAM_BYTES = {
    "bf16_weights": 2,     # the copy forward and backward use (FP16 in the paper)
    "bf16_grads": 2,
    "fp32_master": 4,      # the optimizer's copy of the weights
    "adam_m": 4,           # first moment (momentum), FP32
    "adam_v": 4,           # second moment (variance), FP32
}
# What the optimizer alone holds: ZeRO's K (12 for mixed-precision Adam).
OPTIMIZER_BYTES = sum(MIXED_ADAM_BYTES[k] for k in ("fp32_master", "adam_m", "adam_v"))


def zero_bytes_per_gpu(params: float, gpus: int, stage: int, k: int = OPTIMIZER_BYTES) -> float:
    """Model states per GPU under ZeRO-DP (stage 0 = plain data parallelism).

    stage 0: (2 + 2 + K) * P         every GPU holds everything
    stage 1: 2P + 2P + K*P / N       optimizer states sharded
    stage 2: 2P + (2 + K) * P / N    ... and gradients
    stage 3: (2 + 2 + K) * P / N     ... and parameters
    Activations, temporary buffers and fragmentation come on top.
    """
    n = gpus
    if stage == 0:
        return (2 + 2 + k) * params
    if stage == 1:
        return 4 * params + k * params / n
    if stage == 2:
        return 2 * params + (2 + k) * params / n
    if stage == 3:
        return (2 + 2 + k) * params / n
    raise ValueError(f"ZeRO has stages 0 to 3, not {stage}")


def training_flops(params: float, tokens: float) -> float:
    """About 6 FLOPs per parameter per token: 2 in the forward pass, 4 in the backward
    (Kaplan et al., 2020, Sec. 2.1)."""
    return 6 * params * tokens


def ring_allreduce_bytes_per_gpu(payload_bytes: float, gpus: int) -> float:
    """A ring all-reduce sends (and receives) 2 (N-1)/N of the payload per GPU:
    a reduce-scatter then an all-gather, each (N-1)/N."""
    return 2 * (gpus - 1) / gpus * payload_bytes


def pipeline_bubble_fraction(stages: int, microbatches: int) -> float:
    """GPipe-style schedule: the pipeline fills and drains in (p-1) slots out of (m+p-1),
    during which some stages idle; the idle fraction of each device's time is (p-1)/(m+p-1)."""
    return (stages - 1) / (microbatches + stages - 1)


# -- roofline (Williams, Waterman and Patterson, 2009) ---------------------------------


def ridge_point(peak_flops: float, bytes_s: float) -> float:
    """Arithmetic intensity (FLOP/byte) above which a kernel can be compute-bound."""
    return peak_flops / bytes_s


def attainable_flops(intensity: float, peak_flops: float, bytes_s: float) -> float:
    """The roofline: min(peak compute, intensity * bandwidth)."""
    return min(peak_flops, intensity * bytes_s)


def gemm_flops_bytes(m: int, n: int, k: int, bytes_per_value: float = 2) -> tuple[float, float]:
    """C[m,n] = A[m,k] @ B[k,n]: 2mnk FLOPs; read A and B, write C once (the ideal)."""
    return 2 * m * n * k, bytes_per_value * (m * k + k * n + m * n)


def pointwise_flops_bytes(elements: int, inputs: int, flops_per_element: float = 1,
                          bytes_per_value: float = 2) -> tuple[float, float]:
    """An elementwise op: read `inputs` tensors, write one."""
    return flops_per_element * elements, bytes_per_value * elements * (inputs + 1)


def min_batch_for_compute_bound(hidden: int, ridge: float, bytes_per_value: float = 2) -> int:
    """Smallest number of tokens B for which a decode step's (B, hidden) @ (hidden, hidden)
    projection reaches the ridge point (-1 if none below a million tokens does)."""
    for batch in range(1, 1 << 20):
        flops, moved = gemm_flops_bytes(batch, hidden, hidden, bytes_per_value)
        if flops / moved >= ridge:
            return batch
    return -1


def systolic_peak_ops(a: SystolicArray) -> float:
    """Each multiply-accumulate unit does 2 operations per cycle."""
    return 2 * a.rows * a.cols * a.clock_hz


# -- serving -------------------------------------------------------------------------


def speculative_expected_tokens(alpha: float, gamma: int) -> float:
    """Leviathan et al. (2023), Eq. 1: tokens produced per target-model run when each of the
    gamma drafted tokens is accepted with probability alpha, independently:
    (1 - alpha^(gamma+1)) / (1 - alpha); gamma + 1 when alpha = 1."""
    if alpha >= 1:
        return gamma + 1
    return (1 - alpha ** (gamma + 1)) / (1 - alpha)


def speculative_speedup(alpha: float, gamma: int, cost_ratio: float) -> float:
    """Leviathan et al. (2023), Thm. 3.8: expected wall-time improvement when one draft-model
    step costs `cost_ratio` of one target-model step: E[tokens] / (gamma * c + 1)."""
    return speculative_expected_tokens(alpha, gamma) / (gamma * cost_ratio + 1)


def lora_params_decoder(m: Decoder, rank: int, targets: tuple[str, ...]) -> int:
    """LoRA adds B (d_out x r) and A (r x d_in) next to each adapted matrix: r (d_in + d_out)."""
    kv_dim = m.kv_heads * m.head_dim
    shapes = {
        "q": (m.hidden, m.hidden), "k": (m.hidden, kv_dim), "v": (m.hidden, kv_dim),
        "o": (m.hidden, m.hidden), "gate": (m.hidden, m.intermediate),
        "up": (m.hidden, m.intermediate), "down": (m.intermediate, m.hidden),
    }
    per_layer = sum(rank * (shapes[t][0] + shapes[t][1]) for t in targets)
    return m.layers * per_layer


def lora_params_attention(m: AttentionProjections, rank: int, matrices: int) -> int:
    """LoRA on `matrices` square hidden x hidden attention projections per layer."""
    return m.layers * matrices * rank * (m.hidden + m.hidden)
