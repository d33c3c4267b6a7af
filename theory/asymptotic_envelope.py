"""Non-monotone sequences and the implied constant's growth: what the asymptotic judge reads beyond the values.

**Oscillation.** Gradient descent at a large step converges oscillating (the edge of stability), and a wrong answer
may alternate about the limit for ever. Neither is a monotone approach, so the fits of ``theory.asymptotic_fit``
(three monotone points) and the levelling of the implied constant (a monotone ``|e|``) cannot read them. A sequence
*oscillates* when its changes ``d_k = q_{k+1} − q_k`` turn (change sign, each above the quantity's rounding) at
least ``TURNS`` times: one full observed period, maximum to maximum, holds three turning points — a transient hump
has one, a dip and rise two. Its *tail envelope* ``E_k = max_{j ≥ k} |e_j|`` bounds every later error, and
``|e| = O(r^p)`` (or ``→ 0``) holds exactly when the envelope does (r decreasing). The judge then judges the
envelope at its *records* — the checkpoints where ``|e_k| = E_k`` (the largest error at or after them) — as a
one-signed sequence ``q∞ + E_k``: an oscillating convergence whose envelope decays at the stated rate is verified,
an alternation about another value (the envelope approaching ``|δ| ≠ 0``) or of constant amplitude (the envelope
stays put) is refuted by the same rules as a monotone sequence. The period is estimated from the turning points;
fewer than ``UNDER_SAMPLED`` checkpoints a period means the grid aliases the oscillation (the envelope's records
are then the sampled peaks, not the true ones), and the reason says so.

**The implied constant's growth** (O(r^p) rows). ``|e| ≤ C r^p`` bounds the implied constant ``c_k = |e_k|/r_k^p``
— over the envelope's records, so an oscillation cannot hide it. An O(r^p) row is refuted when ``c`` grew by
``GROWTH`` over a tail of ≥ ``SPAN_POINTS`` records spanning a decade of the clock, growing at each record, and
its growth does not level: the three-point exponents ``a`` of ``c = A + B r^a`` in the row's own variable agree to
``STEADY`` and none exceeds ``LEVEL_EXP``. A constant error has ``a = −p``, a slower power ``a = −(p − p')``, an
extra log factor ``c ∝ log(1/r)`` exactly ``a = 0`` at every scale: each grows without levelling. A transient
hump's rise has drifting exponents (its growth accelerates, then stops at the peak), and the records skip it
when the run continues past the peak (the peak is larger than every point before it). An implied
constant that levels (a second-order term, a shifted clock: ``c = c∞ − B r^a``) has ``a ≥ 1`` on the catalogue's
rates, and a transient hump's rise is not among the records (its peak is larger than every point before it).
A row that *declares* a log factor (``log_factor``, with its reason) is judged on ``c/log(1/r)``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .asymptotic_fit import three_point
from .asymptotic_rules import GROWTH, SPAN, SPAN_POINTS, STEADY

TURNS = 3  # derived: one full period, maximum to maximum, holds three turning points (a hump has one, a dip two)
UNDER_SAMPLED = 4.0  # standard: fewer than four samples a period alias it (Nyquist's two, with a factor 2 of margin)
LEVEL_EXP = 0.1  # chosen: a constant rising like c∞ − B·r^a with a ≤ 0.1 is a log factor to any finite run (a
# √log factor has a = ½/ln(1/r) ≈ 0.04–0.1 over 1/r ∈ 10²…10⁶; second-order terms and shifted clocks have a ≥ 1)


@dataclass
class Oscillation:
    """The turning points of a sequence and what they show: ``turns`` (indices k where d_{k−1}, d_k differ in
    sign), ``sign_changes`` of the error e, the ``period`` in checkpoints (NaN under ``TURNS``), and the records
    of the tail envelope (``records``: indices where |e_k| ≥ every later |e_j|)."""

    turns: list
    sign_changes: int
    period: float
    records: list
    peaks: list  # interior local maxima of |e|

    @property
    def oscillating(self) -> bool:
        return len(self.turns) >= TURNS

    @property
    def under_sampled(self) -> bool:
        return self.oscillating and self.period < UNDER_SAMPLED

    def describe(self) -> str:
        s = (f"oscillating ({len(self.turns)} turning points, period ≈ {self.period:.3g} checkpoints"
             + (f", under-sampled: fewer than {UNDER_SAMPLED:g} checkpoints a period" if self.under_sampled else "")
             + (f"; {self.sign_changes} sign changes of q − q∞" if self.sign_changes else "") + ")")
        return s

    def row(self) -> dict:
        return {"turning_points": len(self.turns), "sign_changes": self.sign_changes,
                "period": self.period if math.isfinite(self.period) else None, "under_sampled": self.under_sampled,
                "envelope_records": len(self.records)}


def oscillation(q: list, e: list, noise: float) -> Oscillation:
    """The turning points of ``q`` (changes above ``noise`` of opposite signs, a flat step skipped), the sign changes
    of ``e`` (both sides above ``noise``), the period and the envelope's records (see the module docstring). The
    caller's ``noise`` is the judge's stall level (``STALL`` of the distance, at least the rounding): a jitter below
    it is a stall, not an oscillation."""
    d = [b - a for a, b in zip(q, q[1:])]
    turns, last = [], 0
    for k, x in enumerate(d):
        if abs(x) <= noise:
            continue
        s = 1 if x > 0 else -1
        if last and s != last:
            turns.append(k)  # q_k is a turning point
        last = s
    sc = sum(1 for a, b in zip(e, e[1:]) if abs(a) > noise and abs(b) > noise and (a > 0) != (b > 0))
    period = 2.0 * (turns[-1] - turns[0]) / (len(turns) - 1) if len(turns) >= 2 else math.nan
    return Oscillation(turns, sc, period, records(e, noise), peaks(e, noise))


def peaks(e: list, noise: float = 0.0) -> list:
    """Interior local maxima of ``|e|`` (at least each neighbour, above one by more than ``noise``)."""
    x = [abs(v) for v in e]
    return [k for k in range(1, len(x) - 1)
            if x[k] >= max(x[k - 1], x[k + 1]) - noise and x[k] > min(x[k - 1], x[k + 1]) + noise]


def records(e: list, noise: float = 0.0) -> list:
    """Indices k with ``|e_k| ≥ |e_j| − noise`` for every j > k: where the tail envelope is attained (the last
    always; values equal to within ``noise`` are ties, so rounding does not thin a constant amplitude's records)."""
    out, top = [], -math.inf
    for k in range(len(e) - 1, -1, -1):
        if abs(e[k]) >= top - noise:
            out.append(k)
            top = max(top, abs(e[k]))
    return out[::-1]


def envelope(e: list) -> list:
    """``E_k = max_{j ≥ k} |e_j|`` (non-increasing)."""
    out, top = [], 0.0
    for v in reversed(e):
        top = max(top, abs(v))
        out.append(top)
    return out[::-1]


def sampling_allowance(osc, tau: list, x: list, a: int, b: int, f) -> float:
    """How much farther a decaying ``f`` (the slowest mode, or r^p) may fall between an oscillation's sampled peaks
    ``a`` and ``b`` of ``x = |e|`` than the oscillation's true envelope did — the factor a flat-envelope rule allows.
    A sampled peak lies within half a checkpoint of the true one: with a period of P ≥ ``UNDER_SAMPLED`` checkpoints
    that is a phase of at most π/P, where a smooth oscillation about any centre has fallen to no less than cos(π/P)
    of its peak (a sinusoid about 0 is the worst case), and ``f``'s fall between the sampled peaks exceeds its fall
    between the true ones by at most one checkpoint's step of ``f``: the allowance is their product. An under-sampled
    oscillation (a period of two checkpoints included: an alternation sampled in step and an oscillation beating
    near two checkpoints a period look alike) may be sampled anywhere in its swing: the allowance is that swing,
    max/min of ``|e|`` over a period about the first peak."""
    if osc.period >= UNDER_SAMPLED:
        step = max(f(tau[k]) / f(tau[k + 1]) for k in (a, b) if k + 1 < len(tau))
        return step / math.cos(math.pi / osc.period)
    h = math.ceil(osc.period / 2)
    near = x[max(0, a - h):a + h + 1]
    return max(near) / min(near) if min(near) > 0 else math.inf


def implied_growth(tau: list, u: list, e: list, order: float, noise: float,
                   log_factor: bool = False, lower: bool = False) -> tuple[int, float, list] | None:
    """An O(r^order) row's implied constant growing without levelling over the envelope's records (the module
    docstring): ``(start, growth, exponents)`` with ``start`` an index into ``tau``, else None. ``log_factor``:
    the row declares a log factor, and ``c/log(1/r)`` is judged instead. ``lower``: a Θ row's lower bound
    ``|e| ≥ c r^p``, the same test on ``1/c = r^p/|e|`` (a faster order, ``1/c ∝ r^{−a}``, or a log factor too
    many in the denominator, ``1/c ∝ log(1/r)``: each grows without levelling) — read at the same records, whose
    ``|e|`` is the upper envelope's, so an oscillation's troughs cannot make ``1/c`` grow."""
    idx = [k for k in records(e, noise) if abs(e[k]) > noise and 0 < u[k] < (1 if log_factor else math.inf)]
    if len(idx) < SPAN_POINTS:
        return None
    c = [abs(e[k]) / u[k] ** order / (math.log(1.0 / u[k]) if log_factor else 1.0) for k in idx]
    c = [1.0 / x for x in c] if lower else c
    n = len(idx) - 1
    while n > 0 and c[n - 1] < c[n]:
        n -= 1  # the longest tail of records over which c grows
    if len(idx) - n < SPAN_POINTS or tau[idx[-1]] / tau[idx[n]] < SPAN * (1 - 1e-9) or c[-1] < GROWTH * max(c[:n + 1]):
        return None  # O(r^p) bounds c: a rise back to where c has been (a staircase's sawtooth) is no growth
    z, cc = [u[k] for k in idx[n:]], c[n:]
    a = [three_point(tuple(z[i:i + 3]), tuple(cc[i:i + 3]))[0] for i in range(len(cc) - 2)]
    if not all(math.isfinite(x) for x in a) or max(a) - min(a) > STEADY or max(a) > LEVEL_EXP:
        return None
    return idx[n], c[-1] / c[n], a


def constant_level(u: list, e: list, order: float, order_tol: float, two_sided: bool,
                   noise: float = 0.0) -> tuple | None:
    """A non-monotone O(r^order) (Θ when ``two_sided``) row whose implied constant levels over an observed period.

    ``|e| = O(r^p)`` is ``c_k = |e_k|/r_k^p`` bounded, and the judge's reading of a level (``levelling``) is an
    observed order ≥ ``p − order_tol``: ``c`` grows at most like ``r^{−order_tol}``. An oscillating error makes ``c``
    oscillate too, so its consecutive slopes never level; its *upper envelope* does. With two interior peaks of ``c``
    where ``e`` has the same sign (one full period observed between them: the first ``a``; a sign-changing
    oscillation's lobes on either side differ by its offset, so each side is compared with itself), each later one
    ``k`` grew ``c_k/c_a`` over the envelope — the observed order between the two peaks
    ``log(|e_a|/|e_k|)/log(r_a/r_k)`` is ``p − log(c_k/c_a)/log(r_a/r_k)`` — and it must be at most
    ``(r_a/r_k)^{order_tol}`` (the order slack) and below ``GROWTH`` (a level grows less); past the last peak the run
    must not rise above it (a rise beyond the last peak is a peak not yet seen). A Θ row bounds ``c`` from below
    too: the lower envelope (its troughs) must fall at most as much. Sampling an oscillation off its phase lowers a
    sampled peak below the true one (at most ``1 − cos(π/P)`` of its swing at P checkpoints a period); the test
    verifies only what it saw, and a low first
    peak makes the growth look larger, not smaller. ``(start, growth, slack, fall)``: the first peak's index, the
    upper envelope's growth, the slack it was held to and the lower envelope's fall (1 on an O row), else None."""
    c = [abs(v) / x ** order if x > 0 else math.nan for v, x in zip(e, u)]
    if not all(math.isfinite(v) and v > 0 for v in c):
        return None
    # ``noise``: the rounding of e (the judge's NOISE·max|q|); a peak of c must stand above it, carried to c and 1/c
    cn = max(noise / x ** order for x in u)
    up = _level_side(c, e, u, order_tol, cn)
    if up is None:
        return None
    a, grow, slack = up
    fall = 1.0
    if two_sided:
        low = _level_side([1.0 / v for v in c], e, u, order_tol, cn / min(c) ** 2)
        if low is None:
            return None
        a, fall = min(a, low[0]), low[1]
    return a, grow, slack, fall


def _level_side(c: list, e: list, u: list, order_tol: float, noise: float = 0.0) -> tuple | None:
    """``constant_level`` on one envelope of ``c`` (its peaks): ``(first peak, growth, slack)`` when every later
    peak of the same sign of ``e`` — one full period after the first, a lobe of a sign-changing oscillation compared
    with a lobe of its own side — stays within ``min((r_a/r_k)^{order_tol}, GROWTH)`` of the first and the run does not
    end above its last peak, else None."""
    top = peaks(c, noise)
    if any(c[k] > c[top[-1]] + noise for k in range(top[-1] + 1, len(c))) if top else True:
        return None
    best = None
    for side in (1, -1):
        ks = [k for k in top if (e[k] > 0) == (side > 0)]
        if len(ks) < 2:
            continue
        a = ks[0]
        grows = [(c[k] / c[a], (u[a] / u[k]) ** order_tol) for k in ks[1:]]
        if any(g > min(s, GROWTH) for g, s in grows):
            return None
        g, s = max(grows)
        best = (a, g, s) if best is None or a < best[0] else best
    return best
