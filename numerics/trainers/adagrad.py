"""Diagonal AdaGrad on a linear classifier, float64 (Duchi, Hazan & Singer 2011; the adaptive method of Gunasekar et
al. 2018's steepest-descent section).

Mean loss ``L(w) = (1/n) Σ_i ℓ(z_iᵀw)`` (exponential or logistic), from ``w₀``:

    g_t = ∇L(w_t),   G_t = G_{t−1} + g_t²   (G_{−1} = 0, coordinate-wise),   w_{t+1} = w_t − η g_t/√G_t.

On separable data ``Σ_t g_t²`` converges (g_t = O(1/t) once the data are fitted), so ``G_t → G_∞`` and the late
iterates are GD preconditioned by the fixed ``D = diag(G_∞)^{−1/2}``: their direction tends to the max margin in the
norm ``‖w‖_{G∞} = (Σ_k √G_∞,k w_k²)^{1/2}``. ``G_∞`` depends on the whole path (on w₀ and η), hence so does the limit.

Recorded at ``checkpoints`` (default ``decade_checkpoints``): the iterates, ``G_t`` and ``log L`` (logsumexp of the
margins, never L itself). Pure numpy, bitwise reproducible on one machine.
"""
from __future__ import annotations

import math
import numpy as np

from ..runtime.errors import InputError
from ..trajectory import Trajectory, former_names
from .linear_gd import LOSSES, decade_checkpoints, log_total_loss


def adagrad(Z: np.ndarray, steps: int, *, eta: float = 0.5, loss: str = "exp", w0: np.ndarray | None = None,
            checkpoints=None, grad_sign: float = 1.0) -> Trajectory:
    """AdaGrad for ``steps`` steps on ``Z`` (n, d); see the module docstring. ``grad_sign = −1`` (tests) ascends.

    A ``Trajectory`` (engine ``adagrad``) on the checkpoint steps ``t`` (T,): states ``W`` (T, d), the iterates, and
    ``G`` (T, d), the accumulated squared gradients G_{t−1} (the preconditioner the step at t uses, before g_t);
    ``log_loss`` (T,).
    """
    if loss not in LOSSES:
        raise InputError(f"unknown loss {loss!r} (expected one of {LOSSES})")
    if not (eta > 0 and math.isfinite(eta)):
        raise InputError(f"eta={eta}: must be a finite positive number")
    Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
    n, d = Z.shape
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=np.float64).reshape(d)
    cps = decade_checkpoints(steps) if checkpoints is None else np.unique(np.asarray(checkpoints, dtype=np.int64))
    cps = np.unique(np.concatenate([[0], cps[(cps >= 0) & (cps <= steps)]]))
    W, Gs = np.full((len(cps), d), np.nan), np.full((len(cps), d), np.nan)
    G = np.zeros(d)
    ci = 0
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        for t in range(steps + 1):
            if ci < len(cps) and cps[ci] == t:
                W[ci], Gs[ci] = w, G
                ci += 1
            if t == steps:
                break
            u = Z @ w
            lw = -u if loss == "exp" else -np.logaddexp(0.0, u)  # log|ℓ'(u)|
            g = -(Z.T @ np.exp(lw)) / n * grad_sign
            G = G + g * g
            w = w - eta * g / np.sqrt(np.where(G > 0, G, 1.0))
    U = W @ Z.T
    with np.errstate(invalid="ignore"):
        ll = np.where(np.isfinite(U).all(1), log_total_loss(np.nan_to_num(U), loss, "mean"), np.nan)
    return Trajectory(clock=cps, states={"W": W, "G": Gs}, log_loss=ll, engine="adagrad")


__getattr__ = former_names(__name__, {"AdaGradRun": Trajectory})  # 0.1's record class, until 0.3.0
