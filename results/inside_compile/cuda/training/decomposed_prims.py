class forward_and_backward(torch.nn.Module):
    def forward(self, params, x, grad_out):
        params_1: "f32[256]"; params_2: "f32[256]"; params_3: "f32[1024, 256]"; params_4: "f32[1024]"; params_5: "f32[256, 1024]"; params_6: "f32[256]"; x_1: "f32[8, 128, 256]"; grad_out_1: "f32[8, 128, 256]"; 

        params_1, params_2, params_3, params_4, params_5, params_6, x_1, grad_out_1, = fx_pytree.tree_flatten_spec([params, x, grad_out], self._in_spec)
        # No stacktrace found for following nodes
        var: "f32[8, 128]" = torch.ops.prims.var.default(x_1, [2], 0.0)
        broadcast_in_dim: "f32[8, 128, 1]" = torch.ops.prims.broadcast_in_dim.default(var, [8, 128, 1], [0, 1]);  var = None
        sum_1: "f32[8, 128]" = torch.ops.prims.sum.default(x_1, [2])
        broadcast_in_dim_1: "f32[8, 128, 1]" = torch.ops.prims.broadcast_in_dim.default(sum_1, [8, 128, 1], [0, 1]);  sum_1 = None
        div: "f32[8, 128, 1]" = torch.ops.prims.div.default(broadcast_in_dim_1, 256.0);  broadcast_in_dim_1 = None
        add: "f32[8, 128, 1]" = torch.ops.prims.add.default(broadcast_in_dim, 1e-05);  broadcast_in_dim = None
        rsqrt: "f32[8, 128, 1]" = torch.ops.prims.rsqrt.default(add);  add = None
        broadcast_in_dim_2: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(div, [8, 128, 256], [0, 1, 2])
        sub: "f32[8, 128, 256]" = torch.ops.prims.sub.default(x_1, broadcast_in_dim_2);  broadcast_in_dim_2 = None
        broadcast_in_dim_3: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(rsqrt, [8, 128, 256], [0, 1, 2])
        mul: "f32[8, 128, 256]" = torch.ops.prims.mul.default(sub, broadcast_in_dim_3);  sub = broadcast_in_dim_3 = None
        broadcast_in_dim_4: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(params_1, [8, 128, 256], [2])
        mul_1: "f32[8, 128, 256]" = torch.ops.prims.mul.default(mul, broadcast_in_dim_4);  mul = broadcast_in_dim_4 = None
        broadcast_in_dim_5: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(params_2, [8, 128, 256], [2]);  params_2 = None
        add_1: "f32[8, 128, 256]" = torch.ops.prims.add.default(mul_1, broadcast_in_dim_5);  mul_1 = broadcast_in_dim_5 = None
        collapse_view: "f32[1024, 256]" = torch.ops.prims.collapse_view.default(add_1, 0, 1);  add_1 = None
        transpose: "f32[256, 1024]" = torch.ops.prims.transpose.default(params_3, [1, 0]);  params_3 = None
        mm: "f32[1024, 1024]" = torch.ops.aten.mm.default(collapse_view, transpose)
        mul_2: "f32[1024, 1024]" = torch.ops.prims.mul.default(mm, 1.0);  mm = None
        mul_3: "f32[1024]" = torch.ops.prims.mul.default(params_4, 1.0);  params_4 = None
        broadcast_in_dim_6: "f32[1024, 1024]" = torch.ops.prims.broadcast_in_dim.default(mul_3, [1024, 1024], [1]);  mul_3 = None
        add_2: "f32[1024, 1024]" = torch.ops.prims.add.default(mul_2, broadcast_in_dim_6);  mul_2 = broadcast_in_dim_6 = None
        split_dim: "f32[8, 128, 1024]" = torch.ops.prims.split_dim.default(add_2, 0, 8);  add_2 = None
        mul_4: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, 0.5)
        mul_5: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, 0.7071067811865476)
        erf: "f32[8, 128, 1024]" = torch.ops.prims.erf.default(mul_5);  mul_5 = None
        add_3: "f32[8, 128, 1024]" = torch.ops.prims.add.default(erf, 1.0);  erf = None
        mul_6: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(mul_4, add_3);  mul_4 = add_3 = None
        collapse_view_1: "f32[1024, 1024]" = torch.ops.prims.collapse_view.default(mul_6, 0, 1);  mul_6 = None
        transpose_1: "f32[1024, 256]" = torch.ops.prims.transpose.default(params_5, [1, 0]);  params_5 = None
        mm_1: "f32[1024, 256]" = torch.ops.aten.mm.default(collapse_view_1, transpose_1)
        mul_7: "f32[1024, 256]" = torch.ops.prims.mul.default(mm_1, 1.0);  mm_1 = None
        mul_8: "f32[256]" = torch.ops.prims.mul.default(params_6, 1.0);  params_6 = None
        broadcast_in_dim_7: "f32[1024, 256]" = torch.ops.prims.broadcast_in_dim.default(mul_8, [1024, 256], [1]);  mul_8 = None
        add_4: "f32[1024, 256]" = torch.ops.prims.add.default(mul_7, broadcast_in_dim_7);  mul_7 = broadcast_in_dim_7 = None
        split_dim_1: "f32[8, 128, 256]" = torch.ops.prims.split_dim.default(add_4, 0, 8);  add_4 = None
        collapse_view_2: "f32[1024, 256]" = torch.ops.prims.collapse_view.default(grad_out_1, 0, 1);  grad_out_1 = None
        transpose_2: "f32[256, 1024]" = torch.ops.prims.transpose.default(transpose_1, [1, 0]);  transpose_1 = None
        mm_2: "f32[1024, 1024]" = torch.ops.aten.mm.default(collapse_view_2, transpose_2);  transpose_2 = None
        transpose_3: "f32[256, 1024]" = torch.ops.prims.transpose.default(collapse_view_2, [1, 0])
        mm_3: "f32[256, 1024]" = torch.ops.aten.mm.default(transpose_3, collapse_view_1);  transpose_3 = collapse_view_1 = None
        transpose_4: "f32[1024, 256]" = torch.ops.prims.transpose.default(mm_3, [1, 0]);  mm_3 = None
        sum_2: "f32[256]" = torch.ops.prims.sum.default(collapse_view_2, [0]);  collapse_view_2 = None
        broadcast_in_dim_8: "f32[1, 256]" = torch.ops.prims.broadcast_in_dim.default(sum_2, [1, 256], [1]);  sum_2 = None
        as_strided: "f32[256]" = torch.ops.aten.as_strided.default(broadcast_in_dim_8, [256], [1]);  broadcast_in_dim_8 = None
        transpose_5: "f32[256, 1024]" = torch.ops.prims.transpose.default(transpose_4, [1, 0]);  transpose_4 = None
        split_dim_2: "f32[8, 128, 1024]" = torch.ops.prims.split_dim.default(mm_2, 0, 8);  mm_2 = None
        mul_9: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, 0.7071067811865476)
        erf_1: "f32[8, 128, 1024]" = torch.ops.prims.erf.default(mul_9);  mul_9 = None
        add_5: "f32[8, 128, 1024]" = torch.ops.prims.add.default(erf_1, 1.0);  erf_1 = None
        mul_10: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(add_5, 0.5);  add_5 = None
        mul_11: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, split_dim)
        mul_12: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(mul_11, -0.5);  mul_11 = None
        exp: "f32[8, 128, 1024]" = torch.ops.prims.exp.default(mul_12);  mul_12 = None
        mul_13: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(exp, 0.3989422804014327);  exp = None
        mul_14: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, mul_13);  split_dim = mul_13 = None
        add_6: "f32[8, 128, 1024]" = torch.ops.prims.add.default(mul_10, mul_14);  mul_10 = mul_14 = None
        mul_15: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim_2, add_6);  split_dim_2 = add_6 = None
        collapse_view_3: "f32[1024, 1024]" = torch.ops.prims.collapse_view.default(mul_15, 0, 1);  mul_15 = None
        transpose_6: "f32[1024, 256]" = torch.ops.prims.transpose.default(transpose, [1, 0]);  transpose = None
        mm_4: "f32[1024, 256]" = torch.ops.aten.mm.default(collapse_view_3, transpose_6);  transpose_6 = None
        transpose_7: "f32[1024, 1024]" = torch.ops.prims.transpose.default(collapse_view_3, [1, 0])
        mm_5: "f32[1024, 256]" = torch.ops.aten.mm.default(transpose_7, collapse_view);  transpose_7 = collapse_view = None
        transpose_8: "f32[256, 1024]" = torch.ops.prims.transpose.default(mm_5, [1, 0]);  mm_5 = None
        sum_3: "f32[1024]" = torch.ops.prims.sum.default(collapse_view_3, [0]);  collapse_view_3 = None
        broadcast_in_dim_9: "f32[1, 1024]" = torch.ops.prims.broadcast_in_dim.default(sum_3, [1, 1024], [1]);  sum_3 = None
        as_strided_1: "f32[1024]" = torch.ops.aten.as_strided.default(broadcast_in_dim_9, [1024], [1]);  broadcast_in_dim_9 = None
        transpose_9: "f32[1024, 256]" = torch.ops.prims.transpose.default(transpose_8, [1, 0]);  transpose_8 = None
        split_dim_3: "f32[8, 128, 256]" = torch.ops.prims.split_dim.default(mm_4, 0, 8);  mm_4 = None
        broadcast_in_dim_10: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(div, [8, 128, 256], [0, 1, 2]);  div = None
        sub_1: "f32[8, 128, 256]" = torch.ops.prims.sub.default(x_1, broadcast_in_dim_10);  x_1 = broadcast_in_dim_10 = None
        broadcast_in_dim_11: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(rsqrt, [8, 128, 256], [0, 1, 2]);  rsqrt = None
        mul_16: "f32[8, 128, 256]" = torch.ops.prims.mul.default(sub_1, broadcast_in_dim_11);  sub_1 = broadcast_in_dim_11 = None
        broadcast_in_dim_12: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(params_1, [8, 128, 256], [2]);  params_1 = None
        mul_17: "f32[8, 128, 256]" = torch.ops.prims.mul.default(split_dim_3, broadcast_in_dim_12);  broadcast_in_dim_12 = None
        mul_18: "f32[8, 128, 256]" = torch.ops.prims.mul.default(mul_17, 256.0)
        sum_4: "f32[8, 128]" = torch.ops.prims.sum.default(mul_17, [2])
        broadcast_in_dim_13: "f32[8, 128, 1]" = torch.ops.prims.broadcast_in_dim.default(sum_4, [8, 128, 1], [0, 1]);  sum_4 = None
        mul_19: "f32[8, 128, 256]" = torch.ops.prims.mul.default(mul_17, mul_16);  mul_17 = None
        sum_5: "f32[8, 128]" = torch.ops.prims.sum.default(mul_19, [2]);  mul_19 = None
        broadcast_in_dim_14: "f32[8, 128, 1]" = torch.ops.prims.broadcast_in_dim.default(sum_5, [8, 128, 1], [0, 1]);  sum_5 = None
        broadcast_in_dim_15: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(broadcast_in_dim_14, [8, 128, 256], [0, 1, 2]);  broadcast_in_dim_14 = None
        mul_20: "f32[8, 128, 256]" = torch.ops.prims.mul.default(mul_16, broadcast_in_dim_15);  broadcast_in_dim_15 = None
        broadcast_in_dim_16: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(broadcast_in_dim_13, [8, 128, 256], [0, 1, 2]);  broadcast_in_dim_13 = None
        sub_2: "f32[8, 128, 256]" = torch.ops.prims.sub.default(mul_18, broadcast_in_dim_16);  mul_18 = broadcast_in_dim_16 = None
        sub_3: "f32[8, 128, 256]" = torch.ops.prims.sub.default(sub_2, mul_20);  sub_2 = mul_20 = sub_3 = None
        mul_21: "f32[8, 128, 256]" = torch.ops.prims.mul.default(split_dim_3, mul_16);  mul_16 = None
        sum_6: "f32[256]" = torch.ops.prims.sum.default(mul_21, [0, 1]);  mul_21 = None
        sum_7: "f32[256]" = torch.ops.prims.sum.default(split_dim_3, [0, 1]);  split_dim_3 = None
        return pytree.tree_unflatten([split_dim_1, sum_6, sum_7, transpose_9, as_strided_1, transpose_5, as_strided], self._out_spec)
