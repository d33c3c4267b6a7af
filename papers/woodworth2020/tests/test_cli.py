"""The contract of woodworth2020 through the command line: woodworth2020.limit on a user dataset (acceptance: w_limit
equal to the exact argmin Q_α computed here), input errors (exit 2), and ``ibcheck list``."""
import json

import numpy as np
from ibcheck.testing.cli import run_cli

IDS = ["woodworth2020.limit", "woodworth2020.rich", "woodworth2020.kernel", "woodworth2020.transition"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def argmin_q_alpha_primal(X, y, alpha):
    """Independent of the dual: Newton on w = w₀ + Nz (N a basis of ker X) for Q_α(w) = Σα²q(w_i/α²),
    ∇Q = arcsinh(w/2α²), ∇²Q = diag(1/√(w² + 4α⁴)), backtracking on Q itself."""
    w0 = np.linalg.lstsq(X, y, rcond=None)[0]
    N = np.linalg.svd(X)[2][X.shape[0]:].T

    def Q(w):
        z = w / alpha ** 2
        return alpha ** 2 * np.sum(z * np.arcsinh(z / 2) - z * z / (2 + np.sqrt(4 + z * z)))
    z = np.zeros(N.shape[1])
    for _ in range(500):
        w = w0 + N @ z
        g = N.T @ np.arcsinh(w / (2 * alpha ** 2))
        # Newton on the dual: stop at a gradient of rounding size (O(1) data)
        if np.linalg.norm(g) < 1e-13:
            break
        H = (N.T / np.sqrt(w * w + 4 * alpha ** 4)) @ N
        step = -np.linalg.solve(H, g)
        s, q0 = 1.0, Q(w)
        # Armijo backtracking's smallest step (a loop guard, not a tolerance)
        while Q(w0 + N @ (z + s * step)) > q0 + 1e-4 * s * (g @ step) and s > 1e-12:
            s *= 0.5
        z = z + s * step
    return w0 + N @ z


def test_woodworth_limit_on_a_user_dataset(tmp_path):
    """Acceptance: verified, and w_limit equal to the exact argmin Q_α to 1e-6 relative (computed here, primal)."""
    rng = np.random.default_rng(7)
    X = rng.normal(size=(12, 50))
    y = X @ np.where(rng.random(50) < 0.1, rng.normal(size=50), 0.0) + 0.1 * rng.normal(size=12)  # real-valued y
    f = tmp_path / "user.npz"
    np.savez(f, X=X, y=y)
    j = tmp_path / "out.json"
    p = ibcheck("check", "woodworth2020.limit", "--data", str(f), "--set", "alpha=0.001", "--json", str(j))
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads(j.read_text())
    assert r["verdict"] == "verified" and r["params"]["alpha"] == 0.001
    q = r["quantities"]
    w_limit, w_ref = np.array(q["w_limit"]), np.array(q["w_reference"])
    assert w_limit.shape == (50,) and w_ref.shape == (50,) and q["rel_dev"] <= 1e-6
    w_exact = argmin_q_alpha_primal(X, y, 1e-3)
    assert np.linalg.norm(w_limit - w_exact) <= 1e-6 * np.linalg.norm(w_exact)
    assert np.linalg.norm(X @ w_limit - y) <= 1e-9 * np.linalg.norm(y)


def test_woodworth_limit_rejects_bad_data(tmp_path):
    rng = np.random.default_rng(0)
    cases = {"square.npz": (rng.normal(size=(5, 5)), rng.normal(size=5)),
             "rankdef.npz": (np.vstack([np.ones((2, 8)), rng.normal(size=(2, 8))]), rng.normal(size=4))}
    for name, (X, y) in cases.items():
        f = tmp_path / name
        np.savez(f, X=X, y=y)
        p = ibcheck("check", "woodworth2020.limit", "--data", str(f))
        assert p.returncode == 2, (name, p.stdout, p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1 and ("d > n" in p.stderr or "full row rank" in p.stderr)


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
