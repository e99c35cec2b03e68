"""Fusion of element-wise chains: relu(x + y) becomes one node that keeps x and y.

A chain grows from an element-wise node through its only user while that user is
element-wise too; chains of two or more become a `FusedElementwise` submodule. The submodule
is a copy of the chain's own nodes, so every input and keyword argument of every node in the
chain survives (`add(a, b, alpha=2)` keeps `b` and `alpha`), which a rewrite that keeps only
the first node's first argument would silently drop.

In-place operations (`add_`, `mul_`, `relu(inplace=True)`) write into a tensor another node
may read. The fused node runs where the chain's last node was, so every node of the chain moves
later; an in-place node joins a chain only when the tensor it writes has no reader but itself
(then no one can see the write move), and a chain is refused when an in-place node outside it
lies between its first and last nodes (moving the chain past that write could change what it
reads). `analyze` lists each refusal with its reason.

In eager mode a fused node still runs its ops one by one: grouping is what a code generator
needs to emit one kernel (memfuse and Inductor do that); this pass on its own changes the
graph's shape, and the pipeline measures what that is worth.
"""

from __future__ import annotations

import operator
from typing import Any

import torch
import torch.nn.functional as F
from torch import fx, nn

from labs.capstone.mlopt.base import OptimizationPass

ELEMENTWISE_FUNCTIONS = {
    torch.relu, torch.sigmoid, torch.tanh, torch.exp, torch.neg, torch.add, torch.mul, torch.sub,
    torch.div, F.relu, F.gelu, F.silu, F.sigmoid, F.tanh, operator.add, operator.mul,
    operator.sub, operator.truediv, operator.neg,
}
ELEMENTWISE_ATEN = {
    "relu", "relu_", "sigmoid", "tanh", "gelu", "silu", "exp", "neg", "add", "add_", "mul", "mul_",
    "sub", "div",
}
ELEMENTWISE_METHODS = {"relu", "relu_", "sigmoid", "tanh", "exp", "neg", "add", "add_", "mul", "mul_",
                       "sub", "div"}
ELEMENTWISE_MODULES = (nn.ReLU, nn.GELU, nn.SiLU, nn.Sigmoid, nn.Tanh)
# Python operators also do arithmetic on sizes (x.size(0) + 1): those are not tensors.
NON_TENSOR_METHODS = {"size", "dim", "numel", "item", "tolist"}
FUSED_CLASS = "FusedElementwise"


def produces_tensor(node: fx.Node) -> bool:
    """Whether `node` yields a tensor: from shape-propagation metadata when there is some,
    else from the graph (inputs are tensors; sizes and Python scalars are not)."""
    for key in ("tensor_meta", "val", "example_value"):
        if key in node.meta:
            return isinstance(node.meta[key], torch.Tensor) or type(node.meta[key]).__name__ == "TensorMetadata"
    if node.op == "placeholder":
        return True
    if node.op == "call_method" and node.target in NON_TENSOR_METHODS:
        return False
    if node.op == "call_function" and node.target in (operator.add, operator.mul, operator.sub,
                                                      operator.truediv, operator.neg):
        return any(produces_tensor(arg) for arg in node.all_input_nodes)
    return True


def is_elementwise(gm: fx.GraphModule, node: fx.Node) -> bool:
    if node.op == "call_function":
        if isinstance(node.target, torch._ops.OpOverload):
            matched = node.target._opname in ELEMENTWISE_ATEN
        else:
            matched = node.target in ELEMENTWISE_FUNCTIONS
    elif node.op == "call_method":
        matched = node.target in ELEMENTWISE_METHODS
    elif node.op == "call_module":
        matched = isinstance(gm.get_submodule(node.target), ELEMENTWISE_MODULES)
    else:
        return False
    return matched and produces_tensor(node)


def mutates(gm: fx.GraphModule, node: fx.Node) -> bool:
    """Whether `node` writes into its first argument (an in-place operation)."""
    if node.op == "call_module":
        return bool(getattr(gm.get_submodule(node.target), "inplace", False))
    if node.op == "call_method":
        return str(node.target).endswith("_") and not str(node.target).startswith("_")
    if node.op == "call_function":
        if node.kwargs.get("inplace"):
            return True
        if isinstance(node.target, torch._ops.OpOverload):
            return node.target._schema.is_mutable
        name = getattr(node.target, "__name__", "")
        return (name.endswith("_") and not name.startswith("_")) or node.target in INPLACE_OPERATORS
    return False


INPLACE_OPERATORS = {operator.iadd, operator.imul, operator.isub, operator.itruediv}


def write_is_private(gm: fx.GraphModule, node: fx.Node) -> bool:
    """An in-place node's write cannot be seen by another node: the tensor it writes has no
    other reader. True for every node that writes nothing."""
    if not mutates(gm, node):
        return True
    target = node.args[0] if node.args else None
    return isinstance(target, fx.Node) and set(target.users) == {node}


def describe(gm: fx.GraphModule, node: fx.Node) -> str:
    if node.op == "call_module":
        return type(gm.get_submodule(node.target)).__name__
    if node.op == "call_method":
        return f".{node.target}"
    return getattr(node.target, "__name__", str(node.target))


class FusionPass(OptimizationPass):
    key = "fusion"

    def analyze(self, gm: fx.GraphModule) -> dict[str, Any]:
        chains, refused = self._chains(gm)
        return {
            "num_fusible_groups": len(chains),
            "total_fusible_ops": sum(len(chain) for chain in chains),
            "groups": [" → ".join(describe(gm, n) for n in chain) for chain in chains],
            "refused": refused,
        }

    def apply(self, gm: fx.GraphModule) -> fx.GraphModule:
        for index, chain in enumerate(self.find_chains(gm)):
            self._fuse(gm, chain, self._free_name(gm, index))
        return self.finish(gm)

    def find_chains(self, gm: fx.GraphModule) -> list[list[fx.Node]]:
        return self._chains(gm)[0]

    def _chains(self, gm: fx.GraphModule) -> tuple[list[list[fx.Node]], list[str]]:
        """The chains that can fuse, and why the others cannot."""
        chains, taken, refused = [], set(), []
        order = {node: index for index, node in enumerate(gm.graph.nodes)}
        for node in gm.graph.nodes:
            if node in taken or not is_elementwise(gm, node):
                continue
            if not write_is_private(gm, node):
                refused.append(f"{node.name}: in place on a tensor other nodes read")
                continue
            chain = [node]
            while len(chain[-1].users) == 1:
                (user,) = chain[-1].users
                if user in taken or user in chain or not is_elementwise(gm, user):
                    break
                if not write_is_private(gm, user):
                    refused.append(f"{user.name}: in place on a tensor other nodes read")
                    break
                chain.append(user)
            taken.update(chain)
            if len(chain) < 2:
                continue
            between = [n for n in gm.graph.nodes if order[chain[0]] < order[n] < order[chain[-1]]
                       and n not in chain and mutates(gm, n)]
            if between:
                refused.append(f"{' → '.join(n.name for n in chain)}: {between[0].name} writes in place "
                               "between its first and last node")
                continue
            chains.append(chain)
        return chains, refused

    @staticmethod
    def _free_name(gm: fx.GraphModule, index: int) -> str:
        name = f"fused_elementwise_{index}"
        while hasattr(gm, name):
            index += 1000  # a graph fused before: keep the old submodules' names
            name = f"fused_elementwise_{index}"
        return name

    # --8<-- [start:fuse]
    @staticmethod
    def _fuse(gm: fx.GraphModule, chain: list[fx.Node], name: str) -> None:
        """Copy the chain into its own graph; its outside inputs become placeholders, in order
        of first use, and the new node passes them in that order."""
        sub = fx.Graph()
        copies: dict[fx.Node, fx.Node] = {}
        outside: dict[fx.Node, fx.Node] = {}

        def remap(arg: fx.Node) -> fx.Node:
            if arg in copies:
                return copies[arg]
            if arg not in outside:
                outside[arg] = sub.placeholder(f"input_{len(outside)}")
            return outside[arg]

        for node in chain:
            copies[node] = sub.node_copy(node, remap)
        sub.output(copies[chain[-1]])
        fused = fx.GraphModule(gm, sub, class_name=FUSED_CLASS)  # copies the modules it calls
        fused.fused_ops = [describe(gm, n) for n in chain]
        gm.add_submodule(name, fused)
        with gm.graph.inserting_before(chain[-1]):
            new = gm.graph.call_module(name, tuple(outside))
        chain[-1].replace_all_uses_with(new)
        for node in reversed(chain):
            gm.graph.erase_node(node)
        gm.delete_all_unused_submodules()
    # --8<-- [end:fuse]
