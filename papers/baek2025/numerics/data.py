"""The structured data of baek2025: features ±1 (every |x_ik| equal), labels from a planted Gaussian direction.

On such data each sample's squared gradient ``ℓ'(z_iᵀw)² z_i²`` is the same vector ``𝟙`` up to a scalar, so Adam's
per-sample second moment is a multiple of ``𝟙`` and per-sample Adam's preconditioner is isotropic — the mechanism by
which it keeps GD's ℓ2 bias (derived here; the paper's construction was not read, docs/claims-optimizers.md §3).
Full-batch Adam sees ``(Σ_i ℓ'_i z_i)²`` instead, which is not isotropic, and goes to the ℓ∞ max margin.
"""
from __future__ import annotations

import numpy as np

from ibcheck.numerics.data.linear_data import LinearData


def signs(n: int, d: int, seed: int) -> LinearData:
    """``X ∈ {±1}^{n×d}`` uniform, ``y = sign(X w⋆)`` with ``w⋆ ~ N(0, I)`` (``y = +1`` on a tie), numpy seed ``seed``.

    Separable by construction (w⋆ separates it; with probability 1 no tie). Odd n keeps every coordinate of the
    full-batch gradient at w = 0, ``−(1/2n) Σ_i z_i``, a sum of n odd terms ±1, nonzero (zhang2024's hypothesis).
    """
    r = np.random.default_rng(seed)
    X = r.choice(np.array([-1.0, 1.0]), size=(n, d))
    w = r.normal(size=d)
    y = np.sign(X @ w)
    y[y == 0] = 1.0
    return LinearData(X=X, y=y, kind="signs", info={"seed": seed, "law": "x_ik = ±1 uniform, y = sign(x·w⋆)"})
