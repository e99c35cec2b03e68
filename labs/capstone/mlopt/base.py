"""What every mlopt pass is: `analyze` says what it would change, `apply` changes it.

`analyze` never mutates the graph, so a pipeline (or a learner) can look before it leaps;
`apply` rewrites the graph in place, lints it and recompiles the module's Python code.
Whether a pass pays off is not a property of the pass: the pipeline measures it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import torch
from torch import fx


class OptimizationPass(ABC):
    #: the name the command line and reports use ("fusion", "fold", "dce")
    key: str = ""

    def name(self) -> str:
        return self.key

    @abstractmethod
    def analyze(self, gm: fx.GraphModule) -> dict[str, Any]:
        """What `apply` would do to this graph: counts and the nodes involved. Read-only."""

    @abstractmethod
    def apply(self, gm: fx.GraphModule) -> fx.GraphModule:
        """Rewrite `gm` in place and return it."""

    @staticmethod
    def finish(gm: fx.GraphModule) -> fx.GraphModule:
        gm.graph.lint()
        gm.recompile()
        return gm


def module_of(gm: fx.GraphModule, node: fx.Node) -> torch.nn.Module | None:
    return gm.get_submodule(node.target) if node.op == "call_module" else None


def replace_submodule(gm: fx.GraphModule, target: str, module: torch.nn.Module) -> None:
    parent_name, _, leaf = target.rpartition(".")
    parent = gm.get_submodule(parent_name) if parent_name else gm
    setattr(parent, leaf, module)


def uses_of_target(gm: fx.GraphModule, target: str) -> int:
    """How many call_module nodes call this submodule: a module called twice is shared, and
    rewriting its weights would change both calls."""
    return sum(1 for n in gm.graph.nodes if n.op == "call_module" and n.target == target)
