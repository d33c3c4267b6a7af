"""Gradient flow, gradient descent and loss-normalised GD for the leaky two-layer network (fixed second layer ±1/√m).

Gradient flow ``dW/dt = −∇L̂(W)`` is integrated in the reparametrised time ``ds = L̂ dt``:
``dW/ds = −∇L̂/L̂`` (the same path; its speed stays O(1) while L̂ falls to 1e-300), with an embedded
Dormand–Prince 5(4) Runge–Kutta pair and error-controlled adaptive steps. Real time is carried along as
``log t`` (``dt/ds = 1/L̂`` exceeds the float range once L̂ < 1e-308). All in span coordinates (``W = W₀^⊥ + BX``), so the cost per step is independent of d.

The field jumps where a pre-activation crosses 0. ``gradient_flow`` and ``flow_to_time`` integrate it with
events by default (``numerics.integrators.flow_events``: the crossings located and the integrator restarted there,
Filippov sliding on a surface attracting from both sides); ``events=False`` runs the plain controller of
``integrate`` across the kinks (the previous behaviour, kept as the reference). ``gradient_flow``'s integrator is
the caller's ``engine`` object (``numerics.integrators.engine``), run on the net through ``LeakyFlow``.
"""
from __future__ import annotations

import math
import time
import warnings
from typing import Callable

import numpy as np
import torch

from ..integrators.dopri import A, B, E, log_increment, logaddexp
from ..integrators.engine import ENGINES, Engine, Explicit, Request
from ..trajectory import Trajectory, former_names
from .two_layer import LeakyNet

EXPLICIT = Explicit()


def snapshot(net: LeakyNet, B: torch.Tensor) -> dict:
    G = net.weight_gram(B)
    if not bool(torch.isfinite(G).all()):  # a broken (e.g. ascending) field blew W up: recorded as NaN, not a crash
        sv = torch.full((G.shape[0],), math.nan, dtype=G.dtype)
    else:
        sv = torch.linalg.eigvalsh(G).clamp_min(0).sqrt().flip(0)
    fro = float(torch.trace(G).clamp_min(0).sqrt())
    q = net.margins(B)
    return {"fro": fro, "normalized_margin": float(q.min()) / fro if fro > 0 else 0.0,
            "singular_values": sv.tolist()}


def integrate(field: Callable, y0: torch.Tensor, *, target_log_loss: float = -2000.0, s_end: float = math.inf,
              rtol: float = 1e-9, max_steps: int = 200000, record: Callable | None = None,
              record_every: float = 1.25, n: int = 1, stop: Callable | None = None,
              progress: Callable | None = None, progress_every: float = 0.2) -> tuple[torch.Tensor, dict]:
    """Dormand–Prince 5(4) on ``dy/ds = field(y)[0]`` (``field`` also returns ``log L̂``), with ``log t``.

    Stops at ``log L̂ ≤ target_log_loss``, at ``s = s_end`` (last step clipped), after ``max_steps`` accepted or
    ``max_steps`` rejected steps, or when the step size underflows to 0.
    Error control: ``max |err| / (rtol·(|y| + 1e-6·max|y|)) ≤ 1`` per accepted step.
    ``record(s, log_t, log_loss, steps, y)`` is called at geometric checkpoints in s and at the end;
    ``stop(y)``, evaluated at the same checkpoints, ends the integration when it returns True.
    ``progress(log_loss, target_log_loss)`` is called after an accepted step at most every ``progress_every``
    seconds of wall time (a progress bar's sub-progress inside a long flow); it must not touch ``y``.
    ``info["stats"]``: accepted and rejected steps, field evaluations and accepted/total.
    """
    log_target_t = math.log(math.log(2) / n)
    y = y0.clone()
    k1, logL = field(y)
    logL = float(logL)
    s, log_t, steps, rejected = 0.0, -math.inf, 0, 0
    t_cross = 0.0 if logL < log_target_t else None
    scale0 = max(float(y.abs().max()), 1e-12)
    h = 1e-3 * scale0 / max(float(k1.abs().max()), 1e-300)
    next_rec = 0.0
    t_prog = time.monotonic()
    if record:
        record(s, log_t, logL, steps, y)
    done = logL <= target_log_loss or s >= s_end
    # rejections count too: a NaN field rejects every step (h → 0 → NaN), which must end, not loop forever
    while not done and steps < max_steps and rejected < max_steps and h > 0:
        h = min(h, s_end - s)
        ks, logs = [k1], [logL]
        for i in range(1, 7):
            ki, li = field(y + h * sum(a * k for a, k in zip(A[i], ks)))
            ks.append(ki)
            logs.append(float(li))
        y_new = y + h * sum(b * k for b, k in zip(B, ks))
        err = h * sum(e * k for e, k in zip(E, ks))
        sc = rtol * (torch.maximum(y.abs(), y_new.abs()) + 1e-6 * float(y_new.abs().max()) + 1e-300)
        ratio = float((err.abs() / sc).max())
        if ratio <= 1.0 and math.isfinite(ratio):
            log_t = logaddexp(log_t, log_increment(h, logs))
            s, y, k1, logL = s + h, y_new, ks[6], logs[6]
            steps += 1
            if t_cross is None and logL < log_target_t:
                t_cross = math.exp(log_t)
            done = logL <= target_log_loss or s >= s_end
            if s >= next_rec or done:
                if record:
                    record(s, log_t, logL, steps, y)
                if stop is not None and stop(y):
                    done = True
                next_rec = s * record_every
            if progress is not None and not done and time.monotonic() - t_prog >= progress_every:
                progress(logL, target_log_loss)
                t_prog = time.monotonic()
        else:
            rejected += 1
        fac = 5.0 if ratio == 0 else (min(5.0, max(0.2, 0.9 * ratio ** (-0.2))) if math.isfinite(ratio) else 0.2)
        h *= fac
    stats = {"steps": steps, "rejected": rejected, "events": 0, "sliding": 0, "exits": 0,
             "field_evals": 1 + 6 * (steps + rejected), "accept_ratio": steps / max(steps + rejected, 1)}
    return y, {"s": s, "log_t": log_t, "log_loss": logL, "steps": steps, "rejected": rejected,
               "reached_target": logL <= target_log_loss, "time_to_log2_over_n": t_cross, "stats": stats}


class LeakyFlow:
    """The leaky two-layer net as the engines' ``FlowSystem`` (``numerics.integrators.engine``): its event-aware
    integrator across the declared surfaces ``{(BK)_ji = 0}`` (``LeakyModes.from_net``: the net's K, y, a, γ,
    loss), the plain DP5 on ``net.neg_grad_over_loss`` (the field callable, whatever it is), and the fixed-mode
    continuations of ``leaky_horizon`` (exponential loss only; their own tolerances, rtol 1e-10). States are
    tensors on ``device``; the event-aware and fixed-mode integrators work in numpy float64 (a lossless round trip)."""

    def __init__(self, net: LeakyNet, device):
        self.net, self.device = net, device

    def _t(self, y) -> torch.Tensor:
        return torch.from_numpy(np.array(y)).to(self.device)

    def switched(self, y0: torch.Tensor, req: Request):
        from ..integrators.flow_events import integrate_switched
        from .leaky_modes import LeakyModes
        rec, stop = req.record, req.stop
        y, info = integrate_switched(
            LeakyModes.from_net(self.net), y0.detach().cpu().numpy(), target_log_loss=req.target_log_loss,
            s_end=req.s_end, rtol=req.rtol, max_steps=req.max_steps,
            record=None if rec is None else (lambda s, lt, ll, k, y: rec(s, lt, ll, k, self._t(y))),
            record_every=req.record_every, n=req.n, stop=None if stop is None else (lambda y: stop(self._t(y))),
            progress=req.progress)
        return self._t(y), info

    def plain(self, y0: torch.Tensor, req: Request):
        return integrate(self.net.neg_grad_over_loss, y0, target_log_loss=req.target_log_loss, s_end=req.s_end,
                         rtol=req.rtol, max_steps=req.max_steps, record=req.record, record_every=req.record_every,
                         n=req.n, stop=req.stop, progress=req.progress)

    def fixed_mode(self, kind: str, y: torch.Tensor, *, s0: float, log_t0: float, steps0: int, req: Request):
        from .leaky_horizon import continue_on_horizon, continue_stiff
        K, yl, a = (t.detach().cpu().numpy() for t in (self.net.K, self.net.y, self.net.a))
        go = continue_stiff if kind == "stiff" else continue_on_horizon
        rec = req.record
        out = go(K, yl, a, self.net.gamma, y.detach().cpu().numpy(), s0=s0, log_t0=log_t0,
                 target_log_loss=req.target_log_loss, max_steps=req.max_steps,
                 record=None if rec is None else (lambda s, lt, ll, k, B: rec(s, lt, ll, steps0 + k, self._t(B))))
        return None if out is None else (self._t(out[0]), out[1])

    def fixed_mode_blocker(self) -> str | None:
        if self.net.loss != "exp":
            return f"the {self.net.loss} loss: the fixed-mode continuation integrates the exponential loss"
        return None


def gradient_flow(net: LeakyNet, B0: torch.Tensor, *, target_log_loss: float = -2000.0, s_end: float = math.inf,
                  rtol: float = 1e-9, max_steps: int = 200000, record_every: float = 1.25,
                  keep_B: bool = True, events: bool = True, progress: Callable | None = None,
                  stop: Callable | None = None, engine: Engine | str = EXPLICIT) -> Trajectory:
    """Span-reduced gradient flow ``dB/ds = −∇L̂/L̂`` from ``B0`` (default end: L̂ ≈ e^{−2000} ≈ 1e-869), integrated
    by ``engine`` (``numerics.integrators.engine``: what each integrates and when it applies).

    ``Explicit()`` (the default): activation crossings as events (``flow_events.integrate_switched``), the end
    exactly at ``log L̂ = target_log_loss`` and ``time_to_log2_over_n`` at the crossing itself.
    ``Explicit(events=False)`` (or ``events=False``, which no other engine accepts): the plain controller
    (``integrate``) on ``net.neg_grad_over_loss`` — the engine for a replaced field (negative controls), whose
    switching surfaces are unknown; every other engine integrates the net's declared K, y, a, γ and never reads
    that callable.
    ``Handoff(Explicit(), FixedMode("stiff" | "horizon"), fallback=...)``: the explicit flow past t₀, then the
    fixed-mode continuation (``stats["handoff"]`` reports a handoff not taken, and a crossing after it).
    ``progress(log_loss, target_log_loss)``: called at most every 0.2 s from inside the integrator.
    ``stop(B)``: evaluated at the record checkpoints, ends the flow when True.
    The strings ``"explicit"``, ``"stiff"``, ``"horizon"`` are deprecated (removed in 0.3.0): ``ENGINES[name]``.

    A ``Trajectory`` (``engine``: the name of the caller's engine; ``stats["engine"]``: the integrator that produced
    the end state) on the record checkpoints' reparametrised times ``s``:
    ``log_loss`` (log L̂) and states ``log_t`` (log of the real time), ``fro`` (‖W‖_F), ``normalized_margin``,
    ``singular_values`` (of W, descending), ``steps`` (RK steps so far) and ``B`` (``keep_B``). Stats: the end —
    ``B``, ``s``, ``log_t``, ``log_loss``, ``steps`` (where a series has the same name, read ``.stats[name]``),
    ``rejected``, ``reached_target``, ``time_to_log2_over_n`` (the real GF time when L̂ first fell below
    log(2)/n) — and the engine's counters (``events``, ``sliding``, ``exits``, ``field_evals``, ``accept_ratio``,
    ``engine``, ``handoff``).
    """
    if isinstance(engine, str):
        if engine not in ENGINES:
            raise ValueError(f"unknown engine {engine!r}: pass an engine object (numerics.integrators.engine)")
        warnings.warn(f"gradient_flow(engine={engine!r}) is deprecated and removed in 0.3.0: pass the engine object "
                      f"{ENGINES[engine]!r} (numerics.integrators.engine)", DeprecationWarning, stacklevel=2)
        engine = ENGINES[engine]
    if not isinstance(engine, Engine):
        raise TypeError(f"engine must be an Engine (numerics.integrators.engine), not {engine!r}: a FixedMode is a "
                        f"continuation, run it as Handoff(then=...)")
    if not events:  # the former switch, kept: it names the plain engine and conflicts with any other
        if engine not in (EXPLICIT, Explicit(events=False)):
            raise ValueError(f"events=False is the engine Explicit(events=False) and conflicts with {engine!r}")
        engine = Explicit(events=False)
    rec = Trajectory(clock=[], log_loss=[], clock_name="s", states={
        "log_t": [], "fro": [], "normalized_margin": [], "singular_values": [], "steps": [], "B": []})
    log_t_, fro_, nm_, sv_, steps_, B_ = rec.states.values()

    def record(s, log_t, logL, steps, B):
        snap = snapshot(net, B)
        rec.clock.append(s), log_t_.append(log_t), rec.log_loss.append(logL), steps_.append(steps)
        fro_.append(snap["fro"]), nm_.append(snap["normalized_margin"])
        sv_.append(snap["singular_values"])
        if keep_B:
            B_.append(B.clone())

    req = Request(target_log_loss=target_log_loss, s_end=s_end, rtol=rtol, max_steps=max_steps,
                  record_every=record_every, n=int(net.y.shape[0]), record=record, stop=stop, progress=progress,
                  restart=rec.restart)
    B, info = engine.run(LeakyFlow(net, B0.device), B0, req)
    rec.engine = engine.name
    rec.stats.update(info.pop("stats"))  # the end's steps and rejected are the counters' (one count)
    rec.stats.update(B=B, **info)
    return rec


def gradient_descent(net: LeakyNet, B0: torch.Tensor, eta: float, steps: int, *, normalized: bool = False) -> Trajectory:
    """Plain GD ``W ← W − η∇L̂`` or loss-normalised GD ``W ← W − η∇L̂/L̂``: a ``Trajectory`` (engine ``gd`` or
    ``normalized_gd``) on the steps ``t`` = 0 … steps−1 with ``log_loss`` (log L̂ at each step's start) and no state
    series; stat ``B``, the final iterate."""
    B = B0.clone()
    logs = []
    for _ in range(steps):
        g, logL = net.neg_grad_over_loss(B) if normalized else net.neg_grad(B)
        logs.append(float(logL))
        B = B + eta * g
    return Trajectory(clock=list(range(steps)), log_loss=logs, engine="normalized_gd" if normalized else "gd",
                      stats={"B": B})


def flow_to_time(net: LeakyNet, B0: torch.Tensor, T: float, *, rtol: float = 1e-9, max_steps: int = 100000,
                 events: bool = True) -> torch.Tensor:
    """Gradient flow in real time ``dB/dt = −∇L̂`` up to ``t = T``: ``integrate`` on the unscaled field
    (``events=True``: with the activation crossings as events, ``flow_events.integrate_switched``). Returns the
    state at ``T`` only (not a ``Trajectory``: its callers, references in real time, read nothing before ``T``)."""
    if not events:
        B, _ = integrate(net.neg_grad, B0, target_log_loss=-math.inf, s_end=T, rtol=rtol, max_steps=max_steps)
        return B
    from ..integrators.flow_events import integrate_switched
    from .leaky_modes import LeakyModes
    y, _ = integrate_switched(LeakyModes.from_net(net, real_time=True), B0.detach().cpu().numpy(),
                              target_log_loss=-math.inf, s_end=T, rtol=rtol, max_steps=max_steps, track_log_t=False)
    return torch.from_numpy(y).to(B0.device)


def direct_log_loss(X: torch.Tensor, y: torch.Tensor, a: torch.Tensor, gamma: float, loss: str, W: torch.Tensor):
    """``log L̂(W)`` computed in ``R^{m×d}`` (the direct reference for the span-reduced trainers)."""
    from .two_layer import leaky, log_loss
    q = y * (a[:, None] * leaky(W @ X.T, gamma)).sum(0)
    return torch.logsumexp(log_loss(q, loss), 0) - math.log(q.shape[0])


def direct_flow(X, y, a, gamma, loss, W0, **kw) -> tuple[torch.Tensor, dict]:
    """Gradient flow on ``W ∈ R^{m×d}`` itself: ``dW/ds = −∇ log L̂(W)`` (= −∇L̂/L̂) by autograd. Returns
    ``integrate``'s ``(W, info)`` (not a ``Trajectory``: a reference compared by its end state only)."""
    def field(W):
        Wg = W.detach().requires_grad_(True)
        ll = direct_log_loss(X, y, a, gamma, loss, Wg)
        (g,) = torch.autograd.grad(ll, Wg)
        return -g, ll.detach()
    return integrate(field, W0, n=int(y.shape[0]), **kw)


__getattr__ = former_names(__name__, {"FlowRecord": Trajectory, "FlowResult": Trajectory})  # 0.1's records, until 0.3.0
