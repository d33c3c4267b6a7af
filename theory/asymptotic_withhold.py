"""When a row's own derivation says a refutation of ``q → q∞`` is premature: two withholding rules of ``Condition``.

Both only ever turn the judge's ``violated`` into ``inconclusive`` ("not decidable from this run"): they cannot make
a false pass, and the judge's calibrated rates (docs/judge.md) bound what they act on.

* **bounded_by** (``Condition.bounded_by``): q ≤ C·b with b a measured series. While b → 0 is not refuted and b
  still falls over q's refuting window, q's failure is a transient of the constant C, not a counterexample.
* **slowest** (``Condition.slowest``): the slowest mode ``u(τ)`` the statement's derivation admits for the error
  (Soudry et al.'s residual: ``t^{−min(θ−1, λ_min)}`` with θ, λ_min computed from the data — inputs, not the
  trainer's output). A fit that extrapolates to ``L̂ ≠ q∞`` over the window ``[τ_w, τ_K]`` reads the excluded
  distance ``D = |L̂ − q∞| − tol`` as an offset. The same distance carried by that mode, ``e = A·u(τ)`` with
  ``A·u(τ_K) = D``, would have moved the window by ``D·(u(τ_w)/u(τ_K) − 1)``. When the window moved at least that
  much (``|q_w − q_K|``), the data cannot tell the offset from the slow mode, so the refutation is withheld. A
  wrong limit the run resolves has all but stopped moving (its movement is small against D), while a mode of
  a fast derived rate would have moved D·(√10 − 1) over a decade at u = τ^{−½}: the refutation stands. θ = 1.035
  gives u = t^{−0.035}, which moves a 0.44 offset by 0.037 over a decade — less than the 0.153 the residual moved.
"""
from __future__ import annotations

import math

REFUTING_RULES = ("settled", "diverging", "excluded-limit")
SLOW_RULES = ("settled", "excluded-limit")  # a divergence is no offset: no decaying mode explains growth


def bounded_by(j, bound, rate, clock: str, name: str) -> None:
    """``bounded_by``: withhold ``j``'s refutation while the bound series is not refuted and still decays."""
    from .asymptotic import Series, judge
    if j.holds is not False or j.rule not in REFUTING_RULES or not isinstance(bound, Series) or len(bound.values) < 2:
        return
    jb = judge(bound.clock, bound.values, rate, clock, 0.0)
    k0 = _nearest(bound.clock, j.window[0] if j.window else bound.clock[0])
    if jb.holds is not False and bound.values[-1] < bound.values[k0]:
        _undecided(j, f"bounded by {name} (up to a constant), which is not refuted and still decays "
                      f"({bound.values[k0]:.4g} → {bound.values[-1]:.4g})")


def slow_mode(j, limit: float, tol: float, slowest, clock: str, label: str, default: bool = False) -> None:
    """``slowest``: withhold ``j``'s refutation when every step of the refuting window moved towards ``limit`` at
    least as far as a mode ``u`` (sympy in ``clock``) carrying the remaining distance would (the module docstring)."""
    import sympy as sp

    from .asymptotic import rate_function
    from .asymptotic_fit import solve_clock
    if j.holds is not False or j.rule not in SLOW_RULES or not j.window:
        return
    tau, q = j.checkpoints, j.values
    k0 = _nearest(tau, j.window[0])
    u = rate_function(slowest, clock)
    us = [u(x) for x in tau[k0:]]
    if len(us) < 2 or not all(math.isfinite(v) and v > 0 for v in us) or any(b >= a for a, b in zip(us, us[1:])):
        return  # the mode does not decay over the window: it explains no offset
    dist = [max(abs(v - limit) - tol, 0.0) for v in q[k0:]]
    moved = [a - b for a, b in zip(dist, dist[1:])]  # each step's approach to the stated limit
    carried = [d * (a / b - 1.0) for d, a, b in zip(dist[1:], us, us[1:])]  # the mode's, on the distance left
    short = [k for k, (m, c) in enumerate(zip(moved, carried)) if m < c]
    if short or dist[-1] <= 0:
        return  # a step moved less than the slowest mode would: an offset the mode cannot explain
    tenfold = solve_clock(u, us[-1] / 10.0, tau[-1])
    when = f"{label} ≈ {tenfold:.3g}" if tenfold is not None else f"{label} beyond 1e300"
    mode = sp.nfloat(slowest, 3, exponent=True)
    _undecided(j, f"the {'default (threshold)' if default else 'derived'} slowest mode {mode}, carrying the distance "
                  f"left at each checkpoint, would move every step of the window by no more than it moved (the last: "
                  f"{carried[-1]:.3g} against {moved[-1]:.3g}): an offset and that mode look alike here (the mode "
                  f"falls tenfold only by {when})")


def _nearest(clock, t0: float) -> int:
    """The index of the checkpoint nearest ``t0`` in log clock (the refuting window's start)."""
    return min(range(len(clock)), key=lambda k: abs(math.log(clock[k] / t0)))


def _undecided(j, why: str) -> None:
    j.holds, j.horizon_needed = None, None
    j.reason = f"{j.reason} — withheld: {why}: not decidable from this run"
