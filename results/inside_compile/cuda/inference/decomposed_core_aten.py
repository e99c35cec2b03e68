class forward(torch.nn.Module):
    def forward(self, params, x):
        params_1: "f32[256]"; params_2: "f32[256]"; params_3: "f32[1024, 256]"; params_4: "f32[1024]"; params_5: "f32[256, 1024]"; params_6: "f32[256]"; x_1: "f32[8, 128, 256]"; 

        params_1, params_2, params_3, params_4, params_5, params_6, x_1, = fx_pytree.tree_flatten_spec([params, x], self._in_spec)
        # No stacktrace found for following nodes
        native_layer_norm = torch.ops.aten.native_layer_norm.default(x_1, [256], params_1, params_2, 1e-05);  x_1 = params_1 = params_2 = None
        getitem: "f32[8, 128, 256]" = native_layer_norm[0]
        getitem_1: "f32[8, 128, 1]" = native_layer_norm[1];  getitem_1 = None
        getitem_2: "f32[8, 128, 1]" = native_layer_norm[2];  native_layer_norm = getitem_2 = None
        view: "f32[1024, 256]" = torch.ops.aten.view.default(getitem, [1024, 256]);  getitem = None
        permute: "f32[256, 1024]" = torch.ops.aten.permute.default(params_3, [1, 0]);  params_3 = None
        addmm: "f32[1024, 1024]" = torch.ops.aten.addmm.default(params_4, view, permute);  params_4 = view = permute = None
        view_1: "f32[8, 128, 1024]" = torch.ops.aten.view.default(addmm, [8, 128, 1024]);  addmm = None
        gelu: "f32[8, 128, 1024]" = torch.ops.aten.gelu.default(view_1);  view_1 = None
        view_2: "f32[1024, 1024]" = torch.ops.aten.view.default(gelu, [1024, 1024]);  gelu = None
        permute_1: "f32[1024, 256]" = torch.ops.aten.permute.default(params_5, [1, 0]);  params_5 = None
        addmm_1: "f32[1024, 256]" = torch.ops.aten.addmm.default(params_6, view_2, permute_1);  params_6 = view_2 = permute_1 = None
        view_3: "f32[8, 128, 256]" = torch.ops.aten.view.default(addmm_1, [8, 128, 256]);  addmm_1 = None
        return pytree.tree_unflatten([view_3], self._out_spec)
