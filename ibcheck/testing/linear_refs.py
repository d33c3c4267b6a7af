"""Independent recomputations for the pinned cases of linear classifiers (tests only: small fixed data sets).

Deliberately not the checks' solvers: the ℓ2 max-margin SVM by exhaustive support sets (not the polished NNLS/SOCP),
the ℓ∞ max margin by scipy's HiGHS LP (not cvxpy/Clarabel), the normalised margins written out again.
"""
from __future__ import annotations

import itertools
import math

import numpy as np


def svm_exhaustive(Z: np.ndarray) -> np.ndarray:
    """``ŵ = argmin ‖w‖ s.t. Zw ≥ 1`` over every support set S (|S| ≤ d): ``w = Z_Sᵀ(Z_S Z_Sᵀ)⁻¹𝟙`` with positive
    duals and every constraint met; the shortest such w."""
    best = None
    for r in range(1, Z.shape[1] + 1):
        for S in itertools.combinations(range(len(Z)), r):
            G = Z[list(S)] @ Z[list(S)].T
            # tolerance: a singular support Gram matrix (O(1) entries): skip the set (not an accuracy)
            if abs(np.linalg.det(G)) < 1e-12:
                continue
            al = np.linalg.solve(G, np.ones(r))
            w = Z[list(S)].T @ al
            if (al > 0).all() and (Z @ w >= 1 - 1e-12).all() and (best is None or w @ w < best @ best):
                best = w
    return best


def gamma_inf_highs(Z: np.ndarray) -> float:
    """``γ∞ = max_{‖w‖∞ ≤ 1} min_i z_iᵀw`` as the LP max s s.t. Zw ≥ s𝟙, −1 ≤ w ≤ 1 (HiGHS)."""
    from scipy.optimize import linprog
    n, d = Z.shape
    c = np.zeros(d + 1)
    c[-1] = -1
    res = linprog(c, A_ub=np.hstack([-Z, np.ones((n, 1))]), b_ub=np.zeros(n), bounds=[(-1, 1)] * d + [(None, None)],
                  method="highs")
    return -res.fun


def margin(Z: np.ndarray, W: np.ndarray, p: float) -> np.ndarray:
    """``min_i z_iᵀw/‖w‖_p`` for each row of W (p = 2 or ∞)."""
    nw = np.abs(W).max(1) if p == math.inf else np.linalg.norm(W, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (W @ Z.T).min(1) / nw
