"""Triton kernels written as Inductor writes them, for the kernel-facts tests (the GPU fixtures
bring real ones)."""

# The shape of Inductor's looped online softmax (a row too long for one block), as torch 2.11
# writes it for CUDA.
ONLINE_LOOPED = """\
@triton.jit
def triton_red_fused__softmax_0(in_ptr0, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 8
    r0_numel = 50000
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    _tmp2_max = tl.full([XBLOCK, R0_BLOCK], float('-inf'), tl.float32)
    _tmp2_sum = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 50000*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        _tmp2_max_next, _tmp2_sum_next = triton_helpers.online_softmax_combine(
            _tmp2_max, _tmp2_sum, tmp1, False
        )
        _tmp2_max = tl.where(r0_mask & xmask, _tmp2_max_next, _tmp2_max)
        _tmp2_sum = tl.where(r0_mask & xmask, _tmp2_sum_next, _tmp2_sum)
    tmp2, tmp3 = triton_helpers.online_softmax_reduce(
        _tmp2_max, _tmp2_sum, 1, False)
    tmp2 = tmp2[:, None]
    tmp3 = tmp3[:, None]
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        r0_1 = r0_index
        tmp4 = tl.load(in_ptr0 + (r0_1 + 50000*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp5 = tmp4 - tmp2
        tmp6 = libdevice.exp(tmp5)
        tmp7 = (tmp6 / tmp3)
        tl.store(out_ptr2 + (r0_1 + 50000*x0), tmp7, r0_mask & xmask)
"""


# The second half of a log-softmax split over two kernels, as a GPU may compile a loss: the
# row max and sum come from the first kernel as inputs, this one takes the log and subtracts.
SECOND_HALF = """\
@triton.jit
def triton_per_fused_nll_loss_forward_1(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_0 = r0_index
    tmp0 = tl.load(in_ptr0 + (r0_0), None)
    tmp7 = tl.load(in_ptr2 + (r0_0), None)
    tmp9 = tl.load(in_ptr3 + (r0_0), None)
    tmp1 = tl.full([1, 1], -100, tl.int64)
    tmp2 = tmp0 != tmp1
    tmp3 = tl.full([1, 1], 0, tl.int64)
    tmp4 = tl.where(tmp2, tmp0, tmp3)
    tmp6 = tl.load(in_ptr1 + (tmp4 + 100*r0_0), None)
    tmp8 = tmp6 - tmp7
    tmp10 = tl_math.log(tmp9)
    tmp11 = tmp8 - tmp10
    tmp12 = -tmp11
    tmp13 = tl.where(tmp2, tmp12, 0.0)
    tmp14 = tl.sum(tmp13, 1)[:, None]
    tl.store(in_out_ptr0 + (tl.full([1, 1], 0, tl.int32)), tmp14, None)
"""
