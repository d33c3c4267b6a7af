"""``ibcheck kkt`` on models as researchers train them: multi-class logits, a first-layer bias (an MLP and a CNN),
fixed tensors stored as attributes, buffers or frozen parameters, float32 training, a ±1-frozen second layer.

Each stand-in is trained here, and every number is compared with an independent computation written in this file
(the network as a plain function of its tensors, per-constraint gradients by autograd one at a time, multipliers by
``scipy.optimize.nnls`` on the full P × K system) to 1e-10.
"""
import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from scipy.optimize import nnls
from torch import nn

from ibcheck.model_kkt import kkt
from ibcheck.numerics.runtime.errors import InputError

TOL = 1e-10  # two float64 computations of the same quantities by different routes (QR-reduced vs full NNLS)


# ------------------------------------------------------------------------------------ the independent computation
def constraints(out, y):
    """q_k: y_i f(x_i) (one output), or f_{y_i}(x_i) − f_j(x_i) for j ≠ y_i in example-major order (C outputs)."""
    if out.ndim == 1 or out.shape[1] == 1:
        return y * out.reshape(-1)
    return torch.stack([out[i, y[i]] - out[i, j] for i in range(len(y)) for j in range(out.shape[1]) if j != y[i]])


def reference(fn, params, X, y, L):
    """Normalised margin and the KKT residuals at θ̃ = θ/q_min^{1/L}, from ``fn(params, X)`` alone."""
    params = [p.detach().clone().double() for p in params]
    with torch.no_grad():
        q = constraints(fn(params, X), y)
    theta = torch.cat([p.reshape(-1) for p in params])
    qmin = float(q.min())
    out = {"margin": qmin, "normalized_margin": qmin / float(theta.norm()) ** L}
    tp = [(p / qmin ** (1 / L)).requires_grad_(True) for p in params]
    qt = constraints(fn(tp, X), y)
    G = np.stack([torch.cat([g.reshape(-1) for g in torch.autograd.grad(qt[k], tp, retain_graph=True)]).numpy()
                  for k in range(len(qt))])
    th = torch.cat([p.detach().reshape(-1) for p in tp]).numpy()
    lam, _ = nnls(G.T, th, maxiter=100 * G.shape[0])
    qn = qt.detach().numpy()
    out["stationarity"] = float(np.linalg.norm(th - G.T @ lam) / np.linalg.norm(th))
    out["complementarity"] = float((lam * (qn - 1)).max() / lam.mean())
    out["lam"], out["G"], out["theta"], out["q"] = lam, G, th, qn
    return out


def assert_agrees(r, ref, L):
    # the measured homogeneity degree of an exactly homogeneous net: a log-ratio of O(1) outputs, rounding ~1e-14
    assert r.degree == L and abs(r.degree_measured - L) < 1e-9 and r.kinks["count"] == 0 and r.certified
    assert r.min_margin == pytest.approx(ref["margin"], rel=TOL)
    assert r.normalized_margin == pytest.approx(ref["normalized_margin"], rel=TOL)
    assert r.kkt_stationarity == pytest.approx(ref["stationarity"], rel=TOL)  # measured ≤ 1.4e-15 apart
    assert r.kkt_complementarity == pytest.approx(ref["complementarity"], rel=TOL)  # ≤ 4.5e-15
    assert np.abs(np.array(r.multipliers) - ref["lam"]).max() <= TOL * max(ref["lam"])  # ≤ 1.4e-15


def gd(net, X, loss_fn, steps, lr):
    opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        loss_fn(net(X)).backward()
        opt.step()
    return net


def clusters(n_per, C, d, seed=0, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    mu = 3 * torch.randn(C, d, generator=g, dtype=dtype)
    y = torch.arange(C).repeat_interleave(n_per)
    return mu[y] + torch.randn(len(y), d, generator=g, dtype=dtype), y


# ------------------------------------------------------------------------------------ multi-class MLP
@pytest.fixture(scope="module")
def multiclass():
    X, y = clusters(4, 3, 6)
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(6, 16, bias=False), nn.ReLU(), nn.Linear(16, 3, bias=False)).double()
    gd(net, X, lambda out: F.cross_entropy(out, y), 400, 0.5)
    return net, X, y


def mlp_fn(ps, X):
    return F.relu(X @ ps[0].T) @ ps[1].T


def test_multiclass_mlp_margin_and_residuals_match_an_independent_computation(multiclass):
    net, X, y = multiclass
    r = kkt(net, X, y)
    ref = reference(mlp_fn, list(net.parameters()), X, y, 2)
    assert r.classes == 3 and len(r.multipliers) == 12 * 2 and r.constraints[:2] == [[0, 1], [0, 2]]
    assert_agrees(r, ref, 2)
    with torch.no_grad():  # the multi-class margin min_i (f_y − max_{j≠y} f_j), directly
        out = net(X)
        other = out.clone()
        other[torch.arange(12), y] = -math.inf
        direct = float((out[torch.arange(12), y] - other.max(1).values).min())
    assert r.min_margin == pytest.approx(direct, rel=1e-14)
    assert r.misclassified == 0 and all(len(p) == 2 for p in r.support)
    # cross-entropy: log L̂ = log mean_i log(1 + Σ_{j≠y} e^{−q_ij})
    rl = kkt(net, X, y, loss="logistic")
    with torch.no_grad():
        ce = F.cross_entropy(net(X), y)
    assert rl.log_loss == pytest.approx(math.log(float(ce)), rel=1e-12)


def test_multiclass_labels_are_checked(multiclass):
    net, X, y = multiclass
    with pytest.raises(InputError, match=r"labels must be class indices 0\.\.2 for a model with 3 outputs per example \(found 3\)"):
        kkt(net, X, y + 1)
    with pytest.raises(InputError, match="labels must be class indices"):
        kkt(net, X, y.double() + 0.5)


def test_log_softmax_output_gets_the_logits_hint(multiclass):
    net, X, y = multiclass
    with pytest.raises(InputError, match="return the logits"):
        kkt(nn.Sequential(*net, nn.LogSoftmax(dim=1)), X, y)


# ------------------------------------------------------------------------------------ CNN with a first-layer bias
class CNN(nn.Module):
    """Lyu–Li's MNIST CNN in miniature: a bias in the first convolution only, then bias-free layers (degree 3)."""

    def __init__(self, C=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, bias=True)
        self.conv2 = nn.Conv2d(4, 4, 2, bias=False)
        self.fc = nn.Linear(4 * 2 * 2, C, bias=False)

    def forward(self, x):
        h = F.max_pool2d(F.relu(self.conv1(x)), 2)
        return self.fc(torch.flatten(F.relu(self.conv2(h)), 1))


def cnn_fn(ps, X):
    h = F.max_pool2d(F.relu(F.conv2d(X, ps[0], ps[1])), 2)
    return torch.flatten(F.relu(F.conv2d(h, ps[2])), 1) @ ps[3].T


def test_cnn_with_first_layer_bias_is_accepted_and_matches():
    g = torch.Generator().manual_seed(1)
    y = torch.arange(3).repeat_interleave(3)
    pat = torch.randn(3, 1, 8, 8, generator=g, dtype=torch.float64)
    X = pat[y] + 0.3 * torch.randn(9, 1, 8, 8, generator=g, dtype=torch.float64)
    torch.manual_seed(0)
    net = CNN().double()
    gd(net, X, lambda out: F.cross_entropy(out, y), 300, 0.2)
    r = kkt(net, X, y)
    ref = reference(cnn_fn, list(net.parameters()), X, y, 3)
    assert r.min_margin > 0
    assert_agrees(r, ref, 3)
    assert set(r.stable_ranks) == {"conv1.weight", "conv2.weight", "fc.weight"}


# ------------------------------------------------------------------------------------ fixed tensors, float32
class AttrNet(nn.Module):
    """x ↦ a·relu(Wx + b) with the outer layer a a plain float32 tensor attribute (not a parameter, not a buffer)."""

    def __init__(self, d, m, a):
        super().__init__()
        self.fc = nn.Linear(d, m, bias=True)
        self.a = a

    def forward(self, x):
        return F.relu(self.fc(x)) @ self.a


def binary_data(n=10, d=5, seed=0, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    y = torch.tensor([1.0, -1.0] * (n // 2), dtype=dtype)
    return y[:, None] * (torch.ones(d, dtype=dtype) + torch.randn(n, d, generator=g, dtype=dtype)), y


def exp_loss(y):
    return lambda out: torch.logsumexp(-y * out.reshape(-1), 0)


def test_frozen_tensor_attribute_is_converted_not_blamed_on_the_data():
    X, y = binary_data()
    torch.manual_seed(0)
    a = torch.randn(8, generator=torch.Generator().manual_seed(5)).float()  # float32 values, unequal magnitudes
    net = AttrNet(5, 8, a).double()  # .double() leaves the attribute in float32
    assert net.a.dtype == torch.float32
    net.a = net.a.double()
    gd(net, X, exp_loss(y), 200, 0.1)
    net.a = a  # as shipped: float64 parameters, a float32 attribute
    r = kkt(net, X, y)
    ref = reference(lambda ps, X: F.relu(X @ ps[0].T + ps[1]) @ a.double(), list(net.parameters()), X, y, 1)
    assert_agrees(r, ref, 1)
    assert any("fixed" in n and "a" in n for n in r.notes) and net.a.dtype == torch.float32  # user's model untouched


class Hidden(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 4)
        self.box = [torch.ones(4)]  # a float32 tensor in a list: converted too

    def forward(self, x):
        return F.relu(self.fc(x)) @ self.box[0]


def test_tensors_in_lists_are_converted():
    X, y = binary_data()
    net = Hidden().double()
    with torch.no_grad():
        y = torch.sign(F.relu(net.fc(X)).sum(1))
    r = kkt(net, X, y)
    assert r.degree == 1 and net.box[0].dtype == torch.float32


def test_float32_model_is_evaluated_in_float64_and_the_shift_reported():
    X, y = binary_data(dtype=torch.float32)
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(5, 8, bias=True), nn.ReLU(), nn.Linear(8, 1, bias=False))  # float32, as trained
    gd(net, X, exp_loss(y), 300, 0.1)
    r = kkt(net, X, y)
    X64, y64 = X.double(), y.double()
    ref = reference(lambda ps, X: F.relu(X @ ps[0].T + ps[1]) @ ps[2].T, list(net.parameters()), X64, y64, 2)
    assert_agrees(r, ref, 2)
    assert r.trained_dtype == "float32" and r.dtype == "float64"
    with torch.no_grad():
        q32 = (y * net(X).reshape(-1)).min().double()
    theta = torch.cat([p.detach().double().reshape(-1) for p in net.parameters()])
    native = float(q32) / float(theta.norm()) ** 2
    c = r.conversion
    assert c["from"] == "float32" and c["normalized_margin_native"] == pytest.approx(native, rel=1e-15)
    # the same two float64 numbers subtracted on both sides: equal up to one rounding of O(0.1) values
    assert c["normalized_margin_change"] == pytest.approx(ref["normalized_margin"] - native, abs=1e-15)
    assert 0 < c["relative_change"] < 1e-5  # float32 rounding of the outputs


# ------------------------------------------------------------------------------------ frozen outer layers
def frozen_net(W, a, how):
    d, m = W.shape[1], W.shape[0]

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(d, m, bias=False)
            if how == "parameter":
                self.out = nn.Linear(m, 1, bias=False)
                self.out.weight.requires_grad_(False)
            elif how == "buffer":
                self.register_buffer("a", a.clone())
            else:
                self.a = a.clone()

        def forward(self, x):
            h = F.leaky_relu(self.fc(x), 0.5)
            return self.out(h) if how == "parameter" else h @ self.a

    net = Net().double()
    with torch.no_grad():
        net.fc.weight.copy_(W)
        if how == "parameter":
            net.out.weight.copy_(a[None])
    return net


@pytest.mark.parametrize("how", ["parameter", "buffer", "attribute"])
def test_pm_one_frozen_second_layer_is_problem1_rescaled(how):
    """a = ±1 is ±1/√m rescaled by √m: f(x; W, ±1) = f(x; √m W, ±1/√m), so every normalised margin (the network's
    and Problem (1)'s reference) scales by √m and their ratio does not move."""
    from ibcheck.theory.two_layer_margin import qp_aligned
    X, y = binary_data(n=8, d=12)
    m = 4
    a = torch.tensor([1.0, 1.0, -1.0, -1.0], dtype=torch.float64)
    torch.manual_seed(2)
    W = 0.1 * torch.randn(m, 12, dtype=torch.float64)
    net = frozen_net(W, a, how)
    gd(net, X, exp_loss(y), 200, 0.05)
    r = kkt(net, X, y)
    ref = reference(lambda ps, X: F.leaky_relu(X @ ps[0].T, 0.5) @ a, [net.fc.weight], X, y, 1)
    assert_agrees(r, ref, 1)
    Xn, yn = X.numpy(), y.numpy()
    p1 = 1.0 / qp_aligned(Xn @ Xn.T, yn, 2, 2, 0.5).norm
    assert r.references["reference_margin"] == pytest.approx(math.sqrt(m) * p1, rel=1e-9)
    assert "rescaled" in r.references["reference"] and r.references["outer_layer"]["rescale"] == pytest.approx(2.0)
    unit = kkt(frozen_net(math.sqrt(m) * net.fc.weight.detach(), a / math.sqrt(m), how), X, y)
    assert unit.margin_over_reference == pytest.approx(r.margin_over_reference, rel=1e-9)
    assert unit.normalized_margin * math.sqrt(m) == pytest.approx(r.normalized_margin, rel=1e-12)


# ------------------------------------------------------------------------------------ refusal and verdict
def test_hidden_layer_bias_is_refused_naming_the_parameter_and_the_defect():
    X, y = binary_data()
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(5, 6, bias=True), nn.ReLU(), nn.Linear(6, 4, bias=True), nn.ReLU(),
                        nn.Linear(4, 1, bias=False)).double()
    with torch.no_grad():
        y = torch.sign(net(X).reshape(-1))
    with pytest.raises(InputError) as e:
        kkt(net, X, y)
    msg = str(e.value)
    assert "\n" not in msg and "parameter 2.bias breaks it" in msg and "scaled as c^2" in msg
    assert "degree defect" in msg and "measured degree" in msg
    net[2].bias.data.zero_()
    net[2].bias = None  # the same net without it: first-layer bias only, degree 3
    assert kkt(net, X, torch.sign(net(X).reshape(-1)).detach()).degree == 3


def test_verdict_separates_a_trained_from_an_almost_untrained_net():
    from .test_kkt_model import cone_data, trained
    X, y = cone_data()
    net, early = trained(1500), trained(5)
    rt, re_ = kkt(net, X, y), kkt(early, X, y)
    assert rt.verdict == "verified" and re_.verdict == "violated"  # measured: 2.3e-4 vs 0.35 stationarity
    assert "no multipliers reach stationarity" in re_.reason
    # the joint witness: re-checked here with the test's own gradients and the (ε, δ) definition
    ref = reference(mlp_fn, list(net.parameters()), X, y, 2)
    lam = np.array(rt.verdict_multipliers if rt.verdict_multipliers is not None else rt.multipliers)
    st = np.linalg.norm(ref["theta"] - ref["G"].T @ lam) / np.linalg.norm(ref["theta"])
    assert st <= rt.eps and (lam * (ref["q"] - 1)).max() / lam.mean() <= rt.delta * (1 + 1e-9)
    # a looser ε turns the early net into an (ε, δ)-point only if its complementarity also fits
    assert kkt(early, X, y, eps=0.5, delta=10.0).verdict == "verified"


class ScriptedAttr(nn.Module):
    """A custom forward (a TorchScript black box) reading a fixed outer layer from a plain tensor attribute."""

    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(5, 6, bias=False), nn.Linear(6, 4, bias=False)
        self.a = torch.tensor([1.0, 1.0, -1.0, -1.0])

    def forward(self, x):
        return torch.relu(self.fc2(torch.relu(self.fc1(x)))) @ self.a


def test_torchscript_attribute_is_converted_and_residuals_given():
    X, _ = binary_data()
    torch.manual_seed(1)
    eager = ScriptedAttr().double()
    eager.a = eager.a.double()
    with torch.no_grad():
        y = torch.sign(eager(X))
    scripted = torch.jit.script(ScriptedAttr().double())  # float64 weights, the attribute in float32
    scripted.load_state_dict(eager.state_dict())
    assert scripted.a.dtype == torch.float32
    r, re_ = kkt(scripted, X, y), kkt(eager, X, y)
    assert r.degree == 2 and re_.kinks["count"] == 0 and not r.certified and r.verdict == "inconclusive"
    assert r.kkt_stationarity == pytest.approx(re_.kkt_stationarity, rel=1e-9)
    assert r.normalized_margin == pytest.approx(re_.normalized_margin, rel=1e-14)
    assert any("model.a" in n or ": a" in n for n in r.notes) and scripted.a.dtype == torch.float32


def test_joint_refutation_matches_an_independent_optimisation():
    """Not an (ε, δ)-point although its least stationarity is below ε: the SOCP optimum (stationarity under the
    complementarity bound) equals scipy's SLSQP on the same problem, built from the test's own gradients."""
    from scipy.optimize import minimize

    from .test_kkt_model import cone_data, trained
    X, y = cone_data()
    net = trained(300)
    r = kkt(net, X, y)
    assert r.kkt_stationarity < r.eps and r.verdict == "violated" and "joint SOCP" in r.reason
    ref = reference(mlp_fn, list(net.parameters()), X, y, 2)
    G, th, q, K = ref["G"], ref["theta"], ref["q"], len(ref["q"])
    s = np.linalg.norm(th)
    cons = [{"type": "ineq", "fun": lambda lam: r.delta * lam.sum() / K - (q - 1) * lam}]
    best = minimize(lambda lam: np.sum((th - G.T @ lam) ** 2) / s ** 2, ref["lam"], method="SLSQP",
                    bounds=[(0, None)] * K, constraints=cons, options={"ftol": 1e-16, "maxiter": 1000})
    lam = np.array(r.verdict_multipliers)
    socp = np.linalg.norm(th - G.T @ lam) / s
    assert best.success and socp == pytest.approx(math.sqrt(best.fun), rel=1e-4)  # measured 0.00946 both
    assert socp > r.eps


def test_multiclass_kink_gets_a_clarke_box_per_pair(multiclass):
    """Example 0 exactly at the kink of unit 0: each of its C − 1 pair constraints gets a Clarke box, and the Clarke
    minimum is never above the residual with PyTorch's one-sided derivative (kink_tol = 0)."""
    net, X, y = multiclass
    kinked = nn.Sequential(nn.Linear(6, 16, bias=False), nn.ReLU(), nn.Linear(16, 3, bias=False)).double()
    kinked.load_state_dict(net.state_dict())
    with torch.no_grad():
        w = kinked[0].weight
        w[0] -= (w[0] @ X[0]) / (X[0] @ X[0]) * X[0]
    r, r0 = kkt(kinked, X, y), kkt(kinked, X, y, kink_tol=0.0)
    assert r.kinks["count"] == 1 and r.kinks["box"] == 2 and r.method == "qp" and r.certified
    assert set(r.clarke_derivatives) == {"0", "1"}  # constraints (0, 1) and (0, 2)
    assert r0.kinks["count"] == 0 and r.kkt_stationarity <= r0.kkt_stationarity + 1e-12
