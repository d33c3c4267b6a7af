"""``ibcheck kkt``: what it certifies is checked another way — gradients against finite differences of the forward
(surrogate backwards built with detach, hooks or a radial projection are never certified), upper bounds against exact
(Fraction) arithmetic at planted near-kinks, the user's precision kept (a float64 state_dict), and the smaller
contracts (mismatched keys named, the right option blamed, boolean labels, ties at kink_tol 0, the multi-class
margin a minimum over pairs, the degree rounded)."""
import json
import sys
from fractions import Fraction

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from scipy.optimize import nnls
from torch import nn

from ibcheck.cli import main
from ibcheck.model_kkt import kkt

from .test_kkt_in_practice import CNN
from .test_kkt_model import cone_data, orthogonal_kkt_net, trained
from .test_kkt_papers import blank_background

BOUND_RTOL = 1e-10  # two float64 NNLS routes to the same least stationarity (QR-reduced vs full P × K system)


# ------------------------------------------------------------------------------------ surrogate gradients
class Surrogate(nn.Module):
    """A two-layer ReLU net whose backward is not its forward's derivative, without a custom autograd.Function:
    ``detach``: per-layer gradient scaling by W.detach() + c·(W − W.detach()) (first layer ×0.5, second ×1.5);
    ``hook``: the same scaling by tensor hooks; ``radial``: only the radial part ⟨∇f, θ⟩θ/‖θ‖² = 2fθ/‖θ‖². All keep
    Euler's identity ⟨θ, ∇f⟩ = 2f (0.5·f + 1.5·f; the radial part by construction)."""

    def __init__(self, net, how):
        super().__init__()
        self.net, self.how = net, how

    def forward(self, x):
        W1, W2 = self.net[0].weight, self.net[2].weight
        if self.how == "detach":
            W1, W2 = W1.detach() + 0.5 * (W1 - W1.detach()), W2.detach() + 1.5 * (W2 - W2.detach())
        elif self.how == "hook":
            W1, W2 = W1 * 1.0, W2 * 1.0
            if W1.requires_grad:
                W1.register_hook(lambda g: 0.5 * g)
                W2.register_hook(lambda g: 1.5 * g)
        f = F.relu(x @ W1.T) @ W2.T
        if self.how != "radial":
            return f
        n2 = (W1.detach() ** 2).sum() + (W2.detach() ** 2).sum()
        lin = ((W1 - W1.detach()) * W1.detach()).sum() + ((W2 - W2.detach()) * W2.detach()).sum()
        return f.detach() + 2 * f.detach() * lin / n2


@pytest.fixture(scope="module")
def net_data():
    X, y = cone_data()
    return trained(1500), X, y


@pytest.mark.parametrize("chunk", [None, 3])
def test_surrogates_are_never_certified_and_the_true_model_is(net_data, chunk):
    net, X, y = net_data
    true = kkt(Surrogate(net, "true"), X, y, chunk_size=chunk)
    assert true.certified and true.verdict == "verified" and true.gradient_check["passed"] is True
    # a true gradient sits far inside the derived tolerance (measured 0.003 of it)
    assert true.gradient_check["worst"]["ratio"] < 0.1
    assert set(true.gradient_check["tensors"]) == {"net.0.weight", "net.2.weight"}
    for how, edit in (("detach", "detach"), ("hook", "register_hook"), ("radial", "detach")):
        r = kkt(Surrogate(net, how), X, y, chunk_size=chunk)
        # Euler's identity holds, so only the comparison with the forward can tell
        assert r.euler_gradient_check < 1e-12, how
        assert not r.certified and r.verdict == "inconclusive" and r.gradient_check["passed"] is False, how
        assert "disagrees with the forward pass" in r.reason and "relative discrepancy" in r.reason, how
        assert any(edit in e for e in r.kinks["graph_edits"]), how
        w = r.gradient_check["worst"]
        # the planted change is O(1) relative in the derivative of the tensor named: far beyond rounding
        assert w["tensor"] in r.reason and w["discrepancy"] > 0.1 and w["ratio"] > 1e3, how
        tens = r.gradient_check["tensors"]
        assert all(tens[t]["discrepancy"] > 0.1 for t in tens), how  # both layers scaled (or projected)


def test_kinks_are_checked_one_sided_against_the_clarke_box():
    net, X, y = orthogonal_kkt_net()
    r = kkt(net, X, y)
    g = r.gradient_check
    assert r.certified and r.kinks["box"] == 6 and g["passed"] is True and g["tensors"]["0.weight"]["checked"] > 0

    class Halved(nn.Module):  # the same network, first layer's gradient halved: a box that the FD leaves
        def __init__(self):
            super().__init__()
            self.net = net

        def forward(self, x):
            W1 = self.net[0].weight
            return self.net[2](F.relu(x @ (W1.detach() + 0.5 * (W1 - W1.detach())).T))
    s = kkt(Halved(), X, y)
    assert s.kinks["box"] == 6 and not s.certified and s.gradient_check["passed"] is False
    assert "(Clarke)" in s.certification  # the one-sided derivative compared with the Clarke interval


# ------------------------------------------------------------------------------------ a bound is a bound
def _plant(W, x, j, v):
    """Move row j of W so that ⟨w_j, x⟩ ≈ v·‖w_j‖‖x‖ (a few projection steps)."""
    for _ in range(3):
        scale = float(W[j].norm() * x.norm())
        W[j] -= (float(x @ W[j]) - v * scale) / float(x @ x) * x


def _exact_dot(w, x):
    return sum((Fraction(a) * Fraction(b) for a, b in zip(w.tolist(), x.tolist())), Fraction(0))


def _least_stationarity(G, theta):
    lam, _ = nnls(G.T, theta, maxiter=100 * G.shape[0])
    return float(np.linalg.norm(theta - G.T @ lam) / np.linalg.norm(theta))


PLANTED = [s * 10.0 ** -e for e in range(9, 17) for s in (1, -1)]  # ±1e-9 … ±1e-16 of the unit's scale


def test_planted_first_layer_kinks_never_undercut_the_exact_stationarity(net_data):
    """⟨w_j, x_i⟩ planted at ±1e-16 … ±1e-9 of its scale: whatever kink_tol, a certified stationarity is ≥ the exact
    one (the sign pattern from Fraction arithmetic on the stored values, the least stationarity by NNLS)."""
    base, X, y = net_data
    W0, a = base[0].weight.detach(), base[2].weight.detach()[0]
    Z = X @ W0.T
    j, i = max(((j, i) for j in range(W0.shape[0]) for i in range(len(y)) if Z[i, j] < 0), key=lambda t: abs(a[t[0]]))
    worst, certified = np.inf, 0
    for v in PLANTED:
        net = nn.Sequential(nn.Linear(20, 10, bias=False), nn.ReLU(), nn.Linear(10, 1, bias=False)).double()
        net.load_state_dict(base.state_dict())
        with torch.no_grad():
            _plant(net[0].weight, X[i], j, v)
        W = net[0].weight.detach()
        on = np.array([[_exact_dot(W[u], X[k]) > 0 for u in range(10)] for k in range(len(y))])
        assert _exact_dot(W[j], X[i]) != 0  # smooth in exact arithmetic: one exact value
        with torch.no_grad():
            qmin = float((y * net(X).reshape(-1)).min())
        c = qmin ** -0.5
        Wt, at = (W * c).numpy(), (a * c).numpy()
        Zt = X.numpy() @ Wt.T
        G = np.stack([np.concatenate([(y[k].item() * at[:, None] * on[k][:, None] * X[k].numpy()[None]).ravel(),
                                      y[k].item() * np.where(on[k], Zt[k], 0.0)]) for k in range(len(y))])
        exact = _least_stationarity(G, np.concatenate([Wt.ravel(), at]))
        for tol in (None, 0.0, 1e-12, 1e-9):
            r = kkt(net, X, y, kink_tol=tol)
            if r.certified:
                certified += 1
                worst = min(worst, r.kkt_stationarity / exact - 1)
                assert r.kkt_stationarity >= exact * (1 - BOUND_RTOL), (v, tol, r.kkt_stationarity, exact)
            elif tol is None:
                raise AssertionError(f"default kink_tol must certify a bound ({v}): {r.certification}")
    assert certified >= 2 * len(PLANTED)  # default and 1e-9 always, 0 and 1e-12 where they can


def _exact_forward(Ws, x):
    """The signs of every pre-activation of a bias-free ReLU MLP in exact arithmetic (Fractions)."""
    h, signs = [Fraction(v) for v in x.tolist()], []
    for W in Ws[:-1]:
        z = [sum((Fraction(w) * hv for w, hv in zip(row, h)), Fraction(0)) for row in W.tolist()]
        signs.append([zz > 0 for zz in z])
        assert all(zz != 0 for zz in z)
        h = [zz if zz > 0 else Fraction(0) for zz in z]
    return signs


def test_planted_deep_kinks_are_evaluated_on_both_sides():
    """A second-layer pre-activation planted within ±1e-9 … ±1e-16 of its scale (not decidable by a first-layer
    Fraction evaluation): the reported stationarity is ≥ the exact one computed from the exact sign pattern."""
    g = torch.Generator().manual_seed(0)
    X = torch.randn(8, 5, generator=g, dtype=torch.float64)
    torch.manual_seed(3)
    base = nn.Sequential(nn.Linear(5, 6, bias=False), nn.ReLU(), nn.Linear(6, 4, bias=False), nn.ReLU(),
                         nn.Linear(4, 1, bias=False)).double()
    with torch.no_grad():
        y = torch.sign(base(X).squeeze(-1))
    undecided = 0
    for v in PLANTED:
        net = nn.Sequential(*[type(m)(*([] if not isinstance(m, nn.Linear) else [m.in_features, m.out_features]),
                                      **({"bias": False} if isinstance(m, nn.Linear) else {})) for m in base]).double()
        net.load_state_dict(base.state_dict())
        with torch.no_grad():
            h = torch.relu(net[0].weight @ X[0])
            _plant(net[2].weight, h, 0, v)
            if (torch.sign(net(X).squeeze(-1)) != y).any():
                continue
        Ws = [net[k].weight.detach() for k in (0, 2, 4)]
        masks = [torch.tensor([_exact_forward(Ws, X[k])[layer] for k in range(len(y))], dtype=torch.float64)
                 for layer in range(2)]
        with torch.no_grad():
            qmin = float((y * net(X).squeeze(-1)).min())
        c = qmin ** (-1 / 3)
        tp = [(W * c).requires_grad_(True) for W in Ws]
        q = y * (((X @ tp[0].T) * masks[0]) @ tp[1].T * masks[1] @ tp[2].T).squeeze(-1)
        G = np.stack([torch.cat([gg.reshape(-1) for gg in torch.autograd.grad(q[k], tp, retain_graph=True)]).numpy()
                      for k in range(len(y))])
        exact = _least_stationarity(G, torch.cat([t.detach().reshape(-1) for t in tp]).numpy())
        for tol in (None, 1e-9):
            r = kkt(net, X, y, kink_tol=tol)
            undecided += r.kinks.get("sides", {}).get("undecided", 0)
            assert r.certified, (v, tol, r.certification)
            assert r.kkt_stationarity >= exact * (1 - BOUND_RTOL), (v, tol, r.kkt_stationarity, exact)
    assert undecided > 0  # some planted values are within rounding: both sides evaluated


# ------------------------------------------------------------------------------------ the user's precision
def test_float64_state_dict_equals_the_pickled_module_and_float32_says_so(tmp_path, capsys, monkeypatch):
    sys.path.insert(0, "examples/kkt")
    from models import MLP
    X, y = cone_data(n=10, d=6)
    torch.manual_seed(3)
    net = MLP(6, 16).double()
    with torch.no_grad():
        y = torch.sign(net(X).reshape(-1))
    torch.save(net.state_dict(), tmp_path / "sd64.pt")
    torch.save(net, tmp_path / "pickled.pt")
    torch.save(net.float().state_dict(), tmp_path / "sd32.pt")
    np.savez(tmp_path / "d.npz", X=X.numpy(), y=y.numpy())
    monkeypatch.setenv("PYTHONPATH", "examples/kkt")
    out = {}
    for name, extra in (("pickled", []), ("sd64", ["--model-class", "models:MLP", "--model-kwargs", '{"d": 6, "width": 16}']),
                        ("pickled_as_class", ["--model-class", "models:MLP", "--model-kwargs", '{"d": 6, "width": 16}']),
                        ("sd32", ["--model-class", "models:MLP", "--model-kwargs", '{"d": 6, "width": 16}'])):
        f = "pickled.pt" if name.startswith("pickled") else f"{name}.pt"
        main(["kkt", "--model", str(tmp_path / f), "--data", str(tmp_path / "d.npz"), *extra,
              "--json", str(tmp_path / f"{name}.json")])
        out[name] = (json.loads((tmp_path / f"{name}.json").read_text()), capsys.readouterr().out)
    ref = out["pickled"][0]
    for name in ("sd64", "pickled_as_class"):
        r, text = out[name]
        assert r["trained_dtype"] == "float64" and "trained in float32" not in text
        for k in ("kkt_stationarity", "normalized_margin", "min_margin", "kkt_complementarity"):
            assert abs(r[k] - ref[k]) <= 1e-13 * abs(ref[k]), (name, k)
        assert np.abs(np.array(r["multipliers"]) - ref["multipliers"]).max() <= 1e-13 * max(ref["multipliers"])
    r32, text32 = out["sd32"]
    assert r32["trained_dtype"] == "float32" and "trained in float32" in text32 and r32["conversion"]["from"] == "float32"


def test_state_dict_errors_name_the_keys_and_the_option(tmp_path, capsys, monkeypatch):
    sys.path.insert(0, "examples/kkt")
    from models import MLP
    X, y = cone_data(n=10, d=6)
    net = MLP(6, 16).double()
    sd = net.state_dict()
    sd["layers.9.weight"] = sd.pop("layers.2.weight")
    torch.save(sd, tmp_path / "keys.pt")
    np.savez(tmp_path / "d.npz", X=X.numpy(), y=np.sign(X[:, 0].numpy()))
    (tmp_path / "usermod.py").write_text(
        "import torch\nfrom torch import nn\n"
        "class Net(nn.Module):\n"
        "    def __init__(self, d=6, act=torch.relu):\n"
        "        super().__init__()\n"
        "        self.fc1, self.fc2, self.act = nn.Linear(d, 8, bias=False), nn.Linear(8, 1, bias=False), act\n"
        "    def forward(self, x):\n"
        "        return self.fc2(self.act(self.fc1(x)))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", "examples/kkt")
    from usermod import Net
    torch.save(Net().double().state_dict(), tmp_path / "net.pt")
    args = ["kkt", "--data", str(tmp_path / "d.npz"), "--model"]
    rc = main([*args, str(tmp_path / "keys.pt"), "--model-class", "models:MLP", "--model-kwargs", '{"d": 6, "width": 16}'])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "missing layers.2.weight" in err and "unexpected layers.9.weight" in err
    rc = main([*args, str(tmp_path / "keys.pt"), "--model-class", "models:MLP", "--model-kwargs", '{"d": 6, "width": 8}'])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "shape of layers.0.weight (16, 6) in the checkpoint, (8, 6) in the model" in err
    rc = main([*args, str(tmp_path / "net.pt"), "--model-class", "usermod:Net", "--model-kwargs", '{"act": "relu"}'])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "--data" not in err
    assert '--model-class usermod:Net --model-kwargs {"act": "relu"}' in err and "JSON cannot express" in err
    assert "'str' object is not callable" in err


def test_boolean_labels_are_read_as_0_1_then_pm1(net_data):
    net, X, y = net_data
    r, rb = kkt(net, X, y), kkt(net, X, (y > 0).numpy())
    assert rb.kkt_stationarity == r.kkt_stationarity and rb.multipliers == r.multipliers
    assert "boolean labels read as 0/1 (False = class 0, True = class 1)" in rb.notes
    assert any("labels 0/1 read as ±1" in t for t in rb.notes)


def _trained_cnn(X, y, C):
    """Lyu & Li's first-bias CNN in miniature, trained as test_kkt_papers' fixture (cross-entropy, 300 SGD steps)."""
    torch.manual_seed(0)
    net = CNN(C=C).double()
    opt = torch.optim.SGD(net.parameters(), lr=0.5)
    for _ in range(300):
        opt.zero_grad()
        F.cross_entropy(net(X), y).backward()
        opt.step()
    return net


def test_first_bias_cnn_ties_are_recognised_at_kink_tol_0():
    X, y = blank_background(n_per=4, C=2)
    net = _trained_cnn(X, y, 2)
    r, r0 = kkt(net, X, y), kkt(net, X, y, kink_tol=0.0)
    assert r.kinks["smooth_ties"] == 8 and r0.kinks["smooth_ties"] == 8 and r0.kinks["ties"] == {}
    assert r0.certified and r0.kkt_stationarity == r.kkt_stationarity and r.gradient_check["passed"] is True


# ------------------------------------------------------------------------------------ multi-class margin, degree
def test_an_example_beaten_by_one_class_is_misclassified():
    """Outputs (1, 2, 0) for class 0: it beats class 2 but class 1 beats it — its margin is min_j (f_y − f_j) = −1."""
    net = nn.Linear(3, 3, bias=False).double()
    with torch.no_grad():
        net.weight.copy_(torch.eye(3))
    X = torch.tensor([[1.0, 2.0, 0.0], [0.0, 3.0, 1.0], [0.0, 1.0, 2.0]], dtype=torch.float64)
    r = kkt(net, X, torch.tensor([0, 1, 2]))
    assert r.misclassified == 1 and r.min_margin == -1.0 and r.verdict == "violated"
    assert "margin ≤ 0: #0)" in r.data_warning


class AlmostQuadratic(nn.Module):
    """(w·x)² + 1e-11·(w·x): homogeneous of degree 2 to 1e-11, its measured degree just below 2."""

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([1.0, 0.5], dtype=torch.float64))

    def forward(self, x):
        z = x @ self.w
        return z * z + 1e-11 * z


def test_a_degree_just_below_an_integer_is_rounded():
    X = torch.tensor([[1.0, 0.2], [0.8, 0.6], [1.2, -0.1]], dtype=torch.float64)
    r = kkt(AlmostQuadratic(), X, torch.ones(3))
    assert 2 - 1e-9 < r.degree_measured < 2 and r.degree == 2


def test_a_traced_cnn_is_analysed_like_the_eager_one(tmp_path):
    import io

    from ibcheck.user_model import load_model
    X, y = blank_background()
    net = _trained_cnn(X, y, 3)
    buf = io.BytesIO()
    torch.jit.save(torch.jit.trace(net, X), buf)
    (tmp_path / "t.pt").write_bytes(buf.getvalue())
    ref = kkt(net, X, y)
    for m in (torch.jit.trace(net, X), load_model(tmp_path / "t.pt")):
        r = kkt(m, X, y)
        assert any(n.startswith("traced TorchScript graph run as eager code") for n in r.notes)
        assert r.certified and r.kinks["smooth_ties"] == ref.kinks["smooth_ties"] and r.gradient_check["passed"]
        assert r.kkt_stationarity == ref.kkt_stationarity and r.multipliers == ref.multipliers


def test_parameter_hooks_are_named_and_the_forward_differentiated(net_data):
    """A hook on a stored parameter is not part of the forward: the analysis differentiates the forward itself (the
    numbers of the model without the hook), says so, and its gradients pass the check."""
    net, X, y = net_data
    hooked = nn.Sequential(nn.Linear(20, 10, bias=False), nn.ReLU(), nn.Linear(10, 1, bias=False)).double()
    hooked.load_state_dict(net.state_dict())
    hooked[0].weight.register_hook(lambda g: 0.5 * g)
    r, ref = kkt(hooked, X, y), kkt(net, X, y)
    assert "backward hooks on parameter(s) 0.weight are not part of the forward: ignored" in r.notes
    assert r.certified and r.kkt_stationarity == ref.kkt_stationarity and r.gradient_check["passed"] is True


class RandomNet(nn.Module):
    """A random positively homogeneous net (depth, widths, leaky slope, first-layer bias drawn), optionally with one
    layer's gradient scaled by ``c`` through ``detach`` (a surrogate that keeps the forward)."""

    def __init__(self, rng, d):
        super().__init__()
        widths = [d] + [int(w) for w in rng.integers(3, 12, size=int(rng.integers(1, 3)))] + [1]
        self.layers = nn.ModuleList(nn.Linear(a, b, bias=(k == 0 and bool(rng.integers(2))))
                                    for k, (a, b) in enumerate(zip(widths[:-1], widths[1:])))
        self.slope = float(rng.choice([0.0, 0.1, 0.5]))
        self.scaled, self.c = None, 1.0

    def forward(self, x):
        for k, layer in enumerate(self.layers):
            W = layer.weight
            if k == self.scaled:
                W = W.detach() + self.c * (W - W.detach())
            x = F.linear(x, W, layer.bias)
            if k < len(self.layers) - 1:
                x = F.leaky_relu(x, self.slope)
        return x


def test_the_gradient_check_on_random_nets_drawn_at_test_time():
    """Held-out families: random depths, widths, slopes, biases and data, drawn fresh on every run (the seed is in
    the message). The true net's gradients always pass; one layer's gradient scaled by c ∈ [0.5, 0.8] ∪ [1.25, 2]
    always fails, naming that layer."""
    seed = int(np.random.SeedSequence().entropy % 2 ** 32)
    rng = np.random.default_rng(seed)
    for trial in range(6):
        d, n = int(rng.integers(3, 8)), int(rng.integers(5, 12))
        torch.manual_seed(int(rng.integers(2 ** 31)))
        net = RandomNet(rng, d).double()
        X = torch.as_tensor(rng.standard_normal((n, d)))
        with torch.no_grad():
            y = torch.sign(net(X).reshape(-1))
        if (y == 0).any():
            continue
        r = kkt(net, X, y)
        assert r.gradient_check["passed"] is True, (seed, trial, r.gradient_check["worst"])
        net.scaled = int(rng.integers(len(net.layers)))
        net.c = float(rng.choice([rng.uniform(0.5, 0.8), rng.uniform(1.25, 2.0)]))
        s = kkt(net, X, y)
        assert s.gradient_check["passed"] is False and not s.certified, (seed, trial, net.scaled, net.c)
        assert s.gradient_check["tensors"][f"layers.{net.scaled}.weight"]["worst_ratio"] > 1, (seed, trial)
