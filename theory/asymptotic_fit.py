"""Model fits of the asymptotic judge: ``q = L' + C z^a`` through three checkpoints, and a window of such fits.

Two variables ``z`` (each decreasing to 0 along the run) are fitted, because a finite run cannot tell which one
the approach is a power of:

* the row's own variable ``z = r(τ)`` (``1/log t`` for a row stated at rate 1/log t): Richardson's model, exact
  for ``q = L' + C r^a`` on any grid;
* the clock, ``z = 1/τ``: a power law in the clock towards an unstated value, ``q = L' + C τ^{−a}`` — a
  decelerating approach to a wrong value (``0.01 + 0.03 (200/t)^½``) is exactly this, while against ``1/log t`` it
  reads as an ever slower order that never settles.

Through three points ``(z_k, q_k)`` the exponent solves ``(q_1 − q_0)/(q_2 − q_1) = (z_1^a − z_0^a)/(z_2^a − z_1^a)``
(a bracketed root; exact for the model on any grid) and ``L' = q_2 − C z_2^a`` (Richardson/Aitken). A window's fit
is the last ``W`` such triples: its limits ``L'_k``, its exponents, and Roache's band ``L'_last ± F_s·|q_K − L'_last|``
(safety factor ``F_s = 1.25`` for three or more solutions, applied to the correction the extrapolation makes).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

F_S = 1.25  # Roache's safety factor for a GCI from three or more solutions
P_RANGE = (-5.0, 20.0)  # bracket of a three-point exponent: growth up to z^-5, decay up to z^20
WINDOW = 3  # fits in a window: five checkpoints, so the model is seen to hold three times over
EXP_SPREAD = 0.1  # a model that refutes: its window's exponents agree to a tenth of the last
PLAUSIBLE = 0.25  # a model that supports or protects a stated limit: a quarter (refuting asks more than supporting)


def _pow_diff(z0: float, z1: float, p: float) -> float:
    """``(z1^p − z0^p)/p`` (→ ``log(z1/z0)`` as p → 0): the three-point ratio is continuous through p = 0."""
    # p → 0: the logarithm's limit, where (z^p − 1)/p cancels catastrophically
    if abs(p) < 1e-9:
        return math.log(z1 / z0)
    return (z1 ** p - z0 ** p) / p


def _root(g, lo: float, hi: float) -> float:
    """A root of ``g`` in ``[lo, hi]`` (signs differ at the ends): Illinois regula falsi, then bisection steps."""
    glo, ghi = g(lo), g(hi)
    side = 0
    for _ in range(100):
        mid = (lo * ghi - hi * glo) / (ghi - glo) if ghi != glo else 0.5 * (lo + hi)
        if not lo < mid < hi:
            mid = 0.5 * (lo + hi)
        gm = g(mid)
        if gm == 0 or hi - lo < 1e-13 * (1 + abs(mid)):
            return mid
        if (gm > 0) == (ghi > 0):
            hi, ghi = mid, gm
            if side == 1:
                glo *= 0.5
            side = 1
        else:
            lo, glo = mid, gm
            if side == -1:
                ghi *= 0.5
            side = -1
    return 0.5 * (lo + hi)


def three_point(z: tuple, q: tuple) -> tuple[float, float]:
    """The exponent ``a`` and limit ``L'`` of ``q = L' + C z^a`` through three points (NaN when not monotone)."""
    d0, d1 = q[1] - q[0], q[2] - q[1]
    if d0 == 0 or d1 == 0 or (d0 > 0) != (d1 > 0):
        return math.nan, math.nan
    target = math.log(d0 / d1)

    def g(p):
        return math.log(_pow_diff(z[0], z[1], p) / _pow_diff(z[1], z[2], p)) - target
    lo, hi = P_RANGE
    try:
        glo, ghi = g(lo), g(hi)
        if glo * ghi > 0:
            return math.nan, math.nan
        p = _root(g, lo, hi)
        # p → 0 as in _pow_diff: (z^p − 1)/p would cancel below 1e-9
        step = (z[2] ** p - z[1] ** p) if abs(p) > 1e-9 else math.log(z[2] / z[1])
        C = d1 / step
        return p, q[2] - C * (z[2] ** p if abs(p) > 1e-9 else math.log(z[2]))  # the same p → 0 limit
    except (ValueError, ZeroDivisionError, OverflowError):
        return math.nan, math.nan


@dataclass(frozen=True)
class Fit:
    """A window of three-point fits of ``q = L' + C z^a``: ``model`` names z ("r": the row's variable, "τ": the
    clock), ``exps``/``limits`` the window's fits, ``lo``/``hi`` the hull of the limits widened by Roache's band,
    ``value`` the last limit, ``correction`` ``|q_K − L'_last|``, ``C`` and ``a`` the last fit's constants.
    ``ok``: every fit of the window exists with ``a > 0`` (an approach, not growth)."""

    model: str
    exps: tuple
    limits: tuple
    lo: float
    hi: float
    value: float
    correction: float
    C: float
    a: float
    ok: bool

    @property
    def drift(self) -> float:
        """The window's exponent spread relative to the last exponent (0 for data the model fits exactly)."""
        return (max(self.exps) - min(self.exps)) / self.a if self.ok else math.inf

    @property
    def stable(self) -> bool:
        """The model in its asymptotic range: the window's exponents agree to ``EXP_SPREAD`` of the last."""
        return self.drift <= EXP_SPREAD

    @property
    def plausible(self) -> bool:
        """Steady enough to support or protect a stated limit (drift ≤ ``PLAUSIBLE``), not to refute one."""
        return self.drift <= PLAUSIBLE

    @property
    def spread(self) -> float:
        return max(self.limits) - min(self.limits) if self.ok else math.inf

    def contains(self, x: float, tol: float = 0.0) -> bool:
        return self.ok and self.lo - tol <= x <= self.hi + tol


def window_fit(z: list, q: list, model: str, width: int = WINDOW) -> Fit:
    """The last ``width`` three-point fits of ``q`` in the variable ``z`` (see ``Fit``)."""
    K = len(q)
    fits = [three_point(tuple(z[k:k + 3]), tuple(q[k:k + 3])) for k in range(max(K - 2 - width, 0), K - 2)]
    exps, limits = tuple(f[0] for f in fits), tuple(f[1] for f in fits)
    ok = len(fits) == width and all(math.isfinite(a) and a > 0 and math.isfinite(L) for a, L in fits)
    if not ok:
        return Fit(model, exps, limits, math.nan, math.nan, math.nan, math.nan, math.nan, math.nan, False)
    L, a = limits[-1], exps[-1]
    corr = abs(q[-1] - L)
    C = (q[-1] - L) / z[-1] ** a
    return Fit(model, exps, limits, min(limits) - F_S * corr, max(limits) + F_S * corr, L, corr, C, a, True)


def all_fits(z: list, q: list) -> list[tuple[float, float]]:
    """Every three-point fit ``(a_k, L'_k)`` of the series, k = 0 … K−3."""
    return [three_point(tuple(z[k:k + 3]), tuple(q[k:k + 3])) for k in range(len(q) - 2)]


def solve_clock(u, target: float, tau_last: float) -> float | None:
    """The clock τ ≥ τ_last at which ``u(τ) = target`` (u decreasing; bisection in log τ; None past 1e300)."""
    if not (target > 0 and math.isfinite(target)):
        return None
    lo, hi = math.log(tau_last), math.log(tau_last) + 1.0
    while not (u(math.exp(hi)) <= target):
        hi = 2 * hi + 1.0
        if hi > 690:
            return None
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if u(math.exp(mid)) > target else (lo, mid)
    return math.exp(hi)


@lru_cache(maxsize=256)
def _lambdified(rate, clock: str):
    import sympy as sp  # only where a rate is evaluated: importing the fits stays light
    return sp.lambdify([sp.Symbol(clock, real=True)], rate, "math")


def rate_function(rate, clock: str):
    """``u(τ) = r(τ)`` (``rate`` a sympy expression of the symbol named ``clock``) as a float function (NaN where
    it cannot be evaluated)."""
    import sympy as sp
    f = _lambdified(sp.sympify(rate), clock)

    def u(tau: float) -> float:
        try:
            return float(f(float(tau)))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            return math.nan
    return u


def geometric(lo: float, hi: float, count: int) -> list:
    """``count`` geometric clock values from ``lo`` to ``hi`` (checkpoints for a check)."""
    r = (hi / lo) ** (1.0 / (count - 1))
    return [lo * r ** k for k in range(count)]
