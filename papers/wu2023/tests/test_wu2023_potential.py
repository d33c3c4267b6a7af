"""wu2023's reference and negative controls: the potential's minimiser against a generic solver and its own fixed
point; its independence of the step; wrong references, wrong dynamics and a frozen exponential-loss run."""
import numpy as np
import pytest
from scipy.optimize import minimize

from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.linear_data import planted
from ibcheck.papers.wu2023.theory.potential import orthogonal_limit, potential
from ibcheck.papers.wu2023.wrong_answers import OTHER_V, TURNED, _STATIC
from ibcheck.theory.svm import hard_margin_svm


@pytest.mark.parametrize("n,d,seed", [(6, 3, 4), (6, 3, 1), (12, 3, 3), (8, 2, 2)])
def test_minimiser_matches_bfgs_and_is_stationary(n, d, seed):
    Z = planted(n, d, seed).Z
    svm = hard_margin_svm(Z)
    ol = orthogonal_limit(Z, svm)
    assert ol.certified and ol.hess_min > 0
    assert abs(ol.v_bar @ ol.u_hat) <= 1e-12 * max(1.0, np.linalg.norm(ol.v_bar))  # it lies in û^⊥
    Zb = Z[svm.support] - np.outer(Z[svm.support] @ ol.u_hat, ol.u_hat)
    res = minimize(lambda v: potential(Zb, v)[0], np.zeros(d), jac=lambda v: potential(Zb, v)[1], method="BFGS",
                   options={"gtol": 1e-13})
    # BFGS over all of R^d: G is flat off V, so compare the parts inside V and the values (BFGS to ~1e-9)
    assert potential(Zb, res.x)[0] >= ol.G - 1e-12 * ol.G
    P = Zb.T @ np.linalg.pinv(Zb.T)  # projector onto V = span{z̄_i : i ∈ S}
    assert np.linalg.norm(P @ res.x - ol.v_bar) <= 1e-6 * max(1.0, np.linalg.norm(ol.v_bar))


def test_minimiser_is_the_fixed_point_exp_proportional_to_alpha():
    """e^{−⟨z̄_i, v̄⟩} ∝ α_i on S (the fixed point it was derived from), checked on the returned v̄."""
    Z = planted(6, 3, 4).Z
    svm = hard_margin_svm(Z)
    ol = orthogonal_limit(Z, svm)
    S = svm.support
    r = np.exp(-(Z[S] @ ol.v_bar)) / svm.alpha[S]
    # tolerance: e^{−⟨z̄, v̄⟩} ∝ α on S at Newton's optimum: rounding of O(1) exponentials, with margin
    assert r.max() / r.min() - 1 <= 1e-9


def test_kernel_part_of_the_start_is_kept():
    Z = planted(4, 6, 0).Z
    w0 = np.random.default_rng(1).normal(size=6)
    ol = orthogonal_limit(Z, hard_margin_svm(Z), w0)
    assert np.linalg.norm(Z @ ol.kernel_part) <= 1e-12 * np.linalg.norm(w0)
    assert np.linalg.norm(ol.limit - ol.v_bar - ol.kernel_part) == 0


@pytest.mark.full
def test_the_orthogonal_limit_does_not_depend_on_the_step(request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("two long runs: --profile full")
    """Two steps, one in the oscillating regime: the same v̄ is reached (the distance at T is tiny for both)."""
    out = [run_check("wu2023.orthogonal", {"eta": eta, "steps": 100_000}) for eta in (1.0, 30.0)]
    for r in out:
        assert r["verdict"] == "verified"
        assert r["quantities"]["orthogonal_distance"][-1] < 1e-3
    assert out[1]["quantities"]["max_log_loss_increase"] > 0 > out[0]["quantities"]["max_log_loss_increase"]


@pytest.mark.parametrize("probe", [OTHER_V, _STATIC[0]], ids=["other-potential", "frozen"])
def test_wrong_answers_to_the_orthogonal_limit_are_violated(probe):
    r = run_check("wu2023.orthogonal", {"steps": 100_000}, hooks=probe.hooks())
    assert r["verdict"] == "violated"


def test_turned_svm_direction_is_not_verified():
    r = run_check("wu2023.orthogonal", {"steps": 100_000}, hooks=TURNED.hooks())
    assert r["verdict"] != "verified"


def test_exp_loss_blows_up_and_a_frozen_run_does_not():
    assert run_check("wu2023.exp_large_step", {})["verdict"] == "verified"
    assert run_check("wu2023.exp_large_step", {}, hooks=_STATIC[0].hooks())["verdict"] == "observed"
    assert run_check("wu2023.exp_large_step", {"eta": 1.0})["verdict"] == "observed"  # a small step converges
