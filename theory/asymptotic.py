"""Asymptotic statements judged as numerical analysts verify a convergence order (the rules: docs/judge.md).

A ``limit`` / ``rate`` row states ``q(τ) → q∞`` — bare, or with ``|q(τ) − q∞| = O(r(τ)^p)`` (Θ when two-sided) —
for a clock τ (t, log t, log(1/𝓛)) and a rate ``r`` decreasing to 0 (``1/log(t)``, ``log(t)**2/t``, …). A finite
run cannot reach a limit; it can exhibit one. The judge reads ``q`` at ``K ≥ 5`` checkpoints ``τ_0 < … < τ_{K−1}``
(geometric in the clock) and decides only on positive evidence, in this order:

1. **reached** — ``|q_last − q∞|`` within the row's ``floor`` (and the quantity's rounding): ``verified``;
2. **settled** — the sequence has stopped moving relative to its distance from ``q∞``
   (``theory.asymptotic_settled``) and the reached value excludes ``q∞ ± limit_tol``: ``violated``;
3. **diverging** — ``|q − q∞|`` stably does not decrease over a decade (``asymptotic_rules.diverging``): ``violated``;
4. **excluded limit** — a power-law approach ``q = L' + C z^a`` fitted in the row's own variable ``z = r(τ)`` or in
   the clock (``z = 1/τ``; ``theory.asymptotic_fit``) over its last five checkpoints extrapolates to ``L'`` whose
   Roache band excludes ``q∞ ± limit_tol``, the extrapolation's correction ``|q_last − L'|`` is at most ``KAPPA``
   of the distance ``|L' − q∞|`` (the run has stopped moving relative to the remaining decay), the window's limits
   agree to ``SIGMA`` of it, no other fitted model's band contains ``q∞``, and the exclusion holds as the window
   moves back a checkpoint (or, firm or with none before it, its exponents do not drift: ``_confirmed``): ``violated``;
5. the row's order:
   * a **bare limit** (no rate stated) is never refuted by its order: ``verified`` when the error falls over a
     decay window (``asymptotic_rules.decay_window``) and every fitted model's band contains ``q∞``;
   * an **O(r^p)** row (``stated_rate``) by the levelling of its implied constant (``asymptotic_rules.levelling``,
     shift- and second-order-invariant): ``verified`` when the observed order is ≥ ``p − tol`` at the last three
     steps, ``violated`` when a stable slower order has made the implied constant grow by ``GROWTH`` over the
     window; a **Θ** row also refutes a stable faster order the same way (a plateau exit is not one).

Otherwise ``inconclusive``, with ``horizon_needed`` only where a fitted model predicts that a longer run resolves the
row (its correction a third of the distance to ``q∞``, or a stable slope exponent changing the implied constant
``GROWTH``-fold); else "not decidable from this run". With ``limit=None`` ("q converges") a fitted limit band narrower
than ``limit_tol`` verifies; differences growing in both variables refute.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field

import sympy as sp

from .asymptotic_fit import (F_S, WINDOW, Fit, all_fits, geometric, rate_function, three_point,  # noqa: F401
                             window_fit)  # (public API: geometric)
from .asymptotic_rules import (GROWTH, MIN_ORDERS, SPAN, SPAN_POINTS, diverging, drifting, levelling,
                               two_point_orders)
from .asymptotic_envelope import UNDER_SAMPLED, oscillation, sampling_allowance  # noqa: F401  (public API)
from .asymptotic_order import (DECADE_OF_DECAY, HORIZON_DRIFT, KAPPA_HORIZON, SIGMA, bare_row,  # noqa: F401
                               envelope_level, rate_row, slow_mode, slower_mode, wrong_limit_horizon)
from .asymptotic_settled import STALL, collapsing, settled

ORDER_TOL = 0.25  # default slack on the stated order: log factors (ln ln t, ln² t) shift the observed order by < 0.25
NOISE = 256 * 2.0 ** -52  # relative rounding of a computed quantity (a few hundred ulps: sums, norms, ratios)
KAPPA = 0.5  # an excluded limit: the extrapolation's correction at most half the distance to the stated limit
KAPPA_FIRM = 0.25  # ... and at most a quarter of it, its exponents not drifting, for a fit to refute without a sixth
LAST_MOVE = 0.1  # a collapse has stopped moving: its last change at most a tenth of the distance to the limit
TAU = sp.Symbol("tau", positive=True)
DEFAULT_SLOWEST = 1 / sp.log(1 + sp.log(1 + sp.log(1 + TAU)))  # threshold: a bare limit's slowest admissible mode
# when its derivation gives none — ~1/log log log τ, slower than every rate a statement of the catalogue gives
# (1/log t, log log t/log t) and than 1/log log τ: it only withholds, so slower is the safe side


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
    """The judge's answer for one row; ``holds`` is True (verified), False (violated) or None (inconclusive).
    ``rule`` names the rule that decided (or why none did): reached, settled, diverging, excluded-limit, order, decay
    (a bare limit's tenfold fall with no steady model), levelling, growth, faster, pending, undecidable, sampling (an
    oscillation's envelope grew, but no more than its sampled peaks may hide). ``oscillation``: set when the sequence
    oscillates (``asymptotic_envelope``) and the decision rests on its tail envelope."""

    holds: bool | None
    reason: str
    checkpoints: list
    values: list
    orders: list = field(default_factory=list)
    window: list | None = None  # [τ_first, τ_last] of the window the decision rests on
    observed_order: dict = field(default_factory=lambda: {"value": math.nan, "interval": [math.nan, math.nan]})
    limit_estimate: dict = field(default_factory=lambda: {"value": math.nan, "interval": [math.nan, math.nan]})
    horizon_needed: float | None = None
    rule: str = ""
    oscillation: dict | None = None  # turning points, sign changes, period, under-sampling (oscillating sequences)

    def row(self) -> dict:
        return {"checkpoints": self.checkpoints, "values": self.values, "orders": self.orders,
                "window": self.window, "observed_order": self.observed_order, "limit_estimate": self.limit_estimate,
                "horizon_needed": self.horizon_needed, "judgement": self.reason,
                **({"oscillation": self.oscillation} if self.oscillation else {})}

    def decide(self, holds: bool | None, rule: str, reason: str) -> "Judgement":
        self.holds, self.rule, self.reason = holds, rule, reason
        return self


def judge(clock, values, rate: sp.Expr, clock_symbol: str, limit: float | None, order: float = 1.0,
          order_tol: float = ORDER_TOL, limit_tol: float = 0.0, floor: float = 0.0,
          clock_label: str | None = None, stated_rate: bool = False, two_sided: bool = False,
          slowest: sp.Expr | None = None, log_factor: str = "") -> Judgement:
    """Judge ``q → limit`` (at rate ``O(r^order)`` when ``stated_rate``) from checkpoints; the rules: the module
    docstring and docs/judge.md.

    ``clock``, ``values``: the checkpoints τ_k (increasing, > 0) and q_k; ``rate``: r as a sympy expression of the
    symbol named ``clock_symbol``, decreasing to 0 over the checkpoints; ``limit``: the stated q∞ (None: "q
    converges", the limit interval must get narrower than ``limit_tol``). ``floor``: the measurement's resolution
    (|q − q∞| ≤ floor is "reached"); ``limit_tol``: how far the extrapolated limit may sit from the stated one;
    ``clock_label`` names the clock in reasons ("log(1/𝓛)"); ``stated_rate``: the source states the rate (kind
    ``rate``: the implied constant |e|/r^p must level), else only the limit (kind ``limit``: never refuted by its
    order); ``two_sided``: a Θ statement (a stable faster order refutes it too). ``slowest``: the slowest mode
    u(τ) the row's derivation admits for the error (sympy in the clock); a bare limit without one is judged against
    ``DEFAULT_SLOWEST`` (provenance threshold: it only withholds). ``log_factor``: the row declares that its
    implied constant may grow like log(1/r), with this reason (otherwise a log factor refutes an O(r) row).
    """
    kw = dict(order=order, order_tol=order_tol, limit_tol=limit_tol, floor=floor, clock_label=clock_label,
              stated_rate=stated_rate, two_sided=two_sided, slowest=slowest, log_factor=log_factor)
    j = _judge(clock, values, rate, clock_symbol, limit, **kw)
    mode = admissible_mode(slowest, stated_rate, rate, order, j.checkpoints, clock_symbol)
    if limit is not None and j.holds is False and not j.oscillation:
        slow_mode(j, limit, limit_tol, _on_clock(mode, clock_symbol), clock_symbol, clock_label or clock_symbol,
                  default=slowest is None and not stated_rate, stated=slowest is None and stated_rate)
    return j


def admissible_mode(slowest, stated_rate: bool, rate, order: float, tau=(), clock_symbol: str = "tau"):
    """The slowest mode a row admits for its error: its derivation's (``slowest``), else a stated rate's own r^p (q∞ +
    C·r^p is the statement: an offset r^p explains is no counterexample), else a bare limit's default (threshold):
    ``DEFAULT_SLOWEST`` or, read against a slower rate, 1/log(e + r^−p) (``slower_mode``)."""
    if slowest is not None or stated_rate:
        return slowest if slowest is not None else rate ** order
    own = 1 / sp.log(sp.E + rate ** -sp.nsimplify(order))
    return slower_mode(_on_clock(DEFAULT_SLOWEST, clock_symbol), own, tau, clock_symbol)


def _on_clock(mode, clock_symbol: str):
    """``DEFAULT_SLOWEST`` is written in ``TAU``: the same mode in the row's clock symbol."""
    return sp.sympify(mode).subs(TAU, sp.Symbol(clock_symbol, real=True))


def _judge(clock, values, rate, clock_symbol, limit, *, order, order_tol, limit_tol, floor, clock_label,
           stated_rate, two_sided, slowest, log_factor) -> Judgement:
    """``judge`` before the slowest-mode withholding (which ``judge`` applies to the final answer)."""
    tau, q = [float(c) for c in clock], [float(v) for v in values]
    name = clock_label or clock_symbol
    j = Judgement(holds=None, reason="", checkpoints=tau, values=q)
    finite = all(math.isfinite(v) for v in q) and all(math.isfinite(c) and c > 0 for c in tau)
    if len(q) < MIN_ORDERS + 2 or not finite:
        return j.decide(None, "undecidable", f"{len(q)} checkpoints{'' if finite else ' with a NaN/Inf'}: the judge "
                        f"needs ≥ {MIN_ORDERS + 2} finite ones")
    u_of = rate_function(rate, clock_symbol)
    u = [u_of(x) for x in tau]
    if not all(math.isfinite(x) and x > 0 for x in u) or any(b >= a for a, b in zip(u, u[1:])):
        return j.decide(None, "undecidable", f"the rate {rate} does not decrease over the checkpoints")
    # the model that explains the window best first: the least drift of its fitted exponent
    fits = sorted([window_fit(u, q, "r"), window_fit([1.0 / x for x in tau], q, "τ")], key=lambda f: f.drift)
    best = fits[0] if fits[0].ok else None
    if best is not None:
        j.limit_estimate = {"value": best.value, "interval": [best.lo, best.hi]}
    if limit is None:
        from .asymptotic_free import judge_free
        return judge_free(j, tau, q, u_of, fits, limit_tol, name)
    noise = NOISE * max(max(abs(v) for v in q), abs(limit)) + sys.float_info.min  # subnormals are rounding of 0
    e = [v - limit for v in q]
    res = max(floor, sys.float_info.min) if two_sided else max(floor, noise)
    if abs(e[-1]) <= res:
        k0 = next(k for k in range(len(e)) if all(abs(x) <= res for x in e[k:]))
        j.window = [tau[k0], tau[-1]]
        return j.decide(True, "reached", f"reached the limit {limit:.6g} to the floor {res:.2g} from {name} = "
                        f"{tau[k0]:.3g} on")
    span = lambda k: f"over {name} ∈ [{tau[k]:.3g}, {tau[-1]:.3g}]"  # noqa: E731
    osc = oscillation(q, e, max(STALL * abs(e[-1]), noise))
    if osc.oscillating:
        return _envelope(j, osc, tau, e, rate, clock_symbol, limit, noise, order=order, order_tol=order_tol,
                         limit_tol=limit_tol, floor=floor, clock_label=clock_label, stated_rate=stated_rate,
                         two_sided=two_sided, slowest=slowest, log_factor=log_factor)
    # the statement's own model, q∞ + c·r^p with c levelling, fits the window: it protects q∞ as a fitted model does
    stated = stated_rate and levelling(u, e, order, order_tol, two_sided).state == "level"
    refuted = _refuted(j, tau, q, e, fits, limit, limit_tol, noise, name, span, u, stated)
    if refuted is True:
        return j
    if stated_rate:
        rate_row(j, tau, u, e, u_of, order, order_tol, two_sided, name, span, noise, log_factor)
    else:
        bare_row(j, tau, u, e, fits, limit, limit_tol, span)
        if j.holds is None and envelope_level(j, tau, u, e, order, order_tol, False, span, noise):
            j.reason += f" — its envelope decays like r^{order:g} → 0"
    if j.holds is True and refuted:  # a collapse towards another value, still moving: neither way yet
        j.decide(None, "undecidable", f"{refuted}, but its last step still moves "
                 f"{abs(q[-1] - q[-2]) / abs(e[-1]):.2g} of the distance (a verdict needs ≤ {LAST_MOVE:g}): "
                 "not decidable from this run")
    if j.holds is None and j.rule != "pending":
        mode = admissible_mode(slowest, stated_rate, rate, order, tau, clock_symbol)
        wrong_limit_horizon(j, tau, q, fits, u_of, limit, limit_tol, name,
                             rate_function(_on_clock(mode, clock_symbol), clock_symbol))
    return j


def _refuted(j: Judgement, tau, q, e, fits, limit, limit_tol, noise, name, span, u, stated=False) -> bool | str:
    """Rules 2–4 of the module docstring (settled, diverging, excluded limit); True when one decided ``j``; the
    description of an accelerating collapse towards another value that has not stopped moving (it withholds a
    ``verified``), else False."""
    level = max(STALL * abs(e[-1]), noise)
    st = settled(tau, q, points=SPAN_POINTS, span=SPAN, safety=F_S, level=level)
    if st is not None and not (st[0] - limit_tol <= limit <= st[1] + limit_tol):
        j.window, j.limit_estimate = [tau[st[2]], tau[-1]], {"value": q[-1], "interval": [st[0], st[1]]}
        j.decide(False, "settled", f"settled at {q[-1]:.6g} ∈ [{st[0]:.6g}, {st[1]:.6g}] (changes below "
                 f"{STALL:.0e} of the distance to the limit {span(st[2])}): excludes the stated {limit:.6g} "
                 f"(± {limit_tol:.2g})")
        return True
    dv = diverging(tau, e, noise)
    if dv is not None:
        j.window = [tau[dv], tau[-1]]
        j.decide(False, "diverging", f"|q − {limit:.6g}| does not decrease: {abs(e[dv]):.3g} → {abs(e[-1]):.3g} "
                 f"{span(dv)}")
        return True
    excl = [f for f in fits if _excludes(f, limit, limit_tol) and _confirmed(f, tau, q, u, limit, limit_tol)]
    # a model that contains the stated limit protects it when it fits about as well (a far worse fit is misspecified)
    blocks = [g for g in fits if _credible(g) and g.contains(limit, limit_tol)
              and (not excl or g.drift <= max(2 * excl[0].drift, HORIZON_DRIFT))]
    if excl and not blocks and not stated:
        f = excl[0]
        j.limit_estimate = {"value": f.value, "interval": [f.lo, f.hi]}
        j.window = [tau[-2 - len(f.exps)], tau[-1]]
        j.observed_order = {"value": f.a, "interval": [min(f.exps), max(f.exps)]}
        model = "the rate" if f.model == "r" else f"a power of {name}"
        j.decide(False, "excluded-limit", f"the extrapolated limit ∈ [{f.lo:.6g}, {f.hi:.6g}] (a power law in "
                 f"{model}) excludes the stated {limit:.6g} (± {limit_tol:.2g}) {span(len(q) - 2 - len(f.exps))}")
        return True
    gc = None if blocks else collapsing(tau, q, points=SPAN_POINTS, span=SPAN, safety=F_S, level=level,
                                                u=u)
    if gc is not None and not (gc[0] - limit_tol <= limit <= gc[1] + limit_tol):
        what = (f"changes collapsing ever faster (ratios ≤ ½, not increasing) {span(gc[2])}: the limit ∈ "
                f"[{gc[0]:.6g}, {gc[1]:.6g}] (Aitken) excludes the stated {limit:.6g} (± {limit_tol:.2g})")
        # a correction above KAPPA of the distance, or a last step still moving: no refutation, but evidence
        # against the stated limit that withholds a verdict (a tenfold fall towards 3e-4 is no evidence of → 0)
        if abs(gc[3] - q[-1]) > KAPPA * (abs(gc[3] - limit) - limit_tol) \
                or abs(q[-1] - q[-2]) > LAST_MOVE * (abs(e[-1]) - limit_tol):
            return what
        j.window, j.limit_estimate = [tau[gc[2]], tau[-1]], {"value": gc[3], "interval": [gc[0], gc[1]]}
        j.decide(False, "settled", what)
        return True
    return False


def _excludes(f: Fit, limit: float, tol: float) -> bool:
    """Fit ``f`` is evidence of another limit: its band excludes ``limit ± tol``, its correction is at most ``KAPPA``
    and its limits' spread at most ``SIGMA`` of the distance."""
    if not f.ok or f.contains(limit, tol):
        return False
    dist = abs(f.value - limit) - tol
    return f.stable and dist > 0 and f.correction <= KAPPA * dist and f.spread <= SIGMA * dist


def _confirmed(f: Fit, tau, q, u, limit: float, tol: float) -> bool:
    """A refutation must hold as its window moves back: the fit widened by one checkpoint must still exclude ``limit``.
    A model in its asymptotic range holds there too; a transient that turns after the run ends (a hump past the end, a
    dip's rise) fits a steady power law over the last checkpoints only by chance, its local exponent drifting. Exempt
    while the window's exponents are not ``drifting`` (the last two steps one-signed and growing, as a transient nears
    its turn; steps that change sign are scatter about a settled exponent): a **firm** exclusion, correction ≤
    ``KAPPA_FIRM`` of the distance (a wrong direction's fixed angle: it would have to be wrong by four times its own
    correction, and its early checkpoints may be pre-asymptotic), and a run with no checkpoint before the window (``K =
    WINDOW + 2``). The battery's transient false alarms under a four-checkpoint window ("firm" by their corrections of
    0.3–25% alone) have one exponent step, or one-signed steps that grow."""
    converging = not drifting(f.exps)
    if len(q) < WINDOW + 3 or (converging and f.correction <= KAPPA_FIRM * (abs(f.value - limit) - tol)):
        return converging
    z = u if f.model == "r" else [1.0 / x for x in tau]
    return _excludes(window_fit(z, q, f.model, width=WINDOW + 1), limit, tol)


def _credible(f: Fit) -> bool:
    """A fit in its asymptotic range: stable exponents, or limits agreeing to within the correction it makes (a
    misspecified model's drift by more than that, and neither refutes nor protects the stated limit)."""
    return f.plausible or (f.ok and f.spread <= f.correction)


def _envelope(j: Judgement, osc, tau, e, rate, clock_symbol, limit, noise, **kw) -> Judgement:
    """An oscillating sequence judged on its tail envelope at the envelope's records up to the last peak of |e|
    (``asymptotic_envelope``: past the last peak the run has not yet seen the next one, so the records there are a
    descent in progress, not the envelope's decay). ``noise``: the rounding of e (``_judge``'s)."""
    x, peaks = [abs(v) for v in e], osc.peaks
    idx = [k for k in osc.records if not peaks or k <= peaks[-1]]
    j.oscillation = osc.row()
    head = f"{osc.describe()}: judged on its tail envelope max_(j≥k) |q_j − {limit:.6g}|"
    flat = _flat_envelope(j, osc, tau, e, rate, clock_symbol, limit, head, noise, peaks=peaks, records=len(idx), **kw)
    if flat.holds is False:
        return flat
    hidden = flat.reason if flat.rule == "sampling" else None  # a growth its sampling may hide: no level seen either
    out = _records(j, tau, e, x, idx, peaks, rate, clock_symbol, limit, head, noise, **kw)
    return j.decide(None, "sampling", hidden) if hidden and out.holds else out


def _records(j: Judgement, tau, e, x, idx, peaks, rate, clock_symbol, limit, head, noise, **kw) -> Judgement:
    """``_envelope``'s records (``idx``, of ``x = |e|``) judged by every rule, or its implied constant's envelopes."""
    if len(idx) < MIN_ORDERS + 2:
        return _constant_level(j, tau, e, rate, clock_symbol, head, noise, **kw)
    je = judge([tau[k] for k in idx], [limit + x[k] for k in idx], rate, clock_symbol, limit, **kw)
    if je.holds is None and _constant_level(j, tau, e, rate, clock_symbol, head, noise, **kw).holds:
        return j
    if je.holds is True and je.rule == "decay":  # a tenfold fall of a few records: no evidence of → q∞ by itself
        if _constant_level(j, tau, e, rate, clock_symbol, head, noise, **kw).holds:
            return j
        return j.decide(None, "undecidable", f"{head} at its {len(idx)} records: {je.reason}, but the records of an "
                        "oscillation about another value or of constant amplitude fall tenfold too, while its decaying "
                        "part dies out, and the implied constant against r^p does not level over an observed period: "
                        "not decidable from this run")
    if je.holds is True and (len(peaks) < 2 or not je.window or je.window[0] > tau[peaks[-2]]):
        return j.decide(None, "undecidable", f"{head} at its {len(idx)} records: {je.reason}, but those records "
                        "span less than one observed period (two peaks of |q − q∞|): the envelope's decay from one "
                        "period to the next is not yet seen: not decidable from this run")
    j.window, j.orders, j.observed_order = je.window, je.orders, je.observed_order
    j.limit_estimate, j.horizon_needed = je.limit_estimate, je.horizon_needed
    return j.decide(je.holds, je.rule, f"{head} at its {len(idx)} records up to its last peak: {je.reason}")


def _constant_level(j: Judgement, tau, e, rate, clock_symbol, head, noise, *, order, order_tol, two_sided, stated_rate,
                    clock_label, **_) -> Judgement:
    """An oscillating O/Θ row verified by the envelopes of its implied constant (``asymptotic_order.envelope_level``)
    where its records alone decide nothing; ``j`` unchanged otherwise. A bare limit the same way against its own rate
    r^p: an envelope that decays like r^p goes to 0 (O(r^p) implies the limit), while an oscillation about another value
    or of constant amplitude makes |e|/r^p grow at its peaks like 1/r^p."""
    u_of = rate_function(rate, clock_symbol)
    span = lambda k: f"over {clock_label or clock_symbol} ∈ [{tau[k]:.3g}, {tau[-1]:.3g}]"  # noqa: E731
    if envelope_level(j, tau, [u_of(x) for x in tau], e, order, order_tol, two_sided and stated_rate, span, noise):
        j.reason = f"{head}: {j.reason}" + ("" if stated_rate else f" — its envelope decays like r^{order:g} → 0")
    return j


def _flat_envelope(j: Judgement, osc, tau, e, rate, clock_symbol, limit, head, noise, *, peaks, records, order,
                   stated_rate, slowest, clock_label, **_) -> Judgement:
    """An oscillation judged by how far its envelope fell: from the first peak of |e| (a local maximum) to the last,
    peaks of the same oscillation at a like phase, over at least a decade of the clock, the envelope must decay as the
    statement requires — an O(r^p) row's envelope implied constant must not grow ``GROWTH``-fold, and any row's envelope
    (→ q∞ is implied by O(r^p) → 0) must fall at least as far as the slowest admissible mode."""
    x = [abs(v) for v in e]
    a, b = (peaks[0], peaks[-1]) if peaks else (0, 0)
    name = clock_label or clock_symbol
    fell = x[a] / x[b] if x[b] != 0 else math.inf
    over = f"from its first peak at {name} = {tau[a]:.3g} to its last at {tau[b]:.3g}"
    hidden = None  # an implied constant grown GROWTH-fold, no more than its peaks' sampling may hide: undecided
    if b > a and tau[b] / tau[a] >= SPAN * (1 - 1e-9) and e[b] != 0:
        u_of = rate_function(rate, clock_symbol)
        rate_fell = (u_of(tau[a]) / u_of(tau[b])) ** order
        # the peaks' sampling may hide up to ``sampling_allowance`` of r^p's fall (a sampled peak off its true one,
        # anywhere in the swing when under-sampled): the implied constant must grow GROWTH-fold beyond it
        allow = sampling_allowance(osc, tau, x, a, b, lambda v: u_of(v) ** order)
        grew = f"{head}: it fell only {fell:.4g}× {over} while r^{order:g} fell {rate_fell:.3g}×: the envelope's " \
               f"implied constant grew {rate_fell / fell:.3g}×"
        if stated_rate and rate_fell / (fell * allow) >= GROWTH:
            j.window = [tau[a], tau[-1]]
            return j.decide(False, "growth", f"{grew}, {rate_fell / (fell * allow):.3g}× beyond the {allow:.3g}× "
                            f"its peaks' sampling allows")
        if stated_rate and rate_fell / fell >= GROWTH:  # neither a growth nor a level: nothing verifies it either
            hidden = f"{grew}, within the {allow:.3g}× its peaks' sampling may hide: not decidable from this run"
        mode = _on_clock(slowest if slowest is not None else DEFAULT_SLOWEST if stated_rate else
                         admissible_mode(None, False, rate, order, tau, clock_symbol), clock_symbol)
        m = rate_function(mode, clock_symbol)
        need = m(tau[a]) / m(tau[b])
        # the row's own rate is admissible (an error C·r^p is the statement's exact case): a mode that falls further
        # over the window is not the slowest — a bare limit is held to r^p there, and an O(r^p) row to the growth
        # test above alone (its implied constant may grow less than GROWTH-fold)
        if need > rate_fell:
            need, mode = (math.nan if stated_rate else rate_fell), sp.sympify(rate) ** order
            m = lambda x: u_of(x) ** order  # noqa: E731
        # the envelope carries the quantity's rounding (NOISE of the largest |q|) at both peaks: a sequence carried
        # by exactly the slowest mode falls as far to within that, and equality is no shortfall
        rounding = noise * (1 / x[a] + 1 / x[b])
        swing = sampling_allowance(osc, tau, x, a, b, m)  # where a sampled peak may sit in its swing
        if math.isfinite(need) and fell * swing * (1 + rounding) < need:
            j.window = [tau[a], tau[-1]]
            return j.decide(False, "settled", f"{head}: it fell only {fell:.4g}× {over}, less than the slowest "
                            f"admissible mode {sp.nfloat(mode, 3)} ({need:.4g}×): it does not approach {limit:.6g}")
    return j.decide(None, "sampling", hidden) if hidden else j.decide(
        None, "undecidable", f"{head}, which is attained at only {records} checkpoints (the judge needs "
        f"{MIN_ORDERS + 2}) and fell {fell:.4g}× {over}: not decidable from this run")


def series_at(recorded_clock, recorded_values, targets) -> Series:
    """The recorded states nearest (in log clock) to each target clock value, as a ``Series`` (distinct points)."""
    rc = [float(c) for c in recorded_clock]
    picked = []
    for t in targets:
        k = min((i for i in range(len(rc)) if rc[i] > 0), key=lambda i: abs(math.log(rc[i] / t)))
        if k not in picked:
            picked.append(k)
    return Series(tuple(rc[k] for k in picked), tuple(float(recorded_values[k]) for k in picked))


__all__ = ["Series", "Judgement", "judge", "geometric", "series_at", "rate_function", "two_point_orders",
           "three_point", "all_fits"]
