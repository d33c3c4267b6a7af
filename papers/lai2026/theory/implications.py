"""lai2026's implication between claims: the m=1 bounds per neuron ⟹ the m=2 bounds (``theory.implications``).

``lai2026.m1.gap ⇒ lai2026.m2.gap``: the m=2 problem decouples into two m=1 problems (w₊ on y, w₋ on −y), the squared
gaps add, and the m=1 bounds per neuron imply the m=2 bounds with n and the labels over all examples.
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from ibcheck.theory.implications import (Implication, ImplicationResult, condition, nonnegative_certificate,
                                         on_positive, positive_names)

def m1_gap_implies_m2_gap(catalogue: dict, samples: int = 2000) -> ImplicationResult:
    """gap² = gap₊² + gap₋² (the blocks w₊, w₋ are orthogonal); lai2026.m1.gap bounds gap₊ with (n₋, labels over the
    negatives) and gap₋ with (n₊, labels over the positives, the m=1 problem on −y). With n = n₊ + n₋, y_min ≤ either
    group's y_min and y_max ≥ either group's y_max, sympy certifies lower₁(n₋)² + lower₁(n₊)² ≥ lower₂(n)² and
    upper₂(n)² ≥ upper₁(n₋)² + upper₁(n₊)² (nonnegative-coefficient certificates); random positive points re-check."""
    lo1 = condition(catalogue, "lai2026.m1.gap", "lower bound")
    up1 = condition(catalogue, "lai2026.m1.gap", "upper bound")
    lo2 = condition(catalogue, "lai2026.m2.gap", "lower bound (n, all labels)")
    up2 = condition(catalogue, "lai2026.m2.gap", "upper bound (n, all labels)")
    for cnd, rel in ((lo1, sp.GreaterThan), (lo2, sp.GreaterThan), (up1, sp.LessThan), (up2, sp.LessThan)):
        if not isinstance(cnd.rel, rel) or cnd.rel.lhs != sp.Symbol("gap", real=True):
            return ImplicationResult(False, "symbolic", f"{cnd.name!r} is no longer 'gap {rel.rel_op} bound'")
    pos = positive_names(lo1.rel.rhs, up1.rel.rhs, lo2.rel.rhs, up2.rel.rhs)
    n_p, n_m, y0, y1, s1, s2, v1, v2 = sp.symbols("n_pos n_neg y_lo y_hi s_1 s_2 v_1 v_2", positive=True)
    L1 = lambda k, y: on_positive(lo1.rel.rhs, pos, {"n_minus": k, "y_min": y})  # noqa: E731
    U1 = lambda k, y: on_positive(up1.rel.rhs, pos, {"n_minus": k, "y_max": y})  # noqa: E731
    low = L1(n_m, y0 + s1) ** 2 + L1(n_p, y0 + s2) ** 2 - on_positive(lo2.rel.rhs, pos, {"n": n_p + n_m, "y_min": y0}) ** 2
    up = (on_positive(up2.rel.rhs, pos, {"n": n_p + n_m, "y_max": y1}) ** 2
          - U1(n_m, y1 / (1 + v1)) ** 2 - U1(n_p, y1 / (1 + v2)) ** 2)
    ok_lo, cert_lo = nonnegative_certificate(low)
    ok_up, cert_up = nonnegative_certificate(up)
    # numeric re-check at random positive points (the certificate's own logic is what is re-checked)
    rng = np.random.default_rng(0)
    worst = math.inf
    for expr in (low, up):
        syms = sorted(expr.free_symbols, key=lambda s: s.name)
        f = sp.lambdify(syms, expr, "numpy")
        vals = [np.exp(rng.uniform(-3, 3, samples)) for _ in syms]
        worst = min(worst, float(np.min(f(*vals))))
    holds = ok_lo and ok_up and worst >= 0
    detail = (f"sympy: lower₁(n₋)² + lower₁(n₊)² − lower₂(n)² = {cert_lo if ok_lo else 'not certified: ' + cert_lo} "
              f"≥ 0 and upper₂(n)² − upper₁(n₋)² − upper₁(n₊)² = {cert_up if ok_up else 'not certified: ' + cert_up} "
              f"≥ 0 (y_min,± = y_lo + s, y_max,± = y_hi/(1 + v), all positive); {samples} random positive points per "
              f"side: min {worst:.3g}")
    return ImplicationResult(holds, "symbolic + numeric", detail, {"min_random": worst})


IMPLICATIONS = (
    Implication(
        "lai2026.m1.gap ⟹ lai2026.m2.gap",
        premises=("lai2026.m2.decoupling: after step 1 w₊ trains on the positives and w₋ on the negatives, each as "
                  "m=1 GD (w₊ on y, w₋ on −y, up to the O(ε) init), and the min-norm interpolator decouples the same "
                  "way (two m=1 programs), so gap² = gap₊² + gap₋²",
                  "lai2026.m1.gap for each neuron: (n₋, labels over the negatives) and (n₊, over the positives)"),
        conclusion="lai2026.m2.gap: √(c_low n y_min²/‖λ‖₁) ≤ gap ≤ √(c_up n y_max²/‖λ‖₁), labels over all examples",
        method="symbolic (nonnegative-coefficient certificates) + numeric random points", constants={},
        fn=m1_gap_implies_m2_gap),
)
