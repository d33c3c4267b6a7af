"""Linear optimizers of the optimizer-geometry claims: steepest descent in ℓ1/ℓ2/ℓ∞, p-norm mirror descent, and
mirror descent on least squares (ℓ2, p-norm and entropy potentials), float64, with geometric checkpoints.

Classification (``Z`` rows ``z_i = y_i x_i``, margins ``u = Zw``), the exponential loss summed over the examples,
``L(w) = Σ_i e^{−u_i}`` (Gunasekar et al. 2018 §3; logistic on request for p-GD), kept in log space:
``log L = logsumexp(−u)`` and ``∇L = −L·Zᵀπ`` with ``π = softmax(−u)``, so neither L nor the gradient ever
under- or overflows (log L reaches −10³ in the normalised runs below, L itself 10⁻⁴³⁴).

* ``steepest_descent`` — ``w_{t+1} = w_t + η_t Δ_t`` with ``Δ_t ∈ argmin_v ⟨∇L(w_t), v⟩ + ½‖v‖²``:
  ``Δ = −‖∇L‖_* s`` for a unit s with ``⟨∇L, s⟩ = ‖∇L‖_*``; ℓ2: ``Δ = −∇L`` (GD); ℓ∞: ``Δ = −‖∇L‖₁ sign(∇L)``
  (sign descent); ℓ1: ``Δ = −‖∇L‖_∞ sign(∂_jL) e_j`` with j the largest ``|∂_jL|`` (greedy coordinate descent, the
  lowest index on ties). Step ``η_t = min(η₊, c/(B²L(w_t)))`` with ``B = max_i ‖z_i‖_*`` (dual norm) and
  ``c ≤ 1``: the bounded step sizes of Gunasekar et al.'s steepest-descent theorem (``η_t ≤ min(η₊, 1/(B²L))``,
  η₊ any finite number). The product ``η_t L`` is formed in log space: ``min(log η₊ + log L, log c − 2 log B)``.
* ``p_gd`` — mirror descent with ``ψ(w) = (1/p)‖w‖_p^p`` (Sun et al. 2022's p-GD): ``∇ψ(w_{t+1}) = ∇ψ(w_t) −
  η∇L(w_t)``, ``∇ψ(w) = sign(w)|w|^{p−1}``, ``(∇ψ)⁻¹(θ) = sign(θ)|θ|^{1/(p−1)}``. The dual iterate moves in the
  span exactly: ``θ_t = θ_0 + η Zᵀb_t`` with ``b_{t+1} = b_t + (−ℓ'(u_t))`` (n numbers a step, recorded).
* ``mirror_descent_ls`` — least squares ``L(w) = ½‖Xw − y‖²`` with ψ ∈ {``l2``: ½‖w‖², ``pnorm``: (1/p)‖w‖_p^p,
  ``entropy``: Σ w log w − w on w > 0 (exponentiated gradient)}: ``∇ψ(w_t) = ∇ψ(w_0) − Xᵀν_t``,
  ``ν_{t+1} = ν_t + η_t r_t``, ``r = Xw − y``: the dual iterate stays in ``∇ψ(w_0) + range(Xᵀ)`` by construction,
  the structure Gunasekar et al.'s Theorem reads the limit from (``theory`` solves the same affine condition).

Every trainer records the iterates at ``geometric_steps`` (0, then ``per_decade`` log-spaced steps per decade and
every 10^k) and returns them with their margins/residuals and losses recomputed from the recorded iterates.
``grad_sign = −1`` (tests only) ascends. The loops make a handful of numpy calls a step on n- or d-vectors.
"""
from __future__ import annotations

import math

import numpy as np

from ..runtime.errors import InputError
from ..trajectory import Trajectory, former_names

NORMS = {"l1": 1.0, "l2": 2.0, "linf": math.inf}
POTENTIALS = ("l2", "pnorm", "entropy")


def geometric_steps(steps: int, per_decade: int = 8) -> np.ndarray:
    """0, every 10^k ≤ steps, ``steps`` and ``per_decade`` log-spaced steps per decade (distinct integers)."""
    pts = {0, int(steps)}
    k = 0
    while 10 ** k <= steps:
        pts.add(10 ** k)
        k += 1
    if steps >= 1:
        num = int(per_decade * math.log10(steps)) + 1
        pts.update(int(round(x)) for x in np.logspace(0, math.log10(steps), max(num, 2)))
    return np.array(sorted(p for p in pts if 0 <= p <= steps), dtype=np.int64)


def log_loss_exp(U: np.ndarray) -> np.ndarray:
    """``log Σ_i e^{−u_i}`` over the last axis (stable for every u)."""
    a = -np.asarray(U, dtype=np.float64)
    m = a.max(-1, keepdims=True)
    with np.errstate(invalid="ignore", over="ignore"):  # a diverged state: NaN, not a warning
        return (m + np.log(np.exp(a - m).sum(-1, keepdims=True)))[..., 0]


def norm_of(v: np.ndarray, p: float) -> np.ndarray:
    """``‖v‖_p`` over the last axis (p ∈ [1, ∞]), scaled against overflow."""
    a = np.abs(np.asarray(v, dtype=np.float64))
    if math.isinf(p):
        return a.max(-1)
    if p == 1:
        return a.sum(-1)
    m = a.max(-1, keepdims=True)
    safe = np.where(m > 0, m, 1.0)
    with np.errstate(invalid="ignore", over="ignore"):  # a diverged state (inf) has norm inf or NaN, not a warning
        return m[..., 0] * ((a / safe) ** p).sum(-1) ** (1.0 / p)


def dual_norm_exponent(p: float) -> float:
    return math.inf if p == 1 else 1.0 if math.isinf(p) else p / (p - 1.0)


def _run(engine: str, cps, W, U, ll, settings: dict) -> Trajectory:
    """One run's record: a ``Trajectory`` on the recorded steps ``t`` (T,) with states ``W`` (T, d), the iterates, and
    ``U`` (T, n), the margins (or residuals), ``log_loss`` (T,) recomputed from ``W``; its stats are the schedule
    actually used."""
    return Trajectory(clock=cps, states={"W": W, "U": U}, log_loss=ll, engine=engine, stats=settings)


def _record(cps, steps):
    cps = geometric_steps(steps) if cps is None else np.unique(np.asarray(cps, dtype=np.int64))
    return np.unique(np.concatenate([[0], cps[(cps >= 0) & (cps <= steps)]]))


def _data(Z) -> np.ndarray:
    Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
    if Z.ndim != 2 or not np.all(np.isfinite(Z)):
        raise InputError("linear_geometry: Z must be a finite (n, d) array")
    return Z


def steepest_descent(Z, norm: str, steps: int, *, eta_plus: float, scale: float = 1.0, w0=None, checkpoints=None,
                     grad_sign: float = 1.0) -> Trajectory:
    """Steepest descent w.r.t. ``norm`` (``l1``, ``l2``, ``linf``) on the summed exponential loss (module doc)."""
    if norm not in NORMS:
        raise InputError(f"unknown norm {norm!r} (expected one of {tuple(NORMS)})")
    if not (eta_plus > 0 and math.isfinite(eta_plus) and 0 < scale):
        raise InputError("steepest_descent: need a finite η₊ > 0 and c > 0")
    Z = _data(Z)
    n, d = Z.shape
    p = NORMS[norm]
    B = float(norm_of(Z, dual_norm_exponent(p)).max())
    cap = math.log(scale) - 2 * math.log(B)  # log(c/B²): the normalised branch of η_t·L
    lep = math.log(eta_plus)
    cps = _record(checkpoints, steps)
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=np.float64)
    ZT = np.ascontiguousarray(Z.T)
    u, e, h = np.empty(n), np.empty(n), np.empty(d)
    W = np.empty((len(cps), d))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):  # a diverging run ends in inf/NaN
        capped = _steepest_loop(Z, ZT, w, W, cps, steps, norm, lep, cap, grad_sign, u, e, h)
    return _steepest_run(Z, W, cps, norm, B, eta_plus, scale, capped, grad_sign)


def _steepest_loop(Z, ZT, w, W, cps, steps, norm, lep, cap, grad_sign, u, e, h) -> int:
    ci, capped = 0, 0
    for t in range(steps + 1):
        if t == cps[ci]:
            W[ci] = w
            ci += 1
            if t == steps:
                break
        np.dot(Z, w, out=u)
        np.negative(u, out=u)
        m = u.max()
        np.subtract(u, m, out=e)
        np.exp(e, out=e)
        s = e.sum()
        np.dot(ZT, e, out=h)  # h = Zᵀπ·s = −∇L/L·s
        lL = m + math.log(s)
        a = lep + lL  # log(η₊L)
        capped += a < cap
        lstep = min(a, cap) - math.log(s)  # log(η_t L / s): h/s = −∇L/L
        if norm == "l2":
            w += (grad_sign * math.exp(lstep)) * h
        elif norm == "linf":
            w += (grad_sign * math.exp(lstep) * float(np.abs(h).sum())) * np.sign(h)
        else:
            j = int(np.argmax(np.abs(h)))
            w[j] += grad_sign * math.exp(lstep) * h[j]  # η_t‖∇L‖_∞ sign(h_j) = η_t (L/s) h_j
    return capped


def _steepest_run(Z, W, cps, norm, B, eta_plus, scale, capped, grad_sign) -> Trajectory:
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        U = W @ Z.T
        ll = log_loss_exp(U)
    return _run("steepest_descent", cps, W, U, ll, {"norm": norm, "B": B, "eta_plus": eta_plus, "scale": scale,
                                                    "capped_steps": int(capped), "grad_sign": grad_sign})


def p_gd(Z, p: float, eta: float, steps: int, *, loss: str = "exp", w0=None, checkpoints=None,
         grad_sign: float = 1.0) -> Trajectory:
    """p-norm mirror descent (p > 1) on the summed ``loss`` (``exp`` or ``logistic``) with constant step η."""
    if not p > 1:
        raise InputError(f"p_gd: p must be > 1 (got {p})")
    if loss not in ("exp", "logistic"):
        raise InputError(f"p_gd: unknown loss {loss!r}")
    Z = _data(Z)
    n, d = Z.shape
    r = 1.0 / (p - 1.0)
    cps = _record(checkpoints, steps)
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=np.float64)
    theta = np.sign(w) * np.abs(w) ** (p - 1.0)
    ZT = np.ascontiguousarray(Z.T)
    u, g, a = np.empty(n), np.empty(n), np.empty(d)
    W = np.empty((len(cps), d))
    c = grad_sign * eta
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):  # a diverging run ends in inf/NaN
        _p_gd_loop(Z, ZT, w, theta, W, cps, steps, loss, c, r, u, g, a)
        U = W @ Z.T
        ll = log_loss_exp(U) if loss == "exp" else _log_logistic(U)
    return _run("p_gd", cps, W, U, ll, {"p": p, "eta": eta, "loss": loss, "grad_sign": grad_sign})


def _p_gd_loop(Z, ZT, w, theta, W, cps, steps, loss, c, r, u, g, a) -> None:
    ci = 0
    for t in range(steps + 1):
        if t == cps[ci]:
            W[ci] = w
            ci += 1
            if t == steps:
                break
        np.dot(Z, w, out=u)
        np.negative(u, out=u)
        if loss == "exp":
            np.exp(u, out=g)  # −ℓ'(u) = e^{−u}
        else:
            np.exp(-np.logaddexp(0.0, -u), out=g)  # σ(−u) = 1/(1 + e^{u}), stable
        np.dot(ZT, g, out=a)
        theta += c * a  # ∇ψ(w_{t+1}) = ∇ψ(w_t) − η∇L(w_t), ∇L = −Zᵀg
        np.abs(theta, out=a)
        np.power(a, r, out=a)
        np.copysign(a, theta, out=w)


def _log_logistic(U: np.ndarray) -> np.ndarray:
    """``log Σ_i log(1 + e^{−u_i})`` (stable: log ℓ = log log1p(e^{−u}) through softplus)."""
    sp = np.logaddexp(0.0, -np.asarray(U, dtype=np.float64))
    with np.errstate(divide="ignore"):
        lt = np.where(sp > 1e-300, np.log(np.maximum(sp, 1e-300)), -np.asarray(U))  # log ℓ ≈ −u for large u
    m = lt.max(-1, keepdims=True)
    return (m + np.log(np.exp(lt - m).sum(-1, keepdims=True)))[..., 0]


def potential_maps(potential: str, p: float = 3.0):
    """``(∇ψ, (∇ψ)⁻¹)`` of ``l2`` (½‖w‖²), ``pnorm`` ((1/p)‖w‖_p^p) or ``entropy`` (Σ w log w − w, w > 0)."""
    if potential == "l2":
        return (lambda w: np.array(w, dtype=np.float64)), (lambda th: np.array(th, dtype=np.float64))
    if potential == "pnorm":
        if not p > 1:
            raise InputError(f"pnorm potential: p must be > 1 (got {p})")
        r = 1.0 / (p - 1.0)
        return (lambda w: np.sign(w) * np.abs(w) ** (p - 1.0)), (lambda th: np.sign(th) * np.abs(th) ** r)
    if potential == "entropy":
        return np.log, np.exp
    raise InputError(f"unknown potential {potential!r} (expected one of {POTENTIALS})")


def mirror_descent_ls(X, y, potential: str, eta: float, steps: int, *, w0, p: float = 3.0, checkpoints=None,
                      grad_sign: float = 1.0) -> Trajectory:
    """Mirror descent on ``½‖Xw − y‖²`` with the potential ``potential`` from ``w0`` (module doc); ``U`` holds the
    residuals ``Xw_t − y`` and ``log_loss`` is ``log ½‖Xw_t − y‖²``."""
    X = _data(X)
    y = np.asarray(y, dtype=np.float64)
    n, d = X.shape
    grad, inv = potential_maps(potential, p)
    w = np.array(w0, dtype=np.float64)
    if potential == "entropy" and not np.all(w > 0):
        raise InputError("entropy potential: w0 must be > 0")
    theta0 = grad(w)
    nu = np.zeros(n)
    XT = np.ascontiguousarray(X.T)
    cps = _record(checkpoints, steps)
    W = np.empty((len(cps), d))
    r, th = np.empty(n), np.empty(d)
    c = grad_sign * eta
    ci = 0
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):  # a diverging run ends in inf/NaN
        for t in range(steps + 1):
            if t == cps[ci]:
                W[ci] = w
                ci += 1
                if t == steps:
                    break
            w = _md_step(X, XT, y, w, nu, theta0, inv, c, r, th)
        U = W @ X.T - y
        ll = np.log(0.5 * (U * U).sum(-1))
    return _run("mirror_descent", cps, W, U, ll, {"potential": potential, "p": p, "eta": eta,
                                                  "grad_sign": grad_sign, "nu": nu.copy()})


def _md_step(X, XT, y, w, nu, theta0, inv, c, r, th):
    """One mirror step on ½‖Xw − y‖²: ``ν += η(Xw − y)``, ``w = (∇ψ)⁻¹(θ₀ − Xᵀν)`` (ν, r, th updated in place)."""
    np.dot(X, w, out=r)
    r -= y
    nu += c * r  # ∇ψ(w_{t+1}) = ∇ψ(w_t) − ηXᵀr_t, i.e. θ_t = θ_0 − Xᵀν_t
    np.dot(XT, nu, out=th)
    np.subtract(theta0, th, out=th)
    return inv(th)


def normalised_margins(Z: np.ndarray, W: np.ndarray, p: float) -> np.ndarray:
    """``min_i z_iᵀw/‖w‖_p`` for each row w of W; NaN where w = 0 or the ratio is not finite (a frozen or overflowed
    state has no direction)."""
    nw = norm_of(W, p)
    with np.errstate(invalid="ignore", divide="ignore"):
        m = (W @ Z.T).min(1) / np.where(nw > 0, nw, 1.0)
    return np.where((nw > 0) & np.isfinite(m), m, np.nan)


__getattr__ = former_names(__name__, {"Run": Trajectory})  # 0.1's record class, until 0.3.0
