"""Incremental (per-sample) Adam on a linear classifier, float64, with the moments kept in log space.

One sample per step, in cyclic order (sample ``i_t = t mod n``), ``z_i = y_i x_i``, per-sample loss
``ℓ(z_iᵀw)`` (logistic or exponential). Adam with moments from zero and no bias correction (Baek, Song & Yun's
"Inc-Adam"; ε = 0 is the paper's setting as reconstructed, ε > 0 is accepted):

    g_t = ℓ'(z_{i_t}ᵀw_t) z_{i_t},   m_t = β₁m_{t−1} + (1−β₁)g_t,   v_t = β₂v_{t−1} + (1−β₂)g_t²,
    w_{t+1} = w_t − η_t m_t/(√v_t + ε),          η_t = η₀(t+2)^{−a} (``poly``) or η₀ (``constant``).

Log space. Per-sample gradients differ in scale by ``e^{Δmargin}`` between samples, and each underflows long before
the direction settles, so each moment is stored as ``m_t = e^{s_t} m̃_t`` with the envelope
``s_t = max(s_{t−1} + log β₁, c_t)`` (``c_t = log|ℓ'(z_{i_t}ᵀw_t)|``; v likewise with ``log β₂`` and ``2c_t``):

    m̃_t = β₁ e^{s_{t−1}−s_t} m̃_{t−1} + (1−β₁) e^{c_t−s_t} g̃_t,      g̃_t = −z_{i_t} (descent sign),

every factor ``≤ 1``, so nothing overflows; and at a reset (``s_t = c_t``) ``ṽ_t ≥ (1−β₂)z_{i_t}²``, after which ṽ
does not shrink until the next reset, so no coordinate of ṽ underflows while every ``|z_ik| > 0``. The update is
``m_t/√v_t = e^{s^m_t − s^v_t/2} m̃_t/√ṽ_t`` (ε > 0: ``m̃/(√ṽ + ε e^{−s^v/2})``).

Recorded at ``checkpoints`` (steps; default: the epoch starts ``t = rn`` at 10 log-spaced epochs per decade and
every 10^k epochs): the iterates and ``log L`` of the mean loss (logsumexp of ``log ℓ(u_i)``). A pure function of its
inputs: bitwise reproducible on one machine.
"""
from __future__ import annotations

import math
import numpy as np

from ..runtime.errors import InputError
from ..trajectory import Trajectory, former_names
from .linear_gd import LOSSES, decade_checkpoints, log_total_loss


def _softplus(u: float) -> float:
    return u + math.log1p(math.exp(-u)) if u > 0 else math.log1p(math.exp(u))


def incremental_adam(Z: np.ndarray, epochs: int, *, beta1: float = 0.9, beta2: float = 0.99, eps: float = 0.0,
                     schedule: str = "poly", eta0: float = 0.1, a: float = 0.5, loss: str = "logistic",
                     w0: np.ndarray | None = None, checkpoints=None, grad_sign: float = 1.0) -> Trajectory:
    """Per-sample Adam for ``epochs`` passes over ``Z`` (n, d) in cyclic order; see the module docstring.

    ``checkpoints``: epochs at which to record (default ``decade_checkpoints(epochs)``). ``grad_sign = −1``
    (negative controls only) ascends.

    A ``Trajectory`` (engine ``incremental_adam``) on the checkpoint steps ``t`` (T,), ascending from 0 (epochs
    ``t/n``): state ``W`` (T, d), the iterates; ``log_loss`` (T,) of the mean loss; stat ``diverged_at`` (the first
    non-finite step, −1: never).
    """
    if loss not in LOSSES:
        raise InputError(f"unknown loss {loss!r} (expected one of {LOSSES})")
    if not (0 <= beta1 < 1 and 0 <= beta2 < 1):
        raise InputError(f"beta1={beta1}, beta2={beta2}: each must lie in [0, 1)")
    if not (eps >= 0 and math.isfinite(eps)):
        raise InputError(f"eps={eps}: must be a finite number >= 0")
    if schedule not in ("poly", "constant"):
        raise InputError(f"unknown schedule {schedule!r} (expected poly or constant)")
    Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
    n, d = Z.shape
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=np.float64).reshape(d)
    cps = decade_checkpoints(epochs) if checkpoints is None else np.unique(np.asarray(checkpoints, dtype=np.int64))
    cps = np.unique(np.concatenate([[0], cps[(cps >= 0) & (cps <= epochs)]]))
    T = len(cps)
    W = np.full((T, d), np.nan)
    m, v = np.zeros(d), np.zeros(d)
    sm = sv = -math.inf
    lb1 = math.log(beta1) if beta1 > 0 else -math.inf
    lb2 = math.log(beta2) if beta2 > 0 else -math.inf
    logistic = loss == "logistic"
    steps = epochs * n
    etas = (np.full(steps, eta0) if schedule == "constant"
            else eta0 * (np.arange(steps, dtype=np.float64) + 2.0) ** (-a))
    upd, den = np.empty(d), np.empty(d)
    ci, diverged = 0, -1
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        for t in range(steps + 1):
            if t % n == 0 and ci < T and cps[ci] * n == t:
                W[ci] = w
                ci += 1
            if t == steps:
                break
            z = Z[t % n]
            u = float(z @ w)
            c = -_softplus(u) if logistic else -u  # log|ℓ'(u)|
            if not math.isfinite(c) or not math.isfinite(u):
                diverged = t
                break
            # the moments of −∇ (descent sign): g̃ = grad_sign·z
            sm_new = max(sm + lb1, c)
            sv_new = max(sv + lb2, 2 * c)
            if math.isfinite(sm):
                m *= beta1 * math.exp(sm - sm_new)
                v *= beta2 * math.exp(sv - sv_new)
            m += ((1 - beta1) * math.exp(c - sm_new) * grad_sign) * z
            v += ((1 - beta2) * math.exp(2 * c - sv_new)) * (z * z)
            sm, sv = sm_new, sv_new
            np.sqrt(v, out=den)
            if eps > 0:
                den += eps * math.exp(-0.5 * sv) if sv > -1400 else math.inf
            np.divide(m, den, out=upd)
            upd *= etas[t] * math.exp(sm - 0.5 * sv)
            w += upd
    U = W @ Z.T
    with np.errstate(invalid="ignore"):
        ll = np.where(np.isfinite(U).all(1), log_total_loss(np.nan_to_num(U), loss, "mean"), np.nan)
    return Trajectory(clock=cps * n, states={"W": W}, log_loss=ll, engine="incremental_adam",
                      stats={"diverged_at": diverged})


def incremental_adam_direct(Z: np.ndarray, epochs: int, *, beta1: float = 0.9, beta2: float = 0.99,
                            eta0: float = 0.1, a: float = 0.5) -> np.ndarray:
    """Plain per-sample Adam (no log space, logistic loss, ε = 0): the reference the log-space trainer is tested
    against while no gradient underflows. Returns the iterate after ``epochs`` epochs (not a ``Trajectory``: a
    reference is compared by its final iterate only)."""
    Z = np.asarray(Z, dtype=np.float64)
    n, d = Z.shape
    w, m, v = np.zeros(d), np.zeros(d), np.zeros(d)
    for t in range(epochs * n):
        z = Z[t % n]
        g = -z * 0.5 * (1 - math.tanh(0.5 * float(z @ w)))
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        w = w - eta0 * (t + 2.0) ** (-a) * m / np.sqrt(v)
    return w


__getattr__ = former_names(__name__, {"IncAdamRun": Trajectory})  # 0.1's record class, until 0.3.0
