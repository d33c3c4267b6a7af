"""The exact limit of the diagonal-network flow: ``w_α = argmin_{Xw=y} Q_α(w)`` through its dual.

``Q_α(w) = Σ_i α² q(w_i/α²)``, ``q(z) = 2 − √(4+z²) + z·arcsinh(z/2)`` [standard knowledge]; ``q'(z) =
arcsinh(z/2)``, so the KKT point is ``w = 2α² sinh(Xᵀν*)`` with ``ν* = argmin_ν Φ(ν)``,
``Φ(ν) = Σ_i 2α² cosh((Xᵀν)_i) − yᵀν`` [derived]: smooth, strictly convex in n variables when X has full
row rank. Solved by damped Newton (Armijo line search on ``Φ − 2α²d = Σ 4α² sinh²(z/2) − yᵀν``, which has
no cancellation at large α), then its KKT residuals are re-verified here; small cases are cross-checked
against cvxpy's exponential cone (Clarabel, status checked).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.solver import SolveInfo, solve


def link(z: np.ndarray, alpha: float) -> np.ndarray:
    """``2α² sinh(z) = sign(z)·e^{|z|+2log α}·(1 − e^{−2|z|})``: accurate for small |z| (expm1, large α) and free
    of overflow of α²e^{|z|} for tiny α."""
    a = np.abs(z)
    with np.errstate(over="ignore"):
        return np.sign(z) * np.exp(a + 2.0 * math.log(alpha)) * -np.expm1(-2.0 * a)


def link_deriv(z: np.ndarray, alpha: float) -> np.ndarray:
    """``2α² cosh(z) = e^{|z|+2log α}·(1 + e^{−2|z|})``."""
    a = np.abs(z)
    with np.errstate(over="ignore"):
        return np.exp(a + 2.0 * math.log(alpha)) * (1.0 + np.exp(-2.0 * a))


def q_alpha(w: np.ndarray, alpha: float) -> float:
    """``Q_α(w) = Σ α² q(w/α²)`` with ``q(z) = z·arcsinh(z/2) − z²/(2 + √(4+z²))`` (cancellation-free)."""
    z = np.asarray(w, dtype=float) / alpha ** 2
    return float(alpha ** 2 * np.sum(z * np.arcsinh(z / 2) - z ** 2 / (2 + np.sqrt(4 + z ** 2))))


def _phi(X, y, nu, alpha) -> float:
    z = X.T @ nu
    with np.errstate(over="ignore"):
        return float(np.sum(4 * alpha ** 2 * np.sinh(z / 2) ** 2) - y @ nu)


@dataclass
class DualSolution:
    nu: np.ndarray  # ν* (n,)
    w: np.ndarray  # w_α = 2α² sinh(Xᵀν*) (d,)
    iterations: int
    converged: bool
    residual: float  # re-verified ‖Xw − y‖/‖y‖ (primal feasibility; stationarity holds by construction)
    stationarity: float  # re-verified max_i |arcsinh(w_i/(2α²)) − (Xᵀν)_i| / max(1, |Xᵀν|_∞)


def kkt_residuals(X: np.ndarray, y: np.ndarray, nu: np.ndarray, w: np.ndarray, alpha: float) -> tuple[float, float]:
    """``(‖Xw − y‖/‖y‖, stationarity of Q_α at w against Xᵀν)``, computed from scratch.

    Not the max-margin KKT residual (``theory.kkt_residual``): the program is the interpolation ``min Q_α(w)
    s.t. Xw = y`` — equality constraints with free multipliers ν, no margins to rescale, no complementarity."""
    z = X.T @ nu
    res = float(np.linalg.norm(X @ w - y) / max(np.linalg.norm(y), 1e-300))
    stat = float(np.max(np.abs(np.arcsinh(w / (2 * alpha ** 2)) - z)) / max(1.0, float(np.abs(z).max())))
    return res, stat


def dual_newton(X: np.ndarray, y: np.ndarray, alpha: float, *, tol: float = 1e-13, max_iter: int = 500
                ) -> DualSolution:
    """Damped Newton on ``Φ``: ``H = X diag(2α² cosh z) Xᵀ``, ``∇Φ = X·2α² sinh(z) − y``, Armijo backtracking.

    Near the optimum ``Φ`` decreases below its rounding error; then a full Newton step is accepted when it
    reduces ``‖∇Φ‖`` (the usual safeguard). Stops at ``‖∇Φ‖ ≤ tol‖y‖``.
    """
    n = X.shape[0]
    ny = max(float(np.linalg.norm(y)), 1e-300)
    nu = np.zeros(n)
    it, converged = 0, False
    for it in range(max_iter):
        z = X.T @ nu
        w = link(z, alpha)
        g = X @ w - y
        gn = float(np.linalg.norm(g))
        if gn <= tol * ny:
            converged = True
            break
        H = (X * link_deriv(z, alpha)) @ X.T
        try:
            step = np.linalg.solve(H, -g)
        except np.linalg.LinAlgError:
            break
        dec = float(-g @ step)
        f0, s = _phi(X, y, nu, alpha), 1.0
        # backtracking's smallest step (a loop guard, not a tolerance)
        while s > 1e-30:
            trial = nu + s * step
            f1 = _phi(X, y, trial, alpha)
            if math.isfinite(f1) and f1 <= f0 - 0.25 * s * dec:
                break
            if s == 1.0 and math.isfinite(f1) and abs(f1 - f0) <= 1e-12 * max(abs(f0), 1.0):
                gt = float(np.linalg.norm(X @ link(X.T @ trial, alpha) - y))
                if gt < gn:  # rounding-limited decrease: accept the step that shrinks the gradient
                    break
            s *= 0.5
        nu = nu + s * step
    z = X.T @ nu
    w = link(z, alpha)
    res, stat = kkt_residuals(X, y, nu, w, alpha)
    return DualSolution(nu=nu, w=w, iterations=it, converged=converged and res <= 10 * tol, residual=res,
                        stationarity=stat)


@dataclass
class ConeSolution:
    w: np.ndarray | None
    nu: np.ndarray | None
    info: SolveInfo
    residual: float


def dual_cvxpy(X: np.ndarray, y: np.ndarray, alpha: float) -> ConeSolution:
    """The same dual as an exponential-cone program (cvxpy + Clarabel), for cross-checks on small cases.

    ``min Σ exp(z_i + 2log α) + exp(−z_i + 2log α) − yᵀν``, ``z = Xᵀν`` (= ``Φ``); returns ``w = 2α² sinh z``.
    """
    import cvxpy as cp
    nu = cp.Variable(X.shape[0])
    z = X.T @ nu
    la = 2.0 * math.log(alpha)
    prob = cp.Problem(cp.Minimize(cp.sum(cp.exp(z + la) + cp.exp(-z + la)) - y @ nu))
    info = solve(prob)
    nv = np.asarray(nu.value, dtype=float)
    w = link(X.T @ nv, alpha)
    return ConeSolution(w=w, nu=nv, info=info, residual=float(np.linalg.norm(X @ w - y) / np.linalg.norm(y)))
