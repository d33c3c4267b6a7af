"""Exact max-margin references against independent methods (each paper's own: papers/<paper>/tests/test_references.py).

SVM: cvxpy (span) vs support-set enumeration and scipy SLSQP, and infeasible data; (ε, δ)-KKT: zero at an exact KKT
point of a two-layer linear net, jacrev vs the analytic Jacobian.
"""
import math

import numpy as np
import pytest
import torch
from scipy.optimize import minimize

from ibcheck.numerics.trainers.homogeneous_net import HomogeneousNet
from ibcheck.numerics.data.linear_data import planted
from ibcheck.theory.kkt_residual import jacobian_residuals, margin_jacobian
from ibcheck.theory.svm import hard_margin_svm, svm_by_enumeration


def slsqp_svm(Z):
    r = minimize(lambda w: 0.5 * w @ w, np.ones(Z.shape[1]), jac=lambda w: w, method="SLSQP",
                 constraints=[{"type": "ineq", "fun": lambda w: Z @ w - 1, "jac": lambda w: Z}],
                 options={"ftol": 1e-15, "maxiter": 1000})
    return r.x


@pytest.mark.parametrize("n,d,seed", [(8, 3, s) for s in range(5)] + [(6, 10, 0), (8, 2, 1)])
def test_svm_matches_enumeration_and_slsqp(n, d, seed):
    Z = planted(n, d, seed).Z
    svm = hard_margin_svm(Z)
    assert svm.certified
    w_enum, S_enum = svm_by_enumeration(Z)
    assert np.linalg.norm(svm.w - w_enum) <= 1e-9 * np.linalg.norm(w_enum)
    assert np.linalg.norm(svm.w - slsqp_svm(Z)) <= 1e-6 * np.linalg.norm(w_enum)
    assert (Z @ svm.w).min() >= 1 - 1e-9 and svm.alpha.min() >= 0
    assert np.linalg.norm(svm.w - Z.T @ svm.alpha) <= 1e-8 * svm.norm


def test_svm_infeasible_data_is_not_separable():
    Z = np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]])
    assert not hard_margin_svm(Z).separable


def _linear_net(Z):
    return HomogeneousNet(X=torch.as_tensor(Z), y=torch.ones(Z.shape[0], dtype=torch.float64), m=3, act="linear")


def test_kkt_zero_at_an_exact_kkt_point_of_a_two_layer_linear_net():
    """f = aᵀWx (L = 2): a = √‖ŵ‖e₁, W = e₁ŵᵀ/√‖ŵ‖ (ŵ the SVM) is a KKT point of (P) with q_min = 1."""
    Z = planted(10, 3, 3).Z
    svm = hard_margin_svm(Z)
    net = _linear_net(Z)
    s = math.sqrt(svm.norm)
    a = np.array([s, 0.0, 0.0])
    W = np.zeros((3, 3))
    W[0] = svm.w / s
    th = torch.as_tensor(np.concatenate([a, W.ravel()]))
    rep = jacobian_residuals(net, th)
    # a KKT point from the exact SVM: residuals are rounding of O(1) values
    assert rep.stationarity < 1e-9 and abs(rep.complementarity_max) < 1e-9
    assert rep.euler_gap <= rep.euler_bound + 1e-12
    rnd = jacobian_residuals(net, 2.0 * th + 0.3 * torch.randn(12, generator=torch.Generator().manual_seed(0), dtype=torch.float64))
    assert rnd.stationarity > 1e-2


def test_jacrev_matches_the_analytic_jacobian():
    from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
    X, y = teacher_data(8, 4, 0)
    net, th = make_net(X, y, 5, "relu", 2.0, seed=1)
    # the analytic Jacobian vs per-sample autograd: same arithmetic, different order (~1e-15 relative)
    np.testing.assert_allclose(margin_jacobian(net, th), net.per_sample_grads(th), rtol=1e-12, atol=1e-14)
