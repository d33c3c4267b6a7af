"""Regression data with a planted sparse target: ``X`` i.i.d. N(0,1) (n×d), ``y = Xw*``, ``w*`` k-sparse.

The fixture of the diagonal-network claims (Woodworth et al.): for d > n the interpolants form an affine
family, and the minimum-ℓ1 one recovers ``w*`` when k is small enough. Drawn from explicit CPU streams.
"""
from __future__ import annotations

import numpy as np
import torch

from ibcheck.numerics.data.sets import stream_generator, check_positive_int
from ibcheck.numerics.runtime.device import DEFAULT_DTYPE
from ibcheck.numerics.runtime.errors import InputError


def planted_sparse(n: int, d: int, k: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(X, y, w*)`` with ``w*`` supported on k random coordinates, entries N(0,1)."""
    check_positive_int("n", n, 1)
    check_positive_int("d", d, 1)
    check_positive_int("k", k, 1)
    if k > d:
        raise InputError(f"k={k} > d={d}: the planted target cannot have more non-zeros than coordinates")
    X = torch.randn(n, d, generator=stream_generator(seed, 2), dtype=DEFAULT_DTYPE).numpy()
    g = stream_generator(seed, 4)
    support = torch.randperm(d, generator=g)[:k].numpy()
    w = np.zeros(d)
    w[support] = torch.randn(k, generator=g, dtype=DEFAULT_DTYPE).numpy()
    return X, X @ w, w
