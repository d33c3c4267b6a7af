"""CLI contract of soudry2018: every claim ID listed and generated; soudry2018.residual_limit's acceptance command on a
user dataset — w_hat and w_tilde equal to an independent computation (scipy SLSQP + a nonlinear solve of Σ_S η
e^{−z_nᵀw̃} z_n = ŵ) to 1e-6 relative; bad input is one line and exit 2."""
import json

import numpy as np
import pytest
from scipy.optimize import minimize

from ibcheck.testing.cli import run_cli

IDS = ["soudry2018.asymptotic", "soudry2018.residual_limit", "soudry2018.direction_rate",
       "soudry2018.margin_loss_rates", "soudry2018.stepsize", "soudry2018.fig1", "soudry2018.rank_condition"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def user_data(path):
    rng = np.random.default_rng(4)
    X = rng.normal(size=(15, 3))
    y = np.where(X @ np.array([1.0, -2.0, 0.5]) >= 0, 1, -1)  # ±1 integers, as a user would save them
    np.savez(path, X=X, y=y)
    return X, y.astype(float)


def independent_references(Z, eta):
    n, d = Z.shape
    r = minimize(lambda w: 0.5 * w @ w, np.ones(d), jac=lambda w: w, method="SLSQP",
                 constraints=[{"type": "ineq", "fun": lambda w: Z @ w - 1, "jac": lambda w: Z}],
                 options={"ftol": 1e-16, "maxiter": 2000})
    w_hat = r.x
    S = Z @ w_hat < 1 + 1e-6
    ZS = Z[S]
    assert np.linalg.matrix_rank(ZS) == d  # the rank condition holds on this dataset
    # w̃ solves Σ_S η e^{−z_nᵀw̃} z_n = ŵ: the stationary point of the strictly convex ηΣ_S e^{−z_nᵀw} + ⟨ŵ, w⟩
    f = lambda w: eta * np.exp(-(ZS @ w)).sum() + w_hat @ w  # noqa: E731
    g = lambda w: w_hat - eta * ZS.T @ np.exp(-(ZS @ w))  # noqa: E731
    h = lambda w: eta * ZS.T @ (np.exp(-(ZS @ w))[:, None] * ZS)  # noqa: E731
    w = minimize(f, np.zeros(d), jac=g, hess=h, method="trust-exact", options={"gtol": 1e-13}).x
    for _ in range(5):  # Newton polish of the trust-region answer
        w = w - np.linalg.solve(h(w), g(w))
    assert np.linalg.norm(g(w)) < 1e-12 * np.linalg.norm(w_hat)
    return w_hat, w, int(S.sum())


def test_residual_limit_acceptance_on_user_data(tmp_path):
    f = tmp_path / "mine.npz"
    X, y = user_data(f)
    Z = y[:, None] * X
    eta = 0.05
    j = tmp_path / "out.json"
    p = ibcheck("check", "soudry2018.residual_limit", "--data", str(f), "--set", f"eta={eta}", "--json", str(j))
    assert p.returncode in (0, 1, 3, 4), p.stderr
    r = json.loads(j.read_text())
    q = r["quantities"]
    w_hat, w_tilde, n_s = independent_references(Z, eta)
    assert q["n_support"] == n_s
    assert np.linalg.norm(np.array(q["w_hat"]) - w_hat) <= 1e-6 * np.linalg.norm(w_hat)
    assert np.linalg.norm(np.array(q["w_tilde"]) - w_tilde) <= 1e-6 * np.linalg.norm(w_tilde)
    assert r["params"]["eta"] == eta and r["data"]["kind"] == "user:mine.npz"
    # On this dataset θ = 1.93 but λ_min(Z_Sᵀdiag(α_S)Z_S) = 0.67 < θ − 1, so ‖ρ − w̃‖ (2.7 … 0.072 at 10³ … 10⁶)
    # decays at slope −0.56: ρ → w̃ is verified by its observed order; the spec's heuristic 1 − θ = −0.93 (a
    # diagnostic) fails, the refined −min(θ−1, λ_min) holds.
    from ibcheck.checks.cases import pattern
    assert pattern(r) == "TTTT|TTTTFT" and r["verdict"] == "verified", r["reason"]  # the descent row second


@pytest.mark.parametrize("kind,msg", [("zero_label", "zero label"), ("nan", "NaN"), ("noy", "missing array 'y'")])
def test_residual_limit_bad_data_is_one_line_exit_2(tmp_path, kind, msg):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(10, 3))
    y = np.where(X[:, 0] > 0, 1.0, -1.0)
    f = tmp_path / "bad.npz"
    if kind == "zero_label":  # {0, 1} labels are read as ±1 with a note; a 0 among ±1 belongs to no class
        y[3] = 0.0
        np.savez(f, X=X, y=y)
    elif kind == "nan":
        X[0, 0] = np.nan
        np.savez(f, X=X, y=y)
    else:
        np.savez(f, X=X)
    p = run_cli("check", "soudry2018.residual_limit", "--data", str(f), "--set", "steps=10000")  # main in-process
    assert p.returncode == 2 and msg in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr


@pytest.mark.parametrize("setting", ["eta=-1", "steps=12345", "loss=hinge"])
def test_bad_parameters_exit_2(setting):
    p = run_cli("check", "soudry2018.residual_limit", "--set", setting)  # main in-process (ibcheck.testing.cli)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_non_separable_user_data_is_outside_hypotheses(tmp_path):
    f = tmp_path / "xor.npz"
    np.savez(f, X=np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]]), y=np.array([1, 1, -1, -1]))
    p = ibcheck("check", "soudry2018.residual_limit", "--data", str(f), "--set", "steps=10000")
    assert p.returncode == 3, p.stdout + p.stderr


def test_every_new_id_is_listed_and_generated():
    out = ibcheck("list").stdout
    assert len(IDS) == 7 and all(cid in out for cid in IDS)
    from ibcheck.checks.cases import cases
    ids = {c[0] for c in cases("quick")}
    assert set(IDS) <= ids
