"""Exact references of Ji & Telgarsky (2019): the maximal separable subset, v̄ and ū (docs/claims-ext.md §2).

1. **LP** (HiGHS, ``scipy.optimize.linprog``): ``max Σ s_i`` s.t. ``Zu ≥ s``, ``0 ≤ s ≤ 1``. The feasible
   ``u`` form a cone, so one LP gives the maximal separable set ``I = {s_i = 1}`` (at an optimum ``s_i ∈ {0,1}``:
   a fractional ``s_i > 0`` would make ``i`` separable). Re-verified: ``Zu ≥ s`` with the rounded ``s``, and
   **maximality certified** by Stiemke's lemma — a second LP finds ``α ≥ 1`` with ``Σ_{i∉I} α_i z_i = 0`` (no
   ``u`` is ≥ 0 on ``I^c`` and > 0 somewhere on it).
2. ``S = span{x_i : i ∉ I}``; ``v̄ = argmin_{v∈S} Σ_{i∉I} ℓ(z_iᵀv)`` (logistic): cvxpy/Clarabel in an orthonormal
   basis of ``S`` (strictly convex there), status checked, then Newton-polished to a gradient ≤ 1e-12 and
   re-verified in our own code.
3. ``ū`` = hard-margin SVM (``theory.svm``) of ``{P_{S⊥} z_i}_{i∈I}``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog
from scipy.special import expit

from ibcheck.theory.span import row_space
from ibcheck.theory.solver import SolverError, solve
from ibcheck.theory.svm import SVM, hard_margin_svm

LP_TOL = 1e-9  # re-verified LP feasibility (HiGHS works to ~1e-9 primal feasibility)
GRAD_TOL = 1e-12  # Newton-polished v̄: ‖∇‖ relative to Σ‖z_i‖


@dataclass
class SeparableSubset:
    I: np.ndarray  # (n,) bool: the maximal separable subset
    u: np.ndarray  # a certificate direction: z_iᵀu ≥ 1 on I, ≥ 0 elsewhere
    lp_status: str
    feasibility: float  # max violation of Zu ≥ s (rounded s)
    stiemke_alpha: np.ndarray | None  # α ≥ 1 on I^c with Σ α_i z_i = 0 (None when I^c = ∅)
    stiemke_residual: float  # ‖Σ_{I^c} α_i z_i‖/Σ α_i‖z_i‖
    certified: bool


def maximal_separable_subset(Z: np.ndarray) -> SeparableSubset:
    """See the module docstring, step 1."""
    Z = np.asarray(Z, dtype=np.float64)
    n, d = Z.shape
    c = np.concatenate([np.zeros(d), -np.ones(n)])
    A = np.hstack([-Z, np.eye(n)])  # −Zu + s ≤ 0
    bounds = [(None, None)] * d + [(0.0, 1.0)] * n
    r = linprog(c, A_ub=A, b_ub=np.zeros(n), bounds=bounds, method="highs")
    if r.status != 0:
        raise SolverError(f"HiGHS LP failed: {r.message}")
    u, s = r.x[:d], r.x[d:]
    I = s > 0.5
    s_round = I.astype(float)
    # rescale u so that Zu ≥ s holds with the rounded s (an optimal s is 0/1 up to the LP tolerance)
    marg = Z @ u
    if I.any():
        u = u / max(marg[I].min(), 1e-300)
        marg = Z @ u
    feas = float(np.clip(s_round - marg, 0, None).max())
    alpha, resid = None, 0.0
    if (~I).any():
        Zc = Z[~I]
        m = Zc.shape[0]
        r2 = linprog(np.ones(m), A_eq=Zc.T, b_eq=np.zeros(d), bounds=[(1.0, None)] * m, method="highs")
        if r2.status == 0:
            alpha = r2.x
            resid = float(np.linalg.norm(Zc.T @ alpha) / (alpha * np.linalg.norm(Zc, axis=1)).sum())
        else:
            resid = math.inf
    certified = bool(r.status == 0 and feas <= LP_TOL and resid <= LP_TOL)
    return SeparableSubset(I=I, u=u, lp_status=str(r.message), feasibility=feas, stiemke_alpha=alpha,
                           stiemke_residual=resid, certified=certified)


@dataclass
class Decomposition:
    subset: SeparableSubset
    basis_S: np.ndarray  # (d, r) orthonormal basis of S = span{x_i: i ∉ I}
    v_bar: np.ndarray  # (d,)
    v_status: str
    v_grad: float  # re-verified ‖∇‖ of the restricted risk at v̄ (relative)
    u_bar: SVM | None  # SVM of the projected separable points (None when I = ∅)
    R_bar: float  # (1/n) Σ_{i∉I} ℓ(z_iᵀv̄)

    @property
    def certified(self) -> bool:
        ok_u = self.u_bar is None or self.u_bar.certified
        return bool(self.subset.certified and self.v_grad <= GRAD_TOL and ok_u)

    def P_S(self, W: np.ndarray) -> np.ndarray:
        """Projection onto S of each row of W (…, d)."""
        B = self.basis_S
        return (W @ B) @ B.T


def logistic(u: np.ndarray) -> np.ndarray:
    """``ℓ(u) = log(1 + e^{−u})``, stable."""
    return np.logaddexp(0.0, -u)


def v_bar(Zc: np.ndarray) -> tuple[np.ndarray, np.ndarray, str, float]:
    """``(v̄, basis, status, relative gradient)`` for the non-separable rows ``Zc`` (module docstring, step 2)."""
    B = row_space(Zc)
    if B.shape[1] == 0:
        return np.zeros(Zc.shape[1]), B, "empty", 0.0
    A = Zc @ B  # margins z_iᵀ(Bc) = (Ac)_i
    import cvxpy as cp  # here, not at the top: separable data (no non-separable rows) never load cvxpy
    c = cp.Variable(B.shape[1])
    prob = cp.Problem(cp.Minimize(cp.sum(cp.logistic(-A @ c))))
    info = solve(prob)
    x = np.asarray(c.value, dtype=float)
    scale = float(np.linalg.norm(A, axis=1).sum())
    for _ in range(100):  # Newton polish (strictly convex on S, smooth)
        m = A @ x
        g = -A.T @ expit(-m)
        if np.linalg.norm(g) <= 1e-15 * scale:
            break
        h = expit(m) * expit(-m)
        H = A.T @ (h[:, None] * A)
        step = np.linalg.solve(H, -g)
        f0, t = logistic(m).sum(), 1.0
        # Armijo backtracking's smallest step (a loop guard, not a tolerance)
        while logistic(A @ (x + t * step)).sum() > f0 + 0.25 * t * (g @ step) and t > 1e-12:
            t *= 0.5
        x = x + t * step
    grad = float(np.linalg.norm(A.T @ expit(-(A @ x))) / scale)
    return B @ x, B, info.status, grad


def decompose(Z: np.ndarray) -> Decomposition:
    """Every reference of the ray for data ``Z`` (rows ``z_i = y_i x_i``)."""
    Z = np.asarray(Z, dtype=np.float64)
    sub = maximal_separable_subset(Z)
    Zc = Z[~sub.I]
    if Zc.shape[0]:
        vb, B, status, grad = v_bar(Zc)
    else:
        vb, B, status, grad = np.zeros(Z.shape[1]), np.zeros((Z.shape[1], 0)), "empty", 0.0
    ub = None
    if sub.I.any():
        ZI = Z[sub.I]
        ub = hard_margin_svm(ZI - (ZI @ B) @ B.T)
    R = float(logistic(Zc @ vb).sum() / Z.shape[0]) if Zc.shape[0] else 0.0
    return Decomposition(subset=sub, basis_S=B, v_bar=vb, v_status=status, v_grad=grad, u_bar=ub, R_bar=R)
