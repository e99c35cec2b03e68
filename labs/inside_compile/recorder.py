"""A torch.compile backend that records what each stage hands to the next, then lets Inductor work.

Where each artifact comes from (nothing is re-derived: each is the object the real
pipeline passed along, frozen on the spot):

    Dynamo's FX graph          the GraphModule this backend receives
    bytecode, before and       Dynamo's bytecode hook (register_bytecode_hook), called for
      after Dynamo               each frame it converts
    guards                     the cache entry Dynamo adds to that frame's code object
    AOTAutograd's joint graph  Inductor's `joint_custom_pre_pass` hook (only a graph with
                               tangents is a joint graph; inference graphs pass there too)
    forward/backward (or       the graphs compile_fx gives `inner_compile` after AOTAutograd
      inference) graphs          has traced, decomposed and partitioned
    post-grad graph            Inductor's `post_grad_custom_post_pass` hook
    IR, generated code         the debug folder Inductor writes, switched on at run time for
                               the recorded compiles only (`labs.common.capture.dumps`: what
                               TORCH_COMPILE_DEBUG=1 would switch on for the whole process)

A hook that the installed PyTorch lacks is recorded in `ModeCapture.missing` with the
reason, so the page can say which artifact is absent and why.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType
from typing import Any

import torch
import torch.fx
from torch._inductor import config as inductor_config
from torch._inductor.compile_fx import compile_fx, compile_fx_inner

from labs.common import capture, inductor_output
from labs.inside_compile.graphs import GraphSnapshot, snapshot, snapshot_graph

# The graphs Inductor compiles, in pipeline order: one for inference, two for training.
ROLES = ("inference", "forward", "backward")
# compile_fx names a graph's debug folder model__<n>_<role>_<m>.<k>
_FOLDER_ROLE = re.compile(rf"_({'|'.join(ROLES)})_\d+")

try:
    from torch._inductor.custom_graph_pass import CustomGraphPass
except ImportError:  # older PyTorch: no way to register a pass that Inductor will call
    CustomGraphPass = None  # type: ignore[assignment,misc]

try:
    from torch._dynamo.eval_frame import _debug_get_cache_entry_list
except ImportError:
    _debug_get_cache_entry_list = None  # type: ignore[assignment]

try:
    from torch._dynamo.convert_frame import register_bytecode_hook
except ImportError:
    register_bytecode_hook = None  # type: ignore[assignment]


@dataclass
class ModeCapture:
    """Everything recorded while one mode (inference or training) compiled."""
    mode: str
    dynamo_graph: GraphSnapshot | None = None
    joint_graph: GraphSnapshot | None = None
    aot_graphs: dict[str, GraphSnapshot] = field(default_factory=dict)       # role -> graph
    post_grad_graphs: dict[str, GraphSnapshot] = field(default_factory=dict)  # role -> graph
    debug_folders: dict[str, Path] = field(default_factory=dict)              # role -> folder
    original_code: CodeType | None = None
    transformed_code: CodeType | None = None
    guards_text: str | None = None
    compile_id: str | None = None      # "0/0": frame 0, first compile; "0/1": its recompile
    missing: dict[str, str] = field(default_factory=dict)                    # artifact -> why

    @property
    def roles(self) -> list[str]:
        """The graphs Inductor compiled for this mode, in pipeline order."""
        return [role for role in ROLES if role in self.aot_graphs]


if CustomGraphPass is not None:
    class _RecordingPass(CustomGraphPass):
        """A pass that changes nothing and only looks: Inductor calls it with the graph."""

        def __init__(self, callback: Callable[[torch.fx.Graph], None]):
            self.callback = callback

        def __call__(self, graph: torch.fx.Graph) -> None:
            self.callback(graph)

        def uuid(self) -> Any:
            return None  # no stable identity: Inductor skips its FX graph cache, which we want


class PipelineRecorder:
    """Use `backend` as torch.compile's backend; wrap each mode's first call in `capturing`."""

    def __init__(self, debug_root: Path):
        self.debug_root = Path(debug_root)
        self._capture: ModeCapture | None = None
        self._role: str | None = None  # which AOT graph compile_fx_inner is working on
        self._attributed: set[str] = set()  # compile ids of cache entries already read

    # -- the backend and the hooks Inductor calls -------------------------------------

    # --8<-- [start:backend]
    def backend(self, gm: torch.fx.GraphModule, example_inputs: list[Any]) -> Callable[..., Any]:
        self._active().dynamo_graph = snapshot(gm)
        return compile_fx(gm, example_inputs, inner_compile=self._inner_compile)

    def _inner_compile(self, gm: torch.fx.GraphModule, example_inputs: list[Any], **kwargs: Any) -> Any:
        if kwargs.get("is_backward"):
            role = "backward"
        elif kwargs.get("is_inference"):
            role = "inference"
        else:
            role = "forward"
        self._active().aot_graphs[role] = snapshot(gm)
        self._role = role
        try:
            return compile_fx_inner(gm, example_inputs, **kwargs)
        finally:
            self._role = None
    # --8<-- [end:backend]

    def _on_joint_graph(self, graph: torch.fx.Graph) -> None:
        has_tangents = any(node.op == "placeholder" and node.name.startswith("tangents")
                           for node in graph.nodes)
        if has_tangents:
            self._active().joint_graph = snapshot_graph(graph)

    def _on_post_grad_graph(self, graph: torch.fx.Graph) -> None:
        if self._role is not None:
            self._active().post_grad_graphs[self._role] = snapshot_graph(graph)

    def _active(self) -> ModeCapture:
        if self._capture is None:
            raise RuntimeError("the recording backend ran outside PipelineRecorder.capturing()")
        return self._capture

    # -- one mode ---------------------------------------------------------------------

    @contextlib.contextmanager
    def capturing(self, mode: str, forward_code: CodeType) -> Iterator[ModeCapture]:
        """Record one mode's compilation; on exit, attach its debug folders and cache entry."""
        capture = ModeCapture(mode=mode, original_code=forward_code)
        folders_before = set(inductor_output.graph_folders(self.debug_root))
        frames: list[tuple[CodeType, CodeType]] = []
        with self._hooks(capture), self._bytecode_hook(capture, frames):
            self._capture = capture
            try:
                yield capture
            finally:
                self._capture = None
        new_folders = sorted(set(inductor_output.graph_folders(self.debug_root)) - folders_before)
        for folder in new_folders:
            match = _FOLDER_ROLE.search(folder.name)
            if match:
                capture.debug_folders[match.group(1)] = folder
        if frames:  # the frame Dynamo converted: forward itself, or a wrapper around it
            capture.original_code, capture.transformed_code = frames[0]
        self._read_cache_entry(capture, capture.original_code)
        if capture.transformed_code is None:
            capture.missing.setdefault("transformed_code", "; ".join(capture.missing.values())
                                       or "Dynamo converted no frame in this mode")

    @contextlib.contextmanager
    def _bytecode_hook(self, capture: ModeCapture,
                       frames: list[tuple[CodeType, CodeType]]) -> Iterator[None]:
        """Dynamo calls the hook with each frame's original and rewritten code objects."""
        if register_bytecode_hook is None:
            capture.missing["bytecode_hook"] = ("torch._dynamo.convert_frame.register_bytecode_hook "
                                                f"does not exist in torch {torch.__version__}")
            yield
            return
        handle = register_bytecode_hook(lambda code, new_code: frames.append((code, new_code)))
        try:
            yield
        finally:
            handle.remove()

    @contextlib.contextmanager
    def _hooks(self, mode_capture: ModeCapture) -> Iterator[None]:
        """Inductor's custom-pass hooks, each only where this PyTorch has it, and its debug dumps
        (`capture.dumps()`, for the compiles inside the block only)."""
        wanted = {"joint_custom_pre_pass": ("joint_graph", self._on_joint_graph),
                  "post_grad_custom_post_pass": ("post_grad", self._on_post_grad_graph)}
        patches: dict[str, Any] = {}
        for option, (artifact, callback) in wanted.items():
            if CustomGraphPass is None:
                mode_capture.missing[artifact] = ("torch._inductor.custom_graph_pass.CustomGraphPass "
                                                  f"does not exist in torch {torch.__version__}")
            elif not hasattr(inductor_config, option):
                mode_capture.missing[artifact] = (f"torch._inductor.config.{option} does not exist "
                                                  f"in torch {torch.__version__}")
            else:
                patches[option] = _RecordingPass(callback)
        with capture.dumps(), inductor_config.patch(patches):
            yield

    def _read_cache_entry(self, capture: ModeCapture, code: CodeType) -> None:
        """The guards of the cache entry this mode added (and its code, if no hook gave it)."""
        if _debug_get_cache_entry_list is None:
            capture.missing["guards"] = ("torch._dynamo.eval_frame._debug_get_cache_entry_list "
                                         f"does not exist in torch {torch.__version__}")
            return
        fresh = [entry for entry in _debug_get_cache_entry_list(code)
                 if str(entry.compile_id) not in self._attributed]
        if not fresh:
            capture.missing["guards"] = f"Dynamo added no cache entry to {code.co_name}'s code object"
            return
        entry = fresh[0]  # the newest entry comes first
        self._attributed.update(str(e.compile_id) for e in fresh)
        if capture.transformed_code is None:
            capture.transformed_code = entry.code
        capture.guards_text = str(entry.guard_manager).strip("\n") + "\n"
        capture.compile_id = str(entry.compile_id)


