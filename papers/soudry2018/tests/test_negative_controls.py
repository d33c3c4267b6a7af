"""Negative controls of soudry2018: every check says ``violated`` — with its hypotheses holding — when the trainer is
broken (a sign in the gradient, the mean instead of the sum loss, a wrong activation derivative, a frozen iterate) or
the reference is perturbed. Where a default is a documented finding (already violated), the control asserts the
specific row it breaks, one that holds without the break."""
import math

import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_violated_at as assert_violated, rows

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def ascent():
    return Hooks(trainer={"grad_sign": -1.0})


def mean_loss():
    return Hooks(trainer={"reduction": "mean"})


def test_asymptotic_gradient_sign():
    r = run_check("soudry2018.asymptotic", {"steps": 100_000}, hooks=ascent())
    assert_violated(r, "L(w(t)) decreases at every step")
    # unbroken: nothing fails (inconclusive only because its rate row cannot yet exclude half its order or one more
    # log factor: theory.asymptotic_alternatives)
    unbroken = run_check("soudry2018.asymptotic", {"steps": 100_000})
    assert unbroken["verdict"] in ("verified", "inconclusive") and not [
        c for c in unbroken["hypotheses"] + unbroken["conclusions"] if c["holds"] is False]


def test_residual_limit_mean_instead_of_sum():
    # the default, seed 3 (θ = 1.678): ρ settles within the run, at w̃ + a log-n shift (seed 0's θ = 1.035 is still
    # converging)
    r = run_check("soudry2018.residual_limit", {}, hooks=mean_loss())
    assert r["params"]["seed"] == 3
    assert_violated(r, "ρ(t) → w̃")
    assert r["quantities"]["residual"][-1] > 1.0  # ρ → w̃ + log(n)-shift, not w̃


def test_residual_limit_shifted_w_tilde_is_violated_at_the_default():
    """A w̃ shifted by 0.10 (along (1,1,1)/√3): ‖ρ − w̃'‖ → 0.10, which the default's residual resolves (the true one
    is 0.011 at 10⁶); the unshifted default is verified."""
    shift = lambda ref: {**ref, "w_tilde": np.asarray(ref["w_tilde"]) + 0.1 / math.sqrt(3)}  # noqa: E731
    r = run_check("soudry2018.residual_limit", {}, hooks=Hooks(reference=shift))
    assert_violated(r, "ρ(t) → w̃")
    ok = run_check("soudry2018.residual_limit", {})
    assert ok["verdict"] == "verified", ok["reason"]
    assert ok["quantities"]["residual"][-1] < 0.02 and ok["quantities"]["theta"] == pytest.approx(1.678, abs=1e-3)


def test_direction_rate_rotated_svm():
    def rotate(ref):
        w = np.asarray(ref["w_hat"])
        R = np.array([[math.cos(0.1), -math.sin(0.1), 0], [math.sin(0.1), math.cos(0.1), 0], [0, 0, 1]])
        return {**ref, "w_hat": R @ w}
    r = run_check("soudry2018.direction_rate", {"seed": 3}, hooks=Hooks(reference=rotate))
    # never verified; not `violated` either at this run: e(t) rises towards the fixed angle at observed orders ≈ −3.5
    # (a hump's shape to the calibrated judge), so the rate row is undecided — a documented limit of the judge
    assert all(h["holds"] for h in r["hypotheses"]) and r["verdict"] in ("violated", "inconclusive"), r["verdict"]
    row = next(c for c in r["conclusions"] if c["name"] == "e(t) = O(log log t/log t)")
    assert row["holds"] is not True, row


def test_margin_loss_rates_mean_loss_and_short_svm():
    # (GD on the mean loss with η is GD on the sum loss with η/n: ηtL/‖ŵ‖² → 1 still holds, so the mean loss is no
    # counterexample to these rates; the old control failed only on the finite-time 3% tolerance)
    r = run_check("soudry2018.margin_loss_rates", {"steps": 100_000},
                  hooks=Hooks(reference=lambda ref: {**ref, "w_hat": 1.1 * np.asarray(ref["w_hat"])}))
    assert_violated(r, "gap ≥ 0 at every step")


def test_stepsize_wrong_step_in_the_trainer():
    """The trainer takes 400η while the hypothesis row sees η (inside the bound): the descent fails."""
    r = run_check("soudry2018.stepsize", {"steps": 100_000}, hooks=Hooks(trainer={"step_factor": 400.0}))
    assert_violated(r, "L(w(t+1)) ≤ L(w(t))")


def test_fig1_mean_instead_of_sum():
    r = run_check("soudry2018.fig1", {}, hooks=mean_loss())
    assert_violated(r, "ρ(t) → w̃")


def test_rank_condition_frozen_iterate():
    """A trainer whose iterate froze at its last value: ρ(t) − w̃ then shrinks towards T, the opposite of growth."""
    frozen = Hooks(limit=lambda W: np.repeat(W[:, -1:], W.shape[1], 1))
    r = run_check("soudry2018.rank_condition", {"steps": 100_000}, hooks=frozen)
    assert r["verdict"] == "observed" and rows(r)["‖ρ(T) − w̃‖ ≥ ‖ρ(10^{K−3}) − w̃‖ (no convergence)"] is False
