class forward_and_backward(torch.nn.Module):
    def forward(self, params, x, grad_out):
        params_1: "f32[256]"; params_2: "f32[256]"; params_3: "f32[1024, 256]"; params_4: "f32[1024]"; params_5: "f32[256, 1024]"; params_6: "f32[256]"; x_1: "f32[8, 128, 256]"; grad_out_1: "f32[8, 128, 256]"; 

        params_1, params_2, params_3, params_4, params_5, params_6, x_1, grad_out_1, = fx_pytree.tree_flatten_spec([params, x, grad_out], self._in_spec)
        # No stacktrace found for following nodes
        native_layer_norm = torch.ops.aten.native_layer_norm.default(x_1, [256], params_1, params_2, 1e-05)
        getitem: "f32[8, 128, 256]" = native_layer_norm[0]
        getitem_1: "f32[8, 128, 1]" = native_layer_norm[1]
        getitem_2: "f32[8, 128, 1]" = native_layer_norm[2];  native_layer_norm = None
        view: "f32[1024, 256]" = torch.ops.aten.view.default(getitem, [1024, 256]);  getitem = None
        t: "f32[256, 1024]" = torch.ops.aten.t.default(params_3);  params_3 = None
        addmm: "f32[1024, 1024]" = torch.ops.aten.addmm.default(params_4, view, t);  params_4 = None
        view_1: "f32[8, 128, 1024]" = torch.ops.aten.view.default(addmm, [8, 128, 1024]);  addmm = None
        gelu: "f32[8, 128, 1024]" = torch.ops.aten.gelu.default(view_1)
        view_2: "f32[1024, 1024]" = torch.ops.aten.view.default(gelu, [1024, 1024]);  gelu = None
        t_1: "f32[1024, 256]" = torch.ops.aten.t.default(params_5);  params_5 = None
        addmm_1: "f32[1024, 256]" = torch.ops.aten.addmm.default(params_6, view_2, t_1);  params_6 = None
        view_3: "f32[8, 128, 256]" = torch.ops.aten.view.default(addmm_1, [8, 128, 256]);  addmm_1 = None
        view_4: "f32[1024, 256]" = torch.ops.aten.view.default(grad_out_1, [1024, 256]);  grad_out_1 = None
        t_2: "f32[256, 1024]" = torch.ops.aten.t.default(t_1);  t_1 = None
        mm: "f32[1024, 1024]" = torch.ops.aten.mm.default(view_4, t_2);  t_2 = None
        t_3: "f32[256, 1024]" = torch.ops.aten.t.default(view_4)
        mm_1: "f32[256, 1024]" = torch.ops.aten.mm.default(t_3, view_2);  t_3 = view_2 = None
        t_4: "f32[1024, 256]" = torch.ops.aten.t.default(mm_1);  mm_1 = None
        sum_1: "f32[1, 256]" = torch.ops.aten.sum.dim_IntList(view_4, [0], True);  view_4 = None
        view_5: "f32[256]" = torch.ops.aten.view.default(sum_1, [256]);  sum_1 = None
        t_5: "f32[256, 1024]" = torch.ops.aten.t.default(t_4);  t_4 = None
        view_6: "f32[8, 128, 1024]" = torch.ops.aten.view.default(mm, [8, 128, 1024]);  mm = None
        gelu_backward: "f32[8, 128, 1024]" = torch.ops.aten.gelu_backward.default(view_6, view_1);  view_6 = view_1 = None
        view_7: "f32[1024, 1024]" = torch.ops.aten.view.default(gelu_backward, [1024, 1024]);  gelu_backward = None
        t_6: "f32[1024, 256]" = torch.ops.aten.t.default(t);  t = None
        mm_2: "f32[1024, 256]" = torch.ops.aten.mm.default(view_7, t_6);  t_6 = None
        t_7: "f32[1024, 1024]" = torch.ops.aten.t.default(view_7)
        mm_3: "f32[1024, 256]" = torch.ops.aten.mm.default(t_7, view);  t_7 = view = None
        t_8: "f32[256, 1024]" = torch.ops.aten.t.default(mm_3);  mm_3 = None
        sum_2: "f32[1, 1024]" = torch.ops.aten.sum.dim_IntList(view_7, [0], True);  view_7 = None
        view_8: "f32[1024]" = torch.ops.aten.view.default(sum_2, [1024]);  sum_2 = None
        t_9: "f32[1024, 256]" = torch.ops.aten.t.default(t_8);  t_8 = None
        view_9: "f32[8, 128, 256]" = torch.ops.aten.view.default(mm_2, [8, 128, 256]);  mm_2 = None
        native_layer_norm_backward = torch.ops.aten.native_layer_norm_backward.default(view_9, x_1, [256], getitem_1, getitem_2, params_1, params_2, [False, True, True]);  view_9 = x_1 = getitem_1 = getitem_2 = params_1 = params_2 = None
        getitem_3 = native_layer_norm_backward[0];  getitem_3 = None
        getitem_4: "f32[256]" = native_layer_norm_backward[1]
        getitem_5: "f32[256]" = native_layer_norm_backward[2];  native_layer_norm_backward = None
        return pytree.tree_unflatten([view_3, getitem_4, getitem_5, t_9, view_8, t_5, view_5], self._out_spec)
