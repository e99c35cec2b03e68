class inner_f(torch.nn.Module):
    def forward(self, primals, tangents):
        primals_1: "f32[256]"; primals_2: "f32[256]"; primals_3: "f32[8, 128, 256]"; primals_4: "f32[1024, 256]"; primals_5: "f32[1024]"; primals_6: "f32[256, 1024]"; primals_7: "f32[256]"; tangents_1: "f32[8, 128, 256]"; 

        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, tangents_1, = fx_pytree.tree_flatten_spec([primals, tangents], self._in_spec)
        # File: labs/inside_compile/block.py:24 in forward, code: return self.down(self.act(self.up(self.norm(x))))
        var_mean = torch.ops.aten.var_mean.correction(primals_3, [2], correction = 0, keepdim = True)
        getitem: "f32[8, 128, 1]" = var_mean[0]
        getitem_1: "f32[8, 128, 1]" = var_mean[1];  var_mean = None
        add: "f32[8, 128, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[8, 128, 1]" = torch.ops.aten.rsqrt.default(add);  add = None
        sub: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(primals_3, getitem_1)
        mul: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(sub, rsqrt);  sub = None
        mul_1: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(mul, primals_1);  mul = primals_1 = None
        add_1: "f32[8, 128, 256]" = torch.ops.aten.add.Tensor(mul_1, primals_2);  mul_1 = primals_2 = None
        view: "f32[1024, 256]" = torch.ops.aten.view.default(add_1, [1024, 256]);  add_1 = None
        permute: "f32[256, 1024]" = torch.ops.aten.permute.default(primals_4, [1, 0]);  primals_4 = None
        addmm: "f32[1024, 1024]" = torch.ops.aten.addmm.default(primals_5, view, permute);  primals_5 = None
        view_1: "f32[8, 128, 1024]" = torch.ops.aten.view.default(addmm, [8, 128, 1024]);  addmm = None
        mul_2: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.5)
        mul_3: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.7071067811865476)
        erf: "f32[8, 128, 1024]" = torch.ops.aten.erf.default(mul_3);  mul_3 = None
        add_2: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_4: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(mul_2, add_2);  mul_2 = add_2 = None
        view_2: "f32[1024, 1024]" = torch.ops.aten.view.default(mul_4, [1024, 1024]);  mul_4 = None
        permute_1: "f32[1024, 256]" = torch.ops.aten.permute.default(primals_6, [1, 0]);  primals_6 = None
        addmm_1: "f32[1024, 256]" = torch.ops.aten.addmm.default(primals_7, view_2, permute_1);  primals_7 = None
        view_3: "f32[8, 128, 256]" = torch.ops.aten.view.default(addmm_1, [8, 128, 256]);  addmm_1 = None
        view_4: "f32[1024, 256]" = torch.ops.aten.view.default(tangents_1, [1024, 256]);  tangents_1 = None
        permute_2: "f32[256, 1024]" = torch.ops.aten.permute.default(permute_1, [1, 0]);  permute_1 = None
        mm: "f32[1024, 1024]" = torch.ops.aten.mm.default(view_4, permute_2);  permute_2 = None
        permute_3: "f32[256, 1024]" = torch.ops.aten.permute.default(view_4, [1, 0])
        mm_1: "f32[256, 1024]" = torch.ops.aten.mm.default(permute_3, view_2);  permute_3 = view_2 = None
        permute_4: "f32[1024, 256]" = torch.ops.aten.permute.default(mm_1, [1, 0]);  mm_1 = None
        sum_1: "f32[1, 256]" = torch.ops.aten.sum.dim_IntList(view_4, [0], True);  view_4 = None
        view_5: "f32[256]" = torch.ops.aten.view.default(sum_1, [256]);  sum_1 = None
        permute_5: "f32[256, 1024]" = torch.ops.aten.permute.default(permute_4, [1, 0]);  permute_4 = None
        view_6: "f32[8, 128, 1024]" = torch.ops.aten.view.default(mm, [8, 128, 1024]);  mm = None
        mul_5: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.7071067811865476)
        erf_1: "f32[8, 128, 1024]" = torch.ops.aten.erf.default(mul_5);  mul_5 = None
        add_3: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(erf_1, 1);  erf_1 = None
        mul_6: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(add_3, 0.5);  add_3 = None
        mul_7: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, view_1)
        mul_8: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(mul_7, -0.5);  mul_7 = None
        exp: "f32[8, 128, 1024]" = torch.ops.aten.exp.default(mul_8);  mul_8 = None
        mul_9: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(exp, 0.3989422804014327);  exp = None
        mul_10: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, mul_9);  view_1 = mul_9 = None
        add_4: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(mul_6, mul_10);  mul_6 = mul_10 = None
        mul_11: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_6, add_4);  view_6 = add_4 = None
        view_7: "f32[1024, 1024]" = torch.ops.aten.view.default(mul_11, [1024, 1024]);  mul_11 = None
        permute_6: "f32[1024, 256]" = torch.ops.aten.permute.default(permute, [1, 0]);  permute = None
        mm_2: "f32[1024, 256]" = torch.ops.aten.mm.default(view_7, permute_6);  permute_6 = None
        permute_7: "f32[1024, 1024]" = torch.ops.aten.permute.default(view_7, [1, 0])
        mm_3: "f32[1024, 256]" = torch.ops.aten.mm.default(permute_7, view);  permute_7 = view = None
        permute_8: "f32[256, 1024]" = torch.ops.aten.permute.default(mm_3, [1, 0]);  mm_3 = None
        sum_2: "f32[1, 1024]" = torch.ops.aten.sum.dim_IntList(view_7, [0], True);  view_7 = None
        view_8: "f32[1024]" = torch.ops.aten.view.default(sum_2, [1024]);  sum_2 = None
        permute_9: "f32[1024, 256]" = torch.ops.aten.permute.default(permute_8, [1, 0]);  permute_8 = None
        view_9: "f32[8, 128, 256]" = torch.ops.aten.view.default(mm_2, [8, 128, 256]);  mm_2 = None
        sub_1: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(primals_3, getitem_1);  primals_3 = getitem_1 = None
        mul_12: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(sub_1, rsqrt);  sub_1 = rsqrt = None
        mul_17: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(view_9, mul_12);  mul_12 = None
        sum_5: "f32[256]" = torch.ops.aten.sum.dim_IntList(mul_17, [0, 1]);  mul_17 = None
        sum_6: "f32[256]" = torch.ops.aten.sum.dim_IntList(view_9, [0, 1]);  view_9 = None
        return pytree.tree_unflatten([view_3, sum_5, sum_6, None, permute_9, view_8, permute_5, view_5], self._out_spec)
