"""Minimum-ℓ1 and minimum-ℓ2 interpolants of ``Xw = y`` (the rich and kernel limits of Woodworth et al.).

ℓ1: the LP ``min 𝟙ᵀ(p + m)`` s.t. ``X(p − m) = y``, ``p, m ≥ 0`` (HiGHS, status checked), re-verified here
through LP duality: ``μ`` (the equality multipliers) must satisfy ``‖Xᵀμ‖_∞ ≤ 1`` and ``yᵀμ = ‖w‖₁``.
ℓ2: the closed form ``Xᵀ(XXᵀ)⁻¹y``, its residual re-verified.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Interpolant:
    w: np.ndarray
    status: str
    residual: float  # ‖Xw − y‖/‖y‖
    gap: float  # ℓ1: relative duality gap |‖w‖₁ − yᵀμ|/‖w‖₁ (0 for ℓ2)
    dual_infeasibility: float  # ℓ1: max(0, ‖Xᵀμ‖_∞ − 1) (0 for ℓ2)

    @property
    def certified(self) -> bool:
        # the LP's certificate, relative to ‖y‖ and ‖w‖₁ (O(1) data): HiGHS stops at ~1e-12, 1e-9 leaves 1000×
        return (self.status == "optimal" and self.residual <= 1e-9 and self.gap <= 1e-9
                and self.dual_infeasibility <= 1e-9)  # (the same certificate)


def min_l1(X: np.ndarray, y: np.ndarray) -> Interpolant:
    """The minimum-ℓ1 interpolant (unique for generic Gaussian X), with its LP duality certificate."""
    from scipy.optimize import linprog
    n, d = X.shape
    r = linprog(np.ones(2 * d), A_eq=np.hstack([X, -X]), b_eq=y, bounds=(0, None), method="highs")
    if r.status != 0:
        return Interpolant(np.full(d, np.nan), f"highs status {r.status}: {r.message}", np.inf, np.inf, np.inf)
    w = r.x[:d] - r.x[d:]
    mu = -np.asarray(r.eqlin.marginals)  # HiGHS: marginals of min cᵀx are ∂obj/∂b; the dual of max yᵀμ is −that
    if abs(y @ mu - np.abs(w).sum()) > abs(y @ (-mu) - np.abs(w).sum()):
        mu = -mu  # sign convention of the solver's marginals
    l1 = float(np.abs(w).sum())
    return Interpolant(w=w, status="optimal", residual=float(np.linalg.norm(X @ w - y) / np.linalg.norm(y)),
                       gap=float(abs(l1 - y @ mu) / max(l1, 1e-300)),
                       dual_infeasibility=float(max(0.0, np.abs(X.T @ mu).max() - 1.0)))


def min_l2(X: np.ndarray, y: np.ndarray) -> Interpolant:
    """``Xᵀ(XXᵀ)⁻¹y``."""
    w = X.T @ np.linalg.solve(X @ X.T, y)
    return Interpolant(w=w, status="optimal", residual=float(np.linalg.norm(X @ w - y) / np.linalg.norm(y)),
                       gap=0.0, dual_infeasibility=0.0)
