"""GD on the two-layer network with the smoothed leaky ReLU and logistic loss (the smoothed-leaky GD regime).

``φ(z) = γz + (1−γ)(softplus(z) − log 2)``, ``φ'(z) = γ + (1−γ)σ(z)``; ``ℓ(q) = log(1+e^{−q})``,
``ℓ'(q) = −σ(−q)``. Span coordinates ``W = W₀^⊥ + BX`` (exact: GD never moves ``W₀^⊥``), batched over
seeds along a leading axis S. ``WWᵀ = BKBᵀ + W₀^⊥W₀^⊥ᵀ`` gives ``srank = ‖W‖_F²/‖W‖₂²`` without forming W.
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ..trajectory import Trajectory, former_names
from .frozen import NEVER
from .relu_gd import checkpoint_steps


def smooth_leaky(z, gamma):
    return gamma * z + (1 - gamma) * (F.softplus(z) - math.log(2.0))


def smooth_leaky_grad(z, gamma):
    return gamma + (1 - gamma) * torch.sigmoid(z)


def weight_stats(B, K, P):
    G = B @ K @ B.transpose(-1, -2) + P
    ev = torch.linalg.eigvalsh(G)
    fro2 = ev.sum(-1)
    top = ev[..., -1]
    return fro2 / top, top.clamp_min(0).sqrt(), fro2.clamp_min(0).sqrt()


def gd_smooth(K: torch.Tensor, y: torch.Tensor, a: torch.Tensor, B0: torch.Tensor, P: torch.Tensor, eta,
              gamma: float, steps: int, *, record_every_until: int = 20, record_factor: float = 1.25,
              act=smooth_leaky, act_grad=smooth_leaky_grad) -> Trajectory:
    """Batched GD: ``K`` (S,n,n), ``y`` (S,n), ``a`` (m,), ``B0`` (S,m,n), ``P`` (S,m,m), ``eta`` float or (S,).

    Returns a ``Trajectory`` (engine ``gd``) on the recorded ``steps``: states, each (S,) per step, ``srank``
    (stable rank of W), ``spectral`` (‖W‖₂), ``fro`` (‖W‖_F) and ``loss`` (L̂ itself: ``log_loss`` is None); stats
    ``B`` (the final coefficients, (S,m,n)) and ``frozen_at`` (S,), the first step t with B(t+1) == B(t) bit for
    bit while the loss is positive: frozen by float64 rounding from there on (``numerics.trainers.frozen``; −1:
    never).
    """
    S, m, n = B0.shape
    a = a.to(K).view(1, m, 1)
    eta_t = torch.as_tensor(eta, dtype=K.dtype, device=K.device).reshape(-1, 1, 1)
    rec = Trajectory(clock=[], states={"srank": [], "spectral": [], "fro": [], "loss": []}, engine="gd",
                     stats={"B": None, "frozen_at": None}, clock_name="steps")
    when = checkpoint_steps(steps, record_every_until, record_factor)
    B = B0.clone()
    frozen = torch.full((S,), NEVER, dtype=torch.long, device=K.device)
    for t in range(steps + 1):
        Z = B @ K
        q = y * (a * act(Z, gamma)).sum(1)
        if t in when or t == steps:
            sr, sp2, fr = weight_stats(B, K, P)
            rec.steps.append(t)
            rec.srank.append(sr.cpu()), rec.spectral.append(sp2.cpu()), rec.fro.append(fr.cpu())
            rec.loss.append(F.softplus(-q).mean(-1).cpu())
        if t == steps:
            break
        coef = torch.sigmoid(-q) * y / n  # −ℓ'(q_i) y_i / n
        B_next = B + eta_t * a * act_grad(Z, gamma) * coef.unsqueeze(1)
        # a state-only map: a repeated state while the loss still pushes repeats forever (numerics.trainers.frozen)
        same = (B_next == B).flatten(1).all(1) & (coef != 0).any(-1) & (frozen < 0)
        frozen = torch.where(same, torch.full_like(frozen, t), frozen)
        B = B_next
    rec.B, rec.frozen_at = B, frozen.cpu()
    return rec


def gd_direct_smooth(X, y, a, W0, eta, gamma, steps, act=smooth_leaky):
    """Naive reference: autograd GD on ``W ∈ R^{m×d}`` for one seed (same loss and step); returns the final W
    only (not a ``Trajectory``: a reference compared by its end state)."""
    W = W0.clone()
    for _ in range(steps):
        Wg = W.requires_grad_(True)
        q = y * (a[:, None] * act(Wg @ X.T, gamma)).sum(0)
        L = F.softplus(-q).mean()
        (g,) = torch.autograd.grad(L, Wg)
        W = (W - eta * g).detach()
    return W


__getattr__ = former_names(__name__, {"SGDRecord": Trajectory})  # 0.1's record class, until 0.3.0
