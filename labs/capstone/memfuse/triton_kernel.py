"""The hand-written Triton kernel: GELU(x @ W^T + b) in one pass, W as nn.Linear stores it.

Imported only on the GPU path (and by the interpreter test): it needs Triton.

Each program computes one BLOCK_M x BLOCK_N tile of the output. It walks K in BLOCK_K steps,
loading a tile of x and a tile of W^T (masked, so any M, N and K work, not only multiples of
the block sizes), and accumulates their product in float32 whatever the input type: half
precision has 10 or 7 mantissa bits, and a sum of 768 products kept in it would lose several
of them. Bias and GELU are applied to the accumulator in registers; only the activated tile is
stored, cast to the output's dtype. The pre-activation never exists in memory.
"""

from __future__ import annotations

import math

import torch
import triton
import triton.language as tl

from labs.capstone.memfuse.tiles import CANDIDATES, REFERENCE_SHARED_MEMORY, Tile, problems


# --8<-- [start:kernel]
@triton.jit
def _gelu(x, APPROX_TANH: tl.constexpr):
    if APPROX_TANH:  # 0.5 * (1 + tanh(u)) is sigmoid(2u), u = sqrt(2/pi) * (x + 0.044715 x^3)
        y = x * tl.sigmoid(1.5957691216057308 * (x + 0.044715 * x * x * x))
    else:            # the exact GELU: 0.5 * x * (1 + erf(x / sqrt(2)))
        y = 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476))
    return y


@triton.jit
def fused_linear_gelu_kernel(
    x_ptr, w_ptr, b_ptr, out_ptr, M, N, K,
    stride_xm, stride_xk, stride_wn, stride_wk, stride_om, stride_on,
    HAS_BIAS: tl.constexpr, APPROX_TANH: tl.constexpr, EXACT_FP32: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
):
    # Program id -> output tile, GROUP_M row-blocks at a time: neighbouring programs share
    # the same columns of W, which then stay in L2.
    pid = tl.program_id(0)
    blocks_m = tl.cdiv(M, BLOCK_M)
    blocks_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * blocks_n
    first_m = (pid // per_group) * GROUP_M
    group_rows = min(blocks_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % group_rows
    pid_n = (pid % per_group) // group_rows

    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    x_tile = x_ptr + rows[:, None] * stride_xm + ks[None, :] * stride_xk
    w_tile = w_ptr + ks[:, None] * stride_wk + cols[None, :] * stride_wn   # W^T: K x N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        k_ok = (k + ks) < K                                                   # the K tail
        a = tl.load(x_tile, mask=(rows[:, None] < M) & k_ok[None, :], other=0.0)
        b = tl.load(w_tile, mask=k_ok[:, None] & (cols[None, :] < N), other=0.0)
        if EXACT_FP32:   # float32 inputs: no TF32 rounding, as eager float32 computes
            acc = tl.dot(a, b, acc, input_precision="ieee")
        else:            # float16 / bfloat16 inputs, float32 accumulator
            acc = tl.dot(a, b, acc)
        x_tile += BLOCK_K * stride_xk
        w_tile += BLOCK_K * stride_wk
    if HAS_BIAS:
        acc += tl.load(b_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)[None, :]
    y = _gelu(acc, APPROX_TANH)
    out = out_ptr + rows[:, None] * stride_om + cols[None, :] * stride_on
    tl.store(out, y.to(out_ptr.dtype.element_ty), mask=(rows[:, None] < M) & (cols[None, :] < N))
# --8<-- [end:kernel]


def _prune(configs, named_args, **kwargs):
    """Drop configurations whose pipeline would not fit in this GPU's shared memory."""
    element_bytes = named_args["x_ptr"].element_size()
    limit = shared_memory_limit()
    kept = [c for c in configs if not problems(tile_of(c), element_bytes, limit)]
    return kept or configs[-1:]


def shared_memory_limit() -> int:
    if torch.cuda.is_available():
        properties = torch.cuda.get_device_properties(torch.cuda.current_device())
        return getattr(properties, "shared_memory_per_block_optin", REFERENCE_SHARED_MEMORY)
    return REFERENCE_SHARED_MEMORY


def config_of(tile: Tile) -> triton.Config:
    return triton.Config({"BLOCK_M": tile.block_m, "BLOCK_N": tile.block_n, "BLOCK_K": tile.block_k,
                          "GROUP_M": tile.group_m}, num_warps=tile.num_warps, num_stages=tile.num_stages)


def tile_of(config: triton.Config) -> Tile:
    k = config.kwargs
    return Tile(k["BLOCK_M"], k["BLOCK_N"], k["BLOCK_K"], config.num_warps, config.num_stages, k["GROUP_M"])


# Tuned once per (M, N, K, dtypes, flags); the dtype of every tensor argument is part of the key.
autotuned_kernel = triton.autotune(
    configs=[config_of(t) for t in CANDIDATES],
    key=["M", "N", "K", "HAS_BIAS", "APPROX_TANH", "EXACT_FP32"],
    prune_configs_by={"early_config_prune": _prune},
)(fused_linear_gelu_kernel)


def linear_gelu(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None, approximate: str,
                tile: Tile | None = None) -> torch.Tensor:
    """GELU(F.linear(x, weight, bias)) with the fused kernel; `tile` skips autotuning."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"GELU approximate must be 'none' or 'tanh', not {approximate!r}")
    x2d = x.reshape(-1, x.shape[-1])
    M, K = x2d.shape
    N = weight.shape[0]
    out = torch.empty((M, N), device=x.device, dtype=x.dtype)
    flags = dict(HAS_BIAS=bias is not None, APPROX_TANH=approximate == "tanh",
                 EXACT_FP32=x.dtype == torch.float32)
    args = (x2d, weight, bias if bias is not None else weight, out, M, N, K,
            x2d.stride(0), x2d.stride(1), weight.stride(0), weight.stride(1), out.stride(0), out.stride(1))

    def grid(meta):
        return (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)

    if tile is None:
        autotuned_kernel[grid](*args, **flags)
    else:
        meta = {"BLOCK_M": tile.block_m, "BLOCK_N": tile.block_n, "BLOCK_K": tile.block_k, "GROUP_M": tile.group_m}
        fused_linear_gelu_kernel[grid](*args, **flags, **meta, num_warps=tile.num_warps, num_stages=tile.num_stages)
    return out.reshape(*x.shape[:-1], N)


def forget_tuning() -> None:
    """Drop what autotuning chose so far: the next call tunes again, and its timings are its own
    (Triton keeps only the timings of the latest tuning, whichever shape it was for)."""
    autotuned_kernel.cache.clear()


def tuning_results() -> list[tuple[Tile, float | None]]:
    """(tile, median milliseconds) for every configuration the last autotuning benchmarked;
    None for one that failed to run (Triton times it as infinite)."""
    timings = getattr(autotuned_kernel, "configs_timings", None) or {}
    results = []
    for config, ms in timings.items():
        median = float(ms[0] if isinstance(ms, (list, tuple)) else ms)
        results.append((tile_of(config), median if math.isfinite(median) else None))
    return results


def best_tile() -> Tile | None:
    best = getattr(autotuned_kernel, "best_config", None)
    return tile_of(best) if best is not None else None
