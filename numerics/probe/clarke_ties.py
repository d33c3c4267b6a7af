"""Ties that are not kinks: tied entries of a max-pool / ``maximum`` / ``clamp`` / ``abs`` that are the same function
of θ near the current point.

``max(a, b)`` at ``a(θ) = b(θ)`` with ``∇a = ∇b`` (both C¹ nearby) is differentiable with gradient ``∇a``, and so
is every limit of nearby gradients: its Clarke subdifferential is the single point ``{∇a}``. This happens all
the time in a CNN with a first-layer bias on images with a blank background (Lyu & Li's MNIST setting): every
window of an all-zero region holds ``relu(b_c)`` four times, one function of θ. A tie whose entries' gradients
differ is a genuine kink (``numerics.probe.clarke_kinks`` leaves it uncertified).

The gradients of all tied pairs of one example are compared at once through Gaussian sketches: with
``d_p = a_p − b_p`` and ``s_p = a_p + b_p`` over its tied pairs p and seeded ``r_p ~ N(0, 1)``,
``‖∇ Σ_p r_p d_p‖ ≤ τ·√m·‖∇ Σ_p |r_p| s_p‖`` for ``SKETCHES`` independent sketches (m pairs; τ the rounding bound of
the forward, ``homogeneous_probe.rounding_tol``). Equal gradients pass exactly (identical computations round
identically, and ``√m`` covers summing m roundings); a pair whose gradients differ by ``R`` (relative) passes
one sketch with probability at most ``0.8·τ√m/R`` (a Gaussian's density at 0), so all of them with at most
that to the power ``SKETCHES`` — below 1e-16 for ``R ≥ 1e-4`` at τ√m ≤ 1e-10.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from .homogeneous import Prepared, grad_vector
from .homogeneous_probe import Probe, rounding_tol

SKETCHES = 2  # independent Gaussian sketches per example


def same_function_ties(prep: Prepared, i: int, tol: float | None) -> tuple[bool, float]:
    # ``tol``: which values count as tied (the user's kink tolerance, or the rounding bound)
    """Are all ties of example ``i`` between entries with equal gradients? ``(yes, worst sketch ratio)``."""
    probe = Probe(prep.stack, live=True, tol=tol)
    with torch.enable_grad():
        prep.forward(prep.X[i:i + 1], probe=probe)
    terms = [(d, s, t) for _, d, s, t in probe.tie_terms if t[0].any()]
    if not terms:
        return True, 0.0
    m = sum(int(t[0].sum()) for _, _, t in terms)
    # the gradients' own rounding decides, whatever the user's kink tolerance (which says when values tie)
    tau = rounding_tol(probe.chain_terms) * math.sqrt(m)
    g = torch.Generator().manual_seed(1_000_003 + i)  # per example: the same draw whatever else is analysed
    worst = 0.0
    for _ in range(SKETCHES):
        rs = [torch.randn(d.shape[1], generator=g, dtype=torch.float64) * t[0] for d, _, t in terms]
        dsk = sum((r * d[0]).sum() for r, (d, _, _) in zip(rs, terms))
        ssk = sum((r.abs() * s[0]).sum() for r, (_, s, _) in zip(rs, terms))
        nd = float(np.linalg.norm(grad_vector(dsk, prep.params, retain=True))) if dsk.requires_grad else 0.0
        ns = float(np.linalg.norm(grad_vector(ssk, prep.params, retain=True))) if ssk.requires_grad else 0.0
        if nd > tau * ns:
            return False, nd / ns if ns > 0 else math.inf
        worst = max(worst, nd / ns if ns > 0 else 0.0)
    return True, worst
