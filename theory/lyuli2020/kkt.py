"""The (ε, δ)-KKT checker of Problem (P) for positively homogeneous networks (Lyu & Li 2020, Thm 4.4).

(P): ``min ½‖θ‖² s.t. q_n(θ) ≥ 1``. At a trained θ with ``q_min > 0``: rescale ``θ̃ = θ/q_min^{1/L}`` (so
``min_n q_n(θ̃) = 1``), take the per-sample gradients ``h_n = ∇q_n(θ̃)`` (rows of J, by ``torch.func.jacrev``)
and fit multipliers by non-negative least squares ``λ = argmin_{λ≥0} ‖θ̃ − Jᵀλ‖``. Then
``ε = ‖θ̃ − Jᵀλ‖`` (stationarity; the part of θ orthogonal to the data counts in full) and
``δ = max_n λ_n(q_n(θ̃) − 1)`` (complementarity) [standard knowledge, after Dutta et al. 2013; App. C.1 wording
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
    nrm2 = float(target @ target) + perp
    eps = math.sqrt(res * res + perp)
    euler = abs(nrm2 - L * float(lam @ qt)) / nrm2
    return KKTReport(stationarity=eps / math.sqrt(nrm2), complementarity=float((lam * (qt - 1)).max()),
                     euler_gap=euler, euler_bound=eps / math.sqrt(nrm2), lam=lam, theta_norm=math.sqrt(nrm2),
                     q_min=float(q.min()))
