"""A fixed outer layer stored as a plain float32 tensor attribute (not a parameter, not a buffer) of a float64
model: ibcheck kkt converts it to float64 (and says it is fixed), the user's model is left as it is.

    python examples/kkt/frozen_attribute.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt ...
"""
import torch
from common import clusters, exp_loss, save, train
from models import FixedOuter

import ibcheck

X, c = clusters(5, 2, 5)
y = 2.0 * c - 1  # ±1
a = torch.randn(8, generator=torch.Generator().manual_seed(5))  # float32, fixed
torch.manual_seed(0)
net = FixedOuter(5, a.double()).double()
train(net, X, exp_loss(y), 300, 0.1)
net.a = a  # as shipped: float64 weights, a float32 attribute
res = ibcheck.kkt(net, X, y)
print(f"degree {res.degree}, normalized margin {res.normalized_margin:.6g}; notes: {res.notes[-1]}")
save(net, X, y, "attribute")
