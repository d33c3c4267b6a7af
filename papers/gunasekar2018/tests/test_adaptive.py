"""gunasekar2018's AdaGrad and steepest-descent-on-regression claims: the trainer, the reference in ‖·‖_G, the wrong
answers each rejects, and the findings' numbers."""
import numpy as np
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.numerics.trainers.adagrad import adagrad
from ibcheck.numerics.data.linear_data import planted
from ibcheck.papers.gunasekar2018.checks.adaptive import g_reference, gnorm
from ibcheck.papers.gunasekar2018.wrong_answers import TABLE


def _failed(r):
    return [c["name"] for c in r["conclusions"] if c["holds"] is False]


def test_adagrad_step_is_the_preconditioned_gradient():
    Z = planted(8, 12, 0).Z
    run = adagrad(Z, 2, eta=0.5, checkpoints=[1, 2])
    g0 = -(Z.T @ np.ones(8)) / 8  # ∇L(0) for the mean exponential loss
    # tolerance: one step, a handful of float64 operations
    assert np.allclose(run.W[1], -0.5 * g0 / np.abs(g0), rtol=1e-14, atol=1e-15)  # first step: η·sign(g₀)
    assert np.allclose(run.G[1], g0 * g0, rtol=1e-14)


def test_g_reference_is_the_max_margin_in_the_g_norm():
    """Against SLSQP on the primal min Σ_k √G_k w_k² s.t. Zw ≥ 1 (not the check's SVM on rescaled data)."""
    from scipy.optimize import minimize
    Z = planted(8, 12, 0).Z
    G = np.random.default_rng(0).uniform(0.5, 4.0, size=12)
    w, svm = g_reference(Z, G)
    assert svm.certified
    s = np.sqrt(G)
    r = minimize(lambda v: (s * v * v).sum(), np.linalg.lstsq(Z, np.ones(8), rcond=None)[0], jac=lambda v: 2 * s * v,
                 constraints=[{"type": "ineq", "fun": lambda v: Z @ v - 1, "jac": lambda v: Z}], method="SLSQP",
                 options={"ftol": 1e-16, "maxiter": 1000})
    gam = (Z @ w).min() / gnorm(w[None], G)[0]
    # tolerance: SLSQP's optimum to ~1e-8 relative in the margin (the check's SVM is polished to ~1e-12)
    assert abs(gam - (Z @ r.x).min() / gnorm(r.x[None], G)[0]) <= 1e-7 * gam


def test_gds_answer_offered_as_the_g_norm_reference_is_violated():
    [probe] = TABLE["gunasekar2018.adagrad"]["reference"]
    r = run_check("gunasekar2018.adagrad", dict(probe.overrides), hooks=probe.hooks())
    assert r["verdict"] == "violated"
    assert "γ_{G∞}(w_t) ≤ γ_{G∞} at every recorded iterate (weak duality in the fixed norm ‖·‖_{G_T})" in _failed(r)


@pytest.mark.parametrize("fam", ["random", "dynamics"])
def test_adagrad_rejects_random_and_wrong_dynamics(fam):
    for probe in TABLE["gunasekar2018.adagrad"][fam]:
        assert run_check("gunasekar2018.adagrad", dict(probe.overrides), hooks=probe.hooks())["verdict"] == "violated"


def test_adagrad_path_finding_two_starts_two_limits():
    r = run_check("gunasekar2018.adagrad_path", {"steps": 10_000})
    q = r["quantities"]
    assert q["G_gap"] > 1.0 and q["ref_angle"] > 1e-3 and q["own_closer"] == 1.0
    [probe] = TABLE["gunasekar2018.adagrad_path"]["dynamics"]
    assert run_check("gunasekar2018.adagrad_path", dict(probe.overrides), hooks=probe.hooks())["verdict"] == "observed"


def test_sd_regression_finding_the_limit_moves_with_the_step():
    r = run_check("gunasekar2018.sd_regression", {})
    q = r["quantities"]
    # an interpolating residual of O(1) data at float64: rounding of n-term sums, ≈ 1e-15
    assert q["residual_max"] <= 1e-12 and q["limit_shift"] >= 1e-2
    assert 0.05 <= q["norm_excess_1"] < q["norm_excess_2"] <= 0.08  # 0.0621 < 0.0658: larger step, larger norm
    [probe] = TABLE["gunasekar2018.sd_regression"]["dynamics"]
    assert run_check("gunasekar2018.sd_regression", dict(probe.overrides), hooks=probe.hooks())["verdict"] == "observed"
