"""Documented non-verified outcomes of the issue-14 part-B claims (merged into ``checks.cases.EXPECTED``).

Each entry pins every row (see ``cases.Expected``) and says what was measured.
"""
from __future__ import annotations

from .cases import Expected

_COVER = ("m = 60, seed 0 (docs/claims-ext.md §8's width): no positive neuron is active on all three positive points at init, "
          "so the reconstructed coverage hypothesis fails")
_REFLECT = ("init W₁ = α·diag(1, −1) (balanced, det W(0) = −α⁴ < 0): outside the hypothesis det W(0) > 0, GF reaches the "
            "det = −1 completion W₁₁ ≈ 6e-6 (nuclear norm 2, the minimum) by t ≈ 1e3 and stays there: the norms do not "
            "diverge and the effective rank tends to 2 — the sign of det W(0) is what drives Razin–Cohen's example")

EXPECTED_EXT_B = {
    "boursier2022.min_variation_norm[m=60,seed=0]": Expected(
        "outside-hypotheses", _COVER + "; the positive class is then fitted by neurons active on {1,2} and {1,3}: "
        "variation norm 5.859 against the minimum 4.915 (gap 19.2%, at every λ of the sweep)", "TTF|FTT"),
    "boursier2022.saddle_to_saddle[m=60,seed=0]": Expected(
        "outside-hypotheses", _COVER + "; the levels and times still hold (plateau within 1e-4, first escape 20.7% late "
        "because the fastest positive neuron grows at D_A < D₊, second escape 4.4% early)", "TTFT|TTT"),
    # full profile
    "boursier2022.saddle_to_saddle[data=random,n=6,d=12,seed=0]": Expected(
        "outside-hypotheses", "random orthogonal data (seed 0): D_fast/D_slow = 1.043 < 1.2, the two classes escape "
        "almost together (t = 57.4 and 63.8 against τ = 63.4 and 66.1), so no plateau is resolved: the loss at the "
        "flattest point between the drops is 0.2246 against the slow class's level 0.1790", "TTTF|FTT"),
    "razincohen2020.norms_diverge[init=reflect,seed=0]": Expected("outside-hypotheses", _REFLECT, "TFTT|FFFFTT"),
    "razincohen2020.det_sign[init=reflect,seed=0]": Expected(
        "outside-hypotheses", _REFLECT + "; det W/‖W‖² starts at −½ (resolved)", "TFTT|FT"),
    "razincohen2020.effective_rank[init=reflect,seed=0]": Expected("outside-hypotheses", _REFLECT, "TFTT|TF"),
}
