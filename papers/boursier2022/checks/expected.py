"""boursier2022's documented non-verified outcomes (Boursier et al. (2022)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).

``DEGENERATE_FALSE_VIOLATIONS`` are this paper's entries of tests/test_degenerate_data.py's table of known false
counterexamples on degenerate data.
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_COVER = ("m = 60, seed 0 (docs/claims-ext.md §8's width): no positive neuron is active on all three positive points at init, "
          "so the reconstructed coverage hypothesis fails")

EXPECTED: dict[str, Expected] = {
    "boursier2022.min_variation_norm[m=60,seed=0]": Expected(
        "outside-hypotheses", _COVER + "; the positive class is then fitted by neurons active on {1,2} and {1,3}: "
        "variation norm 5.859 against the minimum 4.915 (gap 19.2%, at every λ of the sweep)",
                fails=("class coverage at init", "gap ≤ 2% at the smallest λ")),
    "boursier2022.saddle_to_saddle[m=60,seed=0]": Expected(
        "outside-hypotheses", _COVER + "; the levels and times still hold (plateau within 1e-4, first escape 20.7% late "
        "because the fastest positive neuron grows at D_A < D₊, second escape 4.4% early)",
                fails=("class coverage at init",)),
    "boursier2022.saddle_to_saddle[data=random,n=6,d=12,seed=0]": Expected(
        "outside-hypotheses", "random orthogonal data (seed 0): D_fast/D_slow = 1.043 < 1.2, the two classes escape "
        "almost together (t = 57.4 and 63.8 against τ = 63.4 and 66.1), so no plateau is resolved: the loss at the "
        "flattest point between the drops is 0.2246 against the slow class's level 0.1790",
                fails=("distinct escape rates", "plateau level")),
}

# Known false counterexamples on tests/test_degenerate_data.py's degenerate data (collected there by discovery):
# (claim, data set) → why the check's exit 1 there is not a counterexample (it may exit 1 on them; once fixed it must
# exit like any other case: 0, 2, 3 or 4).
DEGENERATE_FALSE_VIOLATIONS: dict[tuple[str, str], str] = {
    ("boursier2022.balancedness_gd", "rank-deficient"): (
        "GD at η = 0.5 on rows with ‖x‖² ≈ 3e2 overflows to inf, and the exact per-step identity compares inf: an "
        "overflow, not a counterexample (the same happens on non-degenerate data scaled ×3)"),
}
