"""The underdetermined least-squares fixture of the mirror-descent claim, and its initialisations.

``X`` (n×d, d > n) has i.i.d. ``N(0, 1/d)`` entries (rows of norm ≈ 1); ``y = X w⋆`` with a planted ``w⋆`` uniform on
``[½, 3/2]^d`` — positive, so the entropy potential's domain meets ``{Xw = y}`` by construction (the reference
certifies it anyway). ``w₀``: uniform on ``[½, 2]^d`` for the entropy (its domain is w > 0), ``N(0, 1)`` otherwise, so
the limit depends on ``w₀`` (the Bregman projection of w₀, not the minimiser of ψ). Explicit CPU generators
(``numerics.data._stream``): a seed fixes everything.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.data import _stream
from ibcheck.numerics.device import DEFAULT_DTYPE


def _draw(seed: int, stream: int, *shape, kind: str = "normal") -> np.ndarray:
    g = _stream(seed, stream)
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
