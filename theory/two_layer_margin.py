"""Exact references for Problem (1): ``min ½‖W‖_F² s.t. y_i f(x_i;W) ≥ 1`` and the linear SVM.

Within a fixed activation pattern ``S`` (``S_ji ∈ {1, γ}`` the slope of neuron j on example i, with the
matching sign constraint on ``⟨w_j,x_i⟩``), ``f(x_i;W) = Σ_j a_j S_ji ⟨w_j,x_i⟩`` is linear in ``W`` and
Problem (1) is a convex QP; the union over patterns is Problem (1) itself. Every optimum lies in the
data span (projecting rows onto it keeps all ``⟨w_j,x_i⟩`` and shrinks ``‖W‖``): ``W = BX``, ``Z = BK``.

The *label-aligned* pattern (Theorem 3.2's structure): a positive neuron has slope 1 on ``y_i = +1``
and γ on ``y_i = −1``; a negative neuron the reverse. Its closed-form KKT point: ``W = Σ_i λ_i y_i ∇_W f_i``
with all constraints tight gives ``Mλ = 𝟙``, ``M_ki = y_i y_k K_ik Σ_j a_j² S_ji S_jk``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.label_aligned import KKTPoint, aligned_slopes, closed_form_kkt, second_layer  # noqa: F401  (Problem (1)'s API)
from ibcheck.theory.solver import OPTIMAL, OPTIMAL_INACCURATE, SolveInfo, solve


@dataclass
class QPSolution:
    B: np.ndarray | None
    norm: float
    info: SolveInfo
    feasibility: float  # re-verified: worst constraint violation (margins and signs)


def _factor(K):
    ev, U = np.linalg.eigh(K)
    return U * np.sqrt(np.clip(ev, 0, None))


def qp_pattern(K: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float, S: np.ndarray, *,
               symmetric: bool = False) -> QPSolution:
    """Problem (1) within pattern ``S`` (m × n), scaled by ``s = mean K_ii``.

    ``symmetric=True`` (label-aligned pattern only) uses one vector per neuron sign: by convexity and
    the permutation symmetry of the neurons of one sign, the optimum has equal neurons (2n variables).
    """
    import cvxpy as cp  # here, not at the top: a check that solves no program never loads cvxpy
    s = float(np.mean(np.diag(K)))
    Kt = K / s
    R = _factor(Kt)
    a = second_layer(m1, m2)
    m, n = S.shape
    if symmetric:
        Vp, Vm = cp.Variable(n), cp.Variable(n)
        Zp, Zm = Kt @ Vp, Kt @ Vm
        Sp, Sm = S[0], S[-1]
        f = (m1 * cp.multiply(Sp, Zp) - m2 * cp.multiply(Sm, Zm)) / np.sqrt(m)
        obj = m1 * cp.sum_squares(R.T @ Vp) + m2 * cp.sum_squares(R.T @ Vm)
        cons = [cp.multiply(y, f) >= 1]
        if gamma < 1:
            cons += [cp.multiply(np.where(Sp == 1, 1.0, -1.0), Zp) >= 0,
                     cp.multiply(np.where(Sm == 1, 1.0, -1.0), Zm) >= 0]
    else:
        Bv = cp.Variable((m, n))
        Z = Bv @ Kt
        f = cp.sum(cp.multiply(a[:, None] * S, Z), axis=0)
        obj = cp.sum_squares(Bv @ R)
        cons = [cp.multiply(y, f) >= 1]
        if gamma < 1:
            cons.append(cp.multiply(np.where(S == 1, 1.0, -1.0), Z) >= 0)
    prob = cp.Problem(cp.Minimize(0.5 * obj), cons)
    info = solve(prob, allow_infeasible=True)
    if info.status not in (OPTIMAL, OPTIMAL_INACCURATE):
        return QPSolution(B=None, norm=np.inf, info=info, feasibility=np.inf)
    if symmetric:
        B = np.vstack([np.tile(Vp.value, (m1, 1)), np.tile(Vm.value, (m2, 1))]) / s
    else:
        B = np.asarray(Bv.value) / s
    return QPSolution(B=B, norm=float(np.sqrt(max(np.einsum("ji,ik,jk->", B, K, B), 0.0))), info=info,
                      feasibility=pattern_violation(K, y, a, S, B, gamma))


def pattern_violation(K, y, a, S, B, gamma) -> float:
    """Worst violation of ``y_i f_i ≥ 1`` and of the pattern's signs (relative to max |Z|)."""
    Z = B @ K
    q = y * (a[:, None] * S * Z).sum(0)
    sign = 0.0
    if gamma < 1:
        sign = float(np.where(S == 1, np.clip(-Z, 0, None), np.clip(Z, 0, None)).max() / max(np.abs(Z).max(), 1e-300))
    return max(float(np.clip(1 - q, 0, None).max()), sign)


def qp_aligned(K, y, m1, m2, gamma) -> QPSolution:
    """Problem (1) on the label-aligned pattern (symmetric reduction, 2n variables)."""
    return qp_pattern(K, y, m1, m2, gamma, aligned_slopes(y, m1, m2, gamma), symmetric=True)


def global_over_patterns(K, y, m1, m2, gamma, max_patterns: int = 2 ** 16) -> tuple[float, np.ndarray, int, int]:
    """Global optimum of Problem (1) by enumerating all ``2^{mn}`` patterns: ``(‖W*‖, S*, solved, inaccurate)``."""
    m, n = m1 + m2, len(y)
    if 2 ** (m * n) > max_patterns:
        raise ValueError(f"2^{m * n} patterns exceed the enumeration budget {max_patterns}")
    best, best_S, solved, inacc = np.inf, None, 0, 0
    for bits in itertools.product((1.0, gamma), repeat=m * n):
        S = np.array(bits).reshape(m, n)
        sol = qp_pattern(K, y, m1, m2, gamma, S)
        solved += 1
        if sol.info.status == OPTIMAL_INACCURATE:
            inacc += 1
        if sol.B is not None and sol.norm < best:
            best, best_S = sol.norm, S
    return best, best_S, solved, inacc


@dataclass
class SVMSolution:
    """Hard-margin SVM through the origin, ``u* = Xᵀc``: the solver's answer polished on its support set."""

    margin: float  # max_{‖u‖=1} min_i y_i⟨u,x_i⟩ = 1/‖u*‖ (0 when infeasible)
    c: np.ndarray
    info: SolveInfo
    separable: bool
    verified: bool  # re-verified in our code: margins ≥ 1 − 1e-9 and dual weights ≥ 0 on the support set
    support: np.ndarray | None = None


def svm_margin(K: np.ndarray, y: np.ndarray) -> SVMSolution:
    """Hard-margin linear SVM through the origin: ``max_{‖u‖=1} min_i y_i⟨u,x_i⟩ = 1/‖u*‖``.

    ``u* = argmin ½‖u‖² s.t. y_i⟨u,x_i⟩ ≥ 1``, posed in the span (``u = Xᵀc``). The interior-point answer is
    polished on its support set ``S`` (exact: ``c = y∘α`` with ``(D_yKD_y)_SS α_S = 𝟙``) and re-verified
    (``α_S ≥ 0``, all margins ≥ 1 − 1e-9); an ``optimal_inaccurate`` status is accepted only when that holds.
    """
    import cvxpy as cp  # here, not at the top: a check that solves no program never loads cvxpy
    s = float(np.mean(np.diag(K)))
    Kt = K / s
    c = cp.Variable(len(y))
    prob = cp.Problem(cp.Minimize(0.5 * cp.sum_squares(_factor(Kt).T @ c)), [cp.multiply(y, Kt @ c) >= 1])
    info = solve(prob, allow_infeasible=True)
    if info.status not in (OPTIMAL, OPTIMAL_INACCURATE):
        return SVMSolution(0.0, np.zeros(len(y)), info, separable=False, verified=False)
    cv = np.asarray(c.value) / s
    M = np.outer(y, y) * K
    S = (y * (K @ cv)) <= 1 + 1e-6
    verified = False
    try:
        al = np.zeros(len(y))
        al[S] = np.linalg.solve(M[np.ix_(S, S)], np.ones(int(S.sum())))
        cand = y * al
        if al.min() >= 0 and (y * (K @ cand)).min() >= 1 - 1e-9:
            cv, verified = cand, True
    except np.linalg.LinAlgError:
        pass
    return SVMSolution(float(1.0 / np.sqrt(cv @ K @ cv)), cv, info, separable=True, verified=verified, support=S)


def multiplier_ratio_bound(K: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float) -> float:
    """A lower bound on ``λ_min/λ_max`` of the label-aligned KKT point (Gershgorin on ``Mλ = 𝟙``).

    ``M = D + E`` (diagonal, off-diagonal), ``u = D⁻¹𝟙``, ``ρ = max_i Σ_k|E_ik|/M_ii``. If ``ρ < 1``,
    ``‖λ − u‖_∞ ≤ ρ‖λ‖_∞ ≤ ρ u_max/(1−ρ)``, so ``λ_min/λ_max ≥ ((1−ρ)u_min − ρu_max)/u_max``; returns 0 when
    that is not positive (no bound).
    """
    a = second_layer(m1, m2)
    S = aligned_slopes(y, m1, m2, gamma)
    M = np.outer(y, y) * K * ((a[:, None] ** 2 * S).T @ S)
    dg = np.diag(M)
    rho = float((np.abs(M - np.diag(dg)).sum(1) / dg).max())
    if rho >= 1:
        return 0.0
    u = 1.0 / dg
    return max(0.0, ((1 - rho) * u.min() - rho * u.max()) / u.max())
