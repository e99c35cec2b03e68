class forward(torch.nn.Module):
    def forward(self, params, x):
        params_1: "f32[256]"; params_2: "f32[256]"; params_3: "f32[1024, 256]"; params_4: "f32[1024]"; params_5: "f32[256, 1024]"; params_6: "f32[256]"; x_1: "f32[8, 128, 256]"; 

        params_1, params_2, params_3, params_4, params_5, params_6, x_1, = fx_pytree.tree_flatten_spec([params, x], self._in_spec)
        # No stacktrace found for following nodes
        var_mean = torch.ops.aten.var_mean.correction(x_1, [2], correction = 0, keepdim = True)
        getitem: "f32[8, 128, 1]" = var_mean[0]
        getitem_1: "f32[8, 128, 1]" = var_mean[1];  var_mean = None
        add: "f32[8, 128, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[8, 128, 1]" = torch.ops.aten.rsqrt.default(add);  add = None
        sub: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(x_1, getitem_1);  x_1 = getitem_1 = None
        mul: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(sub, rsqrt);  sub = rsqrt = None
        mul_1: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(mul, params_1);  mul = params_1 = None
        add_1: "f32[8, 128, 256]" = torch.ops.aten.add.Tensor(mul_1, params_2);  mul_1 = params_2 = None
        view: "f32[1024, 256]" = torch.ops.aten.view.default(add_1, [1024, 256]);  add_1 = None
        permute: "f32[256, 1024]" = torch.ops.aten.permute.default(params_3, [1, 0]);  params_3 = None
        addmm: "f32[1024, 1024]" = torch.ops.aten.addmm.default(params_4, view, permute);  params_4 = view = permute = None
        view_1: "f32[8, 128, 1024]" = torch.ops.aten.view.default(addmm, [8, 128, 1024]);  addmm = None
        mul_2: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.5)
        mul_3: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.7071067811865476);  view_1 = None
        erf: "f32[8, 128, 1024]" = torch.ops.aten.erf.default(mul_3);  mul_3 = None
        add_2: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_4: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(mul_2, add_2);  mul_2 = add_2 = None
        view_2: "f32[1024, 1024]" = torch.ops.aten.view.default(mul_4, [1024, 1024]);  mul_4 = None
        permute_1: "f32[1024, 256]" = torch.ops.aten.permute.default(params_5, [1, 0]);  params_5 = None
        addmm_1: "f32[1024, 256]" = torch.ops.aten.addmm.default(params_6, view_2, permute_1);  params_6 = view_2 = permute_1 = None
        view_3: "f32[8, 128, 256]" = torch.ops.aten.view.default(addmm_1, [8, 128, 256]);  addmm_1 = None
        return pytree.tree_unflatten([view_3], self._out_spec)
