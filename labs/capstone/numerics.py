"""How close is close enough: the comparisons every project of the capstone states."""

from __future__ import annotations

import torch


def relative_error(output: torch.Tensor, reference: torch.Tensor) -> float:
    """max |output - reference| over max |reference|: one number, independent of the scale."""
    output, reference = output.detach().double(), reference.detach().double()
    scale = reference.abs().max().item()
    return (output - reference).abs().max().item() / (scale if scale > 0 else 1.0)


def kernel_tolerance(dtype: torch.dtype, reduction_length: int) -> float:
    """Relative error a matmul with fp32 accumulation may show against a float64 reference.

    Rounding the output to `dtype` costs up to one unit in the last place (eps); accumulating
    `reduction_length` products in float32 adds up to about K float32 epsilons in the worst
    case. Twice the first plus the second leaves room for GELU's own rounding, and is still
    far below what a wrong tile or a missed mask produces (errors of order one).
    """
    return 2 * torch.finfo(dtype).eps + torch.finfo(torch.float32).eps * reduction_length
