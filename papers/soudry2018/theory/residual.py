"""Soudry et al.'s residual limit ``w̃`` (Theorem 4; formula reconstructed, docs/claims-ext.md §1 [retrieved-2nd + derived]).

``w(t) = ŵ log t + ρ(t)`` and, when ``rank(Z_S) = rank(Z)`` and ``α_S > 0``, ``ρ(t) → w̃`` with

    η_e e^{−z_nᵀw̃} = α_n  (n ∈ S),      P_{ker Z} w̃ = P_{ker Z} w(0),

``η_e`` the step on the SUM loss (``η/n`` for a mean loss). Reference: ``lstsq`` on ``Z_S w̃ = log(η_e/α_S)``
(the min-norm solution lies in ``range Z_Sᵀ = range Zᵀ``) plus the projection of ``w(0)`` onto ``ker Z``.

``residual_limit_convex`` is the independent form used as a cross-check (and the right one when the duals
are not unique, e.g. repeated support vectors): ``w̃`` minimises ``η_e Σ_S e^{−z_nᵀw} + ⟨ŵ, w⟩`` over
``range Z_Sᵀ`` (its gradient vanishes iff ``Σ_S η_e e^{−z_nᵀw} z_n = ŵ``); solved by damped Newton.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.span import kernel_projection, row_space  # noqa: F401  (kernel_projection: part of this module's API)
from ibcheck.theory.svm import SVM


@dataclass
class ResidualLimit:
    w_tilde: np.ndarray
    rank_ZS: int
    rank_Z: int
    alpha_S_min: float  # min_{n∈S} α_n (> 0 required)
    consistency: float  # max_{n∈S} |z_nᵀw̃ − log(η_e/α_n)| (0 when Z_S w̃ = log(η_e/α_S) is solvable)
    kernel_part: np.ndarray  # P_{ker Z} w(0)

    @property
    def rank_condition(self) -> bool:
        return self.rank_ZS == self.rank_Z


def residual_limit(Z: np.ndarray, svm: SVM, eta_e: float, w0: np.ndarray | None = None) -> ResidualLimit:
    """The lstsq reference for ``w̃`` (see module docstring)."""
    Z = np.asarray(Z, dtype=np.float64)
    S = svm.support
    ZS = Z[S]
    aS = svm.alpha[S]
    w0 = np.zeros(Z.shape[1]) if w0 is None else np.asarray(w0, dtype=np.float64)
    rank_ZS = int(np.linalg.matrix_rank(ZS)) if S.any() else 0
    rank_Z = int(np.linalg.matrix_rank(Z))
    a_min = float(aS.min()) if aS.size else math.nan
    if not (aS.size and a_min > 0):
        return ResidualLimit(np.full(Z.shape[1], np.nan), rank_ZS, rank_Z, a_min, math.nan,
                             kernel_projection(Z, w0))
    rhs = np.log(eta_e / aS)
    wt = np.linalg.lstsq(ZS, rhs, rcond=None)[0]
    ker = kernel_projection(Z, w0)
    w_tilde = wt + ker
    return ResidualLimit(w_tilde=w_tilde, rank_ZS=rank_ZS, rank_Z=rank_Z, alpha_S_min=a_min,
                         consistency=float(np.abs(ZS @ w_tilde - rhs).max()), kernel_part=ker)


def residual_limit_convex(ZS: np.ndarray, w_hat: np.ndarray, eta_e: float, *, tol: float = 1e-13,
                          max_iter: int = 200) -> np.ndarray:
    """``argmin_{w ∈ range Z_Sᵀ} η_e Σ_S e^{−z_nᵀw} + ⟨ŵ, w⟩`` by damped Newton in a basis of ``range Z_Sᵀ``."""
    V = row_space(ZS)
    A = ZS @ V  # margins: z_nᵀ(Vc) = (Ac)_n
    b = V.T @ w_hat
    c = np.zeros(V.shape[1])

    def f(c):
        return eta_e * np.exp(-(A @ c)).sum() + b @ c

    for _ in range(max_iter):
        e = eta_e * np.exp(-(A @ c))
        g = b - A.T @ e
        if np.linalg.norm(g) <= tol * max(np.linalg.norm(b), 1.0):
            break
        H = A.T @ (e[:, None] * A)
        step = np.linalg.solve(H, -g)
        t, f0 = 1.0, f(c)
        # Armijo backtracking's smallest step (a loop guard, not a tolerance)
        while f(c + t * step) > f0 + 0.25 * t * (g @ step) and t > 1e-12:
            t *= 0.5
        c = c + t * step
    return V @ c
