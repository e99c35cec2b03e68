"""The state the compile parts build and every later part reads (the knobs are in settings.py).

Two modes go through the same compiled module: inference (eval, no_grad: one graph) and
training (grad on, then backward: a forward and a backward graph). Inductor's stages are
keyed by graph role: "inference", "forward", "backward".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch

from labs.common import inductor_output
from labs.inside_compile.recorder import ModeCapture, PipelineRecorder

ROLE_FOLDERS = {"inference": "inference", "forward": "training/forward", "backward": "training/backward"}


@dataclass
class Pipeline:
    """What the compile parts build and every later part reads."""
    model: torch.nn.Module
    compiled: torch.nn.Module
    x: torch.Tensor
    recorder: PipelineRecorder
    captures: dict[str, ModeCapture] = field(default_factory=dict)       # mode -> capture
    funnel: dict[str, dict[str, int]] = field(default_factory=dict)      # stage -> column -> count
    dumps: dict[str, inductor_output.GraphDump] = field(default_factory=dict)  # role -> its parsed debug folder

    def count(self, stage: str, column: str, value: int) -> None:
        """Record one cell of the funnel (columns: a mode, or a training graph role)."""
        self.funnel.setdefault(stage, {})[column] = int(value)

    def graph_roles(self) -> list[tuple[str, ModeCapture]]:
        """(role, capture of the mode it belongs to) for every graph Inductor compiled."""
        return [(role, capture) for capture in self.captures.values() for role in capture.roles]
