"""The leaky two-layer flow after its last activation crossing, on the horizon engine (``numerics.integrators.horizon``).

With every pre-activation's side fixed (a *mode*: ``Z_ji = (BK)_ji`` keeps its sign), the leaky network is linear
in ``B``: ``q_i = y_i Σ_j AD_ji Z_ji`` with ``AD_ji = a_j·slope_ji`` (1 or γ). In the Euclidean coordinates
``θ = B L`` (``K = L Lᵀ``, Cholesky; ``‖W‖_F² = ‖θ‖_F²`` on the data span) the span flow ``dB/ds = −∇L̂/L̂`` is
the Euclidean gradient flow ``dθ/ds = ∇ℓ`` of ``ℓ = −log L̂`` with ``∂q_i/∂θ_jk = y_i AD_ji L_ik`` (a constant
matrix ``J``): ``F = ωᵀJ`` and ``DF = −Jᵀdiag(ω)J + FFᵀ`` (ω = softmax(−q); exponential loss). The late flow is
stiff (its step is stability-limited: issue "far horizons"); ``numerics.integrators.horizon``'s Radau in the log-loss clock
takes it with this analytic Jacobian.

``continue_on_horizon`` hands off at ``log L̂ = −handoff`` from the event-aware explicit integrator's state,
records every implicit step, and verifies the mode at each: a sign change of any ``Z_ji`` (a crossing after the
handoff) returns None, and the caller continues with the explicit integrator.
"""
from __future__ import annotations

import math

import numpy as np
from scipy.linalg import solve_triangular

from ..trajectory import NETS, former_names

EPS = float(np.finfo(np.float64).eps)
MODE_GAP = 1e-8  # |Z_ji| ≥ this·max|Z_j·|·‖x_i‖ at the handoff: no entry sits on a surface (a sliding one would)


class FixedModePiece:
    """One linear piece of ``two_layer.LeakyNet`` (its mode ``side`` fixed), in ``θ = BL``: the net interface of
    ``numerics.integrators.horizon``. Not a second net of the leaky family: it holds no data of its own beyond the
    net's K, y, a, γ and stands for that net only while no pre-activation changes sign (``mode_holds``)."""

    def __init__(self, K: np.ndarray, y: np.ndarray, a: np.ndarray, gamma: float, side: np.ndarray):
        self.L = np.linalg.cholesky(np.asarray(K, dtype=np.float64))
        self.y = np.asarray(y, dtype=np.float64)
        self.AD = np.asarray(a, dtype=np.float64)[:, None] * np.where(side > 0, 1.0, gamma)
        self.side = np.where(side > 0, 1, -1)
        self.m, self.n = self.AD.shape
        self.size, self.degree, self.deriv, self.reduction = self.m * self.n, 1.0, None, "mean"
        # J[i, (j, k)] = y_i AD_ji L_ik
        self.J = (self.y[:, None, None] * self.AD.T[:, :, None] * self.L[:, None, :]).reshape(self.n, -1)
        self.evals = 0

    def to_theta(self, B: np.ndarray) -> np.ndarray:
        return (np.asarray(B, dtype=np.float64) @ self.L).ravel()

    def to_B(self, th: np.ndarray) -> np.ndarray:
        """``B = θ L⁻¹`` (a triangular solve)."""
        return solve_triangular(self.L, th.reshape(self.m, self.n).T, trans="T", lower=True).T

    def forward_np(self, th: np.ndarray):
        """``(Z, None, q, log L̂)``."""
        q = self.J @ th
        mq = float((-q).max())
        return None, None, q, mq + math.log(float(np.exp(-q - mq).sum())) - math.log(self.n)

    def field_and_jacobian(self, th: np.ndarray, jac: bool = True):
        self.evals += 1
        _, _, q, ll = self.forward_np(th)
        om = np.exp(-q - ll - math.log(self.n))
        F = om @ self.J
        if not jac:
            return F, ll, q, om, None, None
        return F, ll, q, om, -(self.J.T * om) @ self.J + np.outer(F, F), self.J

    def mode_holds(self, th: np.ndarray) -> bool:
        """Every ``Z_ji = (θLᵀ)_ji`` still on its side of the mode."""
        Z = th.reshape(self.m, self.n) @ self.L.T
        return bool((np.where(Z > 0, 1, -1) == self.side).all())


def _fixed_mode(K, y, a, gamma, B) -> "FixedModePiece | None":
    """The network with the activation mode of ``B`` fixed, or None when a pre-activation sits within MODE_GAP of
    its surface (relative to the neuron's largest, scaled by ‖x_i‖): the mode is not decided there."""
    Z = np.asarray(B) @ np.asarray(K)
    scale = np.abs(Z).max(1, keepdims=True) * np.sqrt(np.diag(K))[None, :] / np.sqrt(np.diag(K)).max()
    if (np.abs(Z) < MODE_GAP * scale).any():
        return None
    return FixedModePiece(K, y, a, gamma, np.where(Z > 0, 1, -1))


def continue_on_horizon(K, y, a, gamma, B, *, s0: float, log_t0: float, target_log_loss: float, rtol: float = 1e-10,
                        max_steps: int = 200000, record=None, handoff: float | None = None):
    """From the state ``B`` (at ``log L̂ ≤ −1``, reparametrised time ``s0``, real time ``e^{log_t0}``) to
    ``log L̂ = target_log_loss`` with the mode of ``B`` fixed; ``record(s, log_t, log L̂, steps, B)`` at every
    accepted step and checkpoint. Returns ``(B_end, info)`` (``numerics.integrators.horizon.horizon_flow``'s info with
    ``field_evals`` counting field and Jacobian evaluations), or None when ``B`` sits on a surface or a
    pre-activation changes sign on the way (a crossing the fixed mode cannot follow)."""
    from ..integrators.horizon import horizon_flow
    net = _fixed_mode(K, y, a, gamma, B)
    if net is None:
        return None
    th0 = net.to_theta(B)
    ll0 = float(net.forward_np(th0)[3])
    broken = []

    def rec(s, log_t, ll, steps, th):
        if not net.mode_holds(th):
            broken.append(s)
        if record is not None and not broken:
            record(s, log_t, ll, steps, net.to_B(th))
    info = horizon_flow(net, th0, target_log_loss=target_log_loss, rtol=rtol, max_steps=max_steps,
                        handoff=-ll0 if handoff is None else max(handoff, -ll0),
                        record=rec, euler=False, start=(s0, math.exp(log_t0)))
    if broken:
        return None
    info["stats"]["field_evals"] = net.evals
    return net.to_B(info["state"]), info


def continue_stiff(K, y, a, gamma, B, *, s0: float, log_t0: float, target_log_loss: float, rtol: float = 1e-10,
                   atol: float = 1e-12, max_steps: int = 200000, record=None, per_decade: int = 4):
    """As ``continue_on_horizon`` but in the flow's own clock ``s`` (``ds = L̂ dt``) by scipy's LSODA (BDF once
    stiff) with the analytic Jacobian: the state ``(θ, w = log(t·L̂))`` (``dw/ds = e^{−w} − ‖F‖²``, O(log ℓ) where
    log t itself is ~ℓ), every step recorded and the checkpoints ``ℓ = 10^{k/per_decade}`` on the dense output, the
    target level located on the dense output (Brent). To moderate
    targets (ℓ ≲ 1e4) the late flow is nearly linear in s and BDF takes a few dozen steps. Returns ``(B, info)``
    with ``stats`` ``field_evals``/``jacobians``/``steps``, or None (a surface at the handoff, a crossing)."""
    from scipy.integrate import LSODA
    from scipy.optimize import brentq
    net = _fixed_mode(K, y, a, gamma, B)
    if net is None:
        return None
    th0 = net.to_theta(B)
    P = net.size
    jevals = [0]

    def f(s, u):
        F, ll, *_ = net.field_and_jacobian(u[:P], jac=False)
        return np.concatenate([F, [math.exp(-u[P]) - float(F @ F)]])

    def jac(s, u):
        jevals[0] += 1
        F, ll, q, om, DF, _ = net.field_and_jacobian(u[:P])
        out = np.zeros((P + 1, P + 1))
        out[:P, :P] = DF
        out[P, :P] = -2.0 * (DF @ F)
        out[P, P] = -math.exp(-u[P])
        return out
    ll0 = float(net.forward_np(th0)[3])
    u = np.concatenate([th0, [log_t0 + ll0]])
    sol = LSODA(f, s0, u, 1e300, rtol=rtol, atol=np.concatenate([np.full(P, atol), [atol]]), jac=jac)
    steps, s, ll, broken, located = 0, s0, ll0, False, False
    while ll > target_log_loss and not located and steps < max_steps and sol.status == "running":
        if sol.step() is not None:
            break
        steps += 1
        s, u = sol.t, sol.y.copy()
        ll_old, ll = ll, float(net.forward_np(u[:P])[3])
        if record is not None:  # the checkpoints ℓ = 10^{k/per_decade} inside the step, on the dense output
            d = sol.dense_output()
            for k in range(math.floor(per_decade * math.log10(max(-ll_old, 1.0))) + 1,
                           math.ceil(per_decade * math.log10(min(-ll, -target_log_loss)))):
                g = lambda v, lv=-(10 ** (k / per_decade)): float(net.forward_np(d(v)[:P])[3]) - lv  # noqa: E731
                if g(sol.t_old) > 0 > g(sol.t):
                    sk = brentq(g, sol.t_old, sol.t, xtol=1e-15 * sol.t, rtol=4 * EPS)
                    uk = d(sk)
                    lk = float(net.forward_np(uk[:P])[3])
                    record(sk, uk[P] - lk, lk, steps, net.to_B(uk[:P]))
        if ll <= target_log_loss:
            d = sol.dense_output()
            g = lambda v: float(net.forward_np(d(v)[:P])[3]) - target_log_loss  # noqa: E731
            s = sol.t_old if g(sol.t_old) <= 0 else brentq(g, sol.t_old, sol.t, xtol=1e-15 * sol.t, rtol=4 * EPS)
            u = d(s)
            ll = float(net.forward_np(u[:P])[3])
            located = True  # on the level up to rounding (an ulp above it must not start another step)
        if not net.mode_holds(u[:P]):
            broken = True
            break
        if record is not None:
            record(s, u[P] - ll, ll, steps, net.to_B(u[:P]))
    if broken:
        return None
    info = {"s": s, "log_t": float(u[P] - ll), "log_loss": ll, "steps": steps, "rejected": 0,
            "reached_target": located or ll <= target_log_loss,
            "stats": {"field_evals": net.evals, "jacobians": jevals[0], "steps": steps}}
    return net.to_B(u[:P]), info


__getattr__ = former_names(__name__, {"FixedModeNet": FixedModePiece}, {"FixedModeNet": NETS})  # 0.1's name, until 0.3.0
