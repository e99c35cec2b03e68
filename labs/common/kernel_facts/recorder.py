"""Capture what Inductor writes for a compile: its debug folder, with provenance and the post-grad graph.

    with recorder.capturing(work / "debug") as captured:
        compiled(x)                 # the first call compiles
    captured.folders                # one debug folder per compiled graph

Inside the block Inductor's trace is on (`trace.enabled`, so each graph gets a debug folder
under `debug_dir` without any environment variable), provenance tracking writes
`inductor_provenance_tracking_node_mappings.json`, and `GraphRecorder`, a post-grad pass that
changes nothing, writes the graph it was given as `post_grad_graph.json` beside them. Dynamo
is reset and the Inductor cache is fresh, so every graph compiles and is dumped. Time nothing
inside the block: `labs.common.measure` refuses to while the trace is on.

When the same graphs were just compiled cold and timed (`measure.compile_seconds(...,
keep_in=folder)`), `capturing(debug_dir, kernels_from=folder)` lowers every graph again (the
FX-graph and AOTAutograd caches are off, so each is dumped) but loads the compiled kernels
from that folder instead of building them a second time: on a CPU, most of a compile.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import torch
from torch._inductor import config as inductor_config
from torch._inductor.custom_graph_pass import CustomGraphPass

from labs.common import inductor_output, measure
from labs.common.kernel_facts.post_grad import GRAPH_FILE


class GraphRecorder(CustomGraphPass):
    """Writes the post-grad graph it sees into the graph's debug folder; changes nothing."""

    def __init__(self) -> None:
        self.graphs: list[dict] = []

    def __call__(self, graph: torch.fx.Graph) -> None:
        data = graph_json(graph)
        self.graphs.append(data)
        folder = _debug_folder()
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / GRAPH_FILE).write_text(json.dumps(data), encoding="utf-8")

    def uuid(self) -> None:
        # None keeps the FX graph cache out of the way: a cache hit would compile nothing and
        # dump nothing, so every compile inside `capturing` runs the whole pipeline.
        return None


def graph_json(graph: torch.fx.Graph) -> dict:
    nodes = []
    for node in graph.nodes:
        if node.op == "output":
            continue
        target = "placeholder" if node.op == "placeholder" else _target(node.target)
        value = node.meta.get("val")
        shape = [int(s) if str(s).lstrip("-").isdigit() else str(s) for s in value.shape] \
            if isinstance(value, torch.Tensor) else None
        dtype = str(value.dtype).removeprefix("torch.") if isinstance(value, torch.Tensor) else None
        nodes.append({"name": node.name, "target": target, "args": [_arg(a) for a in node.args],
                      "kwargs": {k: _arg(v) for k, v in node.kwargs.items()}, "shape": shape, "dtype": dtype,
                      "where": _where(node.meta.get("stack_trace")),
                      "code": _code(node.meta.get("stack_trace"))})
    return {"format": "post_grad_graph/1", "nodes": nodes}


def _where(stack_trace: str | None) -> str | None:
    """The learner's line a node came from: the innermost `File "...", line N` of its stack."""
    found = re.findall(r'File "([^"]+)", line (\d+)', stack_trace or "")
    return f"{found[-1][0]}:{found[-1][1]}" if found else None


def _code(stack_trace: str | None) -> str | None:
    """The source text of that line: the last line of the stack trace."""
    lines = [line.strip() for line in (stack_trace or "").splitlines() if line.strip()]
    return lines[-1] if lines and not lines[-1].startswith("File ") else None


def _target(target) -> str:
    if getattr(target, "__name__", "") == "getitem":
        return "getitem"
    return str(target)  # an OpOverload prints as "aten.amax.default"


def _arg(value):
    if isinstance(value, torch.fx.Node):
        return {"node": value.name}
    if isinstance(value, (list, tuple)):
        return [_arg(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _debug_folder() -> Path | None:
    """The debug folder of the graph being compiled, when the trace is on."""
    from torch._inductor.virtualized import V
    try:
        path = getattr(V.debug, "_path", None)
    except (AttributeError, AssertionError):
        return None
    return Path(path) if path else None


@dataclass
class Captured:
    debug_dir: Path
    recorder: GraphRecorder
    before: set[Path] = field(default_factory=set)
    folders: list[Path] = field(default_factory=list)


def recording_settings(recorder: GraphRecorder) -> dict:
    """Inductor's config for a recorded compile: trace on, provenance on, the recorder pass."""
    settings = {"trace.enabled": True, "post_grad_custom_post_pass": recorder}
    if hasattr(inductor_config.trace, "provenance_tracking_level"):
        settings["trace.provenance_tracking_level"] = 1
    else:  # older releases spell it as a switch
        settings["trace.provenance_tracking"] = True
    return settings


@contextlib.contextmanager
def _fresh_cache() -> Iterator[None]:
    from torch._inductor import utils
    fresh = getattr(utils, "fresh_cache", None) or utils.fresh_inductor_cache
    with fresh():
        yield


@contextlib.contextmanager
def _kernels_from(folder: Path) -> Iterator[None]:
    """The cache of a compile of the same graphs: its kernels are loaded, its graphs are not."""
    from torch._functorch import config as functorch_config
    with measure.cache_in(folder), inductor_config.patch(fx_graph_cache=False), \
            functorch_config.patch(enable_autograd_cache=False):
        yield


@contextlib.contextmanager
def capturing(debug_dir: Path, kernels_from: Path | None = None) -> Iterator[Captured]:
    """Compile inside the block; afterwards `.folders` lists the debug folders it produced.
    A graph folder without post_grad_graph.json (a release whose debug context the pass cannot
    reach) gets the recorded graph written after the fact, in compile order. kernels_from: the
    cache folder of a timed cold compile of the same graphs, whose kernels are reused."""
    debug_dir = Path(debug_dir)
    debug_dir.mkdir(parents=True, exist_ok=True)
    recorder = GraphRecorder()
    captured = Captured(debug_dir, recorder, set(inductor_output.graph_folders(debug_dir)))
    torch._dynamo.reset()
    with inductor_config.patch(recording_settings(recorder)), \
            torch._dynamo.config.patch(debug_dir_root=str(debug_dir)), \
            _fresh_cache() if kernels_from is None else _kernels_from(Path(kernels_from)):
        yield captured
    captured.folders = [f for f in inductor_output.graph_folders(debug_dir) if f not in captured.before]
    missing = [f for f in captured.folders if not (f / GRAPH_FILE).is_file()]
    if missing and len(captured.folders) == len(recorder.graphs):
        for folder, graph in zip(captured.folders, recorder.graphs):
            if folder in missing:
                (folder / GRAPH_FILE).write_text(json.dumps(graph), encoding="utf-8")
