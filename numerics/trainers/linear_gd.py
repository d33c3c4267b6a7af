"""Gradient descent on a linear predictor with the logistic or exponential loss, for 10⁶ steps in seconds.

``L(w) = Σ_n ℓ(z_nᵀw)`` (``reduction="sum"``: Soudry, Lyu–Li) or ``(1/n)Σ_n`` (``"mean"``: Ji–Telgarsky),
``w(t+1) = w(t) − η∇L(w(t))``. Span form (exact): ``w(t) = w(0) + η_e Zᵀb(t)`` with ``η_e = η`` (sum) or
``η/n`` (mean) and ``b(t+1) = b(t) + g(u(t))``, ``g = −ℓ'`` (``σ(−u)`` logistic, ``e^{−u}`` exponential),
margins ``u(t) = Zw(t) = u(0) + η_e K b(t)``. One step is three numpy calls on n-vectors (``v = −u``,
``g(v)``, ``b + g``): cost O(n²) per step, independent of d, and no per-step Python arithmetic.

The iterates of a chunk of steps are written into a buffer as they are produced (the loop's own output
array, so recording costs nothing), and so are the margins ``u(t) = −v(t)`` the step itself computed: the
diagnostics need no second n×n product per step (recomputing ``u`` from ``b`` by an einsum costs as much as the
loop at n = 100). These margins and ``u(0) + η_e K b(t)`` differ by rounding (BLAS's summation order): the
per-step maxima below move by ≤ 3e-14 relative (margin) and ≤ 3e-14 absolute (one-step change of log L̂, a
difference of two values of size |log L̂|); iterates and checkpoint values are computed from ``b``. Then every
per-step diagnostic — ``log L̂`` (logsumexp of log ℓ, never L̂ itself), the normalised margin
``min_n u_n/‖w‖`` and the one-step change of ``log L̂`` — is computed for
the whole chunk in a few vectorised operations. Seeds/datasets of equal shape are batched along a leading
axis ``S`` (one ``matmul`` per step for all of them). float64 throughout; the same inputs give bitwise the
same outputs.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import torch
from scipy.special import expit

from ..runtime.errors import InputError
from ..trajectory import Trajectory, former_names
from .frozen import NEVER, first_repeat, merge
from .two_layer import log_loss as _log_loss_torch

LOSSES = ("logistic", "exp")
REDUCTIONS = ("sum", "mean")


def neg_dloss(loss: str) -> Callable:
    """``g(v) = −ℓ'(−v)`` as a ufunc with ``out=``: ``σ(v)`` (logistic) or ``e^{v}`` (exp); ``v = −u``."""
    if loss not in LOSSES:
        raise InputError(f"unknown loss {loss!r} (expected one of {LOSSES})")
    return expit if loss == "logistic" else np.exp


def log_loss_terms(U: np.ndarray, loss: str) -> np.ndarray:
    """``log ℓ(u)`` elementwise, stable for every u (the torch implementation of ``numerics.trainers.two_layer``)."""
    return _log_loss_torch(torch.from_numpy(np.ascontiguousarray(U)), loss).numpy()


def log_total_loss(U: np.ndarray, loss: str, reduction: str = "sum") -> np.ndarray:
    """``log L̂`` over the last axis (margins), via logsumexp of ``log ℓ(u_n)``."""
    t = torch.from_numpy(np.ascontiguousarray(U))
    out = torch.logsumexp(_log_loss_torch(t, loss), -1)
    if reduction == "mean":
        out = out - math.log(U.shape[-1])
    return out.numpy()


def decade_checkpoints(steps: int, per_decade: int = 10) -> np.ndarray:
    """``0, 1, …`` then ``per_decade`` log-spaced steps per decade, always including every ``10^k ≤ steps``."""
    pts = {0, steps}
    k = 0
    while 10 ** k <= steps:
        pts.add(10 ** k)
        k += 1
    for t in np.logspace(0, math.log10(max(steps, 1)), per_decade * max(1, int(math.ceil(math.log10(max(steps, 2))))) + 1):
        pts.add(int(round(t)))
    return np.array(sorted(p for p in pts if 0 <= p <= steps), dtype=np.int64)


def gd(Z: np.ndarray, eta, steps: int, *, loss: str = "logistic", reduction: str = "sum",
       w0: np.ndarray | None = None, checkpoints=None, chunk: int = 8192, deriv: Callable | None = None,
       grad_sign: float = 1.0) -> Trajectory:
    """GD from ``w0`` (default 0) for ``steps`` steps on ``Z`` ((n, d) or batched (S, n, d)); see module doc.

    ``eta`` is a float or one per dataset. ``deriv`` (tests only) replaces ``g = −ℓ'`` as a function of
    ``v = −u``; ``grad_sign = −1`` (tests only) ascends instead of descending.

    A ``Trajectory`` (engine ``gd``; leading axis: the batched datasets ``S``) on the checkpoint steps ``t`` (T,),
    ascending from 0: states ``W`` (S, T, d), the iterates w(t), and ``U`` (S, T, n), the margins z_nᵀw(t);
    ``log_loss`` (S, T), log L̂(w(t)). Stats, per run (S,): ``max_normalized_margin``, the max over steps t ≥ 1 with
    w ≠ 0 of min_n u_n/‖w‖; ``max_log_loss_increase``, the max over steps of log L̂(t+1) − log L̂(t) (≤ 0 for a
    descent); ``first_loss_increase``, the first step t+1 at which L̂ increased (−1 if never); ``eta``, the step used;
    ``frozen_at``, the first step t with b(t+1) == b(t) bit for bit while the loss is positive: frozen by float64
    rounding from there on (``numerics.trainers.frozen``; −1: never; every later checkpoint repeats that iterate);
    and ``reduction``, ``loss``.
    """
    if reduction not in REDUCTIONS:
        raise InputError(f"unknown reduction {reduction!r} (expected one of {REDUCTIONS})")
    g = deriv if deriv is not None else neg_dloss(loss)
    Zb = np.asarray(Z, dtype=np.float64)
    single = Zb.ndim == 2
    if single:
        Zb = Zb[None]
    S, n, d = Zb.shape
    etas = np.broadcast_to(np.asarray(eta, dtype=np.float64), (S,)).copy()
    eta_e = etas / n if reduction == "mean" else etas.copy()
    K = Zb @ Zb.transpose(0, 2, 1)
    W0 = np.zeros((S, d)) if w0 is None else np.broadcast_to(np.asarray(w0, dtype=np.float64), (S, d)).copy()
    u0 = np.einsum("snd,sd->sn", Zb, W0)
    w0sq = (W0 * W0).sum(1)
    Kn = -grad_sign * eta_e[:, None, None] * K  # v = −u = −u0 + Kn b
    cps = decade_checkpoints(steps) if checkpoints is None else np.unique(np.asarray(checkpoints, dtype=np.int64))
    if cps[0] != 0 or cps[-1] > steps:
        cps = np.unique(np.concatenate([[0], cps[cps <= steps]]))
    T = len(cps)
    Bc = np.zeros((S, T, n))
    max_nm = np.full(S, -np.inf)
    max_inc = np.full(S, -np.inf)
    first_inc = np.full(S, -1, dtype=np.int64)
    frozen = np.full(S, NEVER, dtype=np.int64)
    with_u0 = bool(np.any(u0 != 0))
    nu0 = -u0
    L = min(chunk, steps) + 1
    buf = np.zeros((L, S, n) if not single else (L, n))  # b(t0), …, b(t0 + m)
    V = np.empty_like(buf)  # v(t) = −u(t): the margins the iteration itself computed (diagnostics read them)
    s = np.empty((S, n) if not single else n)
    Kn1 = Kn[0] if single else None
    nu01 = nu0[0] if single else None
    brow, vrow = list(buf), list(V)  # the rows as views made once (a view per step costs as much as the step)
    bcol, vcol = ([], []) if single else ([b[..., None] for b in brow], [v[..., None] for v in vrow])
    t0, ci = 0, 0
    with np.errstate(over="ignore"):
        while True:
            m = min(chunk, steps - t0)
            # --- the hot loop: three numpy calls per step, each writing into a buffer ----------------------------
            if single:
                for bi, bn, vi in zip(brow[:m], brow[1:m + 1], vrow):
                    np.dot(Kn1, bi, out=vi)
                    if with_u0:
                        np.add(vi, nu01, out=vi)
                    if deriv is None:
                        g(vi, out=s)
                    else:
                        s = g(vi)
                    np.add(bi, s, out=bn)
                np.dot(Kn1, brow[m], out=vrow[m])
                if with_u0:
                    np.add(vrow[m], nu01, out=vrow[m])
            else:
                for bi, bn, vi, bc, vc in zip(brow[:m], brow[1:m + 1], vrow, bcol, vcol):
                    np.matmul(Kn, bc, out=vc)
                    if with_u0:
                        np.add(vi, nu0, out=vi)
                    if deriv is None:
                        g(vi, out=s)
                    else:
                        s = g(vi)
                    np.add(bi, s, out=bn)
                np.matmul(Kn, brow[m][..., None], out=vrow[m][..., None])
                if with_u0:
                    np.add(vrow[m], nu0, out=vrow[m])
            # --- vectorised per-step diagnostics of this chunk ----------------------------------------------
            Bk = buf[: m + 1] if not single else buf[: m + 1, None, :]  # (m+1, S, n): steps t0 .. t0+m
            Uk = -(V[: m + 1] if not single else V[: m + 1, None, :])
            ll = log_total_loss(Uk, loss, reduction)  # (m+1, S)
            wsq = w0sq[None] + 2 * grad_sign * eta_e[None] * np.einsum("sn,tsn->ts", u0, Bk) \
                + eta_e[None] ** 2 * np.einsum("tsn,tsn->ts", Bk, (Uk - u0[None]) / (eta_e[None, :, None] * grad_sign))
            norm = np.sqrt(np.clip(wsq, 0, None))
            ok = norm > 0
            nm = np.where(ok, Uk.min(-1) / np.where(ok, norm, 1.0), -np.inf)
            max_nm = np.maximum(max_nm, nm[1:].max(0) if m else max_nm)
            if t0 == 0:
                max_nm = np.maximum(max_nm, nm[0])
            if m:
                inc = np.diff(ll, axis=0)
                max_inc = np.maximum(max_inc, inc.max(0))
                for j in range(S):
                    if first_inc[j] < 0 and (inc[:, j] > 0).any():
                        first_inc[j] = t0 + 1 + int(np.argmax(inc[:, j] > 0))
            if m:  # a state-only map: b(t+1) == b(t) with a positive loss repeats forever (numerics.trainers.frozen)
                frozen = merge(frozen, first_repeat(Bk, t0, ll > -np.inf))
            # checkpoints inside [t0, t0+m]
            while ci < T and cps[ci] <= t0 + m:
                Bc[:, ci] = Bk[cps[ci] - t0]
                ci += 1
            t0 += m
            if t0 >= steps:
                break
            if np.all(frozen != NEVER):  # every run frozen: the remaining checkpoints are its last iterate, exactly
                Bc[:, ci:] = Bk[m][:, None, :]
                break
            buf[0] = buf[m]
    Wc = W0[:, None, :] + grad_sign * eta_e[:, None, None] * np.einsum("snd,stn->std", Zb, Bc)
    Uc = np.einsum("snd,std->stn", Zb, Wc)
    llc = log_total_loss(Uc, loss, reduction)
    return Trajectory(clock=cps, states={"W": Wc, "U": Uc}, log_loss=llc, engine="gd",
                      stats={"max_normalized_margin": max_nm, "max_log_loss_increase": max_inc,
                             "first_loss_increase": first_inc, "eta": etas, "reduction": reduction, "loss": loss,
                             "frozen_at": frozen})


def gd_direct(Z: np.ndarray, eta: float, steps: int, *, loss: str = "logistic", reduction: str = "sum",
              w0: np.ndarray | None = None) -> np.ndarray:
    """Plain autograd GD on ``w ∈ R^d`` (torch, float64): the reference the span form is tested against, by its
    final iterate only, which it returns (so not a ``Trajectory``)."""
    Zt = torch.as_tensor(Z, dtype=torch.float64)
    w = torch.zeros(Zt.shape[1], dtype=torch.float64) if w0 is None else torch.as_tensor(w0, dtype=torch.float64).clone()
    for _ in range(steps):
        w.requires_grad_(True)
        u = Zt @ w
        lv = torch.nn.functional.softplus(-u) if loss == "logistic" else torch.exp(-u)
        L = lv.sum() if reduction == "sum" else lv.mean()
        (gr,) = torch.autograd.grad(L, w)
        w = (w - eta * gr).detach()
    return w.numpy()


__getattr__ = former_names(__name__, {"LinearRun": Trajectory})  # 0.1's record class, until 0.3.0
