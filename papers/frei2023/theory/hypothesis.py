"""Hypothesis (H) of Theorem 3.2: ``R_min² ≥ 3γ⁻³R²np``, measured from the Gram matrix."""
from __future__ import annotations

import numpy as np


def h_quantities(K: np.ndarray, gamma: float) -> dict:
    """``R_min``, ``R = R_max/R_min``, ``p = max_{i≠j}|K_ij|`` and ``H_slack = R_min²/(3γ⁻³R²np)``."""
    K = np.asarray(K, dtype=np.float64)
    n = K.shape[0]
    norms = np.sqrt(np.diag(K))
    off = np.abs(K - np.diag(np.diag(K)))
    p = float(off.max())
    rmin, rmax = float(norms.min()), float(norms.max())
    R = rmax / rmin
    return {"R_min": rmin, "R_ratio": R, "p": p, "n": n, "gamma": gamma,
            "H_slack": rmin ** 2 / (3 * gamma ** -3 * R ** 2 * n * p) if p > 0 else np.inf}
