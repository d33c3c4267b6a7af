"""KKT checker for Problem (1) at any trained ``W`` (Clarke subdifferential of the leaky ReLU).

Rescale ``W̃ = W / min_i y_i f(x_i;W)`` (1-homogeneity), then fit multipliers ``λ ≥ 0`` to the
stationarity condition ``w̃_j = Σ_i y_i a_j μ_ji x_i``, where ``μ_ji = λ_i φ'(⟨w̃_j,x_i⟩)`` off the kink and
``γλ_i ≤ μ_ji ≤ λ_i`` at a kink (``|⟨w_j,x_i⟩| ≤ kink_tol·‖w_j‖‖x_i‖``: ``∂φ(0) = [γ, 1]``). Without kinks
this is non-negative least squares in ``λ``; with kinks a small QP. Everything in the span metric:
``‖Σ_i c_ji x_i‖² = c_jᵀKc_j``; the part of ``W`` orthogonal to the data (``W₀^⊥``) is pure residual.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import nnls

from ibcheck.theory.solver import solve


@dataclass
class KKTReport:
    stationarity: float  # ‖W̃ − Σλ∂f‖_F / ‖W̃‖_F
    complementarity: float  # max_i λ_i (y_i f_i(W̃) − 1) / mean λ
    euler_gap: float  # |‖W̃‖_F² − Σλ_i| / ‖W̃‖_F²  (Euler: ⟨W, ∂f_i⟩ = f_i)
    lam: np.ndarray
    kinks: int
    worst_samples: list[int]  # largest complementarity terms
    worst_neurons: list[int]  # largest stationarity residual rows
    scale: float  # the rescaling 1/min_i q_i
    status: str = "nnls"  # how the multipliers were fitted: NNLS (no kinks) or the kink QP's solver status


def _factor(K):
    ev, U = np.linalg.eigh(K)
    return U * np.sqrt(np.clip(ev, 0, None))


def kkt_check(K: np.ndarray, y: np.ndarray, a: np.ndarray, gamma: float, B: np.ndarray,
              perp_gram: np.ndarray | None = None, kink_tol: float = 1e-9) -> KKTReport:
    """KKT residuals of ``W = W₀^⊥ + BX`` for Problem (1) (see module docstring)."""
    Z = B @ K
    phi = np.maximum(gamma * Z, Z)
    q = y * (a[:, None] * phi).sum(0)
    if q.min() <= 0:
        return KKTReport(np.inf, np.inf, np.inf, np.zeros_like(y), 0, [], [], np.nan, status="not classifying")
    sc = 1.0 / q.min()
    Bt, Zt = B * sc, Z * sc
    perp = np.zeros((len(a), len(a))) if perp_gram is None else perp_gram * sc ** 2
    wn = np.sqrt(np.clip(np.einsum("ji,ik,jk->j", Bt, K, Bt) + np.diag(perp), 0, None))
    xn = np.sqrt(np.diag(K))
    kink = np.abs(Zt) <= kink_tol * wn[:, None] * xn[None, :]
    D = np.where(Zt > 0, 1.0, gamma)
    R = _factor(K)  # ‖C X‖_F² = ‖C R‖_F²
    m, n = B.shape
    target = (Bt @ R).ravel()
    if not kink.any():
        # Column i of the design: the coefficients y_i a_j D_ji e_i of x_i in every row j, in the R metric.
        A = np.zeros((m * R.shape[1], n))
        for i in range(n):
            A[:, i] = np.outer(y[i] * a * D[:, i], R[i]).ravel()
        lam, _ = nnls(A, target, maxiter=50 * n)
        C = a[:, None] * D * (lam * y)[None, :]
        status = "nnls"
    else:
        import cvxpy as cp  # here, not at the top: without a kink the NNLS answers and cvxpy is never loaded
        lam_v, mu = cp.Variable(n, nonneg=True), cp.Variable((m, n))
        cons = [mu[~kink] == cp.multiply(D[~kink], cp.vstack([lam_v] * m)[~kink])] if (~kink).any() else []
        lam_rows = cp.vstack([lam_v] * m)
        cons += [mu >= gamma * lam_rows, mu <= lam_rows]
        Cv = cp.multiply(a[:, None] * y[None, :], mu)
        status = solve(cp.Problem(cp.Minimize(cp.sum_squares((Bt - Cv) @ R)), cons)).status
        # Re-verify: project the solver's answer onto the feasible set (λ ≥ 0, γλ ≤ μ ≤ λ, μ = Dλ off the kinks)
        # so the residual below is that of a feasible multiplier — an honest upper bound on the exact minimum,
        # whatever the status (optimal_inaccurate included).
        lam = np.clip(np.asarray(lam_v.value), 0, None)
        mu_v = np.clip(np.asarray(mu.value), gamma * lam[None, :], lam[None, :])
        mu_v = np.where(kink, mu_v, D * lam[None, :])
        C = (a[:, None] * y[None, :]) * mu_v
    Dlt = Bt - C
    row_res = np.einsum("ji,ik,jk->j", Dlt, K, Dlt) + np.diag(perp)
    wt2 = float(np.einsum("ji,ik,jk->", Bt, K, Bt) + np.trace(perp))
    stat = float(np.sqrt(max(row_res.sum(), 0.0) / wt2))
    qt = q * sc
    comp_terms = lam * (qt - 1)
    comp = float(comp_terms.max() / max(lam.mean(), 1e-300))
    euler = float(abs(wt2 - lam.sum()) / wt2)
    return KKTReport(stationarity=stat, complementarity=comp, euler_gap=euler, lam=lam, kinks=int(kink.sum()),
                     worst_samples=[int(i) for i in np.argsort(-comp_terms)[:3]],
                     worst_neurons=[int(j) for j in np.argsort(-row_res)[:3]], scale=sc, status=status)
