"""The run's knobs and the state the parts hand each other.

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
SEED = 0


@dataclass(frozen=True)
class Settings:
    d_model: int              # LayerNorm width, input and output of the block
    d_hidden: int             # the up-projection, 4x d_model as in a transformer's MLP
    batch: int
    tokens: int               # a 3-D input: Linear then shows the view around its matmul
    tlparse_timeout_s: float  # tlparse renders a trace of a few hundred kB in well under a second
    trace_timeout_s: float    # the traced compile, a child process: a cold compile of the block

    @property
    def input_shape(self) -> tuple[int, int, int]:
        return (self.batch, self.tokens, self.d_model)


SETTINGS = {
    # tiny: every graph and kernel reads at a glance, and the whole lab runs in the test suite
    "smoke": Settings(d_model=64, d_hidden=256, batch=4, tokens=16, tlparse_timeout_s=60,
                      trace_timeout_s=300),
    # transformer-MLP sized: the same graphs, with the tiling and vector widths of real shapes
    "full": Settings(d_model=256, d_hidden=1024, batch=8, tokens=128, tlparse_timeout_s=120,
                     trace_timeout_s=600),
}


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
