"""The shared relu² network trainer (numerics.trainers.relu_square) against autograd and its conservation laws (each
regression paper's own trainers: papers/<paper>/tests/test_numerics.py)."""
import numpy as np
import torch

from ibcheck.numerics.trainers.relu_square import ReluSquareNet, gradient_flow, init_state


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
    net = ReluSquareNet(K=X @ X.T, y=y, perp=np.zeros(5))
    ga, gC, _ = net.gradients(a, C)
    ga_ref, gW_ref = _autograd(net, X, a, C @ X)
    # the analytic gradient vs autograd: same arithmetic, different order
    assert np.allclose(ga, ga_ref, rtol=1e-12, atol=1e-14)
    assert np.allclose(gC @ X, gW_ref, rtol=1e-12, atol=1e-14)  # ∂L/∂w_j = Σ_k (∂L/∂C_jk)-coefficients · x_k


def test_generic_data_flow_slides_and_conserves():
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(10, 20)), rng.normal(size=10)
    z0, perp = init_state(X, 10, 0.5, 0, balanced=False)
    net = ReluSquareNet(K=X @ X.T, y=y, perp=perp)
    fl = gradient_flow(net, z0, t_max=10.0, loss_stop=0.0, grid=np.linspace(0, 10, 11))
    c, sc = np.array(fl.grid_balancedness), np.array(fl.grid_scale)
    # a conserved quantity of the flow (balancedness) at rtol 1e-12, relative to its scale
    assert np.max(np.abs(c - c[0]) / sc) < 1e-11 and fl.t == 10.0
