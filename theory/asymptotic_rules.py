"""The order rules of the asymptotic judge: levelling of the implied constant (O, Θ), decay windows (bare limits),
divergence. Each returns the evidence it found; ``theory.asymptotic.judge`` turns evidence into a verdict.

**Levelling (an O(r^p) row).** ``|e| ≤ C r^p`` for large τ is ``y = |e|^{−1/p} ≥ C^{−1/p}·x`` with ``x = 1/r``:
``y`` must grow at least linearly in the row's own variable. The slopes ``m_k = Δy/Δx`` are invariant under a
shifted clock (``e = C/(x + s)^p`` gives ``y = (x + s)/C^{1/p}``, slope constant) and a second-order term moves
them towards their limit (``e = C r(1 ± b r)`` gives slopes ``1/C·(1 − O(r))``). Their local exponent
``γ_k = −Δlog m/Δlog x`` is ``1 − p'/p`` for an observed order ``p'``: ``γ ≤ tol/p`` is the stated order within its
slack (verified), a stable ``γ > tol/p`` is a slower order — the implied constant ``|e|/r^p`` growing like
``x^{pγ}`` without levelling — and refutes the row only once the slopes have fallen by ``GROWTH`` over the window
(a stable-but-slower order over less is evidence, not a counterexample). A Θ row's Ω side is the mirror image: a
stable ``γ < −tol/p`` whose slopes rose by ``GROWTH``, with the error's own two-point orders stable too (a plateau
exit falls ever more slowly: its orders are not stable, and it is not an Ω failure). Either refutation needs its
stable window to hold as it moves back: a window of exactly ``MIN_ORDERS`` exponents whose preceding finite
exponent breaks its stability is a transient's turn (a hump peaking after the run ends shows a steady slower order
over its last four checkpoints only) and refutes nothing; a window that spans the run has nothing to hold against.

**Decay window (a bare limit).** The last ``MIN_ORDERS`` two-point orders ``Δlog|e|/Δlog r`` are positive and
either stable (spread ≤ ``STABLE``) or non-decreasing to rounding: the error falls at a steady or accelerating
rate. A decelerating fall (orders drifting down) is what an approach to another value looks like, and is no window.

**Divergence.** ``|e|`` non-decreasing over ≥ ``SPAN_POINTS`` checkpoints spanning a decade of the clock, grown by
``DIVERGE``, and the growth *sustained*: over the window's last decade (at least its last three steps) ``|e|``
follows one steady law ``A + B τ^c`` — the three-point exponents ``c`` (``asymptotic_fit.three_point`` in ``1/τ``)
agree to ``STEADY`` and none is below ``−DECEL``. Logarithmic divergence (``c = 0``: equal increments per equal step
of log τ) and power growth (``c > 0``) are steady. A transient rise is not: its increments grow into the hump and
shrink towards its peak (``c`` drifts, then falls below 0), and the rise back out of a dip decelerates the same way;
at the end of a finite run such a rise is indistinguishable from a transient, so it refutes nothing. (A decelerating
rise towards a wrong value is refuted by the excluded-limit rule, which fits it, not by this one.)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .asymptotic_fit import three_point

MIN_ORDERS = 3  # orders in a window: four checkpoints, so a trend is seen twice over (two orders could be chance)
STABLE = 0.25  # spread of a stable two-point order: a second-order correction ≤ ~25% of the leading order
GAMMA_STABLE = 0.15  # spread of a stable slope exponent γ (a pure power law has spread 0)
GROWTH = 2.0  # the implied constant must change by this factor over a window before a rate row is refuted
DIVERGE = 1.25  # growth of |e| over a decade that counts as divergence (a bounded transient hump is excluded by the span)
SPAN_POINTS = 5  # checkpoints of a divergence or settled tail
SPAN = 10.0  # the clock ratio such a tail spans: a decade, so the trend is not a local wiggle
STEADY = 0.1  # sustained growth: its exponents in τ over the last decade agree to this (a log or power law: 0)
DECEL = 0.15  # ... and none below −DECEL: a rise as slow as 1 − C/log t (c ≈ −1/ln τ) from τ ≈ 10³ on, or log log t
ROUND_ORDER = 1e-6  # two orders closer than this are equal to rounding


@dataclass
class Levelling:
    """The slopes of ``y = |e|^{−1/p}`` against ``x = 1/r``, their exponents ``γ``, and what they show."""

    gammas: list
    orders: list  # observed orders p(1 − γ_k)
    start: int | None = None  # index into gammas of the window's first exponent
    state: str = "none"  # "level" | "slower" | "slower-short" | "faster" | "faster-short" | "none"
    change: float = 1.0  # the implied constant's growth (slower) or fall (faster) over the window
    gamma: float = math.nan  # the window's mean exponent
    spread: float = math.nan  # the window's exponent spread


def two_point_orders(u: list, e: list) -> list:
    """``p_k = log(|e_k|/|e_{k+1}|)/log(u_k/u_{k+1})`` (NaN where an error is 0 or u does not decrease)."""
    out = []
    for k in range(len(e) - 1):
        a, b = abs(e[k]), abs(e[k + 1])
        du = math.log(u[k] / u[k + 1]) if u[k] > 0 and u[k + 1] > 0 else math.nan
        out.append(math.log(a / b) / du if a > 0 and b > 0 and du and math.isfinite(du) else math.nan)
    return out


def _inv_pow(v: float, order: float) -> float:
    """``|v|^(−1/order)`` (inf where it overflows: an error at the floor of float64)."""
    try:
        return abs(v) ** (-1.0 / order) if v != 0 else math.inf
    except OverflowError:
        return math.inf


def levelling(u: list, e: list, order: float, order_tol: float, two_sided: bool) -> Levelling:
    """The levelling evidence of an O(r^order) (Θ when ``two_sided``) row (see the module docstring)."""
    x = [1.0 / v for v in u]
    y = [_inv_pow(v, order) for v in e]
    m = [(y[k + 1] - y[k]) / (x[k + 1] - x[k]) if math.isfinite(y[k] + y[k + 1]) else math.nan
         for k in range(len(x) - 1)]
    xm = [math.sqrt(x[k] * x[k + 1]) for k in range(len(x) - 1)]
    g = []
    for k in range(len(m) - 1):
        ok = m[k] > 0 and m[k + 1] > 0 and math.isfinite(m[k]) and math.isfinite(m[k + 1])
        g.append(-math.log(m[k + 1] / m[k]) / math.log(xm[k + 1] / xm[k]) if ok else math.nan)
    lev = Levelling(gammas=g, orders=[order * (1 - v) for v in g])
    tail = g[-MIN_ORDERS:]
    if len(tail) < MIN_ORDERS or not all(math.isfinite(v) for v in tail):
        return lev
    bound = order_tol / order
    start = len(g) - MIN_ORDERS
    if max(tail) <= bound and (not two_sided or min(tail) >= -bound):
        lev.state, lev.start = "level", start
        return lev
    c = [abs(v) * xv ** order for v, xv in zip(e, x)]  # the implied constant |e|/r^p at each checkpoint
    while start > 0 and math.isfinite(g[start - 1]) and max(g[start - 1:]) - min(g[start - 1:]) <= GAMMA_STABLE:
        start -= 1  # the longest stable tail: the window over which the slopes' change is measured
    win = g[start:]
    if max(win) - min(win) > GAMMA_STABLE:
        return lev
    lev.start, lev.gamma, lev.spread = start, sum(win) / len(win), max(win) - min(win)
    if start > 0 and math.isfinite(g[start - 1]) and len(win) <= MIN_ORDERS and not _settling(g[start - 1:]):
        return lev  # the exponent one step back breaks the window, drifting away: a transient's turn
    fall = c[-1] / max(c[:start + 1])  # past every earlier value: O(r^p) bounds c, a return is no growth
    if min(win) > bound:
        lev.state, lev.change = ("slower" if fall >= GROWTH else "slower-short"), fall
    elif two_sided and max(win) < -bound:
        p2 = two_point_orders(u, e)[start:]
        steady = all(math.isfinite(v) for v in p2) and max(p2) - min(p2) <= STABLE
        level, need = before_transient(c, start)
        drop = level / c[-1]
        lev.state, lev.change = ("faster" if drop >= need and steady else "faster-short"), drop
    return lev


def drifting(a: list) -> bool:
    """A fit's exponents drifting away from their window: fewer than three (one step shows no trend), or the last two
    steps one-signed with the last the larger (to ``ROUND_ORDER``) — a local exponent accelerating in one direction,
    as a transient nears the turn that ends it (τ-exponents 0.311 → 0.317 → 0.365; 8.08 → 8.81 → 9.71 → 10.85).
    Steps that change sign are a fit's scatter about its exponent, not a drift (0.9915, 0.9904, 1.0017: a wrong
    reference's fixed offset read through a random walk's norms; 0.670, 0.685, 0.670)."""
    d = [y - x for x, y in zip(a, a[1:])]
    return len(d) < 2 or (d[-1] * d[-2] > 0 and abs(d[-1]) > abs(d[-2]) + ROUND_ORDER)


def _settling(g: list) -> bool:
    """Exponents settling into their window: monotone, each step at most the one before (to ``ROUND_ORDER``) — an
    early transient decaying into a steady order (a log factor's drift: γ = 0.88, 0.48, 0.443, 0.442), not a turn
    (a hump peaking after the run ends: γ = 0.12, 0.46, 0.35, rising then falling)."""
    d = [b - a for a, b in zip(g, g[1:])]
    monotone = all(x >= -ROUND_ORDER for x in d) or all(x <= ROUND_ORDER for x in d)
    return monotone and all(abs(b) <= abs(a) + ROUND_ORDER for a, b in zip(d, d[1:]))


def before_transient(c: list, start: int) -> tuple[float, float]:
    """The implied constant a Θ row's fall is measured from, and the fall that refutes: ``(c[start], GROWTH)``; but
    when ``c`` rose before the window to its largest value (a transient — a hump whose descent is bounded by its
    rise, which may have begun before the run), the least value up to that peak, and ``GROWTH²``: only a fall well
    below where the rise began is evidence that ``c → 0``."""
    k = max(range(start + 1), key=lambda i: c[i])
    if k == 0 or c[k] <= c[0]:
        return c[start], GROWTH
    return min(c[start], min(c[:k + 1])), GROWTH ** 2


def _steady(tail: list) -> bool:
    """Orders that show a regime: stable (spread ≤ ``STABLE``), within a factor 2, or non-decreasing to rounding."""
    return (max(tail) - min(tail) <= STABLE or max(tail) <= 2 * min(tail)
            or all(b >= a - ROUND_ORDER for a, b in zip(tail, tail[1:])))


def decay_window(orders: list, tau: list | None = None, e: list | None = None) -> int | None:
    """Index of the first order of a decay window (see the module docstring), else None. With ``tau`` and ``e``,
    also a decade of decay: every order of a tail of ≥ ``SPAN_POINTS`` checkpoints spanning a decade positive and
    ``|e|`` fallen ≥ 10× over it (a fast, noisy decay such as a KKT residual's)."""
    tail = orders[-MIN_ORDERS:]
    if len(tail) < MIN_ORDERS or not all(math.isfinite(v) and v > 0 for v in tail):
        return None
    start = len(orders) - MIN_ORDERS
    if not _steady(tail):
        n = 0
        while n < len(orders) and math.isfinite(orders[-1 - n]) and orders[-1 - n] > 0:
            n += 1
        k = len(orders) - n  # the first checkpoint of the positive tail
        if e is None or n + 1 < SPAN_POINTS or tau[-1] / tau[k] < SPAN * (1 - 1e-9) or abs(e[k]) < 10 * abs(e[-1]):
            return None
        return k
    while start > 0 and math.isfinite(orders[start - 1]) and orders[start - 1] > 0 and _steady(orders[start - 1:]):
        start -= 1
    return start


def diverging(tau: list, e: list, noise: float) -> int | None:
    """First checkpoint of a tail where ``|e|`` stably does not decrease (see the module docstring), else None."""
    a = [abs(v) for v in e]
    start = len(a) - 1
    while start > 0 and a[start] >= a[start - 1] - noise:
        start -= 1
    if len(a) - start < SPAN_POINTS or tau[-1] / tau[start] < SPAN * (1 - 1e-9):
        return None
    if a[-1] < DIVERGE * a[start] or a[-1] <= noise:
        return None
    return start if sustained(tau, a, start) else None


def sustained(tau: list, a: list, start: int) -> bool:
    """Growth of ``a`` from checkpoint ``start`` on that follows one steady law ``A + B τ^c`` with ``c ≥ −DECEL``
    over the last decade of the clock (at least the last three steps; see the module docstring)."""
    lg = [math.log(x) for x in tau]
    k0 = min(len(a) - 4, max(k for k in range(start, len(a)) if lg[k] <= lg[-1] - math.log(SPAN) + 1e-9))
    if k0 < start:
        return False
    c = [-three_point(tuple(1.0 / x for x in tau[k:k + 3]), tuple(a[k:k + 3]))[0] for k in range(k0, len(a) - 2)]
    return all(math.isfinite(v) for v in c) and max(c) - min(c) <= STEADY and min(c) >= -DECEL
