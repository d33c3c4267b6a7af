"""ibcheck kkt: a user's homogeneous model against the max-margin KKT conditions.

Trained models converge towards KKT, untrained and perturbed ones are far, Clarke subgradients at exact kinks are
used (a constructed KKT point needs the derivative 0.68 at a leaky-ReLU kink), bad models and data are refused in
one line, and the numbers agree with direct computations (the paper folders' own checkers: their tests).
"""
import io
import json
import math
import subprocess

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from scipy.optimize import brentq
from torch import nn

from ibcheck.model_kkt import kkt
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.probe.clarke_kinks import _realisable
from ibcheck.user_model import load_model


def cone_data(n=8, d=20, seed=0):
    """x_i = y_i (e₁ + noise): every ReLU unit ends up serving one class, so GD reaches KKT quickly."""
    g = torch.Generator().manual_seed(seed)
    y = torch.tensor([1.0, -1.0] * (n // 2), dtype=torch.float64)
    mu = torch.zeros(d, dtype=torch.float64)
    mu[0] = 1.0
    return y[:, None] * (mu + 0.5 * torch.randn(n, d, generator=g, dtype=torch.float64) / d ** 0.5), y


def two_layer(d=20, m=10, seed=0, init=0.01, bias=False, act=None):
    torch.manual_seed(seed)
    net = nn.Sequential(nn.Linear(d, m, bias=bias), act or nn.ReLU(), nn.Linear(m, 1, bias=False)).double()
    with torch.no_grad():
        for p in net.parameters():
            p.mul_(init)
    return net


def train(net, X, y, steps, eta=1.0):
    """Normalised GD on the exponential loss (step η/(L̂ log(1/L̂)), L = 2), losses in log space."""
    for _ in range(steps):
        log_nl = torch.logsumexp(-y * net(X).squeeze(-1), 0)
        net.zero_grad()
        log_nl.backward()
        with torch.no_grad():
            for p in net.parameters():
                p -= eta / max(1.0, -log_nl.item()) * p.grad
    return net


_TRAINED: dict = {}  # (steps, n) → state_dict of the net trained that long, in this process only


def trained(steps, n=8):
    """``train(two_layer(), *cone_data(n), steps)``, bit for bit, each call with its own copy. Several tests use the
    same nets (5, 200, 300, 1500 steps): training is deterministic and sequential, so a longer run continues from
    the longest shorter one already done in this process instead of starting again."""
    X, y = cone_data(n=n)
    done = max((k for k, m in _TRAINED if m == n and k <= steps), default=0)
    net = two_layer()
    if done:
        net.load_state_dict(_TRAINED[(done, n)])
    train(net, X, y, steps - done)
    _TRAINED[(steps, n)] = {k: v.clone() for k, v in net.state_dict().items()}
    return net


def direct_margin(net, X, y, L):
    with torch.no_grad():
        q = y * net(X).reshape(-1)
        theta = torch.cat([p.reshape(-1) for p in net.parameters() if p.requires_grad])
    return float(q.min() / theta.norm() ** L)


@pytest.fixture(scope="module")
def checkpoints():
    X, y = cone_data()
    early = kkt(trained(300), X, y)
    net = trained(1500)
    return X, y, net, early, kkt(net, X, y)


def test_trained_relu_net_is_near_kkt_and_the_residual_falls(checkpoints):
    X, y, net, early, late = checkpoints
    for r in (early, late):
        assert r.degree == 2 and r.certified and r.misclassified == 0 and r.method == "nnls"
        # Euler's identity Σθ·∇ = L·f of an exactly homogeneous net: rounding of O(1) values (~1e-15)
        assert r.euler_gradient_check < 1e-12
    # measured: stationarity 5.1e-4 → 2.3e-4, complementarity 2.4e-2 → 1.0e-2 (300 → 1500 steps)
    assert late.kkt_stationarity < 0.6 * early.kkt_stationarity and late.kkt_stationarity < 1e-3
    assert late.kkt_complementarity < 0.6 * early.kkt_complementarity and late.kkt_complementarity < 2e-2
    assert late.kkt_euler_gap < early.kkt_euler_gap
    assert late.normalized_margin >= early.normalized_margin
    assert late.gradient_alignment > 1 - 1e-3
    # the multipliers of the examples off the margin fade (0.040 → 0.017 of the largest)
    lam_e, lam_l = np.array(early.multipliers), np.array(late.multipliers)
    assert lam_l.min() / lam_l.max() < 0.6 * lam_e.min() / lam_e.max() and late.support_size >= 1
    # the SVM direction embedded as a pair of opposite ReLU units is a feasible point: GD does better
    assert late.references["svm_margin"] > 0 and late.margin_over_reference > 1.0


def test_untrained_net_is_far_from_kkt():
    X, _ = cone_data()
    net = two_layer(init=1.0)
    with torch.no_grad():
        y = torch.sign(net(X).squeeze(-1))  # labels the random net already separates: margins > 0
    r = kkt(net, X, y)
    assert r.certified and r.min_margin > 0
    assert r.kkt_stationarity > 0.3 and r.kkt_complementarity > 1.0


def test_normalized_margin_matches_a_direct_computation(checkpoints):
    X, y, net, _, late = checkpoints
    assert late.normalized_margin == pytest.approx(direct_margin(net, X, y, 2), rel=1e-12)
    assert late.log_loss == pytest.approx(float(torch.logsumexp(-y * net(X).squeeze(-1), 0)) - math.log(len(y)),
                                          rel=1e-12)
    W = net[0].weight.detach().numpy()
    sv = np.linalg.svd(W, compute_uv=False)
    assert late.stable_ranks["0.weight"] == pytest.approx((sv ** 2).sum() / sv[0] ** 2, rel=1e-12)
    assert late.stable_ranks["2.weight"] == pytest.approx(1.0)


def test_deterministic(checkpoints):
    X, y, net, _, late = checkpoints
    a, b = late.to_json(), kkt(net, X, y).to_json()
    a.pop("seconds"), b.pop("seconds")
    assert a == b  # bitwise: the same floats in every field
    json.dumps(a, allow_nan=False)


def test_logistic_loss_changes_only_the_loss_quantities(checkpoints):
    X, y, net, _, late = checkpoints
    r = kkt(net, X, y, loss="logistic")
    assert r.kkt_stationarity == late.kkt_stationarity and r.normalized_margin == late.normalized_margin
    q = (y * net(X).squeeze(-1)).detach()
    assert float(q.min()) > 40  # log(1 + e^{−q}) = e^{−q}(1 + O(e^{−q})): log L̂ = logsumexp(−q) − log n to 1e-17
    assert r.log_loss == pytest.approx(float(torch.logsumexp(-q, 0)) - math.log(len(q)), rel=1e-12)
    net2 = two_layer(init=0.3)
    with torch.no_grad():
        y2 = torch.where(net2(X).squeeze(-1) >= 0, 1.0, -1.0).double()
        q2 = y2 * net2(X).squeeze(-1)
    r2 = kkt(net2, X, y2, loss="logistic")
    assert r2.log_loss == pytest.approx(math.log(float(F.softplus(-q2).mean())), rel=1e-12)


def test_user_model_is_left_untouched_and_float32_is_cast():
    X, y = cone_data()
    net = two_layer(init=1.0).float()
    with torch.no_grad():
        y = torch.sign(net(X.float()).squeeze(-1)).double()
    before = [p.detach().clone() for p in net.parameters()]
    r = kkt(net, X.float(), y)
    assert any("float32" in n for n in r.notes) and r.dtype == "float64"
    assert all(p.dtype == torch.float32 and torch.equal(p, b) for p, b in zip(net.parameters(), before))


# ------------------------------------------------------------------------------------ refusals (exit 2 in the CLI)
@pytest.mark.parametrize("model,needle", [
    (nn.Sequential(nn.Linear(4, 3, bias=False), nn.ReLU(), nn.Linear(3, 1)), "parameter 2.bias breaks it"),
    (nn.Sequential(nn.Linear(4, 3, bias=False), nn.Sigmoid(), nn.Linear(3, 1, bias=False)), "model.1 (Sigmoid)"),
    (nn.Sequential(nn.Linear(4, 3, bias=False), nn.GELU(), nn.Linear(3, 1, bias=False)), "model.1 (GELU)"),
    (nn.Sequential(nn.Linear(4, 3, bias=False), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 1, bias=False)),
     "model.1 (BatchNorm1d) is a normalisation layer"),
])
def test_non_homogeneous_models_are_refused_naming_the_module(model, needle):
    X = torch.randn(6, 4, generator=torch.Generator().manual_seed(0))
    y = torch.tensor([1.0, -1.0] * 3)
    with pytest.raises(InputError) as e:
        kkt(model, X, y)
    assert needle in str(e.value) and "\n" not in str(e.value)


class _Functional(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fc1, self.fc2, self.fn = nn.Linear(4, 3, bias=False), nn.Linear(3, 1, bias=False), fn

    def forward(self, x):
        return self.fc2(self.fn(self.fc1(x)))


@pytest.mark.parametrize("fn,needle", [
    (torch.tanh, "calls tanh"), (F.softplus, "calls softplus"),
    (lambda z: F.relu(z) + 1.0, "not positively homogeneous in its trainable parameters"),  # found by scaling θ
])
def test_functional_non_homogeneity_is_refused(fn, needle):
    X = torch.randn(6, 4, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    net = _Functional(fn).double()
    y = torch.tensor([1.0, -1.0] * 3, dtype=torch.float64)
    with pytest.raises(InputError, match=needle):
        kkt(net, X, y)


def test_bad_data_is_refused():
    net = two_layer(d=4, m=3, init=1.0)
    X = torch.randn(6, 4, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    y = torch.tensor([1.0, -1.0] * 3, dtype=torch.float64)
    with pytest.raises(InputError, match=r"X of shape \(6, 5\) does not fit the model"):
        kkt(net, torch.randn(6, 5, dtype=torch.float64), y)
    with pytest.raises(InputError, match="labels must be ±1"):
        kkt(net, X, 2 * y)
    with pytest.raises(InputError, match="NaN or Inf"):
        kkt(net, X.clone().fill_(math.nan), y)
    with pytest.raises(InputError, match=r"y must have shape \(6,\)"):
        kkt(net, X, y[:5])
    with pytest.raises(InputError, match="labels must be class indices 0..1 for a model with 2 outputs"):
        kkt(nn.Linear(4, 2, bias=False).double(), X, y)  # two outputs: multi-class, labels 0..1
    with pytest.raises(InputError, match="loss"):
        kkt(net, X, y, loss="hinge")


def test_misclassified_data_get_margins_but_no_residuals():
    net = two_layer(d=4, m=3, init=1.0)
    X = torch.randn(6, 4, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        y = torch.where(net(X).squeeze(-1) >= 0, 1.0, -1.0).double()
    y[0] = -y[0]
    r = kkt(net, X, y)
    assert r.misclassified >= 1 and r.normalized_margin < 0
    assert r.kkt_stationarity is None and not r.certified and "margin ≤ 0" in r.certification


# ------------------------------------------------------------------------------------ degree
def test_deep_homogeneous_model_has_degree_three():
    g = torch.Generator().manual_seed(0)
    X = torch.randn(8, 5, generator=g, dtype=torch.float64)
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(5, 6, bias=False), nn.ReLU(), nn.Linear(6, 4, bias=False), nn.LeakyReLU(0.1),
                        nn.Linear(4, 1, bias=False)).double()
    with torch.no_grad():
        y = torch.sign(net(X).squeeze(-1))
    r = kkt(net, X, y)
    # the measured degree of an exactly homogeneous net: log-ratios of O(1) outputs, rounding ~1e-14
    assert r.degree == 3 and all(abs(v - 3) < 1e-9 for v in r.degree_estimates.values())
    assert r.normalized_margin == pytest.approx(direct_margin(net, X, y, 3), rel=1e-12)
    # Euler's identity of an exactly homogeneous net: rounding ~1e-15
    assert r.references is None and r.certified and r.euler_gradient_check < 1e-12


# ------------------------------------------------------------------------------------ Clarke subgradients at kinks
def clarke_kkt_point():
    """A KKT point of Problem (1), the leaky two-layer max-margin problem with the second layer fixed to ±1/√m
    (m1 = m2 = 1, γ = ½, two examples in R²), whose first neuron sits exactly
    at its kink on x₂ with Clarke derivative D ≈ 0.680 ∈ (γ, 1): neither one-sided derivative makes it stationary."""
    g, a, y = 0.5, np.array([1.0, -1.0]) / math.sqrt(2), np.array([1.0, -1.0])
    X = np.array([[1.0, 0.0], [0.7, 1.0]])
    S = np.array([[1.0, 0.0], [g, 1.0]])  # slopes on the pattern; the kink contributes φ(0) = 0 to f

    def W_of(D):
        def W(lam):
            return np.stack([a[0] * (lam[0] * X[0] - lam[1] * D * X[1]), a[1] * (lam[0] * g * X[0] - lam[1] * X[1])])
        M = np.array([y * (a @ (S * (W(e) @ X.T))) for e in np.eye(2)]).T
        lam = np.linalg.solve(M, np.ones(2))  # both margins tight
        return W(lam)
    D = brentq(lambda D: (W_of(D) @ X.T)[0, 1], 0.55, 0.95, xtol=1e-15)
    W = W_of(D)
    W[0] -= (W[0] @ X[1]) / (X[1] @ X[1]) * X[1]  # exactly at the kink
    net = nn.Sequential(nn.Linear(2, 2, bias=False), nn.LeakyReLU(g), nn.Linear(2, 1, bias=False)).double()
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor(W))
        net[2].weight.copy_(torch.tensor(a)[None])
    net[2].weight.requires_grad_(False)
    return net, X, y, D


def test_clarke_qp_finds_the_interior_derivative_at_an_exact_kink():
    net, X, y, D = clarke_kkt_point()
    r = kkt(net, X, y)
    assert r.kinks["count"] == 1 and r.kinks["box"] == 1 and r.certified
    # at its kink (the Clarke figure, not a bound): the interior derivative makes it stationary
    assert r.kkt_stationarity_kinks < 1e-9  # measured 1.5e-11
    # the projection leaves ⟨w_0, x_1⟩ ≠ 0 in exact arithmetic on the stored values: the model is smooth there, on
    # the side PyTorch's derivative takes (kink_tol = 0), and the certified bound is that side's stationarity
    assert r.kinks["sides"] == {"exact_kinks": 0, "decided_sides": 1, "undecided": 0, "assignments": 1}
    r0 = kkt(net, X, y, kink_tol=0.0)
    assert r0.kinks["count"] == 0 and r0.kkt_stationarity > 0.1  # measured 0.174
    assert r.kkt_stationarity == pytest.approx(r0.kkt_stationarity, rel=1e-9) and r.verdict == "violated"
    assert r.clarke_derivatives["1"][0] == pytest.approx(D, abs=1e-8)  # 0.6800422... (the Clarke figure's)
    # and it is the global optimum of Problem (1) (all 2^4 patterns enumerated)
    assert r.margin_over_reference == pytest.approx(1.0, abs=1e-9) and r.references["reference_is_optimum"]


def orthogonal_kkt_net(n=6):
    """x_i = e_i, unit i = (e_i, y_i): a KKT point of the two-layer ReLU max-margin problem with n(n−1) exact kinks."""
    X = torch.eye(n, dtype=torch.float64)
    y = torch.tensor([1.0, -1.0] * (n // 2), dtype=torch.float64)
    net = nn.Sequential(nn.Linear(n, n, bias=False), nn.ReLU(), nn.Linear(n, 1, bias=False)).double()
    with torch.no_grad():
        net[0].weight.copy_(torch.eye(n))
        net[2].weight.copy_(y[None, :])
    return net, X, y


def test_kkt_perfect_model_with_kinks_and_its_perturbation():
    net, X, y = orthogonal_kkt_net()
    r = kkt(net, X, y)
    assert r.kinks["count"] == 30 and r.kinks["box"] == 6 and r.certified
    # z = ⟨e_j, e_i⟩ = 0 in exact arithmetic: true kinks, so the Clarke residuals are the bound
    assert "sides" not in r.kinks and r.kkt_stationarity == r.kkt_stationarity_kinks
    # an exact KKT point by construction (orthogonal data): residuals are rounding (~1e-15), a wrong multiplier O(1)
    assert r.kkt_stationarity < 1e-10 and r.kkt_complementarity < 1e-12 and r.kkt_euler_gap < 1e-12
    assert r.multipliers == pytest.approx([1.0] * 6, rel=1e-9) and r.support == list(range(6))
    # negative control: the same model with 10% noise on the first layer is reported far from KKT
    with torch.no_grad():
        net[0].weight.add_(0.1 * torch.randn(6, 6, generator=torch.Generator().manual_seed(0), dtype=torch.float64))
    p = kkt(net, X, y)
    assert p.certified and p.kkt_stationarity > 0.1 and p.kkt_complementarity > 0.1  # measured 0.71, 0.66


def deep_net_with_two_kinks():
    """Three layers; example 0 sits exactly at a kink in layer 1 (unit 0) and in layer 2 (unit 0)."""
    g = torch.Generator().manual_seed(0)
    X = torch.randn(8, 5, generator=g, dtype=torch.float64)
    torch.manual_seed(3)
    net = nn.Sequential(nn.Linear(5, 6, bias=False), nn.ReLU(), nn.Linear(6, 4, bias=False), nn.ReLU(),
                        nn.Linear(4, 1, bias=False)).double()
    with torch.no_grad():
        w = net[0].weight
        w[0] -= (w[0] @ X[0]) / (X[0] @ X[0]) * X[0]
        h = torch.relu(w @ X[0])
        v = net[2].weight
        v[0] -= (v[0] @ h) / (h @ h) * h
        y = torch.sign(net(X).squeeze(-1))
    return net, X, y


def test_deep_kinks_are_enumerated_and_never_optimistic_beyond_the_cap():
    net, X, y = deep_net_with_two_kinks()
    r = kkt(net, X, y)
    assert r.degree == 3 and r.kinks["count"] == 2 and r.kinks["vertices"] == 1 and r.certified
    r0 = kkt(net, X, y, kink_tol=0.0)  # one piece only (the one PyTorch's derivative picks)
    # the Clarke figure (both at their kink) is never above one piece; the bound (the layer-1 kink's side decided
    # exactly, the layer-2 one within rounding: both its sides) never below the piece it contains
    assert r.kkt_stationarity_kinks <= r0.kkt_stationarity + 1e-12 <= r.kkt_stationarity + 2e-12
    assert r.kinks["sides"] == {"exact_kinks": 0, "decided_sides": 1, "undecided": 1, "assignments": 2}
    assert not r0.certified and "below the rounding bound" in r0.certification  # kink_tol 0: not a bound
    capped = kkt(net, X, y, max_vertices=2)  # 2^2 pieces needed
    assert capped.kkt_stationarity is None and capped.kkt_complementarity is None and not capped.certified
    assert "enumeration budget" in capped.certification


def test_realisability_lp():
    Z = np.array([[1.0, 0.0], [-1.0, 0.0]])
    assert _realisable(Z, np.array([1.0, 1.0])) == (False, 0)  # ⟨z,δ⟩ > 0 and ⟨−z,δ⟩ > 0: impossible
    assert _realisable(Z, np.array([1.0, -1.0]))[0]
    assert _realisable(np.eye(2), np.array([-1.0, 1.0]))[0]


def test_max_pool_ties_are_kinks_only_between_different_functions():
    """Tied max-pool entries with different gradients are a kink (not certified); tied entries that are the same
    function of θ (identical input patches, or constants) are not."""
    pool = nn.Sequential(nn.Conv1d(2, 1, 1, bias=False), nn.MaxPool1d(2), nn.Flatten(),
                         nn.Linear(2, 1, bias=False)).double()
    with torch.no_grad():
        pool[0].weight.copy_(torch.tensor([[[1.0], [1.0]]]))
        pool[3].weight.copy_(torch.tensor([[1.0, -1.0]]))
    # example 0: patches (1, 1) and (2, 0) both give 2 with gradients (1, 1) ≠ (2, 0): a kink
    # example 1: patches (1, 1) and (1, 1): the same function of θ, no kink
    X = torch.tensor([[[1.0, 2.0, 0.5, 0.1], [1.0, 0.0, 0.5, 0.0]],
                      [[1.0, 1.0, 0.1, 3.0], [1.0, 1.0, 0.0, 0.5]]], dtype=torch.float64)
    r = kkt(pool, X, torch.tensor([1.0, -1.0], dtype=torch.float64))
    assert r.degree == 2 and r.kinks["ties"] == {"0": ["max-pool tie in model.1 (MaxPool1d)"]}
    assert r.kkt_stationarity is None and "tie" in r.certification and r.kinks["smooth_ties"] == 1
    const = nn.Sequential(nn.MaxPool1d(2), nn.Flatten(), nn.Linear(2, 1, bias=False)).double()
    with torch.no_grad():
        const[2].weight.copy_(torch.tensor([[1.0, -1.0]]))
    X = torch.tensor([[[2.0, 2.0, 0.5, 0.1]], [[0.2, 0.1, 3.0, 1.0]]], dtype=torch.float64)
    r = kkt(const, X, torch.tensor([1.0, -1.0], dtype=torch.float64))  # a tie of data: constant in θ
    assert r.certified and r.kinks["ties"] == {} and r.kinks["smooth_ties"] == 1

    class Leaky(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1, self.fc2 = nn.Linear(3, 2, bias=False), nn.Linear(2, 1, bias=False)

        def forward(self, x):
            z = self.fc1(x)
            return self.fc2(torch.maximum(0.5 * z, z))
    net = Leaky().double()
    X = torch.randn(4, 3, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        y = torch.sign(net(X).squeeze(-1))
    r = kkt(net, X, y)
    assert r.certified and r.kinks["uncertified"] == 0  # no tie: differentiable everywhere on the data
    with torch.no_grad():
        w = net.fc1.weight
        w[0] -= (w[0] @ X[0]) / (X[0] @ X[0]) * X[0]
        y = torch.sign(net(X).squeeze(-1))
    r = kkt(net, X, y)
    assert r.kkt_stationarity is None and "maximum tie" in r.certification


def test_conv_model_stable_ranks_and_zero_padding():
    g = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    conv = nn.Sequential(nn.Conv2d(1, 3, 3, padding=1, bias=False), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                         nn.Linear(3 * 4 * 4, 1, bias=False)).double()
    X = torch.randn(10, 1, 8, 8, generator=g, dtype=torch.float64)
    X[:, :, :3, :3] = 0.0  # zero patches: pre-activations exactly 0 there, identically 0 nearby
    with torch.no_grad():
        y = torch.sign(conv(X).squeeze(-1))
    r = kkt(conv, X, y)
    assert r.degree == 2 and r.certified and r.kinks["count"] == 0 and r.kinks["pruned_zero_input"] == 120
    K = conv[0].weight.detach().reshape(3, -1).numpy()
    sv = np.linalg.svd(K, compute_uv=False)
    assert r.stable_ranks["0.weight"] == pytest.approx((sv ** 2).sum() / sv[0] ** 2, rel=1e-12)


# ------------------------------------------------------------------------------------ loading
def _bytes(model, scripted):
    buf = io.BytesIO()
    torch.jit.save(torch.jit.script(model), buf) if scripted else torch.save(model, buf)
    return buf.getvalue()


class TwoLayerCustom(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(20, 10, bias=False), nn.Linear(10, 1, bias=False)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x))).squeeze(-1)


class ThreeLayerCustom(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2, self.fc3 = (nn.Linear(20, 6, bias=False), nn.Linear(6, 4, bias=False),
                                        nn.Linear(4, 1, bias=False))

    def forward(self, x):
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


def test_torchscript_and_pickled_models_load_and_agree(tmp_path, checkpoints):
    X, y, net, _, late = checkpoints
    results = {}
    for scripted in (False, True):
        f = tmp_path / f"m{int(scripted)}.pt"
        f.write_bytes(_bytes(net, scripted))
        m = load_model(f)
        assert isinstance(m, torch.jit.ScriptModule) == scripted
        results[scripted] = kkt(m, X, y)
    for r in results.values():
        assert r.kkt_stationarity == pytest.approx(late.kkt_stationarity, rel=1e-9)
        assert r.normalized_margin == pytest.approx(late.normalized_margin, rel=1e-12)
    assert any("rebuilt" in n for n in results[True].notes)
    # a scripted custom forward: identified numerically as Linear–ReLU–Linear, or else a black box (not certified)
    torch.manual_seed(0)
    custom = TwoLayerCustom().double()
    with torch.no_grad():
        yc = torch.sign(custom(X))
    (tmp_path / "c.pt").write_bytes(_bytes(custom, True))
    rc, re_ = kkt(load_model(tmp_path / "c.pt"), X, yc), kkt(custom, X, yc)
    assert rc.kkt_stationarity == pytest.approx(re_.kkt_stationarity, rel=1e-9) and rc.certified
    assert any("identified numerically" in n for n in rc.notes)
    torch.manual_seed(1)  # no example with output exactly 0 (all units dead)
    deep = ThreeLayerCustom().double()
    with torch.no_grad():
        yd = torch.sign(deep(X).squeeze(-1))
    (tmp_path / "d.pt").write_bytes(_bytes(deep, True))
    rd = kkt(load_model(tmp_path / "d.pt"), X, yd)
    # its residuals are given (PyTorch's derivative), equal the eager model's, and say why they are not certified
    ed = kkt(deep, X, yd)
    assert ed.kinks["count"] == 0 and rd.kkt_stationarity == pytest.approx(ed.kkt_stationarity, rel=1e-9)
    assert rd.degree == 3 and not rd.certified and "custom forward hides its activations" in rd.certification
    assert rd.verdict == "inconclusive" and "black-box" in rd.reason


def test_load_model_refuses_non_models(tmp_path):
    (tmp_path / "sd.pt").write_bytes(b"")
    torch.save({"w": torch.zeros(2)}, tmp_path / "sd.pt")
    with pytest.raises(InputError, match="state_dict"):
        load_model(tmp_path / "sd.pt")
    (tmp_path / "junk.pt").write_text("hello")
    with pytest.raises(InputError, match="neither a TorchScript file nor a pickled nn.Module"):
        load_model(tmp_path / "junk.pt")
    torch.save([1, 2], tmp_path / "list.pt")
    with pytest.raises(InputError, match="not an nn.Module"):
        load_model(tmp_path / "list.pt")
    with pytest.raises(InputError, match="no such file"):
        load_model(tmp_path / "missing.pt")


# ------------------------------------------------------------------------------------ CLI (acceptance)
def _cli(*args, cwd, capsys, monkeypatch):
    """``ibcheck ARGS`` run from ``cwd`` (in this process: the documented commands of docs/api.md run as processes
    in tests/test_kkt_docs.py)."""
    from ibcheck.cli import main
    monkeypatch.chdir(cwd)
    rc = main(list(args))
    out = capsys.readouterr()
    return subprocess.CompletedProcess(args, rc, out.out, out.err)


def test_cli_acceptance(tmp_path, capsys, monkeypatch):
    X, y = cone_data()
    net = trained(200)
    torch.save(net, tmp_path / "m.pt")
    np.savez(tmp_path / "d.npz", X=X.numpy(), y=y.numpy())
    p = _cli("kkt", "--model", "m.pt", "--data", "d.npz", "--json", "out.json", cwd=tmp_path, capsys=capsys,
             monkeypatch=monkeypatch)
    assert p.returncode == 1, p.stderr  # 200 steps: not yet a (1e-3, 1e-2)-KKT point
    assert p.stdout.splitlines()[-1].startswith("verdict: violated (ε = 0.001, δ = 0.01)")
    assert "stationarity" in p.stdout and "stable ranks" in p.stdout
    r = json.loads((tmp_path / "out.json").read_text())
    assert r["degree"] == 2 and r["normalized_margin"] == pytest.approx(direct_margin(net, X, y, 2), rel=1e-9)
    assert r["kkt_stationarity"] is not None and r["kkt_complementarity"] is not None
    assert set(r["stable_ranks"]) == {"0.weight", "2.weight"}
    torch.manual_seed(0)
    nb = nn.Sequential(nn.Linear(20, 10, bias=False), nn.ReLU(), nn.Linear(10, 5, bias=True), nn.ReLU(),
                       nn.Linear(5, 1, bias=False)).double()
    torch.save(nb, tmp_path / "mb.pt")
    p = _cli("kkt", "--model", "mb.pt", "--data", "d.npz", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "not positively homogeneous" in p.stderr
    assert "parameter 2.bias breaks it" in p.stderr and "degree defect" in p.stderr


def test_cli_bad_input_is_one_line_exit_2(tmp_path, capsys):
    from ibcheck.cli import main
    X, y = cone_data()
    torch.save(two_layer(), tmp_path / "m.pt")
    np.savez(tmp_path / "d.npz", X=X.numpy(), y=y.numpy())
    np.savez(tmp_path / "shape.npz", X=X.numpy()[:, :5], y=y.numpy())
    np.savez(tmp_path / "labels.npz", X=X.numpy(), y=2 * y.numpy())
    np.savez(tmp_path / "nan.npz", X=np.full_like(X.numpy(), np.nan), y=y.numpy())
    np.savez(tmp_path / "noy.npz", X=X.numpy())
    torch.save(nn.Sequential(nn.Linear(20, 3, bias=False), nn.Tanh(), nn.Linear(3, 1, bias=False)), tmp_path / "t.pt")
    (tmp_path / "junk.pt").write_text("junk")
    cases = [("m.pt", "shape.npz", "does not fit the model"), ("m.pt", "labels.npz", "labels must be ±1"),
             ("m.pt", "nan.npz", "NaN or Inf"), ("m.pt", "noy.npz", "missing array 'y'"),
             ("t.pt", "d.npz", "model.1 (Tanh)"), ("junk.pt", "d.npz", "neither a TorchScript"),
             ("missing.pt", "d.npz", "no such file"), ("m.pt", "missing.npz", "no such file")]
    for model, data, needle in cases:
        rc = main(["kkt", "--model", str(tmp_path / model), "--data", str(tmp_path / data)])
        err = capsys.readouterr().err
        assert rc == 2 and needle in err and err.count("\n") == 1, (model, data, err)


def test_box_qp_equals_the_nnls_over_its_vertices():
    """Two independent routes to the same Clarke minimum: the box QP (cvxpy) and NNLS over the box's vertices."""
    import itertools

    from ibcheck.theory.kkt_columns import SampleGrad
    from ibcheck.theory.kkt_residual import kkt_residuals
    rng = np.random.default_rng(0)
    P, n = 12, 5
    theta = rng.normal(size=P)
    q = 1 + rng.uniform(0, 0.5, n)
    q[0] = 1.0
    box, vert = [], []
    for i in range(n):
        g0 = rng.normal(size=P)
        if i < 2:
            V, lo, hi = rng.normal(size=(2, P)), np.array([0.1, 0.0]), np.array([1.0, 1.0])
            box.append(SampleGrad("box", g=g0, V=V, lo=lo, hi=hi))
            vs = [g0 + np.array(s) @ V for s in itertools.product(*zip(lo, hi))]
            vert.append(SampleGrad("vertices", vertices=np.stack(vs)))
        else:
            box.append(SampleGrad("smooth", g=g0))
            vert.append(SampleGrad("smooth", g=g0))
    blocks = [("w", (3, 4))]
    a, b = kkt_residuals(theta, q, 1, box, blocks), kkt_residuals(theta, q, 1, vert, blocks)
    assert a.method == "qp" and b.method == "nnls" and a.certified and b.certified
    assert a.stationarity == pytest.approx(b.stationarity, rel=1e-7)
    # QP and NNLS multipliers of one problem: solver tolerances 1e-8 relative; atol for multipliers that are 0
    assert a.lam == pytest.approx(b.lam, rel=1e-5, abs=1e-9)


def test_svm_reference_primal_equals_span():
    """The SVM reference solves in the primal when d < n: it must agree with the span formulation
    (``theory.two_layer_margin.svm_margin``)."""
    from ibcheck.theory.two_layer_margin import svm_margin
    from ibcheck.theory.homogeneous_kkt import _svm
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 5))
    y = np.sign(X @ rng.normal(size=5))
    primal, status = _svm(X, y)
    assert status == "optimal" and primal == pytest.approx(svm_margin(X @ X.T, y).margin, rel=1e-8)
