"""Shared by the examples: small separable data, a training loop, and saving the pair ``ibcheck kkt`` reads."""
import sys
from pathlib import Path

import numpy as np
import torch

torch.set_num_threads(1)  # tiny tensors: threads only contend


def out_dir() -> Path:
    """Where the model and data go: the first argument, default reports/out/kkt (git-ignored)."""
    p = Path(sys.argv[1] if len(sys.argv) > 1 else "reports/out/kkt")
    p.mkdir(parents=True, exist_ok=True)
    return p


def clusters(n_per, classes, d, seed=0, dtype=torch.float64):
    """``classes`` Gaussian clusters (labels 0..C−1) — or, for two classes, labels ±1."""
    g = torch.Generator().manual_seed(seed)
    mu = 3 * torch.randn(classes, d, generator=g, dtype=dtype)
    y = torch.arange(classes).repeat_interleave(n_per)
    return mu[y] + torch.randn(len(y), d, generator=g, dtype=dtype), y


def train(net, X, loss, steps, lr):
    opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        loss(net(X)).backward()
        opt.step()
    return net


def exp_loss(y):
    """log Σ e^{−y_i f(x_i)}: the exponential loss in log space (its gradient direction)."""
    return lambda out: torch.logsumexp(-y * out.reshape(-1), 0)


def save(net, X, y, name, scripted=False):
    d = out_dir()
    if scripted:
        torch.jit.save(torch.jit.script(net), d / f"{name}.pt")
    else:
        torch.save(net, d / f"{name}.pt")
    np.savez(d / f"{name}.npz", X=X.detach().numpy(), y=y.detach().numpy())
    print(f"saved {d / name}.pt and {d / name}.npz")
