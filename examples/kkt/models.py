"""Model classes of the ``ibcheck kkt`` examples, in an importable module: a pickled model (``torch.save(model)``)
records ``models.CNN``, so ``ibcheck kkt`` must be able to import it (``PYTHONPATH=examples/kkt``)."""
import torch
import torch.nn.functional as F
from torch import nn


class CNN(nn.Module):
    """Lyu–Li's MNIST CNN in miniature: a bias in the first convolution only (positively homogeneous, degree 3)."""

    def __init__(self, classes=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, bias=True)
        self.conv2 = nn.Conv2d(4, 4, 2, bias=False)
        self.fc = nn.Linear(16, classes, bias=False)

    def forward(self, x):
        h = F.max_pool2d(F.relu(self.conv1(x)), 2)
        return self.fc(torch.flatten(F.relu(self.conv2(h)), 1))


class FixedOuter(nn.Module):
    """x ↦ a·φ(Wx): W trained, the outer layer a fixed, stored as a plain tensor attribute or as a buffer."""

    def __init__(self, d, a, slope=0.0, buffer=False):
        super().__init__()
        self.fc = nn.Linear(d, len(a), bias=False)
        self.slope = slope
        if buffer:
            self.register_buffer("a", a)
        else:
            self.a = a

    def forward(self, x):
        return F.leaky_relu(self.fc(x), self.slope) @ self.a


class HiddenBias(nn.Module):
    """Three layers with a bias in the hidden layer: not positively homogeneous (refused, naming fc2.bias)."""

    def __init__(self, d):
        super().__init__()
        self.fc1, self.fc2, self.fc3 = nn.Linear(d, 8, bias=False), nn.Linear(8, 8), nn.Linear(8, 1, bias=False)

    def forward(self, x):
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


class Scripted(nn.Module):
    """A custom forward, for TorchScript (torch.jit.script): its activations are invisible to ibcheck kkt."""

    def __init__(self, d):
        super().__init__()
        self.fc1, self.fc2, self.fc3 = nn.Linear(d, 8, bias=False), nn.Linear(8, 4, bias=False), nn.Linear(4, 1, bias=False)

    def forward(self, x):
        return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x))))).squeeze(-1)


class MLP(nn.Module):
    """Haim et al.'s reconstruction MLP in miniature: Linear(d, width) with a bias, ReLU, Linear(width, width) and
    Linear(width, 1) without (degree 3). ``activation``: ``relu`` or ``modified`` (their ModifiedRelu)."""

    def __init__(self, d, width, activation="relu", alpha=10.0):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(d, width), nn.Linear(width, width, bias=False),
                                     nn.Linear(width, 1, bias=False)])
        self.activation = nn.ReLU() if activation == "relu" else ModifiedRelu(alpha)

    def forward(self, x):
        h = torch.flatten(x, 1)
        for layer in self.layers[:-1]:
            h = self.activation(layer(h))
        return self.layers[-1](h)


class ModifiedReluFunc(torch.autograd.Function):
    """Haim et al.'s surrogate: ReLU forward, sigmoid(αx) backward (the gradient is not the forward's derivative)."""

    @staticmethod
    def forward(ctx, x, alpha):
        ctx.save_for_backward(x)
        ctx.alpha = alpha
        return torch.relu(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(ctx.alpha * x), None


class ModifiedRelu(nn.Module):
    def __init__(self, alpha):
        super().__init__()
        self.alpha = alpha

    def forward(self, x):
        return ModifiedReluFunc.apply(x, self.alpha)


class AllBias(nn.Module):
    """Lyu & Li's "biased" networks (a bias in every layer): not homogeneous; refused, naming every later bias."""

    def __init__(self, d, width=8):
        super().__init__()
        self.fc1, self.fc2, self.fc3 = nn.Linear(d, width), nn.Linear(width, width), nn.Linear(width, 1)

    def forward(self, x):
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))
