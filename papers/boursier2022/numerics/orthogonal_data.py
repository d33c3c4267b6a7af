"""Orthogonal regression data for two-layer ReLU networks (Boursier et al. 2022's setting).

``x_k = r_k q_k`` with orthonormal ``q_k`` (QR of a Gaussian matrix, explicit seed) and signed labels. The
default fixture ``s8`` has 3 positive and 3 negative points with ``q_k = e_k`` (d = n = 6), built so that its
*predicted* numbers equal those of docs/claims-ext.md §8 (whose exact fixture is not given): plateau
``(1/2n)Σ_{y<0}y² = 0.05833``, escape times ``ln(1/λ)/D_± = 28.9, 82.4`` at λ = 1e-6 and minimum variation
norm ``‖β₊‖ + ‖β₋‖ = 4.915``. Negative labels (−0.6, −0.5, −0.3) on norm r₋; positive labels ∝ (2.4, 2, 1.5)
on norm r₊, with r₋, r₊ and the positive scale solved from those three targets.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.data.sets import stream_generator
from ibcheck.numerics.runtime.device import DEFAULT_DTYPE
from ibcheck.numerics.runtime.errors import InputError

S8_LAMBDA = 1e-6
S8_TAU = (28.9, 82.4)
S8_MIN_VARIATION = 4.915
S8_NEG = np.array([-0.6, -0.5, -0.3])


def s8_fixture() -> tuple[np.ndarray, np.ndarray]:
    """``(X, y)``, 6×6, with §8's predicted plateau, escape times and minimum variation norm."""
    n = 6
    L = math.log(1.0 / S8_LAMBDA)
    sn = float(np.sum(S8_NEG ** 2))  # 0.7 → plateau 0.7/12
    r_m = (n * L / S8_TAU[1]) / math.sqrt(sn)  # D₋ = r₋√Σy₋²/n
    a = S8_MIN_VARIATION - math.sqrt(sn) / r_m  # ‖β₊‖ = √Σy₊² / r₊
    b = n * L / S8_TAU[0]  # D₊·n = r₊√Σy₊²
    r_p = math.sqrt(b / a)
    yp = np.array([2.4, 2.0, 1.5])
    yp *= (b / r_p) / np.linalg.norm(yp)
    y = np.concatenate([yp, S8_NEG])
    X = np.diag(np.array([r_p] * 3 + [r_m] * 3))
    return X, y


def random_orthogonal(n: int, d: int, seed: int, *, n_pos: int | None = None, r_range=(0.5, 1.5),
                      y_range=(0.3, 2.0)) -> tuple[np.ndarray, np.ndarray]:
    """n orthogonal points in R^d (d ≥ n) with norms U[r_range] and labels ±U[y_range] (n_pos positives)."""
    if d < n:
        raise InputError(f"orthogonal data need d ≥ n (got n={n}, d={d})")
    g = stream_generator(seed, 2)
    Q, _ = torch.linalg.qr(torch.randn(d, n, generator=g, dtype=DEFAULT_DTYPE))
    r = r_range[0] + (r_range[1] - r_range[0]) * torch.rand(n, generator=g, dtype=DEFAULT_DTYPE)
    X = (Q * r).T.numpy().copy()
    n_pos = n // 2 if n_pos is None else n_pos
    mag = y_range[0] + (y_range[1] - y_range[0]) * torch.rand(n, generator=stream_generator(seed, 1), dtype=DEFAULT_DTYPE)
    y = mag.numpy() * np.where(np.arange(n) < n_pos, 1.0, -1.0)
    return X, y
