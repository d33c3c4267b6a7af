"""Gradient flow of one ReLU neuron ``f(x) = ReLU(⟨w,x⟩)`` on ``L = ½Σ(f(x_i) − y_i)²`` (Vardi–Shamir's setting).

Between activation changes the flow is linear, ``ẇ = −X_Aᵀ(X_A w − y_A)`` (A the active examples,
``σ'(0) = 0``), and stiff when the examples have very different scales (γ = 20 gives eigenvalues 800 vs ≈ 1).
It is integrated by LSODA with its exact Jacobian ``−X_AᵀX_A`` at rtol 1e-10, and every sign change of a
preactivation ⟨w,x_i⟩ is located as an event; the integration restarts there with the new active set. The
loss is carried exactly (no underflow issue: it is a polynomial of the residuals).
"""
from __future__ import annotations

import math
import time
from typing import Callable

import numpy as np
from scipy.integrate import solve_ivp

from ibcheck.numerics.trajectory import Trajectory, former_names


def loss(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    return 0.5 * float(np.sum((np.maximum(X @ w, 0.0) - y) ** 2))


def neuron_flow(X: np.ndarray, y: np.ndarray, w0: np.ndarray, *, t_max: float = 1e6, rtol: float = 1e-10,
                loss_tol: float = 1e-26, max_events: int = 200, deriv: Callable | None = None,
                record: int = 0, rate: float = 1.0) -> Trajectory:
    """The flow from ``w0`` until ``L ≤ loss_tol``, ``t_max`` or ``max_events`` activation changes.

    ``deriv`` (negative controls only) replaces the ReLU derivative: the field becomes
    ``−Σ_i (ReLU(z_i) − y_i) deriv(z_i) x_i`` and is integrated without event handling.
    ``record > 0`` stores that many log-spaced checkpoints of (t, w, loss). ``rate`` (negative controls only)
    scales the whole field: −1 ascends, 0 freezes.

    A ``Trajectory`` (engine ``LSODA``, between activation events) whose ``clock`` holds, when ``record > 0``, 0,
    the checkpoints reached and the end, with states ``ws`` (w there, lists) and ``losses`` (L itself: ``log_loss``
    is None); none without ``record``. Stats: the end ``w``, ``loss``, ``t``; ``events`` ((t, i, "on"|"off") per
    activation change), ``nfev``, ``seconds``, ``reached_loss_tol`` and ``sliding`` ((t, i) where GF entered a
    sliding mode at a kink, not followed; None: never).
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w = np.asarray(w0, dtype=np.float64).copy()
    live = np.abs(X).sum(1) > 0  # a zero example never changes activity
    active = (X @ w > 0)
    t, nfev, events, sliding = 0.0, 0, [], None
    atol = 1e-16 * max(1.0, float(np.abs(y).max()))
    traj = {"t": [0.0], "w": [w.tolist()], "loss": [loss(X, y, w)]}
    t_rec = list(np.logspace(-3, math.log10(t_max), record)) if record else []
    t0 = time.perf_counter()

    def log_loss_event(t_, w_):
        L = loss(X, y, w_)
        return math.log(L) - math.log(loss_tol) if L > 0 else -1.0
    log_loss_event.terminal = True

    while True:
        if deriv is not None:
            def f(t_, w_):
                z = X @ w_
                return -rate * (X.T @ ((np.maximum(z, 0.0) - y) * deriv(z)))
            jac, evs = None, [log_loss_event]
        else:
            M = active.astype(float)

            def f(t_, w_, M=M):
                return -rate * (X.T @ (M * (X @ w_ - y)))
            J = -rate * (X.T * M) @ X

            def jac(t_, w_, J=J):
                return J

            def switch(t_, w_, M=M):  # > 0 while every live preactivation keeps its sign
                z = X @ w_
                s = np.where(M > 0, z, -z)[live]
                return float(s.min()) if s.size else 1.0
            switch.terminal, switch.direction = True, -1
            evs = [switch, log_loss_event]
        sol = solve_ivp(f, (t, t_max), w, method="LSODA", jac=jac, rtol=rtol, atol=atol, events=evs,
                        dense_output=bool(record))
        nfev += int(sol.nfev)
        t_end = float(sol.t[-1])  # a terminal event ends the solution exactly at the event
        for tt in [x for x in t_rec if t < x <= t_end]:
            ww = sol.sol(tt)
            traj["t"].append(float(tt)), traj["w"].append(ww.tolist()), traj["loss"].append(loss(X, y, ww))
        t, w = t_end, sol.y[:, -1].copy()
        if deriv is None and len(sol.t_events[0]) and len(events) < max_events:
            z = X @ w
            s = np.where(active, z, -z)
            s[~live] = np.inf
            i = int(np.argmin(s))
            active[i] = not active[i]
            events.append((t, i, "on" if active[i] else "off"))
            # Put w just on the new side of the kink (the event root is located to ~1e-16 either side):
            # ⟨w,x_i⟩ = ±1e-14·‖w‖‖x_i‖, a move far below the solver tolerance.
            xi = X[i]
            target = (1.0 if active[i] else -1.0) * 1e-14 * float(np.linalg.norm(w) * np.linalg.norm(xi))
            w = w + (target - float(xi @ w)) / float(xi @ xi) * xi
            M = active.astype(float)
            zdot = float(xi @ -(X.T @ (M * (X @ w - y))))
            if (zdot < 0) == bool(active[i]) and zdot != 0:  # both sides push into the kink: a sliding mode
                sliding = (t, i)
                break
            if not active[live].any():  # every example inactive: the neuron is dead, w never moves again
                break
            continue
        break
    L = loss(X, y, w)
    traj["t"].append(t), traj["w"].append(w.tolist()), traj["loss"].append(L)
    rec = traj if record else {"t": [], "w": [], "loss": []}
    return Trajectory(clock=rec["t"], states={"ws": rec["w"], "losses": rec["loss"]}, engine="LSODA",
                      clock_name="clock",
                      stats={"w": w, "loss": L, "t": t, "events": events, "nfev": nfev,
                             "seconds": time.perf_counter() - t0, "reached_loss_tol": L <= loss_tol * 1.01,
                             "sliding": sliding})


__getattr__ = former_names(__name__, {"NeuronFlow": Trajectory})  # 0.1's record, until 0.3.0
