"""Asymptotic statements judged as numerical analysts verify a convergence order.

A ``limit`` / ``rate`` row states ``q(τ) → q∞`` with ``|q(τ) − q∞| = O(r(τ)^p)`` for a clock τ (t, log t,
log(1/𝓛)), a rate ``r`` (a sympy expression of the clock, decreasing to 0: ``1/log(t)``, ``log(t)**2/t``, …) and a
stated order ``p`` (1: exactly the rate ``r``). A finite run cannot reach a limit; it can exhibit an *order*.
As in order-of-accuracy tests (Firedrake's ``verify_*_order_of_accuracy``, PorePy's ``ConvergenceAnalysis``) and
Richardson extrapolation with Roache's grid convergence index, the judge reads ``q`` at ``K ≥ 5`` checkpoints
``τ_0 < … < τ_{K−1}`` (geometric in the clock), with ``u_k = r(τ_k)``:

* **two-point observed order** against the stated limit, ``e_k = q_k − q∞``:
  ``p_k = log(|e_k|/|e_{k+1}|) / log(u_k/u_{k+1})`` — exactly ``p`` for ``e = C·u^p``; ``→ 0`` when ``q`` converges
  to another value (``e → q∞' − q∞ ≠ 0``); ``p/2`` for a run converging at half the stated rate;
* **three-point order and extrapolated limit** (no limit assumed): the exponent ``p̂`` solving
  ``(q_{k+1} − q_k)/(q_{k+2} − q_{k+1}) = (u_{k+1}^p − u_k^p)/(u_{k+2}^p − u_{k+1}^p)`` (bisection; exact for
  ``q = L + C u^p`` on any grid), then ``L_k = q_{k+2} − C u_{k+2}^{p̂}`` (Richardson/Aitken);
* **asymptotic window**: the longest tail of orders that shows *positive evidence* of the asymptotic regime, one
  of two patterns:

  - *stable*: ≥ ``MIN_ORDERS`` consecutive orders with spread ``max − min ≤ STABLE`` (the order no longer drifts,
    the leading term dominates);
  - *super-convergent* (for the one-sided ``O(·)`` statement, and for Richardson's fits with a stated limit): the
    error falls faster than the scale at every step — every order ``≥ p − tol`` (so ``|e|`` strictly decreases) over
    ≥ ``SUPER_POINTS`` checkpoints spanning ≥ ``SUPER_SPAN`` (a decade) of the clock — and either *ever faster*
    (each order at least the one before less ``SUPER_TOL``: ``p_{k+1} ≥ p_k − SUPER_TOL``, non-decreasing up to
    rounding; what ``e = C u^{p'}`` with ``p' > p``, or a geometric decay read against a logarithmic scale, looks
    like) or by a decade of the error itself (``|e_first|/|e_last| ≥ SUPER_SPAN``, strictly at every step: a
    noisy fast decay such as a KKT residual δ read against the slow scale 1/log log(1/𝓛), orders 2.2 … 17).

  Why both are needed: "every order ≥ p − tol" alone is not evidence. Over a short window on a slow scale
  (``u = 1/log t`` changes by 2% per quarter decade at t = 10⁵) any noisy sequence that happens to fall at a few
  consecutive checkpoints has orders ≥ 1 — a random trajectory (errors 35.7, 30.2, 28.8, 25.5, 18.5 ≈ 10× the
  limit's scale, orders 3.4, 1.0, 2.8, 7.5; the error fell only 1.9× over that decade of t) was read as converging.
  A slightly decreasing error whose orders jump up and down is noise, not a regime. A transient (saddle plateau, pre-asymptotic curvature) fails both patterns, and is
  never read as a counterexample;
* **intervals**: the order interval is ``[min, max]`` of the window's orders; the limit interval is the hull of the
  last ``MIN_ORDERS`` fits' ``L_k`` in the window and the band ``L_last ± F_s|q_last − L_last|`` (Roache's safety factor ``F_s = 1.25`` for three or
  more grids, applied to the correction the extrapolation made: it always contains ``q_last``).

Decision, on positive evidence only:

* ``verified`` — a window exists and its order interval lies at or above ``p − tol`` (within ``p ± tol`` for a
  two-sided Θ statement): the stated rate holds over the observed range; or ``|e|`` has reached the numerical
  ``floor`` (``q = q∞`` to the resolution of the run);
* ``violated`` — (a) a *stable* window whose order interval lies in ``[STABLE, p − tol)``: the run converges (a
  clearly positive order) more slowly than stated (half the rate shows ``p/2``); for a stated rate (kind ``rate``)
  any stable order below ``p − tol``, since ``|e_k|/u_k^p`` then grows by ``(u_0/u_K)^{p − tol − p̂}`` over the
  window; or (b) a stable three-point window of positive order whose limit interval excludes ``q∞ ± limit_tol``
  (a wrong limit), or a uniformly fast one (all orders ≥ p: the power model is not yet right) whose interval misses
  ``q∞`` by more than its own width. A stable order near or below 0 (a saddle plateau, a growth phase) with no
  extrapolated limit is not evidence either way;
  or (c) a sequence that has stopped moving at float64 resolution (``theory.asymptotic_settled``: differences of one
  sign halving at every step to rounding, over ≥ ``SUPER_POINTS`` checkpoints spanning a decade) away from the
  stated limit: a frozen trainer, or a fixed wrong direction's constant alignment gap;
* ``inconclusive`` — no window yet (transient, too few checkpoints) or an interval straddling ``p − tol``; the
  ``horizon_needed`` is the clock value the fit says is needed: for a missing window the checkpoint
  ``τ_last·ρ^m`` that completes one (``ρ`` the checkpoint ratio, ``m`` the missing orders), for a straddling order
  the clock at which ``MIN_ORDERS`` more checkpoints sit past the current end.

Without a stated limit (``limit=None``: "q converges") the three-point orders make the window and the limit interval
must be narrower than ``limit_tol``; the horizon is where the fit ``C u^p̂`` falls below ``limit_tol``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import sympy as sp

from .asymptotic_settled import settled

MIN_ORDERS = 3  # orders in a window: four checkpoints, so a trend is seen twice over (two orders could be chance)
STABLE = 0.25  # spread of a stable window: a second-order correction ≤ ~25% of the leading order over the window
ORDER_TOL = 0.25  # default slack on the stated order: log factors (ln ln t, ln² t) shift the observed order by < 0.25
F_S = 1.25  # Roache's safety factor for a GCI from three or more solutions
_P_RANGE = (-5.0, 20.0)  # bracket of the three-point order
SUPER_TOL = STABLE  # a super-convergent order may dip by at most the stable spread from one step to the next
SUPER_POINTS = 5  # checkpoints of a super-convergent window: four orders, one more than a stable window needs
SUPER_SPAN = 10.0  # clock ratio a super-convergent window must span: a decade, so the trend is not a local wiggle


@dataclass(frozen=True)
class Series:
    """A measured trajectory read at checkpoints: ``clock`` values τ_k (increasing) and ``values`` q_k."""

    clock: tuple
    values: tuple

    def __post_init__(self):
        object.__setattr__(self, "clock", tuple(float(c) for c in self.clock))
        object.__setattr__(self, "values", tuple(float(v) for v in self.values))
        if len(self.clock) != len(self.values):
            raise ValueError("Series: clock and values must have the same length")

    def __float__(self):  # the last value stands for the series in a scalar context
        return self.values[-1] if self.values else math.nan


@dataclass
class Judgement:
    """The judge's answer for one row; ``holds`` is True (verified), False (violated) or None (inconclusive)."""

    holds: bool | None
    reason: str
    checkpoints: list
    values: list
    orders: list = field(default_factory=list)
    window: list | None = None  # [τ_first, τ_last] of the asymptotic window
    observed_order: dict = field(default_factory=lambda: {"value": math.nan, "interval": [math.nan, math.nan]})
    limit_estimate: dict = field(default_factory=lambda: {"value": math.nan, "interval": [math.nan, math.nan]})
    horizon_needed: float | None = None

    def row(self) -> dict:
        return {"checkpoints": self.checkpoints, "values": self.values, "orders": self.orders,
                "window": self.window, "observed_order": self.observed_order, "limit_estimate": self.limit_estimate,
                "horizon_needed": self.horizon_needed, "judgement": self.reason}


def rate_function(rate: sp.Expr, clock: str):
    """``u(τ) = r(τ)`` as a float function (NaN where it cannot be evaluated)."""
    f = sp.lambdify([sp.Symbol(clock, real=True)], rate, "math")

    def u(tau: float) -> float:
        try:
            return float(f(float(tau)))
        except (ValueError, ZeroDivisionError, OverflowError):
            return math.nan
    return u


def two_point_orders(u: list, e: list) -> list:
    """``p_k = log(|e_k|/|e_{k+1}|)/log(u_k/u_{k+1})`` (NaN where an error is 0 or u does not decrease)."""
    out = []
    for k in range(len(e) - 1):
        a, b = abs(e[k]), abs(e[k + 1])
        du = math.log(u[k] / u[k + 1]) if u[k] > 0 and u[k + 1] > 0 else math.nan
        out.append(math.log(a / b) / du if a > 0 and b > 0 and du and math.isfinite(du) else math.nan)
    return out


def _pow_diff(u0: float, u1: float, p: float) -> float:
    """``(u1^p − u0^p)/p`` (→ ``log(u1/u0)`` as p → 0), so the three-point ratio is continuous through p = 0."""
    if abs(p) < 1e-9:
        return math.log(u1 / u0)
    return (u1 ** p - u0 ** p) / p


def three_point(u: tuple, q: tuple) -> tuple[float, float]:
    """The order ``p̂`` and limit ``L`` of ``q = L + C u^p`` through three points (NaN when not monotone)."""
    d0, d1 = q[1] - q[0], q[2] - q[1]
    if d0 == 0 or d1 == 0 or (d0 > 0) != (d1 > 0):
        return math.nan, math.nan
    target = math.log(d0 / d1)

    def g(p):
        return math.log(_pow_diff(u[0], u[1], p) / _pow_diff(u[1], u[2], p)) - target
    lo, hi = _P_RANGE
    try:
        glo, ghi = g(lo), g(hi)
    except (ValueError, ZeroDivisionError, OverflowError):
        return math.nan, math.nan
    if glo * ghi > 0:
        return math.nan, math.nan
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        gm = g(mid)
        if gm * glo > 0:
            lo, glo = mid, gm
        else:
            hi = mid
    p = 0.5 * (lo + hi)
    step = (u[2] ** p - u[1] ** p) if abs(p) > 1e-9 else math.log(u[2] / u[1])
    C = d1 / step
    return p, q[2] - C * (u[2] ** p if abs(p) > 1e-9 else math.log(u[2]))


def window(orders: list, floor_order: float | None, ceiling: float = math.inf, clock: list | None = None,
           size: list | None = None) -> int | None:
    """Index of the first order of the longest asymptotic tail (stable, or super-convergent above ``floor_order``
    and below ``ceiling``; see the module docstring), else None. ``clock``: every checkpoint (an order from
    checkpoint k on, two- or three-point, starts at ``clock[k]``), for the span of a super-convergent window
    (without it none is accepted)."""
    best = None
    for start in range(len(orders) - MIN_ORDERS, -1, -1):
        tail = orders[start:]
        if any(not math.isfinite(o) for o in tail):
            break
        if max(tail) - min(tail) <= STABLE or _super(tail, floor_order, ceiling, clock, start, size):
            best = start  # stability only shrinks and super-convergence only grows with the tail: scan every start
    return best


def _super(tail: list, floor_order: float | None, ceiling: float, clock: list | None, start: int,
           size: list | None = None) -> bool:
    """The super-convergence pattern: every order in ``[max(floor_order, 0+), ceiling]`` (|e| strictly falls) over
    ≥ ``SUPER_POINTS`` checkpoints spanning a clock ratio ≥ ``SUPER_SPAN``, and either each order ≥ the one before
    − ``SUPER_TOL`` (non-decreasing), or the error's ``size`` (|e_k|, or |q_{k+1} − q_k| for three-point orders)
    falls by ≥ ``SUPER_SPAN`` over the window (a decade of decay, faster than stated at every step)."""
    if floor_order is None or clock is None or len(clock) - start < SUPER_POINTS:
        return False
    if clock[-1] / clock[start] < SUPER_SPAN * (1 - 1e-9):  # slack: a geometric grid's decade rounds to 9.999999…
        return False
    if min(tail) < floor_order or min(tail) <= 0 or max(tail) > ceiling:
        return False
    if size is not None and size[-1] > 0 and size[start] / size[-1] >= SUPER_SPAN:
        return True
    return all(b >= a - SUPER_TOL for a, b in zip(tail, tail[1:]))


def _stable(tail: list) -> bool:
    return len(tail) >= MIN_ORDERS and max(tail) - min(tail) <= STABLE


def _solve_clock(u, target: float, tau_last: float) -> float:
    """The clock τ ≥ τ_last at which ``u(τ) = target`` (u decreasing; bisection in log τ; inf past 1e300)."""
    lo, hi = math.log(tau_last), math.log(tau_last) + 1.0
    while not (u(math.exp(hi)) <= target):
        hi = 2 * hi + 1.0
        if hi > 690:
            return math.inf
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if u(math.exp(mid)) > target else (lo, mid)
    return math.exp(hi)


def judge(clock, values, rate: sp.Expr, clock_symbol: str, limit: float | None, order: float = 1.0,
          order_tol: float = ORDER_TOL, limit_tol: float = 0.0, floor: float = 0.0,
          clock_label: str | None = None, stated_rate: bool = False, two_sided: bool = False) -> Judgement:
    """Judge ``q → limit`` at rate ``O(r^order)`` from checkpoints (see the module docstring for the rules).

    ``floor``: the resolution of the measurement (|e| ≤ floor is "reached"); ``limit_tol``: how far the
    extrapolated limit may sit from the stated one (and, with ``limit=None``, the width the limit interval must
    reach); ``clock_label`` names the clock in reasons ("log(1/𝓛)"); ``stated_rate``: the source states the rate
    (kind ``rate``), so a stable order below it — even ≈ 0, the implied constant ``|e|/r^p`` growing steadily over
    the window — contradicts it; for a bare limit (kind ``limit``) only a clearly positive order can.
    ``two_sided``: a Θ(r) statement — the order must also stay ≤ ``order + order_tol`` (a stable faster order, or
    one above it at every step of a tail of ``MIN_ORDERS``, contradicts the Ω side).
    """
    tau, q = [float(c) for c in clock], [float(v) for v in values]
    name = clock_label or clock_symbol
    j = Judgement(holds=None, reason="", checkpoints=tau, values=q)
    finite = all(math.isfinite(v) for v in q) and all(math.isfinite(c) and c > 0 for c in tau)
    if len(q) < MIN_ORDERS + 2 or not finite:
        j.reason = f"{len(q)} checkpoints{'' if finite else ' with a NaN/Inf'}: the judge needs ≥ {MIN_ORDERS + 2} finite ones"
        return j
    u_of = rate_function(rate, clock_symbol)
    u = [u_of(t) for t in tau]
    if not all(math.isfinite(x) and x > 0 for x in u) or any(b >= a for a, b in zip(u, u[1:])):
        j.reason = f"the rate {rate} does not decrease over the checkpoints"
        return j
    ratio = (tau[-1] / tau[0]) ** (1.0 / (len(tau) - 1))
    need = order - order_tol
    # three-point fits: order and extrapolated limit, wherever q is monotone over three checkpoints
    fits = [three_point(tuple(u[k:k + 3]), tuple(q[k:k + 3])) for k in range(len(q) - 2)]
    p3 = [f[0] for f in fits]
    # with a stated limit, a tail of three-point orders all ≥ the stated one (converging faster than r: Richardson's
    # correction then shrinks quickly) is as good a window as a stable one
    w3 = window(p3, None if limit is None else order, clock=tau, size=[abs(b - a) for a, b in zip(q, q[1:])])
    if w3 is not None:
        Ls = [f[1] for f in fits[max(w3, len(fits) - MIN_ORDERS):]]  # the most asymptotic fits
        dq = abs(q[-1] - Ls[-1])  # the correction Richardson applies to the last value
        lo_L, hi_L = min(Ls + [Ls[-1] - F_S * dq]), max(Ls + [Ls[-1] + F_S * dq])
        j.limit_estimate = {"value": Ls[-1], "interval": [lo_L, hi_L]}
    if limit is None:
        if w3 is None:
            missing = MIN_ORDERS - _tail_len(p3)
            j.horizon_needed = tau[-1] * ratio ** max(missing, 1)
            j.reason = f"not yet asymptotic (three-point orders {_fmt(p3)} not stable): needs {name} ≈ {j.horizon_needed:.3g}"
            return j
        tail = p3[w3:]
        j.orders, j.window = p3, [tau[w3], tau[-1]]
        j.observed_order = {"value": tail[-1], "interval": [min(tail), max(tail)]}
        lo_L, hi_L = j.limit_estimate["interval"]
        if max(tail) < 0:
            j.holds = False
            j.reason = f"diverges: stable three-point order {_fmt(tail)} < 0 over {name} ∈ [{tau[w3]:.3g}, {tau[-1]:.3g}]"
        elif hi_L - lo_L <= limit_tol:
            j.holds = True
            j.reason = f"converges: limit ∈ [{lo_L:.6g}, {hi_L:.6g}] (order {tail[-1]:.3g})"
        else:
            C = (q[-1] - j.limit_estimate["value"]) / u[-1] ** tail[-1]
            # Roache's band alone is 2 F_S |C| u^p wide: the clock where that falls to limit_tol
            target = (limit_tol / max(2 * F_S * abs(C), 1e-300)) ** (1.0 / tail[-1]) if tail[-1] > 0 else 0.0
            j.horizon_needed = _solve_clock(u_of, target, tau[-1]) if target > 0 else math.inf
            j.reason = (f"limit interval [{lo_L:.6g}, {hi_L:.6g}] wider than {limit_tol:.2g}: "
                        f"needs {name} ≈ {j.horizon_needed:.3g}")
        return j
    e = [v - limit for v in q]
    reached = [k for k, x in enumerate(e) if abs(x) <= floor]
    if reached and reached[-1] == len(e) - 1:
        k0 = next(k for k in range(len(e)) if all(abs(x) <= floor for x in e[k:]))
        j.window = [tau[k0], tau[-1]]
        j.holds = True
        j.reason = f"reached the limit {limit:.6g} to the floor {floor:.2g} from {name} = {tau[k0]:.3g} on"
        return j
    p2 = two_point_orders(u, e)
    j.orders = p2
    w = window(p2, need, order + order_tol if two_sided else math.inf, clock=tau, size=[abs(x) for x in e])
    fast = _tail_above(p2, order + order_tol) if two_sided else 0
    if w is None and fast >= MIN_ORDERS:  # Θ: faster than r^{p+tol} at every step of a tail — the Ω side fails
        tail = p2[-fast:]
        j.holds, j.window = False, [tau[-fast - 1], tau[-1]]
        j.observed_order = {"value": tail[-1], "interval": [min(tail), max(tail)]}
        j.reason = (f"decays faster than Θ(r) at every step: observed order ∈ [{min(tail):.3g}, {max(tail):.3g}] > "
                    f"{order + order_tol:.3g} over {name} ∈ [{tau[-fast - 1]:.3g}, {tau[-1]:.3g}]")
        return j
    lo_L, hi_L = j.limit_estimate["interval"]
    # a uniformly fast (not stable) three-point window means the model q = L + C u^p is not yet the right one: its
    # limit counts as evidence only when it misses the stated one by more than its own width
    margin = limit_tol + (0.0 if w3 is None or _stable(p3[w3:]) else hi_L - lo_L)
    if w3 is not None and min(p3[w3:]) > 0 and not (lo_L - margin <= limit <= hi_L + margin):
        j.holds, j.window = False, [tau[w3], tau[-1]]
        j.observed_order = {"value": p3[-1], "interval": [min(p3[w3:]), max(p3[w3:])]}
        j.reason = (f"the extrapolated limit ∈ [{lo_L:.6g}, {hi_L:.6g}] excludes the stated {limit:.6g} "
                    f"(± {limit_tol:.2g}) over {name} ∈ [{tau[w3]:.3g}, {tau[-1]:.3g}]")
        return j
    st = settled(tau, q, points=SUPER_POINTS, span=SUPER_SPAN, safety=F_S)  # stopped moving at float64 resolution
    if st is not None and abs(e[-1]) > floor and not (st[0] - limit_tol <= limit <= st[1] + limit_tol):
        j.holds, j.window = False, [tau[st[2]], tau[-1]]
        j.limit_estimate = {"value": q[-1], "interval": [st[0], st[1]]}
        j.reason = (f"settled at {q[-1]:.6g} ∈ [{st[0]:.6g}, {st[1]:.6g}] (changes halving to float64 rounding over "
                    f"{name} ∈ [{tau[st[2]]:.3g}, {tau[-1]:.3g}]): excludes the stated {limit:.6g} (± {limit_tol:.2g})")
        return j
    if w is None:
        missing = MIN_ORDERS - _tail_len(p2)
        j.horizon_needed = tau[-1] * ratio ** max(missing, 1)
        j.reason = (f"not yet asymptotic (observed orders {_fmt(p2)} not stable): "
                    f"needs {name} ≈ {j.horizon_needed:.3g}")
        return j
    tail = p2[w:]
    j.window = [tau[w], tau[-1]]
    j.observed_order = {"value": tail[-1], "interval": [min(tail), max(tail)]}
    span = f"over {name} ∈ [{tau[w]:.3g}, {tau[-1]:.3g}]"
    upper = order + order_tol
    if two_sided and _stable(tail) and min(tail) > upper:
        j.holds = False
        j.reason = f"decays faster than Θ(r): stable observed order ∈ [{min(tail):.3g}, {max(tail):.3g}] > {upper:.3g} {span}"
    elif two_sided and min(tail) >= need and max(tail) > upper:
        j.horizon_needed = tau[-1] * ratio ** MIN_ORDERS
        j.reason = (f"observed order ∈ [{min(tail):.3g}, {max(tail):.3g}] not yet within [{need:.3g}, {upper:.3g}] "
                    f"{span}: needs {name} ≈ {j.horizon_needed:.3g}")
    elif min(tail) >= need:
        j.holds = True
        j.reason = f"observed order ∈ [{min(tail):.3g}, {max(tail):.3g}] ≥ {need:.3g} {span}"
    elif _stable(tail) and max(tail) < need and (stated_rate or STABLE <= min(tail)):
        j.holds = False
        j.reason = (f"{'no decay at the stated rate' if min(tail) < STABLE else 'converges at a slower rate'}: stable observed order ∈ [{min(tail):.3g}, {max(tail):.3g}] "
                    f"< {need:.3g} (stated {order:g}) {span}")
    elif max(tail) < STABLE:  # errors not (clearly) decreasing: a plateau or a growth phase, not yet evidence
        j.horizon_needed = tau[-1] * ratio ** MIN_ORDERS
        j.reason = (f"not converging yet (observed order ∈ [{min(tail):.3g}, {max(tail):.3g}], no extrapolated "
                    f"limit) {span}: needs {name} ≈ {j.horizon_needed:.3g}")
    else:
        j.horizon_needed = tau[-1] * ratio ** MIN_ORDERS
        j.reason = (f"observed order ∈ [{min(tail):.3g}, {max(tail):.3g}] straddles {need:.3g} {span}: "
                    f"needs {name} ≈ {j.horizon_needed:.3g}")
    return j


def _tail_above(orders: list, bound: float) -> int:
    """Length of the longest tail of finite orders all above ``bound``."""
    n = 0
    for o in reversed(orders):
        if not (math.isfinite(o) and o > bound):
            break
        n += 1
    return n


def _tail_len(orders: list) -> int:
    """Length of the longest finite tail whose orders are stable (for the number of missing checkpoints)."""
    n = 0
    for k in range(len(orders) - 1, -1, -1):
        tail = orders[k:]
        if not all(math.isfinite(o) for o in tail) or max(tail) - min(tail) > STABLE:
            break
        n = len(tail)
    return n


def _fmt(xs: list) -> str:
    return "[" + ", ".join(f"{x:.3g}" for x in xs) + "]"


def geometric(lo: float, hi: float, count: int) -> list:
    """``count`` geometric clock values from ``lo`` to ``hi`` (checkpoints for a check)."""
    r = (hi / lo) ** (1.0 / (count - 1))
    return [lo * r ** k for k in range(count)]


def series_at(recorded_clock, recorded_values, targets) -> Series:
    """The recorded states nearest (in log clock) to each target clock value, as a ``Series`` (distinct points)."""
    rc = [float(c) for c in recorded_clock]
    picked = []
    for t in targets:
        k = min((i for i in range(len(rc)) if rc[i] > 0), key=lambda i: abs(math.log(rc[i] / t)))
        if k not in picked:
            picked.append(k)
    return Series(tuple(rc[k] for k in picked), tuple(float(recorded_values[k]) for k in picked))
