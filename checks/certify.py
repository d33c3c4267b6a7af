"""``--set certify=true``: interval certificates (``ibcheck.theory.certify``) attached to a measurement.

Each helper returns the contract's ``certificate`` object (a JSON-ready dict), or ``None`` when the check
runs without ``certify`` (the float path is then untouched). A check calls one helper per seed and passes
the result as ``Measurement(certificate=...)``; the runner copies it into the JSON. python-flint is imported
only when a certificate is requested, so the float path costs nothing more.
"""
from __future__ import annotations

import numpy as np
import torch

from .base import Context
from .params import Param

PARAM = {"certify": Param("certify", bool, False,
                          "also certify the exact reference in interval arithmetic (python-flint arb balls): adds a "
                          "`certificate` object {status, conditions, enclosures} to the JSON")}

_NO_X = "X is not kept for generated data (only K): the certificate is about this float64 K, taken as exact"
_HOOKED = "a test hook replaced the Gram matrix: the certificate is about the K the check used, taken as exact"


def _np(t) -> np.ndarray | None:
    if t is None:
        return None
    return t.detach().cpu().numpy() if isinstance(t, torch.Tensor) else np.asarray(t)


def _data(ctx: Context, X, K):
    """``(X, K, why)``: the data to certify — X when it is the data the check used, else this K."""
    if ctx.hooks.gram is not None:
        return None, _np(K), _HOOKED
    X = _np(X)
    return X, (None if X is not None else _np(K)), ("" if X is not None else _NO_X)


def lai2026_m1(ctx: Context, dataset, K, y, alpha, ref) -> dict | None:
    """Certificate of the m=1 min-norm reference ``ref`` (``MinNormSolution`` or ``None`` if it failed) with the
    gap to the GD limit's span coefficients ``alpha``."""
    if not ctx.params.get("certify"):
        return None
    from ibcheck.papers.lai2026.theory import certify as L
    from ibcheck.theory.certify.certificate import failed
    if ref is None:
        return failed(L.SUBJECT, "float_active_set",
                      "the float min-norm solve failed: there is no active set to certify", notes=L.NOTES).to_json()
    X, Kc, why = _data(ctx, getattr(dataset, "X", None), K)
    y = _np(y)
    return L.certify_min_norm_m1(y, tight=np.asarray(ref.tight) & (y <= 0), X=X, K=Kc, alpha_limit=_np(alpha),
                                 given_why=why).to_json()


def frei2023_thm32(ctx: Context, X, K, y) -> dict | None:
    """Certificate of frei2023's closed-form label-aligned KKT point and of (H) on this seed's data."""
    if not ctx.params.get("certify"):
        return None
    from ibcheck.papers.frei2023.theory import certify as F
    p = ctx.params
    X, Kc, why = _data(ctx, X, K)
    return F.certify_thm32(_np(y), p["m1"], p["m2"], p["gamma"], X=X, K=Kc, given_why=why).to_json()
