"""razincohen2020's documented non-verified outcomes (Razin & Cohen (2020)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_REFLECT = ("init W₁ = α·diag(1, −1) (balanced, det W(0) = −α⁴ < 0): outside the hypothesis det W(0) > 0, GF reaches the "
            "det = −1 completion W₁₁ ≈ 6e-6 (nuclear norm 2, the minimum) by t ≈ 1e3 and stays there: the norms do not "
            "diverge and the effective rank tends to 2 — the sign of det W(0) is what drives Razin–Cohen's example")

EXPECTED: dict[str, Expected] = {
    "razincohen2020.norms_diverge[init=reflect,seed=0]": Expected("outside-hypotheses", _REFLECT,
            fails=("det W(0) > 0", "|W₁₁| grows over every decade", "‖W‖_* grows over every decade", "|W₁₁| keeps growing: slope over the last 3 decades", "‖W‖_* keeps growing: slope over the last 3 decades")),
    "razincohen2020.det_sign[init=reflect,seed=0]": Expected(
        "outside-hypotheses", _REFLECT + "; det W/‖W‖² starts at −½ (resolved)",
                fails=("det W(0) > 0", "det W > 0 while resolved", "det W > 0 at every decade checkpoint to T")),
    "razincohen2020.effective_rank[init=reflect,seed=0]": Expected("outside-hypotheses", _REFLECT,
            fails=("det W(0) > 0", "effective rank → 1")),
}


# Settings at the ends of a parameter's range where the check gives a verdict the theorem does not explain, found by
# the conformance suite's sweep (ibcheck.testing.bindings, --profile full): open work, each with what was measured.
SWEEP_FINDINGS: dict[str, str] = {
    "razincohen2020.effective_rank[depth=8,seed=0]": (
        "depth N = 8 (the closed end of its range, inside 'N ≥ 2'): the effective-rank excess at T = 1e8 is 1 "
        "(> 1e-3) and the failure persists at the deeper settings, so the check says violated; the default depth 2 "
        "verifies. Not yet triaged: a counterexample to the reconstructed limit at depth 8, or the integrator's"),
}
