"""Haim et al.'s reconstruction MLP with their ModifiedRelu: ReLU forward, sigmoid(αx) backward — a surrogate
gradient. ibcheck kkt finds the custom autograd.Function, checks the gradient against the forward (Euler's identity
⟨θ, ∇q⟩ = L q of a degree-L model) and never certifies: verdict inconclusive (exit 4), with the reason.

    python examples/kkt/surrogate.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt ...
"""
import torch
from common import clusters, exp_loss, save, train
from models import MLP

import ibcheck

X, c = clusters(5, 2, 6)
y = 2.0 * c - 1
torch.manual_seed(0)
net = train(MLP(6, 32, activation="modified").double(), X, exp_loss(y), 300, 0.003)
res = ibcheck.kkt(net, X, y)
print(f"certified: {res.certified}; per-example Euler identity off by {res.euler_gradient_check:.2g}; "
      f"verdict {res.verdict}: {res.reason}")
save(net, X, y, "surrogate")
