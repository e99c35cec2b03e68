"""A capture after a timed cold compile of the same graphs: every graph lowered and dumped
again, the kernels loaded from the timed compile's cache instead of being built twice."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from labs.common import inductor_output, measure
from labs.common.kernel_facts import recorder
from labs.common.kernel_facts.post_grad import GRAPH_FILE

pytestmark = pytest.mark.slow  # real compiles: half a minute on 2 cores
needs_gpu = pytest.mark.gpu     # skipped without CUDA (tests/conftest.py); `make test-gpu` runs it
KERNEL_FILES = (".so", ".cpp", ".cubin", ".ptx")   # C++ kernels on a CPU, Triton's on a GPU


def scaled_softmax(t: torch.Tensor) -> torch.Tensor:
    return torch.softmax(t * 2.0, dim=-1) + 1.0


def built_kernels(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.suffix in KERNEL_FILES}


def kernel_sources(captured: recorder.Captured) -> list[dict[str, str]]:
    return [{k.name: k.source for k in inductor_output.parse_kernels(
        (folder / "output_code.py").read_text(encoding="utf-8"))} for folder in captured.folders]


@pytest.mark.parametrize("device", ["cpu", pytest.param("cuda", marks=needs_gpu)])
def test_a_capture_from_the_timed_compiles_cache_dumps_the_same_kernels_and_builds_none(tmp_path, monkeypatch,
                                                                                       device):
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "lab-cache"))  # where a stray build would go
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "lab-cache" / "triton"))
    # Both compiles where Inductor's compile workers compile: until they are ready the main process
    # compiles Triton kernels, under other hashes, and a capture that starts after they became
    # ready builds a kernel again (1 test run in 4 on an H200; scripts/bench_compile_pool.py).
    from torch._inductor.async_compile import AsyncCompile
    measure.warm_up_compiler(device)
    AsyncCompile.wait_pool_ready()
    x = torch.randn(32, 48, device=device)
    kept = tmp_path / "kept"
    measure.compile_seconds(lambda: torch.compile(scaled_softmax)(x), device, keep_in=kept)
    built = built_kernels(kept)
    assert any(name.endswith((".so", ".cubin")) for name in built), "the timed compile left no kernel to reuse"

    with recorder.capturing(tmp_path / "reused", kernels_from=kept) as reused:
        torch.compile(scaled_softmax)(x)
    rebuilt = sorted(built_kernels(kept) - built)
    assert not rebuilt, f"the capture built its kernels again: {rebuilt} beside {sorted(built)}"
    assert not (tmp_path / "lab-cache").exists() or not built_kernels(tmp_path / "lab-cache"), \
        "the capture built its kernels in another cache"

    with recorder.capturing(tmp_path / "fresh") as fresh:
        torch.compile(scaled_softmax)(x)
    assert len(reused.folders) == len(fresh.folders) == 1            # lowered again, so dumped
    assert all((f / GRAPH_FILE).is_file() for f in reused.folders)   # and the post-grad pass ran
    assert kernel_sources(reused) == kernel_sources(fresh) != [{}]


def test_the_capture_leaves_the_caches_as_it_found_them(tmp_path, monkeypatch):
    from torch._functorch import config as functorch_config
    from torch._inductor import config as inductor_config
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "lab-cache"))
    before = (inductor_config.fx_graph_cache, functorch_config.enable_autograd_cache)
    x = torch.randn(8, 8)
    measure.compile_seconds(lambda: torch.compile(scaled_softmax)(x), "cpu", keep_in=tmp_path / "kept")
    with recorder.capturing(tmp_path / "debug", kernels_from=tmp_path / "kept"):
        torch.compile(scaled_softmax)(x)
    assert (inductor_config.fx_graph_cache, functorch_config.enable_autograd_cache) == before
    assert Path(torch._inductor.codecache.cache_dir()) == tmp_path / "lab-cache"
