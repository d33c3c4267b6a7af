"""Trainers of the max-margin papers against direct implementations: span-form linear GD vs autograd GD in R^d,
batched vs sequential, per-step diagnostics vs brute force; the homogeneous net's analytic gradients vs autograd,
its span reduction vs the full network, Euler/homogeneity, GF vs small-step GD, and the loss-based step."""
import math

import numpy as np
import pytest
import torch

from ibcheck.numerics.trainers.homogeneous_net import gradient_descent, gradient_flow, make_net, teacher_data
from ibcheck.numerics.data.linear_data import known_svm_2d, partly_separable, planted
from ibcheck.numerics.trainers.linear_gd import decade_checkpoints, gd, gd_direct, log_total_loss


@pytest.mark.parametrize("loss,reduction", [("logistic", "sum"), ("exp", "sum"), ("logistic", "mean")])
def test_span_gd_matches_autograd_gd(loss, reduction):
    Z = planted(12, 3, 3).Z
    eta = 0.5 / np.linalg.norm(Z, 2) ** 2 * (1 if loss == "logistic" else 0.05)
    w0 = np.array([0.3, -0.2, 0.1])
    run = gd(Z, eta, 300, loss=loss, reduction=reduction, w0=w0, checkpoints=[0, 300], chunk=64)
    ref = gd_direct(Z, eta, 300, loss=loss, reduction=reduction, w0=w0)
    assert np.linalg.norm(run.W[0, -1] - ref) <= 1e-10 * np.linalg.norm(ref)


def test_span_gd_high_dimension_kernel_part_is_fixed():
    """d > n: the part of w(0) orthogonal to the data never moves (span form is exact)."""
    Z = planted(5, 40, 0).Z
    w0 = np.random.default_rng(0).normal(size=40)
    run = gd(Z, 0.5 / np.linalg.norm(Z, 2) ** 2, 200, w0=w0, checkpoints=[0, 200])
    ref = gd_direct(Z, 0.5 / np.linalg.norm(Z, 2) ** 2, 200, w0=w0)
    assert np.linalg.norm(run.W[0, -1] - ref) <= 1e-10 * np.linalg.norm(ref)


def test_batched_equals_sequential():
    Zs = np.stack([planted(12, 3, s).Z for s in range(4)])
    etas = 1 / np.linalg.norm(Zs, 2, axis=(1, 2)) ** 2
    batched = gd(Zs, etas, 2000, chunk=300)
    for s in range(4):
        one = gd(Zs[s], etas[s], 2000, chunk=300)
        # a batch of problems vs one: the same iteration up to summation order
        np.testing.assert_allclose(batched.W[s], one.W[0], rtol=1e-13, atol=1e-13)
        assert batched.max_normalized_margin[s] == pytest.approx(one.max_normalized_margin[0], rel=1e-13)


def test_per_step_diagnostics_match_brute_force():
    Z = known_svm_2d(0).Z
    eta = 1 / np.linalg.norm(Z, 2) ** 2
    T = 500
    run = gd(Z, eta, T, checkpoints=np.arange(T + 1), chunk=97)
    W = run.W[0]
    nm = [(Z @ w).min() / np.linalg.norm(w) for w in W[1:]]
    assert run.max_normalized_margin[0] == pytest.approx(max(nm), rel=1e-12)
    ll = np.log(np.log1p(np.exp(-(W @ Z.T))).sum(1))
    np.testing.assert_allclose(run.log_loss[0], ll, rtol=1e-12)
    # the largest increase of log L̂ recomputed from the same iterates (relative 1e-6: differences of close values)
    assert run.max_log_loss_increase[0] == pytest.approx(np.diff(ll).max(), rel=1e-6, abs=1e-15)


@pytest.mark.parametrize("loss,w0", [("logistic", None), ("exp", np.array([0.3, -0.2, 0.1]))])
def test_span_gd_bitwise_reproducible_and_batched_equals_one_seed(loss, w0):
    """Two runs are bitwise equal; a batch gives bitwise the one-dataset runs (the same BLAS product per dataset),
    iterates, margins and per-step diagnostics alike, across chunk boundaries (chunk 97 < T)."""
    Zs = np.stack([planted(12, 3, s).Z for s in range(3)])
    etas = 0.5 / np.linalg.norm(Zs, 2, axis=(1, 2)) ** 2
    kw = dict(loss=loss, w0=w0, chunk=97)
    batched, again = gd(Zs, etas, 1000, **kw), gd(Zs, etas, 1000, **kw)
    fields = ("W", "U", "log_loss", "max_normalized_margin", "max_log_loss_increase", "first_loss_increase")
    for f in fields:
        assert np.array_equal(getattr(batched, f), getattr(again, f)), f
    for s in range(3):
        one = gd(Zs[s], etas[s], 1000, **kw)
        for f in fields:
            assert np.array_equal(getattr(batched, f)[s], getattr(one, f)[0]), f


def test_log_loss_stays_finite_far_below_underflow():
    U = np.array([[800.0, 900.0, 1e4]])
    ll = log_total_loss(U, "logistic")
    # log L̂ = −800 + log(1 + e^{−100} + …): exact to one rounding of 800 (~1e-13)
    assert np.isfinite(ll).all() and ll[0] == pytest.approx(-800.0, abs=1e-12)
    # as above, exponential loss
    assert log_total_loss(U, "exp")[0] == pytest.approx(-800.0, abs=1e-12)


def test_decade_checkpoints():
    c = decade_checkpoints(10 ** 6)
    assert c[0] == 0 and c[-1] == 10 ** 6 and all(10 ** k in c for k in range(7))


def test_partly_separable_fixture_is_normalised_and_planted():
    D = partly_separable(6, 4, 2, 2, 0)
    assert np.linalg.norm(D.X, axis=1).max() == pytest.approx(1.0)
    assert np.allclose(D.Z[6:, :2], 0)


# ---- homogeneous networks --------------------------------------------------------------------------
ACTS = [("relu", 1.0), ("relu", 2.0), ("relu", 3.0), ("square", 1.0), ("linear", 1.0)]


@pytest.mark.parametrize("act,p", ACTS)
@pytest.mark.parametrize("reduction", ["sum", "mean"])
def test_homogeneous_gradients_match_autograd(act, p, reduction):
    X, y = teacher_data(8, 5, 1)
    net, th = make_net(X, y, 6, act, p, seed=2, reduction=reduction)
    t = th.clone().requires_grad_(True)
    (g,) = torch.autograd.grad(torch.exp(net.log_loss(t)), t)
    ng, ll = net.neg_grad(th)
    # the analytic gradient vs autograd: same arithmetic up to order (~1e-15 relative)
    assert float((ng + g).norm() / g.norm()) < 1e-12
    assert ll == pytest.approx(float(net.log_loss(th)), rel=1e-14)
    go, _ = net.neg_grad_over_loss(th)
    # ∇L̂/L̂ times L̂ vs ∇L̂: one rounding of exp(log L̂) (~1e-15 relative)
    assert float((go * math.exp(ll) - ng).norm() / ng.norm()) < 1e-12
    J = net.per_sample_grads(th)
    Ja = torch.autograd.functional.jacobian(net.margins, th).numpy()
    # the analytic Jacobian vs autograd's: same arithmetic, different order
    np.testing.assert_allclose(J, Ja, rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("act,p", ACTS)
def test_euler_and_homogeneity(act, p):
    X, y = teacher_data(8, 5, 1)
    net, th = make_net(X, y, 6, act, p, seed=2)
    q = net.margins(th)
    assert torch.allclose(net.margins(2.5 * th), 2.5 ** net.degree * q, rtol=1e-12)
    J = net.per_sample_grads(th)
    # Euler's identity J·θ = L·q of an exactly homogeneous net: rounding of O(1) values
    np.testing.assert_allclose(J @ th.numpy(), net.degree * q.numpy(), rtol=1e-12, atol=1e-13)


def test_span_reduction_matches_the_full_network():
    """d = 30 > n = 6: the net in span coordinates gives the margins of the full W = W_r V_rᵀ + W^⊥."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(6, 30))
    y = np.where(rng.normal(size=6) > 0, 1.0, -1.0)
    net, th = make_net(X, y, 4, "relu", 2.0, seed=5)
    from ibcheck.numerics.trainers.homogeneous_net import span_basis
    V = span_basis(X)
    a, Wr = th[:4].numpy(), th[4:].numpy().reshape(4, -1)
    Wfull = Wr @ V.T  # the ⊥ part does not enter the margins
    q_full = y * (a @ np.maximum(Wfull @ X.T, 0) ** 2)
    np.testing.assert_allclose(net.margins(th).numpy(), q_full, rtol=1e-12)
    assert net.perp_sq > 0


def test_gradient_flow_real_time_matches_small_step_gd():
    """GF in ds = 𝓛dt carries log t; GD with η = 1e-3 for t/η steps lands close to the flow at t."""
    X, y = teacher_data(8, 5, 1)
    net, th = make_net(X, y, 6, "relu", 2.0, seed=2)
    fl = gradient_flow(net, th, target_log_loss=0.5, rtol=1e-10)
    t = math.exp(fl.states["log_t"][-1])
    steps = int(round(t / 1e-3))
    tr = gradient_descent(net, th, steps, eta=t / steps)
    d = float((tr.theta[-1] - fl.theta[-1]).norm() / fl.theta[-1].norm())
    assert d < 1e-2


def test_loss_based_step_only_accepts_descent():
    X, y = teacher_data(8, 5, 1)
    net, th = make_net(X, y, 6, "relu", 3.0, seed=2)
    fl = gradient_flow(net, th, target_log_loss=-5.0, rtol=1e-10)
    tr = gradient_descent(net, fl.theta[-1], 200, loss_based={})
    ll = np.array(tr.log_loss)
    assert (np.diff(ll) <= 0).all() and tr.evaluations == 200 and len(tr.update) + tr.rejected == 200
