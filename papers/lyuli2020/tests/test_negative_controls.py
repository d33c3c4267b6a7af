"""Negative controls of lyuli2020: every check says ``violated`` — with its hypotheses holding — when the trainer is
broken (a sign in the gradient, the mean instead of the sum loss, a wrong activation derivative, a frozen iterate) or
the reference is perturbed. Where a default is a documented finding (already violated), the control asserts the
specific row it breaks, one that holds without the break."""
import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_violated_at as assert_violated, rows

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def mean_loss():
    return Hooks(trainer={"reduction": "mean"})


SHORT = {"target_log_loss": -300.0}


def relu2_scaled(c):
    """σ'(z) = c·2max(z,0) for σ = relu² — a wrong activation derivative (c = 1 is the true one)."""
    return lambda z: c * 2 * np.maximum(z, 0.0)


def test_smoothed_margin_mean_instead_of_sum():
    """γ̃ built on the mean loss gains log N/‖θ‖^L, which falls as ‖θ‖ grows: γ̃ then decreases."""
    r = run_check("lyuli2020.smoothed_margin_monotone", SHORT, hooks=mean_loss())
    assert_violated(r, "Δγ̃ ≥ −10")


def test_sandwich_mean_instead_of_sum():
    r = run_check("lyuli2020.sandwich", SHORT, hooks=mean_loss())
    assert_violated(r, "γ̃ ≤ γ̄")


def test_lemma51_mean_instead_of_sum():
    r = run_check("lyuli2020.lemma5_1", SHORT, hooks=mean_loss())
    assert_violated(r, "LHS ≥ RHS")


def test_euler_gf_wrong_derivative():
    r = run_check("lyuli2020.euler_identity", SHORT, hooks=Hooks(deriv=relu2_scaled(1.5)))
    assert_violated(r, "pointwise at every step")


def test_rates_inflated_norm():
    """Recorded states scaled by ‖θ‖²: the norm then grows like log T instead of (log T)^{1/L}."""
    r = run_check("lyuli2020.rates", SHORT, hooks=Hooks(limit=lambda th: np.asarray(th) * float(np.dot(th, th))))
    assert_violated(r, "1/‖θ‖ = Θ((log T)^{−1/L})")


def test_kkt_perturbed_states():
    rng = np.random.default_rng(0)
    noise = {}

    def perturb(th):
        th = np.asarray(th)
        v = noise.setdefault("v", rng.normal(size=th.shape))
        return th + 0.5 * np.linalg.norm(th) * v / np.linalg.norm(v)
    r = run_check("lyuli2020.kkt", SHORT, hooks=Hooks(limit=perturb))
    assert_violated(r, "ε/‖θ̃‖ → 0")


def relu3_scaled(c):
    return lambda z: c * 3 * np.maximum(z, 0.0) ** 2


def test_euler_gd_wrong_derivative():
    assert_violated(run_check("lyuli2020.euler_identity_gd", {"steps": 200}, hooks=Hooks(deriv=relu3_scaled(1.5))))


def test_loss_based_lr_wrong_derivative():
    r = run_check("lyuli2020.loss_based_lr", {"steps": 200}, hooks=Hooks(deriv=relu3_scaled(1.5)))
    assert r["verdict"] == "observed"  # exploratory: its answers are measurements, never exit 1
    assert rows(r)["GD Euler identity along the loss-based run"] is False


def test_gd_margin_sign_in_the_backprop():
    """σ' → −σ' in the GD trainer (the warm-up flow is untouched): the first layer ascends, γ̃ falls."""
    r = run_check("lyuli2020.gd_margin", {"steps": 500}, hooks=Hooks(deriv=lambda z: -3 * np.maximum(z, 0.0) ** 2))
    assert r["verdict"] == "observed" and not all(rows(r).values())  # exploratory: observed, never exit 1
