"""A net trained in float32 (most released code does): evaluated in float64; the result says it was float32 and how
much the normalised margin moved on conversion.

    python examples/kkt/float32_net.py [OUT_DIR]
"""
import torch
from common import clusters, exp_loss, save, train
from torch import nn

import ibcheck

X, c = clusters(5, 2, 5, dtype=torch.float32)
y = 2.0 * c - 1
torch.manual_seed(0)
net = train(nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1, bias=False)), X, exp_loss(y), 300, 0.01)
res = ibcheck.kkt(net, X, y)
cv = res.conversion
print(f"trained in {res.trained_dtype}; normalized margin {res.normalized_margin:.9g} (float64) vs "
      f"{cv['normalized_margin_native']:.9g} ({cv['from']}): relative change {cv['relative_change']:.2g}")
save(net, X, y, "float32")
