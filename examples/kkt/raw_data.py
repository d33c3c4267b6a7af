"""Data that is not what the model was trained on: the model saw centred inputs, the file holds the raw ones. Some
examples are misclassified, and ibcheck kkt says so first (likely causes: preprocessing, labels) before its verdict.

    python examples/kkt/raw_data.py [OUT_DIR]   # then: ibcheck kkt ... (the warning first; verdict violated, exit 1)
"""
import numpy as np
import torch
from common import exp_loss, out_dir, train
from torch import nn

g = torch.Generator().manual_seed(3)
raw = torch.randn(40, 5, generator=g, dtype=torch.float64) + torch.tensor([2.0, 1.0, 0.0, 0.0, 0.0], dtype=torch.float64)
centred = raw - raw.mean(0)
y = torch.sign(centred[:, 0] + 0.5 * centred[:, 1])
torch.manual_seed(0)
net = train(nn.Sequential(nn.Linear(5, 16, bias=False), nn.ReLU(), nn.Linear(16, 1, bias=False)).double(),
            centred, exp_loss(y), 500, 0.05)
d = out_dir()
torch.save(net, d / "raw.pt")
np.savez(d / "raw.npz", X=raw.numpy(), y=y.numpy())  # the raw inputs: the training script centred them
print(f"saved {d / 'raw.pt'} and {d / 'raw.npz'} (raw inputs; the model was trained on centred ones)")
