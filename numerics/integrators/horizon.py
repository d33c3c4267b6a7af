"""Far horizons for homogeneous-net flows: gradient flow in the log-loss clock, integrated by an implicit method.

Late in a flow on a positively homogeneous network (degree L, ``ρ = ‖θ‖``, ``ℓ = log(1/𝓛) ~ ρ^L``) the field
``F = −∇𝓛/𝓛`` (the flow in ``ds = 𝓛 dt``) grows like ``ρ^{L−1}`` while the Jacobian ``DF`` has a stiff part
``−Jᵀdiag(ω)J`` (ω = softmax(−q), J the margins' Jacobian) of size ``ρ^{2L−2}``: measured in the time a decade
of ℓ takes, the stiffness grows like ℓ, so an explicit solver's steps per decade grow like ℓ (stability, not
accuracy, limits them). The direction of the flow does not depend on the clock; here it runs in

    τ = log ℓ:   dθ/dτ = c F,   c = ℓ/‖F‖²   (so dℓ/dτ = ⟨F, dθ/dτ⟩ = ℓ exactly: ℓ = e^τ on the path),

the continuous analogue of Lyu–Li's loss-based step, in which a decade of ℓ is ``Δτ = log 10`` whatever ℓ, and
by an L-stable implicit Runge–Kutta method (Radau IIA, order 5, scipy's ``Radau`` driven step by step) with the
analytic Jacobian, so the stiff modes (eigenvalues ~ −ℓ in τ) cost nothing in step size. Carried along:
``J`` with ``dJ/ds = LΣω_n q_n`` (the integrated Euler identity, = d(½‖θ‖²)/ds), the reparametrised time s
(``ds/dτ = c``) and ``w = log(t·𝓛)`` (``dw/dτ = e^{−w}c − ℓ``; O(log ℓ) in size where ``log t`` itself is ~ℓ,
so relative control on w is absolute control on log t = w + ℓ).

Analytic Jacobian: ``DF = Σ_n ω_n ∇²q_n − Jᵀdiag(ω)J + FFᵀ`` with the per-sample Hessians of the two-layer net
(``∂²q_n/∂a_j∂w_j = y_nσ'(z_jn)x_n``, ``∂²q_n/∂w_j² = y_n a_j σ''(z_jn)x_nx_nᵀ``); tested against finite
differences. A replaced derivative (``net.deriv``, the negative controls) has no known σ'': scipy then takes a
finite-difference Jacobian.

``horizon_flow`` hands off from LSODA in ``ds = 𝓛 dt`` (``_early``: Adams, then BDF once stiff, with the same
analytic Jacobian; every step recorded, the level located on the dense output)
at ``ℓ = handoff`` (default 1: the loss below 1/e, the saddle escape from a small init done)
and records every accepted implicit step plus the geometric checkpoints ``ℓ = 10^{k/per_decade}`` exactly (each
checkpoint is a step end of the method, not an interpolant).

Two methods for the log-loss clock (``method``): ``Radau`` (above; restarted at every checkpoint) and ``LSODA``
(BDF once stiff, the same analytic Jacobian, one integration with every checkpoint as its critical time ``tcrit``;
it reuses a Jacobian and its LU over many steps: measured 59 Jacobians for 584 steps where Radau took 145 and 362
LU factorisations for 391, flow to ℓ = 1e4 at rtol 1e-9). LSODA's error along the flow makes ℓ drift from e^τ (by
~1e-8 relative at rtol 1e-9 over four decades): each checkpoint and the end are projected onto their level ℓ = e^τ
along F (a step ``Δτ ~ 1e-8``, exact to Δτ²), which leaves an end-state error of 1.1e-10 (Radau: 8.6e-11).
At equal final error (≤ 1e-9) on both default nets of the homogeneous-flow checks LSODA is the faster (measured:
docs/benchmarks.md, the clock rows); ``Radau`` stays the default of ``horizon_flow`` for its other callers.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

LOG10 = math.log(10.0)
EPS = float(np.finfo(np.float64).eps)
METHODS = ("Radau", "LSODA")  # the implicit phase's integrator in the log-loss clock
_ROUNDING_FACTOR = 20.0  # the implicit phase's rtol is at least 20·ℓ·EPS (see horizon_flow)
_SCALARS_TIGHTER = 15.0  # LSODA: the carried integrals J, s, w at tol/15 (see _lsoda_tols)


def _d2sigma(net, Z: np.ndarray) -> np.ndarray:
    """σ'' of the net's activation (relu^p: p(p−1)max(z,0)^{p−2}, 0 for p = 1 off the kink)."""
    if net.act == "relu":
        if net.p == 1:
            return np.zeros_like(Z)
        if net.p == 2:
            return 2.0 * (Z > 0)
        return net.p * (net.p - 1) * np.maximum(Z, 0.0) ** (net.p - 2)
    return np.full_like(Z, 2.0) if net.act == "square" else np.zeros_like(Z)


def field_and_jacobian(net, th: np.ndarray, jac: bool = True):
    """``F = −∇𝓛/𝓛``, ``log 𝓛``, the margins q, ω = softmax(−q) and (``jac``) ``DF`` (P×P) and the margins'
    Jacobian ``Jq`` (n×P). A net with its own ``field_and_jacobian(th, jac)`` (e.g. ``numerics.trainers.leaky_horizon``'s
    fixed-mode leaky network) provides them itself."""
    own = getattr(net, "field_and_jacobian", None)
    if own is not None:
        return own(th, jac)
    Z, S, q, ll = net.forward_np(th)
    full = ll + (math.log(net.n) if net.reduction == "mean" else 0.0)
    omega = np.exp(-q - full)
    F = net.weighted_grad_np(th, omega, Z, S)
    if not jac:
        return F, ll, q, omega, None, None
    X, y = net.numpy_data()
    m, r = net.m, net.r
    a = th[:m]
    Jq = net.per_sample_grads(th)
    DF = -(Jq.T * omega) @ Jq + np.outer(F, F)
    cw = omega * y
    cross = (net.dsigma(Z) * cw[None, :]) @ X  # (m, r): Σ_n ω_n y_n σ'(z_jn) x_n
    blocks = np.einsum("jn,nk,nl->jkl", a[:, None] * _d2sigma(net, Z) * cw[None, :], X, X)
    for j in range(m):
        sl = slice(m + j * r, m + (j + 1) * r)
        DF[j, sl] += cross[j]
        DF[sl, j] += cross[j]
        DF[sl, sl] += blocks[j]
    return F, ll, q, omega, DF, Jq


class LogLossClock:
    """The augmented system ``y = (θ, J, s, w)`` in ``τ = log ℓ`` (module docstring), with its Jacobian."""

    def __init__(self, net):
        self.net = net
        self.P = net.size
        self.evals = 0
        self.jevals = 0

    def rhs(self, tau, y):
        self.evals += 1
        P, L = self.P, self.net.degree
        F, ll, q, om, _, _ = field_and_jacobian(self.net, y[:P], jac=False)
        ell = -ll
        c = ell / float(F @ F)
        return np.concatenate([c * F, [c * L * float(om @ q), c, math.exp(-y[P + 2]) * c - ell]])

    def jac(self, tau, y):
        self.jevals += 1
        P, L = self.P, self.net.degree
        F, ll, q, om, DF, Jq = field_and_jacobian(self.net, y[:P])
        ell = -ll
        N2 = float(F @ F)
        c = ell / N2
        DFF = DF @ F
        gc = F / N2 - 2.0 * ell * DFF / (N2 * N2)  # ∇c (∇ℓ = F, ∇‖F‖² = 2 DF F, DF symmetric)
        e = float(om @ q)
        ge = Jq.T @ (om - om * q + om * e)  # ∇(ωᵀq)
        ew = math.exp(-y[P + 2])
        out = np.zeros((P + 3, P + 3))
        out[:P, :P] = c * DF + np.outer(F, gc)
        out[P, :P] = L * (c * ge + e * gc)
        out[P + 1, :P] = gc
        out[P + 2, :P] = ew * gc - F
        out[P + 2, P + 2] = -ew * c
        return out


def early_system(net):
    """The early phase's ODE in ``ds = 𝓛 dt``: ``y = (θ, J, t)``, ``(F, LΣω_n q_n, 1/𝓛)``, and its analytic
    Jacobian (θ-columns only: J and t do not feed back), as ``(f(s, y), jac(s, y))``."""
    P, L = net.size, net.degree

    def f(s, y):
        F, ll, q, om, _, _ = field_and_jacobian(net, y[:P], jac=False)
        return np.concatenate([F, [L * float(om @ q), math.exp(-ll)]])

    def jac(s, y):
        F, ll, q, om, DF, Jq = field_and_jacobian(net, y[:P])
        e = float(om @ q)
        out = np.zeros((P + 2, P + 2))
        out[:P, :P] = DF
        out[P, :P] = L * (Jq.T @ (om - om * q + om * e))
        out[P + 1, :P] = math.exp(-ll) * F
        return out
    return f, jac


def _early(net, theta0, stop_log_loss, rtol, max_steps, record, euler, LSODA, start=(0.0, 0.0)):
    """The flow in ``ds = 𝓛 dt`` from θ₀ to ``log 𝓛 = stop_log_loss`` by LSODA (Adams while non-stiff, BDF after;
    the analytic Jacobian), state ``(θ, J, t)`` (``dt/ds = 1/𝓛``: at most n here), every step recorded, the level
    located on the dense output (Brent). Returns the state there and ``flow.integrate``'s info keys."""
    from scipy.optimize import brentq
    P = net.size
    f, jac = early_system(net)

    def rec(s, y, ll, k):
        if record:
            record(s, math.log(y[P + 1]) if y[P + 1] > 0 else -math.inf, ll, k, (y[:P + 1] if euler else y[:P]).copy())

    y = np.concatenate([theta0, [0.0, start[1]]])
    ll = float(net.forward_np(theta0)[3])
    atol = np.concatenate([np.full(P, 1e-4 * rtol * float(np.abs(theta0).max())), [1e-6 * rtol] * 2])
    sol = LSODA(f, start[0], y, 1e300, rtol=rtol, atol=atol, jac=jac if net.deriv is None else None)
    rec(start[0], y, ll, 0)
    steps, s = 0, start[0]
    while ll > stop_log_loss and steps < max_steps and sol.status == "running":
        if sol.step() is not None:
            break
        steps += 1
        s, y = sol.t, sol.y.copy()
        ll = float(net.forward_np(y[:P])[3])
        if ll <= stop_log_loss:
            d = sol.dense_output()
            g = lambda u: float(net.forward_np(d(u)[:P])[3]) - stop_log_loss  # noqa: E731
            if g(sol.t_old) <= 0:  # the interpolant already below at the step's start (rounding): take it there
                s = sol.t_old
            elif g(sol.t) <= 0:
                s = brentq(g, sol.t_old, sol.t, xtol=1e-15 * sol.t, rtol=4 * EPS)
            y = d(s)
            ll = float(net.forward_np(y[:P])[3])
        rec(s, y, ll, steps)
    info = {"s": s, "log_t": math.log(y[P + 1]) if y[P + 1] > 0 else -math.inf, "log_loss": ll, "steps": steps,
            "rejected": 0, "reached_target": ll <= stop_log_loss, "time_to_log2_over_n": None,
            "stats": {"field_evals": sol.nfev, "early_jacobians": sol.njev}}
    return y, info


def horizon_flow(net, theta0: np.ndarray, *, target_log_loss: float, rtol: float = 1e-10, handoff: float = 1.0,
                 per_decade: int = 4, max_steps: int = 200000, record: Callable | None = None,
                 euler: bool = True, start: tuple = (0.0, 0.0), method: str = "Radau") -> dict:
    """Gradient flow of ``net`` from ``theta0`` to ``log 𝓛 = target_log_loss`` (module docstring).

    ``record(s, log_t, log_loss, steps, y)`` with ``y = (θ, J)`` (``J`` the Euler integral; ``euler=False``:
    ``y = θ``) at every accepted step of both phases and at the checkpoints ``ℓ = 10^{k/per_decade}`` beyond the
    handoff. Returns the info dict of ``numerics.trainers.flow.integrate`` (``s``, ``log_t``, ``log_loss``, ``steps``,
    ``rejected``, ``reached_target``, ``stats``) plus ``handoff_log_loss`` and ``checkpoints`` (the ℓ recorded
    exactly). The last state is moved onto the target level along F (a step of ``Δτ ≤ rtol``).
    The implicit phase's tolerance is ``max(rtol, 20·ℓ·EPS)`` per segment (ℓ at its end): the margins' rounding.
    ``method``: the implicit phase's integrator, ``Radau`` or ``LSODA`` (module docstring).
    A replaced derivative (``net.deriv``) makes F not the gradient of ℓ: the whole flow then runs in s (LSODA).
    ``start = (s₀, t₀)``: the reparametrised and the real time at ``theta0`` (a flow continued from another
    integrator).
    """
    from scipy.integrate import LSODA

    if method not in METHODS:
        raise ValueError(f"horizon_flow: method must be one of {METHODS}, not {method!r}")
    P, L = net.size, net.degree
    theta0 = np.asarray(theta0, dtype=np.float64)
    stop1 = -max(handoff, 1.0) if target_log_loss < -max(handoff, 1.0) else target_log_loss
    if net.deriv is not None:  # a replaced σ' (negative controls): F is not ∇ℓ, the clock ℓ = e^τ does not hold
        stop1 = target_log_loss
    y1, info = _early(net, theta0, stop1, rtol, max_steps, record, euler, LSODA, start)
    info["handoff_log_loss"] = info["log_loss"]
    info["checkpoints"] = []
    if not info["reached_target"] or info["log_loss"] <= target_log_loss:
        info["reached_target"] = info["log_loss"] <= target_log_loss
        info["state"] = y1[:P + 1] if euler else y1[:P]
        return info
    sys_ = LogLossClock(net)
    ell0 = -info["log_loss"]
    y = np.concatenate([y1[:P], [y1[P], info["s"], info["log_t"] - ell0]])
    tau, tau_end = math.log(ell0), math.log(-target_log_loss)
    k0 = math.floor(per_decade * tau / LOG10 + 1e-9) + 1
    marks = [k * LOG10 / per_decade for k in range(k0, math.ceil(per_decade * tau_end / LOG10 - 1e-9))]
    marks = [t for t in marks if tau < t < tau_end] + [tau_end]
    steps, rejected = info["steps"], info["rejected"]
    stats = {"early_steps": steps, "implicit_steps": 0, "field_evals": info["stats"]["field_evals"],
             "jacobians": 0, "lu": 0, "method": method}
    late = _late_lsoda if method == "LSODA" else _late_radau
    y = late(net, sys_, y, tau, marks, rtol, max_steps, record, euler, target_log_loss, stats, info, steps)
    steps = stats["early_steps"] + stats["implicit_steps"]
    ll = float(net.forward_np(y[:P])[3])
    stats["field_evals"] += sys_.evals
    stats["jacobians"] = sys_.jevals
    info.update({"s": float(y[P + 1]), "log_t": float(y[P + 2] - ll), "log_loss": ll, "steps": steps,
                 "rejected": rejected, "reached_target": ll <= target_log_loss, "stats": stats,
                 "state": np.concatenate([y[:P], [y[P]]]) if euler else y[:P].copy()})
    return info


def _onto_level(net, sys_, tau, y, mark, tau_end, target_log_loss, both=False):
    """At a checkpoint: onto the target level along the flow when it is the last one (Δτ ~ tol: an Euler step is
    exact to Δτ²; 1e-13 past it). ``both``: also back onto it from beyond (LSODA: ℓ drifts from e^τ by ~10·rtol)
    and onto every checkpoint's level ``ℓ = e^mark``. Returns ``(y, log 𝓛)``."""
    P = net.size
    ll = float(net.forward_np(y[:P])[3])
    level = target_log_loss if mark == tau_end else -math.exp(mark)
    for _ in range(3):
        if not both and (mark != tau_end or ll <= level):
            break
        # on it: below the level by at most 1e-12 relative (the Euler step's own error, ~Δτ² ≤ 1e-16, aside)
        if both and level * (1 + 1e-12) <= ll <= level:
            break
        y = y + (math.log(level / ll) + 1e-13) * sys_.rhs(tau, y)
        ll = float(net.forward_np(y[:P])[3])
    return y, ll


def _rec(record, net, y, ll, steps, euler):
    P = net.size
    record(y[P + 1], y[P + 2] - ll, ll, steps, np.concatenate([y[:P], [y[P]]]) if euler else y[:P].copy())


def _tol_atol(P, y, mark, rtol):
    """The segment's tolerances: ``max(rtol, 20·ℓ·EPS)`` (ℓ = e^mark: the margins q ~ ℓ carry rounding ~ℓ·EPS,
    the weights e^{−q} that much relative error — a tolerance below it is noise, and Radau's Newton iteration,
    tolerance ~1e-5·rtol, stalls on it: measured rtol 1e-10 stalls at ℓ ≈ 1.5e5, 1e-9 at ℓ ≈ 5e6); atol relative
    to the segment's start (θ: 1e-6 of its largest entry)."""
    tol = max(rtol, _ROUNDING_FACTOR * EPS * math.exp(mark))
    scale = np.abs(y)
    return tol, np.concatenate([np.full(P, 1e-6 * tol * float(scale[:P].max())), tol * (1e-6 + scale[P:])])


def _lsoda_tols(P, y, mark, rtol):
    """``_tol_atol`` as vectors, the carried scalars (J, s, w) held ``_SCALARS_TIGHTER``× tighter: they are
    integrals whose error accumulates over every step, and the checks read them (the Euler identity J to 1e-8
    relative, log t = w + ℓ). Measured, integrated Euler identity's relative error at rtol 1e-10: 7.7e-10 → 8.2e-11
    (ℓ = 1e3), 3.5e-9 → 6.3e-10 (ℓ = 1e5, where the rounding floor 20·ℓ·EPS = 4.4e-10 sets the tolerance), at no
    measurable cost (Radau: 7.2e-12, 1.9e-13)."""
    tol, atol = _tol_atol(P, y, mark, rtol)
    tight = np.full(P + 3, tol)
    tight[P:] /= _SCALARS_TIGHTER
    atol[P:] /= _SCALARS_TIGHTER
    return tight, atol


def _late_radau(net, sys_, y, tau, marks, rtol, max_steps, record, euler, target_log_loss, stats, info, steps):
    """Radau IIA restarted at every checkpoint (each one a step end)."""
    from scipy.integrate import Radau
    P, tau_end, h = net.size, marks[-1], None
    for mark in marks:
        tol, atol = _tol_atol(P, y, mark, rtol)
        solver = Radau(sys_.rhs, tau, y, mark, rtol=tol, atol=atol, jac=sys_.jac if net.deriv is None else None,
                       first_step=min(h, mark - tau) if h else None)
        while solver.status == "running" and steps < max_steps:
            t_old = solver.t
            if solver.step() is not None:
                break
            h = solver.t - t_old
            steps += 1
            stats["implicit_steps"] += 1
            tau, y = solver.t, solver.y
            if record and solver.status == "running":
                _rec(record, net, y, float(net.forward_np(y[:P])[3]), steps, euler)
        stats["lu"] += solver.nlu
        if solver.status != "finished":
            break
        tau, y = solver.t, solver.y.copy()
        y, ll = _onto_level(net, sys_, tau, y, mark, tau_end, target_log_loss)
        info["checkpoints"].append(-ll)
        if record:
            _rec(record, net, y, ll, steps, euler)
    return y


def _late_lsoda(net, sys_, y, tau, marks, rtol, max_steps, record, euler, target_log_loss, stats, info, steps):
    """LSODA (BDF once stiff, the analytic Jacobian) in the log-loss clock, one integration through every
    checkpoint: each is LSODA's critical time ``tcrit`` (``itask = 5``: no step passes it, the step that would is
    cut to end on it), so a checkpoint is a step end without a restart (a restart costs the order and step-size
    ramp, 4 times a decade at the default ``per_decade``). The checkpoint's tolerances are set between steps (LSODA reads rtol/atol at
    every step). scipy's ``LSODA`` keeps ``tcrit = t_bound`` in its integrator's work array: moved here."""
    from scipy.integrate import LSODA
    P, tau_end = net.size, marks[-1]
    tol, atol = _lsoda_tols(P, y, marks[0], rtol)
    jac = sys_.jac if net.deriv is None else None
    solver = LSODA(sys_.rhs, tau, y, marks[0], rtol=tol, atol=atol, jac=jac)
    lsoda, lu_before = _tcrit_handle(solver), 0
    for i, mark in enumerate(marks):
        if i and lsoda is not None:  # the next segment: its end as the critical time, its tolerances
            tol, atol = _lsoda_tols(P, y, mark, rtol)
            solver.t_bound, solver.status = mark, "running"
            lsoda.rwork[0], lsoda.call_args[0], lsoda.call_args[1] = mark, tol, atol
        elif i:  # a scipy without them: a fresh LSODA per segment (the public API; a restart's ramp each time)
            tol, atol = _lsoda_tols(P, y, mark, rtol)
            lu_before += solver.nlu
            solver = LSODA(sys_.rhs, tau, y, mark, rtol=tol, atol=atol, jac=jac)
        while solver.status == "running" and steps < max_steps:
            t_old = solver.t
            if solver.step() is not None:
                break
            if solver.t == t_old:  # a critical time LSODA did not take up (scipy's internals changed): stop, loudly
                raise RuntimeError("LSODA did not advance past a checkpoint (its critical time was not updated)")
            steps += 1
            stats["implicit_steps"] += 1
            tau, y = solver.t, solver.y
            if record and solver.status == "running":
                _rec(record, net, y, float(net.forward_np(y[:P])[3]), steps, euler)
        if solver.status != "finished":  # a failed step or the step budget: the last step's state, not reached
            return y.copy()
        tau, y = solver.t, solver.y.copy()
        # the checkpoint recorded on its level (ℓ = e^mark up to 1e-12); the integration goes on from the step end
        yc, ll = _onto_level(net, sys_, tau, y, mark, tau_end, target_log_loss, both=True)
        info["checkpoints"].append(-ll)
        if record:
            _rec(record, net, yc, ll, steps, euler)
    stats["lu"] = lu_before + int(solver.nlu)
    return yc


def _tcrit_handle(solver):
    """scipy's LSODA integrator whose work array holds ``tcrit`` (``rwork[0]``) and whose ``call_args`` hold the
    tolerances — private, as of scipy 1.10–1.17 — or None where a scipy lacks them (then a fresh LSODA per
    segment: the same answer to its tolerance, with a restart's order and step ramp at each checkpoint)."""
    lsoda = getattr(getattr(solver, "_lsoda_solver", None), "_integrator", None)
    return lsoda if all(hasattr(lsoda, a) for a in ("rwork", "call_args")) else None
