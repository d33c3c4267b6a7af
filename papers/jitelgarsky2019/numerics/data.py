"""jitelgarsky2019's planted toy: a maximal separable subset ``I`` in ``S^⊥`` plus a non-separable block in ``S``.

The shared fixture ``numerics.data.linear_data.partly_separable`` builds it (the non-separable ``z`` sum to zero
with positive weights, so no ``u`` is non-negative on all of them unless it vanishes on them; Stiemke); here it
carries the paper's name, ``kind = "ji_telgarsky"``, in every result's data row.
"""
from __future__ import annotations

import dataclasses

from ibcheck.numerics.data.linear_data import LinearData, partly_separable


def ji_telgarsky(n_sep: int, n_non: int, d_sep: int, d_non: int, seed: int, *, mix: float = 0.5) -> LinearData:
    """``partly_separable(...)`` labelled ``kind = "ji_telgarsky"`` (the same arrays)."""
    return dataclasses.replace(partly_separable(n_sep, n_non, d_sep, d_non, seed, mix=mix), kind="ji_telgarsky")
