"""Exact references for lai2026: min-ℓ2-norm solutions posed in the data span (n variables, not d).

Every such solution lies in ``span{x_i}`` (projecting onto it keeps ``Xw`` and shrinks ``‖w‖``), so
``w = Xᵀα``, ``β = Xw = Kα`` and ``‖w‖² = αᵀKα``. We solve in the scaled coordinates ``K̃ = K/s``
(``s = ‖λ‖₁``, so ``K̃ ≈ I``): first by the reduced NNLS (``_nnls_tight``: K̃ invertible, β eliminated), else
by Clarabel; either answer's active set is polished by a linear solve and the KKT conditions re-verified
ourselves.

m=1 program (the global minimisers of ``½Σ(ReLU(⟨w,x_i⟩) − y_i)²`` are exactly its feasible set):
    min ½‖w‖²  s.t.  ⟨w,x_i⟩ = y_i (y_i > 0),  ⟨w,x_i⟩ ≤ 0 (y_i ≤ 0).
KKT in span coordinates: ``w = Xᵀα`` with ``α_i ≤ 0`` and ``α_i β_i = 0`` on ``y_i ≤ 0``: the coefficients
are the multipliers, so stationarity holds by construction once ``α`` is unique (K invertible).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ibcheck.theory.solver import SolveInfo, SolverError, solve


@dataclass
class MinNormSolution:
    """``w* = Xᵀα``; ``beta = Kα``; residuals are re-verified in our own code (label units)."""

    alpha: np.ndarray
    beta: np.ndarray
    norm: float
    info: SolveInfo
    polished: bool
    residuals: dict = field(default_factory=dict)
    tight: np.ndarray | None = None  # negatives whose constraint is active (β_i = 0)

    @property
    def status(self) -> str:
        return self.info.status + (" (polished, KKT re-verified)" if self.polished else "")


def eigen_factor(Kt: np.ndarray) -> np.ndarray:
    """``R`` with ``K̃ = R Rᵀ`` (eigen-factor: works for singular K too)."""
    ev, U = np.linalg.eigh(Kt)
    return U * np.sqrt(np.clip(ev, 0.0, None))


def kkt_residuals_m1(Kt: np.ndarray, y: np.ndarray, at: np.ndarray) -> dict:
    """KKT residuals of scaled coefficients ``α̃`` for the m=1 program, relative to the label scale ``ŷ = max|y_i|``
    (all should be ≈ 0; invariant under y → cy, since ``α̃`` and ``β`` scale like y).

    primal: ``max(|β_P − y_P|, max β_N⁺)/ŷ``; dual: ``max α̃_N⁺/ŷ`` (multipliers of ``β_N ≤ 0`` are ``−α̃_N ≥ 0``);
    complementarity: ``max |α̃_N β_N|/ŷ²``.

    Not the max-margin KKT residual (``theory.kkt_residual``): a min-norm regression program with equality
    constraints on the positives (free multipliers) and sign constraints on the rest, no margin to rescale."""
    beta = Kt @ at
    P, N = y > 0, y <= 0
    ys = max(float(np.abs(y).max(initial=0.0)), 1e-300)
    return {
        "primal_feasibility": float(max(np.abs(beta[P] - y[P]).max(initial=0.0),
                                        np.clip(beta[N], 0, None).max(initial=0.0))) / ys,
        "dual_feasibility": float(np.clip(at[N], 0, None).max(initial=0.0)) / ys,
        "complementarity": float(np.abs(at[N] * beta[N]).max(initial=0.0)) / ys ** 2,
    }


def _polish_m1(Kt: np.ndarray, y: np.ndarray, tight: np.ndarray) -> np.ndarray | None:
    """Exact solution on an active set: ``α̃_E = K̃_EE⁻¹ b_E`` (E = positives ∪ tight), ``α̃`` = 0 elsewhere."""
    E = (y > 0) | tight
    at = np.zeros_like(y)
    if E.any():
        try:
            at[E] = np.linalg.solve(Kt[np.ix_(E, E)], np.where(y[E] > 0, y[E], 0.0))
        except np.linalg.LinAlgError:
            return None
    return at


def _nnls_tight(Kt: np.ndarray, y: np.ndarray) -> np.ndarray | None:
    """The active set of the m=1 program from its reduced NNLS form, or None (K̃ not positive definite).

    With K̃ invertible the program is ``min ½βᵀMβ`` (``M = K̃⁻¹``, ``β = K̃α̃``) over ``β_P = y_P``, ``β_N = −u``,
    ``u ≥ 0``: ``min_{u≥0} ½uᵀM_NNu − uᵀM_NPy_P`` = NNLS ``min_{u≥0} ‖Gᵀu − G⁻¹M_NPy_P‖`` (``M_NN = GGᵀ``).
    The tight negatives are those with ``u_i = 0``."""
    from scipy.linalg import cho_factor, cho_solve, solve_triangular
    from scipy.optimize import nnls
    P, N = y > 0, y <= 0
    if not N.any():
        return np.zeros_like(y, dtype=bool)
    try:
        C = cho_factor(Kt, lower=True)
        if np.diag(C[0]).min() ** 2 < 1e-12 * np.diag(C[0]).max() ** 2:  # numerically singular: Clarabel
            return None
        M = cho_solve(C, np.eye(len(y)))
        G = np.linalg.cholesky(M[np.ix_(N, N)])
    except (np.linalg.LinAlgError, ValueError):
        return None
    b = solve_triangular(G, M[np.ix_(N, P)] @ y[P], lower=True)
    try:
        u = nnls(G.T, b, maxiter=50 * int(N.sum()))[0]
    except RuntimeError:
        return None
    tight = np.zeros_like(y, dtype=bool)
    tight[N] = u <= 0.0
    return tight


def _refine(Kt: np.ndarray, y: np.ndarray, tight: np.ndarray, tol: float):
    """Primal-dual active-set refinement from a guess of the tight negatives; ``(α̃, polished, tight)``."""
    n, N = len(y), y <= 0
    for _ in range(n + 1):
        at_pol = _polish_m1(Kt, y, tight)
        if at_pol is None:
            break
        bp = Kt @ at_pol
        wrong_sign = tight & (at_pol > 0)  # a tight constraint with a multiplier of the wrong sign
        infeasible = N & ~tight & (bp > 0)  # a free negative predicted positive
        if not (wrong_sign.any() or infeasible.any()):
            if max(kkt_residuals_m1(Kt, y, at_pol).values()) <= tol:
                return at_pol, True, tight
            break
        tight = (tight & ~wrong_sign) | infeasible
    return None, False, tight


def _solution(K, at, scale, info, polished, res, tight) -> MinNormSolution:
    alpha = at / scale
    bet = K @ alpha
    return MinNormSolution(alpha=alpha, beta=bet, norm=float(np.sqrt(max(alpha @ bet, 0.0))), info=info,
                           polished=polished, residuals=res, tight=tight)


def min_norm_m1(K: np.ndarray, y: np.ndarray, scale: float, *, tol: float = 1e-8,
                method: str = "auto") -> MinNormSolution:
    """The min-ℓ2-norm global minimiser of the m=1 ReLU regression loss (see module docstring).

    ``method``: ``auto`` (the reduced NNLS, whose active set is polished and KKT re-verified exactly as the
    interior point's; Clarabel when that fails) or ``clarabel``."""
    K = np.asarray(K, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n = y.shape[0]
    Kt = K / scale
    if method == "auto":
        tight0 = _nnls_tight(Kt, y)
        if tight0 is not None:
            at, ok, tight = _refine(Kt, y, tight0, tol)
            if ok:  # stationarity holds by construction (α̃ are the multipliers, K̃ invertible)
                res = kkt_residuals_m1(Kt, y, at)
                res["stationarity_solver_duals"] = res["stationarity"] = 0.0
                return _solution(K, at, scale, SolveInfo("optimal", "NNLS", None, None), True, res, tight)
    import cvxpy as cp  # here, not at the top: the NNLS path and the checks that solve nothing never load it
    P, N = y > 0, y <= 0
    a = cp.Variable(n)
    beta = Kt @ a
    cons = []
    if P.any():
        cons.append(beta[np.flatnonzero(P)] == y[P])
    if N.any():
        cons.append(beta[np.flatnonzero(N)] <= 0)
    R = eigen_factor(Kt)
    prob = cp.Problem(cp.Minimize(0.5 * cp.sum_squares(R.T @ a)), cons)
    info = solve(prob)
    at_raw = np.asarray(a.value, dtype=np.float64)
    beta_raw = Kt @ at_raw
    # Stationarity from the solver's own duals: K̃(α̃ + ν_P + μ_N) = 0 with cvxpy's sign convention.
    lam = np.zeros(n)
    if P.any():
        lam[P] = -np.asarray(cons[0].dual_value)
    if N.any():
        lam[N] = -np.asarray(cons[-1].dual_value)
    stat = float(np.linalg.norm(R.T @ (at_raw - lam)) / max(np.linalg.norm(R.T @ at_raw), 1e-300))

    # Tight negatives: positive multiplier or prediction at the boundary.
    tight = N & ((at_raw < -tol * max(1.0, np.abs(at_raw).max())) | (beta_raw > -tol))
    at, polished, tight = _refine(Kt, y, tight, tol)
    if not polished:
        at = at_raw
    res = kkt_residuals_m1(Kt, y, at)
    res["stationarity_solver_duals"] = stat
    res["stationarity"] = 0.0 if polished else stat
    return _solution(K, at, scale, info, polished, res, tight)


def min_norm_m2_decoupled(K: np.ndarray, y: np.ndarray, scale: float) -> tuple[MinNormSolution, MinNormSolution]:
    """The decoupled m=2 interpolator: ``w₊`` = m=1 program on ``y``, ``w₋`` = m=1 program on ``−y``.

    ``w₊`` interpolates the positives and is off on the rest; ``w₋`` fits ``−y`` on the negatives.
    """
    return min_norm_m1(K, y, scale), min_norm_m1(K, -np.asarray(y), scale)


def min_norm_interpolant_linear(K: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``α = K⁻¹y``: the min-norm interpolant ``w = XᵀK⁻¹y`` of the linear model."""
    return np.linalg.solve(np.asarray(K, dtype=np.float64), np.asarray(y, dtype=np.float64))


__all__ = ["MinNormSolution", "min_norm_m1", "min_norm_m2_decoupled", "min_norm_interpolant_linear",
           "kkt_residuals_m1", "SolverError"]
