"""A row without a stated limit ("q converges", ``limit=None``): the width of the extrapolated limit decides.

``verified`` when a power law fitted over the last five checkpoints (in the row's variable or in the clock,
``theory.asymptotic_fit``) gives a limit band — the hull of its window's limits widened by Roache's band — narrower
than ``limit_tol``, and every other plausible model's extrapolated *limit* (not its band: every band contains the last
value, so bands always overlap) lies within that band widened by ``limit_tol`` (``apart``); ``violated`` when the differences grow in
both variables at every fit of the window (``q`` runs off faster than any convergent power law: diverges);
otherwise ``inconclusive`` with the clock at which the fitted model's band ``2 F_s |C| z^a`` plus its window's
spread would fall to 0.8 ``limit_tol``, or "not decidable from this run" when no model fits.
"""
from __future__ import annotations

import math

from .asymptotic_fit import F_S, solve_clock as _solve_clock

HORIZON_SHARE = 0.8  # a quoted horizon leaves a fifth of limit_tol as margin, so running there decides


def apart(f, fits: list, tol: float) -> list:
    """The plausible fits (drift ≤ ``PLAUSIBLE``) other than ``f`` whose extrapolated limit lies outside ``f``'s band
    widened by ``tol``: a second steady model pointing elsewhere, so the narrow band is one model's reading, not the
    data's. (Comparing bands instead can never fail: every band contains the last value ``q_K``.)"""
    return [g for g in fits if g is not f and g.plausible and not (f.lo - tol <= g.value <= f.hi + tol)]


def judge_free(j, tau: list, q: list, u_of, fits: list, limit_tol: float, name: str):
    """Decide ``j`` (a ``theory.asymptotic.Judgement``) for a "q converges" row (see the module docstring)."""
    ok = [f for f in fits if f.ok]
    span = f"over {name} ∈ [{tau[-2 - 3]:.3g}, {tau[-1]:.3g}]"
    if all(f.exps and all(math.isfinite(a) and a < 0 for a in f.exps) for f in fits):
        j.window = [tau[-5], tau[-1]]
        return j.decide(False, "diverging", f"diverges: the changes grow at every step in r and in {name} {span}")
    for f in sorted(ok, key=lambda f: f.hi - f.lo):
        if f.hi - f.lo <= limit_tol and not apart(f, ok, limit_tol):
            j.limit_estimate = {"value": f.value, "interval": [f.lo, f.hi]}
            j.observed_order = {"value": f.a, "interval": [min(f.exps), max(f.exps)]}
            j.window = [tau[-5], tau[-1]]
            return j.decide(True, "order", f"converges: limit ∈ [{f.lo:.6g}, {f.hi:.6g}] (order {f.a:.3g}) {span}")
    other = [g for f in ok if f.hi - f.lo <= limit_tol for g in apart(f, ok, limit_tol)]
    if other:
        f = min(ok, key=lambda f: f.hi - f.lo)
        return j.decide(None, "undecidable", f"limit interval [{f.lo:.6g}, {f.hi:.6g}], but another steady power law "
                        f"extrapolates to {other[0].value:.6g}, apart from it by more than {limit_tol:.2g} {span}: not "
                        "decidable from this run")
    if not ok:
        return j.decide(None, "undecidable", f"no power law fits the last five checkpoints {span}: not decidable "
                        "from this run")
    f = min(ok, key=lambda f: f.hi - f.lo)
    room = HORIZON_SHARE * limit_tol - f.spread
    h = None
    if room > 0 and f.C != 0:
        z = (room / (2 * F_S * abs(f.C))) ** (1.0 / f.a)
        h = (1.0 / z if f.model == "τ" else _solve_clock(u_of, z, tau[-1])) if z > 0 else None
    j.horizon_needed = h if h is not None and h > tau[-1] else None
    why = f"limit interval [{f.lo:.6g}, {f.hi:.6g}] wider than {limit_tol:.2g}"
    if j.horizon_needed is None:
        return j.decide(None, "undecidable", why + ": not decidable from this run")
    return j.decide(None, "pending", why + f": needs {name} ≈ {j.horizon_needed:.3g}")
