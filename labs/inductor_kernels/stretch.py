"""The seed's export stretch goal: the FX graph `torch.export.export` captures.

(max-autotune, the other stretch goal that is not a kernel, is timed in parts_timing.py.)
"""

from __future__ import annotations

import torch


def exported_graph(model: torch.nn.Module, example: torch.Tensor) -> str:
    """The ATen-level FX graph `torch.export.export` captures, as readable Python."""
    exported = torch.export.export(model, (example,))
    return exported.graph_module.print_readable(print_output=False)
