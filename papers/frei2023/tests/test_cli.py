"""The command line per CONTRACT.md on frei2023's claims: exit 2 on bad usage and bad data, inseparable data outside
the hypotheses, the global theorem's JSON, output paths checked before any work (the generic CLI tests:
tests/test_cli.py)."""
import json

import numpy as np
import pytest

from ibcheck.testing.cli import run_cli


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


@pytest.mark.parametrize("args,msg", [
    (["check", "frei2023.thm3.4", "--set", "m1=0"], "m1=0"),
    (["check", "frei2023.thm3.4", "--set", "gamma=0"], "γ must lie in (0, 1]"),
    (["check", "frei2023.thm3.4", "--set", "loss=hinge"], "exp or logistic"),
    (["check", "frei2023.thm4.2.srank", "--set", "init_scale=0"], "init_scale=0"),
    (["check", "frei2023.thm4.2.srank", "--set", "eta_scale=-1"], "eta_scale=-1"),
    (["check", "frei2023.thm4.2.loss", "--set", "gamma=2"], "γ must lie in (0, 1]"),
    (["check", "frei2023.fig2", "--set", "cifar_dir=/nonexistent/cifar"], "does not exist"),
])
def test_bad_usage_is_one_line_exit_2(args, msg):
    p = run_cli(*args)  # main in-process (ibcheck.testing.cli); tests/test_cli.py starts a process
    assert p.returncode == 2, p.stdout
    assert msg in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def _frei_npz(tmp_path, kind):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(10, 3000))
    y = np.where(np.arange(10) % 2 == 0, 1.0, -1.0)
    if kind == "labels":
        y = y * 2
    elif kind == "nan":
        X[3, 3] = np.inf
    elif kind == "inseparable":
        X[1] = X[0]
    f = tmp_path / f"{kind}.npz"
    np.savez(f, X=X, y=y)
    return str(f)


@pytest.mark.parametrize("kind,msg", [("labels", "labels must be ±1"), ("nan", "NaN or Inf")])
def test_frei_bad_data(tmp_path, kind, msg):
    p = run_cli("check", "frei2023.thm3.4", "--data", _frei_npz(tmp_path, kind))  # main in-process
    assert p.returncode == 2 and msg in p.stderr and len(p.stderr.strip().splitlines()) == 1


def test_frei_inseparable_data_is_outside_hypotheses(tmp_path):
    p = ibcheck("check", "frei2023.thm3.4", "--data", _frei_npz(tmp_path, "inseparable"))
    assert p.returncode == 3, p.stdout + p.stderr
    assert "not linearly separable" in p.stdout


def test_frei_global_acceptance_json(tmp_path):
    j = tmp_path / "g.json"
    p = ibcheck("check", "frei2023.thm3.2.global", "--set", "n=20", "--set", "d=20000", "--set", "m1=5",
                "--set", "m2=5", "--set", "gamma=0.5", "--json", str(j))
    assert p.returncode == 3  # outside (H), conclusions hold
    r = json.loads(j.read_text())
    q = r["quantities"]
    for k in ("normalized_margin", "w_star_norm", "optimal_normalized_margin", "margin_spread", "sigma3_over_sigma1",
              "stable_rank", "kkt_stationarity", "kkt_complementarity", "svm_margin", "z_margin", "margin_ratio",
              "factor", "boundary_agreement", "H_slack", "time_to_log2_over_n"):
        assert k in q, k
    assert abs(q["normalized_margin"] / q["optimal_normalized_margin"] - 1) <= 1e-4
    assert all(c["holds"] for c in r["conclusions"])


def test_output_paths_are_checked_before_any_work(tmp_path):
    import time
    t = time.perf_counter()
    p = ibcheck("check", "frei2023.thm3.2.global", "--json", "/nonexistent/dir/out.json")
    assert p.returncode == 2 and "not writable" in p.stderr and time.perf_counter() - t < 30
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = ibcheck("report", "--out", str(blocker / "sub"))
    assert r.returncode == 2 and "--out" in r.stderr
