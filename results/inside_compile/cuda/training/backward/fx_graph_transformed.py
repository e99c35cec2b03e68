class GraphModule(torch.nn.Module):
    def forward(self, primals_3: "f32[8, 128, 256]", primals_4: "f32[1024, 256]", primals_6: "f32[256, 1024]", getitem_1: "f32[8, 128, 1]", rsqrt: "f32[8, 128, 1]", view: "f32[1024, 256]", addmm: "f32[1024, 1024]", view_2: "f32[1024, 1024]", tangents_1: "f32[8, 128, 256]"):
        # File: labs/inside_compile/block.py:24 in forward, code: return self.down(self.act(self.up(self.norm(x))))
        view_4: "f32[1024, 256]" = torch.ops.aten.reshape.default(tangents_1, [1024, 256]);  tangents_1 = None
        permute_1: "f32[1024, 256]" = torch.ops.aten.permute.default(primals_6, [1, 0]);  primals_6 = None
        permute_2: "f32[256, 1024]" = torch.ops.aten.permute.default(permute_1, [1, 0]);  permute_1 = None
        mm: "f32[1024, 1024]" = torch.ops.aten.mm.default(view_4, permute_2);  permute_2 = None
        permute_3: "f32[256, 1024]" = torch.ops.aten.permute.default(view_4, [1, 0])
        mm_1: "f32[256, 1024]" = torch.ops.aten.mm.default(permute_3, view_2);  permute_3 = view_2 = None
        sum_1: "f32[1, 256]" = torch.ops.aten.sum.dim_IntList(view_4, [0], True);  view_4 = None
        view_5: "f32[256]" = torch.ops.aten.reshape.default(sum_1, [256]);  sum_1 = None
        view_6: "f32[8, 128, 1024]" = torch.ops.aten.reshape.default(mm, [8, 128, 1024]);  mm = None
        view_1: "f32[8, 128, 1024]" = torch.ops.aten.reshape.default(addmm, [8, 128, 1024]);  addmm = None
        mul_3: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, 0.7071067811865476)
        erf: "f32[8, 128, 1024]" = torch.ops.aten.erf.default(mul_3);  mul_3 = None
        add_2: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_6: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(add_2, 0.5);  add_2 = None
        mul_7: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, view_1)
        mul_8: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(mul_7, -0.5);  mul_7 = None
        exp: "f32[8, 128, 1024]" = torch.ops.aten.exp.default(mul_8);  mul_8 = None
        mul_9: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(exp, 0.3989422804014327);  exp = None
        mul_10: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_1, mul_9);  view_1 = mul_9 = None
        add_4: "f32[8, 128, 1024]" = torch.ops.aten.add.Tensor(mul_6, mul_10);  mul_6 = mul_10 = None
        mul_11: "f32[8, 128, 1024]" = torch.ops.aten.mul.Tensor(view_6, add_4);  view_6 = add_4 = None
        view_7: "f32[1024, 1024]" = torch.ops.aten.reshape.default(mul_11, [1024, 1024]);  mul_11 = None
        permute: "f32[256, 1024]" = torch.ops.aten.permute.default(primals_4, [1, 0]);  primals_4 = None
        permute_6: "f32[1024, 256]" = torch.ops.aten.permute.default(permute, [1, 0]);  permute = None
        mm_2: "f32[1024, 256]" = torch.ops.aten.mm.default(view_7, permute_6);  permute_6 = None
        permute_7: "f32[1024, 1024]" = torch.ops.aten.permute.default(view_7, [1, 0])
        mm_3: "f32[1024, 256]" = torch.ops.aten.mm.default(permute_7, view);  permute_7 = view = None
        sum_2: "f32[1, 1024]" = torch.ops.aten.sum.dim_IntList(view_7, [0], True);  view_7 = None
        view_8: "f32[1024]" = torch.ops.aten.reshape.default(sum_2, [1024]);  sum_2 = None
        view_9: "f32[8, 128, 256]" = torch.ops.aten.reshape.default(mm_2, [8, 128, 256]);  mm_2 = None
        sub: "f32[8, 128, 256]" = torch.ops.aten.sub.Tensor(primals_3, getitem_1);  primals_3 = getitem_1 = None
        mul: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(sub, rsqrt);  sub = rsqrt = None
        mul_17: "f32[8, 128, 256]" = torch.ops.aten.mul.Tensor(view_9, mul);  mul = None
        sum_5: "f32[256]" = torch.ops.aten.sum.dim_IntList(mul_17, [0, 1]);  mul_17 = None
        sum_6: "f32[256]" = torch.ops.aten.sum.dim_IntList(view_9, [0, 1]);  view_9 = None
        return (sum_5, sum_6, None, mm_3, view_8, mm_1, view_5)
