"""``ibcheck kkt`` as a script sees it: the (ε, δ) verdict line and its exit codes, and every refusal before any work
(an unwritable --json, a problem too large, a directory, a model pickled from a training script's __main__)."""
import json
import sys

import numpy as np
import pytest
import torch
from torch import nn

from ibcheck.cli import main

from .test_kkt_model import ThreeLayerCustom, cone_data, trained

CALLS = []


class Counting(nn.Module):
    """A linear model with a wide hidden layer whose forward records that it ran (refusals must come first)."""

    def __init__(self, width):
        super().__init__()
        self.fc, self.out = nn.Linear(3, width, bias=False), nn.Linear(width, 1, bias=False)

    def forward(self, x):
        CALLS.append(1)
        return self.out(self.fc(x))


def run(capsys, *args):
    rc = main(["kkt", *map(str, args)])
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("kkt")
    X, y = cone_data()
    torch.save(trained(1500), d / "trained.pt")
    torch.save(trained(5), d / "early.pt")
    np.savez(d / "d.npz", X=X.numpy(), y=y.numpy())
    torch.manual_seed(1)
    deep = ThreeLayerCustom().double()
    with torch.no_grad():
        yd = torch.sign(deep(X).squeeze(-1))
    torch.jit.save(torch.jit.script(deep), d / "scripted.pt")
    np.savez(d / "dd.npz", X=X.numpy(), y=yd.numpy())
    return d


def test_verdict_exit_codes(files, capsys):
    rc, out, _ = run(capsys, "--model", files / "trained.pt", "--data", files / "d.npz", "--json", files / "t.json")
    assert rc == 0 and out.splitlines()[-1].startswith("verdict: verified (ε = 0.001, δ = 0.01)")
    r = json.loads((files / "t.json").read_text())
    assert r["verdict"] == "verified" and r["eps"] == 1e-3 and r["delta"] == 1e-2
    rc, out, _ = run(capsys, "--model", files / "early.pt", "--data", files / "d.npz")
    assert rc == 1 and "verdict: violated" in out and "no multipliers reach stationarity" in out
    rc, out, _ = run(capsys, "--model", files / "early.pt", "--data", files / "d.npz", "--eps", "0.5", "--delta", "10")
    assert rc == 0 and "verdict: verified (ε = 0.5, δ = 10)" in out
    rc, out, _ = run(capsys, "--model", files / "scripted.pt", "--data", files / "dd.npz")
    assert rc == 4 and "verdict: inconclusive" in out and "custom forward hides its activations" in out


@pytest.mark.parametrize("bad", ["0", "-1", "nan", "inf"])
def test_tolerances_must_be_positive(files, capsys, bad):
    rc, _, err = run(capsys, "--model", files / "trained.pt", "--data", files / "d.npz", "--eps", bad)
    assert rc == 2 and "--eps" in err and err.count("\n") == 1


def test_refusals_come_before_any_work(tmp_path, capsys, monkeypatch):
    from ibcheck.numerics.runtime import memory
    monkeypatch.setattr(memory, "available_bytes", lambda: 2 ** 30)  # a 1 GiB machine: 0.5 GiB usable
    X = np.random.default_rng(0).normal(size=(9000, 3))  # its 9000×9000 Gram takes 0.6 GiB
    np.savez(tmp_path / "big.npz", X=X, y=np.sign(X[:, 0]))
    torch.save(Counting(20).double(), tmp_path / "big.pt")
    CALLS.clear()
    rc, _, err = run(capsys, "--model", tmp_path / "big.pt", "--data", tmp_path / "big.npz")
    assert rc == 2 and "problem too large" in err and "n = 9000" in err and "0.6" in err and not CALLS
    torch.save(Counting(3).double(), tmp_path / "m.pt")
    np.savez(tmp_path / "d.npz", X=np.eye(3), y=np.array([1.0, -1.0, 1.0]))
    for path, needle in ((tmp_path / "no" / "out.json", "no such directory"), (tmp_path, "is a directory")):
        CALLS.clear()
        rc, out, err = run(capsys, "--model", tmp_path / "m.pt", "--data", tmp_path / "d.npz", "--json", path)
        assert rc == 2 and f"--json {path}: {needle}" in err and not CALLS and out == ""


class MainNet(nn.Module):
    """A class as a training script defines it: pickled as ``__main__.MainNet``, which no other process has."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1, bias=False)

    def forward(self, x):
        return self.fc(x)


def test_model_directory_and_main_pickle(tmp_path, capsys, monkeypatch):
    np.savez(tmp_path / "d.npz", X=np.eye(3), y=np.array([1.0, -1.0, 1.0]))
    rc, _, err = run(capsys, "--model", tmp_path, "--data", tmp_path / "d.npz")
    assert rc == 2 and "is a directory, not a model file" in err
    with monkeypatch.context() as m:  # the training script's process: its __main__ holds the class while it saves
        m.setattr(MainNet, "__module__", "__main__")
        m.setattr(sys.modules["__main__"], "MainNet", MainNet, raising=False)
        torch.save(MainNet(), tmp_path / "main.pt")
    assert b"__main__" in (tmp_path / "main.pt").read_bytes() and not hasattr(sys.modules["__main__"], "MainNet")
    rc, _, err = run(capsys, "--model", tmp_path / "main.pt", "--data", tmp_path / "d.npz")
    assert rc == 2 and err.count("\n") == 1
    assert "pickled from a script's __main__" in err and "importable module" in err and "torch.jit.save" in err
