"""Exact references of woodworth2020 against independent methods."""
import math

import cvxpy as cp
import numpy as np
import pytest

from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
from ibcheck.theory.solver import solve
from ibcheck.papers.woodworth2020.theory.dual import dual_cvxpy, dual_newton, q_alpha
from ibcheck.papers.woodworth2020.theory.interpolants import min_l1, min_l2


@pytest.mark.parametrize("alpha", [1e-3, 0.1, 1.0])
def test_dual_newton_against_the_exponential_cone(alpha):
    X, y, _ = planted_sparse(6, 15, 2, 3)
    ref = dual_newton(X, y, alpha)
    cone = dual_cvxpy(X, y, alpha)
    # Newton's dual solve of a strictly convex problem: residuals at rounding
    assert ref.converged and ref.residual < 1e-12 and ref.stationarity < 1e-12
    assert cone.info.accurate and np.linalg.norm(cone.w - ref.w) <= 1e-4 * np.linalg.norm(ref.w)


@pytest.mark.parametrize("alpha", [1e-3, 1.0])
def test_dual_solution_minimises_q_alpha_on_the_interpolants(alpha):
    """Primal optimality, checked independently: Q_α grows along every direction of ker X."""
    X, y, _ = planted_sparse(6, 15, 2, 4)
    w = dual_newton(X, y, alpha).w
    ns = np.linalg.svd(X)[2][X.shape[0]:]  # orthonormal basis of ker X
    rng = np.random.default_rng(0)
    q0 = q_alpha(w, alpha)
    for _ in range(20):
        v = ns.T @ rng.normal(size=ns.shape[0])
        v *= 1e-3 * np.linalg.norm(w) / np.linalg.norm(v)
        assert q_alpha(w + v, alpha) > q0 and q_alpha(w - v, alpha) > q0


def test_q_alpha_is_cancellation_free():
    assert q_alpha(np.array([1e-10]), 1.0) == pytest.approx(1e-20 / 4, rel=1e-9)  # q(z) ≈ z²/4
    assert q_alpha(np.array([3.0]), 1.0) == pytest.approx(2 - math.sqrt(13) + 3 * math.asinh(1.5), rel=1e-14)


def test_min_l1_and_l2_against_cvxpy():
    X, y, _ = planted_sparse(8, 30, 3, 5)
    l1 = min_l1(X, y)
    assert l1.certified
    w = cp.Variable(30)
    prob = cp.Problem(cp.Minimize(cp.norm1(w)), [X @ w == y])
    solve(prob)
    assert abs(np.abs(l1.w).sum() - prob.value) <= 1e-7 * prob.value
    l2 = min_l2(X, y)
    # min-ℓ2 interpolant vs lstsq: the same least-squares solution of an O(1)-conditioned X
    assert np.allclose(l2.w, np.linalg.lstsq(X, y, rcond=None)[0], rtol=1e-10, atol=1e-12)
