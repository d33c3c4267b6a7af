"""Trainers of woodworth2020, boursier2022, kou2023, vardishamir2021 and razincohen2020 against independent implementations (direct forms, autograd, exact solutions)."""
import math

import numpy as np
import pytest
import torch
from scipy.integrate import solve_ivp
from scipy.linalg import expm

from ibcheck.papers.woodworth2020.numerics.diag_linear import direct_flow, sinh_link, span_flow
from ibcheck.papers.kou2023.numerics.kou_gd import kou_gd
from ibcheck.papers.razincohen2020.numerics.matrix_factorization import (effective_rank, factor_field, flow, from_svd, product,
                                                   signed_svd)
from ibcheck.numerics.relu_square import Net, gradient_descent, gradient_flow, init_state
from ibcheck.papers.vardishamir2021.numerics.single_neuron import neuron_flow
from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
from ibcheck.papers.woodworth2020.theory.dual import dual_newton


# ---- diagonal linear network ---------------------------------------------------------------------
def test_sinh_link_accurate_and_overflow_free():
    z = np.array([-30.0, -1e-9, 0.0, 1e-9, 0.5, 30.0])
    for a in (1e-6, 1.0, 100.0):
        w, dw = sinh_link(z, a)
        assert np.allclose(w, 2 * a * a * np.sinh(z), rtol=1e-14, atol=0)
        assert np.allclose(dw, 2 * a * a * np.cosh(z), rtol=1e-14, atol=0)
    w, _ = sinh_link(np.array([700.0]), 1e-8)  # α²e^z would overflow e^700·… only through e^z alone
    assert np.isfinite(w).all()


def test_span_form_equals_direct_flow_in_r2d():
    X, y, _ = planted_sparse(8, 30, 3, 1)
    te = [0.5, 2.0, 5.0, 12.0]
    sp_ = span_flow(X, y, 0.1, t_eval=te, rtol=1e-12)
    W, info = direct_flow(X, y, 0.1, te, rtol=1e-12)
    assert info["success"]
    for w_span, w_dir in zip(sp_.w_eval, W):
        assert np.linalg.norm(w_span - w_dir) <= 1e-8 * np.linalg.norm(w_dir)


def test_direct_flow_conserves_u_times_v():
    X, y, _ = planted_sparse(6, 20, 2, 2)
    d = X.shape[1]

    def f(t, z):
        u, v = z[:d], z[d:]
        g = X.T @ (X @ (u * u - v * v) - y)
        return np.concatenate([-2 * u * g, 2 * v * g])
    # the integrator's own tolerances for a reference solution (not a comparison)
    sol = solve_ivp(f, (0, 5.0), np.full(2 * d, 0.3), method="DOP853", rtol=1e-12, atol=1e-15)
    u, v = sol.y[:d, -1], sol.y[d:, -1]
    assert np.allclose(u * v, 0.09, rtol=1e-9)


@pytest.mark.parametrize("alpha", [1e-3, 1.0, 10.0])
def test_span_flow_limit_is_the_dual_optimum(alpha):
    X, y, _ = planted_sparse(10, 40, 3, 0)
    fl = span_flow(X, y, alpha)
    assert fl.converged and not fl.diverged
    ref = dual_newton(X, y, alpha)
    assert np.linalg.norm(fl.w - ref.w) <= 1e-10 * np.linalg.norm(ref.w)


# ---- single neuron (Vardi–Shamir) ----------------------------------------------------------------
def _fixture(g):
    return np.array([[3.0, -1, 0], [4, 2, 0], [0, g, g]]), np.array([16.0, 18, 0])


def test_single_neuron_against_the_exact_piecewise_linear_solution():
    """Phase 1 (every example active) is linear: w(t) = w* + e^{−At}(w₀ − w*); x₃ switches off when
    γ(w₂ + w₃) = 0 (root of the exact solution); after that w₃ is frozen (x₁, x₂ have no third coordinate)."""
    from scipy.optimize import brentq
    X, y = _fixture(1.0)
    w0 = np.full(3, 1e-6)
    A, b = X.T @ X, X.T @ y
    ws = np.linalg.solve(A, b)

    def w(t):
        return ws + expm(-A * t) @ (w0 - ws)
    t_off = brentq(lambda t: X[2] @ w(t), 1e-3, 5.0, xtol=1e-15)
    exact_w3 = w(t_off)[2]
    fl = neuron_flow(X, y, w0)
    assert fl.events and fl.events[0][1] == 2 and abs(fl.events[0][0] - t_off) < 1e-7
    # event location (rtol 1e-10) of an O(1) solution vs the closed form
    assert abs(fl.w[2] - exact_w3) < 1e-9
    # coordinates the flow never moves (exact invariants): rounding of O(1) values
    assert abs(fl.w[0] - 5) < 1e-12 and abs(fl.w[1] + 1) < 1e-12


def test_single_neuron_dead_init_stops():
    X, y = _fixture(1.0)
    fl = neuron_flow(X, y, np.array([-1e-6, -1e-6, -1e-6]) * np.array([1, -0.1, 1]))
    assert fl.loss > 1  # every example inactive: the neuron never moves


# ---- depth-N factorisation (Razin–Cohen) ---------------------------------------------------------
MASK = np.array([[0.0, 1.0], [1.0, 1.0]])
B = np.array([[0.0, 1.0], [1.0, 0.0]])


def test_signed_svd_round_trip_and_effective_rank():
    rng = np.random.default_rng(0)
    for _ in range(20):
        W = rng.normal(size=(2, 2))
        th_u, th_v, l1, l2, s = signed_svd(W)
        # a 2×2 SVD and its reassembly: rounding of O(1) values (~1e-16)
        assert np.allclose(from_svd([th_u, th_v, l1, l2], s), W, atol=1e-14)
        sv = np.linalg.svd(W, compute_uv=False)
        p = sv / sv.sum()
        # the effective rank by two formulas from the same singular values: a few roundings
        assert abs(effective_rank(l1, l2) - math.exp(-(p * np.log(p)).sum())) < 1e-12
    assert effective_rank(0.0, -1e6) == 1.0


@pytest.mark.parametrize("N,alpha", [(2, 1e-3), (3, 1e-3), (3, 0.1)])
def test_balanced_end_to_end_flow_equals_the_factor_flow(N, alpha):
    """At the decade checkpoints where a direct solve of the factors still resolves W (t ≤ 100), the two-phase flow
    (raw factors, then the balanced end-to-end flow in signed-SVD log coordinates) agrees with it."""
    y0 = np.concatenate([alpha * np.eye(2).ravel()] * N)
    fl = flow(N, alpha, MASK, B, t_end=100.0)
    assert fl.balancedness_at_switch < 1e-8 and fl.reached_end and fl.t  # LSODA at rtol 1e-10 in the raw phase
    for t, W in zip(fl.t, fl.W):
        # the integrator's own tolerances for a reference solution (not a comparison)
        sol = solve_ivp(factor_field(N, MASK, B), (0, t), y0, method="DOP853", rtol=1e-12, atol=1e-20)
        W_raw = product(sol.y[:, -1].reshape(N, 2, 2))
        assert np.abs(np.array(W) - W_raw).max() <= 1e-7 * np.abs(W_raw).max(), t


def test_razin_cohen_growth_exponent_depth_2():
    """|W₁₁(t)| ∝ t^{1/3} for N = 2 over t = 1e5..1e8 (measured here, not a claim of the paper)."""
    fl = flow(2, 1e-3, MASK, B, t_end=1e8)
    t, w = np.array(fl.t), np.abs([W[0][0] for W in fl.W])
    sel = t >= 1e5
    k = np.polyfit(np.log(t[sel]), np.log(w[sel]), 1)[0]
    assert abs(k - 1 / 3) < 0.01 and fl.reached_end and all(s > 0 for s in fl.det_sign)


# ---- two-layer ReLU, square loss (Boursier) ------------------------------------------------------
def _autograd(net, X, a, W):
    at = torch.tensor(a, requires_grad=True)
    Wt = torch.tensor(W, requires_grad=True)
    h = at @ torch.relu(Wt @ torch.tensor(X).T)
    L = 0.5 * ((h - torch.tensor(net.y)) ** 2).mean()
    L.backward()
    return at.grad.numpy(), Wt.grad.numpy()


def test_relu_square_gradients_match_autograd():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(6, 9))
    y = rng.normal(size=6)
    a = rng.normal(size=5)
    C = rng.normal(size=(5, 6))
    net = Net(K=X @ X.T, y=y, perp=np.zeros(5))
    ga, gC, _ = net.gradients(a, C)
    ga_ref, gW_ref = _autograd(net, X, a, C @ X)
    # the analytic gradient vs autograd: same arithmetic, different order
    assert np.allclose(ga, ga_ref, rtol=1e-12, atol=1e-14)
    assert np.allclose(gC @ X, gW_ref, rtol=1e-12, atol=1e-14)  # ∂L/∂w_j = Σ_k (∂L/∂C_jk)-coefficients · x_k


def test_init_state_scale_and_split():
    """Rows w_j = λg_j/√d (g ~ N(0, I_d)): mean ‖w_j‖² = λ² (χ²_d/d over m rows: sd √(2/(dm)) ≈ 0.7%); balanced
    a_j² = ‖w_j‖² through the span/⊥ split (C K Cᵀ + p = ‖w_j‖²); unbalanced a_j ~ λN(0, 1) (sd of the mean 2.2%)."""
    from ibcheck.papers.boursier2022.numerics.orthogonal_data import random_orthogonal
    X, y = random_orthogonal(4, 10, 2)
    lam, m = 0.1, 4000
    z0, perp = init_state(X, m, lam, 0)
    net = Net(K=X @ X.T, y=y, perp=perp)
    a, C = net.unpack(z0)
    w2 = net.norms2(C)
    assert np.allclose(a * a, w2, rtol=1e-12, atol=0)
    assert abs(w2.mean() / lam ** 2 - 1) < 0.05
    z1, _ = init_state(X, m, lam, 0, balanced=False)
    assert abs(np.mean(z1[:m] ** 2) / lam ** 2 - 1) < 0.1


def test_event_driven_flow_agrees_with_fixed_step_rk4():
    """Against classical RK4 with a fixed small step and σ'(z) = 𝟙{z > 0} read off the state (kinks cost O(h²))."""
    from ibcheck.papers.boursier2022.numerics.orthogonal_data import random_orthogonal
    X, y = random_orthogonal(3, 5, 3)
    z0, perp = init_state(X, 4, 0.1, 0)
    net = Net(K=X @ X.T, y=y, perp=perp)
    T, h = 5.0, 2e-4
    ev = gradient_flow(net, z0, t_max=T, loss_stop=0.0, rtol=1e-12)
    assert ev.events >= 1

    def f(z):
        a, C = net.unpack(z)
        ga, gC, _ = net.gradients(a, C)
        return net.pack(-ga, -gC)
    z = z0.copy()
    for _ in range(int(round(T / h))):
        k1 = f(z)
        k2 = f(z + h / 2 * k1)
        k3 = f(z + h / 2 * k2)
        k4 = f(z + h * k3)
        z = z + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    # dead coordinates stop exactly at the kink in the event flow, O(h·ż) past it in RK4: compare a and σ(Z)
    (a1, C1), (a2, C2) = net.unpack(ev.z), net.unpack(z)
    assert np.abs(a1 - a2).max() <= 1e-7
    assert np.abs(np.maximum(C1 @ net.K, 0) - np.maximum(C2 @ net.K, 0)).max() <= 1e-7


def test_gd_balancedness_identity_is_exact():
    from ibcheck.papers.boursier2022.numerics.orthogonal_data import s8_fixture
    X, y = s8_fixture()
    z0, perp = init_state(X, 20, 0.1, 0, balanced=False)
    g = gradient_descent(Net(K=X @ X.T, y=y, perp=perp), z0, 0.3, 300)
    assert g.identity_residual < 1e-14 and g.drift > 1e-6  # exact identity, yet GD does change a² − ‖w‖²


def test_generic_data_flow_slides_and_conserves():
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(10, 20)), rng.normal(size=10)
    z0, perp = init_state(X, 10, 0.5, 0, balanced=False)
    net = Net(K=X @ X.T, y=y, perp=perp)
    fl = gradient_flow(net, z0, t_max=10.0, loss_stop=0.0, grid=np.linspace(0, 10, 11))
    c, sc = np.array(fl.grid_balancedness), np.array(fl.grid_scale)
    # a conserved quantity of the flow (balancedness) at rtol 1e-12, relative to its scale
    assert np.max(np.abs(c - c[0]) / sc) < 1e-11 and fl.t == 10.0


# ---- Kou GD --------------------------------------------------------------------------------------
def test_kou_span_gd_equals_direct_gd_and_sranks():
    from ibcheck.numerics.classification import gaussian_pm1
    from ibcheck.numerics.two_layer import gaussian_init, split_init
    n, d, m, gamma, eta = 6, 200, 4, 0.2, 0.5
    dat = gaussian_pm1(n, d, 0)
    W0 = torch.randn(2 * m, d, generator=torch.Generator().manual_seed(0), dtype=torch.float64) * 1e-2
    B0, P = split_init(dat.X, dat.K, W0)
    B, rec = kou_gd(dat.K[None], dat.y[None], B0[None], P[None], eta, gamma, 20)
    W = W0.clone()
    cls = torch.cat([torch.ones(m), -torch.ones(m)]).double()
    for _ in range(20):
        Wg = W.clone().requires_grad_(True)
        Z = Wg @ dat.X.T
        f = (cls[:, None] * torch.maximum(Z, gamma * Z)).sum(0) / m
        L = torch.nn.functional.softplus(-dat.y * f).mean()
        (g,) = torch.autograd.grad(L, Wg)
        W = W - eta * g
    W_span = W0 + (B[0] - B0) @ dat.X
    assert torch.allclose(W_span, W, rtol=0, atol=1e-12 * float(W.abs().max()))
    sv = torch.linalg.svdvals(W)
    # srank = Σσ²/σ₁² (condition ≈ 1: every σ_i ≤ σ₁) by torch's SVD vs the trainer's Gram route: Weyl, ≤ γ·srank
    assert abs(float((sv ** 2).sum() / sv[0] ** 2) - float(rec.srank_full[-1][0])) < 1e-9
    sv_p = torch.linalg.svdvals(W[:m])
    # as above, the positive neurons only
    assert abs(float((sv_p ** 2).sum() / sv_p[0] ** 2) - float(rec.srank_pos[-1][0])) < 1e-9
    assert gaussian_init  # the checks' init (used there) splits W₀ the same way
