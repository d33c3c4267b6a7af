"""``--set certify=true`` for the m=1 min-norm reference: the interval certificate attached to each seed's measurement
(``ibcheck.checks.certify`` holds the parameter and the data rules)."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.base import Context
from ibcheck.checks.certify import given_data, to_numpy


def m1(ctx: Context, dataset, K, y, alpha, ref) -> dict | None:
    """Certificate of the m=1 min-norm reference ``ref`` (``MinNormSolution`` or ``None`` if it failed) with the
    gap to the GD limit's span coefficients ``alpha``."""
    if not ctx.params.get("certify"):
        return None
    from ..theory import certify as L
    from ibcheck.theory.certify.certificate import failed
    if ref is None:
        return failed(L.SUBJECT, "float_active_set",
                      "the float min-norm solve failed: there is no active set to certify", notes=L.NOTES).to_json()
    X, Kc, why = given_data(ctx, getattr(dataset, "X", None), K)
    y = to_numpy(y)
    return L.certify_min_norm_m1(y, tight=np.asarray(ref.tight) & (y <= 0), X=X, K=Kc, alpha_limit=to_numpy(alpha),
                                 given_why=why).to_json()
