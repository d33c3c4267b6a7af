"""Adam on a linear classifier, float64, with the gradient kept in log space (Zhang, Zou & Cao's setting).

Loss ``L(w) = (1/n) Σ_i ℓ(z_iᵀw)`` (``reduction="mean"``; ``"sum"`` drops the 1/n), ``z_i = y_i x_i``, ℓ the
logistic or the exponential loss. Adam, with the moments started at zero (``m_{−1} = v_{−1} = 0``):

    g_t = ∇L(w_t),   m_t = β₁ m_{t−1} + (1−β₁) g_t,   v_t = β₂ v_{t−1} + (1−β₂) g_t²,
    w_{t+1} = w_t − η_t m_t / (√v_t + ε)            (coordinate-wise; ε = 0: the paper's Adam)

``bias_correction=True`` uses ``m_t/(1−β₁^{t+1})`` and ``v_t/(1−β₂^{t+1})`` (Kingma & Ba's form, what
``torch.optim.Adam`` does). Schedules: ``poly`` ``η_t = η₀ (t+2)^{−a}`` (``a ∈ (0, 1]``: non-increasing, Σ η_t = ∞,
η_t → 0), ``constant`` ``η_t = η₀``.

Log space. On separable data ``|ℓ'(u)|`` underflows long before the direction settles (``e^{−800}`` is 0 in float64),
and Adam without ε is a ratio of such numbers. So the gradient is written ``g_t = e^{c_t} g̃_t`` with
``c_t = max_i log|ℓ'(u_i)|`` (``log σ(−u) = −softplus(u)`` or ``−u``) and the moments are stored rescaled to the
latest gradient's scale, ``m_t = e^{c_t} m̃_t``, ``v_t = e^{2c_t} ṽ_t``:

    m̃_t = β₁ e^{c_{t−1}−c_t} m̃_{t−1} + (1−β₁) g̃_t,    ṽ_t = β₂ e^{2(c_{t−1}−c_t)} ṽ_{t−1} + (1−β₂) g̃_t²,

so ``m_t/√v_t = m̃_t/√ṽ_t`` exactly and nothing underflows (``|c_t − c_{t−1}|`` is one step's change of the largest
log-weight: ``≤ η_t·max_i‖z_i‖₁·max|update|``). With ε > 0 the update is ``m̃_t/(√ṽ_t + ε e^{−c_t})``, which tends
to ``m_t/ε`` — GD with momentum and step ``η_t/ε`` — once the gradient falls below ε.

Recorded at ``checkpoints`` (default: every step up to 10, then 10 log-spaced steps per decade and every 10^k):
the iterates, their margins, ``log L`` (logsumexp of ``log ℓ(u_i)``, never L itself), η_t and the ℓ∞ norm of the
update direction ``m_t/(√v_t + ε)``. The run is a pure function of its inputs: bitwise reproducible on one machine.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from ..runtime.errors import InputError
from ..trajectory import Trajectory, former_names
from .frozen import below_resolution
from .linear_gd import LOSSES, REDUCTIONS, decade_checkpoints, log_total_loss

SCHEDULES = ("poly", "constant")


def step_size(schedule: str, eta0: float, a: float) -> Callable[[int], float]:
    """``t ↦ η_t``: ``η₀ (t+2)^{−a}`` (``poly``) or ``η₀`` (``constant``)."""
    if schedule not in SCHEDULES:
        raise InputError(f"unknown schedule {schedule!r} (expected one of {SCHEDULES})")
    if not (eta0 > 0 and math.isfinite(eta0)):
        raise InputError(f"eta0={eta0}: must be a finite positive number")
    if schedule == "constant":
        return lambda t: eta0
    return lambda t: eta0 * (t + 2.0) ** (-a)


def log_weights(u: np.ndarray, loss: str) -> np.ndarray:
    """``log|ℓ'(u)|``: ``−softplus(u)`` (logistic, stable for every u) or ``−u`` (exponential)."""
    return -np.logaddexp(0.0, u) if loss == "logistic" else -u


def gradient(Z: np.ndarray, w: np.ndarray, loss: str = "logistic", reduction: str = "mean") -> tuple[np.ndarray, float]:
    """``(g̃, c)`` with ``∇L(w) = e^{c} g̃`` (``c`` the largest log-weight, plus ``−log n`` for the mean)."""
    lw = log_weights(Z @ w, loss)
    c = float(lw.max())
    g = -(Z.T @ np.exp(lw - c))
    return g, c - (math.log(Z.shape[0]) if reduction == "mean" else 0.0)


def initial_gradient_min(Z: np.ndarray, w0: np.ndarray | None = None, loss: str = "logistic",
                         reduction: str = "mean") -> float:
    """``min_k |∇L(w₀)_k|``: Adam without ε needs every coordinate of the first gradient nonzero (else ``v_0``
    has a zero and ``m/√v`` is 0/0). A statement on the inputs (data, init), computed before any training."""
    Z = np.asarray(Z, dtype=np.float64)
    w0 = np.zeros(Z.shape[1]) if w0 is None else np.asarray(w0, dtype=np.float64)
    g, c = gradient(Z, w0, loss, reduction)
    return float(np.abs(g).min() * math.exp(c)) if math.isfinite(c) else 0.0


def adam(Z: np.ndarray, steps: int, *, beta1: float = 0.9, beta2: float = 0.99, eps: float = 0.0,
         schedule: str = "poly", eta0: float = 0.1, a: float = 0.5, loss: str = "logistic",
         reduction: str = "mean", w0: np.ndarray | None = None, checkpoints=None, bias_correction: bool = False,
         grad_sign: float = 1.0) -> Trajectory:
    """Adam from ``w0`` (default 0) for ``steps`` steps on ``Z`` (n, d); see the module docstring.

    ``grad_sign = −1`` (negative controls only) ascends: the moments see ``−∇L``.

    A ``Trajectory`` (engine ``adam``) on the checkpoint steps ``t`` (T,), ascending from 0: states ``W`` (T, d), the
    iterates w_t; ``U`` (T, n), the margins z_iᵀw_t; ``eta`` (T,), η_t; ``update_inf`` (T,), ‖m_t/(√v_t + ε)‖_∞ (NaN
    at t = 0, before the first step's moments exist); ``log_loss`` (T,). Stats: ``beta1``, ``beta2``, ``eps``,
    ``loss``, ``reduction``; ``diverged_at``, the first step whose iterate is not finite (−1: never); ``frozen_at``,
    the first recorded step from which every recorded update rounded away (|Δ| < ½ ulp of w in every coordinate,
    ``numerics.trainers.frozen``) up to the end: float64 froze the iterate there while the loss still pushed (−1:
    never).
    """
    if loss not in LOSSES:
        raise InputError(f"unknown loss {loss!r} (expected one of {LOSSES})")
    if reduction not in REDUCTIONS:
        raise InputError(f"unknown reduction {reduction!r} (expected one of {REDUCTIONS})")
    if not (0 <= beta1 < 1 and 0 <= beta2 < 1):
        raise InputError(f"beta1={beta1}, beta2={beta2}: each must lie in [0, 1)")
    if not (eps >= 0 and math.isfinite(eps)):
        raise InputError(f"eps={eps}: must be a finite number >= 0")
    eta_of = step_size(schedule, eta0, a)
    Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
    n, d = Z.shape
    ZT = np.ascontiguousarray(Z.T)
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=np.float64).reshape(d)
    cps = decade_checkpoints(steps) if checkpoints is None else np.unique(np.asarray(checkpoints, dtype=np.int64))
    cps = np.unique(np.concatenate([[0], cps[(cps >= 0) & (cps <= steps)]]))
    T = len(cps)
    W = np.full((T, d), np.nan)
    upd_inf = np.full(T, np.nan)
    # stored: m̂ = m/(e^{c}(1−β₁)), v̂ = v/(e^{2c}(1−β₂)) for the descent sign (m̂ accumulates −∇L), so that
    # m/(√v + ε) = k·m̂/(√v̂ + ε e^{−c}/√(1−β₂)) with k = (1−β₁)/√(1−β₂) (times the bias corrections)
    m, v = np.zeros(d), np.zeros(d)
    u, s, g, den, upd = np.empty(n), np.empty(n), np.empty(d), np.empty(d), np.empty(d)
    log_n = math.log(n) if reduction == "mean" else 0.0
    logistic = loss == "logistic"
    k0 = (1.0 - beta1) / math.sqrt(1.0 - beta2)
    e0 = eps / math.sqrt(1.0 - beta2)
    etas = (np.full(steps, eta0) if schedule == "constant"
            else eta0 * (np.arange(steps, dtype=np.float64) + 2.0) ** (-a))
    c_prev = math.nan
    ci, diverged, stuck = 0, -1, -1
    with np.errstate(over="ignore", invalid="ignore"):
        for t in range(steps + 1):
            if ci < T and cps[ci] == t:
                W[ci] = w
                ci += 1
            if t == steps:
                break
            # --- log-space gradient: −∇L = e^{c} Σ_i z_i e^{lw_i − c}, c = max_i lw_i (at the smallest margin) ---
            np.dot(Z, w, out=u)
            umin = float(u.min())
            if logistic:
                top = umin + math.log1p(math.exp(-umin)) if umin > 0 else math.log1p(math.exp(umin))  # softplus
                np.logaddexp(0.0, u, out=s)
                np.subtract(top, s, out=s)
            else:
                top = umin
                np.subtract(umin, u, out=s)
            if not math.isfinite(top):
                diverged = t
                break
            np.exp(s, out=s)
            np.dot(ZT, s, out=g)
            if grad_sign != 1.0:
                g *= grad_sign
            c = -top - log_n
            # --- moments in the current gradient's scale ------------------------------------------------------
            if t:
                r = math.exp(c_prev - c)
                m *= beta1 * r
                v *= beta2 * r * r
            m += g
            g *= g
            v += g
            c_prev = c
            np.sqrt(v, out=den)
            k, e = k0, e0
            if bias_correction:
                k = k0 * math.sqrt(1 - beta2 ** (t + 1)) / (1 - beta1 ** (t + 1))
                e = e0 * math.sqrt(1 - beta2 ** (t + 1))
            if e > 0:
                den += e * math.exp(-c) if c > -700 else math.inf
            np.divide(m, den, out=upd)
            if ci < T and cps[ci] == t + 1:
                upd_inf[ci] = k * float(np.abs(upd).max())
            upd *= etas[t] * k
            if ci < T and cps[ci] == t + 1:  # tested at the recorded steps only (free beside the loop)
                # a predicted update below the iterate's resolution: not a state-only map, so it may resume — the
                # freeze counts from the first recorded step of the final run of such steps
                stuck = (t if stuck < 0 else stuck) if below_resolution(w, upd) else -1
            w += upd
    U = W @ Z.T
    with np.errstate(invalid="ignore"):
        ll = np.where(np.isfinite(U).all(1), log_total_loss(np.nan_to_num(U), loss, reduction), np.nan)
    return Trajectory(clock=cps, states={"W": W, "U": U, "eta": np.array([eta_of(int(k)) for k in cps]),
                                         "update_inf": upd_inf}, log_loss=ll, engine="adam",
                      stats={"beta1": beta1, "beta2": beta2, "eps": eps, "loss": loss, "reduction": reduction,
                             "diverged_at": diverged, "frozen_at": stuck if diverged < 0 else -1})


def adam_direct(Z: np.ndarray, steps: int, *, beta1: float = 0.9, beta2: float = 0.99, eps: float = 0.0,
                eta: Callable[[int], float] = lambda t: 0.1 * (t + 2.0) ** -0.5, loss: str = "logistic",
                reduction: str = "mean", w0: np.ndarray | None = None, bias_correction: bool = False) -> np.ndarray:
    """Plain Adam in ``R^d`` with autograd gradients (torch, float64, no log space): the reference the log-space
    trainer is tested against (agrees while no gradient underflows). Not a ``Trajectory``: a reference is compared
    by its final iterate only, which it returns."""
    import torch
    Zt = torch.as_tensor(Z, dtype=torch.float64)
    w = torch.zeros(Zt.shape[1], dtype=torch.float64) if w0 is None else torch.as_tensor(w0, dtype=torch.float64).clone()
    m = torch.zeros_like(w)
    v = torch.zeros_like(w)
    for t in range(steps):
        w.requires_grad_(True)
        q = Zt @ w
        lv = torch.nn.functional.softplus(-q) if loss == "logistic" else torch.exp(-q)
        L = lv.mean() if reduction == "mean" else lv.sum()
        (g,) = torch.autograd.grad(L, w)
        w = w.detach()
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        mh, vh = (m / (1 - beta1 ** (t + 1)), v / (1 - beta2 ** (t + 1))) if bias_correction else (m, v)
        w = w - eta(t) * mh / (vh.sqrt() + eps)
    return w.numpy()


__getattr__ = former_names(__name__, {"AdamRun": Trajectory})  # 0.1's record class, until 0.3.0
