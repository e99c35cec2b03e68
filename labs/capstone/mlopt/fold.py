"""Conv + batch-norm folding, for inference.

In eval mode batch norm is an affine map per channel with fixed statistics,
    y = (conv(x) - mean) / sqrt(var + eps) * gamma + beta,
so it can live inside the convolution: scale each output channel's weights by
s = gamma / sqrt(var + eps) and give the convolution the bias (b - mean) * s + beta. The
batch-norm node disappears and with it one pass over the activation.

Training mode is refused: there batch norm normalizes with each batch's own statistics,
which no fixed weight can reproduce. A batch norm without affine parameters (affine=False)
folds with gamma = 1 and beta = 0. A transposed convolution keeps its output channels on the
weight's second axis, per group ((in, out/groups, k...)), so its scale is applied there.
"""

from __future__ import annotations

import copy
from typing import Any

import torch
from torch import fx, nn

from labs.capstone.mlopt.base import OptimizationPass, module_of, replace_submodule, uses_of_target


# --8<-- [start:fold]
def fold_conv_bn(conv: nn.modules.conv._ConvNd, bn: nn.modules.batchnorm._BatchNorm) -> nn.Module:
    """A new convolution equal to bn(conv(x)) in eval mode; computed in float64, stored in
    the convolution's dtype."""
    folded = copy.deepcopy(conv)
    dtype = conv.weight.dtype
    var = bn.running_var.double()
    gamma = bn.weight.double() if bn.weight is not None else torch.ones_like(var)     # affine=False
    beta = bn.bias.double() if bn.bias is not None else torch.zeros_like(var)
    scale = gamma / torch.sqrt(var + bn.eps)
    bias = conv.bias.double() if conv.bias is not None else torch.zeros_like(scale)
    with torch.no_grad():
        folded.weight = nn.Parameter(scale_output_channels(conv, scale).to(dtype))
        folded.bias = nn.Parameter(((bias - bn.running_mean.double()) * scale + beta).to(dtype))
    return folded


def scale_output_channels(conv: nn.modules.conv._ConvNd, scale: torch.Tensor) -> torch.Tensor:
    """conv's weight (float64) with each output channel's weights multiplied by its scale."""
    weight = conv.weight.double()
    kernel = (1,) * (weight.dim() - 2)
    if not conv.transposed:                           # (out, in/groups, k...)
        return weight * scale.view(-1, 1, *kernel)
    groups = conv.groups                              # (in, out/groups, k...): per group, axis 1
    grouped = weight.view(groups, weight.shape[0] // groups, weight.shape[1], *weight.shape[2:])
    return (grouped * scale.view(groups, 1, -1, *kernel)).view_as(weight)
# --8<-- [end:fold]


class ConvBatchNormFoldPass(OptimizationPass):
    key = "fold"

    def analyze(self, gm: fx.GraphModule) -> dict[str, Any]:
        pairs, refused = self._pairs(gm)
        return {"num_foldable_pairs": len(pairs), "pairs": [f"{c.target} + {b.target}" for c, b in pairs],
                "refused": refused}

    def apply(self, gm: fx.GraphModule) -> fx.GraphModule:
        pairs, _ = self._pairs(gm)
        for conv_node, bn_node in pairs:
            folded = fold_conv_bn(module_of(gm, conv_node), module_of(gm, bn_node))
            replace_submodule(gm, conv_node.target, folded)
            bn_node.replace_all_uses_with(conv_node)
            gm.graph.erase_node(bn_node)
        gm.delete_all_unused_submodules()
        return self.finish(gm)

    @staticmethod
    def _pairs(gm: fx.GraphModule) -> tuple[list[tuple[fx.Node, fx.Node]], list[str]]:
        """(conv, bn) node pairs that can fold, and why the others cannot."""
        pairs, refused = [], []
        for node in gm.graph.nodes:
            bn = module_of(gm, node)
            if not isinstance(bn, nn.modules.batchnorm._BatchNorm):
                continue
            source = node.args[0] if node.args else None
            conv = module_of(gm, source) if isinstance(source, fx.Node) else None
            reason = None
            if not isinstance(conv, nn.modules.conv._ConvNd):
                reason = "its input is not a convolution"
            elif bn.training or conv.training:
                reason = "training mode: batch norm uses the batch's statistics"
            elif not bn.track_running_stats or bn.running_var is None:
                reason = "no running statistics"
            elif len(source.users) != 1:
                reason = "the convolution's output is also used elsewhere"
            elif uses_of_target(gm, source.target) != 1 or uses_of_target(gm, node.target) != 1:
                reason = "a module called more than once"
            if reason:
                refused.append(f"{node.target}: {reason}")
            else:
                pairs.append((source, node))
        return pairs, refused
