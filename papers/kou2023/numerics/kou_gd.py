"""Gradient descent on Kou et al.'s two-layer (leaky) ReLU network, first layer only, logistic loss.

``f(x) = F₊₁(x) − F₋₁(x)``, ``F_j(x) = (1/m)Σ_r σ(⟨w_{j,r},x⟩)``, ``σ(z) = max(z, γz)`` (γ = 0: ReLU, with
σ'(0) = 0), ``L_S = (1/n)Σ_i ℓ(y_i f(x_i))``, ``ℓ(q) = log(1 + e^{−q})``. Span coordinates per class,
``W_j = W_j^⊥ + B_j X`` (GD never moves W_j^⊥): preactivations ``B_j K``, cost per step O(m n²) whatever d.
Batched over seeds along a leading axis S (each seed its own data and init). The loss is carried in log
space (``log ℓ(q)`` from margins; ``|ℓ'(q)| = e^{−softplus(q)}``), so nothing underflows. Stable ranks
``srank(A) = ‖A‖_F²/‖A‖₂²`` of W₊₁, W₋₁ and of the full 2m×d matrix come from the Gram matrices
``B K Bᵀ + W^⊥W^⊥ᵀ``.
"""
from __future__ import annotations

import math
from typing import Callable

import torch
import torch.nn.functional as F

from ibcheck.numerics.trainers.two_layer import log_loss
from ibcheck.numerics.trajectory import Trajectory, former_names


def checkpoints(steps: int) -> list[int]:
    """0..10, then 10 points per decade (10^{k/10}), and the last step."""
    pts = set(range(0, min(steps, 10) + 1))
    k = 10
    while True:
        t = int(round(10 ** (k / 10)))
        if t > steps:
            break
        pts.add(t)
        k += 1
    pts.add(steps)
    return sorted(pts)


def _srank(G: torch.Tensor) -> torch.Tensor:
    ev = torch.linalg.eigvalsh(G)
    return ev.sum(-1) / ev[..., -1]


def kou_gd(K: torch.Tensor, y: torch.Tensor, B0: torch.Tensor, P: torch.Tensor, eta, gamma: float, steps: int, *,
           deriv: Callable | None = None, sign: float = 1.0,
           observe: Callable | None = None) -> Trajectory:
    """``K`` (S,n,n), ``y`` (S,n) ±1, ``B0`` (S,2m,n) (rows 0..m−1: class +1), ``P`` (S,2m,2m) = W^⊥W^⊥ᵀ.

    ``deriv`` (a wrong σ'), ``sign`` (−1: ascent) and ``observe`` (``(B, P) -> (B', P')``: the state each
    checkpoint records, a wrong answer in place of GD's; the steps stay GD's) exist for negative controls only.

    Returns a ``Trajectory`` (engine ``gd``) on the recorded ``steps``: states, each (S,) per step, ``srank_pos``,
    ``srank_neg``, ``srank_full`` (stable ranks of F₊₁, F₋₁ and W), ``margin_ratio`` (max_i q_i / min_i q_i; inf
    while some q_i ≤ 0) and ``margin_min``; ``log_loss`` (S,) per step; stat ``B``, the final coefficients (S,2m,n)
    (GD's own, never ``observe``'s).
    """
    S, m2, n = B0.shape
    m = m2 // 2
    cls = torch.cat([torch.ones(m), -torch.ones(m)]).to(K).view(1, m2, 1)  # +1 rows of F₊₁, −1 of F₋₁
    eta_t = torch.as_tensor(eta, dtype=K.dtype).reshape(-1, 1, 1)
    when = set(checkpoints(steps))
    rec = Trajectory(clock=[], log_loss=[], engine="gd", clock_name="steps", stats={"B": None}, states={
        "srank_pos": [], "srank_neg": [], "srank_full": [], "margin_ratio": [], "margin_min": []})
    B = B0.clone()
    for t in range(steps + 1):
        Z = B @ K
        act = torch.maximum(Z, gamma * Z)
        f = (cls * act).sum(1) / m
        q = y * f
        if t in when:
            Bo, Po = (B, P) if observe is None else observe(B, P)
            G = Bo @ K @ Bo.transpose(-1, -2) + Po
            qo = q if observe is None else y * (cls * torch.maximum(Bo @ K, gamma * (Bo @ K))).sum(1) / m
            rec.steps.append(t)
            rec.srank_pos.append(_srank(G[:, :m, :m])), rec.srank_neg.append(_srank(G[:, m:, m:]))
            rec.srank_full.append(_srank(G))
            rec.log_loss.append(torch.logsumexp(log_loss(qo, "logistic"), -1) - math.log(n))
            qmin, qmax = qo.min(-1).values, qo.max(-1).values
            rec.margin_min.append(qmin)
            rec.margin_ratio.append(torch.where(qmin > 0, qmax / qmin, torch.full_like(qmin, math.inf)))
        if t == steps:
            break
        dZ = torch.where(Z > 0, torch.ones_like(Z), torch.full_like(Z, gamma)) if deriv is None else deriv(Z)
        coef = torch.exp(-F.softplus(q)) * y / n  # −ℓ'(q_i) y_i / n
        B = B + sign * eta_t * cls * dZ * coef.unsqueeze(1) / m
    rec.B = B
    return rec


__getattr__ = former_names(__name__, {"KouRecord": Trajectory})  # 0.1's record, until 0.3.0
