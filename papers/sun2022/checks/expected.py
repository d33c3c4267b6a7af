"""sun2022's documented non-verified outcomes (collected by ``checks.cases.EXPECTED``)."""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_K40 = ("outside the step level chosen here (κ = η·L(w₀)·B_q² = 40 > 20, a stand-in for the paper's 'sufficiently "
        "small' step, not retrieved): p-GD with p = 3 still converges — ℓ3 direction error 0.066 and margin gap 0.042 "
        "at 10⁵, orders ≥ 0.51 against 1/log t; at κ ≈ 270 (p = 3) it diverges. The level is conservative")
EXPECTED: dict[str, Expected] = {
    "sun2022.direction[kappa=40.0,p=3.0,seed=0]": Expected("outside-hypotheses", _K40, "TTF|TTTT"),
}
