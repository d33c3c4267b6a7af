"""[derived] The directional limit of Kou's network and the stable rank of its full weight matrix.

With both output signs and leaky slope γ < 1, the rows of W₊₁ tend to ``v₊ ∝ Σ_{y=+1}λ_i x_i − γΣ_{y=−1}λ_i x_i``
and those of W₋₁ to the mirror ``v₋``: the label-aligned KKT point of the max-margin problem (every example
a support vector, as in Frei et al.'s Problem (1) with a_j = ±1/m). Per class the limit has rank 1; the full
2m×d matrix has ``srank = tr G/λ_max(G)`` of the 2×2 Gram of (v₊, v₋), which equals ``2/(1 + |cos|)`` for equal
norms, ``cos(v₊, v₋) ≈ −2γ/(1+γ²)`` for balanced, orthogonal, equal-norm data.
"""
from __future__ import annotations

import numpy as np

from ibcheck.theory.label_aligned import closed_form_kkt


def srank(G: np.ndarray) -> float:
    ev = np.linalg.eigvalsh(G)
    return float(ev.sum() / ev[-1])


def full_srank_limit(K: np.ndarray, y: np.ndarray, m: int, gamma: float) -> dict:
    """The KKT point ``W = BX`` (closed form, ``Mλ = 𝟙``) and the stable ranks of its full and per-class matrices."""
    kkt = closed_form_kkt(K, y, m, m, gamma)
    G = kkt.B @ K @ kkt.B.T
    vp, vm = kkt.B[0], kkt.B[m]  # one row per class (all rows of a class are equal)
    cos = float(vp @ K @ vm / np.sqrt((vp @ K @ vp) * (vm @ K @ vm)))
    return {"srank_full": srank(G), "srank_pos": srank(G[:m, :m]), "srank_neg": srank(G[m:, m:]),
            "cos_vpm": cos, "cos_ideal": -2 * gamma / (1 + gamma ** 2), "srank_ideal": 2 / (1 + 2 * gamma / (1 + gamma ** 2)),
            "kkt_valid": kkt.valid, "kkt_residual": kkt.residual, "multipliers": kkt.lam.tolist()}
