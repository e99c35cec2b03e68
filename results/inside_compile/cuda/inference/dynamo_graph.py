class GraphModule(torch.nn.Module):
    def forward(self, L_self_modules_norm_parameters_weight_: "f32[256]", L_self_modules_norm_parameters_bias_: "f32[256]", L_x_: "f32[8, 128, 256]", L_self_modules_up_parameters_weight_: "f32[1024, 256]", L_self_modules_up_parameters_bias_: "f32[1024]", L_self_modules_down_parameters_weight_: "f32[256, 1024]", L_self_modules_down_parameters_bias_: "f32[256]"):
        l_self_modules_norm_parameters_weight_ = L_self_modules_norm_parameters_weight_
        l_self_modules_norm_parameters_bias_ = L_self_modules_norm_parameters_bias_
        l_x_ = L_x_
        l_self_modules_up_parameters_weight_ = L_self_modules_up_parameters_weight_
        l_self_modules_up_parameters_bias_ = L_self_modules_up_parameters_bias_
        l_self_modules_down_parameters_weight_ = L_self_modules_down_parameters_weight_
        l_self_modules_down_parameters_bias_ = L_self_modules_down_parameters_bias_

        # File: labs/inside_compile/block.py:24 in forward, code: return self.down(self.act(self.up(self.norm(x))))
        layer_norm: "f32[8, 128, 256]" = torch.nn.functional.layer_norm(l_x_, (256,), l_self_modules_norm_parameters_weight_, l_self_modules_norm_parameters_bias_, 1e-05);  l_x_ = l_self_modules_norm_parameters_weight_ = l_self_modules_norm_parameters_bias_ = None
        linear: "f32[8, 128, 1024]" = torch._C._nn.linear(layer_norm, l_self_modules_up_parameters_weight_, l_self_modules_up_parameters_bias_);  layer_norm = l_self_modules_up_parameters_weight_ = l_self_modules_up_parameters_bias_ = None
        gelu: "f32[8, 128, 1024]" = torch._C._nn.gelu(linear, approximate = 'none');  linear = None
        linear_1: "f32[8, 128, 256]" = torch._C._nn.linear(gelu, l_self_modules_down_parameters_weight_, l_self_modules_down_parameters_bias_);  gelu = l_self_modules_down_parameters_weight_ = l_self_modules_down_parameters_bias_ = None
        return (linear_1,)
