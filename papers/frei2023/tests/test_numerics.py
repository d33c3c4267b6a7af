"""frei2023 numerics: log-space losses, span-reduced flow/GD vs direct autograd in R^{m×d}."""
import math

import pytest
import torch

from ibcheck.numerics.data.sets import gaussian_features
from ibcheck.numerics.runtime.device import generator
from ibcheck.numerics.trainers.flow import direct_flow, direct_log_loss, gradient_descent, gradient_flow
from ibcheck.numerics.trainers.two_layer import LeakyNet, log_loss, log_neg_dloss, second_layer, split_init


@pytest.mark.parametrize("loss", ["exp", "logistic"])
def test_log_losses_match_naive_and_never_underflow(loss):
    q = torch.tensor([-30.0, -1.0, 0.0, 0.5, 3.0, 30.0], dtype=torch.float64)
    naive = torch.exp(-q) if loss == "exp" else torch.log1p(torch.exp(-q))
    dnaive = torch.exp(-q) if loss == "exp" else 1 / (1 + torch.exp(q))
    # log-space loss vs the naive formula at |q| ≤ 30, where the naive one is still accurate to ~1e-15
    assert torch.allclose(log_loss(q, loss), torch.log(naive), rtol=1e-12, atol=1e-12)
    # as above, for −ℓ'
    assert torch.allclose(log_neg_dloss(q, loss), torch.log(dnaive), rtol=1e-12, atol=1e-12)
    big = torch.tensor([800.0, 5000.0], dtype=torch.float64)  # ℓ(q) underflows to 0 in float64
    assert torch.allclose(log_loss(big, loss), -big, rtol=1e-12)


def _setup(n=8, d=300, m1=2, m2=3, gamma=0.5, loss="logistic", scale=0.1, seed=0):
    X, _ = gaussian_features(n, d, seed)
    y = torch.tensor([1.0, -1.0] * (n // 2), dtype=torch.float64)
    K = X @ X.T
    a = second_layer(m1, m2)
    W0 = torch.randn(m1 + m2, d, generator=generator(5), dtype=torch.float64) * scale / math.sqrt(d)
    B0, P = split_init(X, K, W0)
    return X, y, K, a, W0, B0, LeakyNet(K=K, y=y, a=a, gamma=gamma, loss=loss, perp_gram=P)


@pytest.mark.parametrize("loss", ["exp", "logistic"])
def test_span_flow_matches_direct_flow(loss):
    X, y, K, a, W0, B0, net = _setup(loss=loss)
    for s_end in (1e-3, 0.05):
        r = gradient_flow(net, B0, s_end=s_end, rtol=1e-11)
        Wd, info = direct_flow(X, y, a, 0.5, loss, W0, s_end=s_end, rtol=1e-11)
        Ws = (W0 - B0 @ X) + r.stats["B"] @ X
        assert float((Ws - Wd).norm() / Wd.norm()) <= 1e-9  # two integrations of one ODE at rtol 1e-11
        assert r.stats["log_t"] == pytest.approx(info["log_t"], rel=1e-9)


def test_span_gd_matches_direct_gd():
    X, y, K, a, W0, B0, net = _setup()
    gd = gradient_descent(net, B0, 1e-3, 50)
    B = gd.B
    assert gd.clock == list(range(50)) and len(gd.log_loss) == 50 and gd.engine == "gd"
    W = W0.clone()
    for _ in range(50):
        Wg = W.clone().requires_grad_(True)
        L = torch.exp(direct_log_loss(X, y, a, 0.5, "logistic", Wg))
        (g,) = torch.autograd.grad(L, Wg)
        W = W - 1e-3 * g
    # span-reduced vs autograd GD: the same float64 iteration up to summation order
    assert float(((W0 - B0 @ X) + B @ X - W).norm() / W.norm()) <= 1e-12


def test_flow_reaches_tiny_losses_and_records_time():
    X, y, K, a, W0, B0, net = _setup(d=2000)
    r = gradient_flow(net, B0, target_log_loss=-1000.0)
    assert r.reached_target and r.stats["log_loss"] <= -1000
    assert r.time_to_log2_over_n is not None and r.time_to_log2_over_n > 0
    assert r.stats["log_t"] > 900  # L̂ ≈ e^{−q}: real time grows like e^{q}
    nm = r.normalized_margin
    assert nm[-1] >= max(nm[len(nm) // 2:]) - 1e-12  # the normalised margin keeps improving late in the flow


def test_sgd_records_a_trajectory():
    """The SGD run's record is the one ``Trajectory`` (its series the measurement's); a wrong answer replaces a
    series through ``Trajectory.replace``; the 0.1 name warns."""
    from ibcheck.numerics.trajectory import Trajectory
    from ibcheck.papers.frei2023.numerics import relu_sgd as mod
    tr = mod.train_relu_sgd(mod.load_digits(0), 4, 1.0, lr=0.05, epochs=1, batch=256, seed=0, record_every=2)
    assert type(tr) is Trajectory and tr.engine == "sgd" and list(tr.series()) == ["steps", "srank", "train_acc", "test_acc"]
    assert all(len(v) == len(tr.steps) for v in tr.series().values())
    frozen = tr.replace(srank=[tr.srank[0]] * len(tr.steps))
    assert frozen.srank == [tr.srank[0]] * len(tr.steps) and frozen.steps is tr.steps and tr.srank[-1] != tr.srank[0]
    with pytest.warns(DeprecationWarning, match="SGDTrace"):
        assert mod.SGDTrace is Trajectory
