"""Deprecated (removed in 0.3.0): the (ε, δ)-KKT checker of Problem (P) for positively homogeneous nets is
``theory.kkt_residual.jacobian_residuals`` now, its result ``theory.kkt_residual.KKTResidual``.

``kkt_check`` and ``margin_jacobian`` still answer from here with a ``DeprecationWarning``; ``kkt_check`` keeps its
former reading of ``complementarity`` (Lyu–Li's unnormalised ``max λ_n(q̃_n − 1)``, ``complementarity_max`` of the
new result) until then; ``KKTReport`` is ``KKTResidual``.
"""
from __future__ import annotations

import dataclasses
import warnings

from . import kkt_residual

_NEW = {"kkt_check": "jacobian_residuals", "margin_jacobian": "margin_jacobian", "KKTReport": "KKTResidual"}


def _kkt_check(net, theta):
    """``jacobian_residuals`` with the former meaning of ``complementarity`` (unnormalised)."""
    r = kkt_residual.jacobian_residuals(net, theta)
    return dataclasses.replace(r, complementarity=r.complementarity_max)


def __getattr__(name: str):
    if name not in _NEW:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__}.{name} is ibcheck.theory.kkt_residual.{_NEW[name]} now (one KKT residual); the old "
                  f"path is removed in 0.3.0", DeprecationWarning, stacklevel=2)
    return _kkt_check if name == "kkt_check" else getattr(kkt_residual, _NEW[name])
