"""Min-norm interpolator of ``f = Σ_k a_k ReLU(⟨w_k,x⟩)`` within a fixed activation pattern (convex QP).

Pattern ``A ∈ {0,1}^{m×n}``: ``⟨w_k,x_i⟩ ≥ 0`` where ``A_ki = 1``, ``≤ 0`` elsewhere, and
``Σ_k a_k A_ki ⟨w_k,x_i⟩ = y_i``. Posed in span coordinates (``w_k = Xᵀα_k``), scaled by ``s = ‖λ‖₁``.
"""
from __future__ import annotations

import numpy as np

from ibcheck.theory.solver import SolveInfo, solve
from .minnorm import eigen_factor


def min_norm_in_pattern(K: np.ndarray, y: np.ndarray, a: np.ndarray, A: np.ndarray, scale: float
                        ) -> tuple[np.ndarray | None, float, SolveInfo, float]:
    """``(α (m,n) or None if infeasible, ‖W‖_F, solver info, max re-verified constraint violation)``."""
    import cvxpy as cp  # here, not at the top: a check that solves no QP never loads cvxpy
    Kt = np.asarray(K, dtype=np.float64) / scale
    m, n = A.shape
    R = eigen_factor(Kt)
    al = cp.Variable((m, n))
    B = al @ Kt  # β_k = K̃ α_k (K̃ symmetric)
    S = 2 * A - 1
    cons = [cp.multiply(S, B) >= 0, cp.sum(cp.multiply(a[:, None] * A, B), axis=0) == y]
    prob = cp.Problem(cp.Minimize(cp.sum_squares(al @ R)), cons)
    info = solve(prob, allow_infeasible=True)
    if info.status not in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
        return None, float("nan"), info, float("nan")
    at = np.asarray(al.value)
    Bv = at @ Kt
    viol = max(float(np.clip(-(S * Bv), 0, None).max()), float(np.abs((a[:, None] * A * Bv).sum(0) - y).max()))
    alpha = at / scale
    return alpha, float(np.sqrt(max(np.einsum("ki,ij,kj->", alpha, K, alpha), 0.0))), info, viol
