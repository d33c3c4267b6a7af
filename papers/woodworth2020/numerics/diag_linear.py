"""Gradient flow of the diagonal linear network ``f(x) = ⟨u⊙u − v⊙v, x⟩``, ``u(0) = v(0) = α𝟙``, on ½‖Xw − y‖².

Direct form in R^{2d}: ``u̇ = −2u⊙g``, ``v̇ = 2v⊙g`` with ``g = Xᵀ(Xw − y)``. Span form [derived, exact]: these
integrate to ``u = α e^{−2Xᵀ∫r}``, ``v = α e^{2Xᵀ∫r}``, so ``w(t) = 2α² sinh(Xᵀs(t))`` with
``ṡ = −4(Xw − y)``, ``s(0) = 0`` — an n-dimensional ODE (its state never grows with d). It is the gradient
flow ``ṡ = −4∇Φ(s)`` of ``Φ(s) = Σ_i 2α² cosh((Xᵀs)_i) − yᵀs``, stiff when α is small, so it is integrated
by LSODA with its exact Jacobian ``−4 X diag(2α² cosh(Xᵀs)) Xᵀ`` until ``‖Xw − y‖ ≤ res_tol·‖y‖``.
Float64 throughout; ``2α² sinh`` is evaluated as ``sign(z)e^{|z|+2log α}(1 − e^{−2|z|})`` (no overflow of
α²e^{|z|}, no cancellation at large α).
"""
from __future__ import annotations

import math
import time
from typing import Callable

import numpy as np
from scipy.integrate import solve_ivp

from ibcheck.numerics.trajectory import Trajectory, former_names


def sinh_link(z: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """``(w, dw/dz) = (2α² sinh z, 2α² cosh z)``, overflow-free in the exponent."""
    a = np.abs(z)
    with np.errstate(over="ignore"):
        big = np.exp(a + 2.0 * math.log(alpha))
        small = np.exp(-2.0 * a)
    return np.sign(z) * big * -np.expm1(-2.0 * a), big * (1.0 + small)


def _flow(**end) -> Trajectory:
    """``span_flow``'s ``Trajectory`` (engine ``LSODA``) on the ``t_eval`` times reached: state ``w_eval``
    (``w = 2α² sinh(Xᵀs)`` there); no loss recorded (``log_loss`` is None). Stats: the end ``w``, ``s``, ``t``,
    ``residual`` (‖Xw − y‖/‖y‖ there), ``converged`` (the residual reached res_tol), ``diverged`` (the state or the
    residual became non-finite), ``nfev``, ``seconds``, ``message``."""
    return Trajectory(clock=[], states={"w_eval": []}, engine="LSODA", clock_name="t_eval", stats=end)


def span_flow(X: np.ndarray, y: np.ndarray, alpha: float, *, res_tol: float = 1e-13, rtol: float = 1e-10,
              t_max: float = 1e12, t_eval=None, link: Callable | None = None, rate: float = -4.0) -> Trajectory:
    """``ṡ = rate·(X·link(Xᵀs) − y)``, ``s(0) = 0`` (``rate = −4``, ``link = 2α² sinh``: the exact flow).

    ``link(z, alpha) -> (w, dw/dz)`` and ``rate`` exist for negative controls only (tests pass a wrong link or
    a wrong sign through ``Hooks.trainer``). Stops at ``‖Xw − y‖ ≤ res_tol‖y‖``, at ``t_max``, or on blow-up.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    link = link or sinh_link
    ny = float(np.linalg.norm(y))
    atol = 1e-10 / max(float(np.linalg.norm(X, 2)), 1e-300)  # |δ(Xᵀs)| ≤ 1e-10: w accurate to 1e-10 relative

    def f(t, s):
        w, _ = link(X.T @ s, alpha)
        return rate * (X @ w - y)

    def jac(t, s):
        _, dw = link(X.T @ s, alpha)
        return rate * (X * dw) @ X.T

    def log_res(t, s):
        w, _ = link(X.T @ s, alpha)
        r = float(np.linalg.norm(X @ w - y))
        return math.log(r / ny) - math.log(res_tol) if math.isfinite(r) and r > 0 else (-1.0 if r == 0 else 1.0)
    log_res.terminal = True

    def blow_up(t, s):  # continuous: crosses 0 when max|w| reaches 1e150 (a diverging, broken flow)
        w, _ = link(X.T @ s, alpha)
        m = float(np.abs(w).max())
        return 150.0 * math.log(10.0) - math.log(m) if math.isfinite(m) and m > 0 else (-1.0 if m > 0 else 1.0)
    blow_up.terminal = True

    t0 = time.perf_counter()
    with np.errstate(over="ignore", invalid="ignore"):
        try:
            sol = solve_ivp(f, (0.0, t_max), np.zeros(X.shape[0]), method="LSODA", jac=jac, rtol=rtol,
                            atol=atol, events=[log_res, blow_up], dense_output=t_eval is not None)
        except ValueError as exc:  # an event straddling a non-finite state: the flow blew up
            return _flow(w=np.full(X.shape[1], np.nan), s=np.full(X.shape[0], np.nan), t=math.nan,
                         residual=math.inf, converged=False, diverged=True, nfev=0,
                         seconds=time.perf_counter() - t0, message=f"blew up ({exc})")
    s = sol.y[:, -1]
    w, _ = link(X.T @ s, alpha)
    res = float(np.linalg.norm(X @ w - y) / ny) if np.all(np.isfinite(w)) else math.inf
    out = _flow(w=w, s=s, t=float(sol.t[-1]), residual=res, converged=res <= 1.01 * res_tol,  # the event root is located to ~1e-4 relative
                diverged=not math.isfinite(res) or bool(len(sol.t_events[1])), nfev=int(sol.nfev),
                seconds=time.perf_counter() - t0, message=str(sol.message))
    if t_eval is not None:
        for t in t_eval:
            if t <= sol.t[-1]:
                out.t_eval.append(float(t))
                out.w_eval.append(link(X.T @ sol.sol(t), alpha)[0])
    return out


def direct_flow(X: np.ndarray, y: np.ndarray, alpha: float, t_eval, *, rtol: float = 1e-10,
                method: str = "DOP853") -> tuple[np.ndarray, dict]:
    """The reference: ``u̇ = −2u⊙g``, ``v̇ = 2v⊙g`` on ``(u, v) ∈ R^{2d}`` from ``α𝟙``; ``w = u² − v²`` at ``t_eval``.

    An explicit solver on the 2d-dimensional state (its Jacobian is d×d, so no stiff method at large d). Returns
    ``(W at t_eval, solver info)``, not a ``Trajectory``: a reference compared point by point with ``span_flow``'s.
    """
    X = np.asarray(X, dtype=np.float64)
    d = X.shape[1]

    def f(t, z):
        u, v = z[:d], z[d:]
        g = X.T @ (X @ (u * u - v * v) - y)
        return np.concatenate([-2.0 * u * g, 2.0 * v * g])

    t0 = time.perf_counter()
    t_eval = np.asarray(t_eval, dtype=float)
    sol = solve_ivp(f, (0.0, float(t_eval[-1])), np.full(2 * d, float(alpha)), method=method, rtol=rtol,
                    atol=1e-14 * alpha, t_eval=t_eval)
    W = sol.y[:d] ** 2 - sol.y[d:] ** 2
    return W.T, {"nfev": int(sol.nfev), "seconds": time.perf_counter() - t0, "message": str(sol.message),
                 "success": bool(sol.success)}


__getattr__ = former_names(__name__, {"DiagFlow": Trajectory})  # 0.1's record, until 0.3.0
