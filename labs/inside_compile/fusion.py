"""Which scheduler node became which kernel: the IR dump joined with the wrapper's call().

A node after fusion either calls a library (its dump says `node.kernel = extern_kernels.mm`)
or is code Inductor generates. Generated nodes are matched to the kernel whose call in
call() first passes one of the buffers the node writes: a buffer's first user is its
writer. Several nodes can share one kernel: on CPU, consecutive nodes are emitted into
the same C++ function (one OpenMP region per loop nest) even when the scheduler did not
fuse them. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from labs.common.inductor_output import SchedulerNode

NO_KERNEL = "-"  # a node no kernel call touches (a view, or a value computed inside another kernel)


@dataclass(frozen=True)
class FusionRow:
    node: str           # the post-fusion node, e.g. op0_op1_op2_op3
    kind: str           # its scheduler class
    members: str        # the pre-fusion nodes it holds, "op0 op1 op2 op3"
    n_members: int
    becomes: str        # kernel name, library call, or NO_KERNEL


def fusion_rows(post_fusion: list[SchedulerNode],
                calls: list[tuple[str, set[str]]]) -> list[FusionRow]:
    """One row per post-fusion node; `calls` is `inductor_output.kernel_calls` of the wrapper."""
    rows = []
    for node in post_fusion:
        if node.is_extern:
            becomes = node.extern_kernel or node.kind
        else:
            becomes = next((name for name, buffers in calls if buffers & set(node.buffers)), NO_KERNEL)
        rows.append(FusionRow(node=node.name, kind=node.kind, members=" ".join(node.members),
                              n_members=len(node.members), becomes=becomes))
    return rows
