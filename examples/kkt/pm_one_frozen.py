"""A second layer frozen at ±1 (a frozen nn.Linear): the leaky two-layer max-margin Problem (1)
(``ibcheck.theory.two_layer_margin``) rescaled by √m (a = √m·(±1/√m)), so the reference margin is √m times Problem (1)'s.

    python examples/kkt/pm_one_frozen.py [OUT_DIR]
"""
import torch
from common import clusters, exp_loss, save, train
from torch import nn

import ibcheck

X, c = clusters(4, 2, 12)
y = 2.0 * c - 1
torch.manual_seed(2)
net = nn.Sequential(nn.Linear(12, 4, bias=False), nn.LeakyReLU(0.5), nn.Linear(4, 1, bias=False)).double()
with torch.no_grad():
    net[2].weight.copy_(torch.tensor([[1.0, 1.0, -1.0, -1.0]]))
net[2].weight.requires_grad_(False)
train(net, X, exp_loss(y), 300, 0.05)
res = ibcheck.kkt(net, X, y)
print(f"degree {res.degree}; reference margin {res.references['reference_margin']:.6g} "
      f"(×{res.references['outer_layer']['rescale']:g}); normalized margin / reference {res.margin_over_reference:.6g}")
save(net, X, y, "pm_one")
