"""A CNN whose only bias is in the first convolution (as Lyu–Li's MNIST CNN): positively homogeneous in all its
parameters — measured, degree 3 — and accepted as trained.

    python examples/kkt/cnn_first_layer_bias.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt ...
"""
import torch
import torch.nn.functional as F
from common import save, train
from models import CNN

import ibcheck

g = torch.Generator().manual_seed(1)
y = torch.arange(3).repeat_interleave(3)
X = torch.randn(3, 1, 8, 8, generator=g, dtype=torch.float64)[y] + 0.3 * torch.randn(9, 1, 8, 8, generator=g,
                                                                                      dtype=torch.float64)
torch.manual_seed(0)
net = train(CNN().double(), X, lambda out: F.cross_entropy(out, y), 300, 0.2)
res = ibcheck.kkt(net, X, y)
print(f"degree {res.degree} (measured {res.degree_measured:.12g}), normalized margin {res.normalized_margin:.6g}, "
      f"stationarity {res.kkt_stationarity:.3g}, verdict {res.verdict}")
save(net, X, y, "cnn")
