"""A CNN whose only bias is in the first convolution, with max pooling (Lyu & Li's MNIST CNN in miniature), on
images with a blank background: positively homogeneous in all its parameters (measured: degree 3). Every pooling
window of the blank region holds relu(b_c) four times — a tie of one function of θ, not a kink — so the residuals
are certified and the verdict is definite.

    python examples/kkt/cnn_first_layer_bias.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt ...
"""
import torch
import torch.nn.functional as F
from common import save, train, train_to_kkt
from models import CNN

import ibcheck

g = torch.Generator().manual_seed(1)
y = torch.arange(3).repeat_interleave(3)
X = torch.zeros(9, 1, 8, 8, dtype=torch.float64)  # a blank background and a stroke whose place is the class
for i, c in enumerate(y.tolist()):
    r0, c0 = [(1, 1), (1, 4), (4, 2)][c]
    X[i, 0, r0:r0 + 3, c0:c0 + 3] = 1.0 + 0.3 * torch.rand(3, 3, generator=g, dtype=torch.float64)
torch.manual_seed(0)
net = train(CNN().double(), X, lambda out: F.cross_entropy(out, y), 300, 0.5)
train_to_kkt(net, X, y, 300, 0.1, L=3)
res = ibcheck.kkt(net, X, y)
print(f"degree {res.degree} (measured {res.degree_measured:.12g}), normalized margin {res.normalized_margin:.6g}; "
      f"max-pool ties of one function of θ at {res.kinks['smooth_ties']} of {res.n} examples (not kinks); "
      f"certified: {res.certified}; stationarity {res.kkt_stationarity:.3g}, verdict {res.verdict}")
save(net, X, y, "cnn")
