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
    with pytest.raises(ValueError, match=r"^enumeration: no vertex with a positive margin: the data are not "
                                         r"separable$"):
        max_margin_by_enumeration(Z, None, math.inf)
    with pytest.raises(ValueError, match=r"^max_margin: p must be in \[1, ∞\], got 0\.5$"):
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
    assert all(math.isnan(v) for v in (r.gamma, r.gamma_upper, r.gap, r.face_width, r.slackness, r.norm_dev,
                                       r.alignment, r.stationarity))
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


def test_the_support_is_the_duals_above_a_millionth_of_the_largest():
    """S = {λ_i > SUPPORT_RTOL·max λ}, strictly: with max λ = ½, λ_i = ½·1e-6 is out, ½·1.5e-6 in."""
    Z = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0]])
    lam = 0.5 * np.array([1.0, 1e-6, 1.5e-6, 0.0])
    r = _certificate(Z, np.array([1.0, 0.0]), lam, 2.0, 2.0, "optimal")
    assert r.support.tolist() == [True, False, True, False]


def test_an_inaccurate_solve_is_certified_by_its_own_gap():
    """``certified`` trusts "optimal" and "optimal_inaccurate" alike (the bracket is recomputed), nothing else;
    ‖w‖_p − 1 ≤ NORM_TOL and gap ≤ GAP_TOL, ends included."""
    from ibcheck.theory.norm_margin import NORM_TOL, NormMargin
    rec = dict(separable=True, w=np.array([1.0, 0.0]), gamma=1.0)
    assert NormMargin(2.0, 2.0, status="optimal", gap=0.0, norm_dev=0.0, **rec).certified
    assert NormMargin(2.0, 2.0, status="optimal_inaccurate", gap=GAP_TOL, norm_dev=NORM_TOL, **rec).certified
    assert not NormMargin(2.0, 2.0, status="max_iterations", gap=0.0, norm_dev=0.0, **rec).certified
    assert not NormMargin(2.0, 2.0, status="optimal", gap=1.5e-7, norm_dev=0.0, **rec).certified  # GAP_TOL = 1e-7


def test_newton_takes_full_steps_and_never_a_step_that_climbs():
    """One step of Newton on x² − 4 from 3 is the full step to 3 − 5/6 = 13/6 (its residual falls); a direction
    along which the residual only grows (a Jacobian of the wrong sign) leaves x where it is, exactly."""
    from ibcheck.theory.norm_margin import _newton
    x = _newton(lambda x: x * x - 4.0, lambda x: np.diag(2.0 * x), np.array([3.0]), iters=1)
    assert x[0] == pytest.approx(13.0 / 6.0, rel=1e-15)
    x = _newton(lambda x: x.copy(), lambda x: -np.eye(1), np.array([1.0]))
    assert x.tolist() == [1.0]
    assert _newton(lambda x: np.ones(1), lambda x: np.eye(1), np.array([0.0])).tolist() == [0.0]  # flat: no fall
    # 1 + x + 5e7·x² along the step −1 falls only for steps t < 2e-8: the halving stops at t = 2⁻²⁶ ≈ 1.49e-8 and
    # takes it (the next, 2⁻²⁷ ≈ 7.5e-9, is below the smallest step tried)
    x = _newton(lambda x: 1.0 + x + 5e7 * x * x, lambda x: np.eye(1), np.array([0.0]), iters=1)
    assert x.tolist() == [-(2.0 ** -26)]


def test_face_width_of_a_segment_and_of_a_vertex():
    """z = (1, 0): the ℓ∞ maximiser is w = (1, w₂) for any w₂ ∈ [−1, 1] (a face of width 2); the ℓ1 maximiser
    (1, 0) is unique (width 0). The LPs' solutions are accurate to Clarabel's 1e-8 feasibility."""
    Z = np.array([[1.0, 0.0]])
    assert max_margin(Z, None, math.inf, face=True).face_width == pytest.approx(2.0, abs=1e-6)
    assert max_margin(Z, None, 1.0, face=True).face_width == pytest.approx(0.0, abs=1e-6)


def test_a_polish_that_fails_keeps_the_interior_point_answer(monkeypatch):
    """p = 3: when the restricted solve finds nothing the answer is the solver's own, unpolished; when its
    multipliers have a negative entry it is not kept either."""
    import ibcheck.theory.norm_margin as nm
    Z = planted(12, 5, 3).Z
    good = max_margin(Z, None, 3.0)
    monkeypatch.setattr(nm, "_restricted", lambda ZS, q, w0=None: None)
    r = max_margin(Z, None, 3.0)
    assert r.info["polished"] is False and r.gap >= good.gap
    k = int(good.support.sum())
    monkeypatch.setattr(nm, "_restricted", lambda ZS, q, w0=None: (good.w / good.gamma, -np.ones(k)))
    assert max_margin(Z, None, 3.0).info["polished"] is False


def test_the_support_set_budget_counts_the_sets_of_size_one_to_the_rank(monkeypatch):
    """4 points of rank 2: C(4, 1) + C(4, 2) = 10 candidate sets: within a budget of 10, over one of 9."""
    import ibcheck.theory.norm_margin as nm
    Z = np.array([[1.0, 0.2], [0.3, 1.0], [1.0, 1.0], [2.0, 0.5]])
    monkeypatch.setattr(nm, "ENUM_MAX", 1000)  # ENUM_MAX // 100 = 10
    w, g = max_margin_by_enumeration(Z, None, 3.0)
    assert g == pytest.approx(max_margin(Z, None, 3.0).gamma, rel=1e-8)
    monkeypatch.setattr(nm, "ENUM_MAX", 999)  # 9
    with pytest.raises(ValueError, match="support sets exceed the budget"):
        max_margin_by_enumeration(Z, None, 3.0)


def test_the_vertex_budget_counts_the_square_subsystems(monkeypatch):
    """ℓ∞, one point in one dimension: rows γ − w ≤ 0, ±w ≤ 1 and unknowns (w, γ): C(3, 2) = 3 subsystems, within a
    budget of 3, over one of 2."""
    import ibcheck.theory.norm_margin as nm
    monkeypatch.setattr(nm, "ENUM_MAX", 3)
    w, g = max_margin_by_enumeration(np.array([[2.0]]), None, math.inf)
    assert w.tolist() == [1.0] and g == 2.0
    monkeypatch.setattr(nm, "ENUM_MAX", 2)
    with pytest.raises(ValueError, match=r"^enumeration: C\(3, 2\) basic solutions exceed the budget 2$"):
        max_margin_by_enumeration(np.array([[2.0]]), None, math.inf)


def test_a_rank_deficient_support_set_is_skipped_not_the_end():
    """z₁ = (1, 0), z₂ = (2, 0), z₃ = (0, 1): the pair {z₁, z₂} is rank 1 and skipped; the optimum's support is
    {z₁, z₃}: w ∝ (1, 1), γ_p = 1/‖(1, 1)‖_p = 2^{−1/p} (p = 3)."""
    w, g = max_margin_by_enumeration(np.array([[1.0, 0.0], [2.0, 0.0], [0.0, 1.0]]), None, 3.0)
    # a 2×2 Newton solve on O(1) data: rounding
    assert g == pytest.approx(2.0 ** (-1 / 3), rel=1e-12) and np.allclose(w, 2.0 ** (-1 / 3), atol=1e-12)


@pytest.mark.parametrize("p", [1.5, 2.0, 2.5, 3.0])
def test_stationarity_reads_the_forward_map_to_p_two_and_the_inverse_map_above(p):
    """At an arbitrary (w, λ) (not the optimum, so the two readings differ): p ≤ 2 reads ‖w − ∇‖·‖_q(Zᵀλ)‖_p,
    p > 2 reads ‖∇‖·‖_p(w) − Zᵀλ/‖Zᵀλ‖_q‖_q."""
    q = dual_exponent(p)
    Z = np.array([[1.0, 0.2, 0.0], [0.3, 1.0, -0.4], [0.5, 0.5, 1.0]])
    w = np.array([0.6, -0.3, 0.5])
    w = w / pnorm(w, p)
    lam = np.array([0.5, 0.3, 0.2])
    v = Z.T @ lam
    r = _certificate(Z, w, lam, p, q, "optimal")
    want = pnorm(w - dual_norm_gradient(v, q), p) if p <= 2 else pnorm(dual_norm_gradient(w, p) - v / pnorm(v, q), q)
    assert r.stationarity == pytest.approx(float(want), rel=1e-12) and r.stationarity > 0.01
    upper, gamma = float(pnorm(v, q)), float((Z @ w).min())  # the relative gap, of a bound that is not 1
    assert r.gap == pytest.approx((upper - gamma) / upper, rel=1e-14) and abs(upper - 1) > 0.01


def test_pnorm_along_the_last_axis_and_the_l1_norm_as_a_plain_sum():
    """Row norms of a 2×3 array (p = 1, 2, ∞); ℓ1 is the plain sum of |v| (no scaling by the largest entry, which
    would round 0.1 + 0.2 + 0.3 to 0.6 instead of float64's 0.6000000000000001)."""
    A = np.array([[3.0, -4.0, 0.0], [1.0, 1.0, 1.0]])
    assert pnorm(A, 2.0).tolist() == pytest.approx([5.0, math.sqrt(3.0)], rel=1e-15)
    assert pnorm(A, math.inf).tolist() == [4.0, 1.0] and pnorm(A, 1.0).tolist() == [7.0, 3.0]
    assert pnorm(np.array([0.1, 0.2, 0.3]), 1.0) == 0.1 + 0.2 + 0.3


@pytest.mark.parametrize("scale", [1e-9, 1e9])
def test_data_far_from_unit_scale_are_solved_in_unit_scale(scale):
    """Z·10^±9: the solver sees Z/max|Z| (O(1) entries), so the answer is certified and γ is the unit-scale γ times
    the scale (the certificate's bracket is exact to the solver's 1e-10 gap)."""
    Z = planted(12, 5, 3).Z
    for p in (1.0, 3.0, math.inf):
        r, r1 = max_margin(scale * Z, None, p), max_margin(Z, None, p)
        assert r.certified and r.gamma == pytest.approx(scale * r1.gamma, rel=1e-8), (p, r.gap)


def test_the_restricted_solve_for_p_below_two_where_a_coordinate_of_w_is_zero():
    """p = 1.8 on two rows with a zero third column: Z_S w = 𝟙 fixes w = (0.5, 0.7, 0)/0.85 whatever p. The dual
    Newton reaches it (the primal KKT Hessian's |w_j|^{p−2} is infinite at w₃ = 0, so that path cannot)."""
    from ibcheck.theory.norm_margin import _restricted
    ZS = np.array([[1.0, 0.5, 0.0], [0.3, 1.0, 0.0]])
    w, mu = _restricted(ZS, 1.8 / 0.8)
    # a 2×2 system of condition ≈ 2 with O(1) entries: rounding
    assert np.allclose(w, [0.5 / 0.85, 0.7 / 0.85, 0.0], rtol=0, atol=1e-13) and (mu > 0).all()
