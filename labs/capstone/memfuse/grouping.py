"""Fusion groups in a Dynamo graph, and the rewrite that sends Linear + GELU to one kernel.

Two kinds of group:
- `linear_gelu`: a linear whose only user is a GELU. Replaced by `capstone::fused_linear_gelu`,
  whose CUDA kernel computes x @ W^T + b and the GELU in registers: the pre-activation
  tensor (M x N, the largest in a transformer's MLP) is never written to memory.
- `elementwise`: chains of element-wise ops (mlopt's fusion rule). Left to the fallback:
  Inductor fuses them itself; eager runs them one by one.

The linear's output must have no other user: if something else reads the pre-activation,
it has to exist in memory anyway, and fusing would drop it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import fx

from labs.capstone.memfuse.liveness import value_of
from labs.capstone.memfuse.ops import FUSED_OP
from labs.capstone.mlopt.fusion import FusionPass, describe

LINEAR_TARGETS = {F.linear, torch.ops.aten.linear.default}
GELU_TARGETS = {F.gelu, torch.ops.aten.gelu.default}


@dataclass
class FusionGroup:
    kind: str                        # "linear_gelu" or "elementwise"
    ops: str                         # "linear → gelu(tanh)"
    nodes: list[str]                 # node names, in graph order
    device: str                      # where the group's tensors live
    shape: tuple[int, ...] = ()      # the group's output shape
    extra: dict = field(default_factory=dict)

    def dispatch(self, fallback: str, device: str | None = None) -> str:
        """What runs this group on `device` (its own by default): an identifier for tables."""
        if self.kind == "linear_gelu":
            return TRITON if (device or self.device) == "cuda" else "aten: linear + gelu"
        return fallback


TRITON = "triton: fused_linear_gelu_kernel"


def _arg(node: fx.Node, position: int, name: str, default=None):
    if len(node.args) > position:
        return node.args[position]
    return node.kwargs.get(name, default)


def _device(node: fx.Node) -> str:
    value = value_of(node)
    return value.device.type if isinstance(value, torch.Tensor) else "cpu"


def _shape(node: fx.Node) -> tuple[int, ...]:
    value = value_of(node)
    return tuple(int(s) if isinstance(s, int) else -1 for s in value.shape) if isinstance(value, torch.Tensor) else ()


def linear_gelu_pairs(gm: fx.GraphModule) -> list[tuple[fx.Node, fx.Node]]:
    pairs = []
    for node in gm.graph.nodes:
        if node.op != "call_function" or node.target not in LINEAR_TARGETS or len(node.users) != 1:
            continue
        (user,) = node.users
        if user.op == "call_function" and user.target in GELU_TARGETS and _arg(user, 0, "input") is node:
            pairs.append((node, user))
    return pairs


def fuse_linear_gelu(gm: fx.GraphModule) -> list[FusionGroup]:
    """Replace every linear -> gelu pair by the fused operator; return the groups replaced."""
    groups = []
    for linear, gelu in linear_gelu_pairs(gm):
        approximate = _arg(gelu, 1, "approximate", "none")
        args = (_arg(linear, 0, "input"), _arg(linear, 1, "weight"), _arg(linear, 2, "bias"), approximate)
        with gm.graph.inserting_before(gelu):
            fused = gm.graph.call_function(FUSED_OP, args)
        fused.meta.update({k: v for k, v in gelu.meta.items() if k in ("example_value", "val", "stack_trace")})
        groups.append(FusionGroup("linear_gelu", f"linear → gelu({approximate})", [linear.name, gelu.name],
                                  _device(gelu), _shape(gelu), {"replaced_by": fused.name}))
        gelu.replace_all_uses_with(fused)
        gm.graph.erase_node(gelu)
        gm.graph.erase_node(linear)
    gm.graph.lint()
    gm.recompile()
    return groups


def elementwise_groups(gm: fx.GraphModule) -> list[FusionGroup]:
    return [FusionGroup("elementwise", " → ".join(describe(gm, n) for n in chain), [n.name for n in chain],
                        _device(chain[-1]), _shape(chain[-1]))
            for chain in FusionPass().find_chains(gm)]
