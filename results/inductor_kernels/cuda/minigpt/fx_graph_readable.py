class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i64[8, 64]", arg1_1: "f32[32, 64]", arg2_1: "f32[64, 64]", arg3_1: "f32[64]", arg4_1: "f32[64]", arg5_1: "f32[192, 64]", arg6_1: "f32[192]", arg7_1: "b8[1, 1, 64, 64]", arg8_1: "f32[64, 64]", arg9_1: "f32[64]", arg10_1: "f32[64]", arg11_1: "f32[64]", arg12_1: "f32[256, 64]", arg13_1: "f32[256]", arg14_1: "f32[64, 256]", arg15_1: "f32[64]", arg16_1: "f32[64]", arg17_1: "f32[64]", arg18_1: "f32[192, 64]", arg19_1: "f32[192]", arg20_1: "b8[1, 1, 64, 64]", arg21_1: "f32[64, 64]", arg22_1: "f32[64]", arg23_1: "f32[64]", arg24_1: "f32[64]", arg25_1: "f32[256, 64]", arg26_1: "f32[256]", arg27_1: "f32[64, 256]", arg28_1: "f32[64]", arg29_1: "f32[64]", arg30_1: "f32[64]", arg31_1: "f32[192, 64]", arg32_1: "f32[192]", arg33_1: "b8[1, 1, 64, 64]", arg34_1: "f32[64, 64]", arg35_1: "f32[64]", arg36_1: "f32[64]", arg37_1: "f32[64]", arg38_1: "f32[256, 64]", arg39_1: "f32[256]", arg40_1: "f32[64, 256]", arg41_1: "f32[64]", arg42_1: "f32[64]", arg43_1: "f32[64]", arg44_1: "f32[192, 64]", arg45_1: "f32[192]", arg46_1: "b8[1, 1, 64, 64]", arg47_1: "f32[64, 64]", arg48_1: "f32[64]", arg49_1: "f32[64]", arg50_1: "f32[64]", arg51_1: "f32[256, 64]", arg52_1: "f32[256]", arg53_1: "f32[64, 256]", arg54_1: "f32[64]", arg55_1: "f32[64]", arg56_1: "f32[64]"):
        # File: labs/common/minigpt/model.py:116 in forward, code: positions = torch.arange(T, device=idx.device)
        iota: "i64[64]" = torch.ops.prims.iota.default(64, start = 0, step = 1, dtype = torch.int64, device = device(type='cuda', index=0), requires_grad = False)

        # File: labs/common/minigpt/model.py:117 in forward, code: x = self.drop(self.tok_emb(idx) + self.pos_emb(positions))
        embedding: "f32[8, 64, 64]" = torch.ops.aten.embedding.default(arg1_1, arg0_1);  arg0_1 = None
        embedding_1: "f32[64, 64]" = torch.ops.aten.embedding.default(arg2_1, iota);  arg2_1 = iota = None
        add: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(embedding, embedding_1);  embedding = embedding_1 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        var_mean = torch.ops.aten.var_mean.correction(add, [2], correction = 0, keepdim = True)
        getitem: "f32[8, 64, 1]" = var_mean[0]
        getitem_1: "f32[8, 64, 1]" = var_mean[1];  var_mean = None
        add_1: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_1);  add_1 = None
        sub: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add, getitem_1);  getitem_1 = None
        mul: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub, rsqrt);  sub = rsqrt = None
        mul_1: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul, arg3_1);  mul = arg3_1 = None
        add_2: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_1, arg4_1);  mul_1 = arg4_1 = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        view: "f32[512, 64]" = torch.ops.aten.view.default(add_2, [512, 64]);  add_2 = None
        permute: "f32[64, 192]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        addmm: "f32[512, 192]" = torch.ops.aten.addmm.default(arg6_1, view, permute);  arg6_1 = view = permute = None
        view_1: "f32[8, 64, 192]" = torch.ops.aten.view.default(addmm, [8, 64, 192]);  addmm = None
        split = torch.ops.aten.split.Tensor(view_1, 64, 2);  view_1 = None
        getitem_2: "f32[8, 64, 64]" = split[0]
        getitem_3: "f32[8, 64, 64]" = split[1]
        getitem_4: "f32[8, 64, 64]" = split[2];  split = None

        # File: labs/common/minigpt/model.py:54 in <genexpr>, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_2: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_2, [8, 64, 4, 16]);  getitem_2 = None
        permute_1: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_2, [0, 2, 1, 3]);  view_2 = None
        view_3: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_3, [8, 64, 4, 16]);  getitem_3 = None
        permute_2: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_3, [0, 2, 1, 3]);  view_3 = None
        view_4: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_4, [8, 64, 4, 16]);  getitem_4 = None
        permute_3: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_4, [0, 2, 1, 3]);  view_4 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        permute_4: "f32[8, 4, 16, 64]" = torch.ops.aten.permute.default(permute_2, [0, 1, 3, 2]);  permute_2 = None
        expand: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_1, [8, 4, 64, 16]);  permute_1 = None
        clone_1: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_5: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_1, [32, 64, 16]);  clone_1 = None
        expand_1: "f32[8, 4, 16, 64]" = torch.ops.aten.expand.default(permute_4, [8, 4, 16, 64]);  permute_4 = None
        clone_2: "f32[8, 4, 16, 64]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_6: "f32[32, 16, 64]" = torch.ops.aten.view.default(clone_2, [32, 16, 64]);  clone_2 = None
        bmm: "f32[32, 64, 64]" = torch.ops.aten.bmm.default(view_5, view_6);  view_5 = view_6 = None
        view_7: "f32[8, 4, 64, 64]" = torch.ops.aten.view.default(bmm, [8, 4, 64, 64]);  bmm = None
        mul_2: "f32[8, 4, 64, 64]" = torch.ops.aten.mul.Tensor(view_7, 0.25);  view_7 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        bitwise_not: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(arg7_1);  arg7_1 = None
        full_default: "f32[]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cuda', index=0), pin_memory = False)
        where: "f32[8, 4, 64, 64]" = torch.ops.aten.where.self(bitwise_not, full_default, mul_2);  bitwise_not = full_default = mul_2 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        amax: "f32[8, 4, 64, 1]" = torch.ops.aten.amax.default(where, [-1], True)
        sub_1: "f32[8, 4, 64, 64]" = torch.ops.aten.sub.Tensor(where, amax);  where = amax = None
        exp: "f32[8, 4, 64, 64]" = torch.ops.aten.exp.default(sub_1);  sub_1 = None
        sum_1: "f32[8, 4, 64, 1]" = torch.ops.aten.sum.dim_IntList(exp, [-1], True)
        div: "f32[8, 4, 64, 64]" = torch.ops.aten.div.Tensor(exp, sum_1);  exp = sum_1 = None
        expand_2: "f32[8, 4, 64, 64]" = torch.ops.aten.expand.default(div, [8, 4, 64, 64]);  div = None
        view_8: "f32[32, 64, 64]" = torch.ops.aten.view.default(expand_2, [32, 64, 64]);  expand_2 = None
        expand_3: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_3, [8, 4, 64, 16]);  permute_3 = None
        clone_4: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_3, memory_format = torch.contiguous_format);  expand_3 = None
        view_9: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_4, [32, 64, 16]);  clone_4 = None
        bmm_1: "f32[32, 64, 16]" = torch.ops.aten.bmm.default(view_8, view_9);  view_8 = view_9 = None
        view_10: "f32[8, 4, 64, 16]" = torch.ops.aten.view.default(bmm_1, [8, 4, 64, 16]);  bmm_1 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        permute_5: "f32[8, 64, 4, 16]" = torch.ops.aten.permute.default(view_10, [0, 2, 1, 3]);  view_10 = None
        clone_5: "f32[8, 64, 4, 16]" = torch.ops.aten.clone.default(permute_5, memory_format = torch.contiguous_format);  permute_5 = None
        view_11: "f32[8, 64, 64]" = torch.ops.aten.view.default(clone_5, [8, 64, 64]);  clone_5 = None

        # File: labs/common/minigpt/model.py:63 in forward, code: return self.resid_drop(self.proj(y))
        view_12: "f32[512, 64]" = torch.ops.aten.view.default(view_11, [512, 64]);  view_11 = None
        permute_6: "f32[64, 64]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        addmm_1: "f32[512, 64]" = torch.ops.aten.addmm.default(arg9_1, view_12, permute_6);  arg9_1 = view_12 = permute_6 = None
        view_13: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_1, [8, 64, 64]);  addmm_1 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_3: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add, view_13);  add = view_13 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        var_mean_1 = torch.ops.aten.var_mean.correction(add_3, [2], correction = 0, keepdim = True)
        getitem_5: "f32[8, 64, 1]" = var_mean_1[0]
        getitem_6: "f32[8, 64, 1]" = var_mean_1[1];  var_mean_1 = None
        add_4: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_5, 1e-05);  getitem_5 = None
        rsqrt_1: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_4);  add_4 = None
        sub_2: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_3, getitem_6);  getitem_6 = None
        mul_3: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_2, rsqrt_1);  sub_2 = rsqrt_1 = None
        mul_4: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_3, arg10_1);  mul_3 = arg10_1 = None
        add_5: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_4, arg11_1);  mul_4 = arg11_1 = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        view_14: "f32[512, 64]" = torch.ops.aten.view.default(add_5, [512, 64]);  add_5 = None
        permute_7: "f32[64, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        addmm_2: "f32[512, 256]" = torch.ops.aten.addmm.default(arg13_1, view_14, permute_7);  arg13_1 = view_14 = permute_7 = None
        view_15: "f32[8, 64, 256]" = torch.ops.aten.view.default(addmm_2, [8, 64, 256]);  addmm_2 = None
        mul_5: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_15, 0.5)
        mul_6: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_15, 0.7071067811865476);  view_15 = None
        erf: "f32[8, 64, 256]" = torch.ops.aten.erf.default(mul_6);  mul_6 = None
        add_6: "f32[8, 64, 256]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_7: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(mul_5, add_6);  mul_5 = add_6 = None
        view_16: "f32[512, 256]" = torch.ops.aten.view.default(mul_7, [512, 256]);  mul_7 = None
        permute_8: "f32[256, 64]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        addmm_3: "f32[512, 64]" = torch.ops.aten.addmm.default(arg15_1, view_16, permute_8);  arg15_1 = view_16 = permute_8 = None
        view_17: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_3, [8, 64, 64]);  addmm_3 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_7: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_3, view_17);  add_3 = view_17 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        var_mean_2 = torch.ops.aten.var_mean.correction(add_7, [2], correction = 0, keepdim = True)
        getitem_7: "f32[8, 64, 1]" = var_mean_2[0]
        getitem_8: "f32[8, 64, 1]" = var_mean_2[1];  var_mean_2 = None
        add_8: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_7, 1e-05);  getitem_7 = None
        rsqrt_2: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_8);  add_8 = None
        sub_3: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_7, getitem_8);  getitem_8 = None
        mul_8: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_3, rsqrt_2);  sub_3 = rsqrt_2 = None
        mul_9: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_8, arg16_1);  mul_8 = arg16_1 = None
        add_9: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_9, arg17_1);  mul_9 = arg17_1 = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        view_18: "f32[512, 64]" = torch.ops.aten.view.default(add_9, [512, 64]);  add_9 = None
        permute_9: "f32[64, 192]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        addmm_4: "f32[512, 192]" = torch.ops.aten.addmm.default(arg19_1, view_18, permute_9);  arg19_1 = view_18 = permute_9 = None
        view_19: "f32[8, 64, 192]" = torch.ops.aten.view.default(addmm_4, [8, 64, 192]);  addmm_4 = None
        split_1 = torch.ops.aten.split.Tensor(view_19, 64, 2);  view_19 = None
        getitem_9: "f32[8, 64, 64]" = split_1[0]
        getitem_10: "f32[8, 64, 64]" = split_1[1]
        getitem_11: "f32[8, 64, 64]" = split_1[2];  split_1 = None

        # File: labs/common/minigpt/model.py:54 in <genexpr>, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_20: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_9, [8, 64, 4, 16]);  getitem_9 = None
        permute_10: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_20, [0, 2, 1, 3]);  view_20 = None
        view_21: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_10, [8, 64, 4, 16]);  getitem_10 = None
        permute_11: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_21, [0, 2, 1, 3]);  view_21 = None
        view_22: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_11, [8, 64, 4, 16]);  getitem_11 = None
        permute_12: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_22, [0, 2, 1, 3]);  view_22 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        permute_13: "f32[8, 4, 16, 64]" = torch.ops.aten.permute.default(permute_11, [0, 1, 3, 2]);  permute_11 = None
        expand_4: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_10, [8, 4, 64, 16]);  permute_10 = None
        clone_8: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_4, memory_format = torch.contiguous_format);  expand_4 = None
        view_23: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_8, [32, 64, 16]);  clone_8 = None
        expand_5: "f32[8, 4, 16, 64]" = torch.ops.aten.expand.default(permute_13, [8, 4, 16, 64]);  permute_13 = None
        clone_9: "f32[8, 4, 16, 64]" = torch.ops.aten.clone.default(expand_5, memory_format = torch.contiguous_format);  expand_5 = None
        view_24: "f32[32, 16, 64]" = torch.ops.aten.view.default(clone_9, [32, 16, 64]);  clone_9 = None
        bmm_2: "f32[32, 64, 64]" = torch.ops.aten.bmm.default(view_23, view_24);  view_23 = view_24 = None
        view_25: "f32[8, 4, 64, 64]" = torch.ops.aten.view.default(bmm_2, [8, 4, 64, 64]);  bmm_2 = None
        mul_10: "f32[8, 4, 64, 64]" = torch.ops.aten.mul.Tensor(view_25, 0.25);  view_25 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        bitwise_not_1: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(arg20_1);  arg20_1 = None
        full_default_1: "f32[]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cuda', index=0), pin_memory = False)
        where_1: "f32[8, 4, 64, 64]" = torch.ops.aten.where.self(bitwise_not_1, full_default_1, mul_10);  bitwise_not_1 = full_default_1 = mul_10 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        amax_1: "f32[8, 4, 64, 1]" = torch.ops.aten.amax.default(where_1, [-1], True)
        sub_4: "f32[8, 4, 64, 64]" = torch.ops.aten.sub.Tensor(where_1, amax_1);  where_1 = amax_1 = None
        exp_1: "f32[8, 4, 64, 64]" = torch.ops.aten.exp.default(sub_4);  sub_4 = None
        sum_2: "f32[8, 4, 64, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_1: "f32[8, 4, 64, 64]" = torch.ops.aten.div.Tensor(exp_1, sum_2);  exp_1 = sum_2 = None
        expand_6: "f32[8, 4, 64, 64]" = torch.ops.aten.expand.default(div_1, [8, 4, 64, 64]);  div_1 = None
        view_26: "f32[32, 64, 64]" = torch.ops.aten.view.default(expand_6, [32, 64, 64]);  expand_6 = None
        expand_7: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_12, [8, 4, 64, 16]);  permute_12 = None
        clone_11: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_7, memory_format = torch.contiguous_format);  expand_7 = None
        view_27: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_11, [32, 64, 16]);  clone_11 = None
        bmm_3: "f32[32, 64, 16]" = torch.ops.aten.bmm.default(view_26, view_27);  view_26 = view_27 = None
        view_28: "f32[8, 4, 64, 16]" = torch.ops.aten.view.default(bmm_3, [8, 4, 64, 16]);  bmm_3 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        permute_14: "f32[8, 64, 4, 16]" = torch.ops.aten.permute.default(view_28, [0, 2, 1, 3]);  view_28 = None
        clone_12: "f32[8, 64, 4, 16]" = torch.ops.aten.clone.default(permute_14, memory_format = torch.contiguous_format);  permute_14 = None
        view_29: "f32[8, 64, 64]" = torch.ops.aten.view.default(clone_12, [8, 64, 64]);  clone_12 = None

        # File: labs/common/minigpt/model.py:63 in forward, code: return self.resid_drop(self.proj(y))
        view_30: "f32[512, 64]" = torch.ops.aten.view.default(view_29, [512, 64]);  view_29 = None
        permute_15: "f32[64, 64]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        addmm_5: "f32[512, 64]" = torch.ops.aten.addmm.default(arg22_1, view_30, permute_15);  arg22_1 = view_30 = permute_15 = None
        view_31: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_5, [8, 64, 64]);  addmm_5 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_10: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_7, view_31);  add_7 = view_31 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        var_mean_3 = torch.ops.aten.var_mean.correction(add_10, [2], correction = 0, keepdim = True)
        getitem_12: "f32[8, 64, 1]" = var_mean_3[0]
        getitem_13: "f32[8, 64, 1]" = var_mean_3[1];  var_mean_3 = None
        add_11: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_12, 1e-05);  getitem_12 = None
        rsqrt_3: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_11);  add_11 = None
        sub_5: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_10, getitem_13);  getitem_13 = None
        mul_11: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_5, rsqrt_3);  sub_5 = rsqrt_3 = None
        mul_12: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_11, arg23_1);  mul_11 = arg23_1 = None
        add_12: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_12, arg24_1);  mul_12 = arg24_1 = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        view_32: "f32[512, 64]" = torch.ops.aten.view.default(add_12, [512, 64]);  add_12 = None
        permute_16: "f32[64, 256]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        addmm_6: "f32[512, 256]" = torch.ops.aten.addmm.default(arg26_1, view_32, permute_16);  arg26_1 = view_32 = permute_16 = None
        view_33: "f32[8, 64, 256]" = torch.ops.aten.view.default(addmm_6, [8, 64, 256]);  addmm_6 = None
        mul_13: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_33, 0.5)
        mul_14: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_33, 0.7071067811865476);  view_33 = None
        erf_1: "f32[8, 64, 256]" = torch.ops.aten.erf.default(mul_14);  mul_14 = None
        add_13: "f32[8, 64, 256]" = torch.ops.aten.add.Tensor(erf_1, 1);  erf_1 = None
        mul_15: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(mul_13, add_13);  mul_13 = add_13 = None
        view_34: "f32[512, 256]" = torch.ops.aten.view.default(mul_15, [512, 256]);  mul_15 = None
        permute_17: "f32[256, 64]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        addmm_7: "f32[512, 64]" = torch.ops.aten.addmm.default(arg28_1, view_34, permute_17);  arg28_1 = view_34 = permute_17 = None
        view_35: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_7, [8, 64, 64]);  addmm_7 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_14: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_10, view_35);  add_10 = view_35 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        var_mean_4 = torch.ops.aten.var_mean.correction(add_14, [2], correction = 0, keepdim = True)
        getitem_14: "f32[8, 64, 1]" = var_mean_4[0]
        getitem_15: "f32[8, 64, 1]" = var_mean_4[1];  var_mean_4 = None
        add_15: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_14, 1e-05);  getitem_14 = None
        rsqrt_4: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_15);  add_15 = None
        sub_6: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_14, getitem_15);  getitem_15 = None
        mul_16: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_6, rsqrt_4);  sub_6 = rsqrt_4 = None
        mul_17: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_16, arg29_1);  mul_16 = arg29_1 = None
        add_16: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_17, arg30_1);  mul_17 = arg30_1 = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        view_36: "f32[512, 64]" = torch.ops.aten.view.default(add_16, [512, 64]);  add_16 = None
        permute_18: "f32[64, 192]" = torch.ops.aten.permute.default(arg31_1, [1, 0]);  arg31_1 = None
        addmm_8: "f32[512, 192]" = torch.ops.aten.addmm.default(arg32_1, view_36, permute_18);  arg32_1 = view_36 = permute_18 = None
        view_37: "f32[8, 64, 192]" = torch.ops.aten.view.default(addmm_8, [8, 64, 192]);  addmm_8 = None
        split_2 = torch.ops.aten.split.Tensor(view_37, 64, 2);  view_37 = None
        getitem_16: "f32[8, 64, 64]" = split_2[0]
        getitem_17: "f32[8, 64, 64]" = split_2[1]
        getitem_18: "f32[8, 64, 64]" = split_2[2];  split_2 = None

        # File: labs/common/minigpt/model.py:54 in <genexpr>, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_38: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_16, [8, 64, 4, 16]);  getitem_16 = None
        permute_19: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_38, [0, 2, 1, 3]);  view_38 = None
        view_39: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_17, [8, 64, 4, 16]);  getitem_17 = None
        permute_20: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_39, [0, 2, 1, 3]);  view_39 = None
        view_40: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_18, [8, 64, 4, 16]);  getitem_18 = None
        permute_21: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_40, [0, 2, 1, 3]);  view_40 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        permute_22: "f32[8, 4, 16, 64]" = torch.ops.aten.permute.default(permute_20, [0, 1, 3, 2]);  permute_20 = None
        expand_8: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_19, [8, 4, 64, 16]);  permute_19 = None
        clone_15: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_8, memory_format = torch.contiguous_format);  expand_8 = None
        view_41: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_15, [32, 64, 16]);  clone_15 = None
        expand_9: "f32[8, 4, 16, 64]" = torch.ops.aten.expand.default(permute_22, [8, 4, 16, 64]);  permute_22 = None
        clone_16: "f32[8, 4, 16, 64]" = torch.ops.aten.clone.default(expand_9, memory_format = torch.contiguous_format);  expand_9 = None
        view_42: "f32[32, 16, 64]" = torch.ops.aten.view.default(clone_16, [32, 16, 64]);  clone_16 = None
        bmm_4: "f32[32, 64, 64]" = torch.ops.aten.bmm.default(view_41, view_42);  view_41 = view_42 = None
        view_43: "f32[8, 4, 64, 64]" = torch.ops.aten.view.default(bmm_4, [8, 4, 64, 64]);  bmm_4 = None
        mul_18: "f32[8, 4, 64, 64]" = torch.ops.aten.mul.Tensor(view_43, 0.25);  view_43 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        bitwise_not_2: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(arg33_1);  arg33_1 = None
        full_default_2: "f32[]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cuda', index=0), pin_memory = False)
        where_2: "f32[8, 4, 64, 64]" = torch.ops.aten.where.self(bitwise_not_2, full_default_2, mul_18);  bitwise_not_2 = full_default_2 = mul_18 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        amax_2: "f32[8, 4, 64, 1]" = torch.ops.aten.amax.default(where_2, [-1], True)
        sub_7: "f32[8, 4, 64, 64]" = torch.ops.aten.sub.Tensor(where_2, amax_2);  where_2 = amax_2 = None
        exp_2: "f32[8, 4, 64, 64]" = torch.ops.aten.exp.default(sub_7);  sub_7 = None
        sum_3: "f32[8, 4, 64, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_2: "f32[8, 4, 64, 64]" = torch.ops.aten.div.Tensor(exp_2, sum_3);  exp_2 = sum_3 = None
        expand_10: "f32[8, 4, 64, 64]" = torch.ops.aten.expand.default(div_2, [8, 4, 64, 64]);  div_2 = None
        view_44: "f32[32, 64, 64]" = torch.ops.aten.view.default(expand_10, [32, 64, 64]);  expand_10 = None
        expand_11: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_21, [8, 4, 64, 16]);  permute_21 = None
        clone_18: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_11, memory_format = torch.contiguous_format);  expand_11 = None
        view_45: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_18, [32, 64, 16]);  clone_18 = None
        bmm_5: "f32[32, 64, 16]" = torch.ops.aten.bmm.default(view_44, view_45);  view_44 = view_45 = None
        view_46: "f32[8, 4, 64, 16]" = torch.ops.aten.view.default(bmm_5, [8, 4, 64, 16]);  bmm_5 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        permute_23: "f32[8, 64, 4, 16]" = torch.ops.aten.permute.default(view_46, [0, 2, 1, 3]);  view_46 = None
        clone_19: "f32[8, 64, 4, 16]" = torch.ops.aten.clone.default(permute_23, memory_format = torch.contiguous_format);  permute_23 = None
        view_47: "f32[8, 64, 64]" = torch.ops.aten.view.default(clone_19, [8, 64, 64]);  clone_19 = None

        # File: labs/common/minigpt/model.py:63 in forward, code: return self.resid_drop(self.proj(y))
        view_48: "f32[512, 64]" = torch.ops.aten.view.default(view_47, [512, 64]);  view_47 = None
        permute_24: "f32[64, 64]" = torch.ops.aten.permute.default(arg34_1, [1, 0]);  arg34_1 = None
        addmm_9: "f32[512, 64]" = torch.ops.aten.addmm.default(arg35_1, view_48, permute_24);  arg35_1 = view_48 = permute_24 = None
        view_49: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_9, [8, 64, 64]);  addmm_9 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_17: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_14, view_49);  add_14 = view_49 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        var_mean_5 = torch.ops.aten.var_mean.correction(add_17, [2], correction = 0, keepdim = True)
        getitem_19: "f32[8, 64, 1]" = var_mean_5[0]
        getitem_20: "f32[8, 64, 1]" = var_mean_5[1];  var_mean_5 = None
        add_18: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_19, 1e-05);  getitem_19 = None
        rsqrt_5: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_18);  add_18 = None
        sub_8: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_17, getitem_20);  getitem_20 = None
        mul_19: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_8, rsqrt_5);  sub_8 = rsqrt_5 = None
        mul_20: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_19, arg36_1);  mul_19 = arg36_1 = None
        add_19: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_20, arg37_1);  mul_20 = arg37_1 = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        view_50: "f32[512, 64]" = torch.ops.aten.view.default(add_19, [512, 64]);  add_19 = None
        permute_25: "f32[64, 256]" = torch.ops.aten.permute.default(arg38_1, [1, 0]);  arg38_1 = None
        addmm_10: "f32[512, 256]" = torch.ops.aten.addmm.default(arg39_1, view_50, permute_25);  arg39_1 = view_50 = permute_25 = None
        view_51: "f32[8, 64, 256]" = torch.ops.aten.view.default(addmm_10, [8, 64, 256]);  addmm_10 = None
        mul_21: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_51, 0.5)
        mul_22: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_51, 0.7071067811865476);  view_51 = None
        erf_2: "f32[8, 64, 256]" = torch.ops.aten.erf.default(mul_22);  mul_22 = None
        add_20: "f32[8, 64, 256]" = torch.ops.aten.add.Tensor(erf_2, 1);  erf_2 = None
        mul_23: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(mul_21, add_20);  mul_21 = add_20 = None
        view_52: "f32[512, 256]" = torch.ops.aten.view.default(mul_23, [512, 256]);  mul_23 = None
        permute_26: "f32[256, 64]" = torch.ops.aten.permute.default(arg40_1, [1, 0]);  arg40_1 = None
        addmm_11: "f32[512, 64]" = torch.ops.aten.addmm.default(arg41_1, view_52, permute_26);  arg41_1 = view_52 = permute_26 = None
        view_53: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_11, [8, 64, 64]);  addmm_11 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_21: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_17, view_53);  add_17 = view_53 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        var_mean_6 = torch.ops.aten.var_mean.correction(add_21, [2], correction = 0, keepdim = True)
        getitem_21: "f32[8, 64, 1]" = var_mean_6[0]
        getitem_22: "f32[8, 64, 1]" = var_mean_6[1];  var_mean_6 = None
        add_22: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_21, 1e-05);  getitem_21 = None
        rsqrt_6: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_22);  add_22 = None
        sub_9: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_21, getitem_22);  getitem_22 = None
        mul_24: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_9, rsqrt_6);  sub_9 = rsqrt_6 = None
        mul_25: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_24, arg42_1);  mul_24 = arg42_1 = None
        add_23: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_25, arg43_1);  mul_25 = arg43_1 = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        view_54: "f32[512, 64]" = torch.ops.aten.view.default(add_23, [512, 64]);  add_23 = None
        permute_27: "f32[64, 192]" = torch.ops.aten.permute.default(arg44_1, [1, 0]);  arg44_1 = None
        addmm_12: "f32[512, 192]" = torch.ops.aten.addmm.default(arg45_1, view_54, permute_27);  arg45_1 = view_54 = permute_27 = None
        view_55: "f32[8, 64, 192]" = torch.ops.aten.view.default(addmm_12, [8, 64, 192]);  addmm_12 = None
        split_3 = torch.ops.aten.split.Tensor(view_55, 64, 2);  view_55 = None
        getitem_23: "f32[8, 64, 64]" = split_3[0]
        getitem_24: "f32[8, 64, 64]" = split_3[1]
        getitem_25: "f32[8, 64, 64]" = split_3[2];  split_3 = None

        # File: labs/common/minigpt/model.py:54 in <genexpr>, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_56: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_23, [8, 64, 4, 16]);  getitem_23 = None
        permute_28: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_56, [0, 2, 1, 3]);  view_56 = None
        view_57: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_24, [8, 64, 4, 16]);  getitem_24 = None
        permute_29: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_57, [0, 2, 1, 3]);  view_57 = None
        view_58: "f32[8, 64, 4, 16]" = torch.ops.aten.view.default(getitem_25, [8, 64, 4, 16]);  getitem_25 = None
        permute_30: "f32[8, 4, 64, 16]" = torch.ops.aten.permute.default(view_58, [0, 2, 1, 3]);  view_58 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        permute_31: "f32[8, 4, 16, 64]" = torch.ops.aten.permute.default(permute_29, [0, 1, 3, 2]);  permute_29 = None
        expand_12: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_28, [8, 4, 64, 16]);  permute_28 = None
        clone_22: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_12, memory_format = torch.contiguous_format);  expand_12 = None
        view_59: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_22, [32, 64, 16]);  clone_22 = None
        expand_13: "f32[8, 4, 16, 64]" = torch.ops.aten.expand.default(permute_31, [8, 4, 16, 64]);  permute_31 = None
        clone_23: "f32[8, 4, 16, 64]" = torch.ops.aten.clone.default(expand_13, memory_format = torch.contiguous_format);  expand_13 = None
        view_60: "f32[32, 16, 64]" = torch.ops.aten.view.default(clone_23, [32, 16, 64]);  clone_23 = None
        bmm_6: "f32[32, 64, 64]" = torch.ops.aten.bmm.default(view_59, view_60);  view_59 = view_60 = None
        view_61: "f32[8, 4, 64, 64]" = torch.ops.aten.view.default(bmm_6, [8, 4, 64, 64]);  bmm_6 = None
        mul_26: "f32[8, 4, 64, 64]" = torch.ops.aten.mul.Tensor(view_61, 0.25);  view_61 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        bitwise_not_3: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(arg46_1);  arg46_1 = None
        full_default_3: "f32[]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cuda', index=0), pin_memory = False)
        where_3: "f32[8, 4, 64, 64]" = torch.ops.aten.where.self(bitwise_not_3, full_default_3, mul_26);  bitwise_not_3 = full_default_3 = mul_26 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        amax_3: "f32[8, 4, 64, 1]" = torch.ops.aten.amax.default(where_3, [-1], True)
        sub_10: "f32[8, 4, 64, 64]" = torch.ops.aten.sub.Tensor(where_3, amax_3);  where_3 = amax_3 = None
        exp_3: "f32[8, 4, 64, 64]" = torch.ops.aten.exp.default(sub_10);  sub_10 = None
        sum_4: "f32[8, 4, 64, 1]" = torch.ops.aten.sum.dim_IntList(exp_3, [-1], True)
        div_3: "f32[8, 4, 64, 64]" = torch.ops.aten.div.Tensor(exp_3, sum_4);  exp_3 = sum_4 = None
        expand_14: "f32[8, 4, 64, 64]" = torch.ops.aten.expand.default(div_3, [8, 4, 64, 64]);  div_3 = None
        view_62: "f32[32, 64, 64]" = torch.ops.aten.view.default(expand_14, [32, 64, 64]);  expand_14 = None
        expand_15: "f32[8, 4, 64, 16]" = torch.ops.aten.expand.default(permute_30, [8, 4, 64, 16]);  permute_30 = None
        clone_25: "f32[8, 4, 64, 16]" = torch.ops.aten.clone.default(expand_15, memory_format = torch.contiguous_format);  expand_15 = None
        view_63: "f32[32, 64, 16]" = torch.ops.aten.view.default(clone_25, [32, 64, 16]);  clone_25 = None
        bmm_7: "f32[32, 64, 16]" = torch.ops.aten.bmm.default(view_62, view_63);  view_62 = view_63 = None
        view_64: "f32[8, 4, 64, 16]" = torch.ops.aten.view.default(bmm_7, [8, 4, 64, 16]);  bmm_7 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        permute_32: "f32[8, 64, 4, 16]" = torch.ops.aten.permute.default(view_64, [0, 2, 1, 3]);  view_64 = None
        clone_26: "f32[8, 64, 4, 16]" = torch.ops.aten.clone.default(permute_32, memory_format = torch.contiguous_format);  permute_32 = None
        view_65: "f32[8, 64, 64]" = torch.ops.aten.view.default(clone_26, [8, 64, 64]);  clone_26 = None

        # File: labs/common/minigpt/model.py:63 in forward, code: return self.resid_drop(self.proj(y))
        view_66: "f32[512, 64]" = torch.ops.aten.view.default(view_65, [512, 64]);  view_65 = None
        permute_33: "f32[64, 64]" = torch.ops.aten.permute.default(arg47_1, [1, 0]);  arg47_1 = None
        addmm_13: "f32[512, 64]" = torch.ops.aten.addmm.default(arg48_1, view_66, permute_33);  arg48_1 = view_66 = permute_33 = None
        view_67: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_13, [8, 64, 64]);  addmm_13 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_24: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_21, view_67);  add_21 = view_67 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        var_mean_7 = torch.ops.aten.var_mean.correction(add_24, [2], correction = 0, keepdim = True)
        getitem_26: "f32[8, 64, 1]" = var_mean_7[0]
        getitem_27: "f32[8, 64, 1]" = var_mean_7[1];  var_mean_7 = None
        add_25: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_26, 1e-05);  getitem_26 = None
        rsqrt_7: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_25);  add_25 = None
        sub_11: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_24, getitem_27);  getitem_27 = None
        mul_27: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_11, rsqrt_7);  sub_11 = rsqrt_7 = None
        mul_28: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_27, arg49_1);  mul_27 = arg49_1 = None
        add_26: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_28, arg50_1);  mul_28 = arg50_1 = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        view_68: "f32[512, 64]" = torch.ops.aten.view.default(add_26, [512, 64]);  add_26 = None
        permute_34: "f32[64, 256]" = torch.ops.aten.permute.default(arg51_1, [1, 0]);  arg51_1 = None
        addmm_14: "f32[512, 256]" = torch.ops.aten.addmm.default(arg52_1, view_68, permute_34);  arg52_1 = view_68 = permute_34 = None
        view_69: "f32[8, 64, 256]" = torch.ops.aten.view.default(addmm_14, [8, 64, 256]);  addmm_14 = None
        mul_29: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_69, 0.5)
        mul_30: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(view_69, 0.7071067811865476);  view_69 = None
        erf_3: "f32[8, 64, 256]" = torch.ops.aten.erf.default(mul_30);  mul_30 = None
        add_27: "f32[8, 64, 256]" = torch.ops.aten.add.Tensor(erf_3, 1);  erf_3 = None
        mul_31: "f32[8, 64, 256]" = torch.ops.aten.mul.Tensor(mul_29, add_27);  mul_29 = add_27 = None
        view_70: "f32[512, 256]" = torch.ops.aten.view.default(mul_31, [512, 256]);  mul_31 = None
        permute_35: "f32[256, 64]" = torch.ops.aten.permute.default(arg53_1, [1, 0]);  arg53_1 = None
        addmm_15: "f32[512, 64]" = torch.ops.aten.addmm.default(arg54_1, view_70, permute_35);  arg54_1 = view_70 = permute_35 = None
        view_71: "f32[8, 64, 64]" = torch.ops.aten.view.default(addmm_15, [8, 64, 64]);  addmm_15 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_28: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(add_24, view_71);  add_24 = view_71 = None

        # File: labs/common/minigpt/model.py:120 in forward, code: logits = self.lm_head(self.ln_f(x))
        var_mean_8 = torch.ops.aten.var_mean.correction(add_28, [2], correction = 0, keepdim = True)
        getitem_28: "f32[8, 64, 1]" = var_mean_8[0]
        getitem_29: "f32[8, 64, 1]" = var_mean_8[1];  var_mean_8 = None
        add_29: "f32[8, 64, 1]" = torch.ops.aten.add.Tensor(getitem_28, 1e-05);  getitem_28 = None
        rsqrt_8: "f32[8, 64, 1]" = torch.ops.aten.rsqrt.default(add_29);  add_29 = None
        sub_12: "f32[8, 64, 64]" = torch.ops.aten.sub.Tensor(add_28, getitem_29);  add_28 = getitem_29 = None
        mul_32: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(sub_12, rsqrt_8);  sub_12 = rsqrt_8 = None
        mul_33: "f32[8, 64, 64]" = torch.ops.aten.mul.Tensor(mul_32, arg55_1);  mul_32 = arg55_1 = None
        add_30: "f32[8, 64, 64]" = torch.ops.aten.add.Tensor(mul_33, arg56_1);  mul_33 = arg56_1 = None
        permute_36: "f32[64, 32]" = torch.ops.aten.permute.default(arg1_1, [1, 0]);  arg1_1 = None
        view_72: "f32[512, 64]" = torch.ops.aten.view.default(add_30, [512, 64]);  add_30 = None
        mm: "f32[512, 32]" = torch.ops.aten.mm.default(view_72, permute_36);  view_72 = permute_36 = None
        view_73: "f32[8, 64, 32]" = torch.ops.aten.view.default(mm, [8, 64, 32]);  mm = None
        return (view_73,)
