"""Part first_step's measurement: eager's and the compiled step's first steps, cold and warm.

Order matters, and is the point of the part:
1. eager's first steps, one by one (eager also pays some one-time costs on its first step);
2. the process's first compile of anything, on a one-line function (`toolchain_s`), so the
   cold compile after it is the cost of the training step's graphs alone;
3. the compiled step's first steps, one by one, into a cache that starts empty;
4. a new process (`warm_start`) pointed at that cache: a restarted job's first step. This is
   the lab's one measurement on a warm cache, on purpose, and the page says so.

The compiled step stays compiled afterwards: it is the default-mode baseline of the parts
that compare against it (steady state, modes), whose subject is not its compile time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import torch

from labs.common import measure
from labs.common.labmeta import LABS_DIR
from labs.compile_compare import compile_phases, compiling, training, warm_start
from labs.compile_compare.findings import FirstStep, WarmStart
from labs.compile_compare.settings import Settings

WARM_START_TIMEOUT_S = 600
Step = Callable[[], torch.Tensor]


def precompiled_header_exists() -> bool:
    """Inductor's precompiled C++ header (CPU only) is built by the first C++ compile in a
    temp folder and reused by every later one: worth knowing when reading a cold compile."""
    import torch._inductor.codecache as codecache
    header_dir = getattr(codecache, "_HEADER_DIR", None)  # private: absent means "unknown"
    return bool(header_dir) and any(Path(header_dir).glob("**/*.gch"))


def spawn_warm_start(preset: str, device: str) -> WarmStart:
    """A new process on the current cache: `python -m labs.compile_compare.warm_start`, with
    this process's thread count."""
    repo = LABS_DIR.parent
    path = os.pathsep.join(filter(None, [str(repo), os.environ.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-m", "labs.compile_compare.warm_start", "--preset", preset,
         "--device", device, "--threads", str(torch.get_num_threads())],
        cwd=repo, env=dict(os.environ, PYTHONPATH=path), capture_output=True, text=True,
        timeout=WARM_START_TIMEOUT_S)
    lines = [line for line in proc.stdout.splitlines() if line.startswith(warm_start.RESULT_PREFIX)]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"warm-start process exited {proc.returncode}:\n{(proc.stdout + proc.stderr)[-3000:]}")
    data = json.loads(lines[-1][len(warm_start.RESULT_PREFIX):])
    return WarmStart(first_step_s=data["first_step_s"], phases=compile_phases.CompilePhases(**data["phases"]),
                     startup_s=data["startup_s"], toolchain_s=data["toolchain_s"],
                     vector_isa_s=data["vector_isa_s"],
                     process_s=data["process_s"])


@dataclass
class Steps:
    """The two training steps of part first_step, kept for the parts that time them warm."""
    eager: Step
    compiled: Step
    compiled_replica: training.Replica


def run(settings: Settings, device: str, preset: str, work: Path,
        progress: Callable[[str], None]) -> tuple[FirstStep, Steps]:
    """The first steps, cold and warm; also the two steps, still compiled, for later parts."""
    compiling.reset()
    eager, compiled = training.new_replicas(settings.model, device, 2)
    rotation = training.batches(settings.batch_size, settings.seq_len, device)
    eager_train = training.make_step(eager, eager.model)
    compiled_train = compiling.compiled_step(compiled)
    losses: dict[str, list[torch.Tensor]] = {"eager": [], "compiled": []}

    def recording(name: str, step) -> Step:
        train = training.on_rotation(step, rotation)
        return lambda: losses[name].append(train().detach())

    def trace(step: Step, count: int) -> list[float]:
        return [measure.first_call_s(step, device) for _ in range(count)]

    eager_trace = trace(recording("eager", eager_train), settings.trace_steps)
    progress("the first compile of the process (toolchain warm-up)")
    had_header = precompiled_header_exists()
    toolchain_s = measure.warm_up_compiler(device)
    vector_isa = measure.search_vector_isa() if device == "cpu" else None   # this process's, done first
    built_header = device == "cpu" and not had_header and precompiled_header_exists()
    # The compile into a cache that starts empty: the first step is cold, and the warm-start
    # process then reads the same folder.
    with compiling.cold_cache(work / "caches"):
        compiled_step = recording("compiled", compiled_train)
        progress("compiling the training step (cold cache)")
        first = compiling.timed_first_call(compiled_step, device)
        compiled_trace = [first.seconds] + trace(compiled_step, settings.trace_steps - 1)
        progress("a second process on the warm cache")
        warm = spawn_warm_start(preset, device)
    result = FirstStep(eager_trace_s=eager_trace, compiled_trace_s=compiled_trace, phases=first.phases,
                       first_loss_diff=abs(losses["eager"][0] - losses["compiled"][0]).item(),
                       toolchain_s=toolchain_s, vector_isa=vector_isa, built_precompiled_header=built_header,
                       warm=warm)
    # The same step functions go on to the later parts: a new torch.compile wrapper would be
    # a new backend to Dynamo's guards, hence a recompilation.
    return result, Steps(eager=training.on_rotation(eager_train, rotation),
                         compiled=training.on_rotation(compiled_train, rotation), compiled_replica=compiled)
