class forward(torch.nn.Module):
    def forward(self, params, x):
        params_1: "f32[256]"; params_2: "f32[256]"; params_3: "f32[1024, 256]"; params_4: "f32[1024]"; params_5: "f32[256, 1024]"; params_6: "f32[256]"; x_1: "f32[8, 128, 256]"; 

        params_1, params_2, params_3, params_4, params_5, params_6, x_1, = fx_pytree.tree_flatten_spec([params, x], self._in_spec)
        # No stacktrace found for following nodes
        var: "f32[8, 128]" = torch.ops.prims.var.default(x_1, [2], 0.0)
        broadcast_in_dim: "f32[8, 128, 1]" = torch.ops.prims.broadcast_in_dim.default(var, [8, 128, 1], [0, 1]);  var = None
        sum_1: "f32[8, 128]" = torch.ops.prims.sum.default(x_1, [2])
        broadcast_in_dim_1: "f32[8, 128, 1]" = torch.ops.prims.broadcast_in_dim.default(sum_1, [8, 128, 1], [0, 1]);  sum_1 = None
        div: "f32[8, 128, 1]" = torch.ops.prims.div.default(broadcast_in_dim_1, 256.0);  broadcast_in_dim_1 = None
        add: "f32[8, 128, 1]" = torch.ops.prims.add.default(broadcast_in_dim, 1e-05);  broadcast_in_dim = None
        rsqrt: "f32[8, 128, 1]" = torch.ops.prims.rsqrt.default(add);  add = None
        broadcast_in_dim_2: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(div, [8, 128, 256], [0, 1, 2]);  div = None
        sub: "f32[8, 128, 256]" = torch.ops.prims.sub.default(x_1, broadcast_in_dim_2);  x_1 = broadcast_in_dim_2 = None
        broadcast_in_dim_3: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(rsqrt, [8, 128, 256], [0, 1, 2]);  rsqrt = None
        mul: "f32[8, 128, 256]" = torch.ops.prims.mul.default(sub, broadcast_in_dim_3);  sub = broadcast_in_dim_3 = None
        broadcast_in_dim_4: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(params_1, [8, 128, 256], [2]);  params_1 = None
        mul_1: "f32[8, 128, 256]" = torch.ops.prims.mul.default(mul, broadcast_in_dim_4);  mul = broadcast_in_dim_4 = None
        broadcast_in_dim_5: "f32[8, 128, 256]" = torch.ops.prims.broadcast_in_dim.default(params_2, [8, 128, 256], [2]);  params_2 = None
        add_1: "f32[8, 128, 256]" = torch.ops.prims.add.default(mul_1, broadcast_in_dim_5);  mul_1 = broadcast_in_dim_5 = None
        collapse_view: "f32[1024, 256]" = torch.ops.prims.collapse_view.default(add_1, 0, 1);  add_1 = None
        transpose: "f32[256, 1024]" = torch.ops.prims.transpose.default(params_3, [1, 0]);  params_3 = None
        mm: "f32[1024, 1024]" = torch.ops.aten.mm.default(collapse_view, transpose);  collapse_view = transpose = None
        mul_2: "f32[1024, 1024]" = torch.ops.prims.mul.default(mm, 1.0);  mm = None
        mul_3: "f32[1024]" = torch.ops.prims.mul.default(params_4, 1.0);  params_4 = None
        broadcast_in_dim_6: "f32[1024, 1024]" = torch.ops.prims.broadcast_in_dim.default(mul_3, [1024, 1024], [1]);  mul_3 = None
        add_2: "f32[1024, 1024]" = torch.ops.prims.add.default(mul_2, broadcast_in_dim_6);  mul_2 = broadcast_in_dim_6 = None
        split_dim: "f32[8, 128, 1024]" = torch.ops.prims.split_dim.default(add_2, 0, 8);  add_2 = None
        mul_4: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, 0.5)
        mul_5: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(split_dim, 0.7071067811865476);  split_dim = None
        erf: "f32[8, 128, 1024]" = torch.ops.prims.erf.default(mul_5);  mul_5 = None
        add_3: "f32[8, 128, 1024]" = torch.ops.prims.add.default(erf, 1.0);  erf = None
        mul_6: "f32[8, 128, 1024]" = torch.ops.prims.mul.default(mul_4, add_3);  mul_4 = add_3 = None
        collapse_view_1: "f32[1024, 1024]" = torch.ops.prims.collapse_view.default(mul_6, 0, 1);  mul_6 = None
        transpose_1: "f32[1024, 256]" = torch.ops.prims.transpose.default(params_5, [1, 0]);  params_5 = None
        mm_1: "f32[1024, 256]" = torch.ops.aten.mm.default(collapse_view_1, transpose_1);  collapse_view_1 = transpose_1 = None
        mul_7: "f32[1024, 256]" = torch.ops.prims.mul.default(mm_1, 1.0);  mm_1 = None
        mul_8: "f32[256]" = torch.ops.prims.mul.default(params_6, 1.0);  params_6 = None
        broadcast_in_dim_7: "f32[1024, 256]" = torch.ops.prims.broadcast_in_dim.default(mul_8, [1024, 256], [1]);  mul_8 = None
        add_4: "f32[1024, 256]" = torch.ops.prims.add.default(mul_7, broadcast_in_dim_7);  mul_7 = broadcast_in_dim_7 = None
        split_dim_1: "f32[8, 128, 256]" = torch.ops.prims.split_dim.default(add_4, 0, 8);  add_4 = None
        return pytree.tree_unflatten([split_dim_1], self._out_spec)
