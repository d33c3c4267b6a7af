"""A certified upper bound that is one whatever the kink tolerance: every side exact arithmetic cannot exclude.

The Clarke description of a constraint treats each pre-activation within ``kink_tol`` of its kink as exactly there
(its derivative free in ``[γ, 1]``), and the least stationarity over that set is an upper bound on the exact value
only if the pre-activation *is* at its kink. On the stored values it may lie on one side (the model is smooth
there, with one derivative): then the Clarke minimum can undercut the exact stationarity. ``numerics.probe.kink_sides``
decides each such pre-activation where exact arithmetic can (first-layer pre-activations in ``Fraction``; any
beyond its rounding bound by its computed sign); the others keep both sides. The residuals are recomputed for every
assignment of sides to the undecided ones (the decided ones fixed, exact kinks keeping their Clarke interval), and
the reported stationarity is the largest: ≥ the exact value whichever assignment is the truth (the kink itself,
whose Clarke set contains both sides, is never above either). ``verified`` needs every assignment verified;
``violated`` is decided on the Clarke description of all of them at once (a superset of every possibility's).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

MAX_ASSIGNMENTS = 64  # 2^6 side assignments of undecided pre-activations (one residual solve each)


@dataclass
class Bound:
    r: object | None  # the residuals of the assignment with the largest stationarity (None: no bound)
    verdicts: list  # the (ε, δ) verdict of every assignment
    counts: dict  # exact kinks, decided sides, undecided, assignments
    reason: str = ""


def bound(prep, kinks, samples, original, theta_t, qt, L, space, name, rounding, eps, delta) -> Bound | None:
    """None when every kinked pre-activation is exactly at its kink (the Clarke residuals are the bound)."""
    from ibcheck.numerics.probe.kink_sides import KINK, NEG, POS, status
    from ibcheck.theory.kkt_residual import kkt_residuals
    from ibcheck.theory.kkt_verdict import decide
    stat = {}
    for k, smp in enumerate(samples):
        if smp.kind in ("box", "vertices") and smp.elements:
            i = prep.example_of(k)
            for el in smp.elements:
                key = (i, *el)
                if key not in stat:
                    stat[key] = status(kinks, i, tuple(el), prep.params, original)
    if all(v == KINK for v in stat.values()):
        return None
    unknown = sorted(key for key, v in stat.items() if v is None)
    counts = {"exact_kinks": sum(v == KINK for v in stat.values()),
              "decided_sides": sum(v in (POS, NEG) for v in stat.values()), "undecided": len(unknown),
              "assignments": 2 ** len(unknown)}
    if 2 ** len(unknown) > MAX_ASSIGNMENTS:
        return Bound(None, [], counts, f"{len(unknown)} pre-activations lie within rounding of their kink, so exact "
                                       f"arithmetic may put each on either side: 2^{len(unknown)} side assignments "
                                       f"exceed the cap {MAX_ASSIGNMENTS}")
    results = []
    for bits in itertools.product((NEG, POS), repeat=len(unknown)):
        fixed = {key: v for key, v in stat.items() if v in (POS, NEG)}
        fixed.update(zip(unknown, bits))
        smp_a = [_fix(prep, kinks, k, s, fixed) for k, s in enumerate(samples)]
        if any(s is None for s in smp_a):
            return Bound(None, [], counts, "a side assignment of the near-kink pre-activations is not among the "
                                           "enumerated pieces of its constraint")
        r = kkt_residuals(theta_t, qt, L, smp_a, prep.blocks, space=space, name=name, rounding=rounding)
        if r.stationarity is None or not r.certified:
            return Bound(None, [], counts, f"the residuals on one side of the near-kink pre-activations are not "
                                           f"available ({r.reason})")
        v = decide(theta_t, qt, smp_a, r.stationarity, r.complementarity, eps, delta, space, r.slack)
        results.append((r, v))
    r, _ = max(results, key=lambda t: t[0].stationarity)
    return Bound(r, [v for _, v in results], counts)


def _fix(prep, kinks, k, smp, fixed):
    """The sample with every decided (or assigned) near-kink derivative fixed to its side's value."""
    from ibcheck.numerics.probe.kink_sides import POS
    from ibcheck.theory.kkt_columns import SampleGrad
    if smp.kind not in ("box", "vertices") or not smp.elements:
        return smp
    i = prep.example_of(k)
    val = {tuple(el): (1.0 if fixed[(i, *el)] == POS else kinks.sites[el[0]].slope)
           for el in smp.elements if (i, *el) in fixed}
    if smp.kind == "box":
        lo, hi = smp.lo.copy(), smp.hi.copy()
        for r, el in enumerate(smp.elements):
            if tuple(el) in val:
                lo[r] = hi[r] = val[tuple(el)]
        return SampleGrad("box", g=smp.g, V=smp.V, lo=lo, hi=hi, elements=smp.elements)
    keep = [v for v, pat in zip(smp.vertices, smp.patterns)
            if all(pat[j] == val[tuple(el)] for j, el in enumerate(smp.elements) if tuple(el) in val)]
    if not keep:
        return None
    return SampleGrad("vertices", vertices=np.stack(keep), reason=smp.reason, elements=smp.elements,
                      patterns=[p for p in smp.patterns
                                if all(p[j] == val[tuple(el)] for j, el in enumerate(smp.elements) if tuple(el) in val)])


def report(res, r, b: Bound | None, kinks) -> None:
    """The Clarke figure (every near-kink pre-activation at its kink: what ``kink_tol`` changes, not a bound), the
    side accounting, and certification withheld where no bound exists."""
    res.kkt_stationarity_kinks = r.stationarity
    res.clarke_derivatives = {str(k): v for k, v in r.derivatives.items()}  # at the kink: the Clarke figure's
    if kinks.unresolved and res.certified:
        res.certified = False
        res.certification = (f"not certified: kink_tol {kinks.tol:g} is below the rounding bound, and "
                             f"{kinks.unresolved} pre-activation(s) within rounding of their kink are taken on their "
                             f"computed side, which exact arithmetic may not confirm (the default kink_tol evaluates "
                             f"both sides)")
    if b is None:
        return
    res.kinks["sides"] = b.counts
    c = b.counts
    if b.r is None:
        if res.certified:
            res.certified = False
            res.certification = (f"not certified: {b.reason}; the least stationarity with all of them at their kink "
                                 f"({r.stationarity:.3g}) is not an upper bound on the exact value")
        return
    res.notes.append(f"{c['exact_kinks'] + c['decided_sides'] + c['undecided']} pre-activation(s) within kink_tol of "
                     f"their kink: {c['exact_kinks']} exactly at it, {c['decided_sides']} on a side exact arithmetic "
                     f"decides, {c['undecided']} undecided; the residuals are the largest over the {c['assignments']} "
                     f"side assignment(s) (a bound ≥ the exact value); all at their kink: stationarity "
                     f"{r.stationarity:.6g} (kkt_stationarity_kinks, not a bound)")


def verdict(b: Bound, clarke):
    """Verified on every side assignment, refuted on the Clarke description of all of them, else inconclusive."""
    from ibcheck.theory.kkt_verdict import KKTVerdict
    if b.r is None:
        return clarke if clarke.verdict == "violated" else KKTVerdict("inconclusive", b.reason)
    if len(b.verdicts) == 1:  # every side decided: that description is the exact one
        return b.verdicts[0]
    if all(v.verdict == "verified" for v in b.verdicts):
        worst = max(b.verdicts, key=lambda v: v.stationarity or 0.0)
        return KKTVerdict("verified", f"{worst.reason}, on each of the {len(b.verdicts)} side assignments of the "
                                      f"pre-activations within rounding of their kink", worst.stationarity,
                          worst.complementarity, worst.lam, worst.joint)
    if clarke.verdict == "violated":
        return clarke
    ok = sum(v.verdict == "verified" for v in b.verdicts)
    return KKTVerdict("inconclusive", f"verified on {ok} of the {len(b.verdicts)} side assignments of the "
                                      f"pre-activations within rounding of their kink (exact arithmetic does not "
                                      f"decide their sides)")
