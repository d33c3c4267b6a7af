"""A sequence that has stopped moving relative to its distance from the stated limit: a limit reached elsewhere.

A convergent run approaching ``q∞`` keeps moving by a fraction of its remaining distance ``|q − q∞|`` per
checkpoint: at least ~0.5% per third of a decade even at the slowest rate a statement gives (``1/log log t`` at
t = 10⁶), far more at 1/log t or 1/t. A sequence whose changes over a tail of ``≥ points`` checkpoints spanning a
clock ratio ``≥ span`` (a decade) fall to ``level`` — ``STALL = 10⁻⁷`` of that distance — is not approaching
``q∞`` at any rate a statement gives: it has stopped. Before the still part, changes may collapse geometrically
(one sign, each at most ``RATIO`` of the one before: a fixed wrong direction's alignment gap); the limit then lies
in ``q_last ± R``, ``R = F_s·|d|·r/(1 − r) + level`` with ``d`` the last change above ``level`` (Aitken's
remainder with the tail's largest ratio ``r ≤ ½``, Roache's safety factor ``F_s``) when two or more still steps
span a decade themselves; otherwise — a single still step, or a staircase's flat step shorter than a decade, which
the next step leaves — the bound is Aitken's after the last real change, and a fall whose ratios rise
(decelerating) has no geometric tail: not settled.

Why a level relative to the distance, never float64 resolution: a frozen trainer's constant is reproduced to the
last bits on one CPU only (σ₃/σ₁ of a rescaled matrix moves by ~10⁻¹⁵ relative from one BLAS kernel to another).
A threshold at rounding decides from those bits; ``STALL`` sits eight orders of magnitude above them and four
below the slowest genuine approach, so a few ulps either way change no verdict.
"""
from __future__ import annotations

import math

from .asymptotic_fit import window_fit

STALL = 1e-7  # a change this small relative to the distance from the stated limit is no approach to it
RATIO = 0.5  # each change at most half the one before: a geometric tail, remainder ≤ the last change
COLLAPSE = 30.0  # a collapse still under way must shrink the changes this much over its decade: a ±30% oscillating
# envelope slows down locally (its changes shrink up to 16× within a decade in the calibration battery), then resumes


def settled(tau: list, q: list, *, points: int, span: float, safety: float,
            level: float) -> tuple[float, float, int] | None:
    """``(lo, hi, start)``: the interval of the reached limit and the tail's first checkpoint, else None.
    ``level``: the change below which ``q`` counts as not moving (the caller's ``STALL·|q_last − q∞|``, at least
    the quantity's rounding)."""
    K = len(q)
    if K < points:
        return None
    d = [b - a for a, b in zip(q, q[1:])]
    if abs(d[-1]) > level:  # still moving at the last checkpoint
        return None
    start, sign, ratio = K - 1, 0, 0.0
    for k in range(K - 2, -1, -1):  # extend the tail backwards while difference k → k + 1 keeps the pattern
        big = abs(d[k]) > level
        if big:
            s = 1 if d[k] > 0 else -1
            if sign and s != sign:
                break
            sign = s
        if k + 1 < K - 1 and abs(d[k + 1]) > level:  # a real change must follow a larger one, at least twice as large
            if not big or abs(d[k + 1]) > RATIO * abs(d[k]):
                break
            ratio = max(ratio, abs(d[k + 1]) / abs(d[k]))
        start = k
    if K - start < points or tau[-1] / tau[start] < span * (1 - 1e-9):
        return None
    r = ratio or RATIO
    # one still step (a staircase sampled in step, a turning point) is no stall: the remainder is then Aitken's
    # after the last *real* change, not the zero last change; two or more still steps are a stall
    big = [x for x in d[start:] if abs(x) > level]
    still = len(d) - 1 - max((k for k in range(start, len(d)) if abs(d[k]) > level), default=start - 1)
    if still >= 2 and big and tau[-1] / tau[-1 - still] < span * (1 - 1e-9):
        still = 1  # still steps over less than a decade (a staircase's flat step): no stall, Aitken's bound after
        # the last real change decides, as after one still step
    rho = [abs(b) / abs(a) for a, b in zip(big, big[1:])]
    if still < 2 and any(b > a * (1 + 1e-9) for a, b in zip(rho, rho[1:])):
        return None  # one still step after a decelerating fall (ratios rising): no geometric tail bounds the rest
    R = safety * abs(big[-1] if big and still < 2 else d[-1]) * r / (1 - r) + level
    return q[-1] - R, q[-1] + R, start


def collapsing(tau: list, q: list, *, points: int, span: float, safety: float, level: float,
               u: list | None = None) -> tuple[float, float, int, float] | None:
    """An accelerating geometric collapse still under way: over a tail of ``≥ points`` checkpoints spanning a clock
    ratio ``≥ span`` the changes keep one sign and shrink ``≥ COLLAPSE``-fold, their ratios ``ρ_k = |d_{k+1}|/|d_k|``
    do not increase and the last is ``≤ RATIO``, so the remainder
    is at most ``|d_last|·ρ_last/(1 − ρ_last)`` (a power law on a geometric grid has constant ratios: the bound,
    widened by ``F_s``, then contains its limit). ``(lo, hi, start, value)``: Aitken's limit ``value`` within
    ``F_s`` times its correction, else None.

    How much the changes shrink is measured beyond the stated rate, and not by the last change alone: with ``u``
    (the rate r(τ_k)) the changes are divided by the rate's own changes ``r_k − r_{k+1}`` (an approach at the rate,
    ``q∞ + C r``, has constant ones: a fast rate's own decay is no collapse), and at least ``√COLLAPSE`` of the
    collapse must have happened before the last change — a turning point between the last two checkpoints (the
    top of a hump, the bottom of a dip) makes the last change arbitrarily small, so it cannot carry the evidence.
    And the collapse must follow one steady exponential in the clock, ``q = L' + C e^{−λτ}`` (the three-point
    exponents of the last five checkpoints in ``z = e^{−τ/τ_last}`` agreeing to ``EXP_SPREAD``): changes that vanish
    at a finite clock — a smooth turning point — are no exponential, and their fitted λ drifts."""
    d = [b - a for a, b in zip(q, q[1:])]
    if len(d) < 2 or not all(abs(x) > level for x in d[-2:]):
        return None
    rho = [abs(b) / abs(a) if a else math.inf for a, b in zip(d, d[1:])]
    if rho[-1] > RATIO or (d[-1] > 0) != (d[-2] > 0):
        return None
    start = len(d) - 2  # index of the first change of the tail
    while start > 0 and abs(d[start - 1]) > level and (d[start - 1] > 0) == (d[-1] > 0) \
            and rho[start - 1] >= rho[start] * (1 - 1e-9):
        start -= 1
    n = d if u is None else [x / (a - b) for x, a, b in zip(d, u, u[1:])]  # the changes beyond the rate's own
    if len(q) - start < points or tau[-1] / tau[start] < span * (1 - 1e-9) or abs(n[start]) < COLLAPSE * abs(n[-1]) \
            or abs(n[start]) < math.sqrt(COLLAPSE) * abs(n[-2]) \
            or not window_fit([math.exp(-x / tau[-1]) for x in tau], q, "exp").stable:
        return None
    corr = d[-1] * rho[-1] / (1 - rho[-1])  # Aitken's remainder of the geometric tail
    R = safety * abs(corr) + level
    return q[-1] + corr - R, q[-1] + corr + R, start, q[-1] + corr
