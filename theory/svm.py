"""The hard-margin linear SVM through the origin, ``ŵ = argmin ½‖w‖² s.t. Zw ≥ 𝟙`` (``z_n = y_n x_n``).

First by NNLS (Lawson–Hanson's least-distance programming): with a factor ``K/s = RᵀR`` (``Zᵀ/√s`` when d ≤ n,
else Cholesky; an eigen-factor when K is singular), ``u = argmin_{u≥0} ‖[R; 𝟙ᵀ]u − e_{n+1}‖`` gives the dual ``α = u/(s(1 − 𝟙ᵀu))``
(``1 − 𝟙ᵀu = 0``: no separator); a few n×n products instead of an interior-point solve. When that answer fails
the re-verification below, the program is posed in the span with n variables (``w = Zᵀc``, objective ``½cᵀKc``
through a factor of ``K = ZZᵀ``) and solved by Clarabel (``theory.solver.solve``: status checked, infeasible =
not separable), and re-verified the same way; so it is when an active constraint has a zero NNLS multiplier
(degenerate or duplicated support vectors: the multipliers are not unique, and the interior point's
relative-interior answer, every active constraint in S, is the one the residual theory reads). The constraint duals
``α ≥ 0`` give ``ŵ = Zᵀα``. The support set ``S = {α_n > 10⁻⁷ max α}`` is then **polished**: ``K_SS α_S = 𝟙``
by an exact least-squares solve (min-norm when ``K_SS`` is singular; NNLS when that is not ≥ 0), and
re-verified in our own code: ``min_n z_nᵀŵ ≥ 1 − 10⁻⁹``, ``‖ŵ − Zᵀα‖ ≤ 10⁻⁸‖ŵ‖``, ``α ≥ 0``, and agreement
with the solver's (NNLS or interior-point) ``ŵ``. (The spec's threshold ``α_n > 10⁻⁷`` is taken relative to ``max α`` so that
``S`` does not change when the data are rescaled, ``x → cx`` scales ``α`` by ``c⁻²``.)

``svm_by_enumeration`` is the independent cross-check for small ``n``: every candidate support set, solved
exactly, kept when primal and dual feasible; the optimum is unique.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
from scipy.optimize import nnls

from .solver import solve

SUPPORT_RTOL = 1e-7  # α_n > 1e-7·max α  (docs/claims-ext.md §1)
FEAS_TOL = 1e-9  # min_n z_nᵀŵ ≥ 1 − 1e-9 (docs/claims-ext.md §1)
REPR_TOL = 1e-8  # ‖ŵ − Zᵀα‖ ≤ 1e-8‖ŵ‖ (docs/claims-ext.md §1)
AGREE_TOL = 1e-6  # polished vs interior-point ŵ, relative (interior point at 1e-10 gap: ~1e-9 expected)


@dataclass
class SVM:
    """A certified hard-margin SVM (or the statement that the data are not separable)."""

    separable: bool
    w: np.ndarray | None  # ŵ (d,)
    alpha: np.ndarray | None  # (n,) dual variables, ≥ 0
    support: np.ndarray | None  # (n,) bool
    status: str  # solver status
    polished: bool  # the exact solve on S passed every re-verification
    min_margin: float  # min_n z_nᵀŵ (≥ 1 − 1e-9)
    repr_residual: float  # ‖ŵ − Zᵀα‖/‖ŵ‖
    agreement: float  # ‖ŵ_polished − ŵ_solver‖/‖ŵ‖
    theta: float  # min_{n∉S} z_nᵀŵ (> 1; inf when every point is a support vector)

    @property
    def norm(self) -> float:
        return float(np.linalg.norm(self.w)) if self.w is not None else math.nan

    @property
    def margin(self) -> float:
        """The max normalised margin ``1/‖ŵ‖``."""
        return 1.0 / self.norm if self.w is not None else 0.0

    @property
    def certified(self) -> bool:
        return bool(self.separable and self.polished and self.min_margin >= 1 - FEAS_TOL
                    and self.repr_residual <= REPR_TOL and self.agreement <= AGREE_TOL)

    @property
    def n_support(self) -> int:
        return int(self.support.sum()) if self.support is not None else 0


def _factor(K: np.ndarray) -> np.ndarray:
    ev, U = np.linalg.eigh(K)
    return U * np.sqrt(np.clip(ev, 0, None))


def _polish(Z: np.ndarray, S: np.ndarray) -> np.ndarray | None:
    """``α_S`` with ``K_SS α_S = 𝟙``: min-norm least squares, or NNLS when that has a negative entry."""
    ZS = Z[S]
    KSS = ZS @ ZS.T
    one = np.ones(int(S.sum()))
    a = np.linalg.lstsq(KSS, one, rcond=None)[0]
    if a.min() <= 0:
        a = nnls(KSS, one, maxiter=100 * len(one))[0]
    # the polished support set must solve K_SS a = 𝟙 to rounding (cond(K_SS) ≤ 1e3 ⇒ ≤ 1e-12); else fall back
    if np.abs(KSS @ a - one).max() > 1e-10 or a.min() < 0:
        return None
    return a


def _nnls_dual(Zt: np.ndarray, Kt: np.ndarray) -> np.ndarray | None:
    """``α̃ ≥ 0`` of ``min ½‖w‖² s.t. Z̃w ≥ 𝟙`` (``Z̃ = Zt``, ``Z̃Z̃ᵀ = Kt``) by least-distance programming, or
    None. The factor: ``Z̃ᵀ`` itself when d ≤ n, else Cholesky of Kt (an eigen-factor when that fails)."""
    n, d = Zt.shape
    if d <= n:
        R = Zt.T
    else:
        try:
            R = np.linalg.cholesky(Kt).T
        except np.linalg.LinAlgError:
            R = _factor(Kt).T
    E = np.vstack([R, np.ones((1, n))])
    f = np.zeros(E.shape[0])
    f[-1] = 1.0
    try:
        u = nnls(E, f, maxiter=50 * n)[0]
    except RuntimeError:  # iteration limit
        return None
    den = 1.0 - float(u.sum())
    return u / den if den > 1e-12 else None  # den = 0: the origin is in the hull of the z_n (or no answer)


def _certify(Z: np.ndarray, alpha_s: np.ndarray, w_s: np.ndarray, status: str) -> SVM:
    """Support set, polish and the re-verified record of a solver's ``(α, ŵ)``."""
    n = Z.shape[0]
    S = alpha_s > SUPPORT_RTOL * max(alpha_s.max(), 1e-300)
    alpha = np.zeros(n)
    polished = False
    aS = _polish(Z, S) if S.any() else None
    if aS is not None:
        alpha[S] = aS
        w = Z.T @ alpha
        polished = True
    else:  # keep the solver's solution; the re-verification below decides whether it is usable
        alpha, w = alpha_s, w_s
    nw = float(np.linalg.norm(w))
    marg = Z @ w
    theta = float(marg[~S].min()) if (~S).any() else math.inf
    return SVM(separable=True, w=w, alpha=alpha, support=S, status=status, polished=polished,
               min_margin=float(marg.min()), repr_residual=float(np.linalg.norm(w - Z.T @ alpha) / nw),
               agreement=float(np.linalg.norm(w - w_s) / nw), theta=theta)


def hard_margin_svm(Z: np.ndarray, method: str = "auto") -> SVM:
    """See the module docstring. ``Z`` is (n, d) with rows ``z_n = y_n x_n``. ``method``: ``auto`` (NNLS, the
    interior point when its answer is not certified), ``nnls`` (NNLS only: ``status='nnls failed'`` when not
    certified) or ``clarabel`` (the interior point only)."""
    Z = np.asarray(Z, dtype=np.float64)
    n, d = Z.shape
    K = Z @ Z.T
    s = float(np.mean(np.diag(K)))
    Kt = K / s
    if method in ("auto", "nnls"):
        a = _nnls_dual(Z / math.sqrt(s), Kt)
        if a is not None:
            out = _certify(Z, a / s, Z.T @ (a / s), "optimal (nnls)")
            # an active constraint without a positive dual (duplicated or degenerate support vectors): the
            # multipliers are not unique and NNLS returns a vertex; the interior point's relative-interior
            # answer (every active constraint in S) is what the residual theory reads
            degenerate = bool(out.w is not None and ((Z @ out.w <= 1 + FEAS_TOL) & ~out.support).any())
            if (out.certified and not degenerate) or method == "nnls":
                return out
        elif method == "nnls":
            return SVM(False, None, None, None, "nnls failed", False, math.nan, math.nan, math.nan, math.nan)
    import cvxpy as cp  # here, not at the top: a certified NNLS answer (the usual case) never loads cvxpy
    c = cp.Variable(n)
    cons = [Kt @ c >= 1]
    prob = cp.Problem(cp.Minimize(0.5 * cp.sum_squares(_factor(Kt).T @ c)), cons)
    info = solve(prob, allow_infeasible=True)
    if info.status not in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
        return SVM(False, None, None, None, info.status, False, math.nan, math.nan, math.nan, math.nan)
    # primal w = Zᵀc/s (objective scaled by s: duals of Kt c ≥ 1 are s·α)
    w_ip = Z.T @ (np.asarray(c.value) / s)
    alpha_ip = np.clip(np.asarray(cons[0].dual_value, dtype=float), 0, None) / s
    return _certify(Z, alpha_ip, w_ip, info.status)


def svm_by_enumeration(Z: np.ndarray, max_n: int = 14) -> tuple[np.ndarray, np.ndarray]:
    """Independent reference for small ``n``: the KKT point over all support sets (returns ``ŵ``, ``S``).

    For each candidate ``S`` with ``K_SS`` nonsingular: ``α_S = K_SS⁻¹𝟙``; it is the optimum iff ``α_S > 0``
    and ``Zŵ ≥ 𝟙`` (KKT of a strictly convex program: that point is unique).
    """
    Z = np.asarray(Z, dtype=np.float64)
    n = Z.shape[0]
    if n > max_n:
        raise ValueError(f"enumeration over 2^{n} support sets exceeds the budget (n ≤ {max_n})")
    r = np.linalg.matrix_rank(Z)
    best = None
    for k in range(1, r + 1):
        for S in itertools.combinations(range(n), k):
            ZS = Z[list(S)]
            KSS = ZS @ ZS.T
            if np.linalg.matrix_rank(KSS) < k:
                continue
            a = np.linalg.solve(KSS, np.ones(k))
            if a.min() <= 0:
                continue
            w = ZS.T @ a
            if (Z @ w).min() >= 1 - 1e-12 and (best is None or w @ w < best[0] @ best[0]):
                mask = np.zeros(n, dtype=bool)
                mask[list(S)] = True
                best = (w, mask)
    if best is None:
        raise ValueError("no support set is primal and dual feasible: the data are not separable")
    return best
