"""Wu, Braverman & Lee's orthogonal limit: the minimiser of a strongly convex potential on the complement of ŵ.

``ŵ`` is the hard-margin SVM (``ibcheck.theory.svm``, certified), ``û = ŵ/‖ŵ‖``, ``P̄ = I − ûûᵀ`` the projection
onto the orthogonal complement of the max-margin direction, ``z̄_i = P̄ z_i`` and ``S`` the support vectors. The
potential [reconstructed: the abstract's "strongly convex potential", written here from the fixed point below]

    G(v) = Σ_{i∈S} exp(−⟨z̄_i, v⟩),     v ∈ V = span{z̄_i : i ∈ S},

is strictly convex on ``V`` (its Hessian ``Σ_S e^{−⟨z̄_i,v⟩} z̄_i z̄_iᵀ`` is positive definite there) and coercive,
because the support duals ``α_S > 0`` give ``Σ_S α_i z̄_i = P̄ŵ = 0``: no ``v ∈ V`` has every ``⟨z̄_i, v⟩ ≥ 0``
unless all vanish. So its minimiser ``v̄`` exists and is unique, and GD's orthogonal component converges to

    P̄ w_t → v̄ + P_{ker Z} w₀          (the part of w₀ outside the data span never moves).

Why this ``G`` [derived]: Soudry et al.'s residual ``w̃`` solves ``η e^{−z_iᵀw̃} = α_i`` on ``S``; split
``w̃ = cû + v`` with ``v ⊥ û``; then ``z_iᵀw̃ = c/‖ŵ‖ + ⟨z̄_i, v⟩`` on ``S`` (``z_iᵀŵ = 1``), so ``e^{−⟨z̄_i,v⟩} ∝ α_i``
and ``∇G(v) = −Σ_S e^{−⟨z̄_i,v⟩} z̄_i ∝ −P̄ Σ_S α_i z_i = −P̄ŵ = 0``. The step size only shifts ``c``: the orthogonal
limit does not depend on η, which is what makes "any constant step size" possible.

Two independent computations, compared: damped Newton on ``G`` in an orthonormal basis of ``V`` (the
reference; its certificate ``‖∇G(v̄)‖`` and ``λ_min(∇²G(v̄))`` on ``V`` is re-verified here), and the closed form
``v̄ = P̄ w̃`` with ``w̃`` the least-squares solution of ``Z_S w = −log α_S`` (the fixed point above).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.span import kernel_projection, row_space
from ibcheck.theory.svm import SVM

GRAD_TOL = 1e-12  # ‖∇G(v̄)‖ ≤ GRAD_TOL·G(v̄)·max_i‖z̄_i‖: Newton's quadratic phase reaches rounding (~1e-15)
AGREE_TOL = 1e-8  # Newton vs the closed form, relative to max(‖v̄‖, 1): both exact up to rounding of log α_S


@dataclass
class OrthogonalLimit:
    """The reference ``v̄`` (in ``R^d``) and its certificate."""

    v_bar: np.ndarray  # argmin_V G (in R^d, ⊥ û)
    kernel_part: np.ndarray  # P_{ker Z} w₀
    u_hat: np.ndarray  # û = ŵ/‖ŵ‖
    G: float  # G(v̄)
    grad_norm: float  # ‖∇G(v̄)‖ (re-evaluated here)
    hess_min: float  # λ_min of ∇²G(v̄) on V (> 0: strictly convex there)
    closed_form_dev: float  # ‖v̄ − P̄w̃‖/max(‖v̄‖, 1)
    dim_V: int
    newton_steps: int
    zbar_max: float = 1.0  # max_{i∈S} ‖z̄_i‖ (the gradient's scale)

    @property
    def certified(self) -> bool:
        scale = max(self.G, 1e-300)
        return bool(self.grad_norm <= GRAD_TOL * scale * max(1.0, self.zbar_max) and self.hess_min > 0
                    and self.closed_form_dev <= AGREE_TOL)

    @property
    def limit(self) -> np.ndarray:
        """``v̄ + P_{ker Z} w₀``: the limit of ``P̄ w_t``."""
        return self.v_bar + self.kernel_part


def potential(Zbar_S: np.ndarray, v: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """``G(v)``, ``∇G(v)``, ``∇²G(v)`` (in R^d) for the rows ``z̄_i`` of ``Zbar_S``."""
    e = np.exp(-(Zbar_S @ v))
    return float(e.sum()), -(Zbar_S.T @ e), Zbar_S.T @ (e[:, None] * Zbar_S)


def orthogonal_limit(Z: np.ndarray, svm: SVM, w0: np.ndarray | None = None, *, max_iter: int = 200) -> OrthogonalLimit:
    """``v̄ = argmin_V G`` by damped Newton (Armijo backtracking) in a basis of ``V``; see the module docstring."""
    Z = np.asarray(Z, dtype=np.float64)
    d = Z.shape[1]
    w0 = np.zeros(d) if w0 is None else np.asarray(w0, dtype=np.float64)
    u = svm.w / np.linalg.norm(svm.w)
    P = np.eye(d) - np.outer(u, u)
    S = svm.support
    Zb = Z[S] @ P  # rows z̄_i = P̄ z_i (P̄ symmetric)
    B = row_space(Zb)  # orthonormal basis of V
    A = Zb @ B  # ⟨z̄_i, Bc⟩ = (Ac)_i
    c = np.zeros(B.shape[1])  # V = {0} (every support vector along û: rank Z_S = 1): v̄ = 0, nothing to solve

    def f(c):
        return float(np.exp(-(A @ c)).sum())

    it = 0
    for it in range(max_iter):
        e = np.exp(-(A @ c))
        g = -(A.T @ e)
        if not A.size or np.linalg.norm(g) <= 1e-14 * max(e.sum(), 1e-300) * max(1.0, np.abs(A).max()):
            break
        H = A.T @ (e[:, None] * A)
        step = np.linalg.solve(H, -g)
        t, f0 = 1.0, f(c)
        # tolerance: line-search floor: a step below 1e-12 makes no progress (a guard, not an accuracy)
        while f(c + t * step) > f0 + 0.25 * t * (g @ step) and t > 1e-12:
            t *= 0.5
        c = c + t * step
    v = B @ c
    Gv, gv, Hv = potential(Zb, v)
    hmin = float(np.linalg.eigvalsh(B.T @ Hv @ B).min()) if B.shape[1] else math.inf
    # the closed form: w̃ = lstsq(Z_S, −log α_S) (min-norm, in range Z_Sᵀ), projected by P̄
    wt = np.linalg.lstsq(Z[S], -np.log(svm.alpha[S]), rcond=None)[0]
    cf = P @ wt
    dev = float(np.linalg.norm(v - cf) / max(np.linalg.norm(v), 1.0))
    zmax = float(np.linalg.norm(Zb, axis=1).max()) if Zb.size else 1.0
    return OrthogonalLimit(v_bar=v, kernel_part=kernel_projection(Z, w0), u_hat=u, G=Gv,
                           grad_norm=float(np.linalg.norm(gv)), hess_min=hmin, closed_form_dev=dev,
                           dim_V=int(B.shape[1]), newton_steps=it, zbar_max=zmax)
