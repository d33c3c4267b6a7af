"""lai2026's documented non-verified outcomes (Lai et al. (COLT 2026)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).
"""
from __future__ import annotations

from ..expected import Expected

_GAUSS = ("outside the reconstructed hypothesis: Gaussian labels have min|y| ≈ 0, so the label-spread factor "
          "‖K/‖λ‖₁ − I‖₂·max|y|/min|y| = 52.6 ≫ ½; the step-1 cross-talk then exceeds the smallest labels")
_ETA = ("finding (conj.lai-step): the lower bound √(n₋y_min²/‖λ‖₁) fails for η‖λ‖₁ below a label-dependent "
        "threshold ≈ y_min/rms(y_N) (at n=40, d=4000, labels U[1,2]: gap 0.0681 < lower 0.0707 at η‖λ‖₁ = 0.7, "
        "0.0481 at 0.5, 0.0182 at 0.2)")
_PM1 = ("finding: with equal-magnitude labels (±1) the lower bound with constant 1 fails at η‖λ‖₁ = 1 by a factor "
        "1 − O(√(n/d)): gap 0.06817 < lower 0.07071 at n=40, d=4000 (gap²/lower² = 0.929)")

EXPECTED: dict[str, Expected] = {
    **{f"lai2026.m1.{c}[n=40,d=4000,labels=gaussian,seed=0]": Expected("outside-hypotheses", _GAUSS, h)
       for c, h in (("pattern", "FTT|FF"), ("limit", "FTT|TTTTF"), ("gap", "FTT|TT"))},
    **{f"lai2026.m1.gap[n=40,d=4000,eta_scale={e},seed=0]": Expected("violated", _ETA, "TTT|FT")
       for e in (0.7, 0.6, 0.5, 0.4, 0.2)},
    "lai2026.m1.gap[n=40,d=4000,labels=pm1,seed=0]": Expected("violated", _PM1, "TTT|FT"),
}
