"""The underdetermined least-squares fixture of the mirror-descent claim, and its initialisations.

``X`` (n×d, d > n) has i.i.d. ``N(0, 1/d)`` entries (rows of norm ≈ 1); ``y = X w⋆`` with a planted ``w⋆`` uniform on
``[½, 3/2]^d`` — positive, so the entropy potential's domain meets ``{Xw = y}`` by construction (the reference
certifies it anyway). ``w₀``: uniform on ``[½, 2]^d`` for the entropy (its domain is w > 0), ``N(0, 1)`` otherwise, so
the limit depends on ``w₀`` (the Bregman projection of w₀, not the minimiser of ψ). Explicit CPU generators
(``numerics.data.sets.stream_generator``): a seed fixes everything.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.data.sets import stream_generator
from ibcheck.numerics.runtime.device import DEFAULT_DTYPE


def _draw(seed: int, stream: int, *shape, kind: str = "normal") -> np.ndarray:
    g = stream_generator(seed, stream)
    if kind == "normal":
        return torch.randn(*shape, generator=g, dtype=DEFAULT_DTYPE).numpy()
    return torch.rand(*shape, generator=g, dtype=DEFAULT_DTYPE).numpy()


def regression(n: int, d: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(X, y, w⋆)``: see the module docstring."""
    X = _draw(seed, 21, n, d) / math.sqrt(d)
    w_star = 0.5 + _draw(seed, 22, d, kind="uniform")
    return X, X @ w_star, w_star


def initial(potential: str, d: int, seed: int, scale: float = 1.0) -> np.ndarray:
    """``w₀`` of the potential (positive for the entropy), times ``scale``."""
    if potential == "entropy":
        return scale * (0.5 + 1.5 * _draw(seed, 23, d, kind="uniform"))
    return scale * _draw(seed, 24, d)


def steepest_ls(X: np.ndarray, y: np.ndarray, norm: str, eta: float, steps: int) -> np.ndarray:
    """Steepest descent w.r.t. ``norm`` on ``L(w) = ½‖Xw − y‖²`` from w₀ = 0, unnormalised (the step solves
    ``argmin_v ⟨∇L, v⟩ + (1/2η)‖v‖²``): ℓ∞ ``v = −η‖g‖₁ sign(g)`` (sign descent), ℓ1 ``v = −η‖g‖_∞ sign(g_k)e_k``,
    k the first ``argmax|g_k|`` (greedy coordinate descent), ℓ2 ``v = −ηg`` (GD). Returns the last iterate (not a
    ``Trajectory``: the check compares only where the run ends with the predicted limit)."""
    w = np.zeros(X.shape[1])
    for _ in range(steps):
        g = X.T @ (X @ w - y)
        if norm == "linf":
            w = w - eta * np.abs(g).sum() * np.sign(g)
        elif norm == "l1":
            k = int(np.argmax(np.abs(g)))
            w[k] -= eta * g[k]
        else:
            w = w - eta * g
    return w
