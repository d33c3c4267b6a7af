"""Exact references for two-layer bias-free models ``x ↦ a·φ(Wx)``, recognised numerically on the data.

``W`` (m × d) is the only trainable tensor, or ``W`` and ``a`` are. A fixed outer layer ``a`` may be a frozen
parameter, a buffer or a plain tensor attribute (any fixed values): it is found among the model's fixed tensors
with m entries and must reproduce the outputs. With ``|a_j| = c`` for every j, ``a = c√m · a₁`` with
``a₁ = ±1/√m``, and ``f(x; W, a) = f(x; c√m W, a₁)``: the network is the leaky two-layer max-margin Problem (1) rescaled (``theory.two_layer_margin``), whose best
normalised margin ``min q/‖W‖`` is ``c√m`` times Problem (1)'s ``1/‖W*‖``.
"""
from __future__ import annotations

import math

import numpy as np
import torch

EXACT_RTOL = 1e-12  # the rebuilt a·φ(Wx) must agree with the model to float64 rounding of a two-layer sum


def two_layer(prep) -> tuple[np.ndarray, np.ndarray, float, bool, str | None] | None:
    """``(W, a, γ, a fixed?, name of the fixed a)`` if the model is ``x ↦ a·φ(Wx)`` on the data, else None."""
    from ibcheck.numerics.probe.homogeneous_probe import Probe
    ps = list(prep.params)
    if prep.classes != 1 or prep.X.ndim != 2 or not 1 <= len(ps) <= 2 or any(p.ndim > 2 for p in ps):
        return None
    d = prep.X.shape[1]
    W = next((p for p in ps if p.ndim == 2 and p.shape[1] == d), None)
    if W is None:
        return None
    m = W.shape[0]
    others = [p for p in ps if p is not W]
    if others:
        if others[0].numel() != m:
            return None
        cands = [(None, others[0])]
    else:
        cands = [(k, t) for k, t in prep.fixed.items() if t.numel() == m and t.dtype == torch.float64]
    probe = Probe(prep.stack)
    with torch.no_grad():
        f = prep.forward(probe=probe)
        if len(probe.sites) > 1:
            return None
        gamma = probe.sites[0].slope if probe.sites else 1.0
        if not 0.0 <= gamma <= 1.0:
            return None
        Z = prep.X @ W.T
        H = torch.maximum(gamma * Z, Z)
        for name, a in cands:
            g = H @ a.reshape(-1)
            if float((f - g).abs().max()) <= EXACT_RTOL * float(f.abs().max()):
                return W.detach().numpy(), a.detach().numpy().reshape(-1), float(gamma), name is not None or \
                    not a.requires_grad, name
    return None


def references(prep, two) -> dict:
    """The references of ``theory.homogeneous_kkt.two_layer_references``, rescaled for a fixed ``a = ±c``."""
    from ibcheck.theory.homogeneous_kkt import two_layer_references
    W, a, gamma, fixed, name = two
    X, y = prep.X.numpy(), prep.y.numpy()
    if not fixed:
        return two_layer_references(X, y, gamma, None)
    m = len(a)
    mags = np.abs(a)
    where = f" ({name})" if name else ""
    if not (mags.min() > 0 and np.allclose(mags, mags[0], rtol=1e-12, atol=0)):
        refs = two_layer_references(X, y, gamma, None)
        refs.pop("reference_margin", None)
        refs["reference"] = (f"fixed outer layer{where} with unequal magnitudes |a_j|: not a rescaled Problem (1), "
                             f"so no Problem (1) reference (SVM margin only)")
        refs.pop("reference_is_optimum", None)
        return refs
    c = float(mags[0])
    a1 = np.sign(a) / math.sqrt(m)
    refs = two_layer_references(X, y, gamma, a1)
    k = c * math.sqrt(m)  # f(x; W, a) = f(x; c√m W, a₁): margins per ‖W‖ scale by c√m
    for key in ("reference_margin", "problem1_aligned_margin", "problem1_global_margin"):
        if refs.get(key) is not None:
            refs[key] = refs[key] * k
    refs["outer_layer"] = {"source": name or "frozen parameter", "magnitude": c, "rescale": k}
    if abs(k - 1) > 1e-12:
        refs["reference"] = (f"rescaled {refs['reference']}; the fixed outer layer{where} is ±{c:.6g} = c√m·(±1/√m), "
                             f"so every margin above is multiplied by c√m = {k:.6g}")
    elif name:
        refs["reference"] += f"; fixed outer layer {name}"
    return refs
