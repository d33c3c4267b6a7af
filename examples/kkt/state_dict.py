"""How most training scripts save a model: a checkpoint dict holding the state_dict, labels 0/1 for a single logit.
ibcheck kkt builds the model from its class (--model-class models:MLP --model-kwargs '{"d": 6, "width": 16}'),
loads the weights, reads the labels as 2y − 1 (and says so), and decides.

    python examples/kkt/state_dict.py [OUT_DIR]   # then: PYTHONPATH=examples/kkt ibcheck kkt --model-class ...
"""
import numpy as np
import torch
from common import out_dir, simplex_clusters, train_to_kkt
from models import MLP

import ibcheck

X, y01 = simplex_clusters(6, 2, 6)  # labels 0 and 1
torch.manual_seed(0)
net = MLP(6, 16).double()
with torch.no_grad():
    for p in net.parameters():
        p.mul_(0.1)
train_to_kkt(net, X, 2.0 * y01 - 1, 500, 0.3, L=3)
res = ibcheck.kkt(net, X, y01)
print(f"labels 0/1: {res.notes[-1]}; verdict {res.verdict}")
d = out_dir()
torch.save({"model_state_dict": net.state_dict(), "epoch": 500}, d / "mlp_ckpt.pt")
np.savez(d / "mlp01.npz", X=X.numpy(), y=y01.numpy())
print(f"saved {d / 'mlp_ckpt.pt'} (a checkpoint dict with the state_dict) and {d / 'mlp01.npz'} (labels 0/1)")
