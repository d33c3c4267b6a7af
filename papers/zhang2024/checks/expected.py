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
}
