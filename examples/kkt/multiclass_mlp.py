"""A two-layer bias-free ReLU MLP with 3 logits trained to an approximate KKT point of the multi-class max-margin
problem: small initialisation, then normalised-loss steps (``common.train_to_kkt``) on the exponential loss, one
thread. Saved twice: after 100 steps (not yet a KKT point: verdict violated) and after 3000 (verified at the
default ε = 1e-3, δ = 1e-2). One multiplier per pair (i, j ≠ y_i) of the margin min_i (f_{y_i} − max_{j≠y_i} f_j).

    python examples/kkt/multiclass_mlp.py [OUT_DIR]
"""
import torch
from common import save, simplex_clusters, train_to_kkt
from torch import nn

import ibcheck

X, y = simplex_clusters(4, 3, 20)  # labels 0, 1, 2
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(20, 12, bias=False), nn.ReLU(), nn.Linear(12, 3, bias=False)).double()
with torch.no_grad():
    for p in net.parameters():
        p.mul_(0.01)  # small initialisation
train_to_kkt(net, X, y, 100, 1.0, L=2)
early = ibcheck.kkt(net, X, y)
save(net, X, y, "multiclass_early")
train_to_kkt(net, X, y, 2900, 1.0, L=2)
res = ibcheck.kkt(net, X, y)
print(f"classes {res.classes}, degree {res.degree}, {len(res.multipliers)} multipliers (pairs {res.constraints[:2]} "
      f"...); after 100 steps: stationarity {early.kkt_stationarity:.2g}, verdict {early.verdict}; after 3000: "
      f"stationarity {res.kkt_stationarity:.2g}, complementarity {res.kkt_complementarity:.2g}, verdict {res.verdict}")
save(net, X, y, "multiclass")
