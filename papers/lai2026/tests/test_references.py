"""Exact references: cvxpy in the span vs exhaustive enumeration, the sign lemma, KKT re-verification."""
import itertools

import cvxpy as cp
import numpy as np
import pytest

from ibcheck.numerics.data.sets import make_gaussian
from ibcheck.papers.lai2026.theory.closed_form import frozen_pattern_limit
from ibcheck.papers.lai2026.theory.enumeration import _pattern_problem, enumerate_m1, enumerate_m2
from ibcheck.papers.lai2026.theory.minnorm import kkt_residuals_m1, min_norm_m1, min_norm_m2_decoupled
from ibcheck.theory.solver import solve


def _np(n, d, seed, **kw):
    ds = make_gaussian(n, d, seed, **kw)
    return ds.K.numpy(), ds.y.numpy(), ds.trace_sigma, ds.X.numpy()


@pytest.mark.parametrize("n,d,seed", [(10, 1000, 0), (10, 30, 1), (8, 12, 2), (9, 9, 3), (10, 200, 4)])
def test_m1_cvxpy_matches_active_set_enumeration(n, d, seed):
    K, y, tr, _ = _np(n, d, seed)
    sol = min_norm_m1(K, y, tr)
    a_enum, norm_enum, count = enumerate_m1(K, y, tr)
    assert count == 2 ** int((y <= 0).sum())
    assert sol.norm == pytest.approx(norm_enum, rel=1e-9)
    assert np.sqrt((a_enum - sol.alpha) @ K @ (a_enum - sol.alpha)) <= 1e-7 * sol.norm


def test_m1_solution_is_feasible_and_kkt_in_R_d():
    K, y, tr, X = _np(30, 3000, 5)
    sol = min_norm_m1(K, y, tr)
    assert sol.polished and sol.info.status == "optimal"
    w = X.T @ sol.alpha  # re-verify in the original coordinates
    pred = X @ w
    # the polished solution re-verified: interpolation residuals of an exact solve with cond ≈ 1 (~1e-15)
    assert np.abs(pred[y > 0] - y[y > 0]).max() <= 1e-9
    # as above: the negatives' outputs are ≤ 0 up to the same rounding
    assert pred[y <= 0].max() <= 1e-9
    assert sol.alpha[y <= 0].max() <= 0  # multipliers of ⟨w,x_i⟩ ≤ 0 are −α_i ≥ 0
    # complementarity α_i⟨w,x_i⟩ = 0: products of rounding-size outputs with O(1) multipliers
    assert np.abs(sol.alpha[y <= 0] * pred[y <= 0]).max() <= 1e-12
    assert np.linalg.norm(w) == pytest.approx(sol.norm, rel=1e-12)


def test_kkt_residuals_detect_a_wrong_point():
    K, y, tr, _ = _np(20, 2000, 1)
    sol = min_norm_m1(K, y, tr)
    at = sol.alpha * tr
    bad = at.copy()
    bad[y <= 0] = 0.5  # multipliers of the wrong sign and violated constraints
    # KKT residuals of the polished solution (measured ~1e-15)
    assert max(kkt_residuals_m1(K / tr, y, at).values()) <= 1e-10
    r = kkt_residuals_m1(K / tr, y, bad)
    assert r["dual_feasibility"] > 0.1 and r["primal_feasibility"] > 0.1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_m2_decoupled_qp_is_global_over_all_4_to_the_n_patterns(seed):
    K, y, tr, _ = _np(5, 500, seed)
    wp, wm = min_norm_m2_decoupled(K, y, tr)
    e = enumerate_m2(K, y, tr)
    assert e.patterns_total == 4 ** 5 and e.solved == 2 ** 5 and e.inaccurate == 0
    assert np.hypot(wp.norm, wm.norm) == pytest.approx(e.best_norm, rel=1e-7)


def test_sign_lemma_confirmed_by_the_solver():
    """Every pattern the lemma excludes is infeasible according to the QP solver itself (n = 3: 64 QPs)."""
    K, y, tr, _ = _np(3, 300, 0)
    prob, _, (mp, mm, sp_, sm) = _pattern_problem(K / tr, y)
    for bits in itertools.product((0, 1), repeat=6):
        A_p, A_m = np.array(bits[:3], float), np.array(bits[3:], float)
        excluded = np.any((y > 0) & (A_p == 0)) or np.any((y < 0) & (A_m == 0))
        mp.value, mm.value, sp_.value, sm.value = A_p, A_m, 2 * A_p - 1, 2 * A_m - 1
        st = solve(prob, allow_infeasible=True).status
        if excluded:
            assert st in (cp.INFEASIBLE, cp.INFEASIBLE_INACCURATE), bits
    full = enumerate_m2(K, y, tr, lemma=False)
    lem = enumerate_m2(K, y, tr)
    assert full.best_norm == pytest.approx(lem.best_norm, rel=1e-7)


def test_frozen_pattern_limit_solves_the_active_block():
    K, y, tr, _ = _np(15, 1500, 2)
    a1 = np.random.default_rng(0).normal(size=15) / tr
    P = y > 0
    a = frozen_pattern_limit(K, y, a1, P)
    # the frozen-pattern limit interpolates exactly (a linear solve with cond ≈ 1)
    assert np.allclose((K @ a)[P], y[P], atol=1e-10)
    assert np.array_equal(a[~P], a1[~P])


@pytest.mark.parametrize("seed,d", [(s, d) for s in range(5) for d in (8, 60, 600, 6000)])
def test_m2_dual_certificate_agrees_with_enumeration(seed, d):
    """Certified decoupled interpolators are the global minimum over all 4ⁿ patterns (n = 5); where the
    enumeration finds a smaller interpolator the certificate must not certify."""
    from ibcheck.papers.lai2026.theory.duality import certify_decoupled
    from ibcheck.papers.lai2026.theory.enumeration import enumerate_m2
    ds = make_gaussian(5, d, seed, sampler="explicit")
    K, y = ds.K.numpy(), ds.y.numpy()
    wp, wm = min_norm_m2_decoupled(K, y, ds.trace_sigma)
    norm = float(np.sqrt(wp.alpha @ K @ wp.alpha + wm.alpha @ K @ wm.alpha))
    cert = certify_decoupled(K, y, wp.alpha, wm.alpha)
    e = enumerate_m2(K, y, ds.trace_sigma)
    if cert.certified:
        assert norm <= e.best_norm * (1 + 1e-7)
    if e.best_norm < norm * (1 - 1e-6):
        assert not cert.certified


@pytest.mark.parametrize("r,expected", [((1.0, 1.2, 1.3), 1 - 1.69 / 2), ((1.0, 1.5, 1.2), 1 - 2.25 / 2)])
def test_m2_dual_certificate_delta_slack_on_orthogonal_data(r, expected):
    """Orthogonal data K = diag(r²), y = (1, −1, 2): the decoupled interpolator is α₊ = y/r² on the positives,
    α₋ = −y/r² on the negatives, 0 elsewhere; the δ-condition (2y_i − λ_max α₊_i)/(2y_i) (and its mirror on the
    negatives) reads 1 − r_max²/(2r_i²), so its slack is 1 − r_max²/(2r_min²); certified iff ≥ 0."""
    from ibcheck.papers.lai2026.theory.duality import certify_decoupled
    r2 = np.square(r)
    K, y = np.diag(r2), np.array([1.0, -1.0, 2.0])
    ap, am = np.where(y > 0, y / r2, 0.0), np.where(y < 0, -y / r2, 0.0)
    cert = certify_decoupled(K, y, ap, am)
    assert cert.delta_slack == pytest.approx(expected, rel=1e-12)
    # the Lagrangian dual bound of an exactly solved diagonal problem: gap = rounding
    assert cert.cover_slack >= 0 and cert.duality_gap < 1e-12
    assert cert.certified == (expected >= 0)
