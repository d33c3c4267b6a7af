"""A refuting fit must hold as its window moves back (theory.asymptotic._confirmed), unless its exponents are not
drifting (theory.asymptotic_rules.drifting: the last two steps one-signed and growing) and it is firm or has no
checkpoint before its window.

``drifting`` is read on exponents whose differences are exact in binary64 (sums of dyadic numbers, no libm), so each
case sits at, or a whole step away from, its bound. The two real series are the wrong answers that a stricter
reading ("steps non-growing", which the scatter of measured exponents breaks) stopped refuting: a reference scaled
by 1.5 read through random iterates' norms (a max-margin ray's wrong-reference probe) and a perturbed state's KKT
distance δ (a KKT-convergence check's negative control). Each excludes 0 by a wide margin: corrections of 0.06% and 4% of the distance, against
``KAPPA_FIRM`` = 25%.
"""
import pytest
import sympy as sp

from ibcheck.theory.asymptotic import judge
from ibcheck.theory.asymptotic_rules import drifting


@pytest.mark.parametrize("exps, drift", [
    ([1.0, 0.5], True),                 # one step shows no trend
    ([0.0, 0.5, 1.25], True),           # steps +0.5, +0.75: one-signed, growing (a transient nearing its turn)
    ([1.0, 0.5, -0.25], True),          # steps −0.5, −0.75: the same downwards
    ([0.0, 0.5, 0.75], False),          # steps +0.5, +0.25: settling
    ([0.0, 0.5, 0.25], False),          # steps +0.5, −0.25: a sign change is scatter about the exponent
    ([0.0, 0.5, -0.5], False),          # steps +0.5, −1.0: larger, but the sign changed
    ([0.0, 2.0, 4.0 + 1e-6], False),    # steps 2, 2 + 1e-6: grown by ROUND_ORDER exactly is no growth (inclusive)
    ([0.0, 2.0, 4.5], True),            # steps 2, 2.5
    ([0.0, 0.0, 0.5], False),           # a zero step has no sign: nothing to continue
    ([0.0, 1.0, 0.5, 1.25], False),     # steps +1, −0.5, +0.75: only the last two count, and they changed sign
    ([0.0, 0.5, 1.0, 1.75], True),      # steps +0.5, +0.5, +0.75: the last grew over the one before it
])
def test_drifting(exps, drift):
    assert drifting(exps) is drift


T = sp.Symbol("t", positive=True)
ELL = sp.Symbol("ell", positive=True)


def test_a_scaled_reference_through_scattered_exponents_is_refuted():
    """‖P_Sw − v̄‖ with v̄ scaled by 1.5: fit exponents 0.9915, 0.9904, 1.0017 (steps −0.0011, +0.0113)."""
    tau = [1e3, 3162.0, 1e4, 31623.0, 1e5, 316228.0, 1e6]
    q = [0.0577999, 0.2405227, 0.2902015, 0.3028332, 0.3068668, 0.3081565, 0.3085636]
    j = judge(tau, q, sp.log(T) ** 2 / sp.sqrt(T), "t", 0.0, stated_rate=True)
    assert j.holds is False and "excludes the stated 0" in j.reason


def test_a_perturbed_kkt_distance_is_refuted():
    """δ → 0 fed perturbed states: fit exponents 0.670, 0.685, 0.670 (steps +0.015, −0.015)."""
    tau = [3.0484277, 6.5321803, 14.051874, 30.394377, 65.011761, 140.50835, 300.0]
    q = [0.22337401, 0.098031955, 0.081105728, 0.073508227, 0.069027805, 0.066338561, 0.06475322]
    j = judge(tau, q, 1 / sp.log(ELL), "ell", 0.0)
    assert j.holds is False and "excludes the stated 0" in j.reason
