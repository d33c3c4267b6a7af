"""``--set certify=true`` for Theorem 3.2's closed-form KKT point and (H): the interval certificate attached to each
seed's measurement (``ibcheck.checks.certify`` holds the parameter and the data rules)."""
from __future__ import annotations

from ibcheck.checks.base import Context
from ibcheck.checks.certify import given_data, to_numpy


def thm32(ctx: Context, X, K, y) -> dict | None:
    """Certificate of the closed-form label-aligned KKT point and of (H) on this seed's data."""
    if not ctx.params.get("certify"):
        return None
    from ..theory import certify as F
    p = ctx.params
    X, Kc, why = given_data(ctx, X, K)
    return F.certify_thm32(to_numpy(y), p["m1"], p["m2"], p["gamma"], X=X, K=Kc, given_why=why).to_json()
