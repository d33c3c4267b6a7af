"""The order rules of the asymptotic judge and the horizons it quotes (split from ``theory.asymptotic``).

* ``bare_row`` — a bare limit: verified on a decay window with every steady model consistent with the limit (or a
  tenfold fall with none pointing elsewhere); never refuted by its order;
* ``rate_row`` — an O(r^p) / Θ(r^p) row: refuted when its implied constant grows without levelling
  (``asymptotic_envelope.implied_growth``), else by the levelling of its implied constant
  (``asymptotic_rules.levelling``); not verified while that constant grew ``GROWTH``-fold over the levelling window;
* ``wrong_limit_horizon`` — the clock at which a steady fitted model pointing at another limit decides, past the
  row's slowest admissible mode (``past_mode``).

Each takes the caller's ``Judgement`` and decides it (``Judgement.decide``); none imports ``theory.asymptotic``.
"""
from __future__ import annotations

import math

from .asymptotic_envelope import LEVEL_EXP, constant_level, implied_growth
from .asymptotic_fit import Fit, solve_clock as _solve_clock, three_point
from .asymptotic_rules import (GAMMA_STABLE, GROWTH, MIN_ORDERS, STEADY, before_transient, decay_window, levelling,
                               two_point_orders)

SIGMA = 0.25  # ... and the window's extrapolated limits agree to a quarter of that distance
DECADE_OF_DECAY = 10.0  # without a steady model, a bare limit's decay is evidence once the error fell tenfold
HORIZON_DRIFT = 0.05  # a prediction needs a model whose exponent is steady to 5% (log-type approaches drift more)
KAPPA_HORIZON = 1.0 / 3.0  # a quoted horizon: where the fitted correction falls to a third of the distance


def _fmt(xs: list) -> str:
    return "[" + ", ".join(f"{x:.3g}" for x in xs) + "]"


def wrong_limit_horizon(j, tau, q, fits, u_of, limit, tol, name, mode) -> None:
    """A fit that points at another limit but has not yet stopped moving relative to the remaining decay: the
    clock at which its correction ``|C| z^a`` falls to ``KAPPA_HORIZON`` of the distance (its own model's
    prediction) and, with the row's slowest admissible ``mode`` (a float function of the clock), the model's last
    step on the same number of geometric checkpoints moves less than that mode would
    (``asymptotic_withhold.slow_mode``), else "not decidable from this run"."""
    for f in fits[:1]:  # the best model only: a misspecified one's prediction recedes when run
        if f.drift > HORIZON_DRIFT or f.contains(limit, tol):
            continue
        dist = abs(f.value - limit) - tol
        if dist <= 0 or f.spread > SIGMA * dist:
            continue
        z = (KAPPA_HORIZON * dist / abs(f.C)) ** (1.0 / f.a)
        h = (1.0 / z if z > 0 else None) if f.model == "τ" else _solve_clock(u_of, z, tau[-1])
        if h is not None:
            h = past_mode(f, h, tau, u_of, mode, limit, tol)
        if h is not None and h > tau[-1]:
            j.horizon_needed, j.rule = h, "pending"
            j.reason += (f"; a power law in {'the rate' if f.model == 'r' else name} points at the limit "
                         f"{f.value:.6g} ∉ {limit:.6g} ± {tol:.2g}: needs {name} ≈ {h:.3g}")
            return
    if j.horizon_needed is None and "not decidable" not in j.reason:
        j.reason += ": not decidable from this run"


def past_mode(f: Fit, h: float, tau, u_of, mode, limit: float, tol: float) -> float | None:
    """The first clock from ``h`` on (doubling) at which the fitted model ``f``, read on ``len(tau)`` geometric
    checkpoints from ``tau[0]``, moves its last step less than ``mode`` (on the clock shifted by that step's
    start, as ``slow_mode`` shifts by its window's) carrying the distance left would: where the slowest-mode
    withholding no longer applies. None past 1e300."""
    z = (lambda x: 1.0 / x) if f.model == "τ" else u_of
    at = lambda x: f.value + f.C * z(x) ** f.a  # noqa: E731
    while h < 1e300:
        t1 = h / (h / tau[0]) ** (1.0 / (len(tau) - 1))
        m1, m2 = mode(t1 + t1), mode(h + t1)  # on slow_mode's shifted clock
        if not (math.isfinite(m1) and math.isfinite(m2) and m2 > 0):
            return None
        if abs(at(t1) - at(h)) < (abs(at(h) - limit) - tol) * (m1 / m2 - 1.0):  # slow_mode's test, on the model
            return h
        h *= 2.0
    return None


def bare_row(j, tau, u, e, fits, limit, tol, span) -> None:
    """A bare limit: verified on a decay window with every fitted model consistent with ``limit``; never refuted
    by its order (1/√log t, 1/log log t, log log t/log t all → 0)."""
    p2 = two_point_orders(u, e)
    j.orders = p2
    w = decay_window(p2, tau, e)
    ok = [f for f in fits if f.plausible]  # a drifting model is misspecified: it speaks neither way
    if w is not None:
        tail = p2[w:]
        j.window = [tau[w], tau[-1]]
        j.observed_order = {"value": tail[-1], "interval": [min(tail), max(tail)]}
        fell = abs(e[w]) / abs(e[-1])
        if (ok and all(f.contains(limit, tol) for f in ok)) or (not ok and fell >= DECADE_OF_DECAY):
            j.decide(True, "order" if ok else "decay", f"|q − {limit:.6g}| falls at observed order ∈ [{min(tail):.3g}, "
                     f"{max(tail):.3g}] {span(w)}, " + (f"every steady power law's limit band containing {limit:.6g}" if ok
                     else f"fallen {fell:.3g}× with no steady power law pointing elsewhere"))
            return
        j.decide(None, "undecidable", f"|q − {limit:.6g}| falls at observed order ∈ [{min(tail):.3g}, "
                 f"{max(tail):.3g}] {span(w)}, but " + (f"a power law steady enough to protect a limit, not to refute one, "
                 f"extrapolates to " + ", ".join(
                     f"[{f.lo:.6g}, {f.hi:.6g}]" for f in ok if not f.contains(limit, tol)) + ", which excludes it" if ok else
                     f"no power law fits steadily and the error fell only {fell:.3g}× (evidence needs "
                     f"{DECADE_OF_DECAY:g}×)"))
        return
    j.decide(None, "undecidable", f"no decay window yet (observed orders {_fmt(p2[-MIN_ORDERS - 1:])})")


def rate_row(j, tau, u, e, u_of, order, order_tol, two_sided, name, span, noise=0.0,
              log_factor: str = "") -> None:
    """An O(r^p) / Θ(r^p) row: refuted when its implied constant grows without levelling
    (``asymptotic_envelope.implied_growth``: a constant error, a slower order, an undeclared log factor), else by
    the levelling of its implied constant (``asymptotic_rules.levelling``)."""
    grow = implied_growth(tau, u, e, order, noise, bool(log_factor))
    fall = implied_growth(tau, u, e, order, noise, bool(log_factor), lower=True) if two_sided else None
    if fall is not None:  # a hump's descent falls only back to where its rise began: measured from there (GROWTH²)
        c = [abs(v) / x ** order for v, x in zip(e, u)]
        level, need = before_transient(c, fall[0])
        fall = fall if level / c[-1] >= need else None
    if grow is None and fall is not None:
        k, g, a = fall
        j.window = [tau[k], tau[-1]]
        j.observed_order = {"value": order - a[-1], "interval": [order - max(a), order - min(a)]}
        return j.decide(False, "faster", f"decays faster than Θ(r) ("
                        + ("a log factor" if min(a) >= -LEVEL_EXP else "a faster order") + "): the implied "
                        f"constant |e|/r^{order:g} fell {g:.3g}× {span(k)} without levelling (the three-point "
                        f"exponents in r of its inverse ∈ [{min(a):.3g}, {max(a):.3g}]; a level has > {LEVEL_EXP:g})")
    if grow is not None:
        k, g, a = grow
        j.window = [tau[k], tau[-1]]
        what = "|e|/(r^{:g}·log(1/r))".format(order) if log_factor else f"|e|/r^{order:g}"
        p_obs = order + max(a)  # c ∝ r^a: the error's observed order
        shape = ("no decay at the stated rate" if p_obs < 0.25 else "an extra log factor" if max(a) >= -LEVEL_EXP
                 else "converges at a slower rate")
        j.observed_order = {"value": order + a[-1], "interval": [order + min(a), order + max(a)]}
        return j.decide(False, "growth", f"{shape}: the implied constant {what} grew {g:.3g}× {span(k)} without "
                        f"levelling (its three-point exponents in r ∈ [{min(a):.3g}, {max(a):.3g}]; a level has "
                        f"> {LEVEL_EXP:g})" + (f"; the declared log factor ({log_factor}) is absorbed" if log_factor
                                                else ""))
    lev = levelling(u, e, order, order_tol, two_sided)
    j.orders = lev.orders
    need, upper = order - order_tol, order + order_tol
    if lev.start is not None:
        win = lev.orders[lev.start:]
        j.window = [tau[lev.start], tau[-1]]
        j.observed_order = {"value": win[-1], "interval": [min(win), max(win)]}
        lo, hi = min(win), max(win)
    theta = "Θ" if two_sided else "O"
    c = [abs(v) / x ** order for v, x in zip(e, u)]  # the implied constant
    if lev.state == "level" and c[-1] >= GROWTH * min(c[lev.start:]):
        j.decide(None, "undecidable", f"observed order ∈ [{lo:.3g}, {hi:.3g}] {span(lev.start)}, but the implied "
                 f"constant |e|/r^{order:g} grew {c[-1] / min(c[lev.start:]):.3g}× over the same window (a level "
                 f"grows less than {GROWTH:g}×): cannot yet tell {theta}(r^{order:g}) from a slower order or an "
                 "extra log factor")
    elif lev.state == "level":
        j.decide(True, "levelling", f"the implied constant levels: observed order ∈ [{lo:.3g}, {hi:.3g}] "
                 f"{'within' if two_sided else '≥'} {f'[{need:.3g}, {upper:.3g}]' if two_sided else f'{need:.3g}'} "
                 f"(shift-invariant) {span(lev.start)}")
    elif lev.state == "slower":
        what = "no decay at the stated rate" if hi < 0.25 else "converges at a slower rate"
        j.decide(False, "levelling", f"{what}: stable observed order ∈ [{lo:.3g}, {hi:.3g}] < {need:.3g} "
                 f"(stated {order:g}); the implied constant |e|/r^{order:g} grew {lev.change:.3g}× without "
                 f"levelling {span(lev.start)}")
    elif lev.state == "faster" and not _inverse_steady(u, c, lev.start):
        j.decide(None, "undecidable", f"observed order ∈ [{lo:.3g}, {hi:.3g}] above the stated Θ(r^{order:g}) "
                 f"{span(lev.start)}, but the inverse implied constant r^{order:g}/|e| does not grow like one power "
                 f"of r (its three-point exponents in r drift by more than {STEADY:g} or exceed {LEVEL_EXP:g}): a "
                 "transient's descent or a second-order term, not yet a faster order: not decidable from this run")
    elif lev.state == "faster":
        how = "stable observed order" if lev.spread <= GAMMA_STABLE else "at every step: observed order"
        j.decide(False, "faster", f"decays faster than Θ(r): {how} ∈ [{lo:.3g}, {hi:.3g}] > "
                 f"{upper:.3g}; the implied constant fell {lev.change:.3g}× {span(lev.start)}")
    elif lev.state in ("slower-short", "faster-short"):
        # the stable exponent γ predicts the implied constant's change: ×(x*/x_last)^{p|γ|} more reaches 1.2·GROWTH
        x_star = 1.0 / u[-1] * (1.2 * GROWTH / lev.change) ** (1.0 / abs(order * lev.gamma))
        h = _solve_clock(u_of, 1.0 / x_star, tau[-1])
        slower = lev.state == "slower-short"
        if lev.spread > HORIZON_DRIFT * abs(lev.gamma):  # the exponent not steady enough to predict from
            h = None
        j.horizon_needed = h
        j.decide(None, "pending" if h else "undecidable", f"stable observed order ∈ [{lo:.3g}, {hi:.3g}] "
                 f"{'below' if slower else 'above'} the stated {theta}(r^{order:g}) {span(lev.start)}, but the "
                 f"implied constant {'grew' if slower else 'fell'} only {lev.change:.3g}× (a counterexample needs "
                 f"{GROWTH:g}×)" + (f": needs {name} ≈ {h:.3g}" if h else ""))
    elif not envelope_level(j, tau, u, e, order, order_tol, two_sided, span, noise):
        j.decide(None, "undecidable", f"the implied constant neither levels nor grows steadily (observed orders "
                 f"{_fmt(lev.orders[-MIN_ORDERS:])}, shift-invariant)")


def _inverse_steady(u: list, c: list, start: int) -> bool:
    """A Θ row's falling implied constant ``c`` falls like one power of the rate: over the window from ``start``
    the three-point fits of ``1/c = A + B r^a`` in the row's own variable agree to ``STEADY`` with ``a ≤
    LEVEL_EXP`` — the inverse-constant test of ``implied_growth(lower=True)``. A faster order ``c ∝ r^a`` has
    ``1/c ∝ r^{−a}`` at every scale; a plateau's or a hump's exit, whose ``1/c`` rises towards a level, has exponents
    that drift up towards positive values, and a second-order term ``c = C(1 + b r)`` has ``a ≈ 1``."""
    z, inv = u[start:], [1.0 / x for x in c[start:]]
    a = [three_point(tuple(z[i:i + 3]), tuple(inv[i:i + 3]))[0] for i in range(len(inv) - 2)]
    return bool(a) and all(math.isfinite(x) for x in a) and max(a) - min(a) <= STEADY and max(a) <= LEVEL_EXP


def envelope_level(j, tau, u, e, order, order_tol, two_sided, span, noise: float = 0.0) -> bool:
    """A non-monotone O/Θ(r^p) row verified by the envelopes of its implied constant
    (``asymptotic_envelope.constant_level``; ``noise``: the rounding of e); True when it decided ``j``."""
    lev = constant_level(u, e, order, order_tol, two_sided, noise)
    if lev is None:
        return False
    k, grow, slack, fall = lev
    j.window = [tau[k], tau[-1]]
    j.decide(True, "levelling", f"the implied constant |e|/r^{order:g} oscillates and its upper envelope levels: "
             f"its peaks grew {grow:.3g}× over at least one observed period (at most {min(slack, GROWTH):.3g}×: "
             f"r's own fall at the order slack {order_tol:g}, and < {GROWTH:g}×)"
             + (f", its troughs fell {fall:.3g}×" if two_sided else "") + f" {span(k)}")
    return True


SLOW_RULES = ("settled", "excluded-limit")  # a divergence is no offset: no decaying mode explains growth


def slow_mode(j, limit: float, tol: float, slowest, clock: str, label: str, default: bool = False,
              stated: bool = False) -> None:
    """``slowest``: withhold ``j``'s refutation when every step of the refuting window moved — towards ``limit`` or
    away from it — at least as far as a mode ``u`` (sympy in ``clock``) carrying the remaining distance would (the
    module docstring): towards it, ``q∞ + A·u`` plus a faster transient passes through the same points; away from
    it, the same with a transient through 0 (a dip: a leading component that changes sign) — the run has not
    stopped moving relative to the slowest admissible decay, so its last value is no limit yet.
    The mode runs on a clock shifted by the refuting window's first checkpoint, u(τ + τ_w): the judge reads orders
    shift-invariantly, and a clock's origin is not observable — a time offset set by the initialisation's scale may
    lie anywhere before the evidence begins. u(τ + s) falls slower the larger s, so the largest offset the window
    leaves unobserved binds, and the shift only withholds. ``stated``: the mode is the row's stated rate r^p (named
    so in the reason)."""
    import sympy as sp

    from .asymptotic_fit import rate_function
    if j.holds is not False or j.rule not in SLOW_RULES or not j.window:
        return
    tau, q = j.checkpoints, j.values
    k0 = nearest(tau, j.window[0])
    u = rate_function(slowest, clock)
    us = [u(x + tau[k0]) for x in tau[k0:]]
    if len(us) < 2 or not all(math.isfinite(v) and v > 0 for v in us) or any(b >= a for a, b in zip(us, us[1:])):
        return  # the mode does not decay over the window: it explains no offset
    dist = [max(abs(v - limit) - tol, 0.0) for v in q[k0:]]
    moved = [abs(a - b) for a, b in zip(q[k0:], q[k0 + 1:])]  # each step's movement, towards q∞ or away from it
    carried = [d * (a / b - 1.0) for d, a, b in zip(dist[1:], us, us[1:])]  # the mode's, on the distance left
    short = [k for k, (m, c) in enumerate(zip(moved, carried)) if m < c]
    if short or dist[-1] <= 0:
        return  # a step moved less than the slowest mode would: an offset the mode cannot explain
    tenfold = _solve_clock(lambda x: u(x + tau[k0]), us[-1] / 10.0, tau[-1])
    when = f"{label} ≈ {tenfold:.3g}" if tenfold is not None else f"{label} beyond 1e300"
    mode = sp.nfloat(slowest, 3, exponent=True)
    kind = "default (threshold)" if default else "stated rate's" if stated else "derived"
    undecided(j, f"the {kind} slowest mode {mode} (clock shifted by the window's first checkpoint), carrying the "
                  f"distance left at each checkpoint, would move every step of the window by no more than it moved (the last: "
                  f"{carried[-1]:.3g} against {moved[-1]:.3g}): an offset and that mode look alike here (the mode "
                  f"falls tenfold only by {when})")


def nearest(clock, t0: float) -> int:
    """The index of the checkpoint nearest ``t0`` in log clock (the refuting window's start)."""
    return min(range(len(clock)), key=lambda k: abs(math.log(clock[k] / t0)))


def undecided(j, why: str) -> None:
    j.holds, j.horizon_needed = None, None
    j.reason = f"{j.reason} — withheld: {why}: not decidable from this run"


def slower_mode(a, b, tau, clock: str):
    """Of two decaying modes (sympy in ``clock``), the one that falls less from the first checkpoint of ``tau`` to the
    last on a clock shifted by the first checkpoint, u(τ + τ₀) — the slower one there, so withholding against it withholds against
    both (``a`` when ``tau`` is too short to compare or ``b`` does not decay there)."""
    from .asymptotic_fit import rate_function
    if len(tau) < 2:
        return a
    fa, fb = rate_function(a, clock), rate_function(b, clock)
    t0, t1 = tau[0] + tau[0], tau[-1] + tau[0]
    ra, rb = fa(t0) / fa(t1), fb(t0) / fb(t1)
    return b if math.isfinite(rb) and 1.0 < rb < ra else a
