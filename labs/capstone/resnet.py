"""ResNet-18, the standard architecture (He et al., 2015), written with torch alone.

Module names and parameter shapes are torchvision's `resnet18()`, so a torchvision state
dict loads into it; the lab never needs torchvision, because a bare GPU machine has only
torch. Weights are random (seeded): the lab measures graph rewrites and speed, which depend
on shapes and not on what the weights learned. Batch-norm statistics are randomized too, so
that folding them into the convolutions changes numbers a test can check.
"""

from __future__ import annotations

import torch
from torch import nn


class BasicBlock(nn.Module):
    def __init__(self, inputs: int, outputs: int, stride: int):
        super().__init__()
        self.conv1 = nn.Conv2d(inputs, outputs, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(outputs)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(outputs, outputs, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(outputs)
        self.downsample = None
        if stride != 1 or inputs != outputs:  # the shortcut must match the block's output
            self.downsample = nn.Sequential(nn.Conv2d(inputs, outputs, 1, stride, bias=False),
                                            nn.BatchNorm2d(outputs))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out += identity
        return self.relu(out)


class ResNet18(nn.Module):
    def __init__(self, num_classes: int = 1000):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        widths, inputs = (64, 128, 256, 512), 64
        for index, width in enumerate(widths, start=1):
            stride = 1 if index == 1 else 2
            setattr(self, f"layer{index}", nn.Sequential(BasicBlock(inputs, width, stride),
                                                         BasicBlock(width, width, 1)))
            inputs = width
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(512, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


def randomize_batch_norms(model: nn.Module, generator: torch.Generator) -> None:
    """Running statistics and affine parameters away from their identity defaults."""
    for module in model.modules():
        if isinstance(module, nn.BatchNorm2d):
            n = module.num_features
            with torch.no_grad():
                module.running_mean.copy_(0.1 * torch.randn(n, generator=generator))
                module.running_var.copy_(0.5 + torch.rand(n, generator=generator))
                module.weight.copy_(0.5 + torch.rand(n, generator=generator))
                module.bias.copy_(0.1 * torch.randn(n, generator=generator))


def resnet18(seed: int = 0) -> ResNet18:
    """ResNet-18 with seeded random weights, in eval mode (inference: batch norm uses its
    running statistics, which is what makes it foldable)."""
    torch.manual_seed(seed)
    model = ResNet18()
    randomize_batch_norms(model, torch.Generator().manual_seed(seed))
    return model.eval()
