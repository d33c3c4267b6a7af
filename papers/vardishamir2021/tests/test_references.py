"""Exact references of vardishamir2021 against independent methods."""
import pytest
import sympy as sp

from ibcheck.checks.runner import run_check
from ibcheck.papers.vardishamir2021.theory import construction as C


def test_zero_loss_set_exact():
    Z = C.zero_loss_set(*C.fixture(C.GAMMA))
    assert Z.point[:2] == (5, -1) and C.as_interval(Z) == sp.Interval(-sp.oo, 1)
    assert C.spec_set_for_all_gamma()
    assert C.min_norm_point(Z) == (5, -1, 0)
    Z0 = C.zero_loss_set(*C.fixture(0))
    assert C.as_interval(Z0) == sp.S.Reals  # γ = 0: x₃ = 0 constrains nothing
    X, y = C.fixture(sp.Rational(3, 2))
    assert C.exact_loss(X, y, (5, -1, 1)) == 0 and C.exact_loss(X, y, (5, -1, sp.Rational(1001, 1000))) > 0


def test_vardishamir_reference_values_of_section_8():
    """§8/§6: w₃(∞) = −0.0116, −0.0408, −0.1107, −0.2090, −0.2301 for γ = ½, 1, 2, 5, 20 and ε for γ = 0."""
    q = run_check("vardishamir2021.single_neuron_construction", {"gammas": "0,0.5,1,2,5,20"})["quantities"]
    w3 = q["w3_limit"]
    for g, ref in (("0.5", -0.0116), ("1.0", -0.0408), ("2.0", -0.1107), ("5.0", -0.2090), ("20.0", -0.2301)):
        assert abs(w3[g] - ref) <= 6e-5, (g, w3[g])
    assert w3["0.0"] == pytest.approx(1e-6, rel=1e-9)
