"""The ℓp max-margin reference (theory.norm_margin): the certified cvxpy answer against support-set / vertex
enumeration (no cvxpy), the ℓ2 SVM, closed forms, and the certificate rejecting wrong answers."""
import math

import numpy as np
import pytest

from ibcheck.numerics.data.linear_data import planted
from ibcheck.theory.norm_margin import (GAP_TOL, _certificate, dual_exponent, dual_norm_gradient, max_margin,
                                        max_margin_by_enumeration, pnorm)
from ibcheck.theory.svm import hard_margin_svm

PS = (1.0, 1.5, 2.0, 3.0, math.inf)


@pytest.mark.parametrize("n,d,seed,p", [(6, 3, 0, p) for p in PS] + [(4, 5, 1, p) for p in PS + (10.0,)])
def test_matches_enumeration(n, d, seed, p):
    """Two independent computations: interior point + duality certificate vs enumeration (vertices of the LP for
    p ∈ {1, ∞}; support sets through the smooth restricted dual otherwise), with n > d (every p shares the
    direction Z_S⁻¹𝟙 of a d-point support set) and d > n (the directions differ). 1e-8: both exact to ~1e-10."""
    d = planted(n, d, seed)
    r = max_margin(d.X, d.y, p)
    assert r.certified, r.describe()
    assert r.gap <= GAP_TOL and r.gamma <= r.gamma_upper * (1 + 1e-14)  # weak duality, to rounding
    w_e, g_e = max_margin_by_enumeration(d.X, d.y, p)
    assert abs(r.gamma - g_e) <= 1e-8 * g_e
    if p not in (1.0, math.inf) or max_margin(d.X, d.y, p, face=True).face_width <= 1e-7:  # unique maximiser
        assert np.abs(r.w - w_e).max() <= 1e-6, (r.w, w_e)
    # tolerance: the reference is normalised to unit ℓp norm by a division: a few ulps
    assert abs(pnorm(r.w, p) - 1) <= 1e-12
    np.testing.assert_allclose((d.Z @ r.w).min(), r.gamma, rtol=1e-14)


def test_l2_is_the_hard_margin_svm():
    d = planted(12, 20, 0)
    r, s = max_margin(d.X, d.y, 2), hard_margin_svm(d.Z)
    assert abs(r.gamma - s.margin) <= 1e-9 * s.margin
    assert np.linalg.norm(r.w - s.w / s.norm) <= 1e-7
    # tolerance: the KKT residuals of a Newton-polished optimum: rounding of O(1) sums (≈ 1e-14), with margin
    assert r.stationarity <= 1e-9 and r.slackness <= 1e-8 and r.alignment <= 1e-9


@pytest.mark.parametrize("p", PS + (10.0,))
def test_single_point_closed_form(p):
    """n = 1: γ_p = ‖z‖_q (Hölder), attained by the unit-ℓp vector aligned with z."""
    z = np.array([[0.3, -1.2, 0.7]])
    r = max_margin(z, None, p)
    q = dual_exponent(p)
    assert r.certified
    assert abs(r.gamma - pnorm(z[0], q)) <= 1e-8 * pnorm(z[0], q)
    if 1 < p < math.inf:
        np.testing.assert_allclose(r.w, dual_norm_gradient(z[0], q), atol=1e-6)
    if math.isinf(p):
        np.testing.assert_allclose(r.w, np.sign(z[0]), atol=1e-8)  # ℓ∞: w = sign(z), γ = ‖z‖₁
    if p == 1:
        np.testing.assert_allclose(r.w, [0, -1, 0], atol=1e-8)  # ℓ1: the largest coordinate, γ = ‖z‖_∞


def test_monotone_in_p_and_scale_covariant():
    """The ℓp ball grows with p, so γ_p is non-decreasing in p; x → c·x scales γ by c and keeps w."""
    d = planted(10, 4, 2)
    g = [max_margin(d.X, d.y, p).gamma for p in (1.0, 1.5, 2.0, 3.0, 10.0, math.inf)]
    assert all(b >= a * (1 - 1e-9) for a, b in zip(g, g[1:])), g
    for p in (1.0, 3.0, math.inf):
        a, b = max_margin(d.X, d.y, p), max_margin(7.0 * d.X, d.y, p)
        assert abs(b.gamma - 7.0 * a.gamma) <= 1e-8 * b.gamma
        assert np.abs(a.w - b.w).max() <= 1e-6


@pytest.mark.parametrize("p", (1.0, 3.0, math.inf))
def test_certificate_rejects_wrong_answers(p):
    """The bracket is computed from (w, λ) alone: the ℓ2 SVM's direction, a random λ, or a rotated w all open a
    gap far above GAP_TOL (the ℓ2 answer offered as the ℓ1/ℓ3/ℓ∞ one is not certified). d > n: with n > d
    a d-point support set fixes one direction Z_S⁻¹𝟙 shared by every p, and no probe could tell them apart."""
    d = planted(8, 12, 0)
    r = max_margin(d.X, d.y, p)
    q = dual_exponent(p)
    s = hard_margin_svm(d.Z)
    w2 = s.w / pnorm(s.w, p)
    bad = _certificate(d.Z, w2, r.lam, p, q, "optimal")
    assert bad.gap > 1e-3 and bad.gamma < r.gamma
    lam = np.random.default_rng(0).random(len(d.y))
    bad = _certificate(d.Z, r.w, lam / lam.sum(), p, q, "optimal")
    assert bad.gap > 1e-2 and not bad.certified
    assert _certificate(d.Z, r.w, r.lam, p, q, "optimal").certified


def test_not_separable_and_bad_p():
    Z = np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]])
    for p in (1.0, 2.0, 3.0, math.inf):
        r = max_margin(Z, None, p)
        assert not r.separable and r.w is None and not r.certified
    with pytest.raises(ValueError, match="not separable"):
        max_margin_by_enumeration(Z, None, math.inf)
    with pytest.raises(ValueError, match="p must be"):
        max_margin(Z, None, 0.5)


# ---- value-level tests of each branch (the mutation run's survivors: docs/mutation.md) --------------------------

def test_the_dual_is_the_solvers_even_when_its_weights_sum_below_one():
    """Three points in R⁸ whose ℓ2 margin is √2 > 1: the solver's duals μ sum to 1/√2 < 1 and, normalised, are
    λ = (½, ½, 0) (the third point is off the margin), not the uniform fall-back; certified, w = 𝟙/√8."""
    Z = np.array([[1.0] * 4 + [0.0] * 4, [0.0] * 4 + [1.0] * 4, [1.0] * 8])
    r = max_margin(Z, None, 2.0)
    assert r.certified and r.gamma == pytest.approx(math.sqrt(2), rel=1e-9)
    np.testing.assert_allclose(r.lam, [0.5, 0.5, 0.0], atol=1e-8)
    np.testing.assert_allclose(r.w, np.full(8, 1 / math.sqrt(8)), atol=1e-8)


def test_the_solver_margin_is_read_in_the_datas_own_scale():
    """Data with entries up to 10: the solver runs on Z/10 and its margin s/‖w°‖ is the data's margin (to the
    interior point's accuracy, ~1e-6 relative)."""
    Z = 10.0 * planted(12, 5, 3).Z / np.abs(planted(12, 5, 3).Z).max()
    for p in (1.0, 2.0, 3.0, math.inf):
        r = max_margin(Z, None, p)
        assert r.certified and r.info["solver_margin"] == pytest.approx(r.gamma, rel=1e-5), p


def test_stationarity_is_read_only_for_smooth_norms():
    Z = planted(12, 5, 3).Z
    assert all(math.isnan(max_margin(Z, None, p).stationarity) for p in (1.0, math.inf))
    assert all(max_margin(Z, None, p).stationarity <= 1e-8 for p in (1.5, 3.0))


def test_describe_is_the_record():
    r = max_margin(planted(12, 5, 3).Z, None, 3.0)
    d = r.describe()
    assert set(d) == {"p", "q", "separable", "status", "gamma", "gamma_upper", "gap", "norm_dev", "slackness",
                      "alignment", "stationarity", "face_width", "certified", "w", "lam", "n_support"}
    assert (d["gamma"], d["gamma_upper"], d["gap"], d["p"], d["q"]) == (r.gamma, r.gamma_upper, r.gap, 3.0, 1.5)
    assert d["w"] == r.w.tolist() and d["n_support"] == int(r.support.sum()) and d["certified"] is True


@pytest.mark.parametrize("q", [1.5, 3.0])
def test_phi_derivatives_match_finite_differences(q):
    """φ(v) = ½‖v‖_q²: its gradient and Hessian against central differences (step 1e-6: truncation ~1e-12,
    rounding ~1e-10 relative on O(1) entries)."""
    from ibcheck.theory.norm_margin import _phi_derivs
    v = np.array([0.7, -1.3, 0.4, 2.1])
    phi, g, H = _phi_derivs(v, q)
    assert phi == pytest.approx(0.5 * np.sum(np.abs(v) ** q) ** (2 / q), rel=1e-14)
    h, eye = 1e-6, np.eye(len(v))
    g_fd = np.array([(_phi_derivs(v + h * e, q)[0] - _phi_derivs(v - h * e, q)[0]) / (2 * h) for e in eye])
    H_fd = np.array([(_phi_derivs(v + h * e, q)[1] - _phi_derivs(v - h * e, q)[1]) / (2 * h) for e in eye])
    np.testing.assert_allclose(g, g_fd, rtol=1e-8, atol=1e-8)
    np.testing.assert_allclose(H, H_fd, rtol=1e-6, atol=1e-6)


def test_the_support_set_enumeration_refuses_more_than_its_budget():
    """12 points of rank 6: Σ_{k≤6} C(12, k) = 2509 candidate sets exceed ENUM_MAX/100 = 2000."""
    Z = np.vstack([np.eye(6), np.eye(6) + 0.1])
    with pytest.raises(ValueError, match=r"^enumeration: 2\^12 support sets exceed the budget$"):
        max_margin_by_enumeration(Z, None, 1.5)


def test_the_record_of_a_polished_smooth_norm():
    """p = 3 on planted data: status "optimal", polished (the shift from the interior point's w is small),
    slackness = max_{i∈S}(z_iᵀw − γ)/γ recomputed, λ in the record."""
    Z = 30.0 * planted(12, 5, 3).Z  # γ ≈ 9.6: slackness divides by γ, visibly
    r = max_margin(Z, None, 3.0)
    assert r.status == "optimal" and r.info["polished"] is True and 0 <= r.info["polish_shift"] <= 1e-3
    marg = Z @ r.w
    assert r.gamma == pytest.approx(marg.min(), rel=1e-15) and r.gamma > 5
    # float64: the slackness is a difference of O(1) margins computed to a few ulps (≈ 1e-16 each)
    assert r.slackness == pytest.approx((marg[r.support] - r.gamma).max() / r.gamma, rel=1e-9, abs=1e-15)
    assert r.describe()["lam"] == r.lam.tolist() and r.describe()["status"] == "optimal"


def test_face_width_only_for_the_lp_norms():
    Z = planted(12, 5, 3).Z
    assert max_margin(Z, None, 2.0, face=True).face_width == 0.0
    assert math.isnan(max_margin(Z, None, 2.0).face_width)
    w1 = max_margin(Z, None, 1.0, face=True).face_width
    assert math.isfinite(w1) and w1 >= 0


def test_non_separable_data_have_no_margin_record():
    r = max_margin(np.array([[1.0, 0.0], [-1.0, 0.0]]), None, 2.0)
    assert not r.separable and r.w is None and not r.certified
    assert all(math.isnan(v) for v in (r.gamma, r.gamma_upper, r.gap, r.face_width, r.slackness))
    d = r.describe()
    assert d["lam"] is None and d["w"] is None and d["n_support"] == 0
    with pytest.raises(ValueError, match=r"^enumeration: no support set is feasible: the data are not separable$"):
        max_margin_by_enumeration(np.array([[1.0, 0.0], [-1.0, 0.0]]), None, 1.5)


def test_pnorm_of_zero_and_bad_shapes():
    assert pnorm(np.zeros(3), 3.0) == 0.0 and pnorm(np.zeros(3), 1.0) == 0.0
    assert pnorm(np.array([3.0, -4.0]), 2.0) == pytest.approx(5.0, rel=1e-15)
    with pytest.raises(ValueError, match=r"^max_margin: X must be \(n, d\) and y \(n,\), got \(3,\) and \(3,\)$"):
        max_margin(np.ones(3), np.ones(3), 2.0)
    with pytest.raises(ValueError, match=r"^max_margin: X must be \(n, d\) and y \(n,\), got \(3, 2\) and \(2,\)$"):
        max_margin(np.ones((3, 2)), np.ones(2), 2.0)


def test_the_enumeration_finds_a_single_support_vector():
    """z₁ = (1, 0), z₂ = (2, 1): w = e₁ meets both (margins 1, 2) at ‖w‖ = 1, and no w does better (z₁ᵀw ≤ ‖w‖):
    the optimum has the single support vector z₁, for every p."""
    Z = np.array([[1.0, 0.0], [2.0, 1.0]])
    for p in (1.5, 3.0):
        w, g = max_margin_by_enumeration(Z, None, p)
        # the exact answer of a 2-d problem with condition ≈ 1: the solver's 1e-10 stopping test bounds the error
        assert g == pytest.approx(1.0, rel=1e-9) and np.allclose(w, [1.0, 0.0], atol=1e-9), (p, w, g)


def test_the_vertex_enumeration_refuses_more_than_its_budget():
    with pytest.raises(ValueError, match=r"^enumeration: C\(30, 11\) basic solutions exceed the budget 200000$"):
        max_margin_by_enumeration(np.ones((10, 10)), None, math.inf)


def test_the_restricted_solve_reaches_the_kkt_point_from_a_rough_start():
    """p = 3 on two rows, Newton on the primal KKT system from w₀ = ½𝟙: Z_S w = 𝟙 and ∇½‖w‖_p² = Z_Sᵀμ to
    rounding (O(1) entries: ≤ 1e-13)."""
    from ibcheck.theory.norm_margin import _phi_derivs, _restricted
    ZS = np.array([[1.0, 0.5, 0.2], [0.3, 1.0, -0.4]])
    w, mu = _restricted(ZS, 1.5, np.full(3, 0.5))
    # KKT residuals of O(1) quantities on a 2×2 system of condition ≈ 1: rounding, ≈ 1e-16 × a few terms
    assert np.abs(ZS @ w - 1).max() <= 1e-13
    assert np.abs(_phi_derivs(w, 3.0)[1] - ZS.T @ mu).max() <= 1e-13
