"""KKT residuals of Problem (1) at any trained ``W``: ``min ½‖W‖_F² s.t. y_i f(x_i;W) ≥ 1``, ``a_j = ±1/√m`` fixed.

The computation is the shared two-layer fit, ``theory.kkt_residual.two_layer_residuals`` (rescale ``W̃ = W/q_min``,
fit ``λ ≥ 0`` to ``w̃_j = Σ_i y_i a_j μ_ji x_i`` with ``μ_ji = λ_i φ'(⟨w̃_j,x_i⟩)`` off the kink and
``γλ_i ≤ μ_ji ≤ λ_i`` at one, in the span metric); this module only names it for the paper and keeps its reading of
a point whose multipliers are all 0 (complementarity 0, as the paper's checks have always reported it).
The former result class ``KKTReport`` is ``theory.kkt_residual.KKTResidual`` now (a ``DeprecationWarning`` until
0.3.0): ``worst_samples``/``worst_neurons`` are ``[w["index"] for w in r.worst_samples]`` /
``[w["unit"] for w in r.worst_units]``.
"""
from __future__ import annotations

import warnings

import numpy as np

from ibcheck.theory.kkt_residual import KKTResidual, two_layer_residuals


def kkt_check(K: np.ndarray, y: np.ndarray, a: np.ndarray, gamma: float, B: np.ndarray,
              perp_gram: np.ndarray | None = None, kink_tol: float = 1e-9) -> KKTResidual:
    """KKT residuals of ``W = W₀^⊥ + BX`` for Problem (1) (see module docstring)."""
    r = two_layer_residuals(K, y, a, gamma, B, perp_gram, kink_tol)
    if r.complementarity is None:  # every λ_i = 0: no off-margin multiplier, complementarity 0 (the paper's rows)
        r.complementarity = 0.0
    return r


def __getattr__(name: str):
    if name != "KKTReport":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__}.KKTReport is ibcheck.theory.kkt_residual.KKTResidual now (one KKT result); the old "
                  f"name is removed in 0.3.0", DeprecationWarning, stacklevel=2)
    return KKTResidual
