"""The (ε, δ)-KKT checker of Problem (P) for positively homogeneous networks (Lyu & Li 2020, Thm 4.4).

(P): ``min ½‖θ‖² s.t. q_n(θ) ≥ 1``. At a trained θ with ``q_min > 0``: rescale ``θ̃ = θ/q_min^{1/L}`` (so
``min_n q_n(θ̃) = 1``), take the per-sample gradients ``h_n = ∇q_n(θ̃)`` (rows of J, by ``torch.func.jacrev``)
and fit multipliers by non-negative least squares ``λ = argmin_{λ≥0} ‖θ̃ − Jᵀλ‖``. Then
``ε = ‖θ̃ − Jᵀλ‖`` (stationarity; the part of θ orthogonal to the data counts in full) and
``δ = max_n λ_n(q_n(θ̃) − 1)`` (complementarity). The (ε, δ) definition asks for *some* λ ≥ 0: when J is rank
deficient the NNLS λ is not unique, so δ is then minimised over the λ that keep ε (a small SOCP, Clarabel,
status checked and re-verified; the NNLS λ is kept if that fails) [standard knowledge, after Dutta et al. 2013;
App. C.1 wording
UNKNOWN]. Euler cross-check: ``⟨θ̃, h_n⟩ = L q_n(θ̃)`` gives ``‖θ̃‖² − LΣλ_nq_n = ⟨θ̃, θ̃ − Jᵀλ⟩``, so
``|‖θ̃‖² − LΣλ_nq_n| ≤ ε‖θ̃‖`` must hold whenever J is the Jacobian of the margins at θ̃.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch
from scipy.optimize import nnls
from torch.func import jacrev


@dataclass
class KKTReport:
    stationarity: float  # ε/‖θ̃‖
    complementarity: float  # δ = max λ_n(q̃_n − 1)
    euler_gap: float  # |‖θ̃‖² − LΣλq̃|/‖θ̃‖²
    euler_bound: float  # ε/‖θ̃‖ (the gap must not exceed it)
    lam: np.ndarray
    theta_norm: float  # ‖θ̃‖
    q_min: float


def margin_jacobian(net, theta: torch.Tensor) -> np.ndarray:
    """``J`` (n, P): rows ``∇q_n(θ)`` by ``torch.func.jacrev`` of the net's torch margins."""
    return jacrev(net.margins)(theta.detach().clone()).detach().numpy()


def _least_complementarity(J, target, qt, lam0, res0):
    """``argmin_{λ≥0} max_n λ_n(q̃_n − 1)`` s.t. ``‖θ̃ − Jᵀλ‖ ≤ res0(1 + 1e-9) + 1e-12`` (re-verified)."""
    import cvxpy as cp

    from ibcheck.theory.solver import SolverError, solve
    lam, t = cp.Variable(len(qt), nonneg=True), cp.Variable()
    bound = res0 * (1 + 1e-9) + 1e-12 * max(np.linalg.norm(target), 1.0)
    prob = cp.Problem(cp.Minimize(t), [cp.norm(target - J.T @ lam) <= bound,
                                       cp.multiply(lam, np.maximum(qt - 1, 0)) <= t])
    import warnings
    try:
        with warnings.catch_warnings():  # optimal_inaccurate is re-verified below, in our own code
            warnings.simplefilter("ignore", UserWarning)
            solve(prob)
    except SolverError:
        return lam0
    cand = np.clip(np.asarray(lam.value, dtype=float), 0, None) if lam.value is not None else None
    if cand is None or np.linalg.norm(target - J.T @ cand) > res0 * (1 + 1e-6) + 1e-10 * max(np.linalg.norm(target), 1):
        return lam0
    return cand if float((cand * (qt - 1)).max()) < float((lam0 * (qt - 1)).max()) else lam0


def kkt_check(net, theta: torch.Tensor) -> KKTReport:
    """(ε, δ)-KKT residuals of ``θ`` for (P) (module docstring)."""
    q = net.margins(theta.detach()).numpy()
    L = net.degree
    if q.min() <= 0:
        return KKTReport(math.inf, math.inf, math.inf, math.inf, np.zeros_like(q), math.nan, float(q.min()))
    sc = float(q.min()) ** (-1.0 / L)
    th = theta.detach() * sc
    perp = net.perp_sq * sc * sc
    J = margin_jacobian(net, th)
    qt = q * sc ** L
    target = th.numpy()
    lam, res = nnls(J.T, target, maxiter=50 * J.shape[0])
    # complementarity of the NNLS multipliers at margins q̃ ≥ 1: rounding of O(1) values; above it, refit
    if float((lam * (qt - 1)).max()) > 1e-12:
        lam = _least_complementarity(J, target, qt, lam, res)
        res = float(np.linalg.norm(target - J.T @ lam))
    nrm2 = float(target @ target) + perp
    eps = math.sqrt(res * res + perp)
    euler = abs(nrm2 - L * float(lam @ qt)) / nrm2
    return KKTReport(stationarity=eps / math.sqrt(nrm2), complementarity=float((lam * (qt - 1)).max()),
                     euler_gap=euler, euler_bound=eps / math.sqrt(nrm2), lam=lam, theta_norm=math.sqrt(nrm2),
                     q_min=float(q.min()))
