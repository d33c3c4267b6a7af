"""The label-aligned KKT point of a two-layer leaky-ReLU max-margin problem with a fixed second layer.

Shared by Frei et al.'s Problem (1) (``min ½‖W‖_F² s.t. y_i f(x_i;W) ≥ 1``, ``a_j = ±1/√m``) and Kou et al.'s
directional limit (the same problem with both output signs): a positive neuron has slope 1 on ``y_i = +1`` and γ
on ``y_i = −1``, a negative neuron the reverse. With every constraint tight, stationarity
``W = Σ_i λ_i y_i ∇_W f_i`` gives the linear system ``Mλ = 𝟙``,
``M_ki = y_i y_k K_ik Σ_j a_j² S_ji S_jk``; the point is a KKT point when ``λ > 0`` and every preactivation has
the pattern's sign. Everything lives in the data span: ``W = BX``, ``Z = BK``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def aligned_slopes(y: np.ndarray, m1: int, m2: int, gamma: float) -> np.ndarray:
    """``S`` (m × n): 1 where the neuron's sign matches the label, γ elsewhere."""
    pos = np.where(y > 0, 1.0, gamma)
    neg = np.where(y < 0, 1.0, gamma)
    return np.vstack([np.tile(pos, (m1, 1)), np.tile(neg, (m2, 1))])


def second_layer(m1: int, m2: int) -> np.ndarray:
    m = m1 + m2
    return np.concatenate([np.ones(m1), -np.ones(m2)]) / np.sqrt(m)


@dataclass
class KKTPoint:
    """A candidate optimum ``W = BX`` with multipliers ``λ`` and the checks that certify it."""

    B: np.ndarray  # (m, n)
    lam: np.ndarray  # (n,)
    norm: float  # ‖W‖_F
    valid: bool  # λ > 0 and every preactivation has the pattern's sign
    residual: float  # ‖Mλ − 𝟙‖_∞
    sign_violation: float  # worst preactivation of the wrong sign, relative to max |Z|


def closed_form_kkt(K: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float) -> KKTPoint:
    """The label-aligned KKT point by solving ``Mλ = 𝟙`` (all constraints tight)."""
    a = second_layer(m1, m2)
    S = aligned_slopes(y, m1, m2, gamma)
    M = np.outer(y, y) * K * ((a[:, None] ** 2 * S).T @ S)
    lam = np.linalg.solve(M, np.ones_like(y))
    B = a[:, None] * S * (lam * y)[None, :]
    Z = B @ K
    want_pos = S == 1.0
    wrong = np.where(want_pos, np.clip(-Z, 0, None), np.clip(Z, 0, None)) if gamma < 1 else np.zeros_like(Z)
    sv = float(wrong.max() / max(np.abs(Z).max(), 1e-300))
    norm = float(np.sqrt(max(np.einsum("ji,ik,jk->", B, K, B), 0.0)))
    return KKTPoint(B=B, lam=lam, norm=norm, valid=bool(lam.min() > 0 and sv == 0.0),
                    residual=float(np.abs(M @ lam - 1).max()), sign_violation=sv)
