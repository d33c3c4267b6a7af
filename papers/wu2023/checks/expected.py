"""wu2023's documented non-verified outcomes, collected by ``checks.cases.EXPECTED`` (see papers/soudry2018/checks/expected.py)."""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_ETA100 = ("finite time, not a counterexample: at η = 100 (ηβσ²_max/n ≈ 27) the first step overshoots (log L rises to "
           "0.82) and the second lands at log L ≈ −7.5 (the paper's 'long time scale'): L(w_t) then falls with observed "
           "order ∈ [0.72, 0.96] against 1/t over t ∈ [1.6e4, 3e5], straddling 0.75 — needs t ≈ 1.7e6; the sharp rate "
           "η t L/‖ŵ‖² → 1 and the loss decrease already hold")
_EXP3 = ("exploratory answer: at η = 3 (below the oscillating regime on these data) the exponential loss does not blow "
         "up — log L falls monotonically to −7.2 by 10⁴ steps; at η = 10 and η = 30 it overflows within 4 steps: "
         "the divergence the paper warns of needs a large step")

_G05 = ("outside the construction's levels (γ = 0.5 > 0.1, chosen here): at η = 3, δ = 0.5 the exponential loss does "
        "not blow up — w₁ grows fast enough (e^{−γw₁} shrinks like exp(−γ²·cosh s)) to damp the orthogonal overshoot "
        "and log L falls; the divergence the paper warns of needs a small margin relative to the orthogonal spread")

EXPECTED: dict[str, Expected] = {
    "wu2023.exp_divergence[eta=3.0,gamma=0.5]": Expected("outside-hypotheses", _G05,
        fails=("γ ≤ 0.1 (the construction's small margin; a level chosen here)",)),
    "wu2023.loss[eta=100.0,seed=4]": Expected("inconclusive", _ETA100, fails=(), undecided=("L(w_t) → 0 at rate O(1/t)",)),
    "wu2023.exp_large_step[eta=3.0,seed=4]": Expected("observed", _EXP3, fails=("the loss blows up: max_t log L(w_t) ≥ log L(w_0) + 100",)),
}
