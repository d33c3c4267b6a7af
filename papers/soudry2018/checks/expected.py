"""soudry2018's documented non-verified outcomes (Soudry et al. (2018)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).

``DEGENERATE_FALSE_VIOLATIONS`` are this paper's entries of tests/test_degenerate_data.py's table of known false
counterexamples on degenerate data.
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

_RANK = ("rank(Z_S) = 6 < rank(Z) = 8 (n = 8, d = 20: 6 support vectors), outside Theorem 4: ‖ρ − w̃‖ grows "
         "0.52, 0.61, 0.67, 0.72 at t = 10³…10⁶ (≈ +0.29 per unit of log log t; docs/claims-ext.md §8's draw: 0.77 … 1.12) "
         "while ηtL/‖ŵ‖² → 0.995")
_STEP20 = ("outside the step-size hypothesis (ηβσ_max² = 5 > 2), and the descent conclusion still holds (largest "
           "one-step change of log L: −1.0e-5); the finite-time non-growth diagnostic of ρ fails (‖ρ‖ = 0.37, 0.26, "
           "0.43, 0.51 at 10²…10⁵, seed 0: θ = 1.035, still converging), which decides nothing")
_THETA_1 = ("finite time, not a counterexample: seed 0 (a generic draw, the other claims' default) has θ = 1.035 (a "
            "non-support point almost on the margin), so ‖ρ − w̃‖ ~ t^{1−θ} (κ = min(θ − 1, λ_min) = 0.035) is still 0.497 "
            "at 10⁶ (1.05, 0.72, 0.57, 0.50 from 10³): no steady model and a fall of 2× over three decades, so ρ → w̃ is "
            "not decidable from this run (a w̃ shifted by 0.10 is not decided either). The claim's default is the first "
            "seed with κ ≥ 0.4 (seed 3: θ = 1.678, verified at 10⁶)")
_DIR0 = ("finite time, not a counterexample (seed 0, θ = 1.035): the direction error is not monotone over 10³…10⁶ "
         "(0.0146, 0.0107, 0.0143, 0.0137) and the w̃-corrected error rises from 10⁵ to 10⁶ (0.0022 → 0.0032) because ρ "
         "is still 0.5 from w̃: no stable order against log log t/log t yet (needs t ≈ 3.2e6); log t·e stays in the band")
_STEP200 = ("outside the step-size hypothesis (ηβσ_max² = 50): the loss rises at the first step (+1.47 in log L), so "
            "the descent conclusion fails, but ρ does not grow (‖ρ‖ = 58, 53, 48, 43 at 10²…10⁵) — logistic GD still "
            "converges in direction at large steps (Wu, Braverman, Lee 2023)")

EXPECTED: dict[str, Expected] = {
    "soudry2018.residual_limit[n=8,d=20,seed=1]": Expected("outside-hypotheses", _RANK,
            fails=("rank(Z_S) = rank(Z)", "ρ(t) → w̃", "‖ρ(10^k) − w̃‖ decreases over k = K−3 … K", "‖ρ(T) − w̃‖ ≤ 0.15")),
    "soudry2018.stepsize[eta_scale=20.0,steps=100000,seed=0]": Expected("outside-hypotheses", _STEP20,
            fails=("step size: η < 2/(βσ_max²)", "ρ does not grow: max_{k=K−1,K}‖ρ‖ ≤ 1.1·max_{k=K−3,K−2}‖ρ‖")),
    "soudry2018.residual_limit[seed=0]": Expected("inconclusive", _THETA_1, fails=("‖ρ(T) − w̃‖ ≤ 0.15",),
            undecided=("ρ(t) → w̃",)),
    "soudry2018.direction_rate[seed=0]": Expected("inconclusive", _DIR0, fails=("e(10^k) decreases over k = K−3 … K", "log t · e_w̃(t) decreases over k = K−3 … K (sharp form: o(1/log t))"),
            undecided=("e(t) = O(log log t/log t)", "log t · e_w̃(t) → 0 (sharp form: o(1/log t))")),
    "soudry2018.stepsize[eta_scale=200.0,steps=100000,seed=0]": Expected("outside-hypotheses", _STEP200,
            fails=("step size: η < 2/(βσ_max²)", "L(w(t+1)) ≤ L(w(t)) at every step", "L(w(t)) decreases strictly along the recorded iterates (descent lemma)")),
    # verified before the rows had to exclude their nearest wrong answers (theory.asymptotic_alternatives)
    "soudry2018.asymptotic[seed=0]": Expected(
        "inconclusive", "‖ρ‖/log t levels against log log t/log t (observed order 1.35–1.38 over t ∈ [1e5, 1e6]), "
        "but three decades cannot tell that rate from half its order or from one more log factor: their implied "
        "constants fell only 1.53× and 1.64× over t ∈ [1e3, 1e6] (excluded at 2×); the levelled model separates "
        "them at t ≈ 2.5e13",
        fails=(), undecided=("‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log t/log t)",)),
}

_SHORT = ("the asymptotic judge reading this test's short run (steps = 1e4) as a stable wrong order or limit "
          "(ρ → w̃ at order 0.5–0.7 over t ∈ [1e3, 1e4]; ηtL/‖ŵ‖² → [0.926, 0.952]): a judge false alarm at a short horizon, for the judge's calibration")

# Known false counterexamples on tests/test_degenerate_data.py's degenerate data (collected there by discovery):
# (claim, data set) → why the check's exit 1 there is not a counterexample (it may exit 1 on them; once fixed it must
# exit like any other case: 0, 2, 3 or 4).
DEGENERATE_FALSE_VIOLATIONS: dict[tuple[str, str], str] = {
    ("soudry2018.residual_limit", "rank-deficient"): _SHORT,
    ("soudry2018.margin_loss_rates", "rank-deficient"): _SHORT,
}


# The full profile's settings whose asymptotic rows the judge's 0.2.0 rules leave undecided (the rows must
# exclude their nearest wrong answers, or a bare limit needs a steady model or a tenfold fall): each names the
# alternative that still fits or the evidence it lacks, and the horizon where a model predicts one.
EXPECTED.update({
    "soudry2018.asymptotic[seed=5]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: ‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log "
        "t/log t): the implied constant levels: observed order ∈ [1.64, 1.84] ≥ 0.75 (shift-invariant) over t ∈ "
        "[1e+05, 1e+06]; but cannot yet tell the stated rate from order 0.5: its implied constant fell 1.43× over t ∈ "
        "[1e+03, 1e+06] (excluded at 2×); cannot yet tell the stated rate from an extra log factor r·log(1/r): its "
        "implied constant fell 1.53× over t ∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 2.01e+16",
        fails=(), undecided=("‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log t/log t)",)),
    "soudry2018.asymptotic[n=8,d=20,seed=0,init=random]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: ‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log "
        "t/log t): the implied constant levels: observed order ∈ [1.23, 1.25] ≥ 0.75 (shift-invariant) over t ∈ "
        "[1e+05, 1e+06]; but cannot yet tell the stated rate from order 0.5: its implied constant fell 1.64× over t ∈ "
        "[1e+03, 1e+06] (excluded at 2×); cannot yet tell the stated rate from an extra log factor r·log(1/r): its "
        "implied constant fell 1.76× over t ∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 1.04e+11",
        fails=(), undecided=("‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log t/log t)",)),
    "soudry2018.asymptotic[loss=exp,eta_scale=0.05,seed=0]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: ‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log "
        "t/log t): the implied constant levels: observed order ∈ [1.52, 1.62] ≥ 0.75 (shift-invariant) over t ∈ "
        "[1e+05, 1e+06]; but cannot yet tell the stated rate from order 0.5: its implied constant fell 1.41× over t ∈ "
        "[1e+03, 1e+06] (excluded at 2×); cannot yet tell the stated rate from an extra log factor r·log(1/r): its "
        "implied constant fell 1.52× over t ∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 6.19e+16",
        fails=(), undecided=("‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log t/log t)",)),
    "soudry2018.asymptotic[seed=3]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: ‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log "
        "t/log t): the implied constant levels: observed order ∈ [1.36, 1.45] ≥ 0.75 (shift-invariant) over t ∈ "
        "[1e+05, 1e+06]; but cannot yet tell the stated rate from order 0.5: its implied constant fell 1.54× over t ∈ "
        "[1e+03, 1e+06] (excluded at 2×); cannot yet tell the stated rate from an extra log factor r·log(1/r): its "
        "implied constant fell 1.65× over t ∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 1.69e+13",
        fails=(), undecided=("‖ρ‖/log t = ‖w/log t − ŵ‖ = O(log log t/log t)",)),
    "soudry2018.direction_rate[seed=5]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: e(t) = O(log log t/log t): the implied "
        "constant levels: observed order ∈ [2.63, 3.74] ≥ 0.75 (shift-invariant) over t ∈ [1e+05, 1e+06]; but cannot "
        "yet tell the stated rate from order 0.5: its implied constant fell 1.9× over t ∈ [1e+03, 1e+06] (excluded at "
        "2×): needs t ≈ 1.01e+07",
        fails=(), undecided=("e(t) = O(log log t/log t)",)),
    "soudry2018.direction_rate[n=8,d=20,seed=0,init=random]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: e(t) = O(log log t/log t): the implied "
        "constant levels: observed order ∈ [1.28, 1.29] ≥ 0.75 (shift-invariant) over t ∈ [1e+05, 1e+06]; but cannot "
        "yet tell the stated rate from order 0.5: its implied constant fell 1.79× over t ∈ [1e+03, 1e+06] (excluded "
        "at 2×); cannot yet tell the stated rate from an extra log factor r·log(1/r): its implied constant fell 1.92× "
        "over t ∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 2.92e+08",
        fails=(), undecided=("e(t) = O(log log t/log t)",)),
    "soudry2018.margin_loss_rates[seed=5]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: gap = O(1/log t): the implied constant "
        "levels: observed order ∈ [2.21, 3.41] ≥ 0.75 (shift-invariant) over t ∈ [1e+05, 1e+06]; but cannot yet tell "
        "the stated rate from order 0.5: its implied constant fell 1.89× over t ∈ [1e+03, 1e+06] (excluded at 2×); "
        "cannot yet tell the stated rate from an extra log factor r·log(1/r): its implied constant fell 1.81× over t "
        "∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 7.13e+07",
        fails=(), undecided=("gap = O(1/log t)",)),
    "soudry2018.margin_loss_rates[n=8,d=20,seed=0,init=random]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: gap = O(1/log t): the implied constant "
        "levels: observed order ∈ [1.05, 1.05] ≥ 0.75 (shift-invariant) over t ∈ [1e+05, 1e+06]; but cannot yet tell "
        "the stated rate from order 0.5: its implied constant fell 1.66× over t ∈ [1e+03, 1e+06] (excluded at 2×); "
        "cannot yet tell the stated rate from an extra log factor r·log(1/r): its implied constant fell 1.6× over t ∈ "
        "[1e+03, 1e+06] (excluded at 2×): needs t ≈ 4.78e+11",
        fails=(), undecided=("gap = O(1/log t)",)),
    "soudry2018.margin_loss_rates[seed=3]": Expected(
        "inconclusive",
        "re-measured on the full profile after the judge's rules of 0.2.0: gap = O(1/log t): the implied constant "
        "levels: observed order ∈ [1.18, 1.3] ≥ 0.75 (shift-invariant) over t ∈ [1e+05, 1e+06]; but cannot yet tell "
        "the stated rate from order 0.5: its implied constant fell 1.81× over t ∈ [1e+03, 1e+06] (excluded at 2×); "
        "cannot yet tell the stated rate from an extra log factor r·log(1/r): its implied constant fell 1.74× over t "
        "∈ [1e+03, 1e+06] (excluded at 2×): needs t ≈ 8.72e+08",
        fails=(), undecided=("gap = O(1/log t)",)),
})
