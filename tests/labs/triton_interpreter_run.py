"""Run memfuse's Triton kernel on CPU tensors with Triton's interpreter; print JSON results.

    TRITON_INTERPRET=1 python tests/labs/triton_interpreter_run.py

A script of its own because TRITON_INTERPRET must be set before Triton is imported. Shapes
are odd on purpose (M, N, K multiples of no block size), so every mask is exercised.
"""

from __future__ import annotations

import json
import os
import sys


def _numpy_24_workaround() -> None:
    """Triton <= 3.6's interpreter turns a loop bound into int(array of shape (1,)), which
    numpy 2.4 refuses ("only 0-dimensional arrays can be converted to Python scalars";
    triton-lang/triton#9171). Converting the element instead is what the fix upstream does."""
    from triton.runtime import interpreter
    original = getattr(interpreter, "_patch_lang_tensor", None)
    if original is None:
        return

    def patched(tensor, scope):
        original(tensor, scope)
        scope.set_attr(tensor, "__index__", lambda self: int(self.handle.data.reshape(-1)[0]))

    interpreter._patch_lang_tensor = patched


def main() -> None:
    if os.environ.get("TRITON_INTERPRET") != "1":
        sys.exit("set TRITON_INTERPRET=1 before running this script")
    _numpy_24_workaround()
    import torch
    import torch.nn.functional as F

    from labs.capstone.memfuse import tiles, triton_kernel
    from labs.capstone.numerics import kernel_tolerance, relative_error

    results = []
    generator = torch.Generator().manual_seed(0)
    small = (tiles.Tile(16, 16, 16, 1, 1), tiles.Tile(32, 64, 32, 4, 2))
    for dtype in (torch.float32, torch.float16):   # the interpreter's tl.dot has no bfloat16
        for (m, n, k), tile in zip(((37, 53, 45), (70, 29, 100)), small):
            for approximate, with_bias in (("none", True), ("tanh", False)):
                x = torch.randn(m, k, generator=generator).to(dtype)
                weight = (torch.randn(n, k, generator=generator) / k ** 0.5).to(dtype)
                bias = torch.randn(n, generator=generator).to(dtype) if with_bias else None
                out = triton_kernel.linear_gelu(x, weight, bias, approximate, tile=tile)
                reference = F.gelu(F.linear(x.double(), weight.double(), None if bias is None else bias.double()),
                                   approximate=approximate)
                results.append({"dtype": str(dtype), "shape": [m, n, k], "approximate": approximate,
                                "bias": with_bias, "tile": tile.label, "out_dtype": str(out.dtype),
                                "out_shape": list(out.shape), "error": relative_error(out, reference),
                                "tolerance": kernel_tolerance(dtype, k)})
    # A tile that breaks the power-of-two rule must be refused by Triton itself.
    try:
        triton_kernel.linear_gelu(torch.randn(8, 8), torch.randn(8, 8), None, "none",
                                  tile=tiles.Tile(24, 16, 16, 1, 1))
        refused = ""
    except Exception as error:  # Triton's own error type differs between versions
        refused = f"{type(error).__name__}: {str(error).strip().splitlines()[-1]}"
    print(json.dumps({"cases": results, "non_power_of_two": refused}))


if __name__ == "__main__":
    main()
