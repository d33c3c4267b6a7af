"""The Bregman projection ``w_B = argmin_w D_ψ(w, w₀) s.t. Xw = y``, certified: the reference of the mirror-descent
claim (Gunasekar et al. 2018 §2: mirror descent on an underdetermined least-squares problem, when it converges to
an interpolant, converges to this point whatever the step sizes).

``D_ψ(w, w₀) = ψ(w) − ψ(w₀) − ⟨∇ψ(w₀), w − w₀⟩`` for ``ψ`` ∈ {``l2``: ½‖w‖² (a QP; closed form
``w₀ + X⁺(y − Xw₀)``), ``pnorm``: (1/p)Σ|w_j|^p (power cones), ``entropy``: Σ w log w − w on w > 0, whose
divergence is the generalised KL ``Σ w log(w/w₀) − w + w₀`` (cvxpy's ``kl_div``: exponential cones)}.

Solved twice, independently: (1) cvxpy/Clarabel on the primal (``theory.solver``: status checked); (2) Newton on the
n-dimensional optimality system. The KKT conditions of this strictly convex program with affine constraints are
``Xw = y`` and ``∇ψ(w) − ∇ψ(w₀) ∈ range(Xᵀ)``, i.e. ``w = (∇ψ)⁻¹(∇ψ(w₀) − Xᵀν)`` for some ν — the same affine set
mirror descent's dual iterate never leaves. Newton solves ``F(ν) = X(∇ψ)⁻¹(θ₀ − Xᵀν) − y = 0`` (Jacobian
``−X diag((∇ψ)⁻¹'(θ)) Xᵀ``, damped on the residual) from the cvxpy answer. Then every condition is re-verified here
from w alone: primal feasibility ``‖Xw − y‖/‖y‖``, stationarity ``‖P_{ker X}(∇ψ(w) − ∇ψ(w₀))‖/‖∇ψ(w) − ∇ψ(w₀)‖``
(the component outside range(Xᵀ)), positivity (entropy), the duality gap ``D_ψ(w, w₀) − g(ν)`` with the dual
function ``g(ν) = D_ψ(w(ν), w₀) + νᵀ(Xw(ν) − y)``, and the agreement of the two solutions. ``certified`` needs all
of them within the tolerances below; w_B is unique (ψ strictly convex on its domain).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np


FEAS_TOL = 1e-12  # ‖Xw − y‖/‖y‖ after Newton: rounding of an n×d product on O(1) data
STAT_TOL = 1e-10  # component of ∇ψ(w) − ∇ψ(w₀) outside range(Xᵀ), relative: rounding of the maps (cond ≲ 10²)
AGREE_TOL = 1e-5  # Newton vs interior point, relative: Clarabel's 1e-10 gap moves w by ~√gap
GAP_TOL = 1e-10  # duality gap relative to D_ψ(w_B, w₀)


def potential_maps(potential: str, p: float = 3.0):
    """``(∇ψ, (∇ψ)⁻¹)`` of ``l2``, ``pnorm``, ``entropy`` (written here: the paper's theory imports no numerics)."""
    if potential == "l2":
        return (lambda w: np.array(w, dtype=np.float64)), (lambda th: np.array(th, dtype=np.float64))
    if potential == "pnorm":
        r = 1.0 / (p - 1.0)
        return (lambda w: np.sign(w) * np.abs(w) ** (p - 1.0)), (lambda th: np.sign(th) * np.abs(th) ** r)
    if potential == "entropy":
        return np.log, np.exp
    raise ValueError(f"unknown potential {potential!r}")


@dataclass
class Bregman:
    potential: str
    p: float
    w: np.ndarray | None
    nu: np.ndarray | None
    status: str
    divergence: float = math.nan  # D_ψ(w_B, w₀)
    feasibility: float = math.nan
    stationarity: float = math.nan
    agreement: float = math.nan
    gap: float = math.nan
    min_entry: float = math.nan
    info: dict = field(default_factory=dict)

    @property
    def certified(self) -> bool:
        pos = self.potential != "entropy" or self.min_entry > 0
        return bool(self.w is not None and pos and self.feasibility <= FEAS_TOL and self.stationarity <= STAT_TOL
                    and self.agreement <= AGREE_TOL and abs(self.gap) <= GAP_TOL * max(self.divergence, 1e-300))

    def describe(self) -> dict:
        keys = ("potential", "p", "status", "divergence", "feasibility", "stationarity", "agreement", "gap",
                "min_entry")
        return {**{k: getattr(self, k) for k in keys}, "certified": self.certified,
                "w": None if self.w is None else self.w.tolist()}


def psi(w: np.ndarray, potential: str, p: float = 3.0) -> float:
    """ψ(w) (``entropy``: +∞ outside w ≥ 0; 0·log 0 = 0)."""
    w = np.asarray(w, dtype=np.float64)
    if potential == "l2":
        return 0.5 * float(w @ w)
    if potential == "pnorm":
        return float((np.abs(w) ** p).sum() / p)
    if np.any(w < 0):
        return math.inf
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.where(w > 0, w * np.log(np.where(w > 0, w, 1.0)), 0.0).sum() - w.sum())


def divergence(w, w0, potential: str, p: float = 3.0) -> float:
    """``D_ψ(w, w₀)``."""
    grad, _ = potential_maps(potential, p)
    return psi(w, potential, p) - psi(w0, potential, p) - float(grad(np.asarray(w0, float)) @ (np.asarray(w) - w0))


def _inv_prime(theta: np.ndarray, potential: str, p: float) -> np.ndarray:
    """Derivative of ``(∇ψ)⁻¹`` elementwise (ψ separable)."""
    if potential == "l2":
        return np.ones_like(theta)
    if potential == "entropy":
        return np.exp(theta)
    r = 1.0 / (p - 1.0)
    with np.errstate(divide="ignore"):
        return r * np.abs(theta) ** (r - 1.0)


def _cvxpy(X, y, w0, potential, p):
    import cvxpy as cp

    from ibcheck.theory.solver import solve
    n, d = X.shape
    w = cp.Variable(d)
    g0 = potential_maps(potential, p)[0](w0)
    if potential == "l2":
        obj = 0.5 * cp.sum_squares(w - w0)
    elif potential == "pnorm":
        obj = cp.sum(cp.power(cp.abs(w), p)) / p - g0 @ w
    else:
        obj = cp.sum(cp.kl_div(w, w0))  # w log(w/w₀) − w + w₀ = D_ψ for the negative entropy
    info = solve(cp.Problem(cp.Minimize(obj), [X @ w == y]))
    return np.asarray(w.value, dtype=np.float64), info.status


def _newton(X, y, theta0, nu, potential, p, iters: int = 60):
    inv = potential_maps(potential, p)[1]

    def F(v):
        return X @ inv(theta0 - X.T @ v) - y
    for _ in range(iters):
        r = F(nu)
        r0 = float(np.abs(r).max())
        if not math.isfinite(r0) or r0 <= 1e-15 * max(1.0, float(np.abs(y).max())):
            break
        D = _inv_prime(theta0 - X.T @ nu, potential, p)
        J = -(X * D) @ X.T
        if not np.all(np.isfinite(J)):
            break
        try:
            step = np.linalg.solve(J, r)
        except np.linalg.LinAlgError:
            break
        t = 1.0
        # tolerance: backtracking floor: a step below 1e-10 makes no progress (a guard, not an accuracy)
        while t > 1e-10 and not float(np.abs(F(nu - t * step)).max()) < r0:
            t *= 0.5
        # tolerance: backtracking floor: a step below 1e-10 makes no progress (a guard, not an accuracy)
        if t <= 1e-10:
            break
        nu = nu - t * step
    return nu


def bregman_projection(X, y, w0, potential: str, p: float = 3.0) -> Bregman:
    """The certified Bregman projection of ``w0`` onto ``{w: Xw = y}`` (module docstring)."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w0 = np.asarray(w0, dtype=np.float64)
    grad, inv = potential_maps(potential, p)
    theta0 = grad(w0)
    try:
        w_cvx, status = _cvxpy(X, y, w0, potential, p)
    except Exception as exc:  # noqa: BLE001  (a solver failure is a status, never a wrong answer)
        return Bregman(potential, p, None, None, f"solver failed: {exc}")
    if not np.all(np.isfinite(w_cvx)):
        return Bregman(potential, p, None, None, status)
    nu0 = np.linalg.lstsq(X.T, theta0 - grad(np.clip(w_cvx, 1e-300, None) if potential == "entropy" else w_cvx),
                          rcond=None)[0]
    nu = _newton(X, y, theta0, nu0, potential, p)
    w = inv(theta0 - X.T @ nu)
    return certify(X, y, w0, w, nu, potential, p, status, w_cvx)


def certify(X, y, w0, w, nu, potential, p, status, w_other) -> Bregman:
    """Every KKT condition of ``w`` (with multiplier ``nu``) re-verified; ``w_other``: the independent solution."""
    grad, inv = potential_maps(potential, p)
    out = Bregman(potential, p, w, nu, status, min_entry=float(w.min()))
    out.feasibility = float(np.linalg.norm(X @ w - y) / np.linalg.norm(y))
    with np.errstate(divide="ignore", invalid="ignore"):
        g = grad(w) - grad(w0)
    Q, _ = np.linalg.qr(X.T)  # orthonormal basis of range(Xᵀ)
    outside = g - Q @ (Q.T @ g)
    ng = float(np.linalg.norm(g))
    out.stationarity = float(np.linalg.norm(outside) / ng) if ng > 0 else 0.0
    out.agreement = float(np.linalg.norm(w - w_other) / max(np.linalg.norm(w), 1e-300))
    out.divergence = divergence(w, w0, potential, p)
    wn = inv(grad(w0) - X.T @ nu)
    dual = divergence(wn, w0, potential, p) + float(nu @ (X @ wn - y))
    out.gap = out.divergence - dual
    return out


def relative_smoothness(X, w0, w_b, potential: str, p: float = 3.0) -> float:
    """``β_ψ = λ_max(X diag(h) Xᵀ)`` with ``h = (∇ψ)⁻¹′ = 1/ψ''`` at its largest over the box spanned by ``w₀`` and
    ``w_B`` (entropy: ``max(w₀, w_B)``; p < 2: ``max|w|^{2−p}/(p−1)``; p > 2: ``min|w|^{2−p}/(p−1)``): where
    ``L = ½‖Xw − y‖²`` is β_ψ-smooth relative to ψ on that box (∇²L = XᵀX ⪯ β_ψ∇²ψ)."""
    X = np.asarray(X, dtype=np.float64)
    a, b = np.abs(np.asarray(w0, dtype=np.float64)), np.abs(np.asarray(w_b, dtype=np.float64))
    if potential == "l2":
        h = np.ones(X.shape[1])
    elif potential == "entropy":
        h = np.maximum(a, b)
    elif p <= 2:
        h = np.maximum(a, b) ** (2.0 - p) / (p - 1.0)
    else:
        with np.errstate(divide="ignore"):
            h = np.minimum(a, b) ** (2.0 - p) / (p - 1.0)
    if not np.all(np.isfinite(h)):
        return math.inf
    return float(np.linalg.eigvalsh((X * h) @ X.T).max())


def strong_convexity(w0, w_b, potential: str, p: float = 3.0) -> float:
    """``μ_ψ = min_{w ∈ box} λ_min(∇²ψ(w))`` over the box spanned by ``w₀`` and ``w_B`` (∇²ψ is diagonal, ψ'' per
    coordinate): ½‖·‖² gives 1; the entropy ``1/max(w₀, w_B)`` (> 0: its curvature 1/w vanishes only as w → ∞);
    p < 2 ``(p−1)·max|w|^{p−2}``; p > 2 ``(p−1)·min|w|^{p−2}``, exactly 0 when a coordinate changes sign between
    ``w₀`` and ``w_B`` (the box contains w_i = 0, where ψ'' = 0). ψ is μ_ψ-strongly convex (w.r.t. ℓ2) on the box
    iff ``μ_ψ > 0``."""
    a, b = np.asarray(w0, dtype=np.float64), np.asarray(w_b, dtype=np.float64)
    if potential == "l2":
        return 1.0
    hi = np.maximum(np.abs(a), np.abs(b))
    if potential == "entropy":
        return float(1.0 / hi.max())
    if p <= 2:
        return float((p - 1.0) * (hi ** (p - 2.0)).min())
    lo = np.where(np.sign(a) * np.sign(b) > 0, np.minimum(np.abs(a), np.abs(b)), 0.0)
    return float((p - 1.0) * (lo ** (p - 2.0)).min())
