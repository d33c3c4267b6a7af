"""Findings about reconstructed statements: where the lai2026.m1.gap lower bound stops holding in η."""
from __future__ import annotations

from ibcheck.checks.runner import run_check


def lower_bound_holds(params: dict, eta_scale: float) -> tuple[bool, dict]:
    r = run_check("lai2026.m1.gap", dict(params, eta_scale=eta_scale))
    row = next(c for c in r["conclusions"] if c["name"] == "lower bound")
    return bool(row["holds"]), r["quantities"]


def eta_threshold(params: dict, lo: float = 0.05, hi: float = 1.0, iters: int = 30) -> dict:
    """Bisect ``η̄ = η‖λ‖₁`` for the smallest step at which the lower bound still holds.

    Requires it to hold at ``hi`` and fail at ``lo``; returns the threshold, its bracket and the
    leading-order prediction ``η̄* = y_min/rms(y_N)`` (from ``gap ≈ η̄ √(Σ_{y<0} y²/‖λ‖₁)``).
    """
    ok_hi, q = lower_bound_holds(params, hi)
    ok_lo, _ = lower_bound_holds(params, lo)
    if not ok_hi or ok_lo:
        return {"threshold": None, "holds_at_hi": ok_hi, "holds_at_lo": ok_lo,
                "predicted": q["eta_scale_threshold_predicted"]}
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        if lower_bound_holds(params, mid)[0]:
            hi = mid
        else:
            lo = mid
    return {"threshold": 0.5 * (lo + hi), "bracket": [lo, hi], "predicted": q["eta_scale_threshold_predicted"]}
