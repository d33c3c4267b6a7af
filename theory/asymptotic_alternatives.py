"""The nearest wrong answers of a ``limit`` / ``rate`` row, and whether the judge's own evidence excludes them.

A ``verified`` row says what it rules out. Every asymptotic row carries alternatives — answers a careless reading
of the same run could not tell from the stated one:

* **generic**, generated here for every row: a stated limit ``q∞ ≠ 0`` read as a coefficient and moved by the
  row's resolution, ``q∞·(1 ± RES)`` (the moved limit ``q∞ ± δ`` is the same number); a limit ``q∞ = 0`` with a
  tolerance ``limit_tol > 0`` moved to ``±2·(limit_tol + floor)`` (zero has no scale of its own: a ``→ 0`` row
  without a tolerance declares its moved limit, if it has one, as a ``wrong_limit``); and, on a stated rate
  ``O(r^p)``, the order ``p − ½`` and an extra log factor ``r^p·log(1/r)``; on a ``Θ(r^p)`` also the lower side's
  nearest wrong answer, one log factor fewer, ``r^p/log(1/r)`` (1/log t against log log t/log t read the other way);
* **declared**, in the paper's folder (``Condition.alternatives``): the other geometry's answer (the ℓ2 max margin
  against ℓ∞ or ℓp, the min-ℓ2 interpolant against a Bregman projection), a coefficient the source could be misread
  with, a named wrong limit — each a number or a sympy expression in the claim's measured symbols.

Each alternative is read against the **same evidence** the judge verified on:

* a wrong limit ``L'``: the judge's limit band ``[lo, hi]`` (its best steady power law's Roache band, or, where no
  model fitted, ``q∞ ± F_s·|q_K − q∞|`` — the stated model's own remaining distance; ``q∞ ± floor`` when the limit was
  reached), widened by ``limit_tol``: ``L'`` still fits when it lies inside. The separation is predicted only from a
  steady model (exponent drift ≤ ``HORIZON_DRIFT``): the clock where its band ``value ± F_s|C|z^a`` leaves ``L'``;
* a slower order ``a(r) = r^{p−½}`` or ``r^p log(1/r)``: its implied constant ``|e|/a(r)`` over the stretch on which
  the stated constant ``|e|/r^p`` is level (within ``GROWTH``) back from the judge's window. The alternative is
  excluded once that constant fell by ``GROWTH`` (the judge's own criterion for a resolvable wrong order); the
  stated model, verified, predicts where it would: ``|e|/a(r) ∝ r^p/a(r)``. A faster one, ``r^p/log(1/r)``, is the
  mirror image: excluded once ``|e|/a(r)`` rose by ``GROWTH`` over the same stretch (read on the same upper
  envelope, as the judge reads a Θ row's lower side, so an oscillation's troughs cannot make it rise).

A ``verified`` row with an alternative that still fits becomes ``inconclusive`` and says which ("cannot yet tell
γ∞ from the ℓ2 max margin: both in [a, b]"), with ``horizon_needed`` only where every fitting alternative's
separation is predicted. An alternative that coincides with the stated answer at a setting (data on which the ℓ2
direction is also ℓ∞-optimal) is no wrong answer there: it is reported, and decides nothing. ``RES`` is a number
chosen here (provenance ``threshold``); GROWTH and F_s are the judge's.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .asymptotic_fit import F_S, solve_clock, window_fit
from .asymptotic_rules import GROWTH

KINDS = ("limit", "coefficient", "order", "log-factor", "reference")
RES = 0.1  # chosen: (provenance threshold) a nonzero limit read as a coefficient moved by a tenth
EPS = 2.0 ** -52  # derived: float64's unit roundoff (a relative difference below it is no difference)
COINCIDES = "coincides with the stated answer"
HORIZON_DRIFT = 0.05  # a separation is predicted only from a model whose exponent is steady to 5% (the judge's)


@dataclass(frozen=True)
class Alternative:
    """A nearest wrong answer of a limit/rate row. ``value``: the wrong limit (a number or a sympy expression in
    measured symbols; for ``coefficient``, the factor multiplying the stated limit); ``order``: the wrong order of
    an ``order`` alternative (``log-factor``: ``r^p log(1/r)^log_power``, no value: ``log_power`` 1 an extra log
    factor, −1 one fewer); ``reason`` says why it is near."""

    kind: str
    name: str
    value: object = None
    order: float | None = None
    reason: str = ""
    log_power: int = 1

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"alternative {self.name!r}: kind must be one of {KINDS}")
        if self.kind in ("limit", "coefficient", "reference") and self.value is None:
            raise ValueError(f"alternative {self.name!r}: a {self.kind} alternative needs a value")


def wrong_limit(value, name: str = "", reason: str = "") -> Alternative:
    return Alternative("limit", name or f"the limit {value}", value, reason=reason)


def coefficient(factor: float, name: str = "", reason: str = "") -> Alternative:
    return Alternative("coefficient", name or f"coefficient ×{factor:g}", factor, reason=reason)


def reference(name: str, value, reason: str = "") -> Alternative:
    return Alternative("reference", name, value, reason=reason)


def generic(cond, limit: float) -> list:
    """The generated alternatives of a row (the module docstring), for its stated limit ``limit``."""
    out = []
    move = 2.0 * (cond.atol + cond.floor)  # two tolerance bands apart: no answer accepted for both
    if limit != 0 and math.isfinite(limit):
        for f in (1 - RES, 1 + RES):
            f = f if abs(f - 1) * abs(limit) >= move else 1 + math.copysign(move / abs(limit), f - 1)
            out.append(Alternative("coefficient", f"the coefficient ×{f:g}", f, reason="the stated limit moved by "
                                   "the row's resolution (threshold: a tenth)"))
    elif limit == 0 and cond.atol > 0:
        for s in (-1, 1):
            out.append(Alternative("limit", f"the limit {s * move:+.3g}", s * move,
                                   reason="0 moved by twice the row's tolerance"))
    if cond.kind == "rate":
        p = cond.order
        half = p - 0.5 if p > 0.5 else p / 2
        out.append(Alternative("order", f"order {half:g}", order=half, reason="half an order slower"))
        if not getattr(cond, "log_factor", ""):  # a declared log factor is part of the stated rate, not a wrong answer
            out.append(Alternative("log-factor", "an extra log factor r·log(1/r)", reason="a log factor is the "
                                   "content of many rates (log log t/log t against 1/log t)"))
            if getattr(cond, "two_sided", False):
                out.append(Alternative("log-factor", "one log factor fewer r/log(1/r)", log_power=-1,
                                       reason="a Θ row's lower side: a log factor in the denominator (1/log t "
                                       "against log log t/log t)"))
    return out


def _band(j, limit: float, tol: float, floor: float) -> tuple[float, float]:
    """The judge's limit band for ``j`` (see the module docstring)."""
    q = j.values
    if j.rule == "reached":
        res = max(floor, abs(q[-1] - limit))
        return min(q[-1], limit) - res, max(q[-1], limit) + res
    lo, hi = j.limit_estimate.get("interval", [math.nan, math.nan])
    if math.isfinite(lo) and math.isfinite(hi):
        return lo, hi
    d = F_S * abs(q[-1] - limit)
    return limit - d, limit + d


def _limit_horizon(j, u_of, alt: float, tol: float) -> float | None:
    """Where a steady fitted model's band leaves ``alt`` (None when no model is steady enough to predict it)."""
    tau, q = j.checkpoints, j.values
    fits = sorted([window_fit([u_of(x) for x in tau], q, "r"), window_fit([1.0 / x for x in tau], q, "τ")],
                  key=lambda f: f.drift)
    f = fits[0]
    gap = abs(alt - f.value) - tol - f.spread
    if not f.ok or f.drift > HORIZON_DRIFT or gap <= 0 or f.C == 0:
        return None
    z = (gap / (F_S * abs(f.C))) ** (1.0 / f.a)
    h = 1.0 / z if f.model == "τ" else solve_clock(u_of, z, tau[-1])
    return h if h is not None and h > tau[-1] else None


def _ratio(r: float, p: float, g, slower: bool) -> float:
    """``r^p/g(r)`` for a slower alternative, its inverse for a faster one (decreasing as r → 0 either way); NaN where
    a power underflows to 0 (far past any horizon worth quoting: the search then quotes none)."""
    try:
        v = r ** p / g(r)
        return v if slower else 1.0 / v
    except (ZeroDivisionError, OverflowError):
        return math.nan


def _order_evidence(j, u_of, limit: float, p: float, g, slower: bool = True) -> tuple[float, float | None, int]:
    """How far the implied constant ``|e|/g(r)`` of a slower alternative fell (a faster one's: rose) over the
    stretch where the stated constant ``|e|/r^p`` is level, and the clock at which the stated model predicts a
    change of ``GROWTH``."""
    tau, q = j.checkpoints, j.values
    u = [u_of(x) for x in tau]
    e = [abs(v - limit) for v in q]
    for k in range(len(e) - 2, -1, -1):  # the tail envelope max_{i ≥ k}|e_i|: an oscillation is read by its peaks
        e[k] = max(e[k], e[k + 1])
    K = len(q) - 1
    c = [ek / uk ** p if uk > 0 else math.nan for ek, uk in zip(e, u)]
    w0 = j.window[0] if j.window else tau[0]
    k0 = min(range(len(tau)), key=lambda k: abs(math.log(tau[k] / w0)))
    while k0 > 0 and math.isfinite(c[k0 - 1]) and c[k0 - 1] > 0 and \
            max(c[k0 - 1:]) <= GROWTH * min(c[k0 - 1:]):
        k0 -= 1  # back over the stretch on which the stated model's constant stays level
    a = [ek / g(uk) for ek, uk in zip(e, u)]
    if not (all(math.isfinite(x) and x > 0 for x in a[k0:]) and c[K] > 0):
        return math.nan, None, k0
    fall = a[k0] / a[K] if slower else a[K] / a[k0]
    # the stated model e = c_K r^p makes |e|/g(r) = c_K r^p/g(r): the fall reaches GROWTH where r^p/g(r) = target
    # (a faster alternative's rise: where g(r)/r^p = c_K/(GROWTH a_k0), the same test on the inverse)
    target = a[k0] / (GROWTH * c[K]) if slower else c[K] / (GROWTH * a[k0])
    h = None
    if fall < GROWTH:
        lo, hi = math.log(tau[K]), math.log(tau[K]) + 1.0
        ratio = lambda t: _ratio(u_of(t), p, g, slower)  # noqa: E731  (decreasing in τ)
        while hi < 690 and not ratio(math.exp(hi)) <= target:
            hi = 2 * hi + 1.0
        if hi < 690:
            for _ in range(60):
                mid = 0.5 * (lo + hi)
                lo, hi = (mid, hi) if ratio(math.exp(mid)) > target else (lo, mid)
            h = math.exp(hi)
    return fall, h, k0


def assess(cond, j, u_of, limit: float, resolve, name: str) -> list:
    """Evaluate ``cond``'s alternatives against judgement ``j`` (a ``verified`` with one that still fits becomes
    ``inconclusive`` naming it); returns the JSON rows: name, kind, value/order, excluded (True/False/None),
    evidence, declared, horizon. ``resolve(expr)`` evaluates a declared value in the measured symbols."""
    if limit is None or not math.isfinite(limit) or len(j.values) < 2:
        return []
    rows = []
    tol = cond.atol
    declared = list(getattr(cond, "alternatives", ()) or ())
    said = {(a.kind, a.value) for a in declared}
    for alt in [a for a in generic(cond, limit) if (a.kind, a.value) not in said] + declared:
        row = {"name": alt.name, "kind": alt.kind, "value": None, "order": alt.order, "excluded": None,
               "evidence": "", "declared": alt in declared, "horizon": None, "reason": alt.reason, "band": None}
        rows.append(row)
        if alt.kind in ("limit", "coefficient", "reference"):
            v = float(resolve(alt.value)) * (limit if alt.kind == "coefficient" else 1.0)
            row["value"] = v
            if not math.isfinite(v):
                row["evidence"] = "not computable (NaN)"
                continue
            # within the stated answer's own acceptance (tolerance, floor, a few ulps): the same answer here
            if abs(v - limit) <= tol + cond.floor + 4 * EPS * max(abs(v), abs(limit)):
                row["evidence"] = f"{COINCIDES} {limit:.6g} here: not a wrong answer at this setting"
                continue
            lo, hi = _band(j, limit, tol, cond.floor)
            inside = lo - tol <= v <= hi + tol
            row["excluded"], row["band"] = not inside, [lo - tol, hi + tol]
            row["evidence"] = (f"{v:.6g} {'∈' if inside else '∉'} the limit band [{lo:.6g}, {hi:.6g}]"
                               + (f" ± {tol:.2g}" if tol else ""))
            if inside and j.holds is True:
                row["horizon"] = _limit_horizon(j, u_of, v, tol)
        elif cond.kind == "rate" and j.holds is not None:
            p = cond.order
            g = (lambda r, o=alt.order: r ** o) if alt.kind == "order" else \
                (lambda r, s=alt.log_power: r ** p * math.log(1.0 / r) ** s if 0 < r < 1 else math.nan)
            slower = alt.order < p if alt.kind == "order" else alt.log_power > 0
            fall, h, k0 = _order_evidence(j, u_of, limit, p, g, slower)
            if not math.isfinite(fall):
                row["evidence"] = "its implied constant is not computable over the level stretch"
                continue
            row["excluded"] = fall >= GROWTH
            row["evidence"] = (f"its implied constant {'fell' if slower else 'rose'} {fall:.3g}× over {name} ∈ "
                               f"[{j.checkpoints[k0]:.3g}, {j.checkpoints[-1]:.3g}] (excluded at {GROWTH:g}×)")
            row["horizon"] = h if not row["excluded"] else None
    if j.holds is True:
        _downgrade(j, rows, limit, name)
    return rows


def coincident(row: dict) -> bool:
    """Whether an alternative's JSON row (``assess``) equals the stated answer: at a claim's defaults that is a
    row that cannot show what it rules out (the conformance suite fails it)."""
    return row.get("excluded") is None and str(row.get("evidence", "")).startswith(COINCIDES)


def _downgrade(j, rows: list, limit: float, name: str) -> None:
    """``verified`` → ``inconclusive`` when an alternative still fits the evidence, naming it."""
    fit = [r for r in rows if r["excluded"] is False]
    if not fit:
        return
    said = []
    for r in fit:
        if r["value"] is not None:
            lo, hi = r["band"]
            said.append(f"cannot yet tell {limit:.6g} from {r['name']} ({r['value']:.6g}): both in [{lo:.6g}, {hi:.6g}]")
        else:
            said.append(f"cannot yet tell the stated rate from {r['name']}: {r['evidence']}")
    hs = [r["horizon"] for r in fit]
    h = max(hs) if all(x is not None for x in hs) else None
    j.holds, j.rule, j.horizon_needed = None, "pending" if h else "alternative", h
    j.reason = (f"{j.reason}; but " + "; ".join(said)
                + (f": needs {name} ≈ {h:.3g}" if h else ": not decidable from this run"))


__all__ = ["Alternative", "KINDS", "RES", "assess", "coefficient", "coincident", "generic", "reference", "wrong_limit"]
