"""Which scheduler node became which kernel: the IR dump joined with the wrapper's call().

A node after fusion either calls a library (its dump says `node.kernel = extern_kernels.mm`)
or is code Inductor generates. Generated nodes are matched to the kernel whose call in
call() first passes one of the buffers the node writes: a buffer's first user is its
writer. Several nodes can share one kernel: on CPU, consecutive nodes are emitted into
the same C++ function (one OpenMP region per loop nest) even when the scheduler did not
fuse them. Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from labs.common.inductor_output import SchedulerNode

_BUFFER = re.compile(r"\bbuf\d+\b")
NO_KERNEL = "-"  # a node no kernel call touches (a view, or a value computed inside another kernel)


@dataclass(frozen=True)
class FusionRow:
    node: str           # the post-fusion node, e.g. op0_op1_op2_op3
    kind: str           # its scheduler class
    members: str        # the pre-fusion nodes it holds, "op0 op1 op2 op3"
    n_members: int
    becomes: str        # kernel name, library call, or NO_KERNEL


def kernel_call_buffers(call_source: str, kernel_names: list[str]) -> list[tuple[str, set[str]]]:
    """(kernel, buffers named on its call line) for each generated-kernel call, in call order."""
    names = set(kernel_names)
    calls = []
    for line in call_source.splitlines():
        stripped = line.strip()
        head = re.match(r"(\w+)(?:\.run)?\(", stripped)
        if head and head.group(1) in names:
            calls.append((head.group(1), set(_BUFFER.findall(stripped))))
    return calls


def fusion_rows(post_fusion: list[SchedulerNode], call_source: str,
                kernel_names: list[str]) -> list[FusionRow]:
    calls = kernel_call_buffers(call_source, kernel_names)
    rows = []
    for node in post_fusion:
        if node.is_extern:
            becomes = node.extern_kernel or node.kind
        else:
            becomes = next((name for name, buffers in calls if buffers & set(node.buffers)), NO_KERNEL)
        rows.append(FusionRow(node=node.name, kind=node.kind, members=" ".join(node.members),
                              n_members=len(node.members), becomes=becomes))
    return rows
