"""Wrong answers for the flows whose checks map every recorded state (``Hooks.limit``): razincohen2020's W(t) (2×2,
decade checkpoints and the raw phase) and boursier2022's (a, W)(t) (grid, snapshot, final state, every GD iterate).
The families are those of ``tests.discrimination.families``."""
from __future__ import annotations

import numpy as np

from .families import SCALES, Probe, _H, _rng


# ---- razincohen2020: Hooks.limit(W) maps every recorded 2×2 W(t) (decade checkpoints and the raw phase) ----------
def rc_random() -> Probe:
    """A random 2×2 matrix of W(t)'s Frobenius norm at every checkpoint (fresh draws: a random trajectory)."""
    def hooks():
        g = _rng(10)

        def f(W):
            R = g.normal(size=(2, 2))
            return R * (np.linalg.norm(W) / np.linalg.norm(R))
        return _H(limit=f)
    return Probe("a random W of W(t)'s norm at every checkpoint", hooks)


def rc_min_nuclear() -> Probe:
    """The min-nuclear-norm completion [[0, w12], [w21, w22]] at every checkpoint (the convex relaxation's answer)."""
    return Probe("the min-nuclear-norm completion (W₁₁ = 0) at every checkpoint",
                 lambda: _H(limit=lambda W: np.array([[0.0, 1.0], [1.0, 0.0]])))


def rc_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·W(t)", (lambda c=c: _H(limit=lambda W: c * np.asarray(W)))) for c in SCALES]


def rc_completion() -> Probe:
    """A completion that fits the observed entries exactly (W₁₁ = 5, det = −1): labels fitted, no low-rank drift."""
    return Probe("the completion W₁₁ = 5 (fits every observed entry; det −1) at every checkpoint",
                 lambda: _H(limit=lambda W: np.array([[5.0, 1.0], [1.0, 0.0]])))


# ---- boursier2022: Hooks.limit(net, z) maps every state read out of the flow (grid, snapshot, final), every GD iterate
def _bz_random(net, z):
    r = _rng(11).normal(size=np.shape(z))  # one fixed direction (a consistent trajectory), the state's norm
    return r * (np.linalg.norm(z) / np.linalg.norm(r))


def bz_fit(net, z):
    """One neuron per example, w_j = s_i x_i, a_j = y_i/(s_i‖x_i‖²), balanced (|a_j| = ‖w_j‖); the rest 0. On
    orthogonal data it interpolates exactly, with variation Σ_i|y_i|/‖x_i‖ > ‖β₊‖ + ‖β₋‖ (sum of norms, not norm of
    sums): labels fitted without one neuron per class."""
    m, n = len(net.perp), len(net.y)
    a, C = np.zeros(m), np.zeros((m, n))
    for i in range(min(m, n)):
        k = float(net.K[i, i])
        s = (abs(float(net.y[i])) / k ** 1.5) ** 0.5
        C[i, i], a[i] = s, float(net.y[i]) / (s * k)
    return net.pack(a, C)


def bz_random() -> Probe:
    return Probe("a fixed random state of the flow's norm at every read-out", lambda: _H(limit=_bz_random))


def bz_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·(a, W)(t)", (lambda c=c: _H(limit=lambda net, z: c * np.asarray(z)))) for c in SCALES]


def bz_structure() -> Probe:
    return Probe("one neuron per example (an exact interpolant, no class neurons) at every read-out",
                 lambda: _H(limit=bz_fit))


def bz_swapped() -> Probe:
    """The saddle prediction with the classes' roles swapped (the slow class escaping first)."""
    def ref(kind, pred):
        import dataclasses
        import math
        if kind != "saddle":
            return pred
        return dataclasses.replace(pred, plateau=pred.L0 - pred.plateau, tau_fast=pred.tau_slow,
                                   tau_slow=pred.tau_fast if math.isfinite(pred.tau_fast) else math.inf,
                                   fast="-" if pred.fast == "+" else "+")
    return Probe("the prediction with the classes swapped (the slow class escaping first)", lambda: _H(reference=ref))
