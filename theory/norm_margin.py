"""The maximum margin in an ℓp norm, ``γ_p = max_{‖w‖_p ≤ 1} min_i y_i⟨w, x_i⟩`` for ``p ∈ [1, ∞]``, certified.

Why: steepest descent w.r.t. a norm ‖·‖ (Gunasekar et al. 2018: ℓ1 = greedy coordinate descent, ℓ∞ = sign
descent), p-norm mirror descent (Sun et al. 2022) and Adam (Zhang et al. 2024: ℓ∞) each maximise the margin in
their own norm, so the references of those claims are these programs, not the ℓ2 SVM of ``theory.svm``.

**Primal** (``z_i = y_i x_i``): ``w° = argmin ‖w‖_p s.t. Zw ≥ 𝟙`` — an LP for p = 1 (``norm1``) and p = ∞
(``norm_inf``), an SOCP for p = 2, and for other p cvxpy's ``pnorm`` in power cones (``approx=False``: exact
for every p, no rational approximation) — solved by Clarabel (``theory.solver``: status checked; infeasible =
not separable).
Then ``w = w°/‖w°‖_p`` (unit ℓp norm, normalised in numpy with the true p) and ``γ = 1/‖w°‖_p``.

**Dual and certificate** (Hölder, ``q = p/(p−1)``): by the minimax theorem on the compact convex ℓp ball and the
simplex Δ, ``γ_p = max_{‖w‖_p≤1} min_{λ∈Δ} λᵀZw = min_{λ∈Δ} ‖Zᵀλ‖_q``. The solver's constraint duals ``μ ≥ 0``
(normalised ``λ = μ/𝟙ᵀμ``) are a dual point, so every answer carries a bracket computed here in float64, not read
from the solver: ``gamma = min_i z_iᵀw ≤ γ_p ≤ gamma_upper = ‖Zᵀλ‖_q`` (weak duality holds for *any* unit w
and λ ∈ Δ). ``gap = (gamma_upper − gamma)/gamma_upper`` is the relative duality gap; a zero gap implies both
KKT conditions — complementary slackness (``z_iᵀw = γ`` wherever ``λ_i > 0``) and Hölder alignment
(``⟨w, Zᵀλ⟩ = ‖Zᵀλ‖_q``, i.e. ``w ∈ ∂‖·‖_q(Zᵀλ)``) — which are reported separately (``slackness``,
``alignment``; for 1 < p < ∞ also ``stationarity``: ``‖w − ∇‖·‖_q(Zᵀλ)‖_p`` for p ≤ 2, and the same condition
read through the inverse map, ``‖∇‖·‖_p(w) − Zᵀλ/‖Zᵀλ‖_q‖_q``, for p > 2, where the forward map
``sign(v_j)|v_j|^{q−1}/‖v‖_q^{q−1}`` with q − 1 small amplifies the dual's rounding: a diagnostic, the gap
decides). The certificate never trusts the solver: an ``optimal_inaccurate`` answer counts when its re-verified gap
closes (after the polish below, for 1 < p < ∞).

**Polish** (1 < p < ∞): the interior point's w is accurate only to ~√gap (1e-5: the margin is flat to second
order at its maximiser), too coarse for a trajectory that converges to 1e-12. On the support set
``S = {λ_i > 1e-6 max λ}`` the equality-constrained problem ``min ½‖w‖_p² s.t. Z_S w = 𝟙`` is re-solved by Newton
to rounding (``_restricted``), kept when its multipliers are ≥ 0 and its re-verified gap is no larger.

``certified`` = separable, the solver answered (``optimal`` or ``optimal_inaccurate``: the bracket is recomputed here,
so an inaccurate answer is certified exactly when its own gap closes), ``‖w‖_p = 1`` to rounding, ``gap ≤ GAP_TOL``. ``gamma`` is the margin *attained* by the returned ``w`` (so ``min Zw = γ`` exactly);
``gamma_upper`` the dual bound.

API: ``max_margin(X, y, p) -> NormMargin`` (fields ``w``, ``gamma``, ``gamma_upper``, ``gap``, ``lam``, ``status``,
``certified``, ``support``, ``slackness``, ``alignment``, ``stationarity``, ``face_width``; ``describe()`` for the
JSON); ``max_margin_by_enumeration(X, y, p) -> (w, γ)``; helpers ``pnorm``, ``dual_exponent``,
``dual_norm_gradient``.

Choosing data that tell the norms apart: when n > d a generic optimum has d support vectors, the equalities
``Z_S w = γ𝟙`` then fix the direction ``Z_S⁻¹𝟙`` whatever p, and every ℓp max-margin direction coincides (only γ
differs). The directions differ when the support set has fewer than d points, e.g. d ≥ n.

Uniqueness: for 1 < p < ∞ the ℓp ball is strictly convex and the maximiser is unique. For p ∈ {1, ∞} (LPs) the
optimal face may be a segment (typically when d > n); the margin γ is always unique, the direction only sometimes,
which is why the steepest-descent conclusions are stated on the margin. ``face_width`` (when asked for) is the
largest coordinate range over the optimal face (2d small LPs): 0 when the maximiser is unique.

**Enumeration** (the independent cross-check for small n, d): ``max_margin_by_enumeration``. For p ∈ {1, ∞} the
ℓp ball is a polytope (ℓ∞: ``±e_jᵀw ≤ 1``; ℓ1: ``w = u − v``, ``u, v ≥ 0``, ``𝟙ᵀ(u+v) ≤ 1``), the LP
``max γ s.t. γ − z_iᵀw ≤ 0, ball`` attains its optimum at a vertex, and every square subsystem of its
constraints is tried (basic solutions, kept when feasible). For 1 < p < ∞, every support set S
with ``Z_S`` of full row rank: ``w_S = argmin ‖w‖_p s.t. Z_S w = 𝟙`` through its smooth unconstrained dual
``max_μ 𝟙ᵀμ − ½‖Z_Sᵀμ‖_q²`` (``w_S = ∇½‖·‖_q²(Z_Sᵀμ)``, quasi-Newton), kept when ``Zw_S ≥ 𝟙``; the smallest
``‖w_S‖_p`` kept is the optimum (the optimal w° solves the equality problem on its own active set, and every
feasible candidate has ``‖w_S‖_p ≥ ‖w°‖_p``). Neither path uses cvxpy.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

GAP_TOL = 1e-7  # relative duality gap: Clarabel at 1e-10 gap/feasibility gives ~1e-9; 1e-7 leaves two digits
NORM_TOL = 1e-12  # |‖w‖_p − 1| after normalising in numpy: rounding of one division
SUPPORT_RTOL = 1e-6  # λ_i > 1e-6·max λ: the interior point's inactive duals are ~1e-10 of the active ones
ENUM_FEAS = 1e-9  # feasibility of an enumerated candidate: rounding of a (d+1)×(d+1) solve on O(1) data
ENUM_MAX = 200_000  # candidate subsets an enumeration may try


def dual_exponent(p: float) -> float:
    """``q = p/(p−1)`` (1 ↔ ∞)."""
    return math.inf if p == 1 else 1.0 if math.isinf(p) else p / (p - 1.0)


def pnorm(v: np.ndarray, p: float, axis: int = -1) -> np.ndarray:
    """``‖v‖_p`` along ``axis`` without overflow for large p (scaled by the largest entry)."""
    a = np.abs(np.asarray(v, dtype=np.float64))
    m = a.max(axis=axis, keepdims=True)
    if math.isinf(p) or p == 1:
        return np.squeeze(m, axis=axis) if math.isinf(p) else a.sum(axis=axis)
    safe = np.where(m > 0, m, 1.0)
    return np.squeeze(m, axis=axis) * np.sum((a / safe) ** p, axis=axis) ** (1.0 / p)


def dual_norm_gradient(v: np.ndarray, q: float) -> np.ndarray:
    """``∇‖v‖_q = sign(v)|v|^{q−1}/‖v‖_q^{q−1}`` (1 < q < ∞): the unit-ℓp vector aligned with v (Hölder)."""
    nv = float(pnorm(v, q))
    return np.sign(v) * (np.abs(v) / nv) ** (q - 1.0)


@dataclass
class NormMargin:
    """The ℓp max-margin classifier and its certificate (see the module docstring)."""

    p: float
    q: float
    separable: bool
    status: str
    w: np.ndarray | None = None  # (d,) maximiser, ‖w‖_p = 1
    gamma: float = math.nan  # min_i z_iᵀw: the margin attained by w (a lower bound on γ_p)
    gamma_upper: float = math.nan  # ‖Zᵀλ‖_q: the dual bound (an upper bound on γ_p)
    lam: np.ndarray | None = None  # (n,) dual weights on the simplex
    gap: float = math.nan  # (gamma_upper − gamma)/gamma_upper
    norm_dev: float = math.nan  # |‖w‖_p − 1|
    support: np.ndarray | None = None  # (n,) bool: λ_i > SUPPORT_RTOL·max λ
    slackness: float = math.nan  # max_{i∈S} (z_iᵀw − γ)/γ: complementary slackness
    alignment: float = math.nan  # 1 − ⟨w, Zᵀλ⟩/‖Zᵀλ‖_q: Hölder equality
    stationarity: float = math.nan  # 1 < p < ∞: w ∝ ∇‖·‖_q(Zᵀλ), read on the well-conditioned side (docstring)
    face_width: float = math.nan  # max_j range of w_j over the optimal face (LPs, when asked; 0 for 1 < p < ∞)
    info: dict = field(default_factory=dict)

    @property
    def certified(self) -> bool:
        trusted = self.status in ("optimal", "optimal_inaccurate")  # the bracket below is recomputed here
        return bool(self.separable and self.w is not None and trusted
                    and self.norm_dev <= NORM_TOL and 0 <= self.gamma and self.gap <= GAP_TOL)

    def describe(self) -> dict:
        """The scalar record for the JSON (``w``, ``lam`` as lists)."""
        out = {k: getattr(self, k) for k in ("p", "q", "separable", "status", "gamma", "gamma_upper", "gap",
                                              "norm_dev", "slackness", "alignment", "stationarity", "face_width")}
        out.update(certified=self.certified, w=None if self.w is None else self.w.tolist(),
                   lam=None if self.lam is None else self.lam.tolist(),
                   n_support=int(self.support.sum()) if self.support is not None else 0)
        return out


def _check_p(p: float) -> float:
    p = float(p)
    if not (p >= 1):
        raise ValueError(f"max_margin: p must be in [1, ∞], got {p}")
    return p


def _as_Z(X: np.ndarray, y: np.ndarray | None) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    if y is None:
        return X
    y = np.asarray(y, dtype=np.float64)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(f"max_margin: X must be (n, d) and y (n,), got {X.shape} and {y.shape}")
    return y[:, None] * X


def _norm_expr(cp, w, p: float):
    if p == 1:
        return cp.norm1(w)
    if math.isinf(p):
        return cp.norm_inf(w)
    if p == 2:
        return cp.norm2(w)
    return cp.pnorm(w, p, approx=False)  # power cones (exact for every p), not a rational SOC approximation


def max_margin(X: np.ndarray, y: np.ndarray | None, p: float, *, face: bool = False) -> NormMargin:
    """The ℓp max-margin classifier of ``(X, y)`` (``y=None``: X already holds ``z_i = y_i x_i``), certified.

    Returns a ``NormMargin``: ``w`` (unit ‖·‖_p), ``gamma`` (attained margin), ``gamma_upper`` (dual bound),
    ``gap``, ``lam`` (dual on the simplex), ``status``, the KKT residuals and ``certified``. ``face=True`` also
    measures the optimal face's width (p ∈ {1, ∞}). Non-separable data: ``separable=False``, ``w=None``.
    """
    import cvxpy as cp

    from .solver import solve

    p = _check_p(p)
    q = dual_exponent(p)
    Z = _as_Z(X, y)
    n, d = Z.shape
    s = float(np.abs(Z).max()) or 1.0  # scale the data to O(1) entries: γ scales by s, w° by 1/s
    Zs = Z / s
    w = cp.Variable(d)
    cons = [Zs @ w >= 1]
    prob = cp.Problem(cp.Minimize(_norm_expr(cp, w, p)), cons)
    info = solve(prob, allow_infeasible=True)
    if info.status not in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE) or w.value is None:
        return NormMargin(p, q, separable=False, status=info.status)
    w_raw = np.asarray(w.value, dtype=np.float64)
    nrm = float(pnorm(w_raw, p))
    wu = w_raw / nrm
    mu = np.clip(np.asarray(cons[0].dual_value, dtype=np.float64), 0.0, None)
    lam = mu / mu.sum() if mu.sum() > 0 else np.full(n, 1.0 / n)
    out = _certificate(Z, wu, lam, p, q, "optimal" if info.status == cp.OPTIMAL else info.status)
    out.info.update(solver=info.solver, iterations=info.iterations, solver_margin=s / nrm, polished=False)
    if 1 < p < math.inf:
        out = _polish(Z, Zs, s, out)
    if face:
        out.face_width = _face_width(Zs, out.gamma / s, p) if p in (1.0, math.inf) else 0.0
    return out


def _certificate(Z: np.ndarray, w: np.ndarray, lam: np.ndarray, p: float, q: float, status: str) -> NormMargin:
    """Everything re-verified here from ``(w, λ)``: the bracket, gap, slackness, alignment, stationarity."""
    marg = Z @ w
    gamma = float(marg.min())
    v = Z.T @ lam
    upper = float(pnorm(v, q))
    S = lam > SUPPORT_RTOL * lam.max()
    out = NormMargin(p, q, separable=True, status=status, w=w, gamma=gamma, gamma_upper=upper, lam=lam,
                     gap=(upper - gamma) / upper if upper > 0 else math.inf,
                     norm_dev=abs(float(pnorm(w, p)) - 1.0), support=S,
                     slackness=float((marg[S] - gamma).max() / gamma) if gamma > 0 else math.inf,
                     alignment=1.0 - float(w @ v) / upper if upper > 0 else math.inf)
    if 1 < p <= 2 and upper > 0:
        out.stationarity = float(pnorm(w - dual_norm_gradient(v, q), p))
    elif 2 < p < math.inf and upper > 0:
        out.stationarity = float(pnorm(dual_norm_gradient(w, p) - v / upper, q))
    return out


def _polish(Z: np.ndarray, Zs: np.ndarray, s: float, out: NormMargin) -> NormMargin:
    """1 < p < ∞: re-solve on the support set S exactly (``_restricted``: Newton to rounding) and keep it when it
    is feasible, its duals are ≥ 0 and its re-verified gap is no larger — the interior point's w is accurate to
    ~√gap (1e-5), the polished one to rounding."""
    S = out.support
    if np.linalg.matrix_rank(Zs[S]) < int(S.sum()):
        return out
    w0 = out.w / float(out.gamma) * s if out.p > 2 else None  # the solver's w° in the scaled data (Zs w° ≥ 𝟙)
    sol = _restricted(Zs[S], out.q, w0)
    if sol is None or sol[1].min() < 0:
        return out
    w_raw, mu = sol  # feasibility needs no test of its own: the certificate reads min Zw of the unit w
    lam = np.zeros(len(Z))
    lam[S] = mu / mu.sum()
    pol = _certificate(Z, w_raw / float(pnorm(w_raw, out.p)), lam, out.p, out.q, out.status)
    if not pol.gap <= max(out.gap, 1e-12):
        return out
    pol.info = {**out.info, "polished": True, "polish_shift": float(pnorm(pol.w - out.w, out.p))}
    return pol


def _face_width(Zs: np.ndarray, gamma: float, p: float) -> float:
    """``max_j (max w_j − min w_j)`` over ``{‖w‖_p ≤ 1, Zs w ≥ γ(1 − 1e-9)}`` (the LP's optimal face, relaxed by
    the certified gap's order so the programs stay feasible)."""
    import cvxpy as cp

    from .solver import solve
    d = Zs.shape[1]
    w = cp.Variable(d)
    cons = [Zs @ w >= gamma * (1 - 1e-9), _norm_expr(cp, w, p) <= 1]
    width = 0.0
    for j in range(d):
        vals = []
        for sense in (cp.Maximize, cp.Minimize):
            solve(cp.Problem(sense(w[j]), cons))
            vals.append(float(w.value[j]))
        width = max(width, vals[0] - vals[1])
    return width


# --- enumeration (no cvxpy) -----------------------------------------------------------------------------------

def max_margin_by_enumeration(X: np.ndarray, y: np.ndarray | None, p: float) -> tuple[np.ndarray, float]:
    """``(w, γ)`` by enumerating vertices (p ∈ {1, ∞}) or support sets (1 < p < ∞); see the module docstring.
    Raises ``ValueError`` when the data are not separable or the enumeration exceeds ``ENUM_MAX`` candidates."""
    p = _check_p(p)
    Z = _as_Z(X, y)
    if p == 1 or math.isinf(p):
        return _vertices(Z, p)
    return _support_sets(Z, p)


def _vertices(Z: np.ndarray, p: float) -> tuple[np.ndarray, float]:
    """The LP ``max γ`` over ``Ax ≤ b`` by its basic solutions: every square subsystem, solved, kept when feasible.
    ℓ∞: ``x = (w, γ)``, rows ``γ − z_iᵀw ≤ 0`` and ``±w_j ≤ 1``. ℓ1: ``x = (u, v, γ)`` with ``w = u − v``, rows
    ``γ − z_iᵀ(u − v) ≤ 0``, ``−u, −v ≤ 0``, ``𝟙ᵀ(u + v) ≤ 1`` (C(n+2d+1, 2d+1) subsets, not 2^d ball facets)."""
    n, d = Z.shape
    if math.isinf(p):
        A = np.vstack([np.hstack([-Z, np.ones((n, 1))]), np.hstack([np.eye(d), np.zeros((d, 1))]),
                       np.hstack([-np.eye(d), np.zeros((d, 1))])])
        b = np.concatenate([np.zeros(n), np.ones(2 * d)])
    else:
        zero = np.zeros((2 * d, 1))
        A = np.vstack([np.hstack([-Z, Z, np.ones((n, 1))]), np.hstack([-np.eye(2 * d), zero]),
                       np.hstack([np.ones((1, 2 * d)), np.zeros((1, 1))])])
        b = np.concatenate([np.zeros(n + 2 * d), [1.0]])
    m, k = A.shape
    if math.comb(m, k) > ENUM_MAX:
        raise ValueError(f"enumeration: C({m}, {k}) basic solutions exceed the budget {ENUM_MAX}")
    best = None
    for idx in itertools.combinations(range(m), k):
        M = A[list(idx)]
        if abs(np.linalg.det(M)) < 1e-12:  # singular support set (O(1) entries): skipped
            continue
        x = np.linalg.solve(M, b[list(idx)])
        if (A @ x - b).max() <= ENUM_FEAS and (best is None or x[-1] > best[-1]):
            best = x
    if best is None or best[-1] <= ENUM_FEAS:
        raise ValueError("enumeration: no vertex with a positive margin: the data are not separable")
    w = best[:d] if math.isinf(p) else best[:d] - best[d:2 * d]
    return w, float(best[-1])


def _phi_derivs(v: np.ndarray, q: float) -> tuple[float, np.ndarray, np.ndarray]:
    """``φ(v) = ½‖v‖_q²``, its gradient ``‖v‖_q g̃`` and Hessian ``(q−1)diag(|u|^{q−2}) + (2−q)g̃g̃ᵀ`` with
    ``u = v/‖v‖_q``, ``g̃ = sign(u)|u|^{q−1}`` (dimensionless; finite where no ``v_j`` vanishes)."""
    nv = float(pnorm(v, q))
    u = v / nv
    g = np.sign(u) * np.abs(u) ** (q - 1.0)
    with np.errstate(divide="ignore"):
        H = (q - 1.0) * np.diag(np.abs(u) ** (q - 2.0)) + (2.0 - q) * np.outer(g, g)
    return 0.5 * nv * nv, nv * g, H


def _restricted(ZS: np.ndarray, q: float, w0: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """``(w, μ)``: ``w = argmin ½‖w‖_p² s.t. Z_S w = 𝟙`` with its multipliers μ (``∇½‖w‖_p² = Z_Sᵀμ``), or None.

    p ≤ 2 (q ≥ 2): Newton on the smooth dual ``min_μ ½‖Z_Sᵀμ‖_q² − 𝟙ᵀμ`` (``w = ∇½‖·‖_q²(Z_Sᵀμ)``). p > 2: the
    dual's ``|v|^{q−2}`` is singular where the dual point is graded (large p: entries 1e-10 map to w_j ~ 0.08), so
    Newton runs on the primal KKT system ``[∇½‖w‖_p² − Z_Sᵀμ; Z_S w − 𝟙] = 0`` (its Hessian
    ``(p−1)diag(|w/‖w‖|^{p−2}) + …`` is finite for p ≥ 2). Starts: ``w0``, else a quasi-Newton (BFGS) dual point.
    Both Newton loops are damped by backtracking on the residual (the objective is flat to rounding there)."""
    from scipy.optimize import minimize

    k = ZS.shape[0]
    p = q / (q - 1.0)

    def f(mu):
        v = ZS.T @ mu
        if not np.any(v):
            return -mu.sum(), -np.ones(k)
        val, grad, _ = _phi_derivs(v, q)
        return val - mu.sum(), ZS @ grad - 1.0

    if w0 is None:
        mu = np.linalg.lstsq(ZS @ ZS.T, np.ones(k), rcond=None)[0]
        mu = minimize(f, mu, jac=True, method="BFGS", options={"gtol": 1e-7, "maxiter": 500}).x
        if q >= 2:
            mu = _newton(lambda m: f(m)[1], lambda m: ZS @ _phi_derivs(ZS.T @ m, q)[2] @ ZS.T, mu)
            v = ZS.T @ mu
            if not np.any(v):
                return None
            w = _phi_derivs(v, q)[1]
            return (w, mu) if np.abs(ZS @ w - 1).max() <= 1e-8 else None
        w0 = _phi_derivs(ZS.T @ mu, q)[1]
    w0 = np.asarray(w0, dtype=np.float64)
    d = len(w0)
    mu0 = np.linalg.lstsq(ZS.T, _phi_derivs(w0, p)[1], rcond=None)[0]

    def res(x):
        w, mu = x[:d], x[d:]
        return np.concatenate([_phi_derivs(w, p)[1] - ZS.T @ mu, ZS @ w - 1.0])

    def jac(x):
        H = _phi_derivs(x[:d], p)[2]
        return np.block([[H, -ZS.T], [ZS, np.zeros((k, k))]])

    x = _newton(res, jac, np.concatenate([w0, mu0]))
    w, mu = x[:d], x[d:]
    return (w, mu) if np.all(np.isfinite(x)) and np.abs(ZS @ w - 1).max() <= 1e-8 else None


def _newton(res, jac, x: np.ndarray, iters: int = 50) -> np.ndarray:
    """Damped Newton for ``res(x) = 0``: full steps near the root, halved while the residual does not fall."""
    for _ in range(iters):
        r = res(x)
        r0 = float(np.abs(r).max())
        if not np.isfinite(r0) or r0 <= 1e-15:  # a guard: nothing to polish
            break
        J = jac(x)
        if not np.all(np.isfinite(J)):
            break
        try:
            step = np.linalg.solve(J, r)
        except np.linalg.LinAlgError:
            break
        t = 1.0
        while t > 1e-8 and not float(np.abs(res(x - t * step)).max()) < r0:
            t *= 0.5
        if t <= 1e-8:
            break
        x = x - t * step
    return x


def _support_sets(Z: np.ndarray, p: float) -> tuple[np.ndarray, float]:
    n, d = Z.shape
    q = dual_exponent(p)
    r = np.linalg.matrix_rank(Z)
    if sum(math.comb(n, k) for k in range(1, r + 1)) > ENUM_MAX // 100:
        raise ValueError(f"enumeration: 2^{n} support sets exceed the budget")
    best = None
    for k in range(1, r + 1):
        for S in itertools.combinations(range(n), k):
            ZS = Z[list(S)]
            if np.linalg.matrix_rank(ZS) < k:
                continue
            sol = _restricted(ZS, q)
            if sol is None or (Z @ sol[0]).min() < 1 - 1e-8:
                continue
            w = sol[0]
            nw = float(pnorm(w, p))
            if best is None or nw < best[1]:
                best = (w, nw)
    if best is None:
        raise ValueError("enumeration: no support set is feasible: the data are not separable")
    return best[0] / best[1], 1.0 / best[1]
