"""Trainers of boursier2022 against independent implementations (direct forms, autograd, exact solutions)."""
import numpy as np

from ibcheck.numerics.trainers.relu_square import ReluSquareNet, gradient_descent, gradient_flow, init_state


def test_init_state_scale_and_split():
    """Rows w_j = λg_j/√d (g ~ N(0, I_d)): mean ‖w_j‖² = λ² (χ²_d/d over m rows: sd √(2/(dm)) ≈ 0.7%); balanced
    a_j² = ‖w_j‖² through the span/⊥ split (C K Cᵀ + p = ‖w_j‖²); unbalanced a_j ~ λN(0, 1) (sd of the mean 2.2%)."""
    from ibcheck.papers.boursier2022.numerics.orthogonal_data import random_orthogonal
    X, y = random_orthogonal(4, 10, 2)
    lam, m = 0.1, 4000
    z0, perp = init_state(X, m, lam, 0)
    net = ReluSquareNet(K=X @ X.T, y=y, perp=perp)
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
    net = ReluSquareNet(K=X @ X.T, y=y, perp=perp)
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
    g = gradient_descent(ReluSquareNet(K=X @ X.T, y=y, perp=perp), z0, 0.3, 300)
    assert g.identity_residual < 1e-14 and g.drift > 1e-6  # exact identity, yet GD does change a² − ‖w‖²
