"""A restarted job: a new process compiles the same training step against a warm cache.

    python -m labs.compile_compare.warm_start --preset smoke --device cpu

Run by part "first_step" with TORCHINDUCTOR_CACHE_DIR (and TRITON_CACHE_DIR) pointing at the
cache its own cold compile just filled. Dynamo starts from nothing here, as in any new
process: it traces the bytecode again and builds its guards; what the warm cache can save
is everything after that (AOTAutograd's and Inductor's FX-graph caches, compiled kernels).
Like the parent, it pays its one-time compile costs (compile workers, imports) on a one-line
function first and reports them apart, so the two first steps compare graph for graph.
Prints one line, RESULT_PREFIX + JSON, that the parent reads.
"""

from __future__ import annotations

import argparse
import json
import time

STARTED = time.perf_counter()


from labs.common.measure import search_vector_isa, warm_up_compiler
from labs.compile_compare import compiling, training
from labs.compile_compare.settings import SETTINGS

RESULT_PREFIX = "@@warm_start "


def measure(preset: str, device: str, threads: int | None = None) -> dict:
    import torch
    if threads:  # the parent's thread count: Inductor's C++ kernels are specialised for it
        torch.set_num_threads(threads)
    settings = SETTINGS[preset]
    replica = training.new_replicas(settings.model, device, 1)[0]
    rotation = training.batches(settings.batch_size, settings.seq_len, device)
    step = training.on_rotation(compiling.compiled_step(replica), rotation)
    startup_s = time.perf_counter() - STARTED
    # As the parent did before its cold compile: the process's one-time compile costs apart.
    vector_isa_s = search_vector_isa().seconds if device == "cpu" else None
    toolchain_s = warm_up_compiler(device)
    first = compiling.timed_first_call(step, device)
    return {"first_step_s": first.seconds, "phases": first.phases.as_dict(), "startup_s": startup_s,
            "toolchain_s": toolchain_s, "vector_isa_s": vector_isa_s, "process_s": time.perf_counter() - STARTED}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=sorted(SETTINGS), required=True)
    parser.add_argument("--device", choices=("cpu", "cuda"), required=True)
    parser.add_argument("--threads", type=int, default=None, help="intra-op threads (the parent's)")
    args = parser.parse_args()
    print(RESULT_PREFIX + json.dumps(measure(args.preset, args.device, args.threads)), flush=True)


if __name__ == "__main__":
    main()
