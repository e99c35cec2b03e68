"""Dead-code elimination: drop nodes whose result nobody uses and whose call changes nothing.

Walking the graph backwards removes a whole dead chain in one sweep: when a node goes, its
inputs may lose their last user and are examined next. A node that writes into a tensor
(`x.add_(1)`, `relu(x, inplace=True)`, a module built with `inplace=True`) is kept even with no
users: the write is its effect.
"""

from __future__ import annotations

from typing import Any

from torch import fx

from labs.capstone.mlopt.base import OptimizationPass, module_of


def mutates(gm: fx.GraphModule, node: fx.Node) -> bool:
    if node.kwargs.get("inplace") is True:
        return True
    if node.op == "call_method":
        return str(node.target).endswith("_")
    if node.op == "call_function":
        name = getattr(node.target, "__name__", "")
        schema = getattr(node.target, "_schema", None)
        return name.endswith("_") or bool(schema and schema.is_mutable)
    if node.op == "call_module":
        return bool(getattr(module_of(gm, node), "inplace", False))
    return False


class DeadCodePass(OptimizationPass):
    key = "dce"

    def analyze(self, gm: fx.GraphModule) -> dict[str, Any]:
        dead = self._dead(gm)
        return {"num_dead_nodes": len(dead), "dead": [n.name for n in dead]}

    def apply(self, gm: fx.GraphModule) -> fx.GraphModule:
        for node in reversed(self._dead(gm)):  # users before the nodes they use
            gm.graph.erase_node(node)
        gm.delete_all_unused_submodules()
        return self.finish(gm)

    @staticmethod
    def _dead(gm: fx.GraphModule) -> list[fx.Node]:
        """What `apply` would remove, found without touching the graph: a node is dead when
        every one of its users is dead."""
        dead: set[fx.Node] = set()
        for node in reversed(list(gm.graph.nodes)):
            if (node.op in ("call_function", "call_method", "call_module", "get_attr")
                    and all(user in dead for user in node.users)
                    and not node.is_impure() and not mutates(gm, node)):
                dead.add(node)
        return [n for n in gm.graph.nodes if n in dead]
