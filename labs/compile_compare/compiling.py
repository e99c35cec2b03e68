"""Compiling the training step and timing its first call: what every part of the lab shares.

Every compile whose time the lab reports runs against a cold cache: a new, empty Inductor
(and Triton) cache folder, with Dynamo reset or with a code object of its own, so that no
compile time depends on what an earlier part left on disk. `cold_cache` keeps its folder on
disk afterwards, for the one part that is about the warm cache (a restarted process reads it).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
import torch._dynamo
import torch._dynamo.utils

from labs.common import measure
from labs.compile_compare import compile_phases, training

# Modes whose compiled graphs run as CUDA graphs: each step must tell the CUDA-graph trees
# that a new iteration begins, or the next replay overwrites outputs still in use.
CUDA_GRAPH_MODES = ("reduce-overhead", "max-autotune")


@dataclass(frozen=True)
class FirstCall:
    seconds: float                           # wall time of the call, compile included
    phases: compile_phases.CompilePhases     # what the compilers reported during it


def reset() -> None:
    """Forget every compiled frame and the records about them, as a new process would."""
    torch._dynamo.reset()
    torch._dynamo.utils.clear_compilation_metrics()
    torch._dynamo.utils.counters.clear()


def timed_first_call(fn: Callable[[], Any], device: str) -> FirstCall:
    """Time one call and read the compilation records it left behind."""
    torch._dynamo.utils.clear_compilation_metrics()
    seconds = measure.first_call_s(fn, device)
    records = torch._dynamo.utils.get_compilation_metrics()
    return FirstCall(seconds, compile_phases.phases_from_records(records))


@contextlib.contextmanager
def cold_cache(parent: Path) -> Iterator[Path]:
    """A new, empty Inductor (and Triton) cache folder under `parent` for the block, with the
    in-memory caches cleared; the folder stays on disk afterwards. A child process started
    inside the block inherits the variables: the same cache, warm by then."""
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="inductor-", dir=parent))
    with measure.cache_in(folder):
        yield folder


def with_graph_boundary(step: Callable[[torch.Tensor, torch.Tensor], torch.Tensor], mode: str, device: str
                        ) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """A step that tells CUDA-graph trees where each iteration begins, where the mode needs it."""
    if mode not in CUDA_GRAPH_MODES or device != "cuda":
        return step

    def step_with_graph_boundary(idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        torch.compiler.cudagraph_mark_step_begin()
        return step(idx, targets)

    return step_with_graph_boundary


def compiled_step(replica: training.Replica, *, mode: str = "default", dynamic: bool | None = False,
                  options: dict[str, Any] | None = None) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor]:
    """The training step with `torch.compile(model)` in place of the model.

    dynamic=False by default: one static graph per shape, as every part but the recompilation
    study wants (None is torch.compile's own default, "automatic"). `options`, when given, are
    Inductor options passed instead of the mode (the mode names a set of them; torch.compile
    takes one or the other): `mode` then only says whether steps need CUDA-graph boundaries.
    """
    how = {"options": options} if options is not None else {"mode": mode}
    compiled = torch.compile(replica.model, dynamic=dynamic, **how)
    return with_graph_boundary(training.make_step(replica, compiled), mode, replica.device)
