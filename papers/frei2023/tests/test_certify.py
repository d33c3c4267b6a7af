"""Interval certificates of frei2023's Theorem 3.2 (the KKT point and (H)): certified where the reference is right,
failed — naming the condition — where a condition fails; enclosures contain the float values."""
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.theory.certify.certificate import REFUTED
from ibcheck.papers.frei2023.theory.certify import certify_thm32
from ibcheck.papers.frei2023.theory.hypothesis import h_quantities
from ibcheck.theory.two_layer_margin import closed_form_kkt


def close_to(enc, value, rtol=1e-12):
    """The float64 ``value`` lies in the enclosure up to its own rounding error (``rtol``·|value|)."""
    lo, hi = enc
    slack = rtol * abs(value)
    return lo - slack <= value <= hi + slack


def test_frei_kkt_point_and_H_certified_inside_H():
    dat = gaussian_pm1(6, 200000, 0)
    X, y, K = dat.X.numpy(), dat.y.numpy(), dat.K.numpy()
    c = certify_thm32(y, 5, 5, 1.0, X=X)
    assert c.status == "certified", c.reason
    assert c.part_status() == {"kkt_point": "certified", "hypothesis_H": "certified"}
    cf = closed_form_kkt(K, y, 5, 5, 1.0)
    h = h_quantities(K, 1.0)
    assert close_to(c.enclosures["w_star_norm"], cf.norm, 1e-10)
    assert close_to(c.enclosures["optimal_normalized_margin"], 1 / cf.norm, 1e-10)
    assert close_to(c.enclosures["H_slack"], h["H_slack"], 1e-10) and c.enclosures["H_slack"][0] > 5  # margin
    assert close_to(c.enclosures["p"], h["p"], 1e-12)
    assert c.condition("pattern_signs").holds and "linear" in c.condition("pattern_signs").detail


def test_frei_H_refuted_outside_H_while_the_kkt_point_is_certified():
    dat = gaussian_pm1(20, 20000, 0)
    c = certify_thm32(dat.y.numpy(), 5, 5, 0.5, X=dat.X.numpy())
    assert c.status == "failed" and c.condition("hypothesis_H").outcome == REFUTED
    assert c.part_status() == {"kkt_point": "certified", "hypothesis_H": "failed"}
    assert c.reason.startswith("hypothesis_H refuted")
    assert c.enclosures["H_slack"][1] < 1
    assert c.condition("pattern_signs").strict


@pytest.mark.parametrize("n,d,seed", [(20, 30, 0), (20, 60, 0), (20, 60, 1), (10, 12, 2), (20, 100, 0)])
def test_frei_certificate_agrees_with_the_float_closed_form(n, d, seed):
    """Where the label-aligned closed form is not a KKT point (λ_i < 0 or a pre-activation on the wrong side),
    the certificate fails on exactly that condition; where it is, the KKT part is certified."""
    dat = gaussian_pm1(n, d, seed)
    y, K = dat.y.numpy(), dat.K.numpy()
    cf = closed_form_kkt(K, y, 5, 5, 0.5)
    c = certify_thm32(y, 5, 5, 0.5, X=dat.X.numpy())
    assert (c.part_status()["kkt_point"] == "certified") == cf.valid
    if not cf.valid:
        failing = "lambda_positive" if cf.lam.min() <= 0 else "pattern_signs"
        assert c.condition(failing).outcome == REFUTED
        assert c.condition("kkt_point").outcome == REFUTED


def test_frei_certificate_in_the_check_json():
    r = run_check("frei2023.thm3.2.global", {"n": 6, "d": 200000, "gamma": 1.0, "sampler": "explicit",
                                             "certify": True})
    c = r["certificate"]
    assert c["status"] == "certified" and c["parts"] == {"kkt_point": "certified", "hypothesis_H": "certified"}
    assert close_to(c["enclosures"]["H_slack"], r["quantities"]["H_slack"], 1e-10)
    assert c["data"]["gram"] == "apriori"  # X drawn: K enclosed from it
    g = run_check("frei2023.thm3.2.global", {"certify": True})  # the default: Gram law, inside (H) at γ = ½
    assert g["certificate"]["status"] == "certified" and g["certificate"]["data"]["gram"] == "given-K"
