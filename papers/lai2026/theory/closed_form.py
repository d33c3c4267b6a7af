"""Closed forms of lai2026: the frozen-pattern GD limit and the Gram-concentration scale."""
from __future__ import annotations

import math

import numpy as np


def frozen_pattern_limit(K: np.ndarray, target: np.ndarray, alpha1: np.ndarray, active: np.ndarray) -> np.ndarray:
    """GD limit of one neuron whose pattern is frozen to ``active`` from step 1 on.

    Inactive coordinates never move again (``α_I = α_I⁽¹⁾``); the active ones run GD on the linear
    least-squares problem ``K_AA α_A + K_AI α_I⁽¹⁾ = target_A``, whose limit is
    ``α_A = K_AA⁻¹(target_A − K_AI α_I⁽¹⁾)``.
    """
    K = np.asarray(K, dtype=np.float64)
    a = np.array(alpha1, dtype=np.float64)
    A, I = active.astype(bool), ~active.astype(bool)
    if A.any():
        a[A] = np.linalg.solve(K[np.ix_(A, A)], target[A] - K[np.ix_(A, I)] @ a[I])
    return a


def gram_scale(lam_l1: float, lam_l2: float, n: int) -> float:
    """``‖λ‖₂ √(log n) / ‖λ‖₁``: the order of ``max|K/‖λ‖₁ − I|`` entries (Hanson–Wright + union bound)."""
    return lam_l2 * math.sqrt(math.log(n)) / lam_l1
