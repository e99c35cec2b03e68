"""memfuse's Triton kernel: under Triton's interpreter on CPU, and on a GPU when there is one.

The interpreter test needs Triton importable (a CPU build is enough), for example:

    PYTHONPATH=$PWD:/path/to/triton python -m pytest -q tests/labs/test_capstone_triton.py

It runs tests/labs/triton_interpreter_run.py in a subprocess with TRITON_INTERPRET=1, which
Triton reads when it is imported. Without Triton it is skipped; without a GPU, so are the GPU
tests.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parents[2]
HAS_TRITON = importlib.util.find_spec("triton") is not None
HAS_GPU = torch.cuda.is_available()


@pytest.fixture(scope="module")
def interpreted():
    if not HAS_TRITON:
        pytest.skip("triton is not importable: put a Triton build on PYTHONPATH to run the kernel "
                    "under its interpreter")
    env = dict(os.environ, TRITON_INTERPRET="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, str(ROOT / "tests/labs/triton_interpreter_run.py")], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_interpreted_kernel_matches_float64_with_odd_shapes(interpreted):
    cases = interpreted["cases"]
    assert {c["dtype"] for c in cases} == {"torch.float32", "torch.float16"}
    assert {c["approximate"] for c in cases} == {"none", "tanh"} and {c["bias"] for c in cases} == {True, False}
    for case in cases:
        m, n, k = case["shape"]
        assert m % 16 and n % 16 and k % 16, "shapes must leave a tail in every dimension"
        assert case["out_shape"] == [m, n] and case["out_dtype"] == case["dtype"]
        assert case["error"] <= case["tolerance"], case


def test_interpreted_kernel_refuses_a_tile_that_is_not_a_power_of_two(interpreted):
    assert "power of 2" in interpreted["non_power_of_two"]


gpu = pytest.mark.gpu   # skipped without CUDA (tests/conftest.py); `make test-gpu` runs it


@gpu
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_autotuned_kernel_on_gpu(dtype):
    from labs.capstone.memfuse import triton_kernel
    from labs.capstone.numerics import kernel_tolerance, relative_error
    torch.manual_seed(0)
    for m, n, k in ((37, 53, 45), (300, 3072, 768)):
        x = torch.randn(m, k, device="cuda", dtype=dtype)
        weight = (torch.randn(n, k, device="cuda") / k ** 0.5).to(dtype)
        bias = torch.randn(n, device="cuda", dtype=dtype)
        out = triton_kernel.linear_gelu(x, weight, bias, "tanh")
        reference = F.gelu(F.linear(x.double(), weight.double(), bias.double()), approximate="tanh")
        assert relative_error(out, reference) <= kernel_tolerance(dtype, k)
    assert triton_kernel.best_tile() is not None


@gpu
def test_memfuse_backend_runs_the_triton_kernel_on_gpu():
    from labs.capstone.memfuse.backend import MemfuseBackend
    from labs.capstone.memfuse.pitfalls import MLPBlock
    torch._dynamo.reset()
    block = MLPBlock(128).cuda().half().eval()
    backend = MemfuseBackend(fallback="inductor")
    x = torch.randn(64, 128, device="cuda", dtype=torch.half)
    with torch.no_grad():
        out = torch.compile(block, backend=backend)(x)
        reference = block.float()(x.float())
    assert backend.records[0].dispatch[0].startswith("triton")
    assert (out.float() - reference).abs().max().item() < 2e-2
