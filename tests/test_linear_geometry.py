"""numerics.trainers.linear_geometry: each trainer against a plain loop written from the update rule (no log space, no span
form), the exact structure each keeps (mirror iterate in range(Zᵀ)/range(Xᵀ)), and log-space robustness."""
import math

import numpy as np
import pytest

from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.data.linear_data import planted
from ibcheck.numerics.trainers.linear_geometry import (geometric_steps, log_loss_exp, mirror_descent_ls, norm_of, p_gd,
                                              steepest_descent)

Z = planted(6, 9, 3).Z


def _plain_steepest(Z, norm, steps, eta_plus, c):
    """w ← w + η_t Δ, Δ = argmin ⟨∇L, v⟩ + ½‖v‖², η_t = min(η₊, c/(B²L)), L = Σ e^{−z·w} computed directly."""
    p = {"l1": 1.0, "l2": 2.0, "linf": math.inf}[norm]
    q = {1.0: math.inf, 2.0: 2.0, math.inf: 1.0}[p]
    B = max(norm_of(z, q) for z in Z)
    w = np.zeros(Z.shape[1])
    out = [w.copy()]
    for _ in range(steps):
        e = np.exp(-(Z @ w))
        L = e.sum()
        g = -(Z.T @ e)
        eta = min(eta_plus, c / (B * B * L))
        if norm == "l2":
            d = -g
        elif norm == "linf":
            d = -np.abs(g).sum() * np.sign(g)
        else:
            j = int(np.argmax(np.abs(g)))
            d = np.zeros_like(g)
            d[j] = -np.abs(g[j]) * np.sign(g[j])
        w = w + eta * d
        out.append(w.copy())
    return np.array(out)


@pytest.mark.parametrize("norm", ["l2", "linf", "l1"])
@pytest.mark.parametrize("eta_plus", [1e300, 0.05])
def test_steepest_descent_matches_the_plain_update(norm, eta_plus):
    """200 steps (L stays ≥ 1e-30: the plain loop is exact there); 1e-11: two float64 evaluations of one map."""
    ref = _plain_steepest(Z, norm, 200, eta_plus, 0.5)
    r = steepest_descent(Z, norm, 200, eta_plus=eta_plus, scale=0.5, checkpoints=np.arange(201))
    # tolerance: the same recursion in two float64 orders: rounding of O(T) steps on O(1) iterates
    np.testing.assert_allclose(r.W, ref, rtol=1e-11, atol=1e-12)
    # tolerance: log-sum-exp vs the direct sum on moderate margins: rounding of O(1) terms
    np.testing.assert_allclose(r.log_loss, np.log(np.exp(-(ref @ Z.T)).sum(1)), rtol=1e-12, atol=1e-12)
    if eta_plus < 1:
        assert r.stats["capped_steps"] > 0
    if norm == "l1":  # one coordinate moves per step
        assert np.all((np.diff(r.W, axis=0) != 0).sum(1) <= 1)


def test_steepest_descent_log_space_far_past_underflow():
    """From margins ≥ 600 (L ≈ 1e-261) the normalised steps keep descending; from margins ≥ 900 (L = 0 in float64)
    η₊L = e^{−207} binds: the trainer stays finite (no 0/0) and takes the capped steps it should."""
    from ibcheck.theory.norm_margin import max_margin
    w = max_margin(Z, None, math.inf).w
    for norm in ("linf", "l1", "l2"):
        r = steepest_descent(Z, norm, 50, eta_plus=1e300, scale=0.5, w0=600 * w / (Z @ w).min(),
                             checkpoints=np.arange(51))
        assert np.all(np.isfinite(r.W)) and r.log_loss[0] < -590 and r.stats["capped_steps"] == 0
        assert np.all(np.diff(r.log_loss) < 0) and np.all(np.linalg.norm(np.diff(r.W, axis=0), axis=1) > 0)
        r = steepest_descent(Z, norm, 50, eta_plus=1e300, scale=0.5, w0=900 * w / (Z @ w).min())
        assert np.all(np.isfinite(r.W)) and r.log_loss[0] < -890 and r.stats["capped_steps"] == 50
    ascent = steepest_descent(Z, "l2", 50, eta_plus=1e300, scale=0.5, grad_sign=-1.0)
    assert ascent.log_loss[-1] > ascent.log_loss[0]


def test_p_gd_matches_the_plain_update_and_p2_is_gd():
    eta = 0.01
    for p in (1.5, 3.0):
        w, th = np.zeros(Z.shape[1]), np.zeros(Z.shape[1])
        W = [w.copy()]
        for _ in range(300):
            th = th + eta * Z.T @ np.exp(-(Z @ w))  # ∇ψ(w') = ∇ψ(w) − η∇L(w)
            w = np.sign(th) * np.abs(th) ** (1 / (p - 1))
            W.append(w.copy())
        r = p_gd(Z, p, eta, 300, checkpoints=np.arange(301))
        # tolerance: the same mirror recursion recomputed step by step: rounding of O(T) steps on O(1) iterates
        np.testing.assert_allclose(r.W, np.array(W), rtol=1e-11, atol=1e-13)
        theta = np.sign(r.W) * np.abs(r.W) ** (p - 1)
        Q, _ = np.linalg.qr(Z.T)
        assert np.abs(theta - theta @ Q @ Q.T).max() <= 1e-12 * np.abs(theta).max()  # exact span structure
    gd = [np.zeros(Z.shape[1])]
    for _ in range(100):
        gd.append(gd[-1] + eta * Z.T @ np.exp(-(Z @ gd[-1])))
    # tolerance: p-GD at p = 2 is GD: two float64 evaluations of one map, a few ulps of O(1) numbers
    np.testing.assert_allclose(p_gd(Z, 2.0, eta, 100, checkpoints=np.arange(101)).W, np.array(gd), rtol=1e-12,
                               atol=1e-14)
    lg = p_gd(Z, 1.5, eta, 50, loss="logistic", checkpoints=[50])
    assert np.all(np.isfinite(lg.W)) and lg.log_loss[-1] < lg.log_loss[0]


@pytest.mark.parametrize("potential,w0", [("l2", None), ("pnorm", None), ("entropy", "pos")])
def test_mirror_descent_ls_matches_the_plain_update(potential, w0):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(4, 10)) / math.sqrt(10)
    y = X @ rng.uniform(0.5, 1.5, size=10)
    w0 = rng.uniform(0.5, 2.0, size=10) if w0 == "pos" else rng.normal(size=10)
    grad = {"l2": lambda w: w, "pnorm": lambda w: np.sign(w) * np.abs(w) ** 2.0, "entropy": np.log}[potential]
    inv = {"l2": lambda t: t, "pnorm": lambda t: np.sign(t) * np.abs(t) ** 0.5, "entropy": np.exp}[potential]
    w, W = w0.copy(), [w0.copy()]
    for _ in range(200):
        w = inv(grad(w) - 0.1 * X.T @ (X @ w - y))
        W.append(w.copy())
    r = mirror_descent_ls(X, y, potential, 0.1, 200, w0=w0, checkpoints=np.arange(201))
    np.testing.assert_allclose(r.W, np.array(W), rtol=1e-10, atol=1e-12)  # dual accumulated in ν: rounding only
    # tolerance: residuals XW − y of O(1) entries recomputed: rounding of an n-term dot product
    np.testing.assert_allclose(r.U, np.array(W) @ X.T - y, atol=1e-12)


def test_inputs_and_helpers():
    t = geometric_steps(10_000)
    assert t[0] == 0 and t[-1] == 10_000 and {1, 10, 100, 1000} <= set(t.tolist()) and np.all(np.diff(t) > 0)
    # tolerance: the log-space loss at margins 800, 801 vs its closed form: a few ulps of an O(800) number relative
    assert abs(log_loss_exp(np.array([800.0, 801.0])) - (-800 + math.log(1 + math.exp(-1)))) < 1e-12
    assert norm_of(np.array([3.0, -4.0]), 2.0) == 5.0 and norm_of(np.array([3.0, -4.0]), math.inf) == 4.0
    with pytest.raises(InputError):
        steepest_descent(Z, "l3", 10, eta_plus=1.0)
    with pytest.raises(InputError):
        p_gd(Z, 1.0, 0.1, 10)
    with pytest.raises(InputError):
        mirror_descent_ls(Z, np.ones(6), "entropy", 0.1, 10, w0=-np.ones(9))
