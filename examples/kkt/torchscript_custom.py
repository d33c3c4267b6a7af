"""A TorchScript module with a custom forward: its activations cannot be seen, so the KKT residuals are computed
with PyTorch's derivative at any kink and reported as not certified (verdict inconclusive, exit 4), with the reason.

    python examples/kkt/torchscript_custom.py [OUT_DIR]
"""
import torch
from common import clusters, exp_loss, save, train
from models import Scripted

import ibcheck

X, c = clusters(5, 2, 5)
y = 2.0 * c - 1
torch.manual_seed(2)
net = train(Scripted(5).double(), X, exp_loss(y), 120, 0.01)  # degree 3: a longer run overflows
res = ibcheck.kkt(torch.jit.script(net), X, y)
print(f"stationarity {res.kkt_stationarity:.3g} (certified: {res.certified}); verdict {res.verdict}: {res.reason}")
save(net, X, y, "scripted", scripted=True)
