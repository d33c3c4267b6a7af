"""A two-layer bias-free ReLU MLP with 3 logits trained by cross-entropy: the multi-class margin
min_i (f_{y_i}(x_i) − max_{j≠y_i} f_j(x_i)) and one KKT multiplier per pair (i, j ≠ y_i).

    python examples/kkt/multiclass_mlp.py [OUT_DIR]
"""
import torch
import torch.nn.functional as F
from common import clusters, save, train
from torch import nn

import ibcheck

X, y = clusters(4, 3, 6)  # labels 0, 1, 2
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(6, 16, bias=False), nn.ReLU(), nn.Linear(16, 3, bias=False)).double()
train(net, X, lambda out: F.cross_entropy(out, y), 2000, 0.5)
res = ibcheck.kkt(net, X, y, loss="logistic")
print(f"classes {res.classes}, degree {res.degree}, normalized margin {res.normalized_margin:.6g}, "
      f"{len(res.multipliers)} multipliers (pairs {res.constraints[:2]} ...), verdict {res.verdict}")
save(net, X, y, "multiclass")
