def forward(self, x : _torch_Tensor_) -> _torch_Tensor_:
    conv1 = self.conv1(x);  x = None
    relu = self.relu(conv1);  conv1 = None
    maxpool = self.maxpool(relu);  relu = None
    layer1_0_conv1 = getattr(self.layer1, "0").conv1(maxpool)
    layer1_0_relu = getattr(self.layer1, "0").relu(layer1_0_conv1);  layer1_0_conv1 = None
    layer1_0_conv2 = getattr(self.layer1, "0").conv2(layer1_0_relu);  layer1_0_relu = None
    fused_elementwise_0 = self.fused_elementwise_0(layer1_0_conv2, maxpool);  layer1_0_conv2 = maxpool = None
    layer1_1_conv1 = getattr(self.layer1, "1").conv1(fused_elementwise_0)
    layer1_1_relu = getattr(self.layer1, "1").relu(layer1_1_conv1);  layer1_1_conv1 = None
    layer1_1_conv2 = getattr(self.layer1, "1").conv2(layer1_1_relu);  layer1_1_relu = None
    fused_elementwise_1 = self.fused_elementwise_1(layer1_1_conv2, fused_elementwise_0);  layer1_1_conv2 = fused_elementwise_0 = None
    layer2_0_downsample_0 = getattr(getattr(self.layer2, "0").downsample, "0")(fused_elementwise_1)
    layer2_0_conv1 = getattr(self.layer2, "0").conv1(fused_elementwise_1);  fused_elementwise_1 = None
    layer2_0_relu = getattr(self.layer2, "0").relu(layer2_0_conv1);  layer2_0_conv1 = None
    layer2_0_conv2 = getattr(self.layer2, "0").conv2(layer2_0_relu);  layer2_0_relu = None
    fused_elementwise_2 = self.fused_elementwise_2(layer2_0_conv2, layer2_0_downsample_0);  layer2_0_conv2 = layer2_0_downsample_0 = None
    layer2_1_conv1 = getattr(self.layer2, "1").conv1(fused_elementwise_2)
    layer2_1_relu = getattr(self.layer2, "1").relu(layer2_1_conv1);  layer2_1_conv1 = None
    layer2_1_conv2 = getattr(self.layer2, "1").conv2(layer2_1_relu);  layer2_1_relu = None
    fused_elementwise_3 = self.fused_elementwise_3(layer2_1_conv2, fused_elementwise_2);  layer2_1_conv2 = fused_elementwise_2 = None
    layer3_0_downsample_0 = getattr(getattr(self.layer3, "0").downsample, "0")(fused_elementwise_3)
    layer3_0_conv1 = getattr(self.layer3, "0").conv1(fused_elementwise_3);  fused_elementwise_3 = None
    layer3_0_relu = getattr(self.layer3, "0").relu(layer3_0_conv1);  layer3_0_conv1 = None
    layer3_0_conv2 = getattr(self.layer3, "0").conv2(layer3_0_relu);  layer3_0_relu = None
    fused_elementwise_4 = self.fused_elementwise_4(layer3_0_conv2, layer3_0_downsample_0);  layer3_0_conv2 = layer3_0_downsample_0 = None
    layer3_1_conv1 = getattr(self.layer3, "1").conv1(fused_elementwise_4)
    layer3_1_relu = getattr(self.layer3, "1").relu(layer3_1_conv1);  layer3_1_conv1 = None
    layer3_1_conv2 = getattr(self.layer3, "1").conv2(layer3_1_relu);  layer3_1_relu = None
    fused_elementwise_5 = self.fused_elementwise_5(layer3_1_conv2, fused_elementwise_4);  layer3_1_conv2 = fused_elementwise_4 = None
    layer4_0_downsample_0 = getattr(getattr(self.layer4, "0").downsample, "0")(fused_elementwise_5)
    layer4_0_conv1 = getattr(self.layer4, "0").conv1(fused_elementwise_5);  fused_elementwise_5 = None
    layer4_0_relu = getattr(self.layer4, "0").relu(layer4_0_conv1);  layer4_0_conv1 = None
    layer4_0_conv2 = getattr(self.layer4, "0").conv2(layer4_0_relu);  layer4_0_relu = None
    fused_elementwise_6 = self.fused_elementwise_6(layer4_0_conv2, layer4_0_downsample_0);  layer4_0_conv2 = layer4_0_downsample_0 = None
    layer4_1_conv1 = getattr(self.layer4, "1").conv1(fused_elementwise_6)
    layer4_1_relu = getattr(self.layer4, "1").relu(layer4_1_conv1);  layer4_1_conv1 = None
    layer4_1_conv2 = getattr(self.layer4, "1").conv2(layer4_1_relu);  layer4_1_relu = None
    fused_elementwise_7 = self.fused_elementwise_7(layer4_1_conv2, fused_elementwise_6);  layer4_1_conv2 = fused_elementwise_6 = None
    avgpool = self.avgpool(fused_elementwise_7);  fused_elementwise_7 = None
    flatten = torch.flatten(avgpool, 1);  avgpool = None
    fc = self.fc(flatten);  flatten = None
    return fc
