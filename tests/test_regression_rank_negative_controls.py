"""Negative controls of woodworth2020, boursier2022, kou2023, vardishamir2021 and razincohen2020: a broken trainer, a wrong reference or a wrong constant must
give ``violated`` while every hypothesis still holds — proof that each check can fail."""
import numpy as np
import pytest
import torch

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def assert_violated(r):
    """``violated`` — or ``observed``, its exploratory form (an exploratory claim asks, it does not assert)."""
    from ibcheck.theory.catalogue import CATALOGUE
    assert all(h["holds"] for h in r["hypotheses"]), [(h["name"], h["lhs"]) for h in r["hypotheses"]]
    want = "observed" if CATALOGUE[r["claim"]].exploratory else "violated"
    assert r["verdict"] == want, (r["verdict"], r["reason"])


def assert_observed_failure(r):
    """An exploratory claim's answer: ``observed`` (exit 0), with the conclusion row that failed."""
    assert all(h["holds"] for h in r["hypotheses"]), [(h["name"], h["lhs"]) for h in r["hypotheses"]]
    assert r["verdict"] == "observed" and any(c["holds"] is False for c in r["conclusions"]), (r["verdict"], r["reason"])


def wrong_link(scale=1.01):
    """w = 1.01·2α² sinh(z): a wrong sinh factor in the span-form flow."""
    return lambda z, a: (scale * 2 * a * a * np.sinh(z), scale * 2 * a * a * np.cosh(z))


# ---- Woodworth -----------------------------------------------------------------------------------
def test_woodworth_limit_wrong_link_wrong_sign_wrong_alpha():
    assert_violated(run_check("woodworth2020.limit", {}, hooks=Hooks(trainer={"link": wrong_link()})))
    r = run_check("woodworth2020.limit", {}, hooks=Hooks(trainer={"rate": 4.0}))  # ṡ = +4(Xw − y): ascent, blows up
    assert_violated(r)
    from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
    from ibcheck.papers.woodworth2020.theory.dual import dual_newton
    X, y, _ = planted_sparse(10, 40, 3, 0)
    wrong_alpha = dual_newton(X, y, 2e-3).w  # the reference at 2α instead of α
    assert_violated(run_check("woodworth2020.limit", {}, hooks=Hooks(reference=lambda kind, w: wrong_alpha)))


def test_woodworth_rich_with_the_l2_interpolant_as_reference():
    from ibcheck.papers.woodworth2020.theory.interpolants import min_l2
    from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
    X, y, _ = planted_sparse(10, 40, 3, 0)
    l2 = min_l2(X, y).w
    assert_violated(run_check("woodworth2020.rich", {}, hooks=Hooks(reference=lambda k, w: l2 if k == "l1" else w)))


def test_woodworth_kernel_with_the_l1_interpolant_as_reference():
    from ibcheck.papers.woodworth2020.theory.interpolants import min_l1
    from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
    X, y, _ = planted_sparse(10, 40, 3, 0)
    l1 = min_l1(X, y).w
    assert_violated(run_check("woodworth2020.kernel", {}, hooks=Hooks(reference=lambda k, w: l1 if k == "l2" else w)))
    assert_violated(run_check("woodworth2020.kernel", {"kernel_order": 2.0}))  # a wrong decay order


def test_woodworth_transition_wrong_link():
    # exploratory: a broken flow changes its answer (observed, exit 0), never a counterexample
    assert_observed_failure(run_check("woodworth2020.transition", {}, hooks=Hooks(trainer={"link": wrong_link()})))


# ---- Boursier ------------------------------------------------------------------------------------
def test_boursier_convergence_dead_first_layer():
    r = run_check("boursier2022.convergence", {"t_max": 300.0}, hooks=Hooks(trainer={"deriv": np.zeros_like}))
    assert_violated(r)


def test_boursier_min_variation_wrong_closed_form():
    r = run_check("boursier2022.min_variation_norm", {}, hooks=Hooks(reference=lambda k, v: 1.1 * v))
    assert_violated(r)
    assert r["quantities"]["variation_ratio_min"] < 1


def test_boursier_saddle_wrong_second_layer_speed():
    r = run_check("boursier2022.saddle_to_saddle", {}, hooks=Hooks(trainer={"a_rate": 3.0}))
    assert_violated(r)
    assert r["quantities"]["t_fast"] < 0.75 * r["quantities"]["tau_fast"]


def test_boursier_early_alignment_wrong_derivative():
    r = run_check("boursier2022.early_alignment", {}, hooks=Hooks(trainer={"deriv": np.ones_like}))
    assert_observed_failure(r)  # exploratory: its answer is a measurement (observed, exit 0)


def test_boursier_balancedness_gf_and_gd_wrong_second_layer():
    assert_violated(run_check("boursier2022.balancedness", {}, hooks=Hooks(trainer={"a_rate": 2.0})))
    assert_violated(run_check("boursier2022.balancedness_gd", {"steps": 200}, hooks=Hooks(trainer={"a_step": 2.0})))
    assert_violated(run_check("boursier2022.balancedness_gd", {"steps": 200}, hooks=Hooks(trainer={"deriv": np.ones_like})))


# ---- Kou -----------------------------------------------------------------------------------------
Q = {"steps": 2000}


def test_kou_leaky_srank_with_the_relu_derivative():
    """The ReLU derivative on a leaky net: srank − 1 creeps up (observed order ≈ −0.05 over t ∈ [10², 2·10³]), too
    slowly for the judge's divergence rule (1.25× over a decade) and, at 2·10⁴ steps, an excluded limit (srank → 1.35)
    whose deeper setting (d = 6000, σ₀ = 5·10⁻⁵) is still undecided: never verified, the deciding row never holds."""
    r = run_check("kou2023.leaky_srank_to_1", Q, hooks=Hooks(trainer={"deriv": lambda Z: (Z > 0).to(Z.dtype)}))
    assert all(h["holds"] for h in r["hypotheses"])
    rows = {c["name"]: c["holds"] for c in r["conclusions"]}
    assert r["verdict"] in ("inconclusive", "violated") and rows["srank(W_±1) → 1"] is not True, (r["verdict"], rows)
    assert rows["srank − 1 non-increasing over decades"] is False, rows


def test_kou_relu_srank_wrong_constant():
    assert_observed_failure(run_check("kou2023.relu_srank_bounded", {**Q, "growth_tol": 0.0}))


def test_kou_margins_when_one_example_is_never_learned():
    def deriv(Z):  # the gradient of example 0 is dropped: its margin stays behind
        d = torch.where(Z > 0, 1.0, 0.1).to(Z.dtype)
        d[..., 0] = 0.0
        return d
    assert_violated(run_check("kou2023.margin_equalization", Q, hooks=Hooks(trainer={"deriv": deriv})))


def test_kou_loss_rate_under_gradient_ascent():
    assert_observed_failure(run_check("kou2023.loss_rate", Q, hooks=Hooks(trainer={"sign": -1.0})))
    assert_violated(run_check("kou2023.leaky_srank_to_1", Q, hooks=Hooks(trainer={"sign": -1.0})))  # the descent row


def test_kou_frozen_trainer_is_judged_not_excused():
    """The small-init hypothesis is stated on the inputs: a frozen trainer keeps it and fails the descent row."""
    for cid in ("kou2023.leaky_srank_to_1", "kou2023.margin_equalization"):
        assert_violated(run_check(cid, Q, hooks=Hooks(trainer={"sign": 0.0})))


def test_kou_full_srank_wrong_limit():
    assert_observed_failure(run_check("kou2023.full_srank", Q, hooks=Hooks(reference=lambda k, v: 1.2 * v)))


# ---- Vardi–Shamir --------------------------------------------------------------------------------
def test_vardishamir_construction_ignoring_one_target():
    deriv = lambda z: np.array([1.0, 0.0, 1.0]) * (z > 0)  # noqa: E731  (example 2's gradient dropped)
    assert_violated(run_check("vardishamir2021.single_neuron_construction", {}, hooks=Hooks(trainer={"deriv": deriv})))


def test_vardishamir_not_min_norm_with_a_limit_as_reference():
    lim = np.array([5.0, -1.0, -0.011590420])  # the GF limit at γ = ½ used as "argmin_Z ‖w‖"
    r = run_check("vardishamir2021.not_min_norm", {},
                  hooks=Hooks(reference=lambda k, v: lim if k == "w_min" else v))
    assert_violated(r)


def test_vardishamir_approximate_wrong_min_norm():
    r = run_check("vardishamir2021.approximate", {"runs": 3},
                  hooks=Hooks(reference=lambda k, v: 1.1 * v if k == "w_min" else v))
    assert_observed_failure(r)  # exploratory: observed, exit 0


def test_vardishamir_zero_loss_set_of_a_perturbed_fixture():
    def perturb(kind, obj):
        if kind != "fixture":
            return obj
        X, y = obj
        X = X.copy()
        X[1, 2] = 1  # x₂ = (4, 2, 1): the zero-loss set is no longer {(5, −1, w₃): w₃ ≤ 1}
        return X, y
    r = run_check("vardishamir2021.zero_loss_set", {}, hooks=Hooks(reference=perturb))
    assert_violated(r)
    assert r["quantities"]["set_is_spec"] == 0.0


def test_vardishamir_balancedness_wrong_second_layer():
    assert_violated(run_check("vardishamir2021.balancedness_conserved", {}, hooks=Hooks(trainer={"a_rate": 2.0})))


# ---- Razin–Cohen ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cid", ["razincohen2020.norms_diverge", "razincohen2020.det_sign",
                                 "razincohen2020.effective_rank"])
def test_razincohen_depth_one_dynamics(cid):
    """The trainer run as plain GF on W (depth 1) while the claim's depth is 2: det W crosses 0 and W converges."""
    assert_violated(run_check(cid, {}, hooks=Hooks(trainer={"depth": 1})))
