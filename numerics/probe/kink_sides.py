"""Which side of its kink each near-kink pre-activation lies on in exact arithmetic on the stored values.

A pre-activation counted as at its kink (``|z| ≤ tol·scale``, ``numerics.probe.clarke_kinks``) is, in exact arithmetic on
the stored parameters and data, either exactly at the kink (the Clarke interval of its derivative is the truth) or
on one side (the model is smooth there, with derivative 1 or γ). Three cases:

* ``z`` straight out of an affine map of the data (the first layer): computed exactly, ``Σ_j c_j x_j + b`` in
  ``fractions.Fraction`` over the stored values (the coefficients ``c = ∂z/∂x`` are single weights, read off
  exactly by one backward pass) — ``0`` (a kink) or its sign. The sign at the user's θ is that at ``θ̃ = cθ``
  (a positively homogeneous layer: ``z(cθ) = c^l z(θ)``), so the stored θ decides;
* ``|z|`` beyond its rounding bound (a user's ``kink_tol`` above it): the computed sign is the exact one;
* otherwise both sides (and the kink) remain possible: ``None``.

A reported upper bound must hold on every side that is not excluded (``ibcheck.kkt_bound``).
"""
from __future__ import annotations

from fractions import Fraction

import torch
import torch.nn.functional as F

KINK, POS, NEG = 0, 1, -1  # exact status of an element: at its kink, positive side, negative side; None: unknown


def exact_z(site, i: int, e: int, params: list, original: list) -> Fraction | None:
    """The exact pre-activation ``e`` of example ``i`` at the user's stored θ (``original``), or None."""
    if site.affine is None:
        return None
    kind, h, W, b, rest, kw = site.affine
    idx = {id(p): j for j, p in enumerate(params)}
    if id(W) not in idx or (b is not None and id(b) not in idx):
        return None  # a weight computed from θ (not a stored tensor): no exact value of the stored numbers
    W0 = original[idx[id(W)]]
    b0 = None if b is None else original[idx[id(b)]]
    op = getattr(F, kind)
    x = h[i:i + 1].detach().clone().requires_grad_(True)
    with torch.enable_grad():
        z = op(x, W0, None, *rest, **kw).reshape(-1)[e]
        (c,) = torch.autograd.grad(z, x)
    with torch.no_grad():
        bias = 0.0 if b0 is None else float(op(torch.zeros_like(x), W0, b0, *rest, **kw).reshape(-1)[e])
    cs, xs = c.reshape(-1).tolist(), x.detach().reshape(-1).tolist()
    return sum((Fraction(a) * Fraction(v) for a, v in zip(cs, xs) if a != 0 and v != 0), Fraction(bias))


def status(kinks, i: int, element: tuple, params: list, original: list):
    """``KINK``, ``POS``, ``NEG`` (exact arithmetic decides) or None (both sides possible) for one kink element."""
    s, e = element
    site = kinks.sites[s]
    ez = exact_z(site, i, e, params, original)
    if ez is not None:
        return KINK if ez == 0 else (POS if ez > 0 else NEG)
    z = float(site.z[i].reshape(-1)[e])
    sc = float(site.scale[i].reshape(-1)[e])
    if abs(z) > site.rounding * sc:
        return POS if z > 0 else NEG
    return None
