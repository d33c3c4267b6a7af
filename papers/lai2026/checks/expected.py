"""lai2026's documented non-verified outcomes (Lai et al. (COLT 2026)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).

``CONTRACT`` names the claim whose check the contract's surface (tests/contract/surface.py) runs to freeze the JSON
keys of a check object and of its quantities.
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_GAUSS = ("outside the hypothesis 'd ≫ n' as measured here (δ_max = ½, a level chosen here): Gaussian labels have "
          "min|y| ≈ 0, so the label-spread factor ‖K/‖λ‖₁ − I‖₂·max|y|/min|y| = 52.6 ≫ ½; the step-1 cross-talk then "
          "exceeds the smallest labels")
_ETA = ("counterexample to the stated lower bound √(n₋y_min²/‖λ‖₁) ≤ ‖w∞ − w*‖ (seed's Theorem preview, constant 1, "
        "no step-size condition stated): at a converged GD limit (‖∇L‖ ≤ 1e-12‖∇L₀‖) and a KKT-verified w*, the gap "
        "is below the bound beyond the 1e-8 tolerance — n=40, d=4000, labels U[1,2]: gap 0.0581 < lower 0.0707 at "
        "η‖λ‖₁ = 0.6, 0.0481 at 0.5, 0.0182 at 0.2. Not finite time: the limit is reached; the reconstructed constant "
        "(or an unstated step condition η‖λ‖₁ ≳ y_min/rms(y_N), conj.lai-step) is too small. Not the stand-in δ_max "
        "for 'd ≫ n' either: the failure persists at 10d and 100d (gap/lower 0.679, 0.711, 0.721 at η‖λ‖₁ = 0.5; "
        "0.258, 0.278, 0.286 at 0.2)")
_ETA07 = ("the lower bound √(n₋y_min²/‖λ‖₁) ≤ ‖w∞ − w*‖ fails at η‖λ‖₁ = 0.7 (gap/lower 0.962 at n=40, d=4000; "
          "converged GD limit, KKT-verified w*), but deeper inside the stand-in for 'd ≫ n' it holds (d = 400000): "
          "next to the step threshold η̄* ≈ y_min/rms(y_N) the finite-d correction decides — not a counterexample")
_PM1 = ("the lower bound √(n₋y_min²/‖λ‖₁) ≤ ‖w∞ − w*‖ with constant 1 fails with equal-magnitude labels (±1) at "
        "η‖λ‖₁ = 1 (gap 0.06817 < lower 0.07071 at n=40, d=4000, converged GD limit, KKT-verified w*), but not as a "
        "counterexample: deeper inside the stand-in for 'd ≫ n' the failure fades (gap/lower 0.964, 0.989, 0.997 "
        "at d = 4000, 40000, 400000 — a 1 − O(√(n/d)) correction), so the seed's unspecified 'd ≫ n' may exclude "
        "it")

EXPECTED: dict[str, Expected] = {
    **{f"lai2026.m1.{c}[n=40,d=4000,labels=gaussian,seed=0]": Expected("outside-hypotheses", _GAUSS, fails=f)
       for c, f in (("pattern", ("near-orthogonality relative to the label spread", "pattern after step 1 is 𝟙{y>0}",
                                 "no activation change after step 1")),
                    ("limit", ("near-orthogonality relative to the label spread", "limit = frozen-pattern closed form")),
                    ("gap", ("near-orthogonality relative to the label spread",)))},
    **{f"lai2026.m1.gap[n=40,d=4000,eta_scale={e},seed=0]": Expected("violated", _ETA, fails=("lower bound",))
       for e in (0.6, 0.5, 0.4, 0.2)},
    "lai2026.m1.gap[n=40,d=4000,eta_scale=0.7,seed=0]": Expected("inconclusive", _ETA07, fails=("lower bound",)),
    "lai2026.m1.gap[n=40,d=4000,labels=pm1,seed=0]": Expected("inconclusive", _PM1, fails=("lower bound",)),
}

# The contract's example checks (tests/contract/surface.py, by discovery): claim → the cheap parameters it is run with
# (2 seeds) to freeze the keys of a check object and of this check's quantities (json/check-quantities/<claim>/…).
CONTRACT: dict[str, dict] = {"lai2026.m1.gap": {"n": 10, "d": 400}}


# The full profile's settings whose asymptotic rows the judge's 0.2.0 rules leave undecided (the rows must
# exclude their nearest wrong answers, or a bare limit needs a steady model or a tenfold fall): each names the
# alternative that still fits or the evidence it lacks, and the horizon where a model predicts one.
EXPECTED.update({
    "lai2026.m1.rate[sampler=explicit,d_grid=1000,3000,10000,30000,100000,300000,1000000,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: gap = Θ(‖λ‖₁^(−½)) over the ‖λ‖₁ sweep: "
        "the implied constant levels: observed order ∈ [0.996, 1] within [0.75, 1.25] (shift-invariant) over ‖λ‖₁ ∈ "
        "[1e+04, 1e+06]; but cannot yet tell the stated rate from an extra log factor r·log(1/r): its implied "
        "constant fell 1.85× over ‖λ‖₁ ∈ [1e+03, 1e+06] (excluded at 2×): needs ‖λ‖₁ ≈ 3.18e+06",
        fails=(), undecided=("gap = Θ(‖λ‖₁^(−½)) over the ‖λ‖₁ sweep",)),
})
