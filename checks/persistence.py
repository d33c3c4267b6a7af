"""Persistence of a failure deeper inside a hypothesis whose level is a number chosen here.

A hypothesis of provenance ``threshold`` stands in for a constant the source leaves unspecified ("d ≫ n",
"initialisation small enough"). A conclusion failing under it is no counterexample by itself: the source's constant
may exclude the setting. It becomes one when the failure persists as the chosen level is tightened — the same
setting re-measured deeper inside the hypothesis (``CheckSpec.deeper(params)``: e.g. 10d and 100d, or a 10× and
100× smaller init; fresh draws of the same law, same seed, same hooks) still fails a deciding row at every deeper
setting, and does not fade: unless the deepest setting fails only rows that failed at first and each of them kept
less than half its relative slack (a failure shrinking like √(n/d) is a finite-d correction, not a
counterexample). User data cannot be re-drawn: no evidence.
"""
from __future__ import annotations

from dataclasses import replace

from .base import CheckSpec, Context, Measurement

KEEP = 0.5  # a persisting failure keeps ≥ half its slack at the deepest setting (a fading one shrinks like 1/√10)


def _failed(ev: dict, claim) -> dict[str, float | None]:
    """Names → relative slack (slack/|rhs|: bounds scale with d) of the deciding conclusion rows that fail."""
    out = {}
    for c, r in zip(claim.conclusions, ev["conclusions"]):
        if r["holds"] is False and c.decides:
            s, rhs = r.get("slack"), r.get("rhs")
            try:
                out[r["name"]] = float(s) / abs(float(rhs)) if rhs and abs(float(rhs)) > 0 else float(s)
            except (TypeError, ValueError):
                out[r["name"]] = None
    return out


def evidence(spec: CheckSpec, ctx: Context, m: Measurement, ev: dict, values_of) -> str | None:
    """Why the failure of ``ev`` persists deeper inside the threshold hypotheses, or None (with ``m.note`` saying
    how it faded). ``values_of(params, measurement)`` builds a statement's values as the runner does."""
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
        if not failed:  # the claim holds deeper inside: the failure was the stand-in's
            m.note = f"deeper inside the hypothesis the failure fades: {', '.join(first)} holds at {where}"
            return None
        trail.append((where, failed))
    if not trail:
        return None
    last = trail[-1][1]
    faded = [k for k, s in first.items() if k in last and _shrinks(s, last[k])]
    trail.insert(0, ("the setting", first))
    slacks = "; ".join(f"{w}: " + ", ".join(f"{k} relative slack {_g(v)}" for k, v in f.items()) for w, f in trail)
    if faded and len(faded) == len(last):  # every failing row fades (one that keeps its size is enough)
        m.note = f"deeper inside the hypothesis the failure fades ({', '.join(faded)}): {slacks}"
        return None
    return f"the same rows fail at {slacks}"


def _g(v) -> str:
    return "n/a" if v is None else f"{v:.3g}"


def _shrinks(s0, s1) -> bool:
    """A bound row's failure shrinking below KEEP of its first magnitude (a row without a slack persists)."""
    try:
        return abs(float(s1)) < KEEP * abs(float(s0))
    except (TypeError, ValueError):
        return False
