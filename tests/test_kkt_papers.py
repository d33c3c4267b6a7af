"""``ibcheck kkt`` on the papers' own architectures: no false doubt (ties of one function of θ), no false certainty
(surrogate gradients, a near-kink counted as a kink), their sizes (a streamed Gram equal to the held gradients),
their formats (state_dict checkpoints, labels 0/1, every bias named, pairs named by example and class) and data that
are not what the model was trained on (the warning first)."""
import json

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from scipy.optimize import nnls
from torch import nn

from ibcheck.cli import main
from ibcheck.model_kkt import kkt
from ibcheck.numerics.runtime.errors import InputError

from .test_kkt_in_practice import CNN, assert_agrees, cnn_fn, reference
from .test_kkt_model import cone_data, trained


def blank_background(n_per=3, C=3, seed=1):
    """Strokes on a blank background whose place is the class (MNIST's structure, 8×8)."""
    g = torch.Generator().manual_seed(seed)
    y = torch.arange(C).repeat_interleave(n_per)
    X = torch.zeros(len(y), 1, 8, 8, dtype=torch.float64)
    for i, c in enumerate(y.tolist()):
        r0, c0 = [(1, 1), (1, 4), (4, 2)][c]
        X[i, 0, r0:r0 + 3, c0:c0 + 3] = 1.0 + 0.3 * torch.rand(3, 3, generator=g, dtype=torch.float64)
    return X, y


@pytest.fixture(scope="module")
def cnn():
    X, y = blank_background()
    torch.manual_seed(0)
    net = CNN().double()
    opt = torch.optim.SGD(net.parameters(), lr=0.5)
    for _ in range(300):
        opt.zero_grad()
        F.cross_entropy(net(X), y).backward()
        opt.step()
    assert (net.conv1.bias > 0).any()  # relu(b_c) > 0 fills the blank windows: ties at every example
    return net, X, y


def test_cnn_ties_of_one_function_are_not_kinks_and_residuals_match(cnn):
    net, X, y = cnn
    r = kkt(net, X, y)
    assert r.kinks["smooth_ties"] == 9 and r.kinks["ties"] == {} and r.kinks["uncertified"] == 0
    assert r.certified and r.verdict in ("verified", "violated")
    assert_agrees(r, reference(cnn_fn, list(net.parameters()), X, y, 3), 3)  # to 1e-10, independently


def test_a_tie_between_different_functions_stays_a_kink_named_by_example_and_class():
    """Tied max-pool entries with different gradients (patches (1, 1) and (2, 0) under weights (1, 1)): a kink, not
    certified, and the message names the example and the class of the first such pair (not a constraint index)."""
    net = nn.Sequential(nn.Conv1d(2, 1, 1, bias=False), nn.MaxPool1d(2), nn.Flatten(),
                        nn.Linear(2, 3, bias=False)).double()
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor([[[1.0], [1.0]]]))
        net[3].weight.copy_(torch.tensor([[1.0, -1.0], [-1.0, 0.5], [0.2, 0.1]]))
    X = torch.tensor([[[1.0, 2.0, 0.5, 0.1], [1.0, 0.0, 0.5, 0.0]],
                      [[0.1, 0.3, 1.0, 3.0], [0.0, 0.2, 1.0, 0.5]]], dtype=torch.float64)
    with torch.no_grad():
        y = net(X).argmax(1)
    r = kkt(net, X, y)
    assert r.kinks["ties"] == {"0": ["max-pool tie in model.1 (MaxPool1d)"]} and r.kkt_stationarity is None
    j = [c for c in range(3) if c != int(y[0])][0]
    assert f"(first: example 0, class {j}: max-pool tie" in r.certification and r.verdict == "inconclusive"


class StraightThrough(nn.Module):
    """ReLU forward, identity backward, without a custom Function: only the Euler identity can tell."""

    def __init__(self, d, m):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(d, m), nn.Linear(m, 1, bias=False)

    def forward(self, x):
        z = self.fc1(x)
        return self.fc2(z + (torch.relu(z) - z).detach())


def test_surrogate_gradients_are_never_certified():
    import sys
    sys.path.insert(0, "examples/kkt")
    from models import MLP
    X, y = cone_data(n=10, d=6)
    torch.manual_seed(3)
    sur = MLP(6, 16, activation="modified").double()
    with torch.no_grad():
        y_s = torch.sign(sur(X).reshape(-1))
    r = kkt(sur, X, y_s)
    assert r.certified is False and r.verdict == "inconclusive" and r.kkt_stationarity is not None
    assert r.kinks["custom_functions"] == ["ModifiedReluFunc"] and "ModifiedReluFunc" in r.reason
    # the same network with its true ReLU: certified (the surrogate, not the architecture, is refused)
    true = MLP(6, 16).double()
    true.load_state_dict(sur.state_dict())
    rt = kkt(true, X, y_s)
    # a true ReLU net: the Euler identity ⟨θ,∇q⟩ = Lq holds to rounding of O(1) sums (~1e-15)
    assert rt.certified and rt.verdict in ("verified", "violated") and rt.euler_gradient_check < 1e-12
    assert r.euler_gradient_check > 1e3 * r.euler_tol if hasattr(r, "euler_tol") else True
    torch.manual_seed(0)
    st = StraightThrough(6, 16).double()
    with torch.no_grad():
        y_t = torch.sign(st(X).reshape(-1))
    r = kkt(st, X, y_t)
    assert r.certified is False and r.verdict == "inconclusive" and "Euler identity" in r.reason
    assert r.euler_gradient_check > 1e-3


def test_near_kink_is_not_a_kink_and_the_upper_bound_holds():
    """One pre-activation at −1e-10·scale: smooth there (its sign is beyond rounding), so the default residual equals
    the exact one computed independently; a Clarke box at 1e-9 (the former default) undercuts the exact value."""
    X, y = cone_data()
    net = trained(1500)
    with torch.no_grad():
        W, a = net[0].weight, net[2].weight[0]
        Z = X @ W.T
        # the inactive (unit, example) pair with the largest |a_j|: moving it to the kink matters most
        j, i = max(((j, i) for j in range(W.shape[0]) for i in range(len(y)) if Z[i, j] < 0), key=lambda t: abs(a[t[0]]))
        for _ in range(3):  # ⟨w_j, x_i⟩ = −1e-10·‖w_j‖‖x_i‖ (a fixed point: the step changes ‖w_j‖ a little)
            scale = float(W[j].norm() * X[i].norm())
            W[j] -= (float(X[i] @ W[j]) + 1e-10 * scale) / float(X[i] @ X[i]) * X[i]
        rel = float(X[i] @ W[j]) / float(W[j].norm() * X[i].norm())
        # the constructed pre-activation: −1e-10 to a few ulps of the O(1) projection step (≤ 1e-13)
        assert rel < 0 and abs(rel + 1e-10) < 1e-13
    r = kkt(net, X, y)
    # the derived kink tolerance is 4·γ_N for fan-in ~20 (≈ 1e-14), far below 1e-12
    assert r.kinks["count"] == 0 and r.kinks["kink_tol_rule"] == "rounding" and r.kinks["kink_tol"] < 1e-12
    ps = [p.detach().clone() for p in net.parameters()]
    with torch.no_grad():
        qmin = float((y * net(X).reshape(-1)).min())
    tp = [(p / qmin ** 0.5).requires_grad_(True) for p in ps]
    q = y * (F.relu(X @ tp[0].T) @ tp[1].T).reshape(-1)
    G = np.stack([torch.cat([g.reshape(-1) for g in torch.autograd.grad(q[k], tp, retain_graph=True)]).numpy()
                  for k in range(len(q))])
    th = torch.cat([p.detach().reshape(-1) for p in tp]).numpy()
    lam, _ = nnls(G.T, th)
    exact = float(np.linalg.norm(th - G.T @ lam) / np.linalg.norm(th))
    assert r.kkt_stationarity >= exact * (1 - 1e-9) and r.kkt_stationarity == pytest.approx(exact, rel=1e-9)
    old = kkt(net, X, y, kink_tol=1e-9)  # the near-kink as a Clarke box: a set larger than the true {∇q}
    assert old.kinks["count"] == 1 and old.kkt_stationarity <= exact * (1 + 1e-9)


def test_misclassified_examples_warn_first_with_the_likely_causes(tmp_path, capsys):
    X, y = cone_data()
    net = trained(300)
    shifted = X + 1.5 * torch.tensor([1.0] + [0.0] * 19, dtype=torch.float64)  # "raw" inputs: not centred
    r = kkt(net, shifted, y)
    assert r.misclassified > 0 and r.verdict == "violated" and r.data_warning.startswith(f"{r.misclassified} of 8")
    assert "preprocessing" in r.data_warning and "labels" in r.data_warning
    lines = r.summary().splitlines()
    assert lines[1].startswith("  WARNING (data)") and "see the data warning first" in lines[-1]
    assert kkt(net, X, y).data_warning is None
    torch.save(net, tmp_path / "m.pt")
    np.savez(tmp_path / "raw.npz", X=shifted.numpy(), y=y.numpy())
    rc = main(["kkt", "--model", str(tmp_path / "m.pt"), "--data", str(tmp_path / "raw.npz")])
    err = capsys.readouterr().err
    assert rc == 1 and err.startswith("ibcheck kkt: WARNING (data):")


def test_streamed_gram_equals_the_held_gradients(monkeypatch):
    """Binary with a Clarke box (explicit vectors crossed with streamed rows) and multi-class: chunk sizes 1, 3, 8
    give the numbers of the explicit path to 1e-9 (the Gram's rounding), and the same verdict — also when the
    panel holds only a few chunks (later chunks recomputed against each panel)."""
    from ibcheck.numerics.probe import homogeneous_gram as HG
    X, y = cone_data(n=12)
    net = trained(1500, n=12)
    with torch.no_grad():  # an exact kink: unit 0 at 0 on example 0
        W = net[0].weight
        W[0] -= float(X[0] @ W[0]) / float(X[0] @ X[0]) * X[0]
    ref = kkt(net, X, y)
    assert ref.kinks["box"] >= 1
    for ch, panel in ((1, None), (3, None), (8, None), (2, 5)):
        if panel:  # a panel of 4 examples (5 rows' bytes, whole chunks of 2): 3 panels for n = 12
            monkeypatch.setattr(HG, "PANEL_BYTES", 8 * 5 * sum(p.numel() for p in net.parameters()))
        r = kkt(net, X, y, chunk_size=ch)
        assert not panel or (r.gradients["panel"] == 4 and r.gradients["passes"] == 12 + 8 + 4)
        assert r.gradients["mode"] == "streamed" and r.gradients["chunk_size"] == ch and r.verdict == ref.verdict
        # streamed vs explicit Gram: the same sums in another order; stationarity O(1), so rel 1e-7 is loose and abs 1e-12 covers 0
        assert r.kkt_stationarity == pytest.approx(ref.kkt_stationarity, rel=1e-7, abs=1e-12)
        assert np.abs(np.array(r.multipliers) - ref.multipliers).max() <= 1e-6 * max(ref.multipliers)
    monkeypatch.undo()
    g = torch.Generator().manual_seed(0)
    Xm = torch.randn(9, 5, generator=g, dtype=torch.float64)
    torch.manual_seed(0)
    mc = nn.Sequential(nn.Linear(5, 12, bias=False), nn.ReLU(), nn.Linear(12, 3, bias=False)).double()
    with torch.no_grad():
        ym = mc(Xm).argmax(1)
    a, b = kkt(mc, Xm, ym), kkt(mc, Xm, ym, chunk_size=2)
    assert a.verdict == b.verdict and b.gradients["passes"] == 9 and b.gradients["panel"] == 9
    assert b.kkt_stationarity == pytest.approx(a.kkt_stationarity, rel=1e-9)
    assert np.abs(np.array(a.multipliers) - b.multipliers).max() <= 1e-9 * max(a.multipliers)


def test_state_dict_with_its_class_labels_01_and_the_refusals(tmp_path, capsys, monkeypatch):
    import sys
    sys.path.insert(0, "examples/kkt")
    from models import MLP
    X, y = cone_data(n=10, d=6)
    torch.manual_seed(3)
    net = MLP(6, 16).double()
    with torch.no_grad():
        y = torch.sign(net(X).reshape(-1))
    torch.save({"model_state_dict": {f"module.{k}": v for k, v in net.state_dict().items()}, "epoch": 3},
               tmp_path / "ckpt.pt")
    torch.save(net, tmp_path / "pickled.pt")
    np.savez(tmp_path / "pm.npz", X=X.numpy(), y=y.numpy())
    np.savez(tmp_path / "01.npz", X=X.numpy(), y=((y.numpy() + 1) / 2).astype(int))
    monkeypatch.setenv("PYTHONPATH", "examples/kkt")
    out = {}
    for name, args in (("pickled", ["--model", tmp_path / "pickled.pt", "--data", tmp_path / "pm.npz"]),
                       ("ckpt", ["--model", tmp_path / "ckpt.pt", "--model-class", "models:MLP", "--model-kwargs",
                                 '{"d": 6, "width": 16}', "--data", tmp_path / "01.npz"])):
        rc = main(["kkt", *map(str, args), "--json", str(tmp_path / f"{name}.json")])
        out[name] = (rc, json.loads((tmp_path / f"{name}.json").read_text()), capsys.readouterr().out)
    (rc1, a, _), (rc2, b, text) = out["pickled"], out["ckpt"]
    assert rc1 == rc2 and a["kkt_stationarity"] == b["kkt_stationarity"] and a["multipliers"] == b["multipliers"]
    assert "labels 0/1 read as ±1 (y ↦ 2y − 1" in text
    bad = [(["--model-kwargs", '{"d": 6, "width": 8}'], "does not fit MLP"),
           (["--model-kwargs", "{d: 6}"], "not JSON"),
           (["--model-class", "models:Nope"], "has no Nope"),
           (["--model-class", "nosuchmodule:X"], "not importable")]
    for extra, needle in bad:
        base = {"--model-class": "models:MLP", "--model-kwargs": '{"d": 6, "width": 16}'}
        base.update(dict(zip(extra[::2], extra[1::2])))
        rc = main(["kkt", "--model", str(tmp_path / "ckpt.pt"), "--data", str(tmp_path / "pm.npz"),
                   *[x for kv in base.items() for x in kv]])
        err = capsys.readouterr().err
        assert rc == 2 and needle in err and err.count("\n") == 1, (extra, err)
    rc = main(["kkt", "--model", str(tmp_path / "ckpt.pt"), "--data", str(tmp_path / "pm.npz")])
    assert rc == 2 and "--model-class pkg.module:Class" in capsys.readouterr().err
    with pytest.raises(InputError, match=r"labels must be ±1 \(or 0/1"):
        kkt(net, X, torch.tensor([0.0, 2.0] * 5))


def test_every_bias_after_the_first_layer_is_named():
    import sys
    sys.path.insert(0, "examples/kkt")
    from models import AllBias
    X, _ = cone_data(n=10, d=5)
    torch.manual_seed(0)
    net = AllBias(5).double()
    with torch.no_grad():
        y = torch.sign(net(X).reshape(-1))
    with pytest.raises(InputError, match=r"parameters fc3\.bias, fc2\.bias breaks it: scaled as c\^3, c\^2 instead "
                                         r"of c, the model is homogeneous of degree 3"):
        kkt(net, X, y)
