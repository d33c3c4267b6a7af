"""The Python API (ibcheck.kkt, ibcheck.run_check), the pytest helpers, and the runnable example of docs/api.md (run_check
and assert_verified on a real claim: a paper's own tests/test_api.py)."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from torch import nn

import ibcheck
from ibcheck.testing import assert_kkt

ROOT = Path(__file__).resolve().parents[1]


def test_import_ibcheck_is_light():
    """``import ibcheck`` must not import torch, cvxpy or the catalogue (the API is resolved lazily)."""
    code = ("import sys, ibcheck; heavy = [m for m in ('torch', 'cvxpy', 'ibcheck.checks.registry') if m in sys.modules]; "
            "print(heavy, ibcheck.__version__, sorted(ibcheck.__all__))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"[] {ibcheck.__version__}") and "kkt" in p.stdout and "run_check" in p.stdout
    with pytest.raises(AttributeError):
        ibcheck.no_such_thing  # noqa: B018


def _kkt_net():
    X = torch.eye(4, dtype=torch.float64)
    y = torch.tensor([1.0, -1.0, 1.0, -1.0], dtype=torch.float64)
    net = nn.Sequential(nn.Linear(4, 4, bias=False), nn.ReLU(), nn.Linear(4, 1, bias=False)).double()
    with torch.no_grad():
        net[0].weight.copy_(torch.eye(4))
        net[2].weight.copy_(y[None, :])
    return net, X, y


def test_kkt_result_and_assert_kkt():
    net, X, y = _kkt_net()
    res = ibcheck.kkt(net, X, y)
    assert isinstance(res, ibcheck.KKTResult)
    j = res.to_json()
    json.dumps(j, allow_nan=False)
    for k in ("normalized_margin", "degree", "kkt_stationarity", "kkt_complementarity", "stable_ranks",
              "kkt_euler_gap", "support", "worst_samples", "worst_units", "multipliers", "kinks", "metric"):
        assert k in j
    assert "stationarity" in res.summary()
    assert assert_kkt(net, X, y, eps=1e-9, delta=1e-9, degree=2, min_normalized_margin=0.12).degree == 2
    with pytest.raises(AssertionError, match=r"degree: measured 2, required == 3"):
        assert_kkt(net, X, y, degree=3)
    with torch.no_grad():
        net[0].weight.add_(0.2 * torch.randn(4, 4, generator=torch.Generator().manual_seed(0), dtype=torch.float64))
    with pytest.raises(AssertionError) as e:
        assert_kkt(net, X, y, eps=1e-3, delta=1e-2)
    assert "kkt_stationarity: measured" in str(e.value) and "required <= 0.001" in str(e.value)


def test_assert_kkt_fails_when_not_certified():
    net, X, y = _kkt_net()
    y = -y  # every margin negative: no residuals at all
    with pytest.raises(AssertionError, match=r"min_margin: measured .*; kkt_stationarity: not certified"):
        assert_kkt(net, X, y)


def test_docs_example_runs(tmp_path):
    """The pytest file of docs/api.md, extracted and run as a researcher would run it."""
    text = (ROOT / "docs" / "api.md").read_text()
    blocks = re.findall(r"<!-- runnable: (\S+) -->\n```python\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    name, code = blocks[0]
    (tmp_path / name).write_text(code)
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", name], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert "3 passed" in p.stdout
