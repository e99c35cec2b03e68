class forward_and_backward(torch.nn.Module):
    def forward(self, params, x, grad_out):
        params_1: "f32[256]"; params_2: "f32[256]"; params_3: "f32[1024, 256]"; params_4: "f32[1024]"; params_5: "f32[256, 1024]"; params_6: "f32[256]"; x_1: "f32[8, 128, 256]"; grad_out_1: "f32[8, 128, 256]"; 

        params_1, params_2, params_3, params_4, params_5, params_6, x_1, grad_out_1, = fx_pytree.tree_flatten_spec([params, x, grad_out], self._in_spec)
        # No stacktrace found for following nodes
        native_layer_norm = torch.ops.aten.native_layer_norm.default(x_1, [256], params_1, params_2, 1e-05);  params_2 = None
        getitem: "f32[8, 128, 256]" = native_layer_norm[0]
        getitem_1: "f32[8, 128, 1]" = native_layer_norm[1]
        getitem_2: "f32[8, 128, 1]" = native_layer_norm[2];  native_layer_norm = None
        view: "f32[1024, 256]" = torch.ops.aten.view.default(getitem, [1024, 256]);  getitem = None
        permute: "f32[256, 1024]" = torch.ops.aten.permute.default(params_3, [1, 0]);  params_3 = None
        addmm: "f32[1024, 1024]" = torch.ops.aten.addmm.default(params_4, view, permute);  params_4 = None
        view_1: "f32[8, 128, 1024]" = torch.ops.aten.view.default(addmm, [8, 128, 1024]);  addmm = None
        gelu: "f32[8, 128, 1024]" = torch.ops.aten.gelu.default(view_1)
        view_2: "f32[1024, 1024]" = torch.ops.aten.view.default(gelu, [1024, 1024]);  gelu = None
        permute_1: "f32[1024, 256]" = torch.ops.aten.permute.default(params_5, [1, 0]);  params_5 = None
        addmm_1: "f32[1024, 256]" = torch.ops.aten.addmm.default(params_6, view_2, permute_1);  params_6 = None
        view_3: "f32[8, 128, 256]" = torch.ops.aten.view.default(addmm_1, [8, 128, 256]);  addmm_1 = None
        view_4: "f32[1024, 256]" = torch.ops.aten.view.default(grad_out_1, [1024, 256]);  grad_out_1 = None
        permute_2: "f32[256, 1024]" = torch.ops.aten.permute.default(permute_1, [1, 0]);  permute_1 = None
        mm: "f32[1024, 1024]" = torch.ops.aten.mm.default(view_4, permute_2);  permute_2 = None
        permute_3: "f32[256, 1024]" = torch.ops.aten.permute.default(view_4, [1, 0])
        mm_1: "f32[256, 1024]" = torch.ops.aten.mm.default(permute_3, view_2);  permute_3 = view_2 = None
        permute_4: "f32[1024, 256]" = torch.ops.aten.permute.default(mm_1, [1, 0]);  mm_1 = None
        sum_1: "f32[1, 256]" = torch.ops.aten.sum.dim_IntList(view_4, [0], True);  view_4 = None
        view_5: "f32[256]" = torch.ops.aten.view.default(sum_1, [256]);  sum_1 = None
        permute_5: "f32[256, 1024]" = torch.ops.aten.permute.default(permute_4, [1, 0]);  permute_4 = None
        view_6: "f32[8, 128, 1024]" = torch.ops.aten.view.default(mm, [8, 128, 1024]);  mm = None
        mul: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.7071067811865476)
        erf: "f32[8, 128, 1024]" = torch.ops.aten.erf.default(mul);  mul = None
        add: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_1: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(add, 0.5);  add = None
        mul_2: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, view_1)
        mul_3: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(mul_2, -0.5);  mul_2 = None
        exp: "f32[8, 128, 1024]" = torch.ops.aten.exp.default(mul_3);  mul_3 = None
        mul_4: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(exp, 0.3989422804014327);  exp = None
        mul_5: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, mul_4);  view_1 = mul_4 = None
        add_1: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(mul_1, mul_5);  mul_1 = mul_5 = None
        mul_6: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_6, add_1);  view_6 = add_1 = None
        view_7: "f32[1024, 1024]" = torch.ops.aten.view.default(mul_6, [1024, 1024]);  mul_6 = None
        permute_6: "f32[1024, 256]" = torch.ops.aten.permute.default(permute, [1, 0]);  permute = None
        mm_2: "f32[1024, 256]" = torch.ops.aten.mm.default(view_7, permute_6);  permute_6 = None
        permute_7: "f32[1024, 1024]" = torch.ops.aten.permute.default(view_7, [1, 0])
        mm_3: "f32[1024, 256]" = torch.ops.aten.mm.default(permute_7, view);  permute_7 = view = None
        permute_8: "f32[256, 1024]" = torch.ops.aten.permute.default(mm_3, [1, 0]);  mm_3 = None
        sum_2: "f32[1, 1024]" = torch.ops.aten.sum.dim_IntList(view_7, [0], True);  view_7 = None
        view_8: "f32[1024]" = torch.ops.aten.view.default(sum_2, [1024]);  sum_2 = None
        permute_9: "f32[1024, 256]" = torch.ops.aten.permute.default(permute_8, [1, 0]);  permute_8 = None
        view_9: "f32[8, 128, 256]" = torch.ops.aten.view.default(mm_2, [8, 128, 256]);  mm_2 = None
        sub: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(x_1, getitem_1);  x_1 = getitem_1 = None
        mul_7: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(sub, getitem_2);  sub = getitem_2 = None
        mul_8: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(view_9, params_1);  params_1 = None
        mul_9: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(mul_8, 256)
        sum_3: "f32[8, 128, 1]" = torch.ops.aten.sum.dim_IntList(mul_8, [2], True)
        mul_10: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(mul_8, mul_7);  mul_8 = None
        sum_4: "f32[8, 128, 1]" = torch.ops.aten.sum.dim_IntList(mul_10, [2], True);  mul_10 = None
        mul_11: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(mul_7, sum_4);  sum_4 = None
        sub_1: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(mul_9, sum_3);  mul_9 = sum_3 = None
        sub_2: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(sub_1, mul_11);  sub_1 = mul_11 = sub_2 = None
        mul_12: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(view_9, mul_7);  mul_7 = None
        sum_5: "f32[256]" = torch.ops.aten.sum.dim_IntList(mul_12, [0, 1]);  mul_12 = None
        sum_6: "f32[256]" = torch.ops.aten.sum.dim_IntList(view_9, [0, 1]);  view_9 = None
        return pytree.tree_unflatten([view_3, sum_5, sum_6, permute_9, view_8, permute_5, view_5], self._out_spec)
