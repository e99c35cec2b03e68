class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i64[4, 64]", arg1_1: "f32[32, 64]", arg2_1: "f32[64, 64]", arg3_1: "f32[64]", arg4_1: "f32[64]", arg5_1: "f32[192, 64]", arg6_1: "f32[192]", arg7_1: "b8[1, 1, 64, 64]", arg8_1: "f32[64, 64]", arg9_1: "f32[64]", arg10_1: "f32[64]", arg11_1: "f32[64]", arg12_1: "f32[256, 64]", arg13_1: "f32[256]", arg14_1: "f32[64, 256]", arg15_1: "f32[64]", arg16_1: "f32[64]", arg17_1: "f32[64]", arg18_1: "f32[192, 64]", arg19_1: "f32[192]", arg20_1: "b8[1, 1, 64, 64]", arg21_1: "f32[64, 64]", arg22_1: "f32[64]", arg23_1: "f32[64]", arg24_1: "f32[64]", arg25_1: "f32[256, 64]", arg26_1: "f32[256]", arg27_1: "f32[64, 256]", arg28_1: "f32[64]", arg29_1: "f32[64]", arg30_1: "f32[64]"):
        # File: /work/main/labs/common/minigpt.py:134 in forward, code: positions = torch.arange(T, device=idx.device)
        iota: "i64[64]" = torch.ops.prims.iota.default(64, start = 0, step = 1, dtype = torch.int64, device = device(type='cuda', index=0), requires_grad = False)

        # File: /work/main/labs/common/minigpt.py:135 in forward, code: x = self.drop(self.tok_emb(idx) + self.pos_emb(positions))
        embedding: "f32[4, 64, 64]" = torch.ops.aten.embedding.default(arg1_1, arg0_1);  arg0_1 = None
        embedding_1: "f32[64, 64]" = torch.ops.aten.embedding.default(arg2_1, iota);  arg2_1 = iota = None
        add: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(embedding, embedding_1);  embedding = embedding_1 = None

        # File: /work/main/labs/common/minigpt.py:105 in forward, code: x = x + self.attn(self.ln1(x))
        var_mean = torch.ops.aten.var_mean.correction(add, [2], correction = 0, keepdim = True)
        getitem: "f32[4, 64, 1]" = var_mean[0]
        getitem_1: "f32[4, 64, 1]" = var_mean[1];  var_mean = None
        add_1: "f32[4, 64, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[4, 64, 1]" = torch.ops.aten.rsqrt.default(add_1);  add_1 = None
        sub: "f32[4, 64, 64]" = torch.ops.aten.sub.Tensor(add, getitem_1);  getitem_1 = None
        mul: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(sub, rsqrt);  sub = rsqrt = None
        mul_1: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(mul, arg3_1);  mul = arg3_1 = None
        add_2: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(mul_1, arg4_1);  mul_1 = arg4_1 = None

        # File: /work/main/labs/common/minigpt.py:70 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        view: "f32[256, 64]" = torch.ops.aten.view.default(add_2, [256, 64]);  add_2 = None
        permute: "f32[64, 192]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        addmm: "f32[256, 192]" = torch.ops.aten.addmm.default(arg6_1, view, permute);  arg6_1 = view = permute = None
        view_1: "f32[4, 64, 192]" = torch.ops.aten.view.default(addmm, [4, 64, 192]);  addmm = None
        split = torch.ops.aten.split.Tensor(view_1, 64, 2);  view_1 = None
        getitem_2: "f32[4, 64, 64]" = split[0]
        getitem_3: "f32[4, 64, 64]" = split[1]
        getitem_4: "f32[4, 64, 64]" = split[2];  split = None

        # File: /work/main/labs/common/minigpt.py:72 in <genexpr>, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_2: "f32[4, 64, 2, 32]" = torch.ops.aten.view.default(getitem_2, [4, 64, 2, 32]);  getitem_2 = None
        permute_1: "f32[4, 2, 64, 32]" = torch.ops.aten.permute.default(view_2, [0, 2, 1, 3]);  view_2 = None
        view_3: "f32[4, 64, 2, 32]" = torch.ops.aten.view.default(getitem_3, [4, 64, 2, 32]);  getitem_3 = None
        permute_2: "f32[4, 2, 64, 32]" = torch.ops.aten.permute.default(view_3, [0, 2, 1, 3]);  view_3 = None
        view_4: "f32[4, 64, 2, 32]" = torch.ops.aten.view.default(getitem_4, [4, 64, 2, 32]);  getitem_4 = None
        permute_3: "f32[4, 2, 64, 32]" = torch.ops.aten.permute.default(view_4, [0, 2, 1, 3]);  view_4 = None

        # File: /work/main/labs/common/minigpt.py:77 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        permute_4: "f32[4, 2, 32, 64]" = torch.ops.aten.permute.default(permute_2, [0, 1, 3, 2]);  permute_2 = None
        expand: "f32[4, 2, 64, 32]" = torch.ops.aten.expand.default(permute_1, [4, 2, 64, 32]);  permute_1 = None
        clone_1: "f32[4, 2, 64, 32]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_5: "f32[8, 64, 32]" = torch.ops.aten.view.default(clone_1, [8, 64, 32]);  clone_1 = None
        expand_1: "f32[4, 2, 32, 64]" = torch.ops.aten.expand.default(permute_4, [4, 2, 32, 64]);  permute_4 = None
        clone_2: "f32[4, 2, 32, 64]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_6: "f32[8, 32, 64]" = torch.ops.aten.view.default(clone_2, [8, 32, 64]);  clone_2 = None
        bmm: "f32[8, 64, 64]" = torch.ops.aten.bmm.default(view_5, view_6);  view_5 = view_6 = None
        view_7: "f32[4, 2, 64, 64]" = torch.ops.aten.view.default(bmm, [4, 2, 64, 64]);  bmm = None
        mul_2: "f32[4, 2, 64, 64]" = torch.ops.aten.mul.Tensor(view_7, 0.17677669529663687);  view_7 = None

        # File: /work/main/labs/common/minigpt.py:78 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        bitwise_not: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(arg7_1);  arg7_1 = None
        full_default: "f32[]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cuda', index=0), pin_memory = False)
        where: "f32[4, 2, 64, 64]" = torch.ops.aten.where.self(bitwise_not, full_default, mul_2);  bitwise_not = full_default = mul_2 = None

        # File: /work/main/labs/common/minigpt.py:79 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        amax: "f32[4, 2, 64, 1]" = torch.ops.aten.amax.default(where, [-1], True)
        sub_1: "f32[4, 2, 64, 64]" = torch.ops.aten.sub.Tensor(where, amax);  where = amax = None
        exp: "f32[4, 2, 64, 64]" = torch.ops.aten.exp.default(sub_1);  sub_1 = None
        sum_1: "f32[4, 2, 64, 1]" = torch.ops.aten.sum.dim_IntList(exp, [-1], True)
        div: "f32[4, 2, 64, 64]" = torch.ops.aten.div.Tensor(exp, sum_1);  exp = sum_1 = None
        expand_2: "f32[4, 2, 64, 64]" = torch.ops.aten.expand.default(div, [4, 2, 64, 64]);  div = None
        view_8: "f32[8, 64, 64]" = torch.ops.aten.view.default(expand_2, [8, 64, 64]);  expand_2 = None
        expand_3: "f32[4, 2, 64, 32]" = torch.ops.aten.expand.default(permute_3, [4, 2, 64, 32]);  permute_3 = None
        clone_4: "f32[4, 2, 64, 32]" = torch.ops.aten.clone.default(expand_3, memory_format = torch.contiguous_format);  expand_3 = None
        view_9: "f32[8, 64, 32]" = torch.ops.aten.view.default(clone_4, [8, 64, 32]);  clone_4 = None
        bmm_1: "f32[8, 64, 32]" = torch.ops.aten.bmm.default(view_8, view_9);  view_8 = view_9 = None
        view_10: "f32[4, 2, 64, 32]" = torch.ops.aten.view.default(bmm_1, [4, 2, 64, 32]);  bmm_1 = None

        # File: /work/main/labs/common/minigpt.py:80 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        permute_5: "f32[4, 64, 2, 32]" = torch.ops.aten.permute.default(view_10, [0, 2, 1, 3]);  view_10 = None
        clone_5: "f32[4, 64, 2, 32]" = torch.ops.aten.clone.default(permute_5, memory_format = torch.contiguous_format);  permute_5 = None
        view_11: "f32[4, 64, 64]" = torch.ops.aten.view.default(clone_5, [4, 64, 64]);  clone_5 = None

        # File: /work/main/labs/common/minigpt.py:81 in forward, code: return self.resid_drop(self.proj(y))
        view_12: "f32[256, 64]" = torch.ops.aten.view.default(view_11, [256, 64]);  view_11 = None
        permute_6: "f32[64, 64]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        addmm_1: "f32[256, 64]" = torch.ops.aten.addmm.default(arg9_1, view_12, permute_6);  arg9_1 = view_12 = permute_6 = None
        view_13: "f32[4, 64, 64]" = torch.ops.aten.view.default(addmm_1, [4, 64, 64]);  addmm_1 = None

        # File: /work/main/labs/common/minigpt.py:105 in forward, code: x = x + self.attn(self.ln1(x))
        add_3: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(add, view_13);  add = view_13 = None

        # File: /work/main/labs/common/minigpt.py:106 in forward, code: return x + self.mlp(self.ln2(x))
        var_mean_1 = torch.ops.aten.var_mean.correction(add_3, [2], correction = 0, keepdim = True)
        getitem_5: "f32[4, 64, 1]" = var_mean_1[0]
        getitem_6: "f32[4, 64, 1]" = var_mean_1[1];  var_mean_1 = None
        add_4: "f32[4, 64, 1]" = torch.ops.aten.add.Tensor(getitem_5, 1e-05);  getitem_5 = None
        rsqrt_1: "f32[4, 64, 1]" = torch.ops.aten.rsqrt.default(add_4);  add_4 = None
        sub_2: "f32[4, 64, 64]" = torch.ops.aten.sub.Tensor(add_3, getitem_6);  getitem_6 = None
        mul_3: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(sub_2, rsqrt_1);  sub_2 = rsqrt_1 = None
        mul_4: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(mul_3, arg10_1);  mul_3 = arg10_1 = None
        add_5: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(mul_4, arg11_1);  mul_4 = arg11_1 = None

        # File: /work/main/labs/common/minigpt.py:93 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        view_14: "f32[256, 64]" = torch.ops.aten.view.default(add_5, [256, 64]);  add_5 = None
        permute_7: "f32[64, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        addmm_2: "f32[256, 256]" = torch.ops.aten.addmm.default(arg13_1, view_14, permute_7);  arg13_1 = view_14 = permute_7 = None
        view_15: "f32[4, 64, 256]" = torch.ops.aten.view.default(addmm_2, [4, 64, 256]);  addmm_2 = None
        mul_5: "f32[4, 64, 256]" = torch.ops.aten.mul.Tensor(view_15, 0.5)
        mul_6: "f32[4, 64, 256]" = torch.ops.aten.mul.Tensor(view_15, 0.7071067811865476);  view_15 = None
        erf: "f32[4, 64, 256]" = torch.ops.aten.erf.default(mul_6);  mul_6 = None
        add_6: "f32[4, 64, 256]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_7: "f32[4, 64, 256]" = torch.ops.aten.mul.Tensor(mul_5, add_6);  mul_5 = add_6 = None
        view_16: "f32[256, 256]" = torch.ops.aten.view.default(mul_7, [256, 256]);  mul_7 = None
        permute_8: "f32[256, 64]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        addmm_3: "f32[256, 64]" = torch.ops.aten.addmm.default(arg15_1, view_16, permute_8);  arg15_1 = view_16 = permute_8 = None
        view_17: "f32[4, 64, 64]" = torch.ops.aten.view.default(addmm_3, [4, 64, 64]);  addmm_3 = None

        # File: /work/main/labs/common/minigpt.py:106 in forward, code: return x + self.mlp(self.ln2(x))
        add_7: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(add_3, view_17);  add_3 = view_17 = None

        # File: /work/main/labs/common/minigpt.py:105 in forward, code: x = x + self.attn(self.ln1(x))
        var_mean_2 = torch.ops.aten.var_mean.correction(add_7, [2], correction = 0, keepdim = True)
        getitem_7: "f32[4, 64, 1]" = var_mean_2[0]
        getitem_8: "f32[4, 64, 1]" = var_mean_2[1];  var_mean_2 = None
        add_8: "f32[4, 64, 1]" = torch.ops.aten.add.Tensor(getitem_7, 1e-05);  getitem_7 = None
        rsqrt_2: "f32[4, 64, 1]" = torch.ops.aten.rsqrt.default(add_8);  add_8 = None
        sub_3: "f32[4, 64, 64]" = torch.ops.aten.sub.Tensor(add_7, getitem_8);  getitem_8 = None
        mul_8: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(sub_3, rsqrt_2);  sub_3 = rsqrt_2 = None
        mul_9: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(mul_8, arg16_1);  mul_8 = arg16_1 = None
        add_9: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(mul_9, arg17_1);  mul_9 = arg17_1 = None

        # File: /work/main/labs/common/minigpt.py:70 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        view_18: "f32[256, 64]" = torch.ops.aten.view.default(add_9, [256, 64]);  add_9 = None
        permute_9: "f32[64, 192]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        addmm_4: "f32[256, 192]" = torch.ops.aten.addmm.default(arg19_1, view_18, permute_9);  arg19_1 = view_18 = permute_9 = None
        view_19: "f32[4, 64, 192]" = torch.ops.aten.view.default(addmm_4, [4, 64, 192]);  addmm_4 = None
        split_1 = torch.ops.aten.split.Tensor(view_19, 64, 2);  view_19 = None
        getitem_9: "f32[4, 64, 64]" = split_1[0]
        getitem_10: "f32[4, 64, 64]" = split_1[1]
        getitem_11: "f32[4, 64, 64]" = split_1[2];  split_1 = None

        # File: /work/main/labs/common/minigpt.py:72 in <genexpr>, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_20: "f32[4, 64, 2, 32]" = torch.ops.aten.view.default(getitem_9, [4, 64, 2, 32]);  getitem_9 = None
        permute_10: "f32[4, 2, 64, 32]" = torch.ops.aten.permute.default(view_20, [0, 2, 1, 3]);  view_20 = None
        view_21: "f32[4, 64, 2, 32]" = torch.ops.aten.view.default(getitem_10, [4, 64, 2, 32]);  getitem_10 = None
        permute_11: "f32[4, 2, 64, 32]" = torch.ops.aten.permute.default(view_21, [0, 2, 1, 3]);  view_21 = None
        view_22: "f32[4, 64, 2, 32]" = torch.ops.aten.view.default(getitem_11, [4, 64, 2, 32]);  getitem_11 = None
        permute_12: "f32[4, 2, 64, 32]" = torch.ops.aten.permute.default(view_22, [0, 2, 1, 3]);  view_22 = None

        # File: /work/main/labs/common/minigpt.py:77 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        permute_13: "f32[4, 2, 32, 64]" = torch.ops.aten.permute.default(permute_11, [0, 1, 3, 2]);  permute_11 = None
        expand_4: "f32[4, 2, 64, 32]" = torch.ops.aten.expand.default(permute_10, [4, 2, 64, 32]);  permute_10 = None
        clone_8: "f32[4, 2, 64, 32]" = torch.ops.aten.clone.default(expand_4, memory_format = torch.contiguous_format);  expand_4 = None
        view_23: "f32[8, 64, 32]" = torch.ops.aten.view.default(clone_8, [8, 64, 32]);  clone_8 = None
        expand_5: "f32[4, 2, 32, 64]" = torch.ops.aten.expand.default(permute_13, [4, 2, 32, 64]);  permute_13 = None
        clone_9: "f32[4, 2, 32, 64]" = torch.ops.aten.clone.default(expand_5, memory_format = torch.contiguous_format);  expand_5 = None
        view_24: "f32[8, 32, 64]" = torch.ops.aten.view.default(clone_9, [8, 32, 64]);  clone_9 = None
        bmm_2: "f32[8, 64, 64]" = torch.ops.aten.bmm.default(view_23, view_24);  view_23 = view_24 = None
        view_25: "f32[4, 2, 64, 64]" = torch.ops.aten.view.default(bmm_2, [4, 2, 64, 64]);  bmm_2 = None
        mul_10: "f32[4, 2, 64, 64]" = torch.ops.aten.mul.Tensor(view_25, 0.17677669529663687);  view_25 = None

        # File: /work/main/labs/common/minigpt.py:78 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        bitwise_not_1: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(arg20_1);  arg20_1 = None
        full_default_1: "f32[]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cuda', index=0), pin_memory = False)
        where_1: "f32[4, 2, 64, 64]" = torch.ops.aten.where.self(bitwise_not_1, full_default_1, mul_10);  bitwise_not_1 = full_default_1 = mul_10 = None

        # File: /work/main/labs/common/minigpt.py:79 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        amax_1: "f32[4, 2, 64, 1]" = torch.ops.aten.amax.default(where_1, [-1], True)
        sub_4: "f32[4, 2, 64, 64]" = torch.ops.aten.sub.Tensor(where_1, amax_1);  where_1 = amax_1 = None
        exp_1: "f32[4, 2, 64, 64]" = torch.ops.aten.exp.default(sub_4);  sub_4 = None
        sum_2: "f32[4, 2, 64, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_1: "f32[4, 2, 64, 64]" = torch.ops.aten.div.Tensor(exp_1, sum_2);  exp_1 = sum_2 = None
        expand_6: "f32[4, 2, 64, 64]" = torch.ops.aten.expand.default(div_1, [4, 2, 64, 64]);  div_1 = None
        view_26: "f32[8, 64, 64]" = torch.ops.aten.view.default(expand_6, [8, 64, 64]);  expand_6 = None
        expand_7: "f32[4, 2, 64, 32]" = torch.ops.aten.expand.default(permute_12, [4, 2, 64, 32]);  permute_12 = None
        clone_11: "f32[4, 2, 64, 32]" = torch.ops.aten.clone.default(expand_7, memory_format = torch.contiguous_format);  expand_7 = None
        view_27: "f32[8, 64, 32]" = torch.ops.aten.view.default(clone_11, [8, 64, 32]);  clone_11 = None
        bmm_3: "f32[8, 64, 32]" = torch.ops.aten.bmm.default(view_26, view_27);  view_26 = view_27 = None
        view_28: "f32[4, 2, 64, 32]" = torch.ops.aten.view.default(bmm_3, [4, 2, 64, 32]);  bmm_3 = None

        # File: /work/main/labs/common/minigpt.py:80 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        permute_14: "f32[4, 64, 2, 32]" = torch.ops.aten.permute.default(view_28, [0, 2, 1, 3]);  view_28 = None
        clone_12: "f32[4, 64, 2, 32]" = torch.ops.aten.clone.default(permute_14, memory_format = torch.contiguous_format);  permute_14 = None
        view_29: "f32[4, 64, 64]" = torch.ops.aten.view.default(clone_12, [4, 64, 64]);  clone_12 = None

        # File: /work/main/labs/common/minigpt.py:81 in forward, code: return self.resid_drop(self.proj(y))
        view_30: "f32[256, 64]" = torch.ops.aten.view.default(view_29, [256, 64]);  view_29 = None
        permute_15: "f32[64, 64]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        addmm_5: "f32[256, 64]" = torch.ops.aten.addmm.default(arg22_1, view_30, permute_15);  arg22_1 = view_30 = permute_15 = None
        view_31: "f32[4, 64, 64]" = torch.ops.aten.view.default(addmm_5, [4, 64, 64]);  addmm_5 = None

        # File: /work/main/labs/common/minigpt.py:105 in forward, code: x = x + self.attn(self.ln1(x))
        add_10: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(add_7, view_31);  add_7 = view_31 = None

        # File: /work/main/labs/common/minigpt.py:106 in forward, code: return x + self.mlp(self.ln2(x))
        var_mean_3 = torch.ops.aten.var_mean.correction(add_10, [2], correction = 0, keepdim = True)
        getitem_12: "f32[4, 64, 1]" = var_mean_3[0]
        getitem_13: "f32[4, 64, 1]" = var_mean_3[1];  var_mean_3 = None
        add_11: "f32[4, 64, 1]" = torch.ops.aten.add.Tensor(getitem_12, 1e-05);  getitem_12 = None
        rsqrt_3: "f32[4, 64, 1]" = torch.ops.aten.rsqrt.default(add_11);  add_11 = None
        sub_5: "f32[4, 64, 64]" = torch.ops.aten.sub.Tensor(add_10, getitem_13);  getitem_13 = None
        mul_11: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(sub_5, rsqrt_3);  sub_5 = rsqrt_3 = None
        mul_12: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(mul_11, arg23_1);  mul_11 = arg23_1 = None
        add_12: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(mul_12, arg24_1);  mul_12 = arg24_1 = None

        # File: /work/main/labs/common/minigpt.py:93 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        view_32: "f32[256, 64]" = torch.ops.aten.view.default(add_12, [256, 64]);  add_12 = None
        permute_16: "f32[64, 256]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        addmm_6: "f32[256, 256]" = torch.ops.aten.addmm.default(arg26_1, view_32, permute_16);  arg26_1 = view_32 = permute_16 = None
        view_33: "f32[4, 64, 256]" = torch.ops.aten.view.default(addmm_6, [4, 64, 256]);  addmm_6 = None
        mul_13: "f32[4, 64, 256]" = torch.ops.aten.mul.Tensor(view_33, 0.5)
        mul_14: "f32[4, 64, 256]" = torch.ops.aten.mul.Tensor(view_33, 0.7071067811865476);  view_33 = None
        erf_1: "f32[4, 64, 256]" = torch.ops.aten.erf.default(mul_14);  mul_14 = None
        add_13: "f32[4, 64, 256]" = torch.ops.aten.add.Tensor(erf_1, 1);  erf_1 = None
        mul_15: "f32[4, 64, 256]" = torch.ops.aten.mul.Tensor(mul_13, add_13);  mul_13 = add_13 = None
        view_34: "f32[256, 256]" = torch.ops.aten.view.default(mul_15, [256, 256]);  mul_15 = None
        permute_17: "f32[256, 64]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        addmm_7: "f32[256, 64]" = torch.ops.aten.addmm.default(arg28_1, view_34, permute_17);  arg28_1 = view_34 = permute_17 = None
        view_35: "f32[4, 64, 64]" = torch.ops.aten.view.default(addmm_7, [4, 64, 64]);  addmm_7 = None

        # File: /work/main/labs/common/minigpt.py:106 in forward, code: return x + self.mlp(self.ln2(x))
        add_14: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(add_10, view_35);  add_10 = view_35 = None

        # File: /work/main/labs/common/minigpt.py:138 in forward, code: logits = self.lm_head(self.ln_f(x))
        var_mean_4 = torch.ops.aten.var_mean.correction(add_14, [2], correction = 0, keepdim = True)
        getitem_14: "f32[4, 64, 1]" = var_mean_4[0]
        getitem_15: "f32[4, 64, 1]" = var_mean_4[1];  var_mean_4 = None
        add_15: "f32[4, 64, 1]" = torch.ops.aten.add.Tensor(getitem_14, 1e-05);  getitem_14 = None
        rsqrt_4: "f32[4, 64, 1]" = torch.ops.aten.rsqrt.default(add_15);  add_15 = None
        sub_6: "f32[4, 64, 64]" = torch.ops.aten.sub.Tensor(add_14, getitem_15);  add_14 = getitem_15 = None
        mul_16: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(sub_6, rsqrt_4);  sub_6 = rsqrt_4 = None
        mul_17: "f32[4, 64, 64]" = torch.ops.aten.mul.Tensor(mul_16, arg29_1);  mul_16 = arg29_1 = None
        add_16: "f32[4, 64, 64]" = torch.ops.aten.add.Tensor(mul_17, arg30_1);  mul_17 = arg30_1 = None
        permute_18: "f32[64, 32]" = torch.ops.aten.permute.default(arg1_1, [1, 0]);  arg1_1 = None
        view_36: "f32[256, 64]" = torch.ops.aten.view.default(add_16, [256, 64]);  add_16 = None
        mm: "f32[256, 32]" = torch.ops.aten.mm.default(view_36, permute_18);  view_36 = permute_18 = None
        view_37: "f32[4, 64, 32]" = torch.ops.aten.view.default(mm, [4, 64, 32]);  mm = None
        return (view_37,)
