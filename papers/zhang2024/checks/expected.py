"""zhang2024's documented non-verified outcomes, collected by ``checks.cases.EXPECTED`` (see papers/soudry2018/checks/expected.py)."""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_EPS8 = ("exploratory answer at ε = 1e-8 (torch's default) and the paper's schedule: over 3·10⁴ steps Adam is still "
         "Adam-like — γ∞(w_T) = 0.3225 > the midpoint 0.3143 between γ∞ = 0.3362 and γ∞(ŵ) = 0.2923 — and its ℓ2 "
         "margin is not converging at GD's rate (undecided); by 10⁵ steps |∇L| ≈ 1e-10 < ε and it turns GD-like "
         "(γ∞(w_T) = 0.319 vs 0.329 without ε): ε decides the bias only once the gradient has fallen below it")

EXPECTED: dict[str, Expected] = {
    "zhang2024.adam_eps[eps=1e-08,schedule=poly,eta0=0.1,seed=0]": Expected("observed", _EPS8,
        fails=("γ∞(w_T) nearer γ∞(ŵ) than γ∞ (not the ℓ∞ answer)",), undecided=("γ2(w_t) → γ2 with gap O(1/log t) (as GD)",)),
    # full profile: rows that cannot yet exclude their nearest wrong answers (theory.asymptotic_alternatives)
    "zhang2024.gd_l2_margin[seed=3]": Expected(
        "inconclusive", "seed 3: GD's ℓ2 margin gap levels against 1/log t (observed order 1.59–1.88 over t ∈ [1e4, "
        "1e5]), but its band [0.2859, 0.3277] still holds 0.9·γ2 = 0.2860, and half the order and an extra log "
        "factor still fit (implied constants fell 1.70× and 1.72× over t ∈ [1e2, 1e5], excluded at 2×)",
        fails=(), undecided=("γ2(w_t) → γ2 with gap O(1/log t)",)),
    "zhang2024.adam_rate[a=0.7,steps=300000,seed=0]": Expected(
        "inconclusive", "exploratory, a = 0.7: the gap levels against t^{−0.3} (observed order 1.01–1.57 over t ∈ "
        "[3e4, 3e5]), but its band [0.3003, 0.3781] holds 0.9·γ∞ and 1.1·γ∞, and an extra log factor still fits (its "
        "implied constant fell 1.85× over t ∈ [2.9e3, 3e5], excluded at 2×)",
        fails=(), undecided=("γ∞(w_t) → γ∞ at rate O(t^{−min(a/2, 1−a)})",)),
}


# The full profile's settings whose asymptotic rows the judge's 0.2.0 rules leave undecided (the rows must
# exclude their nearest wrong answers, or a bare limit needs a steady model or a tenfold fall): each names the
# alternative that still fits or the evidence it lacks, and the horizon where a model predicts one.
EXPECTED.update({
    "zhang2024.adam_linf_margin[a=0.7,steps=300000,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: γ∞(w_t) → γ∞ (the maximum ℓ∞ margin): |q − "
        "0.336216| falls at observed order ∈ [2.71, 4.71] over t ∈ [1e+04, 3e+05], but no power law fits steadily and "
        "the error fell only 3.52× (evidence needs 10×) (not decidable from this run)",
        fails=(), undecided=("γ∞(w_t) → γ∞ (the maximum ℓ∞ margin)",)),
    "zhang2024.adam_linf_margin[seed=3]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: γ∞(w_t) → γ∞ (the maximum ℓ∞ margin): |q − "
        "0.4974| falls at observed order ∈ [0.405, 5.45] over t ∈ [322, 3e+04], but no power law fits steadily and "
        "the error fell only 5.14× (evidence needs 10×) (not decidable from this run)",
        fails=(), undecided=("γ∞(w_t) → γ∞ (the maximum ℓ∞ margin)",)),
})
