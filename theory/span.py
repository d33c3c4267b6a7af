"""Row spaces and kernel projections of a data matrix: the linear algebra shared by the linear-predictor papers.

Gradient descent on a linear predictor moves ``w`` only inside ``range Zᵀ`` (the span of the examples), so the
component ``P_{ker Z} w`` keeps its initial value: Soudry et al.'s residual limit and Ji–Telgarsky's
separable/non-separable decomposition both split ``w`` along ``range Zᵀ ⊕ ker Z``.
"""
from __future__ import annotations

import numpy as np


def row_space(Z: np.ndarray) -> np.ndarray:
    """Orthonormal basis (d, r) of ``range Zᵀ`` (the span of the rows)."""
    if Z.shape[0] == 0:
        return np.zeros((Z.shape[1], 0))
    U, s, Vt = np.linalg.svd(Z, full_matrices=False)
    r = int((s > s.max() * max(Z.shape) * np.finfo(float).eps).sum()) if s.size else 0
    return Vt[:r].T


def kernel_projection(Z: np.ndarray, w: np.ndarray) -> np.ndarray:
    """``P_{ker Z} w = w − V Vᵀ w`` with ``V`` a basis of ``range Zᵀ``."""
    V = row_space(Z)
    return w - V @ (V.T @ w)
