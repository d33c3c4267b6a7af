"""A bias in every layer (Lyu & Li's "biased" networks): not positively homogeneous. ibcheck kkt refuses it (exit 2)
naming every parameter whose scaling breaks homogeneity — here both later biases, each with the power of c that
would restore it.

    python examples/kkt/all_bias.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt ...  (exit 2)
"""
import torch
from common import clusters, save
from models import AllBias

import ibcheck
from ibcheck.numerics.runtime.errors import InputError

X, c = clusters(5, 2, 5)
torch.manual_seed(0)
net = AllBias(5).double()
with torch.no_grad():
    y = torch.sign(net(X).reshape(-1))
try:
    ibcheck.kkt(net, X, y)
except InputError as exc:
    print(f"refused: {exc}")
save(net, X, y, "all_bias")
