"""lyuli2020's wrong answers: the shared homogeneous flow (``Hooks.limit(θ)`` maps every recorded state) and GD."""
from __future__ import annotations

from ibcheck.checks.wrong_answers import NA, homogeneous_cells, row, theta_frozen, theta_off_direction, trainer

# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
for _cid in ("lyuli2020.smoothed_margin_monotone", "lyuli2020.sandwich", "lyuli2020.lemma5_1",
             "lyuli2020.euler_identity", "lyuli2020.rates", "lyuli2020.kkt"):
    TABLE[_cid] = row(**homogeneous_cells())
_PATH = NA("the conclusion is an identity or inequality along the trainer's own path, not a structure of its output")
for _cid in ("lyuli2020.smoothed_margin_monotone", "lyuli2020.sandwich", "lyuli2020.lemma5_1",
             "lyuli2020.euler_identity", "lyuli2020.rates"):
    TABLE[_cid]["structure"] = _PATH
for _cid in ("lyuli2020.kkt", "lyuli2020.rates"):
    TABLE[_cid]["dynamics"] = [theta_frozen()]  # the mean loss is GF slowed by n: the same path, a correct answer
TABLE["lyuli2020.kkt"]["rescaled"] = NA("θ̃ = θ/q_min^{1/L} is invariant under θ → cθ (L-homogeneous net): a rescaled "
                                        "trajectory has the same (ε, δ)-KKT residuals, a correct answer")
TABLE["lyuli2020.sandwich"]["rescaled"] = NA("γ̄ − ‖θ‖^{−L} log N ≤ γ̃ ≤ γ̄ holds at every θ, not only along GF: no "
                                            "rescaled state can break it")
TABLE["lyuli2020.kkt"]["structure"] = theta_off_direction()
_START = NA("the hook maps GD's starting point: any start is a valid run of this per-step comparison, not a wrong answer")
for _cid in ("lyuli2020.loss_based_lr", "lyuli2020.euler_identity_gd", "lyuli2020.gd_margin"):
    TABLE[_cid] = row(random=_START, reference=homogeneous_cells()["reference"], rescaled=_START, structure=_START,
                      dynamics=trainer("a step 20× too large (the hypotheses see η)", step_factor=20.0))

# Wrong answers that are right answers to these claims (measured in docs/discrimination.md before the reason).
TABLE["lyuli2020.lemma5_1"].update(
    random=NA("Lemma 5.1 is a pointwise inequality at every θ with 𝓛 < 1, not a property of the GF path"),
    rescaled=NA("Lemma 5.1 is a pointwise inequality at every θ with 𝓛 < 1, not a property of the GF path"))
TABLE["lyuli2020.euler_identity_gd"]["dynamics"] = NA(
    "the identity holds exactly at every GD step of any size: a larger step is not a wrong answer to it")
TABLE["lyuli2020.gd_margin"]["dynamics"] = NA("exploratory, report-only: a larger step is another experiment")

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {"lyuli2020.smoothed_margin_monotone", "lyuli2020.sandwich", "lyuli2020.lemma5_1", "lyuli2020.euler_identity",
         "lyuli2020.rates", "lyuli2020.kkt", "lyuli2020.loss_based_lr", "lyuli2020.euler_identity_gd",
         "lyuli2020.gd_margin"}

# Cheapest probes the claim's rows cannot decide (measured `inconclusive`, not a verified cell): the conformance suite
# requires exactly these (claim, family) to stay undecided, and the claim's next-cheapest probe, if any, to be
# rejected instead. A listed cell that comes out rejected fails (then delete its line): the list only shrinks.
UNDECIDED = {
    ("lyuli2020.lemma5_1", "dynamics"): "Lemma 5.1 is pointwise at θ with 𝓛 < 1; a frozen trainer's states are the "
    "init, where 𝓛 ≥ 1: 0 of 4,000 draws qualify and LHS ≥ RHS is NaN — the same statement holds at any θ the "
    "trainer gives",
}
