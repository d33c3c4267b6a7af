"""Gradient descent on ``f(x) = Σ_k a_k σ(⟨w_k,x⟩)`` with squared loss ``L = ½ Σ_i (f(x_i) − y_i)²``.

Two trainers that must agree (tests check 1e-10 relative):

* ``gd_span`` — the span-reduced trainer. With ``w_k = w_k^⊥ + Xᵀα_k`` (``w^⊥`` orthogonal to the data
  span, never touched by GD because ``∇_{w_k} L = Xᵀ c_k``), predictions are ``β_k = K α_k`` and a step is
  ``α_k ← α_k − η c_k`` with ``c_k = a_k (f − y) ⊙ σ'(β_k)``. Cost per step O(S·m·n²): independent of ``d``.
  Seeds are batched along a leading axis ``S`` (one tensor op for all seeds).
* ``gd_direct`` — plain autograd GD on ``W ∈ R^{m×d}``: the reference the reduction is checked against.

``σ`` is ``relu`` (``σ' = 𝟙{β>0}``, torch's convention at 0) or ``linear`` (the linear-regression baseline).
Stopping rule (docs/claims.md): ``‖∇L‖ ≤ grad_rtol · ‖∇L at step 0‖``, with ``‖∇L‖² = Σ_k c_kᵀ K c_k``.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import torch

from ..trajectory import Trajectory, former_names

ACTIVATIONS = ("relu", "linear")


def relu_derivative(beta: torch.Tensor) -> torch.Tensor:
    """``σ'(β) = 𝟙{β > 0}`` (torch's subgradient choice at 0)."""
    return (beta > 0).to(beta.dtype)


def checkpoint_steps(max_steps: int, every_until: int = 20, factor: float = 1.5) -> set[int]:
    """Steps at which the trajectory is recorded: every step up to ``every_until``, then geometric."""
    steps = set(range(min(every_until, max_steps) + 1))
    t = float(max(every_until, 1))
    while t <= max_steps:
        steps.add(int(round(t)))
        t *= factor
    return steps


def _record(traj: Trajectory, t: int, alpha: torch.Tensor, beta: torch.Tensor, loss: torch.Tensor) -> None:
    """Append step ``t``'s state to ``gd_span``'s record (CPU copies)."""
    traj.clock.append(t)
    traj.alphas.append(alpha.detach().cpu().clone())
    traj.betas.append(beta.detach().cpu().clone())
    traj.patterns.append((beta > 0).cpu())
    traj.losses.append(loss.detach().cpu().clone())


def _span_record() -> Trajectory:
    return Trajectory(clock=[], states={"betas": [], "alphas": [], "patterns": [], "losses": []}, engine="gd")


def _span_result(traj: Trajectory, **final) -> Trajectory:
    traj.stats.update(final)
    return traj


def gd_span(K: torch.Tensor, y: torch.Tensor, a: torch.Tensor, alpha0: torch.Tensor, eta,
            *, activation: str = "relu", max_steps: int = 20000, grad_rtol: float = 1e-12,
            deriv: Callable[[torch.Tensor], torch.Tensor] | None = None,
            record_every_until: int = 20, record_factor: float = 1.5, backend: str = "auto") -> Trajectory:
    """Batched span-reduced GD. Shapes: ``K`` (S,n,n), ``y`` (S,n), ``a`` (m,), ``alpha0`` (S,m,n).

    ``eta`` is a float or an (S,) tensor. ``deriv`` overrides ``σ'`` (used by negative controls).
    ``backend``: ``auto`` runs float64 CPU tensors without a ``deriv`` hook in numpy (``_gd_span_np``: the same
    operations without torch's per-op overhead, ~2 µs per op, which dominates at small n); ``torch`` forces
    the tensor loop (any device, the hooks).

    A ``Trajectory`` (engine ``gd``) on the recorded steps (``clock``): states ``alphas``, ``betas``, ``patterns``
    ((S, m, n) CPU tensors each; a pattern is 𝟙{β > 0}) and ``losses`` ((S,) each; L itself: ``log_loss`` is None).
    Stats, the final state per seed (leading axis S): ``alpha``, ``beta`` (S, m, n), ``loss`` (S,), ``steps`` (S,),
    the steps taken until the stopping rule fired (or max_steps), ``converged`` and ``diverged`` (S,) bool (the loss
    became non-finite), ``grad_norm0``, ``grad_norm`` (S,), ``pattern_step1`` (S, m, n) bool, 𝟙{β > 0} after one
    step, and ``pattern_changes_after_step1`` (S,), the steps t ≥ 2 at which any activation changed.
    """
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {ACTIVATIONS}, got {activation!r}")
    if deriv is None and K.device.type == "cpu" and K.dtype == torch.float64 and backend != "torch":
        return _gd_span_np(K, y, a, alpha0, eta, activation, max_steps, grad_rtol,
                           checkpoint_steps(max_steps, record_every_until, record_factor))
    S, m, n = alpha0.shape
    dt, dev = K.dtype, K.device
    a = a.to(device=dev, dtype=dt).view(1, m, 1)
    eta_t = torch.as_tensor(eta, dtype=dt, device=dev).reshape(-1, 1, 1).expand(S, 1, 1)
    if deriv is None:
        deriv = relu_derivative if activation == "relu" else torch.ones_like
    act = torch.relu if activation == "relu" else (lambda b: b)
    record = checkpoint_steps(max_steps, record_every_until, record_factor)

    alpha = alpha0.to(device=dev, dtype=dt).clone()
    active = torch.ones(S, dtype=torch.bool, device=dev)  # seeds still being updated
    converged = torch.zeros(S, dtype=torch.bool, device=dev)
    diverged = torch.zeros(S, dtype=torch.bool, device=dev)
    steps = torch.zeros(S, dtype=torch.long, device=dev)
    changes = torch.zeros(S, dtype=torch.long, device=dev)
    traj = _span_record()
    prev_pattern = pattern1 = None
    g0 = None
    t = 0
    while True:
        beta = alpha @ K
        r = (a * act(beta)).sum(1) - y  # (S,n) residual f − y
        loss = 0.5 * (r * r).sum(-1)
        c = a * r.unsqueeze(1) * deriv(beta)  # (S,m,n): ∇_{w_k} L = Xᵀ c_k
        gnorm = ((c @ K) * c).sum((1, 2)).clamp_min(0).sqrt()
        pattern = beta > 0
        if t == 0:
            g0 = gnorm.clone()
        if t == 1:
            pattern1 = pattern.clone()
        if t >= 2:
            changed = (pattern != prev_pattern).flatten(1).any(1) & active
            changes += changed.long()
        prev_pattern = pattern
        bad = ~torch.isfinite(loss) & active
        diverged |= bad
        done_now = active & (gnorm <= grad_rtol * g0)
        converged |= done_now
        active &= ~(done_now | bad)
        if t in record or not bool(active.any()) or t == max_steps:
            _record(traj, t, alpha, beta, loss)
        if not bool(active.any()) or t == max_steps:
            break
        upd = active.view(S, 1, 1).to(dt)
        alpha = alpha - upd * eta_t * c
        steps += active.long()
        t += 1
    if pattern1 is None:  # converged at step 0: the pattern "after step 1" is the initial one
        pattern1 = pattern.clone()
    return _span_result(traj, alpha=alpha, beta=beta, loss=loss, steps=steps, converged=converged, diverged=diverged,
                        grad_norm0=g0, grad_norm=gnorm, pattern_step1=pattern1, pattern_changes_after_step1=changes)


def _gd_span_np(K, y, a, alpha0, eta, activation, max_steps, grad_rtol, record) -> Trajectory:
    """``gd_span``'s loop in numpy float64: the same arithmetic as the torch loop (the sums over m, n as BLAS
    products), so results agree with it to rounding (≤ 1e-12 relative) and are bitwise reproducible.

    At small n a step is a dozen calls on n-vectors, so what it costs is per-call overhead, not flops. The loop
    therefore allocates nothing: every intermediate has its own buffer (``out=``), the ReLU mask is a float
    0/1 array (``β·𝟙{β>0}`` and ``c = a ⊙ r ⊙ 𝟙{β>0}`` as float products, no bool casts), ``r = a σ(β) − y``
    skips the product when m = 1 and a = 1 (``1·x = x`` exactly), the activation-change count compares the
    mask's bytes (a per-seed comparison only on the steps where some activation changed), and the stopping
    rule and the divergence test run on Python floats of the per-seed ``‖c‖²_K`` and ``‖r‖²`` (``√`` is
    correctly rounded in both, so the decisions are numpy's). Every value is the same operation on the same
    operands as in a plain vectorised loop (a batch's stacked matmul makes per seed the BLAS call that one seed
    makes on its 1-d/2-d views), so a batch is bitwise its one-seed runs (tests/test_trainer.py).
    """
    Kn = K.detach().numpy()
    S, m, n = alpha0.shape
    yn = y.detach().to(K.dtype).numpy().reshape(S, 1, n)
    an = a.detach().to(K.dtype).numpy()
    arow, acol = an.reshape(1, 1, m), an.reshape(1, m, 1)
    eta_n = np.ascontiguousarray(np.broadcast_to(
        np.asarray(torch.as_tensor(eta, dtype=K.dtype).numpy()).reshape(-1, 1, 1), (S, 1, 1)))
    relu = activation == "relu"
    unit = bool(np.all(an == 1.0))
    direct_r = unit and m == 1  # r = σ(β) − y: the (1×1)·(1×n) product would be an exact copy
    alpha = alpha0.detach().to(K.dtype).numpy().copy()
    beta, mask, c, cK = (np.empty((S, m, n)) for _ in range(4))
    fb = np.empty((S, m, n)) if relu else beta
    r3, l3, g3 = np.empty((S, 1, n)), np.empty((S, 1, 1)), np.empty((S, 1, 1))
    r3T, cK_row, c_col = r3.transpose(0, 2, 1), cK.reshape(S, 1, m * n), c.reshape(S, m * n, 1)
    one = S == 1  # one seed: the same BLAS calls on 2-d/1-d views (bitwise the batched ones), scalars as floats
    if one:
        K1, r1, cK1, c1 = Kn[0], r3[0, 0], cK.reshape(-1), c.reshape(-1)
        a1, b1 = (alpha[0, 0], beta[0, 0]) if m == 1 else (alpha[0], beta[0])
        eta1 = float(eta_n[0, 0, 0])
    prev = np.empty((S, m, n))
    prev_b = b""
    active = np.ones(S, dtype=bool)
    live = list(range(S))  # seeds still being updated
    converged, diverged = np.zeros(S, dtype=bool), np.zeros(S, dtype=bool)
    stop_at = np.full(S, -1, dtype=np.int64)
    changes = np.zeros(S, dtype=np.int64)
    traj = _span_record()
    T = torch.from_numpy
    pattern1 = g0 = thr = loss = None
    t = 0
    with np.errstate(over="ignore", invalid="ignore"):
        while True:
            if not one:
                np.matmul(alpha, Kn, out=beta)
            elif m == 1:
                np.dot(a1, K1, out=b1)
            else:
                np.matmul(a1, K1, out=b1)
            np.greater(beta, 0.0, out=mask)  # 𝟙{β > 0} as 1.0/0.0
            if relu:
                np.multiply(beta, mask, out=fb)
            if direct_r:
                np.subtract(fb, yn, out=r3)
            else:
                np.matmul(arow, fb, out=r3)
                np.subtract(r3, yn, out=r3)  # (S, 1, n): f − y
            if one:
                l3[0, 0, 0] = r1.dot(r1)  # ‖r‖² = 2L
            else:
                np.matmul(r3, r3T, out=l3)
            if not relu:
                np.multiply(acol, r3, out=c)
            elif unit:
                np.multiply(mask, r3, out=c)
            else:
                np.multiply(acol, mask, out=c)
                np.multiply(c, r3, out=c)
            if not one:
                np.matmul(c, Kn, out=cK)
                np.matmul(cK_row, c_col, out=g3)  # ‖∇L‖² = Σ_k c_kᵀ K c_k
            else:
                if m == 1:
                    np.dot(c1, K1, out=cK1)
                else:
                    np.matmul(c[0], K1, out=cK[0])
                g3[0, 0, 0] = cK1.dot(c1)
            pb = mask.tobytes()
            if t == 0:
                g0 = np.sqrt(np.maximum(g3[:, 0, 0], 0.0))
                thr = (grad_rtol * g0).tolist()
            elif t == 1:
                pattern1 = mask > 0
            elif pb != prev_b:
                changes += ((mask != prev).reshape(S, -1).any(1) & active)
            if pb != prev_b:
                np.copyto(prev, mask)
                prev_b = pb
            ls, gs = (l3.ravel().tolist(), g3.ravel().tolist()) if not one else ([l3.item()], [g3.item()])
            stopped = False
            for s in live:
                g2 = gs[s]  # ‖∇L‖ = √max(g2, 0) ≤ thr, on Python floats (sqrt correctly rounded, as numpy's)
                done = (g2 > 0.0 and math.sqrt(g2) <= thr[s]) or (g2 <= 0.0 and 0.0 <= thr[s])
                bad = not math.isfinite(ls[s])
                if done or bad:
                    converged[s] |= done
                    diverged[s] |= bad
                    active[s] = False
                    stop_at[s] = t
                    stopped = True
            if stopped:
                live = [s for s in live if active[s]]
            if t in record or not live or t == max_steps:  # the loop always ends on a recorded step
                loss = 0.5 * l3[:, 0, 0]  # L = ½‖r‖²
                _record(traj, t, T(alpha), T(beta), T(loss))
            if not live or t == max_steps:
                break
            if one:
                np.multiply(c, eta1, out=c)
                np.subtract(alpha, c, out=alpha)
            elif len(live) == S:
                np.multiply(eta_n, c, out=c)
                np.subtract(alpha, c, out=alpha)
            else:
                alpha[...] = alpha - (active.reshape(S, 1, 1) * eta_n) * c
            t += 1
    if pattern1 is None:
        pattern1 = mask > 0
    steps = np.where(stop_at >= 0, stop_at, t)
    gnorm = np.sqrt(np.maximum(g3[:, 0, 0], 0.0))
    return _span_result(traj, alpha=T(alpha), beta=T(beta), loss=T(loss), steps=T(steps), converged=T(converged),
                        diverged=T(diverged), grad_norm0=T(g0), grad_norm=T(gnorm), pattern_step1=T(pattern1),
                        pattern_changes_after_step1=T(changes))


def gd_direct(X: torch.Tensor, y: torch.Tensor, a: torch.Tensor, W0: torch.Tensor, eta: float, *,
              activation: str = "relu", max_steps: int = 20000, grad_rtol: float = 1e-12,
              keep_betas: bool = True) -> Trajectory:
    """Autograd GD in ``R^{m×d}`` for one seed: the reference for ``gd_span`` (same stopping rule).

    A ``Trajectory`` (engine ``autograd_gd``) on the steps ``t`` = 0, 1, … (none without ``keep_betas``): state
    ``betas``, β (m, n) at every step (for agreement tests); stats the final ``W`` (m, d), ``beta`` (m, n), ``loss``,
    ``steps`` and ``converged``.
    """
    act = torch.relu if activation == "relu" else (lambda b: b)
    W = W0.clone().requires_grad_(True)
    a = a.to(X)
    g0 = None
    betas = []
    converged = False
    t = 0
    while True:
        beta = W @ X.T
        loss = 0.5 * (((a[:, None] * act(beta)).sum(0) - y) ** 2).sum()
        (grad,) = torch.autograd.grad(loss, W)
        gn = float(grad.norm())
        if keep_betas:
            betas.append(beta.detach().clone())
        if g0 is None:
            g0 = gn
        if gn <= grad_rtol * g0:
            converged = True
            break
        if t == max_steps or not math.isfinite(float(loss.detach())):
            break
        with torch.no_grad():
            W -= eta * grad
        t += 1
    return Trajectory(clock=list(range(len(betas))), states={"betas": betas}, engine="autograd_gd",
                      stats={"W": W.detach(), "beta": beta.detach(), "loss": float(loss.detach()), "steps": t,
                             "converged": converged})


# 0.1's records, until 0.3.0 (relu_gd.Trajectory, gd_span's record, is the one Trajectory now: its series are plural)
__getattr__ = former_names(__name__, {"GDResult": Trajectory, "DirectResult": Trajectory})
