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


def simplex_clusters(n_per, classes, d, noise=0.5, seed=0):
    """Classes around the vertices of a regular simplex (unit means at equal, obtuse angles) with small noise:
    each ReLU unit serves one class and is well off on the others, so training reaches a KKT point quickly."""
    g = torch.Generator().manual_seed(seed)
    mu = torch.zeros(classes, d, dtype=torch.float64)
    mu[torch.arange(classes), torch.arange(classes)] = 1.0
    mu[:, :classes] -= 1.0 / classes
    mu = mu / mu.norm(dim=1, keepdim=True)
    y = torch.arange(classes).repeat_interleave(n_per)
    return mu[y] + noise * torch.randn(len(y), d, generator=g, dtype=torch.float64) / d ** 0.5, y


def train(net, X, loss, steps, lr):
    opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        loss(net(X)).backward()
        opt.step()
    return net


def log_exp_loss(out, y):
    """log L̂ of the exponential loss, from the margins in log space: log Σ_i e^{−y_i f(x_i)} (one output) or
    log Σ_i Σ_{j≠y_i} e^{−(f_{y_i}(x_i) − f_j(x_i))} (C outputs). It underflows never: L̂ = e^{−2000} is fine."""
    if out.ndim == 1 or out.shape[1] == 1:
        return torch.logsumexp(-y * out.reshape(-1), 0)
    q = out.gather(1, y[:, None]) - out
    return torch.logsumexp(-q[torch.nn.functional.one_hot(y, out.shape[1]) == 0], 0)


def train_to_kkt(net, X, y, steps, eta, L):
    """Normalised-loss steps: θ ← θ − η‖θ‖^(2−L)/log(1/L̂) · ∇log L̂ (L the degree): gradient descent with the
    loss-based step size of Lyu & Li (η_t ∝ 1/L̂), divided by log(1/L̂) ≈ q_min so that each step turns θ's
    direction by about η·L·γ̄/q_min (γ̄ the normalised margin): L̂ falls geometrically while the direction settles
    on a KKT direction of the max-margin problem. Small tensors: torch.set_num_threads(1)."""
    ps = [p for p in net.parameters() if p.requires_grad]
    for _ in range(steps):
        log_l = log_exp_loss(net(X), y)
        grads = torch.autograd.grad(log_l, ps)
        with torch.no_grad():
            norm = sum(float((p * p).sum()) for p in ps) ** 0.5
            step = eta * norm ** (2 - L) / max(1.0, -float(log_l))
            for p, g in zip(ps, grads):
                p -= step * g
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
