"""A bias in a hidden layer breaks positive homogeneity: ibcheck kkt refuses it (exit 2), naming the parameter and
the measured degree defect.

    python examples/kkt/hidden_bias.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt ...  (exit 2)
"""
import torch
from common import clusters, save
from models import HiddenBias

import ibcheck
from ibcheck.numerics.runtime.errors import InputError

X, c = clusters(5, 2, 5)
torch.manual_seed(0)
net = HiddenBias(5).double()
with torch.no_grad():
    y = torch.sign(net(X).reshape(-1))
try:
    ibcheck.kkt(net, X, y)
except InputError as exc:
    print(f"refused: {exc}")
save(net, X, y, "hidden_bias")
