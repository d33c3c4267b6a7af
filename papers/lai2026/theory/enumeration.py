"""Exhaustive cross-checks of the min-norm references for small n.

m=1 (n ≤ 10): enumerate every set ``S`` of tight negative constraints. For each, the minimiser with
``β_P = y_P``, ``β_S = 0`` and the other negatives free is ``α̃_E = K̃_EE⁻¹ b_E``, ``α̃ = 0`` off ``E = P ∪ S``;
it is a feasible point iff the free predictions are ≤ 0. The optimum is the best feasible candidate
(its own active set is among those enumerated): no solver involved.

m=2 (n ≤ 6): enumerate all ``4ⁿ`` activation patterns ``(A₊, A₋)``. Within a pattern the min-norm
interpolator is a convex QP. Sign lemma: a pattern with ``y_i > 0, i ∉ A₊`` (or ``y_i < 0, i ∉ A₋``) is
infeasible, since example ``i`` would need ``−[i∈A₋]⟨w₋,x_i⟩ = y_i > 0`` with ``[i∈A₋]⟨w₋,x_i⟩ ≥ 0``;
such patterns are certified infeasible without a solve (tests confirm the lemma with the solver at n=3).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.solver import solve
from .minnorm import eigen_factor


def enumerate_m1(K: np.ndarray, y: np.ndarray, scale: float, *, feas_tol: float = 1e-12) -> tuple[np.ndarray, float, int]:
    """Best feasible active-set candidate: ``(α, ‖w‖, number of candidates)``; α is unscaled (w = Xᵀα)."""
    Kt = np.asarray(K, dtype=np.float64) / scale
    y = np.asarray(y, dtype=np.float64)
    P = y > 0
    neg = np.flatnonzero(~P)
    best, best_val, count = None, np.inf, 0
    for r in range(len(neg) + 1):
        for S in itertools.combinations(neg, r):
            E = P.copy()
            E[list(S)] = True
            at = np.zeros_like(y)
            if E.any():
                at[E] = np.linalg.solve(Kt[np.ix_(E, E)], np.where(P[E], y[E], 0.0))
            beta = Kt @ at
            count += 1
            if np.all(beta[~E] <= feas_tol):
                val = float(at @ beta)
                if val < best_val:
                    best, best_val = at, val
    return best / scale, float(np.sqrt(best_val / scale)), count


@dataclass
class PatternEnumeration:
    """Result of the 4ⁿ-pattern enumeration for the m=2 min-norm interpolator."""

    best_norm: float  # min over feasible patterns of ‖(w₊, w₋)‖
    best_pattern: tuple  # (A₊, A₋) as tuples of 0/1
    patterns_total: int
    infeasible_by_lemma: int
    solved: int
    infeasible_by_solver: int
    inaccurate: int


def _pattern_problem(Kt: np.ndarray, y: np.ndarray):
    import cvxpy as cp  # here, not at the top: a check that solves no QP never loads cvxpy
    n = y.shape[0]
    R = eigen_factor(Kt)
    ap, am = cp.Variable(n), cp.Variable(n)
    mp, mm = cp.Parameter(n), cp.Parameter(n)  # masks A₊, A₋ ∈ {0,1}ⁿ
    sp_, sm = cp.Parameter(n), cp.Parameter(n)  # signs 2A − 1
    bp, bm = Kt @ ap, Kt @ am
    cons = [cp.multiply(sp_, bp) >= 0, cp.multiply(sm, bm) >= 0,
            cp.multiply(mp, bp) - cp.multiply(mm, bm) == y]
    prob = cp.Problem(cp.Minimize(cp.sum_squares(R.T @ ap) + cp.sum_squares(R.T @ am)), cons)
    return prob, (ap, am), (mp, mm, sp_, sm)


def enumerate_m2(K: np.ndarray, y: np.ndarray, scale: float, *, lemma: bool = True) -> PatternEnumeration:
    """Global min-norm m=2 interpolator over all 4ⁿ activation patterns (``lemma=False`` solves all)."""
    import cvxpy as cp  # here, not at the top: a check that solves no QP never loads cvxpy
    Kt = np.asarray(K, dtype=np.float64) / scale
    y = np.asarray(y, dtype=np.float64)
    n = y.shape[0]
    prob, (ap, am), (mp, mm, sp_, sm) = _pattern_problem(Kt, y)
    best, best_pat = np.inf, None
    by_lemma = solved = by_solver = inaccurate = 0
    for bits in itertools.product((0, 1), repeat=2 * n):
        A_p, A_m = np.array(bits[:n], float), np.array(bits[n:], float)
        if lemma and (np.any((y > 0) & (A_p == 0)) or np.any((y < 0) & (A_m == 0))):
            by_lemma += 1
            continue
        mp.value, mm.value, sp_.value, sm.value = A_p, A_m, 2 * A_p - 1, 2 * A_m - 1
        info = solve(prob, allow_infeasible=True)
        solved += 1
        if info.status != cp.OPTIMAL:
            if info.status == cp.OPTIMAL_INACCURATE:
                inaccurate += 1
            else:
                by_solver += 1
            continue
        val = float(prob.value)
        if val < best:
            best, best_pat = val, (tuple(bits[:n]), tuple(bits[n:]))
    return PatternEnumeration(best_norm=float(np.sqrt(best / scale)), best_pattern=best_pat,
                              patterns_total=4 ** n, infeasible_by_lemma=by_lemma, solved=solved,
                              infeasible_by_solver=by_solver, inaccurate=inaccurate)
