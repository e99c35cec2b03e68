"""`capstone::fused_linear_gelu`: the operator memfuse puts where it finds Linear + GELU.

A custom operator (torch.library) rather than a Python call, so that the rewritten graph can
still go through Inductor, which treats it as an opaque kernel: it knows the output's shape
from the fake implementation and schedules everything around it.

On a CUDA tensor it runs the hand-written Triton kernel; anywhere else (a CPU) it runs the
two ATen operators it replaced, so a graph rewritten on a CPU still computes the same thing.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F


@torch.library.custom_op("capstone::fused_linear_gelu", mutates_args=())
def fused_linear_gelu(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None,
                      approximate: str) -> torch.Tensor:
    return F.gelu(F.linear(x, weight, bias), approximate=approximate)


@fused_linear_gelu.register_kernel("cuda")
def _fused_linear_gelu_cuda(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None,
                            approximate: str) -> torch.Tensor:
    from labs.capstone.memfuse import triton_kernel  # Triton exists only on the GPU path
    return triton_kernel.linear_gelu(x, weight, bias, approximate)


@fused_linear_gelu.register_fake
def _fused_linear_gelu_shape(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None,
                             approximate: str) -> torch.Tensor:
    return x.new_empty((*x.shape[:-1], weight.shape[0]))


FUSED_OP = torch.ops.capstone.fused_linear_gelu.default
