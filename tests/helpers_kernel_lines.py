"""A small Triton softmax as Inductor writes it, and kernel_lines.describe run on a kernel's source
with the facts given: shared by the kernel_lines tests."""

from __future__ import annotations

from labs.common.inductor_output import Kernel
from labs.common.kernel_facts import kernel_lines
from labs.common.kernel_facts.records import KernelFacts, Step

SOFTMAX = '''\
@triton.jit
def triton_per_fused__softmax_0(in_ptr0, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 8
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 16*x0), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, float("-inf"))
    tmp4 = triton_helpers.max2(tmp3, 1)[:, None]
    tmp5 = tmp0 - tmp4
    tmp6 = tl_math.exp(tmp5)
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None]
    tmp11 = tmp6 / tmp10
    tl.store(out_ptr2 + (r0_1 + 16*x0), tmp11, xmask)
'''
BUFFERS = {"in_ptr0": "arg0_1", "out_ptr2": "buf2"}
INDEX = "r0_1 + 16*x0"


def facts_with_steps(steps: list[str], **fields) -> KernelFacts:
    return KernelFacts("triton_per_fused__softmax_0", "python", "triton_persistent", [], ["amax", "div"], "provenance",
                       steps=[Step(s, [s], None) for s in steps], **fields)


def described(source: str, step_pattern: str | None, steps: list[str], **fields) -> KernelFacts:
    facts = facts_with_steps(steps, **fields)
    kernel_lines.describe(facts, Kernel(facts.kernel, "python", source, 1), BUFFERS, step_pattern)
    return facts
