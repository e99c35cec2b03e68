class GraphModule(torch.nn.Module):
    def forward(self, p_model_tok_emb_weight: "f32[32, 64]", p_model_pos_emb_weight: "f32[64, 64]", p_model_blocks_0_ln1_weight: "f32[64]", p_model_blocks_0_ln1_bias: "f32[64]", p_model_blocks_0_attn_qkv_weight: "f32[192, 64]", p_model_blocks_0_attn_qkv_bias: "f32[192]", p_model_blocks_0_attn_proj_weight: "f32[64, 64]", p_model_blocks_0_attn_proj_bias: "f32[64]", p_model_blocks_0_ln2_weight: "f32[64]", p_model_blocks_0_ln2_bias: "f32[64]", p_model_blocks_0_mlp_fc_weight: "f32[256, 64]", p_model_blocks_0_mlp_fc_bias: "f32[256]", p_model_blocks_0_mlp_proj_weight: "f32[64, 256]", p_model_blocks_0_mlp_proj_bias: "f32[64]", p_model_blocks_1_ln1_weight: "f32[64]", p_model_blocks_1_ln1_bias: "f32[64]", p_model_blocks_1_attn_qkv_weight: "f32[192, 64]", p_model_blocks_1_attn_qkv_bias: "f32[192]", p_model_blocks_1_attn_proj_weight: "f32[64, 64]", p_model_blocks_1_attn_proj_bias: "f32[64]", p_model_blocks_1_ln2_weight: "f32[64]", p_model_blocks_1_ln2_bias: "f32[64]", p_model_blocks_1_mlp_fc_weight: "f32[256, 64]", p_model_blocks_1_mlp_fc_bias: "f32[256]", p_model_blocks_1_mlp_proj_weight: "f32[64, 256]", p_model_blocks_1_mlp_proj_bias: "f32[64]", p_model_blocks_2_ln1_weight: "f32[64]", p_model_blocks_2_ln1_bias: "f32[64]", p_model_blocks_2_attn_qkv_weight: "f32[192, 64]", p_model_blocks_2_attn_qkv_bias: "f32[192]", p_model_blocks_2_attn_proj_weight: "f32[64, 64]", p_model_blocks_2_attn_proj_bias: "f32[64]", p_model_blocks_2_ln2_weight: "f32[64]", p_model_blocks_2_ln2_bias: "f32[64]", p_model_blocks_2_mlp_fc_weight: "f32[256, 64]", p_model_blocks_2_mlp_fc_bias: "f32[256]", p_model_blocks_2_mlp_proj_weight: "f32[64, 256]", p_model_blocks_2_mlp_proj_bias: "f32[64]", p_model_blocks_3_ln1_weight: "f32[64]", p_model_blocks_3_ln1_bias: "f32[64]", p_model_blocks_3_attn_qkv_weight: "f32[192, 64]", p_model_blocks_3_attn_qkv_bias: "f32[192]", p_model_blocks_3_attn_proj_weight: "f32[64, 64]", p_model_blocks_3_attn_proj_bias: "f32[64]", p_model_blocks_3_ln2_weight: "f32[64]", p_model_blocks_3_ln2_bias: "f32[64]", p_model_blocks_3_mlp_fc_weight: "f32[256, 64]", p_model_blocks_3_mlp_fc_bias: "f32[256]", p_model_blocks_3_mlp_proj_weight: "f32[64, 256]", p_model_blocks_3_mlp_proj_bias: "f32[64]", p_model_ln_f_weight: "f32[64]", p_model_ln_f_bias: "f32[64]", p_model_lm_head_weight: "f32[32, 64]", b_model_blocks_0_attn_causal_mask: "b8[1, 1, 64, 64]", b_model_blocks_1_attn_causal_mask: "b8[1, 1, 64, 64]", b_model_blocks_2_attn_causal_mask: "b8[1, 1, 64, 64]", b_model_blocks_3_attn_causal_mask: "b8[1, 1, 64, 64]", idx: "i64[2, 64]"):
        # File: labs/common/minigpt/model.py:116 in forward, code: positions = torch.arange(T, device=idx.device)
        arange: "i64[64]" = torch.ops.aten.arange.default(64, device = device(type='cuda', index=0), pin_memory = False)

        # File: …/site-packages/torch/nn/modules/sparse.py:189 in forward, code: return F.embedding(
        embedding: "f32[2, 64, 64]" = torch.ops.aten.embedding.default(p_model_lm_head_weight, idx);  idx = None
        embedding_1: "f32[64, 64]" = torch.ops.aten.embedding.default(p_model_pos_emb_weight, arange);  p_model_pos_emb_weight = arange = None

        # File: labs/common/minigpt/model.py:117 in forward, code: x = self.drop(self.tok_emb(idx) + self.pos_emb(positions))
        add: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(embedding, embedding_1);  embedding = embedding_1 = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(add, 0.0, False);  add = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(dropout, [64], p_model_blocks_0_ln1_weight, p_model_blocks_0_ln1_bias, 1e-05, False);  p_model_blocks_0_ln1_weight = p_model_blocks_0_ln1_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear: "f32[2, 64, 192]" = torch.ops.aten.linear.default(layer_norm, p_model_blocks_0_attn_qkv_weight, p_model_blocks_0_attn_qkv_bias);  layer_norm = p_model_blocks_0_attn_qkv_weight = p_model_blocks_0_attn_qkv_bias = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        split = torch.ops.aten.split.Tensor(linear, 64, 2);  linear = None
        getitem: "f32[2, 64, 64]" = split[0]
        getitem_1: "f32[2, 64, 64]" = split[1]
        getitem_2: "f32[2, 64, 64]" = split[2];  split = None

        # File: labs/common/minigpt/model.py:54 in forward, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem, [2, 64, 4, 16]);  getitem = None
        transpose: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view, 1, 2);  view = None
        view_1: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_1, [2, 64, 4, 16]);  getitem_1 = None
        transpose_1: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_1, 1, 2);  view_1 = None
        view_2: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_2, [2, 64, 4, 16]);  getitem_2 = None
        transpose_2: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_2, 1, 2);  view_2 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        transpose_3: "f32[2, 4, 16, 64]" = torch.ops.aten.transpose.int(transpose_1, -2, -1);  transpose_1 = None
        matmul: "f32[2, 4, 64, 64]" = torch.ops.aten.matmul.default(transpose, transpose_3);  transpose = transpose_3 = None
        mul: "f32[2, 4, 64, 64]" = torch.ops.aten.mul.Tensor(matmul, 0.25);  matmul = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        alias: "b8[1, 1, 64, 64]" = torch.ops.aten.alias.default(b_model_blocks_0_attn_causal_mask);  b_model_blocks_0_attn_causal_mask = None
        bitwise_not: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(alias);  alias = None
        masked_fill: "f32[2, 4, 64, 64]" = torch.ops.aten.masked_fill.Scalar(mul, bitwise_not, -inf);  mul = bitwise_not = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        softmax: "f32[2, 4, 64, 64]" = torch.ops.aten.softmax.int(masked_fill, -1);  masked_fill = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_1: "f32[2, 4, 64, 64]" = torch.ops.aten.dropout.default(softmax, 0.0, False);  softmax = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        matmul_1: "f32[2, 4, 64, 16]" = torch.ops.aten.matmul.default(dropout_1, transpose_2);  dropout_1 = transpose_2 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        transpose_4: "f32[2, 64, 4, 16]" = torch.ops.aten.transpose.int(matmul_1, 1, 2);  matmul_1 = None
        contiguous: "f32[2, 64, 4, 16]" = torch.ops.aten.contiguous.default(transpose_4);  transpose_4 = None
        view_3: "f32[2, 64, 64]" = torch.ops.aten.view.default(contiguous, [2, 64, 64]);  contiguous = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_1: "f32[2, 64, 64]" = torch.ops.aten.linear.default(view_3, p_model_blocks_0_attn_proj_weight, p_model_blocks_0_attn_proj_bias);  view_3 = p_model_blocks_0_attn_proj_weight = p_model_blocks_0_attn_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_2: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_1, 0.0, False);  linear_1 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_1: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(dropout, dropout_2);  dropout = dropout_2 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_1: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_1, [64], p_model_blocks_0_ln2_weight, p_model_blocks_0_ln2_bias, 1e-05, False);  p_model_blocks_0_ln2_weight = p_model_blocks_0_ln2_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_2: "f32[2, 64, 256]" = torch.ops.aten.linear.default(layer_norm_1, p_model_blocks_0_mlp_fc_weight, p_model_blocks_0_mlp_fc_bias);  layer_norm_1 = p_model_blocks_0_mlp_fc_weight = p_model_blocks_0_mlp_fc_bias = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        gelu: "f32[2, 64, 256]" = torch.ops.aten.gelu.default(linear_2);  linear_2 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_3: "f32[2, 64, 64]" = torch.ops.aten.linear.default(gelu, p_model_blocks_0_mlp_proj_weight, p_model_blocks_0_mlp_proj_bias);  gelu = p_model_blocks_0_mlp_proj_weight = p_model_blocks_0_mlp_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_3: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_3, 0.0, False);  linear_3 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_2: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_1, dropout_3);  add_1 = dropout_3 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_2: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_2, [64], p_model_blocks_1_ln1_weight, p_model_blocks_1_ln1_bias, 1e-05, False);  p_model_blocks_1_ln1_weight = p_model_blocks_1_ln1_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_4: "f32[2, 64, 192]" = torch.ops.aten.linear.default(layer_norm_2, p_model_blocks_1_attn_qkv_weight, p_model_blocks_1_attn_qkv_bias);  layer_norm_2 = p_model_blocks_1_attn_qkv_weight = p_model_blocks_1_attn_qkv_bias = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        split_1 = torch.ops.aten.split.Tensor(linear_4, 64, 2);  linear_4 = None
        getitem_3: "f32[2, 64, 64]" = split_1[0]
        getitem_4: "f32[2, 64, 64]" = split_1[1]
        getitem_5: "f32[2, 64, 64]" = split_1[2];  split_1 = None

        # File: labs/common/minigpt/model.py:54 in forward, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_4: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_3, [2, 64, 4, 16]);  getitem_3 = None
        transpose_5: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_4, 1, 2);  view_4 = None
        view_5: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_4, [2, 64, 4, 16]);  getitem_4 = None
        transpose_6: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_5, 1, 2);  view_5 = None
        view_6: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_5, [2, 64, 4, 16]);  getitem_5 = None
        transpose_7: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_6, 1, 2);  view_6 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        transpose_8: "f32[2, 4, 16, 64]" = torch.ops.aten.transpose.int(transpose_6, -2, -1);  transpose_6 = None
        matmul_2: "f32[2, 4, 64, 64]" = torch.ops.aten.matmul.default(transpose_5, transpose_8);  transpose_5 = transpose_8 = None
        mul_1: "f32[2, 4, 64, 64]" = torch.ops.aten.mul.Tensor(matmul_2, 0.25);  matmul_2 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        alias_1: "b8[1, 1, 64, 64]" = torch.ops.aten.alias.default(b_model_blocks_1_attn_causal_mask);  b_model_blocks_1_attn_causal_mask = None
        bitwise_not_1: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(alias_1);  alias_1 = None
        masked_fill_1: "f32[2, 4, 64, 64]" = torch.ops.aten.masked_fill.Scalar(mul_1, bitwise_not_1, -inf);  mul_1 = bitwise_not_1 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        softmax_1: "f32[2, 4, 64, 64]" = torch.ops.aten.softmax.int(masked_fill_1, -1);  masked_fill_1 = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_4: "f32[2, 4, 64, 64]" = torch.ops.aten.dropout.default(softmax_1, 0.0, False);  softmax_1 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        matmul_3: "f32[2, 4, 64, 16]" = torch.ops.aten.matmul.default(dropout_4, transpose_7);  dropout_4 = transpose_7 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        transpose_9: "f32[2, 64, 4, 16]" = torch.ops.aten.transpose.int(matmul_3, 1, 2);  matmul_3 = None
        contiguous_1: "f32[2, 64, 4, 16]" = torch.ops.aten.contiguous.default(transpose_9);  transpose_9 = None
        view_7: "f32[2, 64, 64]" = torch.ops.aten.view.default(contiguous_1, [2, 64, 64]);  contiguous_1 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_5: "f32[2, 64, 64]" = torch.ops.aten.linear.default(view_7, p_model_blocks_1_attn_proj_weight, p_model_blocks_1_attn_proj_bias);  view_7 = p_model_blocks_1_attn_proj_weight = p_model_blocks_1_attn_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_5: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_5, 0.0, False);  linear_5 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_3: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_2, dropout_5);  add_2 = dropout_5 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_3: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_3, [64], p_model_blocks_1_ln2_weight, p_model_blocks_1_ln2_bias, 1e-05, False);  p_model_blocks_1_ln2_weight = p_model_blocks_1_ln2_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_6: "f32[2, 64, 256]" = torch.ops.aten.linear.default(layer_norm_3, p_model_blocks_1_mlp_fc_weight, p_model_blocks_1_mlp_fc_bias);  layer_norm_3 = p_model_blocks_1_mlp_fc_weight = p_model_blocks_1_mlp_fc_bias = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        gelu_1: "f32[2, 64, 256]" = torch.ops.aten.gelu.default(linear_6);  linear_6 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_7: "f32[2, 64, 64]" = torch.ops.aten.linear.default(gelu_1, p_model_blocks_1_mlp_proj_weight, p_model_blocks_1_mlp_proj_bias);  gelu_1 = p_model_blocks_1_mlp_proj_weight = p_model_blocks_1_mlp_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_6: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_7, 0.0, False);  linear_7 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_4: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_3, dropout_6);  add_3 = dropout_6 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_4: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_4, [64], p_model_blocks_2_ln1_weight, p_model_blocks_2_ln1_bias, 1e-05, False);  p_model_blocks_2_ln1_weight = p_model_blocks_2_ln1_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_8: "f32[2, 64, 192]" = torch.ops.aten.linear.default(layer_norm_4, p_model_blocks_2_attn_qkv_weight, p_model_blocks_2_attn_qkv_bias);  layer_norm_4 = p_model_blocks_2_attn_qkv_weight = p_model_blocks_2_attn_qkv_bias = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        split_2 = torch.ops.aten.split.Tensor(linear_8, 64, 2);  linear_8 = None
        getitem_6: "f32[2, 64, 64]" = split_2[0]
        getitem_7: "f32[2, 64, 64]" = split_2[1]
        getitem_8: "f32[2, 64, 64]" = split_2[2];  split_2 = None

        # File: labs/common/minigpt/model.py:54 in forward, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_8: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_6, [2, 64, 4, 16]);  getitem_6 = None
        transpose_10: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_8, 1, 2);  view_8 = None
        view_9: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_7, [2, 64, 4, 16]);  getitem_7 = None
        transpose_11: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_9, 1, 2);  view_9 = None
        view_10: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_8, [2, 64, 4, 16]);  getitem_8 = None
        transpose_12: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_10, 1, 2);  view_10 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        transpose_13: "f32[2, 4, 16, 64]" = torch.ops.aten.transpose.int(transpose_11, -2, -1);  transpose_11 = None
        matmul_4: "f32[2, 4, 64, 64]" = torch.ops.aten.matmul.default(transpose_10, transpose_13);  transpose_10 = transpose_13 = None
        mul_2: "f32[2, 4, 64, 64]" = torch.ops.aten.mul.Tensor(matmul_4, 0.25);  matmul_4 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        alias_2: "b8[1, 1, 64, 64]" = torch.ops.aten.alias.default(b_model_blocks_2_attn_causal_mask);  b_model_blocks_2_attn_causal_mask = None
        bitwise_not_2: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(alias_2);  alias_2 = None
        masked_fill_2: "f32[2, 4, 64, 64]" = torch.ops.aten.masked_fill.Scalar(mul_2, bitwise_not_2, -inf);  mul_2 = bitwise_not_2 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        softmax_2: "f32[2, 4, 64, 64]" = torch.ops.aten.softmax.int(masked_fill_2, -1);  masked_fill_2 = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_7: "f32[2, 4, 64, 64]" = torch.ops.aten.dropout.default(softmax_2, 0.0, False);  softmax_2 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        matmul_5: "f32[2, 4, 64, 16]" = torch.ops.aten.matmul.default(dropout_7, transpose_12);  dropout_7 = transpose_12 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        transpose_14: "f32[2, 64, 4, 16]" = torch.ops.aten.transpose.int(matmul_5, 1, 2);  matmul_5 = None
        contiguous_2: "f32[2, 64, 4, 16]" = torch.ops.aten.contiguous.default(transpose_14);  transpose_14 = None
        view_11: "f32[2, 64, 64]" = torch.ops.aten.view.default(contiguous_2, [2, 64, 64]);  contiguous_2 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_9: "f32[2, 64, 64]" = torch.ops.aten.linear.default(view_11, p_model_blocks_2_attn_proj_weight, p_model_blocks_2_attn_proj_bias);  view_11 = p_model_blocks_2_attn_proj_weight = p_model_blocks_2_attn_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_8: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_9, 0.0, False);  linear_9 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_5: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_4, dropout_8);  add_4 = dropout_8 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_5: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_5, [64], p_model_blocks_2_ln2_weight, p_model_blocks_2_ln2_bias, 1e-05, False);  p_model_blocks_2_ln2_weight = p_model_blocks_2_ln2_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_10: "f32[2, 64, 256]" = torch.ops.aten.linear.default(layer_norm_5, p_model_blocks_2_mlp_fc_weight, p_model_blocks_2_mlp_fc_bias);  layer_norm_5 = p_model_blocks_2_mlp_fc_weight = p_model_blocks_2_mlp_fc_bias = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        gelu_2: "f32[2, 64, 256]" = torch.ops.aten.gelu.default(linear_10);  linear_10 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_11: "f32[2, 64, 64]" = torch.ops.aten.linear.default(gelu_2, p_model_blocks_2_mlp_proj_weight, p_model_blocks_2_mlp_proj_bias);  gelu_2 = p_model_blocks_2_mlp_proj_weight = p_model_blocks_2_mlp_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_9: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_11, 0.0, False);  linear_11 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_6: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_5, dropout_9);  add_5 = dropout_9 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_6: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_6, [64], p_model_blocks_3_ln1_weight, p_model_blocks_3_ln1_bias, 1e-05, False);  p_model_blocks_3_ln1_weight = p_model_blocks_3_ln1_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_12: "f32[2, 64, 192]" = torch.ops.aten.linear.default(layer_norm_6, p_model_blocks_3_attn_qkv_weight, p_model_blocks_3_attn_qkv_bias);  layer_norm_6 = p_model_blocks_3_attn_qkv_weight = p_model_blocks_3_attn_qkv_bias = None

        # File: labs/common/minigpt/model.py:52 in forward, code: q, k, v = self.qkv(x).split(C, dim=2)
        split_3 = torch.ops.aten.split.Tensor(linear_12, 64, 2);  linear_12 = None
        getitem_9: "f32[2, 64, 64]" = split_3[0]
        getitem_10: "f32[2, 64, 64]" = split_3[1]
        getitem_11: "f32[2, 64, 64]" = split_3[2];  split_3 = None

        # File: labs/common/minigpt/model.py:54 in forward, code: q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        view_12: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_9, [2, 64, 4, 16]);  getitem_9 = None
        transpose_15: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_12, 1, 2);  view_12 = None
        view_13: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_10, [2, 64, 4, 16]);  getitem_10 = None
        transpose_16: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_13, 1, 2);  view_13 = None
        view_14: "f32[2, 64, 4, 16]" = torch.ops.aten.view.default(getitem_11, [2, 64, 4, 16]);  getitem_11 = None
        transpose_17: "f32[2, 4, 64, 16]" = torch.ops.aten.transpose.int(view_14, 1, 2);  view_14 = None

        # File: labs/common/minigpt/model.py:59 in forward, code: scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        transpose_18: "f32[2, 4, 16, 64]" = torch.ops.aten.transpose.int(transpose_16, -2, -1);  transpose_16 = None
        matmul_6: "f32[2, 4, 64, 64]" = torch.ops.aten.matmul.default(transpose_15, transpose_18);  transpose_15 = transpose_18 = None
        mul_3: "f32[2, 4, 64, 64]" = torch.ops.aten.mul.Tensor(matmul_6, 0.25);  matmul_6 = None

        # File: labs/common/minigpt/model.py:60 in forward, code: scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
        alias_3: "b8[1, 1, 64, 64]" = torch.ops.aten.alias.default(b_model_blocks_3_attn_causal_mask);  b_model_blocks_3_attn_causal_mask = None
        bitwise_not_3: "b8[1, 1, 64, 64]" = torch.ops.aten.bitwise_not.default(alias_3);  alias_3 = None
        masked_fill_3: "f32[2, 4, 64, 64]" = torch.ops.aten.masked_fill.Scalar(mul_3, bitwise_not_3, -inf);  mul_3 = bitwise_not_3 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        softmax_3: "f32[2, 4, 64, 64]" = torch.ops.aten.softmax.int(masked_fill_3, -1);  masked_fill_3 = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_10: "f32[2, 4, 64, 64]" = torch.ops.aten.dropout.default(softmax_3, 0.0, False);  softmax_3 = None

        # File: labs/common/minigpt/model.py:61 in forward, code: y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        matmul_7: "f32[2, 4, 64, 16]" = torch.ops.aten.matmul.default(dropout_10, transpose_17);  dropout_10 = transpose_17 = None

        # File: labs/common/minigpt/model.py:62 in forward, code: y = y.transpose(1, 2).contiguous().view(B, T, C)
        transpose_19: "f32[2, 64, 4, 16]" = torch.ops.aten.transpose.int(matmul_7, 1, 2);  matmul_7 = None
        contiguous_3: "f32[2, 64, 4, 16]" = torch.ops.aten.contiguous.default(transpose_19);  transpose_19 = None
        view_15: "f32[2, 64, 64]" = torch.ops.aten.view.default(contiguous_3, [2, 64, 64]);  contiguous_3 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_13: "f32[2, 64, 64]" = torch.ops.aten.linear.default(view_15, p_model_blocks_3_attn_proj_weight, p_model_blocks_3_attn_proj_bias);  view_15 = p_model_blocks_3_attn_proj_weight = p_model_blocks_3_attn_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_11: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_13, 0.0, False);  linear_13 = None

        # File: labs/common/minigpt/model.py:87 in forward, code: x = x + self.attn(self.ln1(x))
        add_7: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_6, dropout_11);  add_6 = dropout_11 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_7: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_7, [64], p_model_blocks_3_ln2_weight, p_model_blocks_3_ln2_bias, 1e-05, False);  p_model_blocks_3_ln2_weight = p_model_blocks_3_ln2_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_14: "f32[2, 64, 256]" = torch.ops.aten.linear.default(layer_norm_7, p_model_blocks_3_mlp_fc_weight, p_model_blocks_3_mlp_fc_bias);  layer_norm_7 = p_model_blocks_3_mlp_fc_weight = p_model_blocks_3_mlp_fc_bias = None

        # File: labs/common/minigpt/model.py:75 in forward, code: return self.drop(self.proj(F.gelu(self.fc(x))))
        gelu_3: "f32[2, 64, 256]" = torch.ops.aten.gelu.default(linear_14);  linear_14 = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_15: "f32[2, 64, 64]" = torch.ops.aten.linear.default(gelu_3, p_model_blocks_3_mlp_proj_weight, p_model_blocks_3_mlp_proj_bias);  gelu_3 = p_model_blocks_3_mlp_proj_weight = p_model_blocks_3_mlp_proj_bias = None

        # File: …/site-packages/torch/nn/modules/dropout.py:73 in forward, code: return F.dropout(input, self.p, self.training, self.inplace)
        dropout_12: "f32[2, 64, 64]" = torch.ops.aten.dropout.default(linear_15, 0.0, False);  linear_15 = None

        # File: labs/common/minigpt/model.py:88 in forward, code: return x + self.mlp(self.ln2(x))
        add_8: "f32[2, 64, 64]" = torch.ops.aten.add.Tensor(add_7, dropout_12);  add_7 = dropout_12 = None

        # File: …/site-packages/torch/nn/modules/normalization.py:229 in forward, code: return F.layer_norm(
        layer_norm_8: "f32[2, 64, 64]" = torch.ops.aten.layer_norm.default(add_8, [64], p_model_ln_f_weight, p_model_ln_f_bias, 1e-05, False);  add_8 = p_model_ln_f_weight = p_model_ln_f_bias = None

        # File: …/site-packages/torch/nn/modules/linear.py:134 in forward, code: return F.linear(input, self.weight, self.bias)
        linear_16: "f32[2, 64, 32]" = torch.ops.aten.linear.default(layer_norm_8, p_model_lm_head_weight);  layer_norm_8 = p_model_lm_head_weight = None
        return (linear_16,)
