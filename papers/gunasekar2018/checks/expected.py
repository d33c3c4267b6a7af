"""gunasekar2018's documented non-verified outcomes (collected by ``checks.cases.EXPECTED``): settings outside the
hypotheses, each with what was measured there (the conclusions still hold in both: the step levels are
conservative).
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_MD_L2_19 = ("outside the level chosen here (η·β_ψ = 1.9 > 1) but inside the standard GD condition η < 2/λ_max(XXᵀ) "
             "for ψ = ½‖·‖²: MD (GD) still reaches the ℓ2 projection of w₀ to the 1e-9 floor — the level is "
             "conservative for the ℓ2 potential, as expected")
_SD_C2 = ("outside the steepest-descent step condition (c = 2 > 1: η_t = 2/(B²L) exceeds 1/(B²L)); sign descent still "
          "converges: the ℓ∞ margin gap is 3.6e-3 at 10⁴ with orders ≥ 1.67 against 1/log t (the descent row is "
          "vacuous at c·e^c ≥ 2). Not a counterexample either way: the theorem says nothing here")
_MD_P3 = ("outside the strong convexity the theorem asks: ψ = (1/3)‖w‖₃³ has ψ'' = 2|w_i|, and 11 of the 30 coordinates "
          "change sign between w₀ and w_B, so the box between them contains w_i = 0 where ψ'' = 0 (μ_ψ = 0). The "
          "deciding conclusions still hold there (‖w_T − w_B‖/‖w_B‖ = 1.6e-5 at T = 3000 and still falling; the diagnostic "
          "D_ψ(w_T, w₀)/D_ψ(w_B, w₀) − 1 = 2.4e-5 misses its 1e-6 display level; at p = 1.5, μ_ψ = 0.31, inside): "
          "strict convexity suffices for the implication, but the theorem as recalled does not cover it")
EXPECTED: dict[str, Expected] = {
    "gunasekar2018.md_bregman[potential=pnorm,eta_scale=0.25,seed=0]": Expected("outside-hypotheses", _MD_P3,
        fails=("ψ strongly convex on the box spanned by w₀ and w_B (μ_ψ > 0), not on all of dom ψ",
               "D_ψ(w_T, w₀) ≈ D_ψ(w_B, w₀)")),
    "gunasekar2018.md_bregman[potential=l2,eta_scale=1.9,seed=0]": Expected("outside-hypotheses", _MD_L2_19,
        fails=("step: η·β_ψ ≤ 1 (a level chosen here for 'step sizes at which MD converges')",)),
    "gunasekar2018.steepest[step_scale=2.0,seed=0]": Expected("outside-hypotheses", _SD_C2,
        fails=("step: η_t ≤ min(η₊, 1/(B²L(w_t))) (c ≤ 1)",)),
}
