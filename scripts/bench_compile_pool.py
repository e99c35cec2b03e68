"""Does a capture from a timed compile's cache build a kernel again? It depends on where Inductor
compiled each: in the main process, or in its pool of compile workers.

    python3 scripts/bench_compile_pool.py [--iterations 20] [--wait]

Each iteration compiles a small softmax cold into a kept cache (`measure.compile_seconds`), then
captures the same graph from that cache (`recorder.capturing(kernels_from=...)`), as Lab 03 does,
and prints one line: whether the pool was ready when the iteration began, the Triton cache
entries (first six characters of each hash folder) the timed compile built, the autotuned choice,
and what the capture built anew. Until the pool is ready Inductor compiles Triton kernels in the
main process, and the same kernel compiled there and in a worker lands under another hash: a
capture that starts after the pool became ready builds it again. --wait waits for the pool first.
Needs a GPU; the output of a run is in benchmarks/compile_pool/.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch
from torch._inductor.async_compile import AsyncCompile

from labs.common import measure
from labs.common.kernel_facts import recorder


def scaled_softmax(t: torch.Tensor) -> torch.Tensor:
    return torch.softmax(t * 2.0, dim=-1) + 1.0


def cache_entries(folder: Path) -> list[str]:
    return sorted({p.parent.name[:6] for p in folder.rglob("*.cubin")})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--wait", action="store_true", help="wait for the compile workers before the first iteration")
    args = parser.parse_args()
    x = torch.randn(32, 48, device="cuda")
    if args.wait:
        measure.warm_up_compiler("cuda")
        AsyncCompile.wait_pool_ready()
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}, wait for the pool: {args.wait}")
    rebuilt = 0
    for i in range(args.iterations):
        ready = bool(AsyncCompile._ready_future and AsyncCompile._ready_future.done())
        scratch = Path(tempfile.mkdtemp())
        kept = scratch / "kept"
        measure.compile_seconds(lambda: torch.compile(scaled_softmax)(x), "cuda", keep_in=kept)
        built = cache_entries(kept)
        choice = [json.loads(p.read_text(encoding="utf-8")) for p in kept.rglob("*.best_config")]
        with recorder.capturing(scratch / "capture", kernels_from=kept):
            torch.compile(scaled_softmax)(x)
        new = sorted(set(cache_entries(kept)) - set(built))
        rebuilt += bool(new)
        best = ", ".join(f"XBLOCK {c['XBLOCK']} ({c['triton_cache_hash'][:6]})" for c in choice)
        print(f"{i:2d} pool {'ready' if ready else 'not ready':9s} timed compile built {built}, autotuned "
              f"choice {best}; capture built {new or 'nothing'}", flush=True)
    print(f"{rebuilt} of {args.iterations} captures built a kernel again")


if __name__ == "__main__":
    main()
