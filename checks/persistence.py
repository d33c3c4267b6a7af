"""Persistence of a failure deeper inside a hypothesis whose level is a number chosen here.

A hypothesis of provenance ``threshold`` stands in for a constant the source leaves unspecified ("d ≫ n",
"initialisation small enough"). A conclusion failing under it is no counterexample by itself: the source's constant
may exclude the setting. It becomes one when the failure persists as the chosen level is tightened — the same
setting re-measured deeper inside the hypothesis (``CheckSpec.deeper(params)``: e.g. 10d and 100d, or a 10× and
100× smaller init; fresh draws of the same law, same seed, same hooks) still fails a deciding row at every deeper
setting, and does not fade.

**Fading** is judged as a numerical analyst extrapolates a grid sequence. A failing row's *size* at each setting —
a bound row's relative slack, a limit/rate row's distance of its extrapolated limit interval from the stated limit
(not an order slack: a transient's exponent changes with the setting while its limit does not) — is extrapolated
over the settings by the three-point rule in the stand-in's parameter (``theory.asymptotic_fit.three_point`` with
the settings as a geometric sequence), and the failure fades only if Roache's band around the deepest size,
``s_last ± F_s·|s_last − s∞|``, reaches 0 (a finite-d correction shrinking like √(n/d)); a failure shrinking towards
a non-zero size persists. With fewer than three sizes, or sizes that do not shrink monotonically, a failure fades
only if it lost more than half its size (``KEEP``). A deeper setting at which a row that failed is undecided is no
evidence either way — never "holds" — and the verdict stays ``inconclusive``. User data cannot be re-drawn: no
evidence.
"""
from __future__ import annotations

import math
from dataclasses import replace

from ibcheck.theory.asymptotic_fit import F_S, three_point

from .base import CheckSpec, Context, Measurement

KEEP = 0.5  # without an extrapolation: a persisting failure keeps ≥ half its size at the deepest setting


def _size(row: dict) -> float | None:
    """A failing row's size: relative slack (bounds scale with d), or the relative distance of a limit/rate row's
    extrapolated limit interval from the stated limit (None where not computable)."""
    try:
        if row.get("relation") == "→":
            lo, hi = (float(v) for v in row["limit_estimate"]["interval"])
            L = float(row["rhs"])
            if not all(math.isfinite(v) for v in (lo, hi, L)):
                return None
            d = max(lo - L, L - hi, 0.0)
            return d / abs(L) if abs(L) > 0 else d
        s, rhs = row.get("slack"), row.get("rhs")
        return float(s) / abs(float(rhs)) if rhs and abs(float(rhs)) > 0 else float(s)
    except (TypeError, ValueError, KeyError):
        return None


def _failed(ev: dict, claim) -> dict[str, float | None]:
    """Names → size (see ``_size``) of the deciding conclusion rows that fail."""
    return {r["name"]: _size(r) for c, r in zip(claim.conclusions, ev["conclusions"])
            if r["holds"] is False and c.decides}


def _undecided(ev: dict, names) -> list[str]:
    return [r["name"] for r in ev["conclusions"] if r["name"] in names and r["holds"] is None]


def evidence(spec: CheckSpec, ctx: Context, m: Measurement, ev: dict, values_of) -> str | None:
    """Why the failure of ``ev`` persists deeper inside the threshold hypotheses, or None (with ``m.note`` saying
    how it faded or why there is no evidence). ``values_of(params, measurement)`` builds a statement's values as
    the runner does."""
    if spec.deeper is None or ctx.data is not None:
        return None
    first = _failed(ev, spec.claim)
    # a deeper run its own check calls undecided still counts through limit/rate rows: the judge there asks
    # positive evidence (a limit interval excluding the stated one, a stable contradicting order)
    bound_rows = [c.name for c in spec.claim.conclusions if c.name in first and not c.asymptotic]
    trail = []
    for params in spec.deeper(ctx.params):
        deeper = replace(ctx, params={**ctx.params, **params}, seeds=[m.seed])
        (md,) = spec.measure(deeper)
        evd = spec.claim.evaluate(values_of(deeper.params, md), nan_reasons=md.nan_reasons, persists="(probe)")
        where = ", ".join(f"{k} = {v:g}" if isinstance(v, (int, float)) else f"{k} = {v}" for k, v in params.items())
        failed = _failed(evd, spec.claim)
        if any(r["holds"] is False for r in evd["hypotheses"]) or (md.inconclusive and bound_rows):
            why = md.inconclusive.message if md.inconclusive else evd["reason"]
            m.note = f"no persistence evidence: the deeper setting {where} is not decided ({why})"
            return None
        if not failed:
            open_rows = _undecided(evd, first)
            if open_rows:  # undecided deeper: no evidence either way (never "holds")
                m.note = (f"no persistence evidence: at the deeper setting {where} {', '.join(open_rows)} "
                          "is not decided")
            else:  # the claim holds deeper inside: the failure was the stand-in's
                m.note = f"deeper inside the hypothesis the failure fades: {', '.join(first)} holds at {where}"
            return None
        trail.append((where, failed))
    if not trail:
        return None
    sizes = {k: [s] + [f.get(k) for _, f in trail] for k, s in first.items()}
    last = trail[-1][1]
    faded = [k for k in first if k in last and _fades(sizes[k])]
    trail.insert(0, ("the setting", first))
    asym = {c.name for c in spec.claim.conclusions if c.asymptotic}
    slacks = "; ".join(f"{w}: " + ", ".join(f"{k} {'limit distance' if k in asym else 'relative slack'} {_g(v)}"
                                           for k, v in f.items()) for w, f in trail)
    if faded and len(faded) == len(last):  # every failing row fades (one that keeps its size is enough)
        m.note = (f"deeper inside the hypothesis the failure fades ({', '.join(faded)}: extrapolated over the "
                  f"settings to 0): {slacks}")
        return None
    return f"the same rows fail at {slacks}"


def _g(v) -> str:
    return "n/a" if v is None else f"{v:.3g}"


def _fades(sizes: list) -> bool:
    """Whether a failure of these sizes (first setting, then deeper) extrapolates to 0 (module docstring)."""
    if any(s is None or not math.isfinite(s) for s in sizes):
        return False
    s = [abs(v) for v in sizes]
    if len(s) >= 3:
        z = tuple(10.0 ** -k for k in range(3))  # the settings as a geometric sequence in the stand-in's parameter
        p, lim = three_point(z, tuple(s[-3:]))
        if math.isfinite(p) and p > 0 and s[-1] < s[-2] < s[-3]:
            return s[-1] <= F_S * abs(s[-1] - lim)  # Roache's band around the deepest size reaches 0
    return s[-1] < KEEP * s[0]
