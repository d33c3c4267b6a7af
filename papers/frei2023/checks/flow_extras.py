"""frei2023 Section 3: what the flow's run says besides its limit — whether it stalled above log(2)/n (Theorem 3.4's
counterexample) and how far GD drifts from it as the step shrinks (an extra measurement, ``gd_drift``).

Both read the leaky net (``numerics.trainers.two_layer.LeakyNet``) in span coordinates, where
``‖M‖² = tr(M K Mᵀ)`` for a coefficient matrix M of the span part ``MX``.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.trainers.flow import flow_to_time, gradient_descent
from ibcheck.numerics.trainers.two_layer import LeakyNet


def stall_quantities(net: LeakyNet, B: torch.Tensor, R_min: float, n: int) -> dict:
    """``‖∇ log L̂(W)‖_F`` at the flow's end point, relative to its scale ``R_min/√n`` at a small init.

    A flow that stops above log(2)/n with this ≈ 0 sits at a stationary point of L̂ (Theorem 3.4 says none is
    reached); a flow that stops with it O(1) was still descending when its budget ran out.
    """
    F, _ = net.neg_grad_over_loss(B)
    g = float(torch.sqrt(torch.trace(F @ net.K @ F.T).clamp_min(0)))
    return {"field_norm": g, "field_norm_relative": g / (R_min / math.sqrt(n))}


def gd_drift(net: LeakyNet, B0: torch.Tensor, T: float, halvings: int = 4, steps0: int = 25) -> dict:
    """How far GD (and loss-normalised GD is not comparable in t) drifts from GF at real time ``T``:
    ``‖W_GD(T) − W_GF(T)‖/‖W_GF(T)‖`` for ``η = T/steps`` with ``steps = steps0·2^k``; fitted order in η."""
    ref = flow_to_time(net, B0, T)
    dB = lambda B: float(torch.sqrt(torch.trace((B - ref) @ net.K @ (B - ref).T)) /  # noqa: E731
                         torch.sqrt(torch.trace(ref @ net.K @ ref.T)))
    etas, devs = [], []
    for k in range(halvings + 1):
        steps = steps0 * 2 ** k
        B = gradient_descent(net, B0, T / steps, steps).B
        etas.append(T / steps)
        devs.append(dB(B))
    order = float(np.polyfit(np.log(etas), np.log(np.maximum(devs, 1e-300)), 1)[0])
    return {"T": T, "eta": etas, "rel_distance": devs, "order": order}
