"""vardishamir2021's documented non-verified outcomes (Vardi & Shamir (2021)), collected by ``checks.cases.EXPECTED``.

Each entry pins every row (``Expected.holds``: one character per hypothesis, ``|``, one per conclusion) and its
reason quotes what was measured: a setting outside the hypotheses, an asymptotic row the run's horizon does not
decide yet (``inconclusive``, naming the horizon), an exploratory claim's answer (``observed``), or a stated
conclusion that fails (``violated``, with why it is a counterexample).

``DEGENERATE_FALSE_VIOLATIONS`` are this paper's entries of tests/test_degenerate_data.py's table of known false
counterexamples on degenerate data.
"""
from __future__ import annotations

from ibcheck.checks.expected import Expected

EXPECTED: dict[str, Expected] = {
    "vardishamir2021.balancedness_conserved[n=50,d=20,m=50,seed=0]": Expected(
        "inconclusive", "not a counterexample to the law but the trainer's Filippov integration failing (n > d, 13 sliding "
        "episodes): from t ≈ 10 the loss sits at 0.017524 (L(0) = 1.258) and rises on 793 of the 2400 grid steps by "
        "1.7e-7 relative (median; max 6.6e-6) — 10⁵× the ODE's 1e-12 tolerance, 10⁹× float64 rounding, so no rounding "
        "floor absorbs them; ∫‖∇L‖² dt exceeds L(0) − L(T) by 2.78·L(0); at rtol 1e-10 the same flow ends at 0.01064 "
        "instead. The balancedness is still conserved (drift 1.5e-12)",
                fails=("the loss never grows along the flow", "GF's energy identity: L(0) − L(T) = ∫‖∇L‖² dt on the grid")),
}

# Known false counterexamples on tests/test_degenerate_data.py's degenerate data (collected there by discovery):
# (claim, data set) → why the check's exit 1 there is not a counterexample (it may exit 1 on them; once fixed it must
# exit like any other case: 0, 2, 3 or 4).
DEGENERATE_FALSE_VIOLATIONS: dict[tuple[str, str], str] = {
    ("vardishamir2021.balancedness_conserved", "rank-deficient"): (
        "the DOP853 flow through ReLU kinks on dependent rows: a_j² − ‖w_j‖² drifts by 2.4e-3 and the energy identity "
        "misses by 22: the integrator's error, not a counterexample"),
    ("vardishamir2021.balancedness_conserved", "zero-projection"): (
        "inputs with exact zeros (x = ±e₁, ±(2e₁ + e_j)): the event-aware DOP853 flow's loss rises at 1875 recorded "
        "steps (at most 0.79% each) and the energy identity misses by 620× L(0), while a_j² − ‖w_j‖² is conserved to "
        "9.2e-14: the integrator's error at simultaneous ReLU kinks, not a counterexample"),
}


# Settings at the ends of a parameter's range where the check gives a verdict the theorem does not explain, found by
# the conformance suite's sweep (ibcheck.testing.bindings, --profile full): open work, each with what was measured.
_TOL0 = ("a tolerance of 0 (the closed end of its range) demands exact equality of float64 numbers: the conclusion "
         "fails by rounding ({}), a counterexample manufactured by the tolerance, not by the flow")
_FLOW = ("the event-aware DOP853 flow fails GF's energy identity here ({}): the integrator's error at this end of the "
         "range (as on the degenerate data sets), not a counterexample; balancedness itself is conserved")
SWEEP_FINDINGS: dict[str, str] = {
    "vardishamir2021.single_neuron_construction[loss_tol=0.0,seed=0]": _TOL0.format("L = 1.0e-26"),
    "vardishamir2021.single_neuron_construction[w_tol=0.0,seed=0]": _TOL0.format("‖(w₁, w₂) − (5, −1)‖ = 7.1e-14"),
    "vardishamir2021.not_min_norm[loss_tol=0.0,seed=0]": _TOL0.format("L = 1.0e-26"),
    "vardishamir2021.balancedness_conserved[n=500,seed=0]": _FLOW.format("1646 loss rises, energy gap 6.6"),
    "vardishamir2021.balancedness_conserved[d=10000,seed=0]": _FLOW.format("energy gap 1.23"),
    "vardishamir2021.balancedness_conserved[m=1,seed=0]": _FLOW.format("energy gap 0.082"),
    "vardishamir2021.balancedness_conserved[m=1000,seed=0]": _FLOW.format("energy gap 0.011; drift 7.4e-11 > 1e-11"),
    "vardishamir2021.balancedness_conserved[init_scale=10.0,seed=0]": _FLOW.format("energy gap 0.86"),
    "vardishamir2021.balancedness_conserved[rtol=1e-06,seed=0]": _FLOW.format("523 loss rises at rtol 1e-6"),
}
